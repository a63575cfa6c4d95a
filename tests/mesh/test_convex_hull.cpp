// The convex hull (Qhull): solids closed and facing out, and every flat case as
// hull_volumes.hpp documents it.
#include "mesh/convex_hull.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>

#include "satlab/collide/hull_volumes.hpp"

namespace satlab {
namespace {

std::vector<glm::vec3> cubeCorners(float lo = 0.0f, float hi = 1.0f) {
  std::vector<glm::vec3> p;
  for (int k = 0; k < 8; ++k) p.emplace_back(k & 1 ? hi : lo, k & 2 ? hi : lo, k & 4 ? hi : lo);
  return p;
}

// Every edge used exactly twice, once each way (closed and consistently oriented), and each
// triangle facing away from the hull's centroid.
void expectClosedAndOutward(const ConvexPolyhedron& h) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
  glm::dvec3 centre(0.0);
  for (const glm::dvec3& v : h.vertices) centre += v;
  centre /= static_cast<double>(h.vertices.size());
  for (const auto& t : h.triangles) {
    for (int k = 0; k < 3; ++k) ++edges[{t[static_cast<std::size_t>(k)], t[static_cast<std::size_t>((k + 1) % 3)]}];
    const glm::dvec3 n = glm::cross(h.vertices[t[1]] - h.vertices[t[0]], h.vertices[t[2]] - h.vertices[t[0]]);
    EXPECT_GT(glm::dot(n, h.vertices[t[0]] - centre), 0.0);
  }
  for (const auto& [e, count] : edges) {
    EXPECT_EQ(count, 1);
    EXPECT_EQ(edges.count({e.second, e.first}), 1u);
  }
}

TEST(ConvexHull, CubeWithInteriorAndRepeatedPoints) {
  std::vector<glm::vec3> p = cubeCorners();
  for (const glm::vec3& c : cubeCorners()) p.push_back(c);  // each corner twice
  p.emplace_back(0.5f, 0.5f, 0.5f);
  p.emplace_back(0.2f, 0.7f, 0.1f);
  const ConvexHullResult r = convexHull(p);
  EXPECT_EQ(r.dimension, HullDimension::Solid);
  EXPECT_EQ(r.hull.vertices.size(), 8u);
  EXPECT_EQ(r.hull.triangles.size(), 12u);
  EXPECT_NEAR(r.volume, 1.0, 1e-12);
  EXPECT_NEAR(polyhedronVolume(r.hull), 1.0, 1e-12);
  expectClosedAndOutward(r.hull);
}

TEST(ConvexHull, RandomPointsAllInsideEveryFacePlane) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<glm::vec3> p;
  for (int i = 0; i < 2000; ++i) p.emplace_back(u(rng), 0.3f * u(rng), 2.0f * u(rng));
  const ConvexHullResult r = convexHull(p);
  ASSERT_EQ(r.dimension, HullDimension::Solid);
  expectClosedAndOutward(r.hull);
  EXPECT_NEAR(r.volume, polyhedronVolume(r.hull), 1e-9);
  for (const auto& t : r.hull.triangles) {
    const glm::dvec3 n = glm::normalize(
        glm::cross(r.hull.vertices[t[1]] - r.hull.vertices[t[0]], r.hull.vertices[t[2]] - r.hull.vertices[t[0]]));
    for (const glm::vec3& q : p) EXPECT_LE(glm::dot(glm::dvec3(q) - r.hull.vertices[t[0]], n), 1e-6);
  }
}

TEST(ConvexHull, NothingOnePointAndCollinearPoints) {
  EXPECT_EQ(convexHull({}).dimension, HullDimension::Empty);
  const ConvexHullResult one = convexHull({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}});
  EXPECT_EQ(one.dimension, HullDimension::Point);
  ASSERT_EQ(one.hull.vertices.size(), 1u);
  EXPECT_EQ(one.hull.vertices[0], glm::dvec3(1, 2, 3));
  EXPECT_TRUE(one.hull.triangles.empty());
  const ConvexHullResult line = convexHull({{1, 1, 1}, {3, 3, 3}, {0, 0, 0}, {2, 2, 2}});
  EXPECT_EQ(line.dimension, HullDimension::Segment);
  ASSERT_EQ(line.hull.vertices.size(), 2u);
  EXPECT_TRUE(line.hull.triangles.empty());
  EXPECT_EQ(glm::min(line.hull.vertices[0], line.hull.vertices[1]), glm::dvec3(0.0));
  EXPECT_EQ(glm::max(line.hull.vertices[0], line.hull.vertices[1]), glm::dvec3(3.0));
  EXPECT_EQ(line.volume, 0.0);
}

TEST(ConvexHull, FlatSetIsItsPolygonAsAFan) {
  // A 2 x 1 rectangle's grid, turned 37 degrees about x and 20 about z: in floats the points
  // are off the plane by rounding only.
  const float a = glm::radians(37.0f), b = glm::radians(20.0f);
  const glm::mat3 turn =
      glm::mat3(glm::vec3(std::cos(b), std::sin(b), 0), glm::vec3(-std::sin(b), std::cos(b), 0), glm::vec3(0, 0, 1)) *
      glm::mat3(glm::vec3(1, 0, 0), glm::vec3(0, std::cos(a), std::sin(a)), glm::vec3(0, -std::sin(a), std::cos(a)));
  std::vector<glm::vec3> p;
  for (int i = 0; i <= 10; ++i) {
    for (int j = 0; j <= 5; ++j) p.push_back(turn * glm::vec3(0.2f * i, 0.2f * j, 0.0f) + glm::vec3(5, -3, 1));
  }
  const ConvexHullResult r = convexHull(p);
  ASSERT_EQ(r.dimension, HullDimension::Polygon);
  // The four corners, and points of the edges that float rounding pushed a little out: the
  // hull is exact, so it keeps them (a fan of n - 2 triangles over n vertices).
  EXPECT_GE(r.hull.vertices.size(), 4u);
  EXPECT_EQ(r.hull.triangles.size(), r.hull.vertices.size() - 2);
  for (const glm::vec3& corner : {p.front(), p[5], p[60], p.back()}) {
    bool found = false;
    for (const glm::dvec3& v : r.hull.vertices) found = found || v == glm::dvec3(corner);
    EXPECT_TRUE(found);
  }
  EXPECT_EQ(r.volume, 0.0);
  double area = 0.0;
  glm::dvec3 normal(0.0);
  for (const auto& t : r.hull.triangles) {
    const glm::dvec3 n =
        glm::cross(r.hull.vertices[t[1]] - r.hull.vertices[t[0]], r.hull.vertices[t[2]] - r.hull.vertices[t[0]]);
    area += 0.5 * glm::length(n);
    if (glm::length(normal) > 0.0) {
      EXPECT_GT(glm::dot(n, normal), 0.0);  // one orientation
    }
    normal = n;
  }
  EXPECT_NEAR(area, 2.0, 1e-5);
}

TEST(ConvexHull, ThinButNotFlatIsASolid) {
  std::vector<glm::vec3> p = cubeCorners();
  for (glm::vec3& q : p) q.z *= 1e-4f;
  const ConvexHullResult r = convexHull(p);
  EXPECT_EQ(r.dimension, HullDimension::Solid);
  EXPECT_NEAR(r.volume, 1e-4, 1e-10);
}

TEST(ConvexHull, QhullPrintsNothing) {
  // Nearly flat sets are where Qhull warns and fails; none of it reaches stdout or stderr.
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  for (float thickness : {1e-5f, 3e-6f, 1.1e-6f}) {
    std::vector<glm::vec3> p = cubeCorners();
    for (glm::vec3& q : p) q.z *= thickness;
    const ConvexHullResult r = convexHull(p);
    EXPECT_TRUE(r.dimension == HullDimension::Solid || r.dimension == HullDimension::Polygon);
    EXPECT_TRUE(std::isfinite(r.volume));
  }
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

}  // namespace
}  // namespace satlab
