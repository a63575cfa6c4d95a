// satlab collision core: the point of a triangle closest to a point, and sphere–triangle.
//
// Ericson, Real-Time Collision Detection (2005), 5.1.5 "Closest Point on Triangle to Point"
// (ClosestPtPointTriangle), with its names: ab = b - a, ac = c - a, ap = p - a, bp = p - b,
// cp = p - c and the dot products d1 = ab.ap, d2 = ac.ap, d3 = ab.bp, d4 = ac.bp, d5 = ab.cp,
// d6 = ac.cp. The point's closest point lies in one of seven Voronoi regions, tested in the
// book's order:
//   vertex a   d1 <= 0 and d2 <= 0
//   vertex b   d3 >= 0 and d4 <= d3
//   edge ab    vc = d1 d4 - d3 d2 <= 0, d1 >= 0, d3 <= 0: a + v ab, v = d1 / (d1 - d3)
//   vertex c   d6 >= 0 and d5 <= d6
//   edge ac    vb = d5 d2 - d1 d6 <= 0, d2 >= 0, d6 <= 0: a + w ac, w = d2 / (d2 - d6)
//   edge bc    va = d3 d6 - d5 d4 <= 0, d4 - d3 >= 0, d5 - d6 >= 0:
//              b + w (c - b), w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
//   face       otherwise: barycentric (va, vb, vc) / (va + vb + vc)
// va, vb, vc are the signed areas (times |n|) of the triangles p makes with the edges bc, ca,
// ab, seen along the normal n (the Lagrange identity: vc = n . (ab x ap)).
//
// Robustness beyond the book:
// - The face's point is p moved onto the plane, p - n (n . ap) / (n . n): the same point as
//   a + v ab + w ac, but it keeps its precision on a thin triangle, where v and w are
//   quotients of numbers that cancel.
// - An edge's denominator is zero only for an edge of zero length: its point is then its
//   endpoint (v = 0), not 0 / 0.
// - A triangle without area (triangle.hpp) has no face, and the book's regions are decided
//   by numbers that are zero but for rounding: its closest point is the nearest of its three
//   edges' closest points (Ericson 5.1.2, the point clamped onto each segment), which covers
//   a segment and a point alike.
// Computed in double (triangle.hpp).
//
// Sphere–triangle (Ericson 5.2.7): the sphere meets the triangle when the squared distance
// from its centre to the closest point is at most r^2. Contracts: closed shapes (touching
// overlaps); zero radius is a point; a centre on the triangle gives distance 0 (to rounding)
// with closestPoint the centre; finite inputs give no NaN (distanceSquared, a float, exceeds
// its range for distances beyond 1.8e19, as Arvo's sum does); non-finite input gives no
// overlap and a zero result (triangle.hpp).
#pragma once

#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle.hpp"

namespace satlab {
namespace detail {

/// The closest point of a triangle to p, in double, with its region and its barycentric
/// coordinates (u, v, w): point = u a + v b + w c.
struct ClosestOnTriangle {
  glm::dvec3 point{0.0};
  glm::dvec3 barycentric{1.0, 0.0, 0.0};
  TriangleRegion region = TriangleRegion::None;
};

/// The point of the segment from x to y (Ericson 5.1.2) closest to p: p projected on the
/// line, clamped to the segment; t = 0 for a segment of zero length.
inline double closestOnSegmentT(const glm::dvec3& p, const glm::dvec3& x, const glm::dvec3& y) {
  const glm::dvec3 d = y - x;
  const double dd = glm::dot(d, d);
  return dd > 0.0 ? std::min(std::max(glm::dot(p - x, d) / dd, 0.0), 1.0) : 0.0;
}

/// A triangle without area: the nearest of its three edges' closest points to p.
inline ClosestOnTriangle closestOnFlatTriangle(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b,
                                               const glm::dvec3& c) {
  const glm::dvec3 from[3] = {a, a, b}, to[3] = {b, c, c};
  const TriangleRegion edges[3] = {TriangleRegion::EdgeAB, TriangleRegion::EdgeAC, TriangleRegion::EdgeBC};
  const TriangleRegion starts[3] = {TriangleRegion::VertexA, TriangleRegion::VertexA, TriangleRegion::VertexB};
  const TriangleRegion ends[3] = {TriangleRegion::VertexB, TriangleRegion::VertexC, TriangleRegion::VertexC};
  ClosestOnTriangle best;
  double bestD2 = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double t = closestOnSegmentT(p, from[k], to[k]);
    const glm::dvec3 q = from[k] + t * (to[k] - from[k]);
    const double d2 = glm::dot(p - q, p - q);
    if (k == 0 || d2 < bestD2) {
      bestD2 = d2;
      best.point = q;
      best.region = t <= 0.0 ? starts[k] : t >= 1.0 ? ends[k] : edges[k];
      // (u, v, w) on the edge from `from` to `to`: 1 - t of the first vertex, t of the second.
      glm::dvec3 bary(0.0);
      bary[k == 2 ? 1 : 0] = 1.0 - t;
      bary[k == 0 ? 1 : 2] = t;
      best.barycentric = bary;
    }
  }
  return best;
}

/// Ericson 5.1.5 ClosestPtPointTriangle on p and the triangle a, b, c (double); the recorder
/// gets the region and the numbers that chose it.
template <class Rec>
ClosestOnTriangle closestOnTriangle(const glm::dvec3& p, const TriangleD& t, Rec& rec) {
  const glm::dvec3 &a = t.v[0], &b = t.v[1], &c = t.v[2];
  ClosestOnTriangle out;
  TriangleRegionRecord record;  // only for the recorder
  auto done = [&](TriangleRegion region, const glm::dvec3& q, const glm::dvec3& bary) {
    out.region = region;
    out.point = q;
    out.barycentric = bary;
    if constexpr (Rec::kEnabled) {
      record.region = region;
      record.closestPoint = glm::vec3(q);
      record.barycentric = glm::vec3(bary);
      rec.closestTriangle(record);
    }
    return out;
  };

  // A triangle without area: no face, and the regions' numbers are rounding. Its edges.
  const glm::dvec3 n = t.normal();
  if (hasNoArea(n, t.longestEdgeSquared())) {
    const ClosestOnTriangle flat = closestOnFlatTriangle(p, a, b, c);
    if constexpr (Rec::kEnabled) record.noArea = true;
    return done(flat.region, flat.point, flat.barycentric);
  }

  const glm::dvec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if constexpr (Rec::kEnabled) {
    record.d1 = float(d1);
    record.d2 = float(d2);
  }
  // Vertex region a.
  if (d1 <= 0.0 && d2 <= 0.0) return done(TriangleRegion::VertexA, a, {1.0, 0.0, 0.0});

  const glm::dvec3 bp = p - b;
  const double d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if constexpr (Rec::kEnabled) {
    record.d3 = float(d3);
    record.d4 = float(d4);
  }
  // Vertex region b.
  if (d3 >= 0.0 && d4 <= d3) return done(TriangleRegion::VertexB, b, {0.0, 1.0, 0.0});

  // Edge region ab: p projects onto ab, a + v ab.
  const double vc = d1 * d4 - d3 * d2;
  if constexpr (Rec::kEnabled) record.vc = float(vc);
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    const double v = d1 - d3 > 0.0 ? d1 / (d1 - d3) : 0.0;
    return done(TriangleRegion::EdgeAB, a + v * ab, {1.0 - v, v, 0.0});
  }

  const glm::dvec3 cp = p - c;
  const double d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if constexpr (Rec::kEnabled) {
    record.d5 = float(d5);
    record.d6 = float(d6);
  }
  // Vertex region c.
  if (d6 >= 0.0 && d5 <= d6) return done(TriangleRegion::VertexC, c, {0.0, 0.0, 1.0});

  // Edge region ac: p projects onto ac, a + w ac.
  const double vb = d5 * d2 - d1 * d6;
  if constexpr (Rec::kEnabled) record.vb = float(vb);
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    const double w = d2 - d6 > 0.0 ? d2 / (d2 - d6) : 0.0;
    return done(TriangleRegion::EdgeAC, a + w * ac, {1.0 - w, 0.0, w});
  }

  // Edge region bc: p projects onto bc, b + w (c - b).
  const double va = d3 * d6 - d5 * d4;
  if constexpr (Rec::kEnabled) record.va = float(va);
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
    const double den = (d4 - d3) + (d5 - d6);
    const double w = den > 0.0 ? (d4 - d3) / den : 0.0;
    return done(TriangleRegion::EdgeBC, b + w * (c - b), {0.0, 1.0 - w, w});
  }

  // Face region: p projects inside the triangle. Barycentric (va, vb, vc) / (va + vb + vc);
  // the point itself is p moved onto the plane (see the top of this file).
  const double sum = va + vb + vc;
  const glm::dvec3 bary = sum > 0.0 ? glm::dvec3(va, vb, vc) / sum : glm::dvec3(1.0 / 3.0);
  return done(TriangleRegion::Face, p - n * (glm::dot(n, ap) / glm::dot(n, n)), bary);
}

}  // namespace detail

/// Sphere–triangle: the triangle's closest point to the centre (Ericson 5.1.5) within r.
/// The trace's `triangle` holds the region and the numbers that chose it; `sum` is the
/// squared distance.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ClosestResult closestSphereTriangle(const Sphere& s, const Triangle& tri, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.closestBegin(TestId::SphereTriangle, s.radius * s.radius);
  if (!detail::isFinite(s) || !detail::isFinite(tri)) {
    if constexpr (Rec::kEnabled) rec.closestEnd(0.0f, false);
    return ClosestResult{};
  }
  // Measured from the sphere's centre: p is the origin.
  const detail::ClosestOnTriangle q = detail::closestOnTriangle(glm::dvec3(0.0), detail::toDouble(tri, s.center), rec);
  const double d2 = glm::dot(q.point, q.point);
  const double r = s.radius;
  ClosestResult out;
  out.overlap = d2 <= r * r;
  out.closestPoint = glm::vec3(glm::dvec3(s.center) + q.point);
  out.distanceSquared = float(d2);
  out.distance = float(std::sqrt(d2));
  if constexpr (Rec::kEnabled) rec.closestEnd(out.distanceSquared, out.overlap);
  return out;
}

/// The untraced test: the same function with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
ClosestResult closestSphereTriangle(const Sphere& s, const Triangle& tri);

}  // namespace satlab
