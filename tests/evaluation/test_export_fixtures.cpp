// The export fixtures (tests/export/data/) load and meet their own expectations, so the
// situations they are named after (one float step apart, edge x edge) are really there.
#include <filesystem>

#include <gtest/gtest.h>

#include "../document/scene_test_util.hpp"
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"

namespace satlab::test {
namespace {

TEST(ExportFixtures, LoadAndMeetTheirExpectations) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(repoPath("tests/export/data"))) {
    if (entry.path().extension() != ".json") continue;
    ++count;
    const SceneLoadResult r = loadScene(entry.path().string());
    ASSERT_TRUE(r.ok()) << r.error->text();
    EXPECT_TRUE(r.warnings.empty()) << entry.path();
    for (const ExpectationMismatch& m : checkExpectations(r.scene)) ADD_FAILURE() << entry.path() << ": " << m.message;
  }
  EXPECT_GE(count, 3);
}

TEST(ExportFixtures, EdgeEdgeFixtureIsSeparatedByACrossProductAxis) {
  const SceneLoadResult r = loadScene(repoPath("tests/export/data/edge_edge.json"));
  ASSERT_TRUE(r.ok());
  const PairResult p = evaluatePair(r.scene, 0, 1);
  EXPECT_EQ(p.code, "sat_obb_obb");
  ASSERT_TRUE(p.separatingAxis.has_value());
  EXPECT_EQ(std::string(label(p.separatingAxis->id)), "A2xB0");
}

}  // namespace
}  // namespace satlab::test
