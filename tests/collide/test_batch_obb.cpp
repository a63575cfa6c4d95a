// The batch covariance OBB (batch_obb.cpp) gives the teaching builder's box.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "satlab/collide/batch_obb.hpp"
#include "satlab/collide/builders.hpp"

namespace satlab {
namespace {

struct Mesh {
  std::vector<glm::vec3> positions;
  std::vector<std::uint32_t> indices;
};

// A lumpy ellipsoid of distinct radii, so the covariance's eigenvalues are well apart and
// the axes are defined; turned and moved away from the origin.
Mesh lumpyEllipsoid(std::uint32_t rings, std::uint32_t segments, std::uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> lump(0.9f, 1.1f);
  Mesh m;
  const float pi = 3.14159265358979f;
  const glm::mat3 turn =
      glm::mat3(glm::vec3(0.36f, 0.48f, -0.8f), glm::vec3(-0.8f, 0.6f, 0.0f), glm::vec3(0.48f, 0.64f, 0.6f));
  for (std::uint32_t i = 0; i <= rings; ++i)
    for (std::uint32_t j = 0; j < segments; ++j) {
      const float th = pi * static_cast<float>(i) / static_cast<float>(rings);
      const float ph = 2.0f * pi * static_cast<float>(j) / static_cast<float>(segments);
      const glm::vec3 p(4.0f * std::sin(th) * std::cos(ph), 2.0f * std::sin(th) * std::sin(ph), std::cos(th));
      m.positions.push_back(glm::vec3(100.0f, -20.0f, 7.0f) + turn * (lump(gen) * p));
    }
  for (std::uint32_t i = 0; i < rings; ++i)
    for (std::uint32_t j = 0; j < segments; ++j) {
      const std::uint32_t a = i * segments + j, b = i * segments + (j + 1) % segments;
      const std::uint32_t c = a + segments, d = b + segments;
      m.indices.insert(m.indices.end(), {a, c, b, b, c, d});
    }
  return m;
}

void expectSameBox(const Mesh& m) {
  const Obb want = obbFromTriangles(m.positions, m.indices);
  const Obb got = obbFromTrianglesBatch(m.positions, m.indices);
  const float size = glm::length(want.half) + 1.0f;
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(std::abs(glm::dot(want.axes[i], got.axes[i])), 1.0f, 1e-5f) << "axis " << i;
    EXPECT_NEAR(want.half[i], got.half[i], 1e-5f * size) << "half " << i;
    EXPECT_NEAR(want.center[i], got.center[i], 1e-5f * (size + glm::length(want.center))) << "centre " << i;
  }
}

TEST(BatchObb, GivesTheCovarianceBoxOfLumpyEllipsoids) {
  for (std::uint32_t seed = 1; seed <= 5; ++seed) expectSameBox(lumpyEllipsoid(20 + seed, 30, seed));
}

TEST(BatchObb, SkipsWhatTheTeachingBuilderSkips) {
  Mesh m = lumpyEllipsoid(12, 16, 9);
  // Unused vertices far away, a triangle with an index out of range, a trailing pair.
  m.positions.push_back(glm::vec3(1e6f));
  m.positions.push_back(glm::vec3(-1e6f));
  m.indices.insert(m.indices.end(), {0, 1, 99999});
  m.indices.insert(m.indices.end(), {static_cast<std::uint32_t>(m.positions.size() - 1), 0});
  expectSameBox(m);
  const Obb box = obbFromTrianglesBatch(m.positions, m.indices);
  EXPECT_LT(glm::length(box.half), 100.0f) << "an unused vertex was counted";
}

TEST(BatchObb, CountsAVertexOncePerCorner) {
  // Vertex 0 is a corner of every triangle of a fan; the mean must weight it so.
  Mesh m;
  m.positions = {{0, 0, 0}, {10, 0, 0}, {10, 1, 0}, {10, 1, 2}, {10, 0, 2}};
  m.indices = {0, 1, 2, 0, 2, 3, 0, 3, 4};
  expectSameBox(m);
}

TEST(BatchObb, EmptyAndDegenerate) {
  EXPECT_EQ(obbFromTrianglesBatch({}, {}).half, glm::vec3(0.0f));
  EXPECT_EQ(obbFromTrianglesBatch({{1, 2, 3}}, {0, 0}).half, glm::vec3(0.0f));
  const Obb point = obbFromTrianglesBatch({{1, 2, 3}}, {0, 0, 0});
  EXPECT_EQ(point.half, glm::vec3(0.0f));
  EXPECT_NEAR(glm::length(point.center - glm::vec3(1, 2, 3)), 0.0f, 1e-6f);
  const Obb line = obbFromTrianglesBatch({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, {0, 1, 2});
  EXPECT_NEAR(glm::length(line.half), std::sqrt(3.0f), 1e-5f);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(std::isfinite(line.axes[i].x) && std::isfinite(line.half[i]));
}

}  // namespace
}  // namespace satlab
