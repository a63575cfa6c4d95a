// satlab collision core: sphere against a box by Arvo's method.
//
// J. Arvo, "A Simple Method for Box-Sphere Intersection Testing", Graphics Gems (1990),
// as summarised by the "Using AABB" tutorial: sum, over the axes where the sphere's centre lies outside the
// box's slab, the squared distance from the centre to that slab; the shapes intersect when
// the sum is <= r^2. No square root is needed for the verdict.
//
// 2D: closestCircleRect and closestCircleOrientedRect (collide2d.hpp) run the same sum over
// two axes.
// Frames: closestSphereAabb works in world space; closestSphereObb works in the box frame
// (centre offset expressed in the box's axes; Arvo applies unchanged since the box is axis-
// aligned there) and returns closestPoint in world space. Trace rows are in the frame used.
//
// Contracts: closed shapes (sum == r^2 is touching, an overlap); zero radius is a point,
// zero half extents a flat box; a centre inside the box gives distance 0 and closestPoint ==
// centre; finite inputs give no NaN.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

/// Arvo's sum over the N axes of a box [lo, hi]: q (the centre, in the box's frame) clamped
/// into the box is the closest point; the squared distances from q to each slab add up to
/// the squared distance from q to the box. `axisId(i)` names axis i for the recorder.
template <int N, class Rec, class AxisIdFn>
float arvoSum(const glm::vec<N, float>& q, const glm::vec<N, float>& lo, const glm::vec<N, float>& hi,
              const AxisIdFn& axisId, glm::vec<N, float>& closest, Rec& rec) {
  float sum = 0.0f;
  for (int i = 0; i < N; ++i) {
    const float v = std::min(std::max(q[i], lo[i]), hi[i]);  // q clamped into the slab
    const float delta = q[i] - v;                            // 0 when the centre is inside it
    const float contribution = delta * delta;
    sum += contribution;
    closest[i] = v;
    if constexpr (Rec::kEnabled) rec.closestAxis(ClosestAxisRow{i, axisId(i), q[i], lo[i], hi[i], v, contribution});
  }
  return sum;
}

/// The result of Arvo's sum for radius r, with the closest point in world space.
inline ClosestResult closestResult(float sum, float r, const glm::vec3& closestWorld) {
  ClosestResult out;
  out.overlap = sum <= r * r;
  out.closestPoint = closestWorld;
  out.distanceSquared = sum;
  out.distance = std::sqrt(sum);
  return out;
}

}  // namespace detail

/// Sphere–AABB (Arvo). Trace rows X, Y, Z in world coordinates.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestSphereAabb(const Sphere& s, const Aabb& box, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.closestBegin(TestId::SphereAabb, s.radius * s.radius);
  glm::vec3 closest(0.0f);
  const float sum = detail::arvoSum<3>(s.center, box.min(), box.max(), AxisId::world, closest, rec);
  const ClosestResult out = detail::closestResult(sum, s.radius, closest);
  if constexpr (Rec::kEnabled) rec.closestEnd(sum, out.overlap);
  return out;
}

/// Sphere–OBB (Arvo in the box frame). Trace rows B0, B1, B2 in box coordinates.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestSphereObb(const Sphere& s, const Obb& box, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.closestBegin(TestId::SphereObb, s.radius * s.radius);
  // The centre in the box's frame: its offset along each of the box's axes.
  const glm::vec3 rel = s.center - box.center;
  const glm::vec3 q(glm::dot(rel, box.axes[0]), glm::dot(rel, box.axes[1]), glm::dot(rel, box.axes[2]));
  glm::vec3 local(0.0f);
  const float sum = detail::arvoSum<3>(q, -box.half, box.half, AxisId::faceB, local, rec);
  const ClosestResult out = detail::closestResult(sum, s.radius, box.center + box.axes * local);
  if constexpr (Rec::kEnabled) rec.closestEnd(sum, out.overlap);
  return out;
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
ClosestResult closestSphereAabb(const Sphere& s, const Aabb& box);
ClosestResult closestSphereObb(const Sphere& s, const Obb& box);

}  // namespace satlab
