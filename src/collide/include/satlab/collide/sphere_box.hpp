// satlab collision core: sphere against a box by Arvo's method.
//
// J. Arvo, "A Simple Method for Box-Sphere Intersection Testing", Graphics Gems (1990),
// as summarised by the "Using AABB" tutorial: sum, over the axes where the sphere's centre lies outside the
// box's slab, the squared distance from the centre to that slab; the shapes intersect when
// the sum is <= r^2. No square root is needed for the verdict.
//
// Frames: closestSphereAabb works in world space; closestSphereObb works in the box frame
// (centre offset expressed in the box's axes; Arvo applies unchanged since the box is axis-
// aligned there) and returns closestPoint in world space. Trace rows are in the frame used.
//
// Contracts: closed shapes (sum == r^2 is touching, an overlap); zero radius is a point,
// zero half extents a flat box; a centre inside the box gives distance 0 and closestPoint ==
// centre; finite inputs give no NaN.
#pragma once

#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

// Clamps q into [lo, hi] per axis (the closest point) and returns Arvo's sum.
template <class Rec>
inline float arvoCore(const glm::vec3& q, const glm::vec3& lo, const glm::vec3& hi,
                      const std::string_view* labels, glm::vec3& closest, Rec& rec) {
  float sum = 0.0f;
  for (int i = 0; i < 3; ++i) {
    float v = q[i];
    if (v < lo[i]) {
      v = lo[i];
    } else if (v > hi[i]) {
      v = hi[i];
    }
    const float delta = q[i] - v;  // 0 when the centre is inside this slab
    const float contribution = delta * delta;
    sum += contribution;
    closest[i] = v;
    rec.closestAxis(i, labels[i], q[i], lo[i], hi[i], v, contribution);
  }
  return sum;
}

template <bool kRich>
inline ClosestResult makeClosest(float sum, float r, const glm::vec3& closestWorld) {
  ClosestResult out;
  out.overlap = sum <= r * r;
  if constexpr (kRich) {
    out.closestPoint = closestWorld;
    out.distanceSquared = sum;
    out.distance = std::sqrt(sum);
  }
  return out;
}

template <class Rec, bool kRich>
inline ClosestResult closestSphereAabbImpl(const Sphere& s, const Aabb& box, Rec& rec) {
  rec.closestBegin(std::string_view("sphere-AABB"), s.radius * s.radius);
  glm::vec3 closest(0.0f);
  const float sum = arvoCore(s.center, box.min(), box.max(), kAabbSlabLabels.data(), closest, rec);
  const ClosestResult out = makeClosest<kRich>(sum, s.radius, closest);
  rec.closestEnd(sum, out.overlap);
  return out;
}

template <class Rec, bool kRich>
inline ClosestResult closestSphereObbImpl(const Sphere& s, const Obb& box, Rec& rec) {
  rec.closestBegin(std::string_view("sphere-OBB"), s.radius * s.radius);
  const glm::vec3 rel = s.center - box.center;
  const glm::vec3 q(glm::dot(rel, box.axes[0]), glm::dot(rel, box.axes[1]),
                    glm::dot(rel, box.axes[2]));
  glm::vec3 local(0.0f);
  const float sum = arvoCore(q, -box.half, box.half, kObbSlabLabels.data(), local, rec);
  glm::vec3 world(0.0f);
  if constexpr (kRich) world = box.center + box.axes * local;
  const ClosestResult out = makeClosest<kRich>(sum, s.radius, world);
  rec.closestEnd(sum, out.overlap);
  return out;
}

}  // namespace detail

/// Sphere–AABB (Arvo). Trace rows X, Y, Z in world coordinates.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestSphereAabb(const Sphere& s, const Aabb& box, Rec& rec) {
  return detail::closestSphereAabbImpl<Rec, true>(s, box, rec);
}
inline ClosestResult closestSphereAabb(const Sphere& s, const Aabb& box) {
  NoTrace none;
  return detail::closestSphereAabbImpl<NoTrace, true>(s, box, none);
}

/// Sphere–OBB (Arvo in the box frame). Trace rows B0, B1, B2 in box coordinates.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestSphereObb(const Sphere& s, const Obb& box, Rec& rec) {
  return detail::closestSphereObbImpl<Rec, true>(s, box, rec);
}
inline ClosestResult closestSphereObb(const Sphere& s, const Obb& box) {
  NoTrace none;
  return detail::closestSphereObbImpl<NoTrace, true>(s, box, none);
}

}  // namespace satlab
