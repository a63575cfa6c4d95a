// Where a shape added by hand goes: in sight and clear of the others. Added at the view's
// centre, every new shape landed on the last one (the camera's target), inside it.
#pragma once

#include "document/scene.hpp"

#include <glm/glm.hpp>

namespace satlab {

/// What the view shows, for placing a new shape in it.
struct PlacementView {
  glm::vec3 centre{0.0f};               ///< the view's centre on the ground (the camera's target)
  glm::vec3 right{1.0f, 0.0f, 0.0f};    ///< on the ground, the screen's right
  glm::vec3 ahead{0.0f, 1.0f, 0.0f};    ///< on the ground, away from the viewer (2D: the screen's up)
  glm::mat4 viewProj{1.0f};             ///< world to clip space, as the view draws
  glm::vec2 ndcLo{-1.0f}, ndcHi{1.0f};  ///< the part of the screen the shape must stay in (NDC)
};

/// The most rings of places placeNewShape tries around the centre.
inline constexpr int kMaxPlacementRings = 24;

/// The centre for a new shape of `kind` (its makeShape default size) in `scene`: the place
/// nearest the view's centre, on a grid across the ground through the centre (its step the
/// shape's size and twice a gap of a quarter of it), where its bounds touch no other
/// shape's bounds grown by the gap and lie wholly inside the view's part of the screen;
/// when no place in sight is clear (a crowded or close view), the nearest clear place; when
/// none is clear within kMaxPlacementRings rings, the centre. In a 2D scene the ground is
/// the XY plane (z = 0). O(shapes) per place tried.
glm::vec3 placeNewShape(const Scene& scene, ShapeKind kind, const PlacementView& view);

}  // namespace satlab
