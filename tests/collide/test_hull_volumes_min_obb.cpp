// The minimum-volume OBB (hull_min_obb.cpp, Jylanki 2015) against an exhaustive search on
// small hulls, and that search against a dense random search over rotations.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "hull_shapes.hpp"
#include "satlab/collide/builders.hpp"
#include "satlab/collide/hull_volumes.hpp"

namespace satlab {
namespace {

using hulltest::boxCorners;
using hulltest::naiveHull;
using hulltest::obbVolume;

// The volume of the tightest box with axes n1, n2 and n1 x n2 (n1, n2 unit and perpendicular).
double boxVolumeOn(const std::vector<glm::dvec3>& pts, const glm::dvec3& n1, const glm::dvec3& n2) {
  const glm::dvec3 n3 = glm::cross(n1, n2);
  glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-std::numeric_limits<double>::infinity());
  for (const glm::dvec3& p : pts) {
    const glm::dvec3 s(glm::dot(p, n1), glm::dot(p, n2), glm::dot(p, n3));
    lo = glm::min(lo, s);
    hi = glm::max(hi, s);
  }
  const glm::dvec3 e = hi - lo;
  return e.x * e.y * e.z;
}

// The exhaustive reference, following O'Rourke 1985 ("Finding minimal enclosing boxes"): a
// minimum box has two adjacent faces each holding an edge of the hull. For every ordered pair
// of hull edges (e_i, e_j), the boxes with n1 perpendicular to e_i and n2 perpendicular to
// n1 and e_j form a one-parameter family, n1(phi) = cos(phi) p + sin(phi) q for a frame
// (p, q) across e_i, n2 = n1 x e_j normalised; each family is sampled at 720 angles and the
// best sample refined by golden-section search. Every family member is a real enclosing
// box, so the result can only be above the minimum, by the sampling's error. The faces are
// also tried flush with a box face, with every pair of points giving the rectangle's side
// (Freeman and Shapira 1975: a minimum rectangle has a side on the polygon).
double exhaustiveMinimumVolume(const ConvexPolyhedron& hull) {
  const std::vector<glm::dvec3>& v = hull.vertices;
  double best = std::numeric_limits<double>::infinity();
  std::set<std::pair<std::uint32_t, std::uint32_t>> edgeSet;
  for (const auto& t : hull.triangles) {
    for (int k = 0; k < 3; ++k) edgeSet.insert(std::minmax(t[k], t[(k + 1) % 3]));
    // A face flush with a box face.
    const glm::dvec3 n = glm::normalize(glm::cross(v[t[1]] - v[t[0]], v[t[2]] - v[t[0]]));
    for (std::size_t a = 0; a < v.size(); ++a)
      for (std::size_t b = 0; b < v.size(); ++b) {
        glm::dvec3 side = v[b] - v[a];
        side -= glm::dot(side, n) * n;
        if (glm::length(side) < 1e-9) continue;
        best = std::min(best, boxVolumeOn(v, n, glm::normalize(side)));
      }
  }
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> edges(edgeSet.begin(), edgeSet.end());
  const double pi = 3.14159265358979323846;
  for (const auto& [ia, ib] : edges) {
    const glm::dvec3 ei = glm::normalize(v[ib] - v[ia]);
    const glm::dvec3 p =
        glm::normalize(glm::cross(ei, std::fabs(ei.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0)));
    const glm::dvec3 q = glm::cross(ei, p);
    for (const auto& [ja, jb] : edges) {
      const glm::dvec3 ej = glm::normalize(v[jb] - v[ja]);
      const auto volumeAt = [&](double phi) {
        const glm::dvec3 n1 = std::cos(phi) * p + std::sin(phi) * q;
        const glm::dvec3 c = glm::cross(n1, ej);
        const double len = glm::length(c);
        if (len < 1e-9) return std::numeric_limits<double>::infinity();
        return boxVolumeOn(v, n1, c / len);
      };
      const int samples = 720;
      double bestPhi = 0.0, bestV = std::numeric_limits<double>::infinity();
      for (int s = 0; s < samples; ++s) {
        const double phi = pi * s / samples;
        const double vol = volumeAt(phi);
        if (vol < bestV) {
          bestV = vol;
          bestPhi = phi;
        }
      }
      // Golden-section refinement within one sample step either side.
      double lo = bestPhi - pi / samples, hi = bestPhi + pi / samples;
      const double g = 0.5 * (std::sqrt(5.0) - 1.0);
      for (int it = 0; it < 60; ++it) {
        const double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
        if (volumeAt(x1) < volumeAt(x2))
          hi = x2;
        else
          lo = x1;
      }
      best = std::min({best, bestV, volumeAt(0.5 * (lo + hi))});
    }
  }
  return best;
}

// A guard on the reference itself: the best of many random rotations, each refined by a few
// rounds of small random turns. It must never beat the exhaustive search.
double randomSearchVolume(const std::vector<glm::dvec3>& pts, std::mt19937_64& gen, int tries) {
  double best = std::numeric_limits<double>::infinity();
  std::normal_distribution<double> nd(0.0, 1.0);
  for (int t = 0; t < tries; ++t) {
    glm::dmat3 r = hulltest::randomRotation(gen);
    double vol = boxVolumeOn(pts, r[0], r[1]);
    for (double step = 0.05; step > 1e-5; step *= 0.7) {
      for (int k = 0; k < 6; ++k) {
        const glm::dvec3 axis = glm::normalize(glm::dvec3(nd(gen), nd(gen), nd(gen)));
        const glm::dmat3 turn = glm::mat3_cast(glm::angleAxis(step, axis));
        const glm::dmat3 cand = turn * r;
        const double cv = boxVolumeOn(pts, cand[0], cand[1]);
        if (cv < vol) {
          vol = cv;
          r = cand;
        }
      }
    }
    best = std::min(best, vol);
  }
  return best;
}

void expectContainsAll(const Obb& box, const std::vector<glm::dvec3>& pts) {
  const double tol = 1e-6 * (1.0 + glm::length(glm::dvec3(box.center)) + glm::length(glm::dvec3(box.half)));
  for (const glm::dvec3& p : pts) EXPECT_LE(hulltest::obbExcess(box, p), tol);
}

std::vector<glm::dvec3> randomPoints(std::mt19937_64& gen, std::size_t n, const glm::dvec3& scale) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const glm::dmat3 rot = hulltest::randomRotation(gen);
  std::vector<glm::dvec3> pts(n);
  for (glm::dvec3& p : pts) p = rot * (scale * glm::dvec3(u(gen), u(gen), u(gen))) + glm::dvec3(0.5, -2.0, 1.0);
  return pts;
}

TEST(MinimumObb, MatchesTheExhaustiveSearchOnSmallHulls) {
  std::mt19937_64 gen(2015);
  std::uniform_int_distribution<int> count(4, 12);
  double worst = 0.0;
  for (int trial = 0; trial < 40; ++trial) {
    const glm::dvec3 scale(1.0, 0.2 + 0.8 * (trial % 5) / 4.0, 0.1 + 0.9 * (trial % 3) / 2.0);
    const ConvexPolyhedron hull = naiveHull(randomPoints(gen, static_cast<std::size_t>(count(gen)), scale));
    ASSERT_GE(hull.triangles.size(), 4u);
    ASSERT_LE(hull.vertices.size(), 12u);
    const Obb box = minimumObb(hull);
    EXPECT_TRUE(hulltest::orthonormal(box.axes, 1e-5f));
    expectContainsAll(box, hull.vertices);
    const double ours = obbVolume(box);
    const double ref = exhaustiveMinimumVolume(hull);
    worst = std::max(worst, ours / ref - 1.0);
    if (std::getenv("SATLAB_MINOBB_VERBOSE"))
      std::printf("trial %d: %zu vertices, %.9g vs %.9g (%+.2e)\n", trial, hull.vertices.size(), ours, ref,
                  ours / ref - 1.0);
    // Exact up to the float box's rounding (a few 1e-7 here, more for the thinnest hulls); 1%
    // is the promise.
    EXPECT_LE(ours, ref * 1.0001) << "trial " << trial << ": " << ours << " vs exhaustive " << ref;
    EXPECT_LE(ours, ref * 1.01) << "trial " << trial;
  }
  std::printf("[ min obb ] worst excess over the exhaustive search: %.2e\n", worst);
}

TEST(MinimumObb, TheExhaustiveSearchIsNeverBeatenByRandomRotations) {
  std::mt19937_64 gen(77);
  for (int trial = 0; trial < 8; ++trial) {
    const ConvexPolyhedron hull = naiveHull(randomPoints(gen, 10, {1.0, 0.6, 0.3}));
    const double ref = exhaustiveMinimumVolume(hull);
    const double rnd = randomSearchVolume(hull.vertices, gen, 300);
    EXPECT_LE(ref, rnd * (1.0 + 1e-6)) << "trial " << trial;
    EXPECT_LE(obbVolume(minimumObb(hull)), rnd * 1.001) << "trial " << trial;
  }
}

TEST(MinimumObb, UnitCubeAndTurnedBoxesAreTheirOwnBoxes) {
  const ConvexPolyhedron cube = naiveHull(boxCorners(glm::dvec3(0.5), glm::dmat3(1.0), glm::dvec3(0.0)));
  EXPECT_NEAR(obbVolume(minimumObb(cube)), 1.0, 1e-5);
  std::mt19937_64 gen(4);
  for (int trial = 0; trial < 20; ++trial) {
    const glm::dmat3 rot = hulltest::randomRotation(gen);
    const ConvexPolyhedron box = naiveHull(boxCorners({1.0, 0.7, 0.2}, rot, {-3.0, 2.0, 1.0}));
    const Obb b = minimumObb(box);
    EXPECT_NEAR(obbVolume(b), 8.0 * 0.14, 1e-5) << trial;
    expectContainsAll(b, box.vertices);
  }
}

TEST(MinimumObb, ThinTurnedRodIsTightWhereTheAabbIsNot) {
  std::mt19937_64 gen(9);
  const glm::dmat3 rot = glm::mat3_cast(glm::angleAxis(0.7, glm::normalize(glm::dvec3(1, 2, 3))));
  // A rod 10 long, 0.2 across, as an octagonal prism (16 vertices), turned.
  std::vector<glm::dvec3> pts;
  for (int k = 0; k < 8; ++k) {
    const double a = 6.283185307179586 * k / 8.0;
    for (double x : {-5.0, 5.0}) pts.push_back(rot * glm::dvec3(x, 0.1 * std::cos(a), 0.1 * std::sin(a)));
  }
  const ConvexPolyhedron rod = naiveHull(pts);
  const Obb b = minimumObb(rod);
  expectContainsAll(b, rod.vertices);
  std::vector<glm::vec3> fpts(pts.begin(), pts.end());
  const Aabb aabb = aabbFromPoints(fpts);
  const double aabbVolume = 8.0 * aabb.half.x * aabb.half.y * aabb.half.z;
  // The octagon's smallest square is its own width, 0.2 cos(22.5 deg) across.
  const double w = 0.2 * std::cos(3.14159265358979 / 8.0);
  EXPECT_NEAR(obbVolume(b), 10.0 * w * w, 1e-4);
  EXPECT_GT(aabbVolume, 20.0 * obbVolume(b));
  // Its long axis is the rod's.
  const glm::dvec3 along = rot * glm::dvec3(1, 0, 0);
  float longest = 0.0f;
  int li = 0;
  for (int i = 0; i < 3; ++i)
    if (b.half[i] > longest) longest = b.half[li = i];
  EXPECT_NEAR(std::fabs(glm::dot(glm::dvec3(b.axes[li]), along)), 1.0, 1e-6);
}

TEST(MinimumObb, NeverLargerThanTheCovarianceBoxes) {
  std::mt19937_64 gen(21);
  for (int trial = 0; trial < 20; ++trial) {
    const ConvexPolyhedron hull = naiveHull(randomPoints(gen, 12, {1.0, 0.5, 0.25}));
    const double ours = obbVolume(minimumObb(hull));
    EXPECT_LE(ours, obbVolume(obbFromHullAreaWeighted(hull)) * (1.0 + 1e-6));
  }
}

TEST(MinimumObb, FlatHullsGiveTheMinimumRectangle) {
  // A 2 x 1 rectangle turned by 30 degrees in a tilted plane, plus points inside it.
  const glm::dmat3 rot = glm::mat3_cast(glm::angleAxis(0.9, glm::normalize(glm::dvec3(1, -1, 2))));
  const double c = std::cos(0.5235987755982988), s = std::sin(0.5235987755982988);
  std::vector<glm::dvec3> pts;
  for (const glm::dvec2 q : {glm::dvec2(-1, -0.5), glm::dvec2(1, -0.5), glm::dvec2(1, 0.5), glm::dvec2(-1, 0.5),
                             glm::dvec2(0.2, 0.1), glm::dvec2(-0.3, 0.2)})
    pts.push_back(rot * glm::dvec3(c * q.x - s * q.y, s * q.x + c * q.y, 0.0) + glm::dvec3(1, 2, 3));
  const ConvexPolyhedron flat = naiveHull(pts);
  ASSERT_EQ(polyhedronVolume(flat), 0.0);
  const Obb b = minimumObb(flat);
  EXPECT_TRUE(hulltest::finiteObb(b));
  expectContainsAll(b, pts);
  std::vector<float> h = {b.half.x, b.half.y, b.half.z};
  std::sort(h.begin(), h.end());
  EXPECT_LE(h[0], 1e-6f);
  EXPECT_NEAR(4.0 * h[1] * h[2], 2.0, 1e-5);
  // A regular hexagon of side 1: its minimum rectangle is 2 x sqrt(3).
  std::vector<glm::dvec3> hex;
  for (int k = 0; k < 6; ++k)
    hex.push_back(rot * glm::dvec3(std::cos(k * 1.0471975511965976), std::sin(k * 1.0471975511965976), 0.0));
  const Obb hb = minimumObb(naiveHull(hex));
  std::vector<float> hh = {hb.half.x, hb.half.y, hb.half.z};
  std::sort(hh.begin(), hh.end());
  EXPECT_NEAR(4.0 * hh[1] * hh[2], 2.0 * std::sqrt(3.0), 1e-5);
}

TEST(MinimumObb, DegenerateHullsNeverNaN) {
  const Obb empty = minimumObb(ConvexPolyhedron{});
  EXPECT_TRUE(hulltest::finiteObb(empty));
  EXPECT_EQ(empty.half, glm::vec3(0.0f));

  ConvexPolyhedron point;
  point.vertices = {{1.0, -2.0, 3.0}};
  const Obb p = minimumObb(point);
  EXPECT_EQ(p.center, glm::vec3(1, -2, 3));
  EXPECT_EQ(p.half, glm::vec3(0.0f));

  // Duplicates of one point.
  const ConvexPolyhedron dup = naiveHull(std::vector<glm::dvec3>(5, glm::dvec3(4, 4, 4)));
  ASSERT_EQ(dup.vertices.size(), 1u);
  EXPECT_EQ(minimumObb(dup).center, glm::vec3(4, 4, 4));

  // Collinear points: a box along the segment.
  const ConvexPolyhedron seg = naiveHull(std::vector<glm::dvec3>{{1, 0, 0}, {1, 2, 2}, {1, 1, 1}, {1, 4, 4}});
  const Obb s = minimumObb(seg);
  EXPECT_TRUE(hulltest::finiteObb(s));
  expectContainsAll(s, seg.vertices);
  EXPECT_NEAR(std::max({s.half.x, s.half.y, s.half.z}), 2.0f * std::sqrt(2.0f), 1e-5f);
  EXPECT_EQ(obbVolume(s), 0.0);

  // Zero-area and out-of-range triangles beside a real hull are ignored.
  ConvexPolyhedron cube = naiveHull(boxCorners(glm::dvec3(1.0), glm::dmat3(1.0), glm::dvec3(0.0)));
  cube.triangles.push_back({0, 0, 1});
  cube.triangles.push_back({0, 1, 1000});
  EXPECT_NEAR(obbVolume(minimumObb(cube)), 8.0, 1e-5);

  // Non-finite vertices: the empty box.
  ConvexPolyhedron bad = cube;
  bad.vertices[2].y = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(hulltest::finiteObb(minimumObb(bad)));
}

// Points on an ellipsoid, as a geodesic sphere (an icosahedron's faces cut into f x f
// triangles, pushed out to the unit sphere, then scaled): a convex hull with 10 f^2 + 2
// vertices, every one on the hull.
ConvexPolyhedron ellipsoid(int f, const glm::dvec3& radii, const glm::dmat3& rot) {
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  const std::vector<glm::dvec3> ico = {{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
                                       {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  const int faces[20][3] = {{0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                            {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
                            {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  ConvexPolyhedron hull;
  std::vector<std::pair<glm::dvec3, std::uint32_t>> seen;
  const auto vertex = [&](const glm::dvec3& p) {
    const glm::dvec3 u = glm::normalize(p);
    for (const auto& [q, i] : seen)
      if (glm::length(q - u) < 1e-9) return i;
    const auto i = static_cast<std::uint32_t>(hull.vertices.size());
    seen.push_back({u, i});
    hull.vertices.push_back(rot * (radii * u));
    return i;
  };
  for (const auto& fc : faces) {
    const glm::dvec3 a = ico[static_cast<std::size_t>(fc[0])], b = ico[static_cast<std::size_t>(fc[1])],
                     c = ico[static_cast<std::size_t>(fc[2])];
    const auto at = [&](int i, int j) { return vertex(a + (b - a) * (double(i) / f) + (c - a) * (double(j) / f)); };
    for (int i = 0; i < f; ++i)
      for (int j = 0; i + j < f; ++j) {
        hull.triangles.push_back({at(i, j), at(i + 1, j), at(i, j + 1)});
        if (i + j + 1 < f) hull.triangles.push_back({at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
      }
  }
  return hull;
}

TEST(MinimumObb, EllipsoidAgainstRandomSearch) {
  std::mt19937_64 gen(33);
  const ConvexPolyhedron hull = ellipsoid(4, {1.0, 0.6, 0.35}, hulltest::randomRotation(gen));
  ASSERT_EQ(hull.vertices.size(), 162u);
  MinimumObbStats st;
  const Obb b = minimumObb(hull, &st);
  expectContainsAll(b, hull.vertices);
  const double rnd = randomSearchVolume(hull.vertices, gen, 100);
  EXPECT_LE(obbVolume(b), rnd * 1.001);
  EXPECT_GT(st.families, 0u);
}

TEST(MinimumObb, LumpyAndCubeCloudsAgainstRandomSearch) {
  // Hulls without the geodesic sphere's regular structure: 50 points on a lumpy sphere (most
  // on the hull) and 60 in a turned flat box (most inside), through the naive hull. The box
  // clouds' hulls (about 20 to 30 vertices) also go through the exhaustive search.
  std::mt19937_64 gen(52);
  std::normal_distribution<double> nd(0.0, 1.0);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 4; ++trial) {
    std::vector<glm::dvec3> pts;
    for (int k = 0; k < 50; ++k) {
      const glm::dvec3 d = glm::normalize(glm::dvec3(nd(gen), nd(gen), nd(gen)));
      pts.push_back(d * (1.0 + 0.15 * std::sin(3.0 * d.x + 2.0 * d.y) * std::cos(4.0 * d.z)) *
                    glm::dvec3(1.0, 0.8, 0.5));
    }
    if (trial % 2) {
      const glm::dmat3 rot = hulltest::randomRotation(gen);
      pts.clear();
      for (int k = 0; k < 60; ++k) pts.push_back(rot * glm::dvec3(u(gen), 0.6 * u(gen), 0.3 * u(gen)));
    }
    const ConvexPolyhedron hull = naiveHull(pts);
    const Obb b = minimumObb(hull);
    expectContainsAll(b, pts);
    const double rnd = randomSearchVolume(hull.vertices, gen, 200);
    EXPECT_LE(obbVolume(b), rnd * 1.001) << "trial " << trial;
    if (trial % 2) {
      EXPECT_LE(obbVolume(b), exhaustiveMinimumVolume(hull) * 1.0001) << "trial " << trial;
    }
    if (std::getenv("SATLAB_MINOBB_VERBOSE"))
      std::printf("lumpy/cube %d: %zu vertices, %.9g vs random search %.9g\n", trial, hull.vertices.size(),
                  obbVolume(b), rnd);
  }
}

}  // namespace
}  // namespace satlab
