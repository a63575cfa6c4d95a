// The volumes built from a convex hull given as data (hull_volumes.hpp): the hull's own
// volume, the area-weighted covariance OBB (Gottschalk 2000; Ericson 4.4.3) and the minimum
// enclosing sphere (Welzl 1991). The minimum-volume OBB is in hull_min_obb.cpp.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>

#include "obb_fit.hpp"
#include "satlab/collide/eigen_sym3.hpp"
#include "satlab/collide/hull_volumes.hpp"

namespace satlab {

namespace {

bool allFinite(const std::vector<glm::dvec3>& points) {
  for (const glm::dvec3& p : points)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return false;
  return true;
}

// Each triangle whose three indices name vertices of the hull; others are skipped.
template <class F>
void forEachHullTriangle(const ConvexPolyhedron& hull, F f) {
  const std::size_t n = hull.vertices.size();
  for (const std::array<std::uint32_t, 3>& t : hull.triangles) {
    if (t[0] >= n || t[1] >= n || t[2] >= n) continue;
    f(hull.vertices[t[0]], hull.vertices[t[1]], hull.vertices[t[2]]);
  }
}

// The mean of the vertices: the reference point the sums below are taken about, so a hull
// far from the origin keeps its digits.
glm::dvec3 vertexMean(const std::vector<glm::dvec3>& points) {
  glm::dvec3 sum(0.0);
  for (const glm::dvec3& p : points) sum += p;
  return points.empty() ? sum : sum / static_cast<double>(points.size());
}

}  // namespace

// ---- Volume ------------------------------------------------------------------------------

// Divergence theorem: the volume is the sum over the outward-facing triangles of the signed
// volumes of the tetrahedra they make with a reference point o,
//   V = 1/6 sum (a - o) . ((b - o) x (c - o)).
// Any o gives the same sum for a closed surface; the vertices' mean keeps the terms small.
double polyhedronVolume(const ConvexPolyhedron& hull) {
  if (!allFinite(hull.vertices)) return 0.0;
  const glm::dvec3 o = vertexMean(hull.vertices);
  double sixV = 0.0;
  forEachHullTriangle(hull, [&](const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c) {
    sixV += glm::dot(a - o, glm::cross(b - o, c - o));
  });
  return std::max(0.0, sixV / 6.0);  // a flat hull's fan sums to (about) 0
}

// ---- Area-weighted covariance OBB ------------------------------------------------------------

namespace detail {

// The box of a hull without triangles: its vertices are collinear (or one point). Axis 0
// runs along the segment between the two vertices farthest apart (found from vertex 0's
// farthest vertex, which is an end of a collinear set); the other two complete the frame.
Obb segmentBox(const std::vector<glm::dvec3>& points) {
  if (points.empty()) return Obb{};
  const auto farthestFrom = [&](const glm::dvec3& q) {
    std::size_t best = 0;
    double bestSq = -1.0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const double d = glm::dot(points[i] - q, points[i] - q);
      if (d > bestSq) {
        bestSq = d;
        best = i;
      }
    }
    return points[best];
  };
  const glm::dvec3 a = farthestFrom(points[0]);
  const glm::dvec3 b = farthestFrom(a);
  const glm::dvec3 d = b - a;
  const double len = glm::length(d);
  const glm::dmat3 axes = len > 0.0 ? frameAround(d / len) : glm::dmat3(1.0);
  return obbOnAxes(axes, a, [&](auto project) {
    for (const glm::dvec3& p : points) project(p);
  });
}

void containInFloat(Obb& box, const std::vector<glm::dvec3>& points) {
  const glm::dvec3 c(box.center);
  const glm::dmat3 axes(box.axes);
  glm::dvec3 need(0.0);
  for (const glm::dvec3& p : points)
    for (int i = 0; i < 3; ++i) need[i] = std::max(need[i], std::fabs(glm::dot(p - c, axes[i])));
  for (int i = 0; i < 3; ++i) {
    float h = static_cast<float>(need[i]);
    if (static_cast<double>(h) < need[i]) h = std::nextafter(h, std::numeric_limits<float>::infinity());
    box.half[i] = std::max(box.half[i], h);
  }
}

}  // namespace detail

// Gottschalk 2000 ("Collision queries using oriented bounding boxes", the continuous
// covariance of the hull's surface); Ericson, Real-Time Collision Detection, 4.4.3.
// Triangle i, with corners p, q, r, area A_i and centroid m_i = (p + q + r) / 3, spreads its
// area evenly over its surface; over all of them (total area A_H):
//   m_H  = 1/A_H sum A_i m_i,
//   C_jk = 1/A_H sum A_i/12 (9 m_ij m_ik + p_j p_k + q_j q_k + r_j r_k) - m_Hj m_Hk,
// the second moment of a uniform triangle being (9 m m^T + p p^T + q q^T + r r^T) / 12.
// A triangle cut into smaller ones keeps its total area and moment, so tessellation cannot
// pull the axes (the vertex covariance of obbFromTriangles counts vertices instead).
// The sums are taken about the vertices' mean o (every point below is relative to it).
Obb obbFromHullAreaWeighted(const ConvexPolyhedron& hull) {
  if (!allFinite(hull.vertices)) return Obb{};
  const glm::dvec3 o = vertexMean(hull.vertices);

  double areaSum = 0.0;
  glm::dvec3 meanSum(0.0);
  glm::dmat3 momentSum(0.0);
  forEachHullTriangle(hull, [&](const glm::dvec3& pw, const glm::dvec3& qw, const glm::dvec3& rw) {
    const glm::dvec3 p = pw - o, q = qw - o, r = rw - o;
    const double area = 0.5 * glm::length(glm::cross(q - p, r - p));
    if (!(area > 0.0)) return;  // a triangle without area carries no surface
    const glm::dvec3 m = (p + q + r) / 3.0;
    areaSum += area;
    meanSum += area * m;
    // glm's outerProduct(a, b)[col][row] = a[row] b[col]: symmetric here.
    momentSum += (area / 12.0) * (9.0 * glm::outerProduct(m, m) + glm::outerProduct(p, p) + glm::outerProduct(q, q) +
                                  glm::outerProduct(r, r));
  });
  if (!(areaSum > 0.0)) {  // collinear, one point, none
    Obb box = detail::segmentBox(hull.vertices);
    detail::containInFloat(box, hull.vertices);
    return box;
  }  // collinear, one point, none

  const glm::dvec3 mean = meanSum / areaSum;
  const glm::dmat3 covariance = momentSum / areaSum - glm::outerProduct(mean, mean);

  // As in obbFromTriangles: the eigenvectors (decreasing variance, right-handed) are the
  // axes; the extents come from the hull's vertices on them.
  const SymmetricEigen3 eig = eigenSymmetric3(covariance);
  Obb box = detail::obbOnAxes(eig.vectors, o + mean, [&](auto project) {
    for (const glm::dvec3& v : hull.vertices) project(v);
  });
  detail::containInFloat(box, hull.vertices);
  return box;
}

// ---- Minimum enclosing sphere ------------------------------------------------------------------

namespace {

// A ball as centre and squared radius; r2 < 0 is the empty ball.
struct Ball {
  glm::dvec3 c{0.0};
  double r2 = -1.0;
};

// Inside, with a relative allowance of 1e-12 of the squared radius for the rounding of the
// support computations (a point on the sphere counts as inside).
bool inside(const Ball& b, const glm::dvec3& p) {
  const glm::dvec3 d = p - b.c;
  return glm::dot(d, d) <= b.r2 * (1.0 + 1e-12);
}

Ball ballOf(const glm::dvec3* s, int n);

// A support set without a sphere through all its points (three collinear points, four
// coplanar ones, repeated points): the smallest ball of one of its subsets that holds them
// all. Only rounding produces such sets; the final pass makes the sphere hold every point.
Ball ballOfDegenerate(const glm::dvec3* s, int n) {
  Ball best;
  for (int skip = 0; skip < n; ++skip) {
    glm::dvec3 sub[4];
    int k = 0;
    for (int i = 0; i < n; ++i)
      if (i != skip) sub[k++] = s[i];
    const Ball b = ballOf(sub, k);
    bool all = true;
    for (int i = 0; i < n; ++i) all = all && inside(b, s[i]);
    if (all && (best.r2 < 0.0 || b.r2 < best.r2)) best = b;
  }
  if (best.r2 < 0.0) {  // cannot happen for n >= 2 (the farthest pair's ball holds a segment)
    best.c = s[0];
    for (int i = 0; i < n; ++i) best.r2 = std::max(best.r2, glm::dot(s[i] - s[0], s[i] - s[0]));
  }
  return best;
}

// The smallest ball with the n <= 4 points on its boundary (the circumsphere of the
// simplex they span), in coordinates relative to s[0]:
//   n = 2: the midpoint;
//   n = 3: c = (|a|^2 (b x (a x b)) + |b|^2 ((a x b) x a)) / (2 |a x b|^2),  a = s1 - s0, b = s2 - s0;
//   n = 4: the solution of 2 [a; b; d] c = (|a|^2, |b|^2, |d|^2), by Cramer's rule.
Ball ballOf(const glm::dvec3* s, int n) {
  Ball b;
  if (n <= 0) return b;
  b.c = s[0];
  b.r2 = 0.0;
  if (n == 1) return b;
  const glm::dvec3 a = s[1] - s[0];
  if (n == 2) {
    b.c = s[0] + 0.5 * a;
    b.r2 = 0.25 * glm::dot(a, a);
    return b;
  }
  const glm::dvec3 bb = s[2] - s[0];
  if (n == 3) {
    const glm::dvec3 axb = glm::cross(a, bb);
    const double den = 2.0 * glm::dot(axb, axb);
    if (!(den > 1e-20 * glm::dot(a, a) * glm::dot(bb, bb))) return ballOfDegenerate(s, n);
    const glm::dvec3 c = (glm::dot(a, a) * glm::cross(bb, axb) + glm::dot(bb, bb) * glm::cross(axb, a)) / den;
    b.c = s[0] + c;
    b.r2 = glm::dot(c, c);
    return b;
  }
  const glm::dvec3 d = s[3] - s[0];
  const double det = 2.0 * glm::dot(a, glm::cross(bb, d));
  const double scale = glm::length(a) * glm::length(bb) * glm::length(d);
  if (!(std::fabs(det) > 1e-10 * scale)) return ballOfDegenerate(s, n);
  // Cramer: c = (|a|^2 (b x d) + |b|^2 (d x a) + |d|^2 (a x b)) / det.
  const glm::dvec3 c =
      (glm::dot(a, a) * glm::cross(bb, d) + glm::dot(bb, bb) * glm::cross(d, a) + glm::dot(d, d) * glm::cross(a, bb)) /
      det;
  b.c = s[0] + c;
  b.r2 = glm::dot(c, c);
  return b;
}

}  // namespace

// Welzl 1991 ("Smallest enclosing disks (balls and ellipsoids)"), its recursion written as
// four nested loops, one per point the sphere is known to pass through: the smallest ball
// of the first i points either holds point i, or has point i on its boundary, and then it is
// the smallest ball of the first i points with point i fixed on the boundary, found the same
// way with one more fixed point (at most four fix a sphere). In a random order a point
// falls outside only rarely, so the expected time is linear; the order is a shuffle with a
// fixed seed, so a set always gets the same sphere.
Sphere minimumSphere(const std::vector<glm::vec3>& points) {
  if (points.empty()) return Sphere{};
  for (const glm::vec3& p : points)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return Sphere{};

  // Relative to the first point, in double.
  const glm::dvec3 origin(points[0]);
  std::vector<glm::dvec3> p(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) p[i] = glm::dvec3(points[i]) - origin;
  std::mt19937 gen(0x5eed1991u);
  std::shuffle(p.begin(), p.end(), gen);

  Ball ball;
  glm::dvec3 s[4];
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (inside(ball, p[i])) continue;
    s[0] = p[i];
    ball = ballOf(s, 1);
    for (std::size_t j = 0; j < i; ++j) {
      if (inside(ball, p[j])) continue;
      s[1] = p[j];
      ball = ballOf(s, 2);
      for (std::size_t k = 0; k < j; ++k) {
        if (inside(ball, p[k])) continue;
        s[2] = p[k];
        ball = ballOf(s, 3);
        for (std::size_t l = 0; l < k; ++l) {
          if (inside(ball, p[l])) continue;
          s[3] = p[l];
          ball = ballOf(s, 4);
        }
      }
    }
  }

  // Containment in float, as boundingSphereRitter: the largest float distance from the
  // float centre to any point, rounded up by one ulp.
  Sphere out;
  out.center = glm::vec3(origin + ball.c);
  float r = 0.0f;
  for (const glm::vec3& q : points) r = std::max(r, glm::length(q - out.center));
  out.radius = std::nextafter(r, std::numeric_limits<float>::infinity());
  return out;
}

}  // namespace satlab
