// satlab collision core: a capsule against every shape, through the closest features of its
// core segment.
//
// A capsule is the set of points within r of its segment (its core). Two shapes grown by
// radii meet exactly when their cores are at most the sum of the radii apart, so each test
// is a distance between cores (Ericson, Real-Time Collision Detection (2005), 4.5.1
// "Sphere-swept Volumes"), in the order the book computes it:
//   capsule-sphere    the segment's point closest to the centre (5.1.2, "Closest Point on
//                     Line Segment to Point"), compared with rA + rB (4.5.1's
//                     TestSphereCapsule)
//   capsule-capsule   the closest points of two segments (5.1.9), compared with rA + rB
//   capsule-segment   the same, B's radius 0
//   capsule-AABB/OBB  the distance from a segment to a box: 0 when the segment meets the
//                     box (the slab test, slab.hpp); otherwise the least of the two
//                     endpoints' distances to the box (Arvo's clamp, sphere_box.hpp) and the
//                     segment's distances to the box's 12 edges (5.1.9). An OBB is tested in
//                     its own frame, where it is an AABB centred at the origin.
//   capsule-triangle  the distance from a segment to a triangle (5.1.10's idea for two
//                     triangles): 0 when the segment meets the triangle (Möller–Trumbore,
//                     segment_triangle.hpp); otherwise the least of the endpoints' distances
//                     to the triangle (5.1.5) and the segment's distances to its 3 edges.
// Why the candidates are enough: where a segment and a convex polytope do not meet, their
// closest pair either has an endpoint of the segment, or an interior point of the segment
// against an edge or a corner (an edge's endpoint) of the polytope, or an interior point
// against a face's interior with the segment parallel to the face, in which case sliding
// along the segment keeps the distance until an endpoint or an edge is reached.
//
// Contracts: closed shapes (touching overlaps); p0 == p1 is a sphere, radius 0 a segment;
// degenerate boxes and triangles are valid. Overlap when distance <= rA + rB + tol, tol =
// kSegmentContactTolerance * (1 + the largest |coordinate| of the two closest points), or,
// for two segments, segment_segment.hpp's own tolerance: so a capsule of radius 0 against a
// segment gives closestSegmentSegment's verdict. Finite inputs give no NaN.
#pragma once

#include <algorithm>
#include <cmath>
#include <string_view>
#include <type_traits>

#include "satlab/collide/closest_triangle.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/segment_segment.hpp"
#include "satlab/collide/segment_triangle.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

/// The contact tolerance at two closest points (see the top of this file).
inline float capsuleContactTolerance(const glm::vec3& pa, const glm::vec3& pb) {
  const glm::vec3 m = glm::max(absOf(pa), absOf(pb));
  return kSegmentContactTolerance * (1.0f + std::max(m.x, std::max(m.y, m.z)));
}

/// The closest pair found so far among a test's candidates.
struct CapsuleBest {
  float distance = 0.0f;
  glm::vec3 onA{0.0f}, onB{0.0f};
  bool any = false;
};

/// Offers one candidate: kept when it is the first or strictly nearer; recorded in world
/// coordinates (toWorld maps a point of the test's frame).
template <class Rec, class ToWorld>
void capsuleOffer(CapsuleBest& best, std::string_view feature, const glm::vec3& onA, const glm::vec3& onB, Rec& rec,
                  const ToWorld& toWorld) {
  const float d = glm::length(onB - onA);
  if (!best.any || d < best.distance) best = CapsuleBest{d, onA, onB, true};
  if constexpr (Rec::kEnabled) rec.capsuleCandidate(feature, toWorld(onA), toWorld(onB), d);
}

/// The closing step of every capsule test: the cores' distance against the radii.
template <class Rec>
CapsuleResult capsuleVerdict(const Segment& core, const CapsuleBest& best, float radii, float tol, Rec& rec) {
  CapsuleResult out;
  out.distance = best.distance;
  out.pointA = best.onA;
  out.pointB = best.onB;
  const glm::vec3 d = core.p1 - core.p0;
  const float dd = glm::dot(d, d);
  out.s = dd > kPointSegmentSquared ? clamp01(glm::dot(best.onA - core.p0, d) / dd) : 0.0f;
  out.overlap = best.distance <= radii + tol;
  if constexpr (Rec::kEnabled) rec.capsuleEnd(best.distance, tol, out.overlap);
  return out;
}

/// The 12 edges of the box [-half, half]: axis i, the other two coordinates at +-half.
inline Segment boxEdge(const glm::vec3& half, int edge) {
  const int i = edge / 4, j = (i + 1) % 3, k = (i + 2) % 3;
  glm::vec3 a(0.0f);
  a[j] = (edge & 1) ? half[j] : -half[j];
  a[k] = (edge & 2) ? half[k] : -half[k];
  glm::vec3 b = a;
  a[i] = -half[i];
  b[i] = half[i];
  return Segment{a, b};
}

inline constexpr std::string_view kBoxEdgeNames[12] = {"edge 0", "edge 1", "edge 2", "edge 3", "edge 4",  "edge 5",
                                                       "edge 6", "edge 7", "edge 8", "edge 9", "edge 10", "edge 11"};
inline constexpr std::string_view kTriangleEdgeNames[3] = {"edge ab", "edge bc", "edge ca"};

/// The closest pair of a segment and the box [-half, half] (the box's frame), every
/// candidate offered in order: "meets" and nothing more when the slab test finds the
/// segment in the box, else p0, p1 and the 12 edges.
template <class Rec, class ToWorld>
CapsuleBest segmentBoxClosest(const Segment& seg, const glm::vec3& half, Rec& rec, const ToWorld& toWorld) {
  CapsuleBest best;
  const Aabb box{glm::vec3(0.0f), half};
  const SegmentHit hit = slabSegmentAabb(seg, box);
  if (hit.overlap) {
    capsuleOffer(best, "meets", hit.enterPoint, hit.enterPoint, rec, toWorld);
    best.distance = 0.0f;
    return best;
  }
  // An endpoint against the box: Arvo's clamp, the point's nearest point of the box.
  capsuleOffer(best, "p0", seg.p0, glm::clamp(seg.p0, -half, half), rec, toWorld);
  capsuleOffer(best, "p1", seg.p1, glm::clamp(seg.p1, -half, half), rec, toWorld);
  for (int e = 0; e < 12; ++e) {
    const SegSegResult r = closestSegmentSegment(seg, boxEdge(half, e));
    capsuleOffer(best, kBoxEdgeNames[e], r.pointA, r.pointB, rec, toWorld);
  }
  return best;
}

/// The recorder closestSegmentSegment is given: the capsule recorder's segment-segment
/// record, or NoTrace.
template <class Rec>
auto& segSegRecorder(Rec& rec) {
  if constexpr (Rec::kEnabled)
    return rec.segSeg;
  else
    return rec;
}

inline glm::vec3 sameFrame(const glm::vec3& p) { return p; }

}  // namespace detail

/// Capsule–sphere: the segment's point closest to the centre (Ericson 5.1.2), its distance
/// to the centre against rA + rB.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
CapsuleResult capsuleSphere(const Capsule& a, const Sphere& b, Rec& rec) {
  const Segment core = a.segment();
  if constexpr (Rec::kEnabled) rec.capsuleBegin(TestId::CapsuleSphere, core, a.radius, b.radius);
  // In double: t = (c - p0).d / d.d, clamped to [0, 1] (0 for a segment of zero length).
  const double t = detail::closestOnSegmentT(glm::dvec3(b.center), glm::dvec3(a.p0), glm::dvec3(a.p1));
  const glm::vec3 onA = glm::vec3(glm::dvec3(a.p0) + t * (glm::dvec3(a.p1) - glm::dvec3(a.p0)));
  detail::CapsuleBest best;
  detail::capsuleOffer(best, "centre", onA, b.center, rec, detail::sameFrame);
  const float tol = detail::capsuleContactTolerance(onA, b.center);
  return detail::capsuleVerdict(core, best, a.radius + b.radius, tol, rec);
}

/// Capsule–capsule: the closest points of the two segments (Ericson 5.1.9), their distance
/// against rA + rB.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
CapsuleResult capsuleCapsule(const Capsule& a, const Capsule& b, Rec& rec) {
  const Segment sa = a.segment(), sb = b.segment();
  if constexpr (Rec::kEnabled) rec.capsuleBegin(TestId::CapsuleCapsule, sa, a.radius, b.radius);
  const SegSegResult r = closestSegmentSegment(sa, sb, detail::segSegRecorder(rec));
  detail::CapsuleBest best;
  detail::capsuleOffer(best, "segments", r.pointA, r.pointB, rec, detail::sameFrame);
  const float tol = kSegmentContactTolerance * detail::segmentContactScale(sa, sb);
  return detail::capsuleVerdict(sa, best, a.radius + b.radius, tol, rec);
}

/// Capsule–segment: capsule–capsule with B's radius 0.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
CapsuleResult capsuleSegment(const Capsule& a, const Segment& b, Rec& rec) {
  const Segment sa = a.segment();
  if constexpr (Rec::kEnabled) rec.capsuleBegin(TestId::CapsuleSegment, sa, a.radius, 0.0f);
  const SegSegResult r = closestSegmentSegment(sa, b, detail::segSegRecorder(rec));
  detail::CapsuleBest best;
  detail::capsuleOffer(best, "segments", r.pointA, r.pointB, rec, detail::sameFrame);
  const float tol = kSegmentContactTolerance * detail::segmentContactScale(sa, b);
  return detail::capsuleVerdict(sa, best, a.radius, tol, rec);
}

/// Capsule–AABB: the segment–box distance (slabs, Arvo's clamp at the endpoints, the 12
/// edges) against the radius, in the box's frame moved to its centre.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
CapsuleResult capsuleAabb(const Capsule& a, const Aabb& b, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.capsuleBegin(TestId::CapsuleAabb, a.segment(), a.radius, 0.0f);
  const Segment local{a.p0 - b.center, a.p1 - b.center};
  const auto toWorld = [&](const glm::vec3& p) { return b.center + p; };
  detail::CapsuleBest best = detail::segmentBoxClosest(local, b.half, rec, toWorld);
  best.onA = toWorld(best.onA);
  best.onB = toWorld(best.onB);
  return detail::capsuleVerdict(a.segment(), best, a.radius, detail::capsuleContactTolerance(best.onA, best.onB), rec);
}

/// Capsule–OBB: capsule–AABB in the box's frame (p_local = axes^T (p - centre)).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
CapsuleResult capsuleObb(const Capsule& a, const Obb& b, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.capsuleBegin(TestId::CapsuleObb, a.segment(), a.radius, 0.0f);
  const glm::mat3 toLocal = glm::transpose(b.axes);
  const Segment local{toLocal * (a.p0 - b.center), toLocal * (a.p1 - b.center)};
  const auto toWorld = [&](const glm::vec3& p) { return b.center + b.axes * p; };
  detail::CapsuleBest best = detail::segmentBoxClosest(local, b.half, rec, toWorld);
  best.onA = toWorld(best.onA);
  best.onB = toWorld(best.onB);
  return detail::capsuleVerdict(a.segment(), best, a.radius, detail::capsuleContactTolerance(best.onA, best.onB), rec);
}

/// Capsule–triangle: 0 when the segment meets the triangle (Möller–Trumbore); otherwise the
/// least of the endpoints' distances to the triangle (Ericson 5.1.5) and the segment's
/// distances to the 3 edges (5.1.9), against the radius.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
CapsuleResult capsuleTriangle(const Capsule& a, const Triangle& b, Rec& rec) {
  const Segment core = a.segment();
  if constexpr (Rec::kEnabled) rec.capsuleBegin(TestId::CapsuleTriangle, core, a.radius, 0.0f);
  detail::CapsuleBest best;
  const SegmentTriangleHit hit = segmentTriangle(core, b);
  if (hit.overlap) {
    detail::capsuleOffer(best, "meets", hit.enterPoint, hit.enterPoint, rec, detail::sameFrame);
    best.distance = 0.0f;
  } else {
    detail::capsuleOffer(best, "p0", core.p0, closestSphereTriangle(Sphere{core.p0, 0.0f}, b).closestPoint, rec,
                         detail::sameFrame);
    detail::capsuleOffer(best, "p1", core.p1, closestSphereTriangle(Sphere{core.p1, 0.0f}, b).closestPoint, rec,
                         detail::sameFrame);
    const Segment edges[3] = {{b.a, b.b}, {b.b, b.c}, {b.c, b.a}};
    for (int e = 0; e < 3; ++e) {
      const SegSegResult r = closestSegmentSegment(core, edges[e]);
      detail::capsuleOffer(best, detail::kTriangleEdgeNames[e], r.pointA, r.pointB, rec, detail::sameFrame);
    }
  }
  return detail::capsuleVerdict(core, best, a.radius, detail::capsuleContactTolerance(best.onA, best.onB), rec);
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
CapsuleResult capsuleSphere(const Capsule& a, const Sphere& b);
CapsuleResult capsuleCapsule(const Capsule& a, const Capsule& b);
CapsuleResult capsuleSegment(const Capsule& a, const Segment& b);
CapsuleResult capsuleAabb(const Capsule& a, const Aabb& b);
CapsuleResult capsuleObb(const Capsule& a, const Obb& b);
CapsuleResult capsuleTriangle(const Capsule& a, const Triangle& b);

}  // namespace satlab
