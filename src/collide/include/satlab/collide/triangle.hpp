// satlab collision core: what the triangle tests share (sat_triangle.hpp,
// triangle_triangle.hpp, closest_triangle.hpp, segment_triangle.hpp).
//
// Precision. The triangle tests compute in double, from the float inputs. A triangle's
// normal is a product of two coordinates, and its projections and its closest point's
// region numbers products of three or four: in float they overflow for coordinates near
// 1e12 and vanish below 1e-12, and their rounding (1e-7 of the terms) hides the gap between
// nearly touching shapes. In double every product of up to six float coordinates is
// representable (no overflow or underflow for any finite float input), a product of two
// floats is exact, and the rounding is 1e-16 of the terms. On inputs whose coordinates are
// multiples of a power of two with a few significant bits, the tests are exact
// (tests/collide/test_triangle_exact.cpp checks them so against exact integer arithmetic).
//
// Non-finite input (a NaN or an infinite coordinate, extent or radius) is no shape: every
// triangle test reports no overlap for it, with a zero result and no rows in its trace.
#pragma once

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab::detail {

inline bool isFinite(float x) { return std::isfinite(x); }
inline bool isFinite(const glm::vec3& v) { return isFinite(v.x) && isFinite(v.y) && isFinite(v.z); }
inline bool isFinite(const glm::mat3& m) { return isFinite(m[0]) && isFinite(m[1]) && isFinite(m[2]); }
inline bool isFinite(const Triangle& t) { return isFinite(t.a) && isFinite(t.b) && isFinite(t.c); }
inline bool isFinite(const Aabb& b) { return isFinite(b.center) && isFinite(b.half); }
inline bool isFinite(const Obb& b) { return isFinite(b.center) && isFinite(b.axes) && isFinite(b.half); }
inline bool isFinite(const Sphere& s) { return isFinite(s.center) && isFinite(s.radius); }
inline bool isFinite(const Segment& s) { return isFinite(s.p0) && isFinite(s.p1); }

/// The triangle's vertices v[0] = a, v[1] = b, v[2] = c, in double, relative to `origin`.
struct TriangleD {
  glm::dvec3 v[3];
  /// Edge i runs from vertex i to vertex i + 1: e0 = b - a, e1 = c - b, e2 = a - c.
  glm::dvec3 edge(int i) const { return v[(i + 1) % 3] - v[i]; }
  /// n = e0 x e1 = (b - a) x (c - a); |n| is twice the area.
  glm::dvec3 normal() const { return glm::cross(edge(0), edge(1)); }
  /// The longest edge's squared length.
  double longestEdgeSquared() const {
    const glm::dvec3 e0 = edge(0), e1 = edge(1), e2 = edge(2);
    return std::max(glm::dot(e0, e0), std::max(glm::dot(e1, e1), glm::dot(e2, e2)));
  }
};

inline TriangleD toDouble(const Triangle& t, const glm::vec3& origin) {
  const glm::dvec3 o(origin);
  return TriangleD{{glm::dvec3(t.a) - o, glm::dvec3(t.b) - o, glm::dvec3(t.c) - o}};
}

/// Whether a triangle with normal n (|n| twice its area) and longest edge l has no area: its
/// height over that edge, |n| / l, is at most kDegenerateAxisLength times l. Its normal is
/// then as uncertain as a degenerate cross axis, and the tests take it for the segment (or
/// the point) it nearly is. Compared squared: |n|^2 <= k^2 l^4 (no square root).
inline bool hasNoArea(const glm::dvec3& n, double longestEdgeSquared) {
  const double k = kDegenerateAxisLength;
  return glm::dot(n, n) <= k * k * longestEdgeSquared * longestEdgeSquared;
}

/// The interval of the triangle's three vertices projected on L (each vertex: no vertex is
/// assumed to project where another does, see sat_triangle.hpp).
struct Interval {
  double lo, hi;
};
inline Interval project(const TriangleD& t, const glm::dvec3& L) {
  const double p0 = glm::dot(t.v[0], L), p1 = glm::dot(t.v[1], L), p2 = glm::dot(t.v[2], L);
  return {std::min(p0, std::min(p1, p2)), std::max(p0, std::max(p1, p2))};
}

/// A point to measure a triangle from: the centre of its bounding box. It is a float, so
/// the vertices relative to it are exact in double for inputs of a few significant bits.
inline glm::vec3 boundsCenter(const Triangle& t) {
  return (glm::min(t.a, glm::min(t.b, t.c)) + glm::max(t.a, glm::max(t.b, t.c))) * 0.5f;
}

/// The segment a triangle without area is: between its two farthest vertices (all three lie
/// on it, up to the triangle's negligible height); a point when they coincide.
inline Segment longestSide(const Triangle& t) {
  const glm::dvec3 a(t.a), b(t.b), c(t.c);
  const double ab = glm::dot(b - a, b - a), bc = glm::dot(c - b, c - b), ca = glm::dot(a - c, a - c);
  if (ab >= bc && ab >= ca) return Segment{t.a, t.b};
  if (bc >= ca) return Segment{t.b, t.c};
  return Segment{t.c, t.a};
}

}  // namespace satlab::detail
