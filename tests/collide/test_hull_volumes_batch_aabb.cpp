// The batch AABB (batch_bounds.cpp) gives exactly the teaching builder's box.
#include <cstddef>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "satlab/collide/batch_bounds.hpp"
#include "satlab/collide/builders.hpp"

namespace satlab {
namespace {

void expectSameBox(const std::vector<glm::vec3>& pts) {
  const Aabb a = aabbFromPoints(pts), b = aabbFromPointsBatch(pts);
  EXPECT_EQ(a.center, b.center) << pts.size() << " points";
  EXPECT_EQ(a.half, b.half) << pts.size() << " points";
}

TEST(BatchAabb, EqualsAabbFromPointsForEveryRemainder) {
  std::mt19937 gen(17);
  std::uniform_real_distribution<float> u(-50.0f, 50.0f);
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<glm::vec3> pts(n);
    for (glm::vec3& p : pts) p = {u(gen), u(gen), u(gen)};
    expectSameBox(pts);
  }
  EXPECT_EQ(aabbFromPointsBatch(nullptr, 5).half, glm::vec3(0.0f));
}

TEST(BatchAabb, ExtremesInEveryLaneAndTheTail) {
  // Each extreme placed in turn at every position of a 37-point array (all lanes, both
  // halves of a turn, the tail), the rest near the origin.
  for (std::size_t at = 0; at < 37; ++at)
    for (int axis = 0; axis < 3; ++axis)
      for (float sign : {-1.0f, 1.0f}) {
        std::vector<glm::vec3> pts(37, glm::vec3(0.25f, -0.5f, 0.125f));
        pts[at][axis] = sign * 1000.0f;
        expectSameBox(pts);
      }
}

TEST(BatchAabb, MillionPoints) {
  std::mt19937 gen(18);
  std::normal_distribution<float> nd(3.0f, 20.0f);
  std::vector<glm::vec3> pts((1u << 20) + 5);
  for (glm::vec3& p : pts) p = {nd(gen), nd(gen) * 0.1f, nd(gen) - 40.0f};
  expectSameBox(pts);
}

}  // namespace
}  // namespace satlab
