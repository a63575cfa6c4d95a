// satlab collision core: segment against triangle.
//
// T. Möller and B. Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection", Journal of
// Graphics Tools 2(1), 1997. The segment's points p0 + t d, d = p1 - p0, t in [0, 1], meet
// the triangle's a + u e1 + v e2, e1 = b - a, e2 = c - a, where
//   p0 + t d = a + u e1 + v e2,  i.e.  -t d + u e1 + v e2 = s,  s = p0 - a,
// which Cramer's rule solves with scalar triple products:
//   p = d x e2, det = e1 . p, u = (s . p) / det, q = s x e1, v = (d . q) / det,
//   t = (e2 . q) / det.
// In the paper's order: u outside [0, 1] misses; v < 0 or u + v > 1 misses; then t outside
// [0, 1] misses (the paper's ray takes any t >= 0). The comparisons are made before any
// division, against det (as the paper's culling branch does), with the signs of all four
// numbers flipped when det < 0, so both sides of the triangle count; the division happens
// only for a hit.
//
// det = -(d . n), n = e1 x e2: it vanishes when the segment runs parallel to the triangle's
// plane, and Cramer's rule then says nothing. The test takes the segment to be parallel when
// the sine of its angle with the plane is at most kSegmentTriangleParallelSine (1e-8), or
// when the triangle has no area (triangle.hpp). Then
// - if both ends lie strictly on one side of the plane, it misses ("off the plane": exact);
// - otherwise it lies in the plane to within 1e-8 of its length (or the triangle is a
//   segment or a point), and it meets the triangle iff an end lies on the triangle or the
//   segment meets one of its edges, to within the segment–segment contact tolerance
//   (kSegmentContactTolerance times 1 + the largest |coordinate|, segment_segment.hpp):
//   the ends by the closest point of closest_triangle.hpp, the edges by Ericson 5.1.9
//   (in double, as closestSegmentSegment but for its float), and the vertices by their
//   closest points on the segment. tEnter and tExit are the first and last such t.
// Why 1e-8: above it, det and the numerators keep their precision in double (rounding is
// 1e-16 of their terms, so the t, u, v found are accurate to about 1e-16 / sine); below it
// the whole segment is within 1e-8 of its length of the plane, far inside the contact
// tolerance, so the closest points decide it as well as the plane could.
//
// Contracts: a closed triangle (an end on the triangle, or a segment through an edge or a
// vertex, hits); a zero-length segment is the point p0 (parallel, decided by its closest
// point); finite inputs give no NaN; non-finite input gives no hit (triangle.hpp). Computed
// in double (triangle.hpp). SegmentTriangleHit: tEnter == tExit unless the segment runs in
// the plane; u, v are the hit's barycentric coordinates; the normal faces the segment's start.
#pragma once

#include <cmath>
#include <limits>
#include <string_view>
#include <type_traits>

#include "satlab/collide/closest_triangle.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/segment_segment.hpp"  // kSegmentContactTolerance, detail::absOf
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle.hpp"

namespace satlab {

/// The sine of the angle between a segment and a triangle's plane at or below which
/// segmentTriangle takes them to be parallel (see the top of this file).
inline constexpr double kSegmentTriangleParallelSine = 1e-8;

namespace detail {

/// Ericson 5.1.9 (ClosestPtSegmentSegment), in double: the parameter s on the segment
/// x0 + s (x1 - x0) of its point closest to the segment y0 + t (y1 - y0), and the squared
/// distance. As closestSegmentSegment (segment_segment.hpp) does, the lines' s comes from
/// ((y0 - x0) x e) . n / |n|^2, n = d x e, which does not cancel for nearly parallel
/// segments; segments parallel to 1e-8 start from s = 0, and the clamping finds the pair.
inline double closestOnSegmentToSegment(const glm::dvec3& x0, const glm::dvec3& x1, const glm::dvec3& y0,
                                        const glm::dvec3& y1, double* distanceSquared) {
  const glm::dvec3 d = x1 - x0, e = y1 - y0, r = x0 - y0;
  const double a = glm::dot(d, d), ee = glm::dot(e, e), b = glm::dot(d, e), c = glm::dot(d, r), f = glm::dot(e, r);
  auto clamp01 = [](double x) { return std::min(std::max(x, 0.0), 1.0); };
  double s = 0.0, t = 0.0;
  if (a == 0.0) {
    t = ee > 0.0 ? clamp01(f / ee) : 0.0;  // x is a point
  } else if (ee == 0.0) {
    s = clamp01(-c / a);  // y is a point
  } else {
    const glm::dvec3 n = glm::cross(d, e);
    const double nn = glm::dot(n, n);
    if (nn > 1e-16 * a * ee) s = clamp01(glm::dot(glm::cross(y0 - x0, e), n) / nn);
    t = (b * s + f) / ee;
    if (t < 0.0) {
      t = 0.0;
      s = clamp01(-c / a);
    } else if (t > 1.0) {
      t = 1.0;
      s = clamp01((b - c) / a);
    }
  }
  const glm::dvec3 gap = (x0 + s * d) - (y0 + t * e);
  *distanceSquared = glm::dot(gap, gap);
  return s;
}

/// The parallel case: the part of the segment (p0, p1, measured from the triangle's a as t
/// is) on the triangle, by closest points within `tol`. In a plane, that part of a segment
/// and a convex polygon runs between two of: the segment's ends, where it crosses an edge,
/// and, along an edge it overlaps, the edge's ends (the triangle's vertices).
inline SegmentTriangleHit segmentTriangleInPlane(const Segment& seg, const TriangleD& t, const glm::dvec3& p0,
                                                 const glm::dvec3& p1, double tol) {
  NoTrace none;
  double tEnter = std::numeric_limits<double>::infinity();
  double tExit = -tEnter;
  auto onTriangle = [&](const glm::dvec3& x) {
    const glm::dvec3 q = closestOnTriangle(x, t, none).point;
    return glm::dot(x - q, x - q) <= tol * tol;
  };
  if (onTriangle(p0)) tEnter = tExit = 0.0;
  if (onTriangle(p1)) {
    tEnter = std::min(tEnter, 1.0);
    tExit = 1.0;
  }
  auto contact = [&](double at) {
    tEnter = std::min(tEnter, at);
    tExit = std::max(tExit, at);
  };
  for (int i = 0; i < 3; ++i) {
    double d2 = 0.0;
    const double at = closestOnSegmentToSegment(p0, p1, t.v[i], t.v[(i + 1) % 3], &d2);
    if (d2 <= tol * tol) contact(at);
  }
  for (const glm::dvec3& v : t.v) {
    const double at = closestOnSegmentT(v, p0, p1);
    const glm::dvec3 x = p0 + at * (p1 - p0) - v;
    if (glm::dot(x, x) <= tol * tol) contact(at);
  }
  SegmentTriangleHit hit;
  if (!(tEnter <= tExit)) return hit;
  hit.overlap = true;
  hit.tEnter = float(tEnter);
  hit.tExit = float(tExit);
  hit.enterPoint = seg.p0 + hit.tEnter * (seg.p1 - seg.p0);
  const glm::dvec3 bary = closestOnTriangle(p0 + tEnter * (p1 - p0), t, none).barycentric;
  hit.u = float(bary.y);
  hit.v = float(bary.z);
  return hit;  // no normal: the segment runs in the plane
}

/// 1 + the largest |coordinate| of the segment and the triangle: the scale of the contact
/// tolerance, as segment–segment measures it.
inline double segmentTriangleScale(const Segment& s, const Triangle& t) {
  const glm::vec3 m =
      glm::max(glm::max(absOf(s.p0), absOf(s.p1)), glm::max(absOf(t.a), glm::max(absOf(t.b), absOf(t.c))));
  return 1.0 + double(std::max(m.x, std::max(m.y, m.z)));
}

}  // namespace detail

/// Segment–triangle, Möller–Trumbore (see the top of this file). The trace holds det, the
/// barycentric u, v and t, and the comparison that decided.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentTriangleHit segmentTriangle(const Segment& seg, const Triangle& tri, Rec& rec) {
  if (!detail::isFinite(seg) || !detail::isFinite(tri)) {
    if constexpr (Rec::kEnabled) {
      rec.segTriDeterminant(glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f), 0.0f, false, false);
      rec.segTriDecided(0.0f, 0.0f, 0.0f, std::string_view("not finite"), false);
    }
    return SegmentTriangleHit{};
  }
  // Everything relative to the vertex a, in double.
  const detail::TriangleD t = detail::toDouble(tri, tri.a);
  const glm::dvec3 p0 = glm::dvec3(seg.p0) - glm::dvec3(tri.a), p1 = glm::dvec3(seg.p1) - glm::dvec3(tri.a);
  const glm::dvec3 d = p1 - p0;
  const glm::dvec3 e1 = t.v[1], e2 = t.v[2];  // b - a, c - a
  const glm::dvec3 n = glm::cross(e1, e2);
  const bool noArea = detail::hasNoArea(n, t.longestEdgeSquared());

  const glm::dvec3 p = glm::cross(d, e2);
  const double det = glm::dot(e1, p);
  const double k = kSegmentTriangleParallelSine;
  const bool parallel = noArea || det * det <= k * k * glm::dot(d, d) * glm::dot(n, n);
  if constexpr (Rec::kEnabled) {
    rec.segTriDeterminant(glm::vec3(e1), glm::vec3(e2), glm::vec3(p), float(det), parallel, noArea);
  }

  SegmentTriangleHit hit;
  if (parallel) {
    // Both ends strictly on one side of the plane: a miss, whatever the triangle.
    const double h0 = glm::dot(n, p0), h1 = glm::dot(n, p1);
    const bool offPlane = !noArea && ((h0 > 0.0 && h1 > 0.0) || (h0 < 0.0 && h1 < 0.0));
    if (!offPlane) {
      const double tol = kSegmentContactTolerance * detail::segmentTriangleScale(seg, tri);
      hit = detail::segmentTriangleInPlane(seg, t, p0, p1, tol);
    }
    if constexpr (Rec::kEnabled) {
      rec.segTriDecided(0.0f, 0.0f, 0.0f, std::string_view(offPlane ? "off the plane" : "closest points"), hit.overlap);
    }
    return hit;
  }

  // Cramer's numerators, with the sign of det taken out so that the bounds are 0 and |det|.
  const double sign = det > 0.0 ? 1.0 : -1.0;
  const double adet = std::abs(det);
  const glm::dvec3 s = p0;  // p0 - a
  const double uN = sign * glm::dot(s, p);
  const glm::dvec3 q = glm::cross(s, e1);
  const double vN = sign * glm::dot(d, q);
  const double tN = sign * glm::dot(e2, q);
  std::string_view decided = "crosses";
  if (uN < 0.0) {
    decided = "u < 0";
  } else if (uN > adet) {
    decided = "u > 1";
  } else if (vN < 0.0) {
    decided = "v < 0";
  } else if (uN + vN > adet) {
    decided = "u + v > 1";
  } else if (tN < 0.0) {
    decided = "t < 0";
  } else if (tN > adet) {
    decided = "t > 1";
  } else {
    // A hit: now divide.
    const double tHit = tN / adet;
    hit.overlap = true;
    hit.tEnter = hit.tExit = float(tHit);
    hit.enterPoint = seg.p0 + hit.tEnter * (seg.p1 - seg.p0);
    hit.u = float(uN / adet);
    hit.v = float(vN / adet);
    // The side of the triangle the segment comes from: d . n = -det < 0 for n itself.
    hit.enterNormal = glm::vec3(n * (sign / glm::length(n)));
  }
  if constexpr (Rec::kEnabled) {
    rec.segTriDecided(float(uN / adet), float(vN / adet), float(tN / adet), decided, hit.overlap);
  }
  return hit;
}

/// The untraced test: the same function with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SegmentTriangleHit segmentTriangle(const Segment& seg, const Triangle& tri);

}  // namespace satlab
