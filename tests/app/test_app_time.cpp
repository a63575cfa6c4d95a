// Time in the real app: `satlab level`, stepping a scene in motion (O) and a recording's frames.
#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace satlab::test {
namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

ScreenPoint reported(const std::string& output, const std::string& name) {
  const std::string key = "satlab: shape " + name + " at ";
  const size_t at = output.find(key);
  ScreenPoint p;
  if (at == std::string::npos || std::sscanf(output.c_str() + at + key.size(), "%d,%d", &p.x, &p.y) != 2) return {};
  return p;
}

TEST(AppTime, LevelCommandWritesTheSameSeededLevelToStdoutOrAFile) {
  const std::string dir = makeTempDir();
  const RunResult out = runSatlab("level --seed 5 --statics 40 --movers 8", "env -u DISPLAY", dir);
  ASSERT_EQ(out.exitCode, 0) << out.output;
  const SceneLoadResult scene = parseScene(out.output, "stdout");
  ASSERT_TRUE(scene.ok()) << (scene.error ? scene.error->text() : "");
  EXPECT_EQ(scene.scene.shapes.size(), 5u + 40u + 8u);
  EXPECT_EQ(scene.scene.title, "Level: seed 5, 40 statics, 8 movers");
  const RunResult file = runSatlab("level --seed 5 --statics 40 --movers 8 --output level.json", "env -u DISPLAY", dir);
  ASSERT_EQ(file.exitCode, 0) << file.output;
  EXPECT_EQ(readAll(dir + "/level.json"), out.output);
  const RunResult bad = runSatlab("level --statics 1999999 --movers 10", "env -u DISPLAY", dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.output.find("satlab level: statics + movers is 2000009; a scene holds at most 1999995"),
            std::string::npos)
      << bad.output;
}

TEST(AppTime, ThirtyStepsMoveTheBallHalfASecondAndSavingKeepsTheStartPose) {
  const std::string dir = makeTempDir();
  std::string script;
  for (int i = 0; i < 30; ++i) script += "key O\n";
  script += "wait 1\n";
  writeAll(dir + "/steps.txt", script);
  const std::string scene = sourcePath("scenes/examples/moving.json");
  const RunResult r =
      runSatlab("'" + scene + "' --script steps.txt --screenshot shot.png --save-scene saved.json", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: time: t = 0.5000 s, paused"), std::string::npos) << r.output;
  // The ball runs +x at 2.5 units per second: half a second later it is further right on screen.
  const ScreenPoint start = shapeOnScreen(scene, "ball");
  const ScreenPoint now = reported(r.output, "ball");
  ASSERT_TRUE(start.ok() && now.ok()) << r.output;
  EXPECT_GT(now.x - start.x, 10) << "ball at " << start.x << " then " << now.x;
  // The file keeps the t = 0 pose and the motion.
  const SceneLoadResult saved = loadScene(dir + "/saved.json");
  ASSERT_TRUE(saved.ok()) << (saved.error ? saved.error->text() : "");
  const SceneShape* ball = findShape(saved.scene, "ball");
  ASSERT_NE(ball, nullptr);
  EXPECT_EQ(std::get<Sphere>(ball->geometry).center, glm::vec3(-2.0f, 3.0f, 1.0f));
  ASSERT_TRUE(ball->motion);
  EXPECT_EQ(ball->motion->path.size(), 5u);
}

TEST(AppTime, ARecordingOpensLikeASceneAndOStepsItsFrames) {
  const std::string dir = makeTempDir();
  std::string rec =
      R"({"recording": 1, "title": "box through a plate", "expect": [{"a": "box", "b": "plate", "overlap": false}]})"
      "\n";
  for (int f = 0; f < 4; ++f) {
    char line[300];
    std::snprintf(line, sizeof line,
                  R"({"frame": %d, "time": %.4f, "shapes": [{"name": "plate", "type": "aabb", "center": [0, 0, 0], )"
                  R"("half_extents": [3, 3, 0.1]}, {"name": "box", "type": "aabb", "center": [0, 0, %g], )"
                  R"("half_extents": [0.5, 0.5, 0.5]}]})"
                  "\n",
                  f, f / 60.0, 3.0 - 1.5 * f);
    rec += line;
  }
  writeAll(dir + "/fall.jsonl", rec);
  writeAll(dir + "/steps.txt", "key O\nkey O\nwait 1\n");
  const RunResult r = runSatlab("fall.jsonl --script steps.txt --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // Frame 2 (index 2) puts the box at z = 0, through the plate; it first touches the plate
  // between frames 1 and 2 (its bottom, 1.5 - 0.5 a frame before, reaches the plate's top,
  // 0.1, 0.6 of the way): that is where the expectation first breaks.
  EXPECT_NE(r.output.find("satlab: time: frame 2 (index 2 of 4), paused, first broken expectation between frames 1 "
                          "and 2"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("expectations: 1 of 1 NOT met"), std::string::npos) << r.output;
}

std::string at(ScreenPoint p) { return std::to_string(p.x) + " " + std::to_string(p.y); }

TEST(AppTime, TheCrateLessonShowsTheContactBetweenFramesThatNoFrameShows) {
  // Two steps: from frame 2 to frame 3 the crate crosses the floor. The explorer turns to
  // "Between frames" and the view draws the crate where it first touches: its colour appears
  // at the floor, where no frame has it.
  const std::string lesson = "scenes/lessons/18_the_crate_through_the_floor.json";
  const ShotRun shown = runScriptedShot(lesson, "key O\nwait 2\nkey O\nwait 3\n");
  ASSERT_EQ(shown.result.exitCode, 0) << shown.report();
  EXPECT_NE(shown.result.output.find("satlab: swept: from t = 0.03 s to 0.05 s: swept_aabb_obb, first touch at t = "
                                     "0.0362222 s (0.1733 of the step), decided by A2, shown"),
            std::string::npos)
      << shown.report();
  // The same moment on the "This frame" tab: the step is not drawn.
  const ScreenPoint tab = itemCentre(shown.result.output, "explorer.this_frame");
  ASSERT_TRUE(tab.ok()) << shown.report();
  const ShotRun frame = runScriptedShot(lesson, "key O\nwait 2\nkey O\nwait 3\nclick " + at(tab) + "\nwait 3\n");
  ASSERT_EQ(frame.result.exitCode, 0) << frame.report();
  EXPECT_NE(frame.result.output.find("decided by A2, not shown"), std::string::npos) << frame.report();
  // Around the floor's centre on screen: the crate at the time of impact (its colour), drawn
  // only with the step shown.
  const ScreenPoint floor = shapeOnScreen(sourcePath(lesson), "floor");
  ASSERT_TRUE(floor.ok());
  const auto crateAt = [&](const Image& img) {
    return countColor(img, 0.93f, 0.55f, 0.2f, 40, floor.x - 60, floor.y - 40, floor.x + 60, floor.y + 40);
  };
  EXPECT_GT(crateAt(shown.image), crateAt(frame.image) + 150)
      << "crate pixels at the floor: " << crateAt(shown.image) << " shown, " << crateAt(frame.image) << " not";
}

TEST(AppTime, ARecordingMarksAPassThroughAndJumpsToItsTimeOfImpact) {
  // A ball crosses a wall between two frames, apart in both: its expectation breaks between
  // them, and the contact's button shows the shapes at the time of impact.
  const std::string dir = makeTempDir();
  writeAll(
      dir + "/through.jsonl",
      R"({"recording": 1, "expect": [{"a": "ball", "b": "wall", "overlap": false}]})"
      "\n"
      R"({"frame": 7, "time": 1, "shapes": [{"name": "wall", "type": "aabb", "center": [0, 0, 0], )"
      R"("half_extents": [0.1, 2, 2]}, {"name": "ball", "type": "sphere", "color": [0.9, 0.2, 0.7], "center": [-3, 0, 0], )"
      R"("radius": 0.4}]})"
      "\n"
      R"({"frame": 8, "time": 1.5, "shapes": [{"name": "wall", "type": "aabb", "center": [0, 0, 0], )"
      R"("half_extents": [0.1, 2, 2]}, {"name": "ball", "type": "sphere", "color": [0.9, 0.2, 0.7], "center": [3, 0, 0], )"
      R"("radius": 0.4}]})"
      "\n");
  const ScreenPoint ball = shapeOnScreen(dir + "/through.jsonl", "ball");
  const ScreenPoint wall = shapeOnScreen(dir + "/through.jsonl", "wall");
  ASSERT_TRUE(ball.ok() && wall.ok());
  // Select the two shapes (their pair's marks and contacts), then press the contact's button.
  const std::string select =
      "wait 2\nclick " + at(ball) + "\nwait 2\nctrl on\nclick " + at(wall) + "\nctrl off\nwait 3\n";
  writeAll(dir + "/select.txt", select);
  const RunResult first = runSatlab("through.jsonl --script select.txt --screenshot a.png", "", dir);
  ASSERT_EQ(first.exitCode, 0) << first.output;
  // Named by the engine's numbers, 7 and 8.
  EXPECT_NE(first.output.find("satlab: time: frame 7 (index 0 of 2), paused, first broken expectation between frames 7 "
                              "and 8"),
            std::string::npos)
      << first.output;
  const ScreenPoint contact = itemCentre(first.output, "timebar.contact");
  ASSERT_TRUE(contact.ok()) << first.output;
  writeAll(dir + "/jump.txt", select + "click " + at(contact) + "\nwait 3\n");
  const RunResult jumped = runSatlab("through.jsonl --script jump.txt --screenshot b.png", "", dir);
  ASSERT_EQ(jumped.exitCode, 0) << jumped.output;
  // The ball's surface reaches the wall 2.5 of 6 along: 0.4167 of the way to frame 2.
  EXPECT_NE(jumped.output.find("satlab: time: frame 7 (index 0 of 2) and 0.4167 of the way to the next, paused"),
            std::string::npos)
      << jumped.output;
  EXPECT_NE(jumped.output.find("expectations: 1 of 1 NOT met"), std::string::npos) << jumped.output;
  // The ball's colour beside the wall, where neither frame has it: drawn at its time of
  // impact by the explorer's step (once the pair is selected), and there itself after the
  // jump; not before the pair is selected.
  writeAll(dir + "/none.txt", "wait 3\n");
  ASSERT_EQ(runSatlab("through.jsonl --script none.txt --screenshot c.png", "", dir).exitCode, 0);
  const Image selected = loadPng(dir + "/a.png"), after = loadPng(dir + "/b.png"), plain = loadPng(dir + "/c.png");
  ASSERT_TRUE(selected.ok() && after.ok() && plain.ok());
  // Where the wall is drawn in each run: with the pair focused the margin plot stands above the
  // time bar and the view is shorter.
  const ScreenPoint wallFocused = reported(first.output, "wall");
  ASSERT_TRUE(wallFocused.ok()) << first.output;
  const auto ballNear = [&](const Image& img, ScreenPoint w) {
    return countColor(img, 0.9f, 0.2f, 0.7f, 40, w.x - 60, w.y - 60, w.x + 60, w.y + 60);
  };
  EXPECT_GT(ballNear(selected, wallFocused), 150)
      << "ball pixels at the wall, the step drawn: " << ballNear(selected, wallFocused);
  EXPECT_GT(ballNear(after, wallFocused), 100)
      << "ball pixels at the wall after the jump (behind the wall's face): " << ballNear(after, wallFocused);
  EXPECT_LT(ballNear(plain, wall), 20) << "ball pixels at the wall in frame 1: " << ballNear(plain, wall);
}

}  // namespace
}  // namespace satlab::test
