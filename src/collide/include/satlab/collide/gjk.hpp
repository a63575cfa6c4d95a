// satlab collision core: GJK and EPA, the distance and the penetration depth of two convex
// shapes from their support functions alone (support.hpp).
//
// Both work on the Minkowski difference A - B = {a - b : a in A, b in B}: A and B meet
// exactly when A - B holds the origin, their distance is the origin's distance to A - B,
// and their penetration depth is the origin's distance to A - B's surface from inside. Its
// support point along d is s_A(d) - s_B(-d), so it is never built.
//
// GJK (Gilbert, Johnson and Keerthi, 1988), in the formulation of Ericson, Real-Time
// Collision Detection (2005), 9.5, with van den Bergen's stopping rule ("A Fast and Robust
// GJK Implementation for Collision Detection of Convex Objects", 1999). It keeps a simplex
// of 1 to 4 points of A - B and v, the simplex's point closest to the origin. Each iteration
//   1. asks for the support point w = s_A(-v) - s_B(v), the point of A - B farthest toward
//      the origin from v;
//   2. stops when w brings the origin no nearer: |v|^2 - v.w <= kGjkRelative |v|^2 (|v| is
//      an upper bound of the distance, v.w / |v| a lower one; "distance converged");
//   3. otherwise adds w and replaces v by the simplex's point closest to the origin, keeping
//      only the vertices of the feature it lies on (Ericson 5.1.2, 5.1.5 and 5.1.6: the
//      closest point on a segment, a triangle, a tetrahedron), with its barycentric weights.
// It also stops when a tetrahedron encloses the origin ("origin enclosed"), when v is the
// origin within the tolerance ("origin on the simplex"), when w is already a vertex or |v|
// stopped shrinking ("no progress": rounding), and after kGjkMaxIterations. The closest
// points are v's weights applied to the support points of A and of B.
//
// EPA, the expanding polytope algorithm (van den Bergen, "Proximity Queries and Penetration
// Depth Computation on 3D Game Objects", 2001), runs when the cores meet. It starts from a
// tetrahedron of A - B holding the origin (GJK's, or grown from GJK's smaller simplex by
// support points along the directions it lacks) and expands it toward A - B's surface:
// take the face nearest the origin, ask for the support point along its outward normal,
// and stop when that point lies on the face's plane within the tolerance (the face is part
// of the surface, and its distance is the depth); otherwise remove every face the point
// sees and join the horizon they leave to it. A - B without volume (two triangles in one
// plane, two segments) has the origin on its surface: the depth is 0 across its plane.
//
// Spheres and capsules: GJK and EPA run on the cores and the radii come last (a
// sphere-swept volume's distance is its core's less the radius, Ericson 4.5.1). Apart by
// more than rA + rB: the distance is the cores' less the radii. Cores apart but within the
// radii: the depth is rA + rB less the cores' distance, along the line between the closest
// points. Cores meeting: EPA's depth plus rA + rB along EPA's normal.
//
// Arithmetic in double, inputs and results in float. Tolerances relative to the size of
// the coordinates seen (kGjkTolerance times 1 + the largest |coordinate| of a support
// point): the contact tolerance, as the segment tests have theirs. Contracts: closed
// shapes (touching overlaps); any points (repeated, flat, collinear) are valid; a shape
// without points meets nothing (the result is all zero, gjkEnd None). Finite inputs give
// no NaN.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/support.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

/// The distance counted as touching, relative to 1 + the largest |coordinate| of a support
/// point seen.
/// Float inputs are exact in double, so this is far below float's rounding: a pair within
/// it touches in every digit a float result can show.
inline constexpr double kGjkTolerance = 1e-9;
/// GJK's stopping rule: |v|^2 - v.w <= kGjkRelative |v|^2.
inline constexpr double kGjkRelative = 1e-10;
/// GJK ends on polytopes in finitely many iterations, in practice a handful; this caps a
/// run that rounding keeps cycling.
inline constexpr int kGjkMaxIterations = 128;
/// EPA's caps: expansions, and faces of the polytope.
inline constexpr int kEpaMaxExpansions = 128;
inline constexpr std::size_t kEpaMaxFaces = 2048;

namespace detail {

/// A support point of A - B in double, with the points of A and B it came from.
struct GjkVertex {
  glm::dvec3 a{0.0}, b{0.0}, w{0.0};
};

inline GjkVertex gjkSupport(const ConvexShape& A, const ConvexShape& B, const glm::dvec3& d) {
  const glm::dvec3 pa(A.points()[supportIndex(A, d)]);
  const glm::dvec3 pb(B.points()[supportIndex(B, -d)]);
  return {pa, pb, pa - pb};
}

inline SupportPoint toSupportPoint(const GjkVertex& v) { return {glm::vec3(v.a), glm::vec3(v.b), glm::vec3(v.w)}; }

inline double largestCoordinate(const glm::dvec3& p) {
  return std::max(std::abs(p.x), std::max(std::abs(p.y), std::abs(p.z)));
}

/// GJK's simplex: its vertices and the barycentric weights of v on them.
struct GjkSimplex {
  std::array<GjkVertex, 4> v{};
  std::array<double, 4> lambda{};
  int count = 0;
};

/// Keeps vertices `which` (indices into s.v) with weights `weights`.
inline void simplexKeep(GjkSimplex& s, std::initializer_list<int> which, std::initializer_list<double> weights) {
  std::array<GjkVertex, 4> kept{};
  int n = 0;
  for (int i : which) kept[static_cast<std::size_t>(n++)] = s.v[static_cast<std::size_t>(i)];
  n = 0;
  for (double w : weights) s.lambda[static_cast<std::size_t>(n++)] = w;
  s.v = kept;
  s.count = n;
}

/// The closest point to the origin on segment v0 v1 (Ericson 5.1.2), reducing the simplex.
inline void closestOnSegment(GjkSimplex& s) {
  const glm::dvec3 a = s.v[0].w, b = s.v[1].w;
  const glm::dvec3 ab = b - a;
  const double len2 = glm::dot(ab, ab);
  const double t = len2 > 0.0 ? glm::dot(-a, ab) / len2 : 1.0;
  if (t <= 0.0)
    simplexKeep(s, {0}, {1.0});
  else if (t >= 1.0)
    simplexKeep(s, {1}, {1.0});
  else
    simplexKeep(s, {0, 1}, {1.0 - t, t});
}

/// The closest point to the origin on triangle v[i] v[j] v[k] by its Voronoi regions
/// (Ericson 5.1.5, ClosestPtPointTriangle with p at the origin), reducing the simplex. A
/// triangle without area is taken as its three edges.
inline void closestOnTriangle(GjkSimplex& s, int i = 0, int j = 1, int k = 2) {
  const glm::dvec3 a = s.v[static_cast<std::size_t>(i)].w, b = s.v[static_cast<std::size_t>(j)].w,
                   c = s.v[static_cast<std::size_t>(k)].w;
  const glm::dvec3 ab = b - a, ac = c - a;
  const double d1 = glm::dot(ab, -a), d2 = glm::dot(ac, -a);
  if (d1 <= 0.0 && d2 <= 0.0) return simplexKeep(s, {i}, {1.0});  // vertex region a
  const double d3 = glm::dot(ab, -b), d4 = glm::dot(ac, -b);
  if (d3 >= 0.0 && d4 <= d3) return simplexKeep(s, {j}, {1.0});  // vertex region b
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {  // edge region ab
    const double v = d1 / (d1 - d3);
    return simplexKeep(s, {i, j}, {1.0 - v, v});
  }
  const double d5 = glm::dot(ab, -c), d6 = glm::dot(ac, -c);
  if (d6 >= 0.0 && d5 <= d6) return simplexKeep(s, {k}, {1.0});  // vertex region c
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {  // edge region ac
    const double w = d2 / (d2 - d6);
    return simplexKeep(s, {i, k}, {1.0 - w, w});
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {  // edge region bc
    const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return simplexKeep(s, {j, k}, {1.0 - w, w});
  }
  const double sum = va + vb + vc;
  if (!(sum > 0.0)) {
    // No area: the nearest of the three edges.
    GjkSimplex best;
    double bestD = -1.0;
    const int edges[3][2] = {{i, j}, {j, k}, {k, i}};
    for (const auto& e : edges) {
      GjkSimplex t;
      t.v[0] = s.v[static_cast<std::size_t>(e[0])];
      t.v[1] = s.v[static_cast<std::size_t>(e[1])];
      t.count = 2;
      closestOnSegment(t);
      glm::dvec3 p(0.0);
      for (int q = 0; q < t.count; ++q) p += t.lambda[static_cast<std::size_t>(q)] * t.v[static_cast<std::size_t>(q)].w;
      const double d = glm::dot(p, p);
      if (bestD < 0.0 || d < bestD) {
        bestD = d;
        best = t;
      }
    }
    s = best;
    return;
  }
  const double v = vb / sum, w = vc / sum;  // face region
  simplexKeep(s, {i, j, k}, {1.0 - v - w, v, w});
}

/// The closest point to the origin on the tetrahedron (Ericson 5.1.6,
/// ClosestPtPointTetrahedron): the nearest of the faces the origin is outside of; none
/// means it is inside, and true is returned with the simplex whole. A flat tetrahedron has
/// no inside: every face is tried.
inline bool closestOnTetrahedron(GjkSimplex& s) {
  const int faces[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};  // face, then the vertex opposite
  GjkSimplex best;
  double bestD = -1.0;
  for (const auto& f : faces) {
    const glm::dvec3 a = s.v[static_cast<std::size_t>(f[0])].w, b = s.v[static_cast<std::size_t>(f[1])].w,
                     c = s.v[static_cast<std::size_t>(f[2])].w, d = s.v[static_cast<std::size_t>(f[3])].w;
    const glm::dvec3 n = glm::cross(b - a, c - a);
    const double signP = glm::dot(-a, n), signD = glm::dot(d - a, n);
    const bool flat = std::abs(signD) <= 1e-14 * glm::dot(n, n) * (1.0 + largestCoordinate(d - a));
    if (!flat && signP * signD >= 0.0) continue;  // the origin is on the inner side of this face
    GjkSimplex t = s;
    closestOnTriangle(t, f[0], f[1], f[2]);
    glm::dvec3 p(0.0);
    for (int q = 0; q < t.count; ++q) p += t.lambda[static_cast<std::size_t>(q)] * t.v[static_cast<std::size_t>(q)].w;
    const double dist = glm::dot(p, p);
    if (bestD < 0.0 || dist < bestD) {
      bestD = dist;
      best = t;
    }
  }
  if (bestD < 0.0) {
    s.lambda = {0.25, 0.25, 0.25, 0.25};
    return true;
  }
  s = best;
  return false;
}

inline glm::dvec3 simplexPoint(const GjkSimplex& s, glm::dvec3 GjkVertex::*which) {
  glm::dvec3 p(0.0);
  for (int q = 0; q < s.count; ++q)
    p += s.lambda[static_cast<std::size_t>(q)] * (s.v[static_cast<std::size_t>(q)].*which);
  return p;
}

/// EPA's polytope face: three vertices (counter-clockwise seen from outside), its outward
/// unit normal and the origin's distance to its plane.
struct EpaFace {
  std::array<int, 3> v{};
  glm::dvec3 n{0.0};
  double d = 0.0;
  bool degenerate = false;
};

inline EpaFace epaFace(const std::vector<GjkVertex>& p, int i, int j, int k) {
  EpaFace f;
  f.v = {i, j, k};
  const glm::dvec3 a = p[static_cast<std::size_t>(i)].w;
  const glm::dvec3 n = glm::cross(p[static_cast<std::size_t>(j)].w - a, p[static_cast<std::size_t>(k)].w - a);
  const double len = glm::length(n);
  if (!(len > 1e-300)) {
    f.degenerate = true;
    return f;
  }
  f.n = n / len;
  f.d = glm::dot(f.n, a);
  return f;
}

/// EPA's starting tetrahedron from GJK's simplex, whose points hold the origin (on it, or
/// enclosing it): vertices are added along directions the simplex lacks until it has volume.
/// False when A - B has none (it is a point, a segment or flat); `flatNormal` is then a
/// direction across it.
inline bool epaTetrahedron(const ConvexShape& A, const ConvexShape& B, GjkSimplex& s, double tol,
                           glm::dvec3& flatNormal, int retries = 1) {
  const glm::dvec3 axes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  flatNormal = axes[0];
  for (int q = 0; q < s.count; ++q) {
    const glm::dvec3& w = s.v[static_cast<std::size_t>(q)].w;
    if (!std::isfinite(w.x) || !std::isfinite(w.y) || !std::isfinite(w.z)) return false;  // nothing to grow
  }
  if (s.count == 4) {
    const glm::dvec3 a = s.v[0].w;
    const double vol = glm::dot(s.v[1].w - a, glm::cross(s.v[2].w - a, s.v[3].w - a));
    if (std::abs(vol) > tol * tol * tol) return true;
    s.count = 3;  // a flat tetrahedron: start again from a triangle of it
  }
  if (s.count == 1) {
    double best = 0.0;
    GjkVertex far{};
    for (const glm::dvec3& e : axes)
      for (double sign : {1.0, -1.0}) {
        const GjkVertex w = gjkSupport(A, B, sign * e);
        const double d = glm::length(w.w - s.v[0].w);
        if (d > best) {
          best = d;
          far = w;
        }
      }
    if (best <= tol) return false;  // A - B is a point
    s.v[1] = far;
    s.count = 2;
  }
  if (s.count == 2) {
    const glm::dvec3 d = s.v[1].w - s.v[0].w;
    const glm::dvec3 dn = glm::normalize(d);
    // A direction across the segment: the axis least along it, crossed with it.
    int least = 0;
    for (int k = 1; k < 3; ++k)
      if (std::abs(dn[k]) < std::abs(dn[least])) least = k;
    flatNormal = glm::normalize(glm::cross(dn, axes[least]));
    double best = 0.0;
    GjkVertex far{};
    for (const glm::dvec3& e : axes) {
      const glm::dvec3 c = glm::cross(dn, e);
      if (glm::dot(c, c) < 1e-12) continue;
      for (double sign : {1.0, -1.0}) {
        const GjkVertex w = gjkSupport(A, B, sign * c);
        const glm::dvec3 off = w.w - s.v[0].w;
        const double dist = glm::length(off - glm::dot(off, dn) * dn);
        if (dist > best) {
          best = dist;
          far = w;
        }
      }
    }
    if (best <= tol) return false;  // A - B is a segment
    s.v[2] = far;
    s.count = 3;
  }
  const glm::dvec3 a = s.v[0].w;
  glm::dvec3 n = glm::cross(s.v[1].w - a, s.v[2].w - a);
  const double len = glm::length(n);
  if (!(len > 0.0)) {
    // A triangle without area: keep its two points farthest apart and grow again, once.
    if (retries <= 0) return false;
    s.count = 2;
    if (glm::length(s.v[2].w - s.v[0].w) > glm::length(s.v[1].w - s.v[0].w)) s.v[1] = s.v[2];
    if (glm::length(s.v[1].w - s.v[0].w) <= tol) s.count = 1;
    return epaTetrahedron(A, B, s, tol, flatNormal, retries - 1);
  }
  n /= len;
  flatNormal = n;
  const GjkVertex up = gjkSupport(A, B, n), down = gjkSupport(A, B, -n);
  const double offUp = glm::dot(up.w - a, n), offDown = -glm::dot(down.w - a, n);
  if (std::max(offUp, offDown) <= tol) return false;  // A - B is flat
  s.v[3] = offUp >= offDown ? up : down;
  s.count = 4;
  return true;
}

/// The barycentric weights of p in triangle abc (Ericson 3.4), for a p in its plane.
inline glm::dvec3 barycentric(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
  const glm::dvec3 v0 = b - a, v1 = c - a, v2 = p - a;
  const double d00 = glm::dot(v0, v0), d01 = glm::dot(v0, v1), d11 = glm::dot(v1, v1);
  const double d20 = glm::dot(v2, v0), d21 = glm::dot(v2, v1);
  const double denom = d00 * d11 - d01 * d01;
  if (!(std::abs(denom) > 0.0)) return {1.0, 0.0, 0.0};
  const double v = (d11 * d20 - d01 * d21) / denom, w = (d00 * d21 - d01 * d20) / denom;
  return {1.0 - v - w, v, w};
}

/// What EPA found on the cores: the depth, the outward normal of A - B's face (from A
/// toward B), the deepest points on the cores.
struct EpaOut {
  double depth = 0.0;
  glm::dvec3 normal{1.0, 0.0, 0.0};
  glm::dvec3 pointA{0.0}, pointB{0.0};
  int expansions = 0;
  EpaEnd end = EpaEnd::None;
};

template <class Rec>
EpaOut epa(const ConvexShape& A, const ConvexShape& B, GjkSimplex s, double& scale, Rec& rec) {
  EpaOut out;
  out.pointA = simplexPoint(s, &GjkVertex::a);
  out.pointB = simplexPoint(s, &GjkVertex::b);
  glm::dvec3 flatNormal(1.0, 0.0, 0.0);
  if (!epaTetrahedron(A, B, s, kGjkTolerance * scale, flatNormal)) {
    out.normal = flatNormal;
    out.end = EpaEnd::Flat;
    return out;
  }
  std::vector<GjkVertex> p(s.v.begin(), s.v.end());
  std::vector<EpaFace> faces;
  const glm::dvec3 centroid = 0.25 * (p[0].w + p[1].w + p[2].w + p[3].w);
  const int tet[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  for (const auto& t : tet) {
    EpaFace f = epaFace(p, t[0], t[1], t[2]);
    if (!f.degenerate && glm::dot(f.n, p[static_cast<std::size_t>(t[0])].w - centroid) < 0.0)
      f = epaFace(p, t[0], t[2], t[1]);
    faces.push_back(f);
  }
  const auto nearestFace = [&]() {
    int best = -1;
    for (std::size_t f = 0; f < faces.size(); ++f)
      if (!faces[f].degenerate && (best < 0 || faces[f].d < faces[static_cast<std::size_t>(best)].d))
        best = static_cast<int>(f);
    return best;
  };
  int nearest = nearestFace();
  out.end = EpaEnd::IterationLimit;
  std::vector<std::pair<int, int>> horizon;
  for (int e = 1; e <= kEpaMaxExpansions && nearest >= 0; ++e) {
    const EpaFace& f = faces[static_cast<std::size_t>(nearest)];
    const GjkVertex w = gjkSupport(A, B, f.n);
    scale = std::max(scale, 1.0 + std::max(largestCoordinate(w.a), largestCoordinate(w.b)));
    const double gain = glm::dot(w.w, f.n) - f.d;
    out.expansions = e;
    if constexpr (Rec::kEnabled) {
      EpaExpansionRow row;
      row.expansion = e;
      for (const EpaFace& g : faces)
        for (int q : g.v) row.triangles.push_back(glm::vec3(p[static_cast<std::size_t>(q)].w));
      row.nearest = nearest;
      row.normal = glm::vec3(f.n);
      row.distance = static_cast<float>(f.d);
      row.support = toSupportPoint(w);
      row.gain = static_cast<float>(gain);
      rec.epaExpansion(std::move(row));
    }
    if (gain <= kGjkTolerance * scale) {
      out.end = EpaEnd::Converged;
      break;
    }
    // Remove the faces w sees; the edges they share cancel, the rest are the horizon.
    horizon.clear();
    std::vector<EpaFace> keep;
    keep.reserve(faces.size() + 8);
    for (const EpaFace& g : faces) {
      const bool sees = !g.degenerate && glm::dot(g.n, w.w - p[static_cast<std::size_t>(g.v[0])].w) > 0.0;
      if (!sees) {
        keep.push_back(g);
        continue;
      }
      for (int q = 0; q < 3; ++q) {
        const int from = g.v[static_cast<std::size_t>(q)], to = g.v[static_cast<std::size_t>((q + 1) % 3)];
        const auto twin = std::find(horizon.begin(), horizon.end(), std::make_pair(to, from));
        if (twin != horizon.end())
          horizon.erase(twin);
        else
          horizon.emplace_back(from, to);
      }
    }
    if (keep.size() == faces.size() || keep.size() + horizon.size() > kEpaMaxFaces) {
      out.end = keep.size() == faces.size() ? EpaEnd::NoProgress : EpaEnd::IterationLimit;
      break;
    }
    p.push_back(w);
    const int added = static_cast<int>(p.size()) - 1;
    for (const auto& edge : horizon) keep.push_back(epaFace(p, edge.first, edge.second, added));
    faces = std::move(keep);
    nearest = nearestFace();
  }
  if (nearest < 0) {  // every face degenerate: nothing to measure against
    out.end = EpaEnd::Flat;
    return out;
  }
  const EpaFace& f = faces[static_cast<std::size_t>(nearest)];
  const glm::dvec3 onFace = f.n * f.d;
  const GjkVertex &a = p[static_cast<std::size_t>(f.v[0])], &b = p[static_cast<std::size_t>(f.v[1])],
                  &c = p[static_cast<std::size_t>(f.v[2])];
  const glm::dvec3 bc = barycentric(onFace, a.w, b.w, c.w);
  out.depth = std::max(0.0, f.d);
  out.normal = f.n;
  out.pointA = bc.x * a.a + bc.y * b.a + bc.z * c.a;
  out.pointB = bc.x * a.b + bc.y * b.b + bc.z * c.b;
  return out;
}

}  // namespace detail

/// GJK, then EPA when the cores meet: the distance and closest points of two convex shapes
/// apart, their depth and normal when they overlap (the top of this file). `id` names the
/// pair in the recorder.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult convexContact(const ConvexShape& A, const ConvexShape& B, Rec& rec, TestId id = TestId::ConvexConvex) {
  using detail::GjkVertex;
  ConvexResult out;
  if constexpr (Rec::kEnabled) rec.gjkBegin(id, A.radius, B.radius);
  if (A.count() == 0 || B.count() == 0) {
    if constexpr (Rec::kEnabled) rec.gjkResult(out);
    return out;
  }
  // Start from any point of A - B: the first points' difference.
  detail::GjkSimplex s;
  s.v[0] = GjkVertex{glm::dvec3(A.points()[0]), glm::dvec3(B.points()[0]),
                     glm::dvec3(A.points()[0]) - glm::dvec3(B.points()[0])};
  s.lambda[0] = 1.0;
  s.count = 1;
  double scale = 1.0 + std::max(detail::largestCoordinate(s.v[0].a), detail::largestCoordinate(s.v[0].b));
  glm::dvec3 v = s.v[0].w;
  double vv = glm::dot(v, v);
  GjkEnd end = GjkEnd::IterationLimit;
  const auto tol = [&]() { return kGjkTolerance * scale; };
  if (vv <= tol() * tol()) end = GjkEnd::Touching;
  for (int it = 1; end == GjkEnd::IterationLimit && it <= kGjkMaxIterations; ++it) {
    out.iterations = it;
    const GjkVertex w = detail::gjkSupport(A, B, -v);
    scale = std::max(scale, 1.0 + std::max(detail::largestCoordinate(w.a), detail::largestCoordinate(w.b)));
    const double vw = glm::dot(v, w.w);
    GjkIterationRow row;
    if constexpr (Rec::kEnabled) {
      row.iteration = it;
      row.simplexCount = s.count;
      for (int q = 0; q < s.count; ++q)
        row.simplex[static_cast<std::size_t>(q)] = detail::toSupportPoint(s.v[static_cast<std::size_t>(q)]);
      row.v = glm::vec3(v);
      row.direction = glm::vec3(-v);
      row.support = detail::toSupportPoint(w);
      row.distance = static_cast<float>(std::sqrt(vv));
      row.lowerBound = static_cast<float>(std::max(0.0, vw / std::sqrt(vv)));
    }
    const auto record = [&]() {
      if constexpr (Rec::kEnabled) {
        row.keptCount = s.count;
        for (int q = 0; q < s.count; ++q) {
          row.kept[static_cast<std::size_t>(q)] = detail::toSupportPoint(s.v[static_cast<std::size_t>(q)]);
          row.lambda[static_cast<std::size_t>(q)] = static_cast<float>(s.lambda[static_cast<std::size_t>(q)]);
        }
        row.closest = glm::vec3(v);
        rec.gjkIteration(row);
      }
    };
    // 2. Does w bring the origin nearer?
    if (vv - vw <= kGjkRelative * vv) {
      end = GjkEnd::Converged;
      record();
      break;
    }
    bool seen = false;
    for (int q = 0; q < s.count; ++q)
      seen = seen || (s.v[static_cast<std::size_t>(q)].a == w.a && s.v[static_cast<std::size_t>(q)].b == w.b);
    if (seen) {
      end = GjkEnd::NoProgress;
      record();
      break;
    }
    // 3. Add w; v becomes the simplex's point closest to the origin.
    s.v[static_cast<std::size_t>(s.count++)] = w;
    bool enclosed = false;
    if (s.count == 2)
      detail::closestOnSegment(s);
    else if (s.count == 3)
      detail::closestOnTriangle(s);
    else
      enclosed = detail::closestOnTetrahedron(s);
    const glm::dvec3 next = enclosed ? glm::dvec3(0.0) : detail::simplexPoint(s, &GjkVertex::w);
    const double nextVV = glm::dot(next, next);
    const bool shrank = nextVV < vv;
    v = next;
    vv = nextVV;
    record();
    if (enclosed)
      end = GjkEnd::Enclosed;
    else if (vv <= tol() * tol())
      end = GjkEnd::Touching;
    else if (!shrank)
      end = GjkEnd::NoProgress;
  }
  out.gjkEnd = end;
  if constexpr (Rec::kEnabled) rec.gjkStop(end, static_cast<float>(tol()));
  const double ra = A.radius, rb = B.radius;
  if (end == GjkEnd::Enclosed || end == GjkEnd::Touching) {
    // The cores meet: EPA on the cores, then the radii.
    const detail::EpaOut e = detail::epa(A, B, s, scale, rec);
    if constexpr (Rec::kEnabled) rec.epaStop(e.end);
    out.overlap = true;
    out.expansions = e.expansions;
    out.epaEnd = e.end;
    out.depth = static_cast<float>(e.depth + ra + rb);
    out.normal = glm::vec3(e.normal);
    out.pointA = glm::vec3(e.pointA + ra * e.normal);
    out.pointB = glm::vec3(e.pointB - rb * e.normal);
  } else {
    const glm::dvec3 pa = detail::simplexPoint(s, &GjkVertex::a), pb = detail::simplexPoint(s, &GjkVertex::b);
    const double dc = std::sqrt(vv);
    const glm::dvec3 n = -v / dc;  // v = pa - pb: from A toward B is -v
    const double gap = dc - ra - rb;
    out.coreDistance = static_cast<float>(dc);
    out.normal = glm::vec3(n);
    out.pointA = glm::vec3(pa + ra * n);
    out.pointB = glm::vec3(pb - rb * n);
    out.overlap = gap <= tol();
    if (out.overlap)
      out.depth = static_cast<float>(std::max(0.0, -gap));
    else
      out.distance = static_cast<float>(gap);
  }
  if constexpr (Rec::kEnabled) rec.gjkResult(out);
  return out;
}

/// The hull pairs: convexContact on the hull and the other shape's core, named for the
/// recorder. The hull is A.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullHull(const ConvexHull& a, const ConvexHull& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullHull);
}
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullAabb(const ConvexHull& a, const Aabb& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullAabb);
}
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullObb(const ConvexHull& a, const Obb& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullObb);
}
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullSphere(const ConvexHull& a, const Sphere& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullSphere);
}
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullCapsule(const ConvexHull& a, const Capsule& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullCapsule);
}
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullSegment(const ConvexHull& a, const Segment& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullSegment);
}
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
ConvexResult hullTriangle(const ConvexHull& a, const Triangle& b, Rec& rec) {
  return convexContact(convexOf(a), convexOf(b), rec, TestId::HullTriangle);
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
ConvexResult convexContact(const ConvexShape& a, const ConvexShape& b);
ConvexResult hullHull(const ConvexHull& a, const ConvexHull& b);
ConvexResult hullAabb(const ConvexHull& a, const Aabb& b);
ConvexResult hullObb(const ConvexHull& a, const Obb& b);
ConvexResult hullSphere(const ConvexHull& a, const Sphere& b);
ConvexResult hullCapsule(const ConvexHull& a, const Capsule& b);
ConvexResult hullSegment(const ConvexHull& a, const Segment& b);
ConvexResult hullTriangle(const ConvexHull& a, const Triangle& b);

}  // namespace satlab
