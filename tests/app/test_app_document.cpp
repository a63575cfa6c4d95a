// Scenes as documents, through the real app: undo and redo, copy and paste, a broken file
// that changes nothing, a killed session whose work comes back, settings that persist, F12
// screenshots and exporting a regression test.
#include "app_harness.hpp"
#include "cube_scripts.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

const char* kOneBox = "tests/app/data/one_box_3d.json";

class AppDocument : public ::testing::Test {
 protected:
  void SetUp() override {
    cube_ = shapeOnScreen(sourcePath(kOneBox), "cube");
    ASSERT_TRUE(cube_.ok());
    dir_ = makeTempDir();
    scene_ = "'" + sourcePath(kOneBox) + "'";
  }
  ScreenPoint cube_;
  std::string dir_, scene_;
};

TEST_F(AppDocument, UndoPutsTheBoxBackAndRedoMovesItAgain) {
  RunResult r = runIn(dir_, dragCubeUp(cube_) + "ctrl on\nkey Z\nctrl off\nwait 1\n",
                      scene_ + " --screenshot s.png --save-scene undone.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FLOAT_EQ(cubeZ(dir_ + "/undone.json"), 0.0f);
  r = runIn(dir_, dragCubeUp(cube_) + "ctrl on\nkey Z\nkey Y\nctrl off\nwait 1\n",
            scene_ + " --screenshot s.png --save-scene redone.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(cubeZ(dir_ + "/redone.json"), 0.5f);
  // Ctrl+Shift+Z redoes too.
  r = runIn(dir_, dragCubeUp(cube_) + "ctrl on\nkey Z\nshift on\nkey Z\nshift off\nctrl off\nwait 1\n",
            scene_ + " --screenshot s.png --save-scene redone2.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(cubeZ(dir_ + "/redone2.json"), 0.5f);
}

TEST_F(AppDocument, TitleShowsUnsavedChanges) {
  RunResult r = runIn(dir_, "wait 1\n", scene_ + " --screenshot s.png");
  EXPECT_NE(r.output.find("title: one_box_3d.json: one box at the origin (3D) - satlab"), std::string::npos)
      << r.output;
  r = runIn(dir_, dragCubeUp(cube_), scene_ + " --screenshot s.png");
  EXPECT_NE(r.output.find("title: * one_box_3d.json: one box at the origin (3D) - satlab"), std::string::npos)
      << r.output;
}

TEST_F(AppDocument, CopyAndPasteAddsAShapeUnderAFreeName) {
  const RunResult r = runIn(dir_, "click " + at(cube_) + "\nwait 1\nctrl on\nkey C\nkey V\nctrl off\nwait 1\n",
                            scene_ + " --screenshot s.png --save-scene out.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const SceneLoadResult out = loadScene(dir_ + "/out.json");
  ASSERT_TRUE(out.ok());
  ASSERT_EQ(out.scene.shapes.size(), 2u);
  EXPECT_EQ(out.scene.shapes[1].name, "cube_2");
  EXPECT_NE(r.output.find("selection: cube_2"), std::string::npos) << r.output;
}

TEST_F(AppDocument, OpeningABrokenFileShowsWhyAndKeepsTheScene) {
  std::ofstream(dir_ + "/broken.json")
      << R"({"version": 1, "shapes": [{"name": "x", "type": "sphere", "center": [0, 0, NaN], "radius": 1}]})";
  const RunResult r = runIn(dir_, "ctrl on\nkey O\nctrl off\nwait 2\ntext broken.json\nkey ENTER\nwait 2\n",
                            scene_ + " --screenshot s.png --save-scene out.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("broken.json"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Could not open the scene"), std::string::npos) << r.output;
  const SceneLoadResult out = loadScene(dir_ + "/out.json");
  ASSERT_TRUE(out.ok());
  ASSERT_EQ(out.scene.shapes.size(), 1u);
  EXPECT_EQ(out.scene.shapes[0].name, "cube");
}

TEST_F(AppDocument, SaveAsThroughTheDialogWritesTheEditedScene) {
  const RunResult r = runIn(dir_,
                            dragCubeUp(cube_) +
                                "ctrl on\nshift on\nkey S\nshift off\nctrl off\nwait 2\n"
                                "text saved.json\nkey ENTER\nwait 2\n",
                            scene_ + " --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(cubeZ(dir_ + "/saved.json"), 0.5f) << r.output;
  EXPECT_NE(r.output.find("title: saved.json: one box at the origin (3D) - satlab"), std::string::npos)
      << r.output;  // saved: no '*'
}

TEST_F(AppDocument, AKilledSessionGetsItsWorkBackOnTheNextStart) {
  // 1. Edit, then keep the window open until satlab is killed (no chance to save).
  const RunResult killed =
      runIn(dir_, dragCubeUp(cube_) + "wait 100000\n", scene_, "SATLAB_AUTOSAVE_SECONDS=0.2 timeout -s KILL 10");
  EXPECT_EQ(killed.exitCode, 128 + 9) << killed.output;
  ASSERT_TRUE(fs::exists(dir_ + "/.state/satlab/recovery.json")) << killed.output;
  // 2. The next start restores it.
  const RunResult back = runIn(dir_, "wait 1\n", "--restore --screenshot s.png --save-scene out.json");
  ASSERT_EQ(back.exitCode, 0) << back.output;
  EXPECT_NE(back.output.find("restored unsaved work"), std::string::npos) << back.output;
  EXPECT_GT(cubeZ(dir_ + "/out.json"), 0.5f);
  EXPECT_NE(back.output.find("title: * one_box_3d.json: one box at the origin (3D) - satlab"), std::string::npos)
      << back.output;
}

TEST_F(AppDocument, ANormalCloseLeavesNoRecoveryFileAndSavesSettings) {
  // A scripted session without --screenshot ends like a normal close when the script does.
  const RunResult r = runIn(dir_, dragCubeUp(cube_) + "key F5\nwait 3\n", scene_, "SATLAB_AUTOSAVE_SECONDS=0.2");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(fs::exists(dir_ + "/.state/satlab/recovery.json"));
  const std::string settings = readAll(dir_ + "/.config/satlab/settings.json");
  EXPECT_NE(settings.find("\"presentation\": true"), std::string::npos) << settings;
  EXPECT_TRUE(fs::exists(dir_ + "/.config/satlab/imgui.ini"));
  EXPECT_FALSE(fs::exists(dir_ + "/imgui.ini"));
}

TEST_F(AppDocument, F12SavesTheWholeWindowWithATimestampedName) {
  const RunResult r = runIn(dir_, "key F12\nwait 2\n", scene_ + " --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::string shot;
  for (const auto& e : fs::directory_iterator(dir_ + "/pictures/satlab")) shot = e.path().string();
  ASSERT_FALSE(shot.empty()) << r.output;
  EXPECT_NE(r.output.find("screenshot saved to " + shot), std::string::npos) << r.output;
  EXPECT_NE(shot.find("satlab-2"), std::string::npos);  // satlab-YYYYMMDD-HHMMSS.png
  const Image img = loadPng(shot);
  EXPECT_EQ(img.width, 1280);
  EXPECT_EQ(img.height, 720);
}

TEST_F(AppDocument, ExportTheFocusedPairAsAGoogleTestCase) {
  const std::string scene = sourcePath("scenes/default.json");
  const ScreenPoint a = shapeOnScreen(scene, "box_a"), b = shapeOnScreen(scene, "box_b");
  ASSERT_TRUE(a.ok() && b.ok());
  const RunResult r = runIn(dir_,
                            "click " + at(a) + "\nctrl on\nclick " + at(b) +
                                "\nkey E\nctrl off\nwait 2\n"
                                "text pair_test.cpp\nkey ENTER\nwait 2\n",
                            "'" + scene + "' --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::string code = readAll(dir_ + "/pair_test.cpp");
  EXPECT_NE(code.find("#include <satlab/collide.hpp>"), std::string::npos) << r.output;
  EXPECT_NE(code.find("TEST("), std::string::npos);
  EXPECT_NE(code.find("satAabbObb("), std::string::npos) << code;
  EXPECT_NE(code.find("EXPECT_TRUE"), std::string::npos) << code;  // box_a and box_b overlap
}

TEST_F(AppDocument, CtrlEExportsWithoutAlsoPickingTheRotateGizmo) {
  // dragCubeUp presses where the move gizmo's Z arrow is: with it the box moves along Z only.
  RunResult r = runIn(dir_, dragCubeUp(cube_), scene_ + " --screenshot s.png --save-scene w.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  glm::vec3 c = cubeCenter(dir_ + "/w.json");
  EXPECT_FLOAT_EQ(c.x, 0.0f);
  EXPECT_FLOAT_EQ(c.y, 0.0f);
  EXPECT_GT(c.z, 0.5f);
  // E picks the rotate gizmo: no Z arrow, so the same press drags the box in the view plane.
  r = runIn(dir_, "key E\nwait 1\n" + dragCubeUp(cube_), scene_ + " --screenshot s.png --save-scene e.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  c = cubeCenter(dir_ + "/e.json");
  EXPECT_TRUE(c.x != 0.0f || c.y != 0.0f) << c.x << ", " << c.y << ", " << c.z;
  // Ctrl+E exports, and is not also E: the gizmo still moves, along Z only.
  r = runIn(dir_, "ctrl on\nkey E\nctrl off\nwait 2\ntext scene_test.cpp\nkey ENTER\nwait 2\n" + dragCubeUp(cube_),
            scene_ + " --screenshot s.png --save-scene ctrl_e.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(readAll(dir_ + "/scene_test.cpp").find("// Generated by satlab"), std::string::npos) << r.output;
  c = cubeCenter(dir_ + "/ctrl_e.json");
  EXPECT_FLOAT_EQ(c.x, 0.0f);
  EXPECT_FLOAT_EQ(c.y, 0.0f);
  EXPECT_GT(c.z, 0.5f);
}

TEST_F(AppDocument, TheAppShowsUnmetExpectations) {
  std::ofstream(dir_ + "/exp.json") << R"({"version": 1, "shapes": [
    {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "b", "type": "aabb", "center": [3, 0, 0], "half_extents": [1, 1, 1]}],
    "expect": [{"a": "a", "b": "b", "overlap": true}]})";
  RunResult r = runIn(dir_, "wait 1\n", "exp.json --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("expectations: 1 of 1 NOT met"), std::string::npos) << r.output;
  r = runIn(dir_, "wait 1\n", "'" + sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json") + "' --screenshot s.png");
  EXPECT_NE(r.output.find("expectations: all 1 met"), std::string::npos) << r.output;
}

TEST_F(AppDocument, ALessonWrittenInTheAppOpensAsItWasSaved) {
  // mixed.json at 1280x720: the Pairs row "ball / crate", then Lessons > Write a lesson
  // from this view..., the camera "as it is", then "Save lesson as..." and a path.
  const std::string scene = "'" + sourcePath("scenes/examples/mixed.json") + "'";
  const std::string write =
      "wait 2\nclick 48 581\nwait 2\nclick 164 10\nwait 2\nclick 237 36\nwait 3\nclick 191 302\nwait 1\n"
      "click 70 277\nwait 3\n"
      "ctrl on\nkey A\nctrl off\ntext " +
      dir_ + "/written.json\nkey ENTER\nwait 3\n";
  const RunResult saved = runIn(dir_, write, scene + " --screenshot s.png");
  ASSERT_EQ(saved.exitCode, 0) << saved.output;
  EXPECT_NE(saved.output.find("saved the lesson to " + dir_ + "/written.json"), std::string::npos) << saved.output;
  EXPECT_NE(saved.output.find("title: written.json: All four shapes - satlab"), std::string::npos) << saved.output;
  // Opened again, it focuses the same pair, at the same step, with the same camera.
  const RunResult opened = runIn(dir_, "wait 2\n", "written.json --screenshot s.png");
  ASSERT_EQ(opened.exitCode, 0) << opened.output;
  auto line = [](const std::string& out, const std::string& key) {
    const size_t at = out.find(key);
    return at == std::string::npos ? std::string("(missing " + key + ")") : out.substr(at, out.find('\n', at) - at);
  };
  EXPECT_EQ(line(opened.output, "satlab: explorer: "), line(saved.output, "satlab: explorer: ")) << opened.output;
  EXPECT_NE(line(opened.output, "satlab: explorer: ").find("A=ball B=crate"), std::string::npos) << opened.output;
  const std::string shape = line(saved.output, "satlab: shape turned at ");
  const std::string again = line(opened.output, "satlab: shape turned at ");
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  ASSERT_EQ(std::sscanf(shape.c_str(), "satlab: shape turned at %d,%d", &x0, &y0), 2) << saved.output;
  ASSERT_EQ(std::sscanf(again.c_str(), "satlab: shape turned at %d,%d", &x1, &y1), 2) << opened.output;
  EXPECT_NEAR(x1, x0, 3);
  EXPECT_NEAR(y1, y0, 3);
}

TEST_F(AppDocument, ALessonHasOneTitleHoweverItWasOpened) {
  // Opened as a file, and reached from lesson 1 with Page Down (as the Lessons menu opens it).
  const std::string file = "title: 02_aabb_sphere_arvo.json: Lesson 2";
  RunResult r =
      runIn(dir_, "wait 1\n", "'" + sourcePath("scenes/lessons/02_aabb_sphere_arvo.json") + "' --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
  r = runIn(dir_, "wait 1\nkey PAGE_DOWN\nwait 2\n",
            "'" + sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json") + "' --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
