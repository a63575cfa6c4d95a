// The hull's volume, the area-weighted covariance OBB and the minimum enclosing sphere
// (hull_volumes.cpp). The minimum OBB is in test_hull_volumes_min_obb.cpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "hull_shapes.hpp"
#include "satlab/collide/builders.hpp"
#include "satlab/collide/hull_volumes.hpp"

namespace satlab {
namespace {

using hulltest::boxCorners;
using hulltest::naiveHull;

// ---- Volume ----------------------------------------------------------------------------

TEST(HullVolume, UnitCubeTetrahedronAndFlat) {
  EXPECT_NEAR(polyhedronVolume(naiveHull(boxCorners(glm::dvec3(0.5), glm::dmat3(1.0), glm::dvec3(0.0)))), 1.0, 1e-12);
  const ConvexPolyhedron tet = naiveHull(std::vector<glm::dvec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  EXPECT_EQ(tet.triangles.size(), 4u);
  EXPECT_NEAR(polyhedronVolume(tet), 1.0 / 6.0, 1e-12);
  const ConvexPolyhedron square = naiveHull(std::vector<glm::dvec3>{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
  EXPECT_EQ(polyhedronVolume(square), 0.0);
  EXPECT_EQ(polyhedronVolume(ConvexPolyhedron{}), 0.0);
}

TEST(HullVolume, TurnedBoxFarFromTheOriginKeepsItsDigits) {
  std::mt19937_64 gen(7);
  const glm::dmat3 rot = hulltest::randomRotation(gen);
  const ConvexPolyhedron box = naiveHull(boxCorners({1.5, 0.25, 2.0}, rot, {1e5, -2e5, 3e5}));
  EXPECT_NEAR(polyhedronVolume(box), 3.0 * 0.5 * 4.0, 1e-6);
}

TEST(HullVolume, OutOfRangeAndZeroAreaTrianglesAddNothing) {
  ConvexPolyhedron tet = naiveHull(std::vector<glm::dvec3>{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}});
  tet.triangles.push_back({0, 0, 1});   // no area
  tet.triangles.push_back({0, 1, 99});  // index out of range
  EXPECT_NEAR(polyhedronVolume(tet), 8.0 / 6.0, 1e-12);
}

// ---- Area-weighted covariance OBB ---------------------------------------------------------

TEST(HullAreaWeighted, UnitCubeIsItsOwnBox) {
  const Obb b = obbFromHullAreaWeighted(naiveHull(boxCorners(glm::dvec3(0.5), glm::dmat3(1.0), glm::dvec3(0.0))));
  EXPECT_TRUE(hulltest::orthonormal(b.axes, 1e-5f));
  EXPECT_NEAR(hulltest::obbVolume(b), 1.0,
              1e-5);  // any frame of a cube's (repeated) eigenvalues is tight only on its axes
}

// A 3 x 2 x 1 box whose top face is cut finely in its x > 0 half only (an 16 x 16 grid there,
// two triangles on the other half). The surface is the same box, so the area-weighted axes
// are the box's and its OBB is the box (volume 6); the vertex covariance (the 2010 paper's
// obbFromTriangles) counts the many top vertices on one side, tilts its axes in the xz plane
// and gives a visibly larger box.
struct TessellatedBox {
  std::vector<glm::vec3> positions;
  std::vector<std::uint32_t> indices;
  ConvexPolyhedron hull;
};

TessellatedBox tessellatedBox() {
  TessellatedBox t;
  const glm::vec3 h(1.5f, 1.0f, 0.5f);
  const auto add = [&](glm::vec3 p) {
    t.positions.push_back(p);
    return static_cast<std::uint32_t>(t.positions.size() - 1);
  };
  const auto tri = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    t.indices.insert(t.indices.end(), {a, b, c});
  };
  // Corners 0..7: bit 0 x, bit 1 y, bit 2 z.
  for (int k = 0; k < 8; ++k) add({(k & 1) ? h.x : -h.x, (k & 2) ? h.y : -h.y, (k & 4) ? h.z : -h.z});
  const auto quad = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {  // counter-clockwise
    tri(a, b, c);
    tri(a, c, d);
  };
  quad(0, 2, 3, 1);  // bottom (-z)
  quad(0, 1, 5, 4);  // -y
  quad(2, 6, 7, 3);  // +y
  quad(0, 4, 6, 2);  // -x
  quad(1, 3, 7, 5);  // +x
  // Top (+z): the x < 0 half as one quad from (-1.5, -1) to (0, 1), the x > 0 half as a grid.
  const int n = 16;
  std::vector<std::uint32_t> grid((n + 1) * (n + 1));
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      const float x = h.x * static_cast<float>(i) / n, y = -h.y + 2.0f * h.y * static_cast<float>(j) / n;
      if (i == n && j == 0)
        grid[0 * (n + 1) + i] = 5;
      else if (i == n && j == n)
        grid[j * (n + 1) + i] = 7;
      else
        grid[static_cast<std::size_t>(j * (n + 1) + i)] = add({x, y, h.z});
    }
  const auto g = [&](int i, int j) { return grid[static_cast<std::size_t>(j * (n + 1) + i)]; };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) quad(g(i, j), g(i + 1, j), g(i + 1, j + 1), g(i, j + 1));
  // The left half's quad: corners 4 (-x,-y), bottom of the grid's first column, its top, 6 (-x,+y),
  // fanned around corner 4 along the grid's left column.
  for (int j = 0; j < n; ++j) tri(4, g(0, j), g(0, j + 1));
  tri(4, g(0, n), 6);
  for (const glm::vec3& p : t.positions) t.hull.vertices.push_back(glm::dvec3(p));
  for (std::size_t i = 0; i + 2 < t.indices.size(); i += 3)
    t.hull.triangles.push_back({t.indices[i], t.indices[i + 1], t.indices[i + 2]});
  return t;
}

TEST(HullAreaWeighted, TessellationCannotPullTheAxesButVertexCovarianceIsPulled) {
  const TessellatedBox t = tessellatedBox();
  ASSERT_NEAR(polyhedronVolume(t.hull), 6.0, 1e-6);  // the mesh is the closed box
  const Obb area = obbFromHullAreaWeighted(t.hull);
  const Obb vertex = obbFromTriangles(t.positions, t.indices);
  EXPECT_NEAR(hulltest::obbVolume(area), 6.0, 1e-4);
  EXPECT_GT(hulltest::obbVolume(vertex), 6.0 * 1.05);
  // The same box without the fine grid gives the same area-weighted box.
  const Obb coarse = obbFromHullAreaWeighted(naiveHull(boxCorners({1.5, 1.0, 0.5}, glm::dmat3(1.0), glm::dvec3(0.0))));
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(coarse.half[i], area.half[i], 1e-5f) << i;
  for (const glm::dvec3& p : t.hull.vertices) EXPECT_LE(hulltest::obbExcess(area, p), 0.0);
}

TEST(HullAreaWeighted, TurnedBoxesGiveTheirOwnFrame) {
  std::mt19937_64 gen(11);
  for (int trial = 0; trial < 20; ++trial) {
    const glm::dmat3 rot = hulltest::randomRotation(gen);
    const glm::dvec3 half(2.0, 1.0, 0.3);
    const ConvexPolyhedron hull = naiveHull(boxCorners(half, rot, {3.0, -1.0, 2.0}));
    const Obb b = obbFromHullAreaWeighted(hull);
    EXPECT_TRUE(hulltest::orthonormal(b.axes, 1e-5f));
    EXPECT_NEAR(hulltest::obbVolume(b), 8.0 * 2.0 * 1.0 * 0.3, 1e-4);
    for (const glm::dvec3& p : hull.vertices) EXPECT_LE(hulltest::obbExcess(b, p), 0.0);
  }
}

TEST(HullAreaWeighted, DegenerateHullsGiveFlatBoxesNeverNaN) {
  // Empty.
  const Obb empty = obbFromHullAreaWeighted(ConvexPolyhedron{});
  EXPECT_TRUE(hulltest::finiteObb(empty));
  EXPECT_EQ(empty.half, glm::vec3(0.0f));
  // One point.
  ConvexPolyhedron point;
  point.vertices = {{1.0, 2.0, 3.0}};
  const Obb p = obbFromHullAreaWeighted(point);
  EXPECT_TRUE(hulltest::finiteObb(p));
  EXPECT_EQ(p.center, glm::vec3(1, 2, 3));
  EXPECT_EQ(p.half, glm::vec3(0.0f));
  // Collinear: a box along the segment, zero across.
  const ConvexPolyhedron seg = naiveHull(std::vector<glm::dvec3>{{0, 0, 0}, {1, 1, 1}, {3, 3, 3}, {2, 2, 2}});
  ASSERT_EQ(seg.vertices.size(), 2u);
  const Obb s = obbFromHullAreaWeighted(seg);
  EXPECT_TRUE(hulltest::finiteObb(s));
  EXPECT_TRUE(hulltest::orthonormal(s.axes, 1e-5f));
  EXPECT_NEAR(s.half.x, 1.5f * std::sqrt(3.0f), 1e-5f);
  EXPECT_LE(s.half.y + s.half.z, 1e-6f);
  for (const glm::dvec3& v : seg.vertices) EXPECT_LE(hulltest::obbExcess(s, v), 0.0);
  // Coplanar: the fan's area; zero thickness.
  const ConvexPolyhedron flat =
      naiveHull(std::vector<glm::dvec3>{{0, 0, 1}, {2, 0, 1}, {2, 1, 1}, {0, 1, 1}, {1, 0.5, 1}});
  const Obb f = obbFromHullAreaWeighted(flat);
  EXPECT_TRUE(hulltest::finiteObb(f));
  EXPECT_NEAR(hulltest::obbVolume(f), 0.0, 1e-9);
  EXPECT_NEAR(4.0 * f.half.x * f.half.y, 2.0, 1e-5);
  // Triangles without area only, over collinear points: the segment box.
  ConvexPolyhedron zero = seg;
  zero.vertices.push_back({0.5, 0.5, 0.5});
  zero.triangles = {{0, 1, 2}, {2, 1, 0}};
  const Obb z = obbFromHullAreaWeighted(zero);
  EXPECT_TRUE(hulltest::finiteObb(z));
  for (const glm::dvec3& v : zero.vertices) EXPECT_LE(hulltest::obbExcess(z, v), 0.0);
  // Non-finite vertices: the empty box.
  ConvexPolyhedron bad = seg;
  bad.vertices[0].x = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(hulltest::finiteObb(obbFromHullAreaWeighted(bad)));
}

// ---- Minimum enclosing sphere -----------------------------------------------------------------

// The smallest sphere by brute force: for every 2-, 3- and 4-point subset, the smallest sphere
// with those points on its boundary (the centre in the subset's affine hull), kept if it holds
// every point; the least of those (and the one point's sphere for a single point).
double bruteForceRadius(const std::vector<glm::vec3>& pf) {
  std::vector<glm::dvec3> p(pf.begin(), pf.end());
  const std::size_t n = p.size();
  double best = std::numeric_limits<double>::infinity();
  const auto tryBall = [&](const glm::dvec3& c, double r) {
    for (const glm::dvec3& q : p)
      if (glm::length(q - c) > r * (1.0 + 1e-9) + 1e-12) return;
    best = std::min(best, r);
  };
  if (n == 1) return 0.0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      tryBall(0.5 * (p[i] + p[j]), 0.5 * glm::length(p[j] - p[i]));
      for (std::size_t k = j + 1; k < n; ++k) {
        // Circumcentre of the triangle, in its plane: c = p_i + s a + t b with
        // [a.a a.b; a.b b.b] (s, t) = (a.a, b.b) / 2.
        const glm::dvec3 a = p[j] - p[i], b = p[k] - p[i];
        const double aa = glm::dot(a, a), ab = glm::dot(a, b), bb = glm::dot(b, b), det = aa * bb - ab * ab;
        if (std::fabs(det) > 1e-12 * aa * bb) {
          const double s = 0.5 * (aa * bb - ab * bb) / det, t = 0.5 * (aa * bb - ab * aa) / det;
          const glm::dvec3 c = p[i] + s * a + t * b;
          tryBall(c, glm::length(c - p[i]));
        }
        for (std::size_t l = k + 1; l < n; ++l) {
          const glm::dvec3 d = p[l] - p[i];
          const glm::dmat3 m = glm::transpose(glm::dmat3(a, b, d));  // rows a, b, d
          const double dm = glm::determinant(m);
          if (std::fabs(dm) < 1e-12 * glm::length(a) * glm::length(b) * glm::length(d)) continue;
          const glm::dvec3 c = p[i] + glm::inverse(m) * (0.5 * glm::dvec3(aa, bb, glm::dot(d, d)));
          tryBall(c, glm::length(c - p[i]));
        }
      }
    }
  return best;
}

void expectHoldsAll(const Sphere& s, const std::vector<glm::vec3>& pts) {
  for (const glm::vec3& p : pts) EXPECT_LE(glm::length(p - s.center), s.radius) << p.x << " " << p.y << " " << p.z;
}

TEST(MinimumSphere, MatchesBruteForceOnSmallRandomSets) {
  std::mt19937_64 gen(1991);
  std::uniform_real_distribution<float> u(-3.0f, 3.0f);
  std::uniform_int_distribution<int> count(1, 9);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<glm::vec3> pts(static_cast<std::size_t>(count(gen)));
    for (glm::vec3& p : pts) p = {u(gen), u(gen), u(gen)};
    const Sphere s = minimumSphere(pts);
    expectHoldsAll(s, pts);
    const double ref = bruteForceRadius(pts);
    EXPECT_NEAR(s.radius, ref, 1e-5 * std::max(1.0, ref)) << "trial " << trial;
    EXPECT_LE(s.radius, boundingSphereRitter(pts).radius * (1.0f + 1e-6f)) << "trial " << trial;
  }
}

TEST(MinimumSphere, NeverLargerThanRittersOnLargerSets) {
  std::mt19937_64 gen(5);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  int smaller = 0;
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<glm::vec3> pts(500);
    for (glm::vec3& p : pts) p = {u(gen) * 3.0f, u(gen), u(gen) * 0.5f};
    const Sphere s = minimumSphere(pts);
    const Sphere r = boundingSphereRitter(pts);
    expectHoldsAll(s, pts);
    EXPECT_LE(s.radius, r.radius * (1.0f + 1e-6f));
    smaller += s.radius < r.radius * 0.999f;
  }
  EXPECT_GT(smaller, 25);  // Ritter's is usually visibly larger
}

TEST(MinimumSphere, DegenerateSets) {
  EXPECT_EQ(minimumSphere({}).radius, 0.0f);
  // One point, and the same point many times.
  const Sphere one = minimumSphere({{1, 2, 3}});
  EXPECT_EQ(one.center, glm::vec3(1, 2, 3));
  EXPECT_LE(one.radius, 1e-6f);
  const Sphere same = minimumSphere(std::vector<glm::vec3>(50, glm::vec3(-4, 5, 6)));
  EXPECT_EQ(same.center, glm::vec3(-4, 5, 6));
  EXPECT_LE(same.radius, 1e-5f);
  // Two points repeated: the diameter.
  std::vector<glm::vec3> two;
  for (int i = 0; i < 20; ++i) two.push_back(i % 2 ? glm::vec3(0, 0, 0) : glm::vec3(2, 0, 0));
  const Sphere t = minimumSphere(two);
  EXPECT_NEAR(t.radius, 1.0f, 1e-5f);
  EXPECT_NEAR(t.center.x, 1.0f, 1e-5f);
  // Collinear points.
  std::vector<glm::vec3> line;
  for (int i = 0; i <= 30; ++i) line.push_back(glm::vec3(1, 2, 3) * (static_cast<float>(i) / 10.0f));
  const Sphere l = minimumSphere(line);
  expectHoldsAll(l, line);
  EXPECT_NEAR(l.radius, 1.5f * std::sqrt(14.0f), 1e-4f);
  // Coplanar points on a circle (many four-point sets with no sphere through them all).
  std::vector<glm::vec3> circle;
  for (int i = 0; i < 64; ++i) {
    const float a = 6.2831853f * static_cast<float>(i) / 64.0f;
    circle.push_back({2.0f * std::cos(a), 2.0f * std::sin(a), 1.0f});
  }
  circle.insert(circle.end(), circle.begin(), circle.begin() + 10);  // duplicates
  const Sphere c = minimumSphere(circle);
  expectHoldsAll(c, circle);
  EXPECT_NEAR(c.radius, 2.0f, 1e-4f);
  EXPECT_NEAR(c.center.z, 1.0f, 1e-4f);
  // Coplanar grid, with duplicates.
  std::vector<glm::vec3> grid;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) grid.push_back({static_cast<float>(i), static_cast<float>(j), 0.0f});
  grid.insert(grid.end(), grid.begin(), grid.end());
  const Sphere g = minimumSphere(grid);
  expectHoldsAll(g, grid);
  EXPECT_NEAR(g.radius, 2.0f * std::sqrt(2.0f), 1e-4f);
  // Non-finite input: the empty sphere.
  EXPECT_EQ(minimumSphere({{0, 0, 0}, {std::numeric_limits<float>::infinity(), 0, 0}}).radius, 0.0f);
}

TEST(MinimumSphere, SameSetSameSphere) {
  std::mt19937_64 gen(3);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<glm::vec3> pts(1000);
  for (glm::vec3& p : pts) p = {u(gen), u(gen), u(gen)};
  const Sphere a = minimumSphere(pts), b = minimumSphere(pts);
  EXPECT_EQ(a.center, b.center);
  EXPECT_EQ(a.radius, b.radius);
}

TEST(MinimumSphere, RegularTetrahedronAndFarFromTheOrigin) {
  const glm::vec3 off(1e4f, -2e4f, 5e3f);
  std::vector<glm::vec3> tet = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
  for (glm::vec3& p : tet) p += off;
  const Sphere s = minimumSphere(tet);
  expectHoldsAll(s, tet);
  EXPECT_NEAR(s.radius, std::sqrt(3.0f), 1e-2f);  // float inputs 1e4 out: about 1e-3 absolute
  EXPECT_NEAR(glm::length(s.center - off), 0.0f, 1e-2f);
}

}  // namespace
}  // namespace satlab
