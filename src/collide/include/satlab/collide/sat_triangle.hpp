// satlab collision core: box against triangle on 13 separating axes (AABB–triangle,
// OBB–triangle).
//
// T. Akenine-Möller, "Fast 3D Triangle-Box Overlap Testing", Journal of Graphics Tools 6(1),
// 2001 (the test the "Using AABB" tutorial names under its empty AABB–triangle heading). The
// box is moved to the origin of its own frame, where it is [-h, h], and the triangle's
// vertices v0, v1, v2 with it; the triangle's edges are e0 = v1 - v0, e1 = v2 - v1,
// e2 = v0 - v2 (the paper's f0, f1, f2; it calls the box's axes e0, e1, e2, here X, Y, Z).
// Thirteen candidate axes, in the paper's order:
//   Xxe0 Yxe0 Zxe0 Xxe1 ... Zxe2  the box's axis i x the triangle's edge j (9),
//   X Y Z                          the box's faces: the triangle's bounding box against the box,
//   n                              the triangle's normal: the box against the triangle's plane.
// The paper tests the nine cross axes first because the author measured that order to be the
// fastest; the verdict does not depend on the order, only which separating axis is reported.
// On each axis L the box projects to [-r, r], r = h . |L|, and the triangle to the interval
// of its three vertices' projections; they separate when the intervals do not meet. (The
// paper projects only two vertices on a cross axis, since both ends of the edge crossed
// project to the same point; projecting all three keeps one rule for every axis and stays
// exact where that identity holds only up to rounding.)
// OBB–triangle is the same test in the box's frame: the vertices are taken into it (their
// offsets from the centre along the box's axes), the axes are the box's A0, A1, A2, the
// cross axes Ai x ej, and results and traces are reported in world space.
//
// A is the box and B the triangle: reported axes point from the box's centre to the
// triangle's side; the trace's centre B is the centre of the triangle's bounding box.
//
// Contracts: closed shapes (touching overlaps); flat boxes and triangles without area (a
// segment or a point: their normal is a degenerate axis, and the other twelve are the
// box–segment or box–point test) are valid; finite inputs give no NaN or infinity; non-finite
// input gives no overlap (triangle.hpp). Computed in double (triangle.hpp). No epsilon is
// needed (SatOptions::epsilon is unused): every interval is projected from the vertices on
// the axis as built, so a short cross axis (an edge nearly parallel to a box axis) is still
// an axis like any other, with numbers that shrink with it; the box–box tests need their
// epsilon because their radii come from identities that hold only for exactly orthonormal
// axes. An axis whose sine is below kDegenerateAxisLength is still tested but never
// reported as the penetration axis: i x ej when ej is within 1e-6 of the box's axis i, and n
// when the triangle has no area (triangle.hpp). OBB axes must be orthonormal to float
// precision.
#pragma once

#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_axes.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle.hpp"

namespace satlab {

namespace detail {

/// The box's unit axis i crossed with f, in the box's frame: X x f = (0, -f.z, f.y),
/// Y x f = (f.z, 0, -f.x), Z x f = (-f.y, f.x, 0).
inline glm::dvec3 axisCross(int i, const glm::dvec3& f) {
  glm::dvec3 L(0.0);
  const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
  L[i1] = -f[i2];
  L[i2] = f[i1];
  return L;
}

/// The box's radius on L: the half extents h projected, h . |L|.
inline double boxRadius(const glm::dvec3& h, const glm::dvec3& L) {
  return h.x * std::abs(L.x) + h.y * std::abs(L.y) + h.z * std::abs(L.z);
}

/// Akenine-Möller's 13 axes on the box [-h, h] and the triangle v, both in the box's frame.
/// `toWorld(L)` turns a frame vector into world space (for the result and the trace); `face(i)`
/// and `cross(i, j)` name the box's axis i and its cross product with edge j.
template <class Rec, class ToWorld, class FaceId, class CrossId>
SatResult satBoxTriangle(const glm::dvec3& h, const TriangleD& v, const ToWorld& toWorld, const FaceId& face,
                         const CrossId& cross, Rec& rec, const SatOptions& opt) {
  SatAxes<Rec> sat(rec, opt);
  const double k = kDegenerateAxisLength;

  // The nine cross axes L = i x ej: the box's axis i crossed with the triangle's edge j. |L|
  // is the sine of their angle times |ej|, so the axis is degenerate below k |ej|.
  for (int j = 0; j < 3; ++j) {
    const glm::dvec3 e = v.edge(j);
    const double degenerateBelow = k * std::sqrt(glm::dot(e, e));
    for (int i = 0; i < 3; ++i) {
      const glm::dvec3 L = axisCross(i, e);
      const double r = boxRadius(h, L);
      const Interval tri = project(v, L);
      if (sat.intervals(cross(i, j), -r, r, tri.lo, tri.hi, toWorld(L), glm::length(L), degenerateBelow)) {
        return sat.finish();
      }
    }
  }

  // The box's three faces: the triangle's bounding box against the box, axis by axis.
  for (int i = 0; i < 3; ++i) {
    glm::dvec3 L(0.0);
    L[i] = 1.0;
    const double lo = std::min(v.v[0][i], std::min(v.v[1][i], v.v[2][i]));
    const double hi = std::max(v.v[0][i], std::max(v.v[1][i], v.v[2][i]));
    if (sat.intervals(face(i), -h[i], h[i], lo, hi, toWorld(L), 1.0, k)) return sat.finish();
  }

  // The triangle's normal n = e0 x e1: does the box reach the triangle's plane? The box's
  // interval is [-r, r], the triangle's is the plane's offset n . v0 (its three vertices'
  // projections, equal but for rounding). |n| is twice the area, degenerate below k l^2 (the
  // triangle has no area, triangle.hpp).
  const glm::dvec3 n = v.normal();
  const double r = boxRadius(h, n);
  const Interval tri = project(v, n);
  sat.intervals(AxisId::triangleNormal(), -r, r, tri.lo, tri.hi, toWorld(n), glm::length(n),
                k * v.longestEdgeSquared());
  return sat.finish();
}

/// The result for non-finite input: no overlap, no axis, no rows (triangle.hpp).
template <class Rec>
SatResult satNotFinite(Rec& rec) {
  if constexpr (Rec::kEnabled) rec.satEnd(false);
  return SatResult{};
}

}  // namespace detail

/// AABB–triangle, 13 axes (Akenine-Möller 2001). Labels Xxe0 ... Zxe2, X, Y, Z, n.
/// opt.mode: SatMode::Full evaluates every axis for a recorder; opt.epsilon is unused.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbTriangle(const Aabb& box, const Triangle& tri, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.satBegin(TestId::AabbTriangle, box.center, detail::boundsCenter(tri), opt);
  if (!detail::isFinite(box) || !detail::isFinite(tri)) return detail::satNotFinite(rec);
  // The box's frame is the world's, moved to the box's centre: directions are unchanged.
  return detail::satBoxTriangle(
      glm::dvec3(box.half), detail::toDouble(tri, box.center), [](const glm::dvec3& L) { return L; }, AxisId::world,
      AxisId::worldCrossEdge, rec, opt);
}

/// OBB–triangle: Akenine-Möller's 13 axes in the box's frame. Labels A0xe0 ... A2xe2, A0,
/// A1, A2, n; reported in world space.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satObbTriangle(const Obb& box, const Triangle& tri, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.satBegin(TestId::ObbTriangle, box.center, detail::boundsCenter(tri), opt);
  if (!detail::isFinite(box) || !detail::isFinite(tri)) return detail::satNotFinite(rec);
  // Into the box's frame: each vertex's offset from the centre along the box's axes (the
  // transpose of its rotation). A frame vector L is sum_i L_i Ai in world space.
  const glm::dmat3 axes(box.axes);
  const detail::TriangleD world = detail::toDouble(tri, box.center);
  detail::TriangleD local;
  for (int k = 0; k < 3; ++k) local.v[k] = world.v[k] * axes;  // (v . A0, v . A1, v . A2)
  return detail::satBoxTriangle(
      glm::dvec3(box.half), local, [&axes](const glm::dvec3& L) { return axes * L; }, AxisId::faceA,
      AxisId::faceACrossEdge, rec, opt);
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SatResult satAabbTriangle(const Aabb& box, const Triangle& tri, const SatOptions& opt = {});
SatResult satObbTriangle(const Obb& box, const Triangle& tri, const SatOptions& opt = {});

}  // namespace satlab
