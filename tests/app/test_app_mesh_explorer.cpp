// The mesh explorer in the real app: lesson 12 opens on the walk of the OBB tree with the AABB
// tree's walk counted beside it, the panel's toggle makes the steps follow the AABB tree, a
// colliding pair's first hit is drawn in the overlap colour, and "find all hits" finds every
// colliding pair with either tree.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <regex>
#include <string>

namespace satlab::test {
namespace {

struct SceneRun {
  RunResult result;
  Image image;
};

SceneRun runScene(const std::string& scene, const std::string& script, const std::string& extra = "") {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  SceneRun r;
  r.result = runSatlab("'" + sourcePath(scene) + "' --script input.txt --screenshot shot.png " + extra, "", dir);
  r.image = loadPng(dir + "/shot.png");
  return r;
}

/// "WHAT at x,y" from the explorer's status line, as "x y" for a script's click.
std::optional<std::string> placeIn(const std::string& output, const std::string& what) {
  std::smatch m;
  if (!std::regex_search(output, m, std::regex(what + R"( at (\d+),(\d+))"))) return std::nullopt;
  return std::string(m[1]) + " " + std::string(m[2]);
}

std::string steps(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += "key RIGHT_BRACKET\n";
  return out;
}

const char* kLesson = "scenes/lessons/12_a_tree_of_boxes.json";

TEST(AppMeshExplorer, TheLessonWalksTheObbTreeAndTheToggleWalksTheAabbTree) {
  const SceneRun first = runScene(kLesson, "wait 2\n");
  ASSERT_EQ(first.result.exitCode, 0) << first.result.output;
  const std::string& out = first.result.output;
  EXPECT_NE(out.find("mesh-mesh, separated, step 1 of 11, walking the OBB tree"), std::string::npos) << out;
  EXPECT_NE(out.find("AABB tree: 213 node tests"), std::string::npos) << out;
  EXPECT_NE(out.find("OBB tree: 11 node tests"), std::string::npos) << out;
  EXPECT_NE(out.find("clipped: none"), std::string::npos) << out;
  const std::optional<std::string> button = placeIn(out, "AABB tree button");
  ASSERT_TRUE(button) << out;

  const SceneRun aabb = runScene(kLesson, "wait 2\nclick " + *button + "\nwait 1\n" + steps(2) + "wait 1\n");
  ASSERT_EQ(aabb.result.exitCode, 0) << aabb.result.output;
  EXPECT_NE(aabb.result.output.find("step 3 of 213, walking the AABB tree, so far 3 node tests"), std::string::npos)
      << aabb.result.output;

  // Presentation: no panels; the step bar says the step and the canvas compares the trees.
  const SceneRun shown = runScene(kLesson, "wait 2\n" + steps(4) + "wait 1\n", "--presentation");
  ASSERT_EQ(shown.result.exitCode, 0) << shown.result.output;
  EXPECT_NE(shown.result.output.find("step 5 of 11, walking the OBB tree, so far 5 node tests, 2 rejected"),
            std::string::npos)
      << shown.result.output;
  EXPECT_NE(shown.result.output.find("current rejected by A1"), std::string::npos) << shown.result.output;
  EXPECT_NE(shown.result.output.find("canvas picture at"), std::string::npos) << shown.result.output;
  EXPECT_NE(shown.result.output.find("clipped: none"), std::string::npos) << shown.result.output;
}

TEST(AppMeshExplorer, TheFirstHitIsDrawnAndAllHitsFindsEveryOne) {
  const std::string scene = "tests/app/data/mesh_rod_through_ring.json";
  const SceneRun first = runScene(scene, "wait 2\n");
  ASSERT_EQ(first.result.exitCode, 0) << first.result.output;
  EXPECT_NE(first.result.output.find("mesh-mesh, overlap, step 1 of 45, walking the OBB tree"), std::string::npos)
      << first.result.output;
  const std::optional<std::string> allHits = placeIn(first.result.output, "find all hits button");
  ASSERT_TRUE(allHits) << first.result.output;
  // To the walk's last step, where it found its first colliding pair; then every hit is asked
  // for: the walk goes on past it (its first 45 steps are the same) and finds 32 with either tree.
  const SceneRun last = runScene(scene, "wait 2\n" + steps(44) + "click " + *allHits + "\nmouse 600 700\nwait 2\n");
  ASSERT_EQ(last.result.exitCode, 0) << last.result.output;
  const std::string& out = last.result.output;
  EXPECT_NE(out.find("step 45 of 375, walking the OBB tree, so far 45 node tests, 14 rejected, 5 triangle tests, 1 "
                     "hits, current leaves: 1 triangle test, 1 hit"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("AABB tree: 905 node tests, 245 rejected, 208 triangle tests, 32 hits"), std::string::npos) << out;
  EXPECT_NE(out.find("OBB tree: 375 node tests, 122 rejected, 66 triangle tests, 32 hits"), std::string::npos) << out;
  // The colliding pair in the dark theme's overlap colour (render/palette.cpp), in the view.
  const auto orange = [](const Image& img) { return countColor(img, 1.0f, 0.55f, 0.25f, 24, 330, 30, 870, 710); };
  ASSERT_TRUE(first.image.ok() && last.image.ok());
  EXPECT_GT(orange(last.image), orange(first.image) + 100)
      << "step 1 " << orange(first.image) << ", the hit " << orange(last.image);
}

}  // namespace
}  // namespace satlab::test
