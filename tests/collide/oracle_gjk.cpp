// GJK distance oracle (see oracle_gjk.hpp).
#include "oracle_gjk.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab::oracle {

namespace {

using glm::dvec3;

dvec3 toD(const glm::vec3& v) { return dvec3(v); }

dvec3 supportOf(const Hull& h, const dvec3& dir) {
  int best = 0;
  double bestDot = glm::dot(h.points[0], dir);
  for (int i = 1; i < h.count; ++i) {
    const double d = glm::dot(h.points[i], dir);
    if (d > bestDot) {
      bestDot = d;
      best = i;
    }
  }
  return h.points[best];
}

// Solves the n x n system g x = rhs (n <= 3) by Gaussian elimination with partial pivoting.
// Returns false when the system is (numerically) singular.
bool solve(int n, double g[3][3], double rhs[3], double x[3], double scale) {
  for (int col = 0; col < n; ++col) {
    int piv = col;
    for (int r = col + 1; r < n; ++r)
      if (std::abs(g[r][col]) > std::abs(g[piv][col])) piv = r;
    if (std::abs(g[piv][col]) <= 1e-13 * scale) return false;
    if (piv != col) {
      for (int k = 0; k < n; ++k) std::swap(g[col][k], g[piv][k]);
      std::swap(rhs[col], rhs[piv]);
    }
    for (int r = col + 1; r < n; ++r) {
      const double f = g[r][col] / g[col][col];
      for (int k = col; k < n; ++k) g[r][k] -= f * g[col][k];
      rhs[r] -= f * rhs[col];
    }
  }
  for (int r = n - 1; r >= 0; --r) {
    double acc = rhs[r];
    for (int k = r + 1; k < n; ++k) acc -= g[r][k] * x[k];
    x[r] = acc / g[r][r];
  }
  return true;
}

// Closest point to the origin of the convex hull of w[0..n), n <= 4. Enumerates every
// subset; the affine closest point of a subset counts when its barycentric weights are all
// non-negative; the nearest such point is the answer. Keeps only that subset in w.
dvec3 closestOnSimplex(std::array<dvec3, 4>& w, int& n) {
  double bestD2 = std::numeric_limits<double>::infinity();
  dvec3 best(0.0);
  int bestMask = 1;
  for (int mask = 1; mask < (1 << n); ++mask) {
    int idx[4];
    int k = 0;
    for (int i = 0; i < n; ++i)
      if (mask & (1 << i)) idx[k++] = i;
    const dvec3 y0 = w[idx[0]];
    dvec3 p = y0;
    bool ok = true;
    if (k > 1) {
      dvec3 e[3];
      double scale = 0.0;
      for (int i = 1; i < k; ++i) {
        e[i - 1] = w[idx[i]] - y0;
        scale = std::max(scale, glm::dot(e[i - 1], e[i - 1]));
      }
      double g[3][3], rhs[3], mu[3] = {0, 0, 0};
      for (int i = 0; i < k - 1; ++i) {
        rhs[i] = -glm::dot(e[i], y0);
        for (int j = 0; j < k - 1; ++j) g[i][j] = glm::dot(e[i], e[j]);
      }
      if (!solve(k - 1, g, rhs, mu, scale)) continue;
      double l0 = 1.0;
      for (int i = 0; i < k - 1; ++i) {
        if (mu[i] < -1e-12) ok = false;
        l0 -= mu[i];
        p += mu[i] * e[i];
      }
      if (l0 < -1e-12) ok = false;
    }
    if (!ok) continue;
    const double d2 = glm::dot(p, p);
    if (d2 < bestD2) {
      bestD2 = d2;
      best = p;
      bestMask = mask;
    }
  }
  int m = 0;
  std::array<dvec3, 4> kept{};
  for (int i = 0; i < n; ++i)
    if (bestMask & (1 << i)) kept[m++] = w[i];
  w = kept;
  n = m;
  return best;
}

}  // namespace

Hull hullOf(const Aabb& b) {
  Obb o;
  o.center = b.center;
  o.half = b.half;
  return hullOf(o);
}

Hull hullOf(const Obb& b) {
  Hull h;
  h.count = 8;
  const dvec3 c = toD(b.center);
  const dvec3 ax[3] = {toD(b.axes[0]) * double(b.half.x), toD(b.axes[1]) * double(b.half.y),
                       toD(b.axes[2]) * double(b.half.z)};
  for (int i = 0; i < 8; ++i) {
    h.points[i] = c + ((i & 1) ? 1.0 : -1.0) * ax[0] + ((i & 2) ? 1.0 : -1.0) * ax[1] + ((i & 4) ? 1.0 : -1.0) * ax[2];
  }
  return h;
}

Hull hullOf(const Sphere& s) {
  Hull h;
  h.count = 1;
  h.points[0] = toD(s.center);
  h.radius = s.radius;
  return h;
}

Hull hullOf(const Segment& s) {
  Hull h;
  h.count = 2;
  h.points[0] = toD(s.p0);
  h.points[1] = toD(s.p1);
  return h;
}

Hull hullOfPoint(const glm::vec3& p) {
  Hull h;
  h.count = 1;
  h.points[0] = toD(p);
  return h;
}

double distance(const Hull& a, const Hull& b) {
  std::array<dvec3, 4> w{};
  int n = 0;
  dvec3 v = a.points[0] - b.points[0];
  double hullDist = 0.0;
  for (int iter = 0; iter < 200; ++iter) {
    const double vv = glm::dot(v, v);
    if (vv <= 1e-28) {
      hullDist = 0.0;
      break;
    }
    const dvec3 s = supportOf(a, -v) - supportOf(b, v);  // support of A - B along -v
    hullDist = std::sqrt(vv);
    if (vv - glm::dot(v, s) <= 1e-13 * vv) break;  // no progress: v is the closest point
    bool duplicate = false;
    for (int i = 0; i < n; ++i)
      if (w[i] == s) duplicate = true;
    if (duplicate) break;
    w[n++] = s;
    v = closestOnSimplex(w, n);
    if (n == 4) {  // the origin is inside a tetrahedron of A - B
      hullDist = 0.0;
      v = dvec3(0.0);
      break;
    }
    hullDist = std::sqrt(glm::dot(v, v));
  }
  return std::max(0.0, hullDist - a.radius - b.radius);
}

Hull shrunk(const Hull& h, double factor) {
  dvec3 c(0.0);
  for (int i = 0; i < h.count; ++i) c += h.points[i];
  c /= double(h.count);
  Hull out = h;
  for (int i = 0; i < h.count; ++i) out.points[i] = c + (h.points[i] - c) * factor;
  out.radius = h.radius * factor;
  return out;
}

double sizeOf(const Hull& h) {
  dvec3 c(0.0);
  for (int i = 0; i < h.count; ++i) c += h.points[i];
  c /= double(h.count);
  double r = 0.0;
  for (int i = 0; i < h.count; ++i) r = std::max(r, glm::length(h.points[i] - c));
  return r + h.radius;
}

}  // namespace satlab::oracle
