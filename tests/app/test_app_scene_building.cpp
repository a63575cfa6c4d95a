// Building a scene from nothing, as a teacher preparing a lecture does: File > New, shapes
// added where they can be seen, a mesh imported from the scene's folder, the explorer's table
// read whole, the 2D whiteboard view from the View menu.
#include "app_harness.hpp"

#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

/// The "clipped:" lines of a scripted run's report that found something, one per line.
std::string clippedFindings(const RunResult& r) {
  std::string out;
  size_t at = 0;
  bool any = false;
  while ((at = r.output.find("satlab: clipped: ", at)) != std::string::npos) {
    any = true;
    const size_t end = r.output.find('\n', at);
    const std::string line = r.output.substr(at, end - at);
    if (line != "satlab: clipped: none") out += line + "\n";
    at = end;
  }
  return any ? out : "(no clip report)\n";
}

RunResult runScript(const std::string& dir, const std::string& script, const std::string& args) {
  std::ofstream(dir + "/input.txt") << script;
  return runSatlab("--script input.txt " + args, "", dir);
}

// Two boxes 1500 apart, turned, one of them 3e-5 thin: the table's numbers come in
// e-notation (1.32e3, 3e-5).
constexpr const char* kFarApart = R"({"version": 1, "title": "far apart", "shapes": [
  {"name": "a", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 0.5, 0.5], "euler_deg": [10, 20, 30]},
  {"name": "b", "type": "obb", "center": [0.00002, 1500, 0.00001], "half_extents": [0.00003, 0.5, 0.5],
   "euler_deg": [-15, 5, 60]}],
  "lesson": {"focus": ["a", "b"], "mode": "full"}})";

TEST(AppSceneBuilding, TheAxisTablesVerdictColumnIsInViewWithENotationAndTheInspectorOpen) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/far.json") << kFarApart;
  // As it opens, then with the Inspector's panel opened above the Explorer (its arrow).
  RunResult r = runScript(dir, "wait 3\n", "far.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("explorer: A=a B=b, OBB-OBB, separated, step 1 of 15"), std::string::npos) << r.output;
  EXPECT_EQ(clippedFindings(r), "");
  r = runScript(dir, "wait 2\nclick 889 37\nwait 3\n", "far.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(clippedFindings(r), "");
  // And in the one column of an 800x600 window.
  r = runScript(dir, "wait 3\n", "far.json --size 800x600 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(clippedFindings(r), "");
}

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// How many shapes a scene file has (its "name" members).
int shapeCount(const std::string& path) {
  const std::string text = readAll(path);
  int n = 0;
  for (size_t at = text.find("\"name\""); at != std::string::npos; at = text.find("\"name\"", at + 1)) ++n;
  return n;
}

class AppNewScene : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = makeTempDir();
    std::ofstream(dir_ + "/m.json") << readAll(sourcePath("scenes/examples/mixed.json"));
  }
  std::string dir_;
};

// mixed.json at 1280x720: far_ball is at 508,456; deleted, the scene has unsaved work.
constexpr const char* kDeleteFarBall = "wait 2\nclick 508 456\nwait 1\nkey DELETE\nwait 1\n";
constexpr const char* kCtrlN = "ctrl on\nkey N\nctrl off\nwait 2\n";

TEST_F(AppNewScene, AsksAboutUnsavedWorkFirstAndCancelKeepsTheScene) {
  const RunResult r = runScript(dir_, std::string(kDeleteFarBall) + kCtrlN + "key ESCAPE\nwait 2\n",
                                "m.json --size 1280x720 --screenshot s.png --save-scene out.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: * m.json: All four shapes - satlab"), std::string::npos) << r.output;
  EXPECT_EQ(shapeCount(dir_ + "/out.json"), 6);
}

TEST_F(AppNewScene, DiscardClearsTheSceneAndUndoBringsItBack) {
  // "Discard changes" of the question (the scene named m.json: one line).
  const std::string discard = std::string(kDeleteFarBall) + kCtrlN + "click 522 320\nwait 2\n";
  RunResult r = runScript(dir_, discard, "m.json --size 1280x720 --screenshot s.png --save-scene out.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: * (new scene) - satlab"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("new, empty scene; Ctrl+Z undoes it"), std::string::npos) << r.output;
  EXPECT_EQ(shapeCount(dir_ + "/out.json"), 0);
  EXPECT_EQ(r.output.find("satlab: shape crate at "), std::string::npos) << r.output;
  // One undo step: the scene as it was before, far_ball deleted.
  r = runScript(dir_, discard + "ctrl on\nkey Z\nctrl off\nwait 2\n",
                "m.json --size 1280x720 --screenshot s.png --save-scene undone.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(shapeCount(dir_ + "/undone.json"), 6);
  EXPECT_EQ(readAll(dir_ + "/undone.json").find("far_ball"), std::string::npos);
  // The file it was opened from is untouched.
  EXPECT_EQ(shapeCount(dir_ + "/m.json"), 7);
}

TEST_F(AppNewScene, WithNothingUnsavedFileNewClearsAtOnceAndSavingAsksWhere) {
  // File > New (its first item), then Ctrl+S: the save dialog, not the file it came from.
  const RunResult r = runScript(dir_,
                                "wait 2\nclick 22 10\nwait 1\nclick 40 36\nwait 2\nctrl on\nkey S\nctrl off\nwait "
                                "2\nctrl on\nkey A\nctrl off\ntext " +
                                    dir_ + "/fresh.json\nkey ENTER\nwait 2\n",
                                "m.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("saved " + dir_ + "/fresh.json"), std::string::npos) << r.output;
  EXPECT_EQ(shapeCount(dir_ + "/fresh.json"), 0);
  EXPECT_EQ(shapeCount(dir_ + "/m.json"), 7);
}

TEST_F(AppNewScene, AMenuThatReplacesTheSceneWaitsForThePanels) {
  // The Lessons menu's first lesson (two shapes) over mixed.json (seven): the pairs panel
  // read shapes that were gone and satlab crashed.
  const RunResult r = runScript(dir_, "wait 2\nclick 164 10\nwait 2\nclick 200 60\nwait 3\n",
                                "m.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: 01_aabb_aabb_three_axes.json: Lesson 1"), std::string::npos) << r.output;
}

/// Where the report says shape `name` is on screen.
ScreenPoint reportedAt(const std::string& output, const std::string& name) {
  ScreenPoint p;
  const std::string key = "satlab: shape " + name + " at ";
  const size_t at = output.find(key);
  if (at != std::string::npos) std::sscanf(output.c_str() + at + key.size(), "%d,%d", &p.x, &p.y);
  return p;
}

/// The shapes added (named `added`) touch no other shape's bounds and are on screen inside
/// the part of a 1280x720 window the panels leave free (x from 326 to 877, below the menu).
void expectInSightAndClear(const std::string& savedPath, const RunResult& r, const std::vector<std::string>& added) {
  const SceneLoadResult loaded = loadScene(savedPath);
  ASSERT_TRUE(loaded.ok()) << (loaded.error ? loaded.error->text() : "");
  const Scene& scene = loaded.scene;
  for (const std::string& name : added) {
    const SceneShape* s = findShape(scene, name);
    ASSERT_NE(s, nullptr) << name;
    glm::vec3 lo, hi;
    shapeBounds(*s, lo, hi);
    for (const SceneShape& o : scene.shapes) {
      if (&o == s) continue;
      glm::vec3 olo, ohi;
      shapeBounds(o, olo, ohi);
      const bool touch =
          lo.x <= ohi.x && olo.x <= hi.x && lo.y <= ohi.y && olo.y <= hi.y && lo.z <= ohi.z && olo.z <= hi.z;
      EXPECT_FALSE(touch) << name << " touches " << o.name;
    }
    const ScreenPoint p = reportedAt(r.output, name);
    EXPECT_TRUE(p.x > 326 && p.x < 877 && p.y > 26 && p.y < 720) << name << " at " << p.x << "," << p.y;
  }
}

TEST(AppSceneBuilding, AddedShapesGoWhereTheViewShowsThemClearOfTheOthers) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/m.json") << readAll(sourcePath("scenes/examples/mixed.json"));
  // mixed.json's Shapes panel: Add AABB at 72,196, twice; they were both at the view's
  // centre, inside the crate and each other.
  const std::string add = "wait 2\nclick 72 196\nwait 1\nclick 72 196\nwait 2\n";
  RunResult r = runScript(dir, add, "m.json --size 1280x720 --screenshot s.png --save-scene added.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  expectInSightAndClear(dir + "/added.json", r, {"box", "box_2"});
  // Each was one undo step.
  r = runScript(dir, add + "ctrl on\nkey Z\nkey Z\nctrl off\nwait 2\n",
                "m.json --size 1280x720 --screenshot s.png --save-scene undone.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(shapeCount(dir + "/undone.json"), 7);
}

TEST(AppSceneBuilding, AddedRectanglesInA2DSceneGoWhereTheViewShowsThemClearOfTheOthers) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/flat.json") << R"({"version": 1, "view": "2d", "shapes": [
    {"name": "wall", "type": "aabb", "center": [0, 0], "half_extents": [3, 0.5]},
    {"name": "post", "type": "aabb", "center": [0, 2], "half_extents": [0.5, 1]}]})";
  // No notes: Add AABB at 72,105, three times, and a circle (sphere) at 173,105.
  const std::string add =
      "wait 2\nclick 72 105\nwait 1\nclick 72 105\nwait 1\nclick 72 105\nwait 1\nclick 173 105\nwait 2\n";
  const RunResult r = runScript(dir, add, "flat.json --size 1280x720 --screenshot s.png --save-scene added.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  expectInSightAndClear(dir + "/added.json", r, {"box", "box_2", "box_3", "sphere"});
}

/// The report's "file dialog: ..." line, without its "satlab: " (empty when none).
std::string fileDialogLine(const std::string& output) {
  const std::string key = "satlab: file dialog: ";
  const size_t at = output.find(key);
  return at == std::string::npos ? std::string() : output.substr(at + 8, output.find('\n', at) - at - 8);
}

// File > Import mesh... in a 1280x720 window (its place in the File menu).
constexpr const char* kImportDialog = "wait 2\nclick 22 10\nwait 1\nclick 55 154\nwait 3\n";

TEST(AppSceneBuilding, TheImportMeshDialogListsTheFolderSatlabWasStartedInAndTheHome) {
  // The default scene (no file of its own), started in a folder with a mesh: the dialog
  // listed only scenes/meshes, and outside a checkout nothing at all.
  const std::string dir = makeTempDir();
  std::filesystem::copy_file(sourcePath("scenes/meshes/torus.ply"), dir + "/torus.ply");
  // Its first file (the list's second row), then Import.
  RunResult r = runScript(dir, std::string(kImportDialog) + "click 400 215\nwait 1\nclick 393 455\nwait 3\n",
                          "--size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("imported " + dir + "/torus.ply"), std::string::npos) << r.output;
  r = runScript(dir, kImportDialog, "--size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(fileDialogLine(r.output), "file dialog: Import mesh: " + dir + " (1 file)");
  // A built-in lesson started where there is no mesh: the home folder's.
  const std::string home = dir + "/home";
  std::filesystem::create_directories(home);
  std::filesystem::create_directories(dir + "/empty");
  std::filesystem::copy_file(sourcePath("scenes/meshes/rod.stl"), home + "/rod.stl");
  std::ofstream(dir + "/empty/input.txt") << kImportDialog;
  r = runSatlab("'" + sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json") +
                    "' --script input.txt --size 1280x720 --screenshot s.png",
                "env HOME='" + home + "'", dir + "/empty");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(fileDialogLine(r.output), "file dialog: Import mesh: " + sourcePath("scenes/lessons") + " (0 files), " +
                                          dir + "/empty (0 files), " + home + " (1 file)");
}

TEST(AppSceneBuilding, TheImportMeshDialogListsTheScenesFolderFirst) {
  // A scene in away/, satlab started in elsewhere/.
  const std::string dir = makeTempDir();
  std::filesystem::create_directories(dir + "/away/meshes");
  std::filesystem::create_directories(dir + "/elsewhere");
  std::ofstream(dir + "/away/scene.json") << R"({"version": 1, "shapes": []})";
  std::filesystem::copy_file(sourcePath("scenes/meshes/rod.stl"), dir + "/away/rod.stl");
  std::filesystem::copy_file(sourcePath("scenes/meshes/torus.ply"), dir + "/away/meshes/torus.ply");
  std::ofstream(dir + "/elsewhere/input.txt") << kImportDialog;
  const RunResult r = runSatlab("'" + dir + "/away/scene.json' --script input.txt --size 1280x720 --screenshot s.png",
                                "", dir + "/elsewhere");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(fileDialogLine(r.output), "file dialog: Import mesh: " + dir + "/away (1 file), " + dir +
                                          "/away/meshes (1 file), " + dir + "/elsewhere (0 files)");
}

// View > 2D whiteboard in a 1280x720 window (the View menu's second item).
constexpr const char* kView2D = "click 107 10\nwait 1\nclick 138 55\nwait 3\n";

TEST(AppSceneBuilding, View2DWhiteboardSwitchesTheSceneToItsPlaneIsOneUndoStepAndIsSaved) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/d.json") << readAll(sourcePath("scenes/default.json"));
  RunResult r = runScript(dir, "wait 2\n", "d.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const ScreenPoint ball3d = reportedAt(r.output, "ball");
  // Switched, and saved with Ctrl+S: the file says "2d"; the view looks down on the plane,
  // so the ball is elsewhere on screen.
  r = runScript(dir, std::string("wait 2\n") + kView2D + "ctrl on\nkey S\nctrl off\nwait 2\n",
                "d.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(readAll(dir + "/d.json").find("\"view\": \"2d\""), std::string::npos);
  const SceneLoadResult loaded = loadScene(dir + "/d.json");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded.scene.view, ViewMode::TwoD);
  EXPECT_EQ(loaded.scene.shapes.size(), 5u);
  const ScreenPoint ball2d = reportedAt(r.output, "ball");
  EXPECT_GT(std::abs(ball2d.x - ball3d.x) + std::abs(ball2d.y - ball3d.y), 20) << r.output;
  // Opened again it is 2D; the menu item turns it back, and Ctrl+Z undoes that.
  r = runScript(dir, std::string("wait 2\n") + kView2D,
                "d.json --size 1280x720 --screenshot s.png --save-scene back.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(readAll(dir + "/back.json").find("\"view\": \"3d\""), std::string::npos);
  r = runScript(dir, std::string("wait 2\n") + kView2D + "ctrl on\nkey Z\nctrl off\nwait 2\n",
                "d.json --size 1280x720 --screenshot s.png --save-scene undone.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(readAll(dir + "/undone.json").find("\"view\": \"2d\""), std::string::npos);
}

}  // namespace
}  // namespace satlab::test
