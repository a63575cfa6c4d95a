// satlab collision core: triangle against triangle on separating axes.
//
// The separating-axis theorem for two convex polyhedra (Gottschalk, Lin & Manocha, "OBBTree",
// SIGGRAPH 1996, and Ericson, Real-Time Collision Detection, 2005, 5.2.1): they are disjoint
// iff their projections are disjoint on a face normal of either or on the cross product of an
// edge of each. For two triangles A and B, with edges eAi and eBj (e0 = b - a, e1 = c - b,
// e2 = a - c) and normals nA = eA0 x eA1, nB = eB0 x eB1, the candidate axes, in the order
// tested:
//   nA nB                          the two normals (A's plane against B, B's against A),
//   eA0xeB0 eA0xeB1 ... eA2xeB2    edge i of A x edge j of B (9),
// and, when the triangles' planes are parallel (their normals within kDegenerateAxisLength),
//   nAxeA0 nAxeA1 nAxeA2 nBxeB0 nBxeB1 nBxeB2  each triangle's edge normals in its plane (6).
// The eleven suffice for triangles in planes that meet. In one plane every cross product
// points along the normal, and two triangles apart in that plane are told apart only by a
// line in it: the 2D test of the edge normals (those six). For parallel planes that are apart,
// nA separates first.
// On each axis both triangles project to the interval of their three vertices' projections.
//
// Why this and not Möller's interval test (T. Möller, "A Fast Triangle-Triangle Intersection
// Test", JGT 2(2), 1997, which intersects each triangle with the other's plane and compares
// the two segments on the planes' common line): the SAT gives what every other test of the
// core gives, a separating axis or the least penetration with both intervals on each axis for
// the explorer, with the same bookkeeping; and its coplanar case is six more axes of the same
// kind, where Möller's test needs a separate 2D test.
//
// A triangle without area (triangle.hpp) has no normal, and the axes built from it say
// nothing. It is then the segment between its two farthest vertices, and the pair is decided
// by segmentTriangle (segment_triangle.hpp) with the other triangle; the trace records
// `reducedTo = SegmentTriangle` and no rows, and the result has no axis.
//
// The trace's centres are the centres of the triangles' bounding boxes, and the intervals are
// measured from A's. Reported axes point from A to B.
//
// Contracts: closed triangles (touching overlaps: a shared vertex or edge, a vertex on the
// other's face); finite inputs give no NaN or infinity; non-finite input gives no overlap.
// Computed in double (triangle.hpp); no epsilon (as in sat_triangle.hpp: the intervals are
// projected vertices); SatOptions::epsilon is unused. A cross axis of nearly parallel edges
// (sine below kDegenerateAxisLength) is tested but never reported as the penetration axis.
#pragma once

#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_axes.hpp"
#include "satlab/collide/sat_triangle.hpp"  // detail::satNotFinite
#include "satlab/collide/segment_triangle.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle.hpp"

namespace satlab {

/// Triangle–triangle on 11 axes (17 when the triangles' planes are parallel). Labels nA, nB,
/// eA0xeB0 ... eA2xeB2, nAxeA0 ... nBxeB2. opt.mode: SatMode::Full evaluates every axis for a
/// recorder; opt.epsilon is unused.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satTriangleTriangle(const Triangle& ta, const Triangle& tb, Rec& rec, const SatOptions& opt = {}) {
  const glm::vec3 centerA = detail::boundsCenter(ta);
  if constexpr (Rec::kEnabled) rec.satBegin(TestId::TriangleTriangle, centerA, detail::boundsCenter(tb), opt);
  if (!detail::isFinite(ta) || !detail::isFinite(tb)) return detail::satNotFinite(rec);

  // Both triangles in double, measured from A's centre.
  const detail::TriangleD A = detail::toDouble(ta, centerA);
  const detail::TriangleD B = detail::toDouble(tb, centerA);
  const glm::dvec3 nA = A.normal(), nB = B.normal();
  const double lA = A.longestEdgeSquared(), lB = B.longestEdgeSquared();

  // A triangle without area is the segment it nearly is: segment–triangle decides.
  const bool flatA = detail::hasNoArea(nA, lA), flatB = detail::hasNoArea(nB, lB);
  if (flatA || flatB) {
    const SegmentTriangleHit hit =
        flatA ? segmentTriangle(detail::longestSide(ta), tb) : segmentTriangle(detail::longestSide(tb), ta);
    if constexpr (Rec::kEnabled) {
      rec.satReduced(TestId::SegmentTriangle);
      rec.satEnd(hit.overlap);
    }
    SatResult out;
    out.overlap = hit.overlap;
    return out;
  }

  detail::SatAxes<Rec> sat(rec, opt);
  const double k = kDegenerateAxisLength;
  // One axis L, as built in A's frame (which is the world's, moved): both intervals.
  auto axis = [&](AxisId id, const glm::dvec3& L, double degenerateBelow) {
    const detail::Interval ia = detail::project(A, L), ib = detail::project(B, L);
    return sat.intervals(id, ia.lo, ia.hi, ib.lo, ib.hi, L, glm::length(L), degenerateBelow);
  };

  // The normals: |n| is twice the area, so the sine of the edges' angle is |n| / l^2 at most.
  if (axis(AxisId::normalA(), nA, k * lA)) return sat.finish();
  if (axis(AxisId::normalB(), nB, k * lB)) return sat.finish();

  // The nine edge pairs L = eAi x eBj, degenerate below k |eAi| |eBj|.
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3 ea = A.edge(i);
    for (int j = 0; j < 3; ++j) {
      const glm::dvec3 eb = B.edge(j);
      const double degenerateBelow = k * std::sqrt(glm::dot(ea, ea) * glm::dot(eb, eb));
      if (axis(AxisId::edgeACrossEdgeB(i, j), glm::cross(ea, eb), degenerateBelow)) return sat.finish();
    }
  }

  // Parallel planes (|nA x nB| <= k |nA| |nB|, compared squared): the edge normals in the
  // planes, L = n x e, degenerate below k |n| |e|. (Both sides are eighth powers of the
  // coordinates: for coordinates beyond 1e38 or below 1e-40 they may overflow or vanish,
  // which can only add these six axes, valid separating axes for any pair.)
  const glm::dvec3 nn = glm::cross(nA, nB);
  if (glm::dot(nn, nn) <= k * k * glm::dot(nA, nA) * glm::dot(nB, nB)) {
    for (int i = 0; i < 3; ++i) {
      const glm::dvec3 e = A.edge(i);
      const double degenerateBelow = k * std::sqrt(glm::dot(nA, nA) * glm::dot(e, e));
      if (axis(AxisId::edgeNormalA(i), glm::cross(nA, e), degenerateBelow)) return sat.finish();
    }
    for (int j = 0; j < 3; ++j) {
      const glm::dvec3 e = B.edge(j);
      const double degenerateBelow = k * std::sqrt(glm::dot(nB, nB) * glm::dot(e, e));
      if (axis(AxisId::edgeNormalB(j), glm::cross(nB, e), degenerateBelow)) return sat.finish();
    }
  }

  // No separating axis: the triangles overlap.
  return sat.finish();
}

/// The untraced test: the same function with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SatResult satTriangleTriangle(const Triangle& a, const Triangle& b, const SatOptions& opt = {});

}  // namespace satlab
