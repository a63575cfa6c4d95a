// satlab collision core: the 2D tests of the whiteboard view (XY plane).
//
// The 2D tests are the 3D ones with one dimension fewer, and they return the same result
// types and record into the same recorders, with every vector in the plane z = 0:
//   satRectRect, satRectOrientedRect, satOrientedRectOrientedRect   SatResult, SatTrace
//   slabSegmentRect, slabSegmentOrientedRect                        SegmentHit, SlabTrace
//   closestCircleRect, closestCircleOrientedRect                    ClosestResult, ClosestTrace
//   closestCircleCircle, closestCircleSegment                       ClosestResult
//
// Frames and units: world XY, scene units. All shapes are closed (touching overlaps; see
// shapes2d.hpp). No finite input produces NaN as long as coordinates, extents and radii
// stay within +-1e18, so that squares and sums of them remain finite floats; beyond that
// range an intermediate can overflow to infinity, and inf - inf or inf * 0 is NaN.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include <glm/glm.hpp>

#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_axes.hpp"
#include "satlab/collide/shapes2d.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

// ---- Separating axes ----------------------------------------------------------------------
//
// Two convex polygons are disjoint iff an edge normal of one of them separates their
// projections. A rectangle's edge normals are its two local axes, so two rectangles need at
// most 4 axes, A0 A1 B0 B1 (2 when both are axis aligned: their axes coincide). In 2D there
// are no edge-edge cross axes. The "Using AABB" tutorial gives the axis-aligned form,
// |T_i| > A.E_i + B.E_i; Ericson 4.4.1 and the OBB wiki article the oriented one.

/// Two axis-aligned rects, axes A0 = X and A1 = Y (the labels of AABB–AABB). opt.epsilon
/// is unused.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satRectRect(const Rect2& a, const Rect2& b, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled)
    rec.satBegin(TestId::RectRect, glm::vec3(a.center, 0.0f), glm::vec3(b.center, 0.0f), opt);
  detail::SatAxes<Rec> sat(rec, opt);
  for (int i = 0; i < 2; ++i) {
    const float t = b.center[i] - a.center[i];
    if (sat.face(AxisId::faceA(i), t, a.half[i], b.half[i], detail::WorldAxes{}[i])) break;
  }
  return sat.finish();
}

namespace detail {

/// A rectangle as the oriented test walks it: centre, unit axes, half extents.
struct Box2 {
  glm::vec2 center;
  glm::vec2 u0, u1;
  glm::vec2 half;
};

inline Box2 box2(const Rect2& r) { return Box2{r.center, glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f), r.half}; }
/// axis1() is axis0() turned +90 degrees: turning the one normalised axis spares a second
/// square root and division.
inline glm::vec2 turnedLeft(const glm::vec2& u) { return glm::vec2(-u.y, u.x); }
inline Box2 box2(const OrientedRect2& r) {
  const glm::vec2 u0 = r.axis0();
  return Box2{r.center, u0, turnedLeft(u0), r.half};
}

/// Half the width of the box's projection onto the unit axis L: h.x |u0 . L| + h.y |u1 . L|
/// (Ericson 4.4.1's r_A, in 2D).
inline float projectedRadius(const Box2& b, const glm::vec2& l) {
  return b.half.x * std::abs(glm::dot(b.u0, l)) + b.half.y * std::abs(glm::dot(b.u1, l));
}

/// The four axes A0, A1, B0, B1: for each, s = T . L and both projected radii.
template <class Rec>
SatResult satBoxes2(TestId test, const Box2& a, const Box2& b, Rec& rec, const SatOptions& opt) {
  if constexpr (Rec::kEnabled) rec.satBegin(test, glm::vec3(a.center, 0.0f), glm::vec3(b.center, 0.0f), opt);
  SatAxes<Rec> sat(rec, opt);
  const glm::vec2 t = b.center - a.center;
  const glm::vec2 axes[4] = {a.u0, a.u1, b.u0, b.u1};
  const AxisId ids[4] = {AxisId::faceA(0), AxisId::faceA(1), AxisId::faceB(0), AxisId::faceB(1)};
  for (int k = 0; k < 4; ++k) {
    const glm::vec2& l = axes[k];
    if (sat.face(ids[k], glm::dot(t, l), projectedRadius(a, l), projectedRadius(b, l), glm::vec3(l, 0.0f))) break;
  }
  return sat.finish();
}

}  // namespace detail

/// Axis-aligned rect A against rotated rect B: axes A0 = +X, A1 = +Y, then B0, B1.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satRectOrientedRect(const Rect2& a, const OrientedRect2& b, Rec& rec, const SatOptions& opt = {}) {
  return detail::satBoxes2(TestId::RectOrientedRect, detail::box2(a), detail::box2(b), rec, opt);
}

/// Two rotated rects: axes A0, A1, B0, B1 (Ericson 4.4.1 in 2D).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b, Rec& rec,
                                      const SatOptions& opt = {}) {
  return detail::satBoxes2(TestId::OrientedRectOrientedRect, detail::box2(a), detail::box2(b), rec, opt);
}

// ---- Slabs -----------------------------------------------------------------------------------

/// Segment against an axis-aligned rect: the slab loop of slab.hpp over slabs X and Y.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit slabSegmentRect(const Segment2& s, const Rect2& r, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.slabBegin(TestId::SegmentRect);
  const detail::Slabs slabs = detail::slabLoop<2>(s.p0 - r.center, s.p1 - s.p0, r.half, AxisId::world, rec, opt);
  if constexpr (Rec::kEnabled) rec.slabEnd(slabs.overlap, slabs.tmin, slabs.tmax);
  return detail::segmentHit(slabs, s.p0, s.p1, [](int axis, float sign) {
    glm::vec3 n(0.0f);
    n[axis] = sign;
    return n;
  });
}

/// Segment against a rotated rect: the segment taken into the rect's frame, slabs B0, B1
/// there; the point and the normal come back to world space. Trace rows are in the rect's
/// frame (t does not depend on the frame).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit slabSegmentOrientedRect(const Segment2& s, const OrientedRect2& r, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.slabBegin(TestId::SegmentOrientedRect);
  const glm::vec2 u0 = r.axis0(), u1 = detail::turnedLeft(u0);
  const glm::vec2 rel = s.p0 - r.center;
  const glm::vec2 dir = s.p1 - s.p0;
  const glm::vec2 o(glm::dot(rel, u0), glm::dot(rel, u1));
  const glm::vec2 d(glm::dot(dir, u0), glm::dot(dir, u1));
  const detail::Slabs slabs = detail::slabLoop<2>(o, d, r.half, AxisId::faceB, rec, opt);
  if constexpr (Rec::kEnabled) rec.slabEnd(slabs.overlap, slabs.tmin, slabs.tmax);
  return detail::segmentHit(slabs, s.p0, s.p1,
                            [&](int axis, float sign) { return glm::vec3(sign * (axis == 0 ? u0 : u1), 0.0f); });
}

// ---- Closest points --------------------------------------------------------------------------

/// Circle against an axis-aligned rect: Arvo's sum of sphere_box.hpp over X and Y, in world
/// coordinates.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestCircleRect(const Circle2& c, const Rect2& r, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.closestBegin(TestId::CircleRect, c.radius * c.radius);
  glm::vec2 closest(0.0f);
  const float sum = detail::arvoSum<2>(c.center, r.min(), r.max(), AxisId::world, closest, rec);
  const ClosestResult out = detail::closestResult(sum, c.radius, glm::vec3(closest, 0.0f));
  if constexpr (Rec::kEnabled) rec.closestEnd(sum, out.overlap);
  return out;
}

/// Circle against a rotated rect: Arvo in the rect's frame (rows B0, B1); the closest point
/// in world space.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestCircleOrientedRect(const Circle2& c, const OrientedRect2& r, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.closestBegin(TestId::CircleOrientedRect, c.radius * c.radius);
  const glm::vec2 u0 = r.axis0(), u1 = detail::turnedLeft(u0);
  const glm::vec2 rel = c.center - r.center;
  const glm::vec2 q(glm::dot(rel, u0), glm::dot(rel, u1));
  glm::vec2 local(0.0f);
  const float sum = detail::arvoSum<2>(q, -r.half, r.half, AxisId::faceB, local, rec);
  const glm::vec2 world = r.center + local.x * u0 + local.y * u1;
  const ClosestResult out = detail::closestResult(sum, c.radius, glm::vec3(world, 0.0f));
  if constexpr (Rec::kEnabled) rec.closestEnd(sum, out.overlap);
  return out;
}

/// Circle A against circle B: overlap iff |cB - cA|^2 <= (rA + rB)^2 (Ericson 4.3.1 in 2D).
/// `closestPoint` is the point of disc B nearest A's centre, `distance` / `distanceSquared`
/// its distance to A's centre (0 when A's centre is inside B); the verdict is decided on the
/// centres, not on those.
inline ClosestResult closestCircleCircle(const Circle2& a, const Circle2& b) {
  const glm::vec2 d = a.center - b.center;
  const float d2 = glm::dot(d, d);
  const float rsum = a.radius + b.radius;
  ClosestResult res;
  res.overlap = d2 <= rsum * rsum;
  if (d2 <= b.radius * b.radius) {  // A's centre is inside disc B: it is its own closest point
    res.closestPoint = glm::vec3(a.center, 0.0f);
  } else {  // d2 > rB^2 >= 0, so the division is safe
    const float dist = std::sqrt(d2);
    res.closestPoint = glm::vec3(b.center + d * (b.radius / dist), 0.0f);
    res.distance = std::max(dist - b.radius, 0.0f);
    res.distanceSquared = res.distance * res.distance;
  }
  return res;
}

/// Circle against a segment: the segment's point closest to the centre (Ericson 5.1.2:
/// project onto the line, clamp the parameter to [0, 1]), overlap iff its squared distance
/// is <= r^2. `t` is its segment parameter; a zero-length segment is its point p0.
inline ClosestResult closestCircleSegment(const Circle2& c, const Segment2& s) {
  const glm::vec2 d = s.p1 - s.p0;
  const float dd = glm::dot(d, d);
  float t = 0.0f;
  if (dd > 0.0f) t = std::min(std::max(glm::dot(c.center - s.p0, d) / dd, 0.0f), 1.0f);
  const glm::vec2 closest = s.p0 + t * d;
  const glm::vec2 off = c.center - closest;
  ClosestResult res;
  res.t = t;
  res.closestPoint = glm::vec3(closest, 0.0f);
  res.distanceSquared = glm::dot(off, off);
  res.distance = std::sqrt(res.distanceSquared);
  res.overlap = res.distanceSquared <= c.radius * c.radius;
  return res;
}

// ---- The untraced tests: the same functions with the recorder's hooks compiled out, compiled
// once in the library (untraced.cpp) -------------------------------------------------------

SatResult satRectRect(const Rect2& a, const Rect2& b, const SatOptions& opt = {});
SatResult satRectOrientedRect(const Rect2& a, const OrientedRect2& b, const SatOptions& opt = {});
SatResult satOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b, const SatOptions& opt = {});
SegmentHit slabSegmentRect(const Segment2& s, const Rect2& r);
SegmentHit slabSegmentOrientedRect(const Segment2& s, const OrientedRect2& r);
ClosestResult closestCircleRect(const Circle2& c, const Rect2& r);
ClosestResult closestCircleOrientedRect(const Circle2& c, const OrientedRect2& r);

}  // namespace satlab
