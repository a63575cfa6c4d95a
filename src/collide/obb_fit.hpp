// satlab collision core, internal: the box around a set of points on given axes, shared by
// the covariance OBBs (builders.cpp) and the hull volumes (hull_volumes.cpp). Not installed.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab::detail {

/// The tightest box with the given orthonormal axes (columns of `axes`) around the points that
/// `visit(f)` passes to f (as glm::dvec3), measured relative to `origin` (a point near the
/// set, so large offsets cost no precision): the extents are the min and max projections,
///   center = origin + sum_i axis_i (min_i + max_i) / 2,  half_i = (max_i - min_i) / 2.
/// No points: a point box at `origin`.
template <class Visit>
Obb obbOnAxes(const glm::dmat3& axes, const glm::dvec3& origin, Visit visit) {
  glm::dvec3 lo(std::numeric_limits<double>::infinity());
  glm::dvec3 hi(-std::numeric_limits<double>::infinity());
  visit([&](const glm::dvec3& p) {
    const glm::dvec3 d = p - origin;
    for (int i = 0; i < 3; ++i) {
      const double s = glm::dot(d, axes[i]);
      lo[i] = std::min(lo[i], s);
      hi[i] = std::max(hi[i], s);
    }
  });
  if (!(lo.x <= hi.x)) lo = hi = glm::dvec3(0.0);  // no points
  glm::dvec3 center = origin;
  for (int i = 0; i < 3; ++i) center += 0.5 * (lo[i] + hi[i]) * axes[i];
  Obb box;
  box.center = glm::vec3(center);
  box.axes = glm::mat3(axes);
  box.half = glm::vec3(0.5 * (hi - lo));
  return box;
}

/// A right-handed orthonormal frame whose first axis is the unit vector `a`.
inline glm::dmat3 frameAround(const glm::dvec3& a) {
  // Cross with the world axis least aligned with a: never close to parallel.
  const glm::dvec3 m = glm::abs(a);
  const glm::dvec3 pick = (m.x <= m.y && m.x <= m.z) ? glm::dvec3(1, 0, 0)
                          : (m.y <= m.z)             ? glm::dvec3(0, 1, 0)
                                                     : glm::dvec3(0, 0, 1);
  const glm::dvec3 b = glm::normalize(glm::cross(a, pick));
  return glm::dmat3(a, b, glm::cross(a, b));
}

/// The box of a point set without area (hull_volumes.cpp): along the segment between its two
/// farthest-apart points, zero on the other axes; a point box for one point; Obb{} for none.
Obb segmentBox(const std::vector<glm::dvec3>& points);

/// Grows the float box's half extents until every point is inside it as the float box is read
/// (|(p - center) . axis_i| <= half_i, in double from the float fields), so rounding the
/// double box to float never leaves a point outside (hull_volumes.cpp).
void containInFloat(Obb& box, const std::vector<glm::dvec3>& points);

}  // namespace satlab::detail
