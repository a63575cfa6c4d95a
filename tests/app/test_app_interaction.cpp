// Scripted mouse and keyboard input against the real binary: picking, gizmo drags, body
// drags and snapping, checked through the scene satlab writes on exit.
#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace satlab::test {
namespace {

struct Session {
  RunResult run;
  Scene scene;  // as saved on exit
  std::string dir;
};

/// Runs satlab on `scene` at 1280x720 with `script`, saving the scene on exit.
Session runScript(const std::string& scene, const std::string& script) {
  Session s;
  s.dir = makeTempDir();
  std::ofstream(s.dir + "/input.txt") << script;
  s.run = runSatlab("'" + sourcePath(scene) + "' --script input.txt --screenshot shot.png --save-scene out.json", "",
                    s.dir);
  SceneLoadResult loaded = loadScene(s.dir + "/out.json");
  if (loaded.ok()) s.scene = std::move(loaded.scene);
  return s;
}

glm::vec3 aabbCenter(const Scene& scene, const std::string& name) {
  const SceneShape* s = findShape(scene, name);
  if (!s || s->kind() != ShapeKind::Aabb) return glm::vec3(NAN);
  return std::get<Aabb>(s->geometry).center;
}

std::string at(const ScreenPoint& p, int dx = 0, int dy = 0) {
  return std::to_string(p.x + dx) + " " + std::to_string(p.y + dy);
}

TEST(AppInteraction, ClickOnAShapeSelectsItAndClickOnEmptySpaceClears) {
  const ScreenPoint cube = shapeOnScreen(sourcePath("tests/app/data/one_box_3d.json"), "cube");
  ASSERT_TRUE(cube.ok());
  Session s = runScript("tests/app/data/one_box_3d.json", "click " + at(cube) + "\nwait 2\n");
  ASSERT_EQ(s.run.exitCode, 0) << s.run.output;
  EXPECT_NE(s.run.output.find("selection: cube"), std::string::npos) << s.run.output;

  s = runScript("tests/app/data/one_box_3d.json",
                "click " + at(cube) + "\nwait 1\nclick " + at(cube, 0, 330) + "\nwait 2\n");
  ASSERT_EQ(s.run.exitCode, 0) << s.run.output;
  EXPECT_NE(s.run.output.find("selection: (none)"), std::string::npos) << s.run.output;
}

TEST(AppInteraction, DraggingTheZArrowMovesTheBoxAlongZOnly) {
  // Select, then grab the Z arrow (straight up from the centre on screen) and drag it up.
  const ScreenPoint cube = shapeOnScreen(sourcePath("tests/app/data/one_box_3d.json"), "cube");
  ASSERT_TRUE(cube.ok());
  Session s = runScript("tests/app/data/one_box_3d.json", "click " + at(cube) + "\nwait 1\nmouse " + at(cube, 0, -50) +
                                                              "\nwait 1\npress left\ndrag " + at(cube, 0, -150) +
                                                              " 10\nrelease left\nwait 1\n");
  ASSERT_EQ(s.run.exitCode, 0) << s.run.output;
  const glm::vec3 c = aabbCenter(s.scene, "cube");
  EXPECT_FLOAT_EQ(c.x, 0.0f);
  EXPECT_FLOAT_EQ(c.y, 0.0f);
  EXPECT_GT(c.z, 0.5f) << "the box should have moved up";
}

TEST(AppInteraction, CtrlSnapsGizmoMovesToQuarterUnits) {
  const ScreenPoint cube = shapeOnScreen(sourcePath("tests/app/data/one_box_3d.json"), "cube");
  ASSERT_TRUE(cube.ok());
  Session s =
      runScript("tests/app/data/one_box_3d.json", "click " + at(cube) + "\nwait 1\nmouse " + at(cube, 0, -50) +
                                                      "\nwait 1\nctrl on\npress left\ndrag " + at(cube, 0, -123) +
                                                      " 7\nrelease left\nctrl off\nwait 1\n");
  ASSERT_EQ(s.run.exitCode, 0) << s.run.output;
  const glm::vec3 c = aabbCenter(s.scene, "cube");
  EXPECT_GT(c.z, 0.0f);
  EXPECT_FLOAT_EQ(c.z / 0.25f, std::round(c.z / 0.25f)) << "z = " << c.z;
}

TEST(AppInteraction, In2DDraggingAShapeMovesItInThePlane) {
  // In the 2D view the camera looks straight down: screen right is +X, screen up is +Y.
  const ScreenPoint left = shapeOnScreen(sourcePath("tests/app/data/two_shapes_2d.json"), "left");
  ASSERT_TRUE(left.ok());
  // Press on "left" and drag it right and up.
  Session s = runScript("tests/app/data/two_shapes_2d.json", "mouse " + at(left) + "\nwait 1\npress left\ndrag " +
                                                                 at(left, 60, -40) + " 6\nrelease left\nwait 1\n");
  ASSERT_EQ(s.run.exitCode, 0) << s.run.output;
  EXPECT_NE(s.run.output.find("selection: left"), std::string::npos) << s.run.output;
  const glm::vec3 c = aabbCenter(s.scene, "left");
  EXPECT_GT(c.x, -2.0f);
  EXPECT_GT(c.y, 0.0f);
  EXPECT_FLOAT_EQ(c.z, 0.0f);
  // The other shape did not move.
  const SceneShape* right = findShape(s.scene, "right");
  ASSERT_NE(right, nullptr);
  EXPECT_FLOAT_EQ(std::get<Obb>(right->geometry).center.x, 2.0f);
}

TEST(AppInteraction, ResizingAndMinimisingKeepsRunningWithoutGlErrors) {
  // A normal window (no --screenshot): resized, minimised for a while, used again.
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "wait 3\nresize 900 500\nwait 5\nminimize 20\nwait 3\nresize 1100 640\n"
                                       "wait 3\nclick 300 300\nwait 3\n";
  const RunResult r = runSatlab("'" + sourcePath("scenes/default.json") + "' --script input.txt", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.find("OpenGL error"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("20 skipped while minimised; framebuffer 1100x640"), std::string::npos) << r.output;
}

TEST(AppInteraction, AScriptedResizeSizesTheScreenshot) {
  // --screenshot renders the window offscreen: a script's resize changes what is written.
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "wait 2\nresize 800 600\nwait 3\n";
  const RunResult r = runSatlab(
      "'" + sourcePath("scenes/default.json") + "' --size 1600x900 --script input.txt --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("(800x600)"), std::string::npos) << r.output;
  const Image img = loadPng(dir + "/shot.png");
  EXPECT_EQ(img.width, 800);
  EXPECT_EQ(img.height, 600);
}

TEST(AppInteraction, ABadScriptIsAUsageErrorNamingTheLine) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/bad.txt") << "wait 1\njump 3 4\n";
  const RunResult r = runSatlab("--script bad.txt --screenshot x.png", "", dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("bad.txt: line 2"), std::string::npos) << r.output;
}

TEST(AppInteraction, ThePairsPanelsLabelSettingHidesShapeNames) {
  // mixed.json at 1280x720: the Pairs panel's "labels: all / selected / none" row, below the
  // Pipeline section's header.
  const std::string scene = "'" + sourcePath("scenes/examples/mixed.json") + "'";
  auto labels = [](const RunResult& r) {
    const size_t at = r.output.find("satlab: shape labels: ");
    return at == std::string::npos ? -1 : std::atoi(r.output.c_str() + at + 22);
  };
  const std::string dir = makeTempDir();
  auto run = [&](const std::string& script) {
    std::ofstream(dir + "/input.txt") << script;
    return runSatlab("--script input.txt " + scene + " --screenshot s.png", "", dir);
  };
  const RunResult all = run("wait 2\n");
  ASSERT_EQ(all.exitCode, 0) << all.output;
  EXPECT_EQ(labels(all), 7) << all.output;  // one per shape
  const RunResult none = run("wait 2\nclick 207 538\nwait 2\n");
  ASSERT_EQ(none.exitCode, 0) << none.output;
  EXPECT_EQ(labels(none), 0) << none.output;
}

}  // namespace
}  // namespace satlab::test
