// The fuzz targets' pair checks (tests/fuzz/pair_checks.hpp) on scenes with capsules: the
// example, the capsules at the edges of the format, and random scenes of capsules among the
// other shapes. Every number finite, each traced run giving the untraced verdict both ways
// round, the broad phase never ruling out a pair that overlaps.
#include "../fuzz/pair_checks.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <random>

namespace satlab {
namespace {

std::string sourcePath(const std::string& relative) { return std::string(SATLAB_SOURCE_DIR) + "/" + relative; }

TEST(CapsulePairChecks, TheExampleAndTheEdgeCasesPass) {
  for (const char* file : {"scenes/examples/capsules.json", "tests/document/data/capsule_edges.json"}) {
    const SceneLoadResult r = loadScene(sourcePath(file));
    ASSERT_TRUE(r.ok()) << file;
    EXPECT_EQ(fuzz::checkScenePairs(r.scene), "") << file;
  }
}

TEST(CapsulePairChecks, RandomScenesOfCapsulesAmongTheOtherShapesPass) {
  std::mt19937 rng(20261205);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f), size(0.0f, 1.0f);
  auto point = [&] { return glm::vec3(u(rng), u(rng), u(rng)); };
  for (int round = 0; round < 60; ++round) {
    Scene scene;
    for (int i = 0; i < 8; ++i) {
      SceneShape s;
      s.name = "s" + std::to_string(i);
      const glm::vec3 c = point();
      switch (rng() % 6) {
        case 0: s.geometry = Aabb{c, glm::vec3(size(rng), size(rng), size(rng))}; break;
        case 1: s.geometry = Sphere{c, size(rng)}; break;
        case 2: s.geometry = Segment{c, c + point() * 0.5f}; break;
        case 3: s.geometry = Triangle{c, c + point() * 0.5f, c + point() * 0.5f}; break;
        default: s.geometry = Capsule{c, rng() % 5 == 0 ? c : c + point() * 0.5f, rng() % 5 == 0 ? 0.0f : size(rng)};
      }
      scene.shapes.push_back(std::move(s));
    }
    ASSERT_EQ(fuzz::checkScenePairs(scene), "") << "round " << round;
  }
}

}  // namespace
}  // namespace satlab
