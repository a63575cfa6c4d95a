// The second camera in the real app: lesson 17 dims what its frustum culls, outlines the
// plane test's false positives and reports both tests; a broken "frustum" is named with its
// field and the scene still opens.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace satlab::test {
namespace {

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The dark theme's colours (render/palette.cpp: Palette::falsePositive, Palette::frustumWire).
constexpr float kFalsePositive[3] = {1.0f, 0.3f, 0.55f};
constexpr float kWire[3] = {0.86f, 0.86f, 1.0f};

TEST(AppFrustum, LessonSeventeenCullsTracesAndMarksTheFalsePositives) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "wait 3\n";
  const RunResult r = runSatlab(sourcePath("scenes/lessons/17_frustum_culling.json") +
                                    " --size 1280x720 --script input.txt --screenshot shot.png",
                                "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output,
                  "satlab: frustum: 4 shapes: plane test 1 inside, 2 intersecting, 1 outside; SAT culls 3; "
                  "2 false positives"))
      << r.output;
  EXPECT_TRUE(has(r.output, "satlab: frustum: false positive: Corner")) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: frustum: false positive: Rod")) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: frustum: traced Corner: planes intersecting, SAT separated by left")) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: clipped: none")) << r.output;
  const Image img = loadPng(dir + "/shot.png");
  ASSERT_TRUE(img.ok());
  // The frustum's wire and the false positives' outlines are on screen.
  EXPECT_GT(countColor(img, kWire[0], kWire[1], kWire[2], 24), 200);
  EXPECT_GT(countColor(img, kFalsePositive[0], kFalsePositive[1], kFalsePositive[2], 30), 100);
}

TEST(AppFrustum, ABrokenFrustumIsNamedByItsFieldAndTheSceneStillOpens) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/cam.json") << R"({"version": 1, "shapes": [
    {"name": "A", "type": "aabb", "center": [0, 0, 1], "half_extents": [1, 1, 1]}],
    "frustum": {"eye": [0, -6, 1], "target": [0, 0, 1], "fov_deg": 500}})";
  std::ofstream(dir + "/input.txt") << "wait 2\n";
  const RunResult r = runSatlab("cam.json --size 1280x720 --script input.txt --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "cam.json: frustum.fov_deg: must be a number from 1 to 179 (got 500)")) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: frustum: none")) << r.output;
  EXPECT_TRUE(loadPng(dir + "/shot.png").ok());
}

}  // namespace
}  // namespace satlab::test
