// Exact integer oracle (see exact_oracle.hpp).
#include "exact_oracle.hpp"

#include <algorithm>

namespace satlab::exact {

namespace {

using Matrix = std::array<std::array<Int, 4>, 4>;

/// The determinant of the leading n x n block, by expansion along the first row (n <= 4).
Int determinant(const Matrix& m, int n) {
  if (n == 1) return m[0][0];
  if (n == 2) return m[0][0] * m[1][1] - m[0][1] * m[1][0];
  Int det = 0;
  for (int col = 0; col < n; ++col) {
    Matrix minor{};
    for (int r = 1; r < n; ++r) {
      int c2 = 0;
      for (int c = 0; c < n; ++c) {
        if (c == col) continue;
        minor[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c2++)] =
            m[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      }
    }
    const Int term = m[0][static_cast<std::size_t>(col)] * determinant(minor, n - 1);
    det += (col % 2 == 0) ? term : -term;
  }
  return det;
}

/// Whether x = v.num / v.den satisfies c (v.den > 0).
bool satisfies(const Constraint& c, const Vertex& v, int n) {
  Int lhs = 0;
  for (int k = 0; k < n; ++k) lhs += c.a[static_cast<std::size_t>(k)] * v.num[static_cast<std::size_t>(k)];
  const Int rhs = c.b * v.den;
  return c.equality ? lhs == rhs : lhs <= rhs;
}

Constraint inequality(std::array<Int, 4> a, Int b) { return Constraint{a, b, false}; }
Constraint equality(std::array<Int, 4> a, Int b) { return Constraint{a, b, true}; }

Int component(const IVec& v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

/// u, v >= 0 and u + v <= 1 for the parameters at positions iu and iu + 1.
void addTriangleBounds(std::vector<Constraint>& cs, int iu) {
  std::array<Int, 4> a{};
  a[static_cast<std::size_t>(iu)] = -1;
  cs.push_back(inequality(a, 0));
  a = {};
  a[static_cast<std::size_t>(iu + 1)] = -1;
  cs.push_back(inequality(a, 0));
  a = {};
  a[static_cast<std::size_t>(iu)] = 1;
  a[static_cast<std::size_t>(iu + 1)] = 1;
  cs.push_back(inequality(a, 1));
}

}  // namespace

std::vector<Vertex> feasibleVertices(const std::vector<Constraint>& constraints, int n) {
  std::vector<Vertex> out;
  const int m = static_cast<int>(constraints.size());
  for (int mask = 0; mask < (1 << m); ++mask) {
    if (__builtin_popcount(static_cast<unsigned>(mask)) != n) continue;
    Matrix a{};
    std::array<Int, 4> rhs{};
    int row = 0;
    for (int i = 0; i < m; ++i) {
      if (!(mask & (1 << i))) continue;
      for (int k = 0; k < n; ++k) {
        a[static_cast<std::size_t>(row)][static_cast<std::size_t>(k)] =
            constraints[static_cast<std::size_t>(i)].a[static_cast<std::size_t>(k)];
      }
      rhs[static_cast<std::size_t>(row)] = constraints[static_cast<std::size_t>(i)].b;
      ++row;
    }
    const Int det = determinant(a, n);
    if (det == 0) continue;
    Vertex v;
    for (int k = 0; k < n; ++k) {  // Cramer: column k replaced by the right-hand side
      Matrix ak = a;
      for (int r = 0; r < n; ++r) {
        ak[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)] = rhs[static_cast<std::size_t>(r)];
      }
      v.num[static_cast<std::size_t>(k)] = determinant(ak, n);
    }
    v.den = det;
    if (det < 0) {
      v.den = -det;
      for (int k = 0; k < n; ++k) v.num[static_cast<std::size_t>(k)] = -v.num[static_cast<std::size_t>(k)];
    }
    bool ok = true;
    for (const Constraint& c : constraints) ok = ok && satisfies(c, v, n);
    if (ok) out.push_back(v);
  }
  return out;
}

bool meet(const IBox& box, const ITriangle& t) {
  // x = a + u e1 + v e2 in the box: lo_k <= a_k + u e1_k + v e2_k <= hi_k.
  const IVec e1 = t.b - t.a, e2 = t.c - t.a;
  std::vector<Constraint> cs;
  addTriangleBounds(cs, 0);
  for (int k = 0; k < 3; ++k) {
    const Int p = component(e1, k), q = component(e2, k), a = component(t.a, k);
    cs.push_back(inequality({p, q, 0, 0}, component(box.hi, k) - a));
    cs.push_back(inequality({-p, -q, 0, 0}, a - component(box.lo, k)));
  }
  return !feasibleVertices(cs, 2).empty();
}

bool meet(const ITriangle& ta, const ITriangle& tb) {
  // a + uA eA1 + vA eA2 = b + uB eB1 + vB eB2.
  const IVec a1 = ta.b - ta.a, a2 = ta.c - ta.a, b1 = tb.b - tb.a, b2 = tb.c - tb.a;
  std::vector<Constraint> cs;
  for (int k = 0; k < 3; ++k) {
    cs.push_back(equality({component(a1, k), component(a2, k), -component(b1, k), -component(b2, k)},
                          component(tb.a, k) - component(ta.a, k)));
  }
  addTriangleBounds(cs, 0);
  addTriangleBounds(cs, 2);
  return !feasibleVertices(cs, 4).empty();
}

bool segmentOnTriangle(const ISegment& s, const ITriangle& t, Rational* tEnter, Rational* tExit) {
  // p0 + t d = a + u e1 + v e2, parameters (t, u, v).
  const IVec d = s.p1 - s.p0, e1 = t.b - t.a, e2 = t.c - t.a;
  std::vector<Constraint> cs;
  for (int k = 0; k < 3; ++k) {
    cs.push_back(
        equality({component(d, k), -component(e1, k), -component(e2, k), 0}, component(t.a, k) - component(s.p0, k)));
  }
  cs.push_back(inequality({-1, 0, 0, 0}, 0));
  cs.push_back(inequality({1, 0, 0, 0}, 1));
  addTriangleBounds(cs, 1);
  const std::vector<Vertex> vs = feasibleVertices(cs, 3);
  if (vs.empty()) return false;
  Rational lo = vs[0].at(0), hi = lo;
  for (const Vertex& v : vs) {
    if (v.at(0) < lo) lo = v.at(0);
    if (hi < v.at(0)) hi = v.at(0);
  }
  *tEnter = lo;
  *tExit = hi;
  return true;
}

Rational squaredDistance(const IVec& p, const ITriangle& t) {
  // The vertices.
  Rational best{dot(p - t.a, p - t.a), 1};
  for (const IVec& v : {t.b, t.c}) {
    const Rational d{dot(p - v, p - v), 1};
    if (d < best) best = d;
  }
  // The feet on the edges, where they fall on them: |w|^2 - (w.d)^2 / |d|^2.
  const std::array<std::array<IVec, 2>, 3> edges = {{{t.a, t.b}, {t.b, t.c}, {t.c, t.a}}};
  for (const auto& e : edges) {
    const IVec d = e[1] - e[0], w = p - e[0];
    const Int dd = dot(d, d), s = dot(w, d);
    if (dd > 0 && s >= 0 && s <= dd) {
      const Rational r{dot(w, w) * dd - s * s, dd};
      if (r < best) best = r;
    }
  }
  // The foot on the plane, where it falls inside: (n . (p - a))^2 / |n|^2. It lies inside
  // when p is on the inner side of each edge, seen along n (the foot and p have the same
  // signed areas with the edges).
  const IVec n = cross(t.b - t.a, t.c - t.a);
  const Int nn = dot(n, n);
  if (nn > 0 && dot(n, cross(t.b - t.a, p - t.a)) >= 0 && dot(n, cross(t.c - t.b, p - t.b)) >= 0 &&
      dot(n, cross(t.a - t.c, p - t.c)) >= 0) {
    const Int h = dot(n, p - t.a);
    const Rational r{h * h, nn};
    if (r < best) best = r;
  }
  return best;
}

}  // namespace satlab::exact
