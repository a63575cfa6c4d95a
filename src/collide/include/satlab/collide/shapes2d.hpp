// satlab collision core: the 2D value types of the whiteboard view.
//
// Frame and units: the XY plane of the world, in the scene's units; angles are radians,
// counter-clockwise about +Z. Shapes are closed sets (a boundary point belongs to the
// shape, so touching shapes overlap). Zero half extents (a segment or a point), zero radius
// (a point) and zero-length segments (a point) are valid inputs for every 2D test.
#pragma once

#include <cmath>

#include <glm/glm.hpp>

namespace satlab {

/// Axis-aligned rectangle stored as centre and half extents (the 2D form of the "Using AABB" tutorial's
/// "centre P and extents E"). Half extents are >= 0.
struct Rect2 {
  glm::vec2 center{0.0f};
  glm::vec2 half{0.0f};

  glm::vec2 min() const { return center - half; }
  glm::vec2 max() const { return center + half; }
  /// The "Using AABB" tutorial: E = (max - min) / 2, P = min + E.
  static Rect2 fromMinMax(const glm::vec2& lo, const glm::vec2& hi) {
    const glm::vec2 e = (hi - lo) * 0.5f;
    return Rect2{lo + e, e};
  }
};

/// Rotated rectangle. The rotation is stored as the unit pair rotation = (cos a, sin a),
/// a the angle CCW about +Z, so no test ever calls a trigonometric function and no angle
/// wraps. Local axis 0 is (cos a, sin a), local axis 1 is (-sin a, cos a); `half` is
/// measured along those axes (>= 0).
///
/// Contract: `rotation` should be unit length; the accessors normalise it anyway, and a
/// zero (or non-finite-length) pair reads as angle 0, so a bad value never produces NaN.
struct OrientedRect2 {
  glm::vec2 center{0.0f};
  glm::vec2 rotation{1.0f, 0.0f};  // (cos a, sin a)
  glm::vec2 half{0.0f};

  static OrientedRect2 fromAngle(const glm::vec2& c, float angleRadians, const glm::vec2& h) {
    return OrientedRect2{c, glm::vec2(std::cos(angleRadians), std::sin(angleRadians)), h};
  }
  /// Angle in radians, in (-pi, pi].
  float angle() const {
    const glm::vec2 u = axis0();
    return std::atan2(u.y, u.x);
  }
  /// Unit local x axis in world space.
  glm::vec2 axis0() const {
    const float len2 = glm::dot(rotation, rotation);
    if (!(len2 > 0.0f) || !std::isfinite(len2)) return glm::vec2(1.0f, 0.0f);
    return rotation / std::sqrt(len2);
  }
  /// Unit local y axis in world space (axis0 turned +90 degrees).
  glm::vec2 axis1() const {
    const glm::vec2 u = axis0();
    return glm::vec2(-u.y, u.x);
  }
  /// Column i = unit local axis i in world space (the 2D analogue of Obb::axes).
  glm::mat2 axes() const { return glm::mat2(axis0(), axis1()); }
};

/// Solid disc. radius >= 0.
struct Circle2 {
  glm::vec2 center{0.0f};
  float radius = 0.0f;
};

/// The points p0 + t * (p1 - p0), t in [0, 1]. p0 == p1 is a point.
struct Segment2 {
  glm::vec2 p0{0.0f};
  glm::vec2 p1{0.0f};
};

}  // namespace satlab
