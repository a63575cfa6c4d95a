// The explorers and lessons in the real app: every lesson opens on its pair and renders,
// stepping follows the core's trace, and the drawn intervals sit where the app says.
#include "app_harness.hpp"

#include "scene/scene_load.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

struct LessonRun {
  RunResult result;
  Image image;
};

LessonRun runLesson(const std::string& scene, const std::string& script) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  LessonRun r;
  r.result = runSatlab("'" + sourcePath(scene) + "' --script input.txt --screenshot shot.png", "", dir);
  r.image = loadPng(dir + "/shot.png");
  return r;
}

TEST(AppExplorer, EveryLessonOpensOnItsPairAndRenders) {
  std::vector<std::string> lessons;
  for (const auto& e : fs::directory_iterator(sourcePath("scenes/lessons"))) lessons.push_back(e.path().filename());
  std::sort(lessons.begin(), lessons.end());
  ASSERT_EQ(lessons.size(), 10u);
  for (const std::string& name : lessons) {
    const LessonRun r = runLesson("scenes/lessons/" + name, "wait 2\n");
    ASSERT_EQ(r.result.exitCode, 0) << name << ": " << r.result.output;
    EXPECT_NE(r.result.output.find("explorer: A="), std::string::npos) << name << ": " << r.result.output;
    ASSERT_TRUE(r.image.ok()) << name;
    // Something besides the background was drawn in the middle of the view.
    const SceneLoadResult scene = loadScene(sourcePath("scenes/lessons/" + name));
    ASSERT_TRUE(scene.ok());
    int coloured = 0;
    for (const SceneShape& s : scene.scene.shapes)
      coloured += countColor(r.image, s.color.r, s.color.g, s.color.b, 30, 380, 0, 900);
    EXPECT_GT(coloured, 200) << name;
  }
}

TEST(AppExplorer, EarlyExitStopsAtTheSeparatingAxis) {
  // Lesson 7 opens in early-exit mode: the table ends at B0, and stepping past it stays there.
  const LessonRun r = runLesson("scenes/lessons/07_obb_obb_face_axis.json",
                                "key RIGHT_BRACKET\nkey RIGHT_BRACKET\nkey RIGHT_BRACKET\nkey RIGHT_BRACKET\n"
                                "key RIGHT_BRACKET\nkey RIGHT_BRACKET\nwait 1\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  EXPECT_NE(r.result.output.find("OBB-OBB, separated, step 4 of 4, stops at B0, current B0"), std::string::npos)
      << r.result.output;
}

TEST(AppExplorer, StepBackAndForthThroughTheFullTable) {
  const LessonRun r = runLesson("scenes/lessons/06_aabb_obb_fifteen_axes.json",
                                "key RIGHT_BRACKET\nkey RIGHT_BRACKET\nkey RIGHT_BRACKET\nkey LEFT_BRACKET\nwait 1\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  EXPECT_NE(r.result.output.find("AABB-OBB, overlap, step 3 of 15"), std::string::npos) << r.result.output;
  EXPECT_NE(r.result.output.find("current A2"), std::string::npos) << r.result.output;
}

TEST(AppExplorer, SegmentSegmentStepsThroughTheClamping) {
  // The lines' closest point lies past the rail's end (s = 1.25, clamped to 1), B's point for
  // it before the post's start (t = -1), so t is clamped to 0 and s found again.
  const std::string scene = "tests/app/data/two_segments_3d.json";
  const LessonRun first = runLesson(scene, "wait 1\n");
  ASSERT_EQ(first.result.exitCode, 0) << first.result.output;
  EXPECT_NE(
      first.result.output.find("segment-segment, separated, step 1 of 3, current s from the lines, clamped: s = 1\n"),
      std::string::npos)
      << first.result.output;
  const LessonRun second = runLesson(scene, "key RIGHT_BRACKET\nwait 1\n");
  EXPECT_NE(second.result.output.find("step 2 of 3, current t = (b s + f) / e: s = 1, t = -1"), std::string::npos)
      << second.result.output;
  const LessonRun last = runLesson(scene, "key RIGHT_BRACKET\nkey RIGHT_BRACKET\nkey RIGHT_BRACKET\nwait 1\n");
  EXPECT_NE(last.result.output.find("step 3 of 3, current t < 0: t = 0, s = clamp(-c / a): s = 1, t = 0"),
            std::string::npos)
      << last.result.output;
}

TEST(AppExplorer, IntervalsAreDrawnInTheShapesColoursWhereTheAppSays) {
  // Lesson 1, step 2: axis A1 (world Y), on which the boxes are apart.
  const LessonRun r = runLesson("scenes/lessons/01_aabb_aabb_three_axes.json", "key RIGHT_BRACKET\nwait 1\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  ASSERT_NE(r.result.output.find("current A1"), std::string::npos) << r.result.output;
  std::smatch m;
  const std::regex where(R"(interval A at (-?\d+),(-?\d+), B at (-?\d+),(-?\d+))");
  ASSERT_TRUE(std::regex_search(r.result.output, m, where)) << r.result.output;
  const int ax = std::stoi(m[1]), ay = std::stoi(m[2]), bx = std::stoi(m[3]), by = std::stoi(m[4]);
  const SceneLoadResult scene = loadScene(sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json"));
  ASSERT_TRUE(scene.ok());
  const glm::vec4 a = findShape(scene.scene, "A")->color, b = findShape(scene.scene, "B")->color;
  // The 7-pixel-thick intervals: their colour right at the reported points.
  EXPECT_GT(countColor(r.image, a.r, a.g, a.b, 40, ax - 4, ay - 4, ax + 5, ay + 5), 5) << ax << "," << ay;
  EXPECT_GT(countColor(r.image, b.r, b.g, b.b, 40, bx - 4, by - 4, bx + 5, by + 5), 5) << bx << "," << by;
  // And the gap between them is measured.
  EXPECT_EQ(countColor(r.image, a.r, a.g, a.b, 40, bx - 4, by - 4, bx + 5, by + 5), 0);
}

TEST(AppExplorer, CtrlClickFocusesAPairIn2d) {
  const ScreenPoint left = shapeOnScreen(sourcePath("tests/app/data/two_shapes_2d.json"), "left");
  const ScreenPoint right = shapeOnScreen(sourcePath("tests/app/data/two_shapes_2d.json"), "right");
  ASSERT_TRUE(left.ok() && right.ok());
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "click " << left.x << " " << left.y << "\nctrl on\nclick " << right.x << " "
                                    << right.y << "\nctrl off\nwait 1\n";
  const RunResult r = runSatlab(
      "'" + sourcePath("tests/app/data/two_shapes_2d.json") + "' --script input.txt --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("selection: left, right"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("explorer: A=left B=right, Rect2-OrientedRect2"), std::string::npos) << r.output;
}

TEST(AppExplorer, PageDownOpensTheNextLesson) {
  const LessonRun r = runLesson("scenes/lessons/01_aabb_aabb_three_axes.json", "key PAGE_DOWN\nwait 2\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  // Lesson 2 is the sphere and the box; the core takes the sphere first.
  EXPECT_NE(r.result.output.find("explorer: A=ball B=box, sphere-AABB"), std::string::npos) << r.result.output;
}

}  // namespace
}  // namespace satlab::test
