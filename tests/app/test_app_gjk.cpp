// GJK, EPA and the Minkowski difference in the real binary: the GJK explorer steps through a
// hull pair's iterations to the distance GJK found and through EPA's expansions to the depth;
// the SAT explorer's A - B picture lights the face of the current axis, in the separating
// colour on the axis that separates.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

std::string keys(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "key RIGHT_BRACKET\n";
  return s + "wait 1\n";
}

TEST(AppGjk, TheExplorerStepsThroughGjkToTheDistance) {
  const ShotRun r = runScriptedShot("scenes/lessons/24_gjk_step_by_step.json", keys(20));
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  // The last step: GJK's |v| is the distance satlab check gives for the pair (0.718).
  EXPECT_NE(r.result.output.find("hull-OBB, separated"), std::string::npos) << r.result.output;
  EXPECT_NE(r.result.output.find("|v| 0.718"), std::string::npos) << r.result.output;
  ASSERT_TRUE(r.image.ok());
  // The A - B picture in the panel: its ink (light lines on the dark panel) right of the view.
  EXPECT_GT(countColor(r.image, 1.0f, 1.0f, 1.0f, 40, 880, 380, 1280, 720), 300);
}

TEST(AppGjk, EpaStepsEndOnTheDepth) {
  const ShotRun r = runScriptedShot("scenes/lessons/25_epa_how_deep.json", keys(30));
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  EXPECT_NE(r.result.output.find("hull-OBB, overlap"), std::string::npos) << r.result.output;
  // The last EPA step: the nearest face at the depth satlab check gives (0.4134), nothing beyond it.
  EXPECT_NE(r.result.output.find("nearest 0.4134, +0"), std::string::npos) << r.result.output;
}

TEST(AppGjk, TheSeparatingAxisLightsItsFaceOfTheMinkowskiDifference) {
  // Lesson 23 opens on A0 (an overlap: its face lit in the overlap colour); B1, the fifth
  // axis, separates, and its face is lit in the separating colour.
  const ShotRun first = runScriptedShot("scenes/lessons/23_sats_axes_are_its_faces.json", "wait 2\n");
  const ShotRun fifth = runScriptedShot("scenes/lessons/23_sats_axes_are_its_faces.json", keys(4));
  ASSERT_EQ(first.result.exitCode, 0) << first.result.output;
  ASSERT_EQ(fifth.result.exitCode, 0) << fifth.result.output;
  EXPECT_NE(fifth.result.output.find("current B1"), std::string::npos) << fifth.result.output;
  ASSERT_TRUE(first.image.ok() && fifth.image.ok());
  // The canvas's separating colour (dark theme) in the panel's picture.
  const auto separating = [](const Image& img) { return countColor(img, 0.45f, 0.85f, 1.0f, 30, 880, 420, 1280, 720); };
  EXPECT_GT(separating(fifth.image), separating(first.image) + 40);
}

}  // namespace
}  // namespace satlab::test
