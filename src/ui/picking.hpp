// Picking: which shape lies under the cursor, decided by the collision core's own tests on
// the pick ray (a segment from the near plane to the far plane through the cursor pixel).
#pragma once

#include "document/scene.hpp"
#include "satlab/collide/shapes.hpp"

#include <glm/glm.hpp>

namespace satlab {

/// How the view maps world space to framebuffer pixels. Pure math (no GL, no ImGui): this
/// file and render/view_setup.cpp compile on their own, e.g. into a fuzz target.
struct ViewMapping {
  glm::mat4 viewProj{1.0f};
  glm::vec2 viewportPx{1.0f};  // framebuffer size
  /// Framebuffer pixel (origin top left, y down) of a world point; returns false when the
  /// point cannot be placed: behind the camera, or a pixel that would not be finite or lie
  /// beyond kMaxPixelCoordinate (projectToPixel in render/view_setup.hpp). When it returns
  /// true, `px` is finite.
  bool toPixel(const glm::vec3& world, glm::vec2& px) const;
  /// The segment through pixel `px` from the near plane (p0) to the far plane (p1),
  /// computed in double. Finite whenever the matrix is invertible; a degenerate matrix or a
  /// non-finite pixel gives the segment from the origin to itself, which picks nothing.
  Segment pickSegment(const glm::vec2& px) const;
};

struct PickHit {
  int shape = -1;  // index into scene.shapes, -1 when nothing is hit
  float t = 1.0f;  // along the pick segment, 0 = near plane
  glm::vec3 point{0.0f};
};

/// The nearest shape whose surface the pick ray meets; segments (and zero-size shapes) are
/// hit when the ray passes within `tolerancePx` pixels of them.
PickHit pickShape(const Scene& scene, const ViewMapping& view, const glm::vec2& px, float tolerancePx);

/// Distance in pixels from `px` to the screen projection of the segment [a, b]; a large
/// number when both ends are behind the camera.
float pixelDistanceToSegment(const ViewMapping& view, const glm::vec2& px, const glm::vec3& a, const glm::vec3& b);

}  // namespace satlab
