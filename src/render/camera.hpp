// Turntable orbit camera around a target point. World Z is up; the ground is the XY plane.
#pragma once

#include <glm/glm.hpp>

namespace satlab {

class OrbitCamera {
 public:
  glm::vec3 target{0.0f};
  float yawDeg = -60.0f;    // about +Z, measured from +X towards +Y
  float pitchDeg = 25.0f;   // above the XY plane, clamped to (-89, 89)
  float distance = 10.0f;   // from the target, > 0
  float fovYDeg = 45.0f;
  bool orthographic = false;

  glm::vec3 eye() const;
  glm::vec3 forward() const;  // unit, from the eye towards the target
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

  /// Turntable orbit by a screen drag of (dxPx, dyPx) pixels.
  void orbit(float dxPx, float dyPx);
  /// Moves the target in the view plane so that the point under the cursor follows a drag
  /// of (dxPx, dyPx) pixels in a viewport `heightPx` tall.
  void pan(float dxPx, float dyPx, float heightPx);
  /// Zooms by `steps` wheel notches (positive = closer).
  void zoom(float steps);
  /// Frames the box [lo, hi] so that it fills most of a view of aspect `aspect`.
  void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect);
};

}  // namespace satlab
