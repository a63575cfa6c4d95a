// What F frames when a pair is focused: the pair, readable. Two shapes of like size are
// framed whole; when one is much larger than the other (a floor under a crate), the smaller
// one is framed with the part of the larger one near it: the closest points between them
// (GJK, the deepest points when they overlap) and the larger one's bounds within a margin
// of the smaller one's size, so that the pair fills the view instead of the floor.
#pragma once

#include <glm/vec3.hpp>

#include "document/scene.hpp"

namespace satlab {

/// A shape counts as much larger than the other when its bounds' largest side is this many
/// times the other's (or more): the framing then centres on the smaller one.
inline constexpr float kFramingSizeRatio = 4.0f;

struct FramingBox {
  glm::vec3 lo{0.0f}, hi{0.0f};
};

/// The world box that frames shapes a and b of `scene` (indices in range, a != b): the
/// union of their bounds when neither is kFramingSizeRatio times the other; else the
/// smaller shape's bounds, the closest (or deepest) points of the pair, and the larger
/// shape's bounds clipped to those grown by half the smaller shape's largest side (at
/// least a small absolute margin). A mesh, which GJK does not measure, stands for its
/// bounds: its point nearest the smaller shape's centre is taken on them. Bounds that
/// overflow a float leave that shape out (the other is framed alone).
FramingBox pairFramingBox(const Scene& scene, std::size_t a, std::size_t b);

}  // namespace satlab
