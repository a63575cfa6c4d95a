// The explorers and lessons in the real app: every lesson opens on its pair and renders,
// stepping follows the core's trace, and the drawn intervals sit where the app says.
#include "app_harness.hpp"

#include "../lesson_count.hpp"
#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <utility>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

using LessonRun = ShotRun;

/// Runs `scene` with `script`; `extra`: more arguments ("--presentation --size 1920x1080").
LessonRun runLesson(const std::string& scene, const std::string& script, const std::string& extra = "") {
  return runScriptedShot(scene, script, extra);
}

struct Rect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

/// "WHAT at x0,y0 to x1,y1" from the explorer's status line.
std::optional<Rect> rectIn(const std::string& output, const std::string& what) {
  std::smatch m;
  const std::regex re(what + R"( at (-?\d+),(-?\d+) to (-?\d+),(-?\d+))");
  if (!std::regex_search(output, m, re)) return std::nullopt;
  return Rect{std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
}

struct Point {
  int x = 0, y = 0;
};

/// The middles of the two drawn intervals: "interval A at 512,600, B at 530,610".
std::optional<std::pair<Point, Point>> intervalsIn(const std::string& output) {
  std::smatch m;
  const std::regex re(R"(interval A at (-?\d+),(-?\d+), B at (-?\d+),(-?\d+))");
  if (!std::regex_search(output, m, re)) return std::nullopt;
  return std::make_pair(Point{std::stoi(m[1]), std::stoi(m[2])}, Point{std::stoi(m[3]), std::stoi(m[4])});
}

/// The colour of shape `name` of `scene` (a source path).
glm::vec4 colorOf(const std::string& scene, const char* name) {
  const SceneLoadResult s = loadScene(sourcePath(scene));
  EXPECT_TRUE(s.ok());
  const SceneShape* shape = s.ok() ? findShape(s.scene, name) : nullptr;
  return shape ? shape->color : glm::vec4(0.0f);
}

/// Pixels of `c` (within 40 per channel) in the 9 x 9 square at `p`.
int colorNear(const Image& img, const glm::vec4& c, Point p) {
  return countColor(img, c.r, c.g, c.b, 40, p.x - 4, p.y - 4, p.x + 5, p.y + 5);
}

TEST(AppExplorer, EveryLessonOpensOnItsPairOrItsMeshAndRenders) {
  std::vector<std::string> lessons;
  for (const auto& e : fs::directory_iterator(sourcePath("scenes/lessons"))) lessons.push_back(e.path().filename());
  std::sort(lessons.begin(), lessons.end());
  ASSERT_EQ(lessons.size(), kBuiltInLessons);
  for (const std::string& name : lessons) {
    const LessonRun r = runLesson("scenes/lessons/" + name, "wait 2\n");
    ASSERT_EQ(r.result.exitCode, 0) << name << ": " << r.result.output;
    // A lesson opens on its pair's explorer, or (lessons on where boxes come from) on the
    // bounding-volume lab of the one mesh it selects, or on a second camera's tests of one
    // shape, or (a level in motion) on its time and pipeline.
    const bool lab = r.result.output.find("satlab: bv lab: ") != std::string::npos;
    const bool frustum = r.result.output.find("satlab: frustum: traced ") != std::string::npos;
    const bool moving = r.result.output.find("satlab: time: t = ") != std::string::npos;
    EXPECT_TRUE(lab || frustum || moving || r.result.output.find("explorer: A=") != std::string::npos)
        << name << ": " << r.result.output;
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

TEST(AppExplorer, TheKeyPictureStaysOnTheCanvasInPresentationWithThePanelsHidden) {
  // Presentation mode opens with the panels hidden. Lesson 1, step 2 (A1, on which the boxes
  // are apart) and lesson 8, step 2: the number line of the step is drawn on the canvas, its
  // text at least 3% of the window height, and neither it nor the step bar covers the
  // intervals drawn in the view.
  for (const char* lesson :
       {"scenes/lessons/01_aabb_aabb_three_axes.json", "scenes/lessons/08_obb_obb_edge_axis.json"}) {
    for (const int height : {720, 1080}) {
      const std::string size = height == 720 ? "1280x720" : "1920x1080";
      const LessonRun r = runLesson(lesson, "key RIGHT_BRACKET\nwait 2\n", "--presentation --size " + size);
      ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
      const std::optional<Rect> canvas = rectIn(r.result.output, "canvas picture");
      ASSERT_TRUE(canvas) << lesson << " " << size << ": " << r.result.output;
      std::smatch m;
      ASSERT_TRUE(std::regex_search(r.result.output, m, std::regex(R"(\(text (\d+) px\))"))) << r.result.output;
      EXPECT_GE(std::stoi(m[1]), 0.03 * height) << lesson << " " << size;
      // In the bottom-right quarter of the window, clear of the bottom-centre.
      EXPECT_GT(canvas->x0, r.image.width / 2) << lesson << " " << size;
      EXPECT_GT(canvas->y0, r.image.height / 2) << lesson << " " << size;
      // A's interval is a bar in A's colour inside it.
      const glm::vec4 a = colorOf(lesson, "A");
      EXPECT_GT(countColor(r.image, a.r, a.g, a.b, 40, canvas->x0, canvas->y0, canvas->x1, canvas->y1), 300)
          << lesson << " " << size;
      const std::optional<Rect> bar = rectIn(r.result.output, "step bar");
      ASSERT_TRUE(bar) << r.result.output;
      const auto intervals = intervalsIn(r.result.output);
      ASSERT_TRUE(intervals) << r.result.output;
      for (const Point& p : {intervals->first, intervals->second}) {
        EXPECT_FALSE(bar->contains(p.x, p.y)) << lesson << " " << size << ": the step bar covers " << p.x << "," << p.y;
        EXPECT_FALSE(canvas->contains(p.x, p.y))
            << lesson << " " << size << ": the picture covers " << p.x << "," << p.y;
      }
    }
  }
}

TEST(AppExplorer, ArvoSumAndSlabLineAreOnTheCanvasInBothThemes) {
  // Lesson 2 (Arvo) and lesson 4 (slabs), first step: X's share of the sum, X's slab, drawn
  // in the theme's X colour inside the picture; the dark theme with Tab, the light one in
  // presentation.
  for (const char* lesson : {"scenes/lessons/02_aabb_sphere_arvo.json", "scenes/lessons/04_slab_test_2d.json"}) {
    for (const bool presentation : {false, true}) {
      const LessonRun r =
          runLesson(lesson, presentation ? "wait 2\n" : "key TAB\nwait 2\n", presentation ? "--presentation" : "");
      ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
      const std::optional<Rect> canvas = rectIn(r.result.output, "canvas picture");
      ASSERT_TRUE(canvas) << lesson << ": " << r.result.output;
      // X is red in both themes (darker in the light one): clearly red pixels, whatever the shade.
      int red = 0;
      for (int y = std::max(canvas->y0, 0); y < std::min(canvas->y1, r.image.height); ++y) {
        for (int x = std::max(canvas->x0, 0); x < std::min(canvas->x1, r.image.width); ++x) {
          const std::uint8_t* p = r.image.at(x, y);
          red += p[0] > 120 && p[0] > p[1] + 80 && p[0] > p[2] + 80;
        }
      }
      EXPECT_GT(red, 150) << lesson << (presentation ? " (light)" : " (dark)");
    }
  }
}

TEST(AppExplorer, PredictHidesTheAnswerUntilTheStudentGivesOne) {
  const std::string lesson = "scenes/lessons/01_aabb_aabb_three_axes.json";
  const glm::vec4 a = colorOf(lesson, "A");
  // Asked: no intervals in the view, no verdict in the step's text, a question on the canvas.
  const LessonRun asked = runLesson(lesson, "key P\nkey RIGHT_BRACKET\nwait 2\n");
  ASSERT_EQ(asked.result.exitCode, 0) << asked.result.output;
  EXPECT_NE(asked.result.output.find("predict: asking overlap or separated, score 0 of 0"), std::string::npos)
      << asked.result.output;
  const auto hidden = intervalsIn(asked.result.output);
  ASSERT_TRUE(hidden) << asked.result.output;
  EXPECT_EQ(colorNear(asked.image, a, hidden->first), 0) << "A's interval is drawn while the question is open";
  // Separated, then A1 (Enter): right, and everything is shown.
  const LessonRun right = runLesson(lesson, "key P\nkey S\nkey RIGHT_BRACKET\nkey ENTER\nwait 2\n");
  EXPECT_NE(right.result.output.find("current A1"), std::string::npos) << right.result.output;
  EXPECT_NE(right.result.output.find("predict: revealed, right, score 1 of 1"), std::string::npos)
      << right.result.output;
  const auto shown = intervalsIn(right.result.output);
  ASSERT_TRUE(shown) << right.result.output;
  EXPECT_GT(colorNear(right.image, a, shown->first), 5);
  // Overlap: wrong, scored 0 of 1.
  const LessonRun wrong = runLesson(lesson, "key P\nkey O\nwait 2\n");
  EXPECT_NE(wrong.result.output.find("predict: revealed, wrong, score 0 of 1"), std::string::npos)
      << wrong.result.output;
  // In presentation (no panels) the step bar and the canvas ask: the picture has no bars yet.
  const LessonRun slide = runLesson(lesson, "key P\nkey RIGHT_BRACKET\nwait 2\n", "--presentation");
  const std::optional<Rect> canvas = rectIn(slide.result.output, "canvas picture");
  ASSERT_TRUE(canvas) << slide.result.output;
  EXPECT_EQ(countColor(slide.image, a.r, a.g, a.b, 40, canvas->x0, canvas->y0, canvas->x1, canvas->y1), 0);
}

TEST(AppExplorer, SeparateStepsToTheAxisItOpened) {
  // Lesson 6 overlaps; its least overlap is on A2xB1. Separate moves B along it, and the
  // explorer then shows that axis, now separating (not step 1).
  const std::string lesson = "scenes/lessons/06_aabb_obb_fifteen_axes.json";
  const LessonRun before = runLesson(lesson, "key RIGHT_BRACKET\nwait 2\n");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(before.result.output, m, std::regex(R"(Separate button at (\d+),(\d+))")))
      << before.result.output;
  const LessonRun after =
      runLesson(lesson, "key RIGHT_BRACKET\nwait 2\nclick " + m[1].str() + " " + m[2].str() + "\nwait 3\n");
  ASSERT_EQ(after.result.exitCode, 0) << after.result.output;
  EXPECT_NE(after.result.output.find("AABB-OBB, separated, step 14 of 15, stops at A2xB1, current A2xB1"),
            std::string::npos)
      << after.result.output;
}

TEST(AppExplorer, ANearZeroAxisIsDrawnToAScaleThatFitsTheView) {
  // Lesson 9's boxes with the epsilon on, at A2xB2 (|L| = 1.5e-8): the radii divided by |L|
  // are over a hundred times the boxes' size; the intervals are drawn shrunk, on screen.
  const LessonRun r = runLesson("tests/app/data/near_zero_axis.json", "wait 2\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  EXPECT_NE(r.result.output.find("overlap, step 15 of 15"), std::string::npos) << r.result.output;
  EXPECT_TRUE(std::regex_search(r.result.output, std::regex(R"(drawn at 1/\d+(\.\d+)? scale)"))) << r.result.output;
  const auto intervals = intervalsIn(r.result.output);
  ASSERT_TRUE(intervals) << r.result.output;
  for (const Point& p : {intervals->first, intervals->second}) {
    EXPECT_TRUE(p.x >= 0 && p.x < r.image.width && p.y >= 0 && p.y < r.image.height) << p.x << "," << p.y;
  }
  const glm::vec4 a = colorOf("tests/app/data/near_zero_axis.json", "A");
  EXPECT_GT(colorNear(r.image, a, intervals->first), 5);
}

TEST(AppExplorer, NothingInTheExplorerIsCutAt1280x720Or800x600) {
  // Every lesson's explorer panel, its table included (the degenerate threshold in the |L|
  // header, the verdicts), fits its column or wraps: ImGui's own measure of what it clipped.
  std::vector<std::string> lessons;
  for (const auto& e : fs::directory_iterator(sourcePath("scenes/lessons"))) lessons.push_back(e.path().filename());
  std::sort(lessons.begin(), lessons.end());
  for (const std::string& name : lessons) {
    for (const char* size : {"1280x720", "800x600"}) {
      const LessonRun r =
          runLesson("scenes/lessons/" + name, "key RIGHT_BRACKET\nwait 2\n", std::string("--size ") + size);
      ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
      ASSERT_NE(r.result.output.find("satlab: clipped:"), std::string::npos) << r.result.output;
      std::istringstream lines(r.result.output);
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind("satlab: clipped:", 0) == 0) {
          EXPECT_EQ(line.find("Explorer"), std::string::npos) << name << " " << size << ": " << line;
        }
      }
    }
  }
}

}  // namespace
}  // namespace satlab::test
