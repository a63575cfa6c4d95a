// `satlab check` through the two-phase pipeline (check/check_report.hpp): its counts in the
// table and the JSON, its colliding pairs equal to the overlapping ones, and --frames
// stepping a moving scene.
#include "check/check_report.hpp"

#include "../document/scene_test_util.hpp"
#include "check_report_text.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace satlab {
namespace {

using test::report;

// Two touching boxes, a sphere inside the second box's AABB corner but off the box, one far.
const char* kScene = R"({"version": 1, "shapes": [
  {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
  {"name": "b", "type": "aabb", "center": [2, 0, 0], "half_extents": [1, 1, 1]},
  {"name": "ball", "type": "sphere", "center": [3.5, 1.5, 0], "radius": 0.6,
   "motion": {"velocity": [-6, 0, 0]}},
  {"name": "far", "type": "sphere", "center": [40, 0, 0], "radius": 1}]})";

TEST(PipelineCheck, TheTableGivesThePipelinesCounts) {
  const Scene scene = test::parse(kScene);
  const std::string text = report(scene, CheckOptions{});
  EXPECT_NE(text.find("pipeline: 6 pairs possible"), std::string::npos) << text;
  EXPECT_NE(text.find("2 after the AABB test, 1 exact tests, 1 colliding"), std::string::npos) << text;
  EXPECT_EQ(text.find("frames, "), std::string::npos) << text;
}

TEST(PipelineCheck, TheJsonPipelineAgreesWithTheOverlappingPairs) {
  const Scene scene = test::parse(kScene);
  CheckOptions o;
  o.json = true;
  const nlohmann::json j = nlohmann::json::parse(report(scene, o));
  const auto& p = j.at("pipeline");
  EXPECT_EQ(p.at("pairs_possible"), 6);
  EXPECT_EQ(p.at("colliding"), j.at("summary").at("overlapping"));
  EXPECT_EQ(p.at("exact_tests"), 1);
  EXPECT_FALSE(j.contains("frames"));
}

TEST(PipelineCheck, FramesStepTheMotion) {
  const Scene scene = test::parse(kScene);
  CheckOptions o;
  o.json = true;
  o.frames = 20;
  const nlohmann::json j = nlohmann::json::parse(report(scene, o));
  const auto& frames = j.at("frames");
  ASSERT_EQ(frames.size(), 20u);
  EXPECT_EQ(frames[0].at("frame"), 1);
  EXPECT_EQ(frames[0].at("moved"), 1);  // the ball
  // At 6 units a second the ball reaches b within the 20 frames (t = 1/3 s: x = 1.5).
  bool touched = false;
  for (const auto& f : frames) touched = touched || f.at("colliding") == 2;
  EXPECT_TRUE(touched);
  o.json = false;
  const std::string text = report(scene, o);
  EXPECT_NE(text.find("20 frames, "), std::string::npos) << text;
}

}  // namespace
}  // namespace satlab
