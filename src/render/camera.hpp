// Turntable orbit camera around a target point. World Z is up; the ground is the XY plane.
//
// Range: whatever a scene or a lesson asks for, the camera works with a distance inside
// [minDistanceAt(target), kMaxDistance], a target whose coordinates are within ±kMaxTarget, a pitch
// inside (-89.999, 89.999) degrees and a field of view of 1 to 170 degrees (NaN fields fall
// back to the defaults). In that range every matrix it returns is finite: the view matrix
// is built from the viewing angles, never by normalising eye - target (whose squared
// length overflows a float beyond about 1.8e19 and underflows below about 1e-19), and the
// projection's depth terms are formed without multiplying near by far.
#pragma once

#include <glm/glm.hpp>

namespace satlab {

class OrbitCamera {
 public:
  static constexpr float kMinDistance = 1e-30f;
  static constexpr float kMaxDistance = 1e34f;
  static constexpr float kMaxTarget = 1e30f;

  glm::vec3 target{0.0f};
  float yawDeg = -60.0f;   // about +Z, measured from +X towards +Y
  float pitchDeg = 25.0f;  // above the XY plane, clamped to (-89, 89)
  float distance = 10.0f;  // from the target, > 0
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
  /// Zooms by `steps` wheel notches (positive = closer), down to minDistanceAt(target).
  void zoom(float steps);
  /// Frames the box [lo, hi] so that it fills most of a view of aspect `aspect`. Any finite
  /// box works, from 1e-30 to 1e38 across (computed in double: the box's diagonal may not
  /// fit a float); a box of zero size is framed as one half a unit across; a box with a
  /// non-finite corner frames the origin.
  void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect);

  /// Moves every field into the range above (called by frame, zoom and pan; call it after
  /// setting fields directly, e.g. from a lesson file).
  void clampToRange();
  /// The smallest useful distance to `target`: below about 1e-5 of the target's largest
  /// coordinate, the eye and the target are a few float steps apart and the picture
  /// dissolves into rounding; never below kMinDistance.
  static float minDistanceAt(const glm::vec3& target);
};

/// glm::lookAt(eye, eye + f, up) for a unit viewing direction `f` not parallel to `up`,
/// without normalising a difference of points (finite for any finite eye).
glm::mat4 lookAlong(const glm::vec3& eye, const glm::vec3& f, const glm::vec3& up);

}  // namespace satlab
