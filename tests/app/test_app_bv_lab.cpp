// The bounding-volume lab in the real app: a mesh clicked in the view shows its volumes in
// the view (the optimal AABB's red and the AABB of the OBB's cyan are on screen), the lab's
// panel reports every row, and the panel fits at the classroom sizes.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace satlab::test {
namespace {

/// An L-shaped block 3 x 3 x 1 (scenes/meshes/l_shape.obj), its origin inside the corner
/// block (so that a click on its reference point hits it), turned: its optimal AABB and the
/// AABB of its turned box differ.
std::string lShapeScene() {
  return R"({"version": 1, "title": "L", "shapes": [
    {"type": "mesh", "name": "ell", "color": [0.55, 0.55, 0.58], "center": [0, 0, 0], "euler_deg": [0, 30, 20],
     "vertices": [[-0.5,-0.5,-0.5],[2.5,-0.5,-0.5],[2.5,0.5,-0.5],[0.5,0.5,-0.5],[0.5,2.5,-0.5],[-0.5,2.5,-0.5],
                  [-0.5,-0.5,0.5],[2.5,-0.5,0.5],[2.5,0.5,0.5],[0.5,0.5,0.5],[0.5,2.5,0.5],[-0.5,2.5,0.5]],
     "triangles": [[0,1,7],[0,7,6],[1,2,8],[1,8,7],[2,3,9],[2,9,8],[3,4,10],[3,10,9],[4,5,11],[4,11,10],
                   [5,0,6],[5,6,11],[0,5,4],[0,4,3],[0,3,2],[0,2,1],[6,7,8],[6,8,9],[6,9,10],[6,10,11]]}
  ]})";
}

struct LabRun {
  RunResult result;
  Image image;
};

LabRun runLab(const std::string& dir, const std::string& args, const std::string& script) {
  std::ofstream(dir + "/input.txt") << script;
  LabRun r;
  r.result = runSatlab("ell.json --script input.txt --screenshot shot.png " + args, "", dir);
  r.image = loadPng(dir + "/shot.png");
  return r;
}

std::string sceneDir() {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/ell.json") << lShapeScene();
  return dir;
}

/// The script that clicks the mesh where it opens (and, in presentation, shows the panels).
std::string selectScript(const std::string& dir, const std::string& args, bool showPanels) {
  const ScreenPoint at = shapeOnScreen(dir + "/ell.json", "ell", args);
  EXPECT_TRUE(at.ok()) << args;
  return "wait 2\nclick " + std::to_string(at.x) + " " + std::to_string(at.y) + "\nwait 8\n" +
         (showPanels ? "key TAB\nwait 6\n" : "");
}

// The dark theme's lab colours (render/palette.cpp: Palette::bvAabb, Palette::bvAabbOfObb).
constexpr float kRed[3] = {1.0f, 0.36f, 0.36f};
constexpr float kCyan[3] = {0.25f, 0.88f, 0.93f};

TEST(AppBvLab, ClickingAMeshDrawsItsVolumesAndTheLabReportsEveryRow) {
  const std::string dir = sceneDir();
  const std::string args = "--size 1280x720";
  // Not selected: no lab, and none of its colours in the view.
  const LabRun before = runLab(dir, args, "wait 3\n");
  ASSERT_EQ(before.result.exitCode, 0) << before.result.output;
  ASSERT_TRUE(before.image.ok());
  EXPECT_EQ(before.result.output.find("satlab: bv lab:"), std::string::npos) << before.result.output;
  const int redBefore = countColor(before.image, kRed[0], kRed[1], kRed[2], 10);
  const int cyanBefore = countColor(before.image, kCyan[0], kCyan[1], kCyan[2], 10);

  const LabRun r = runLab(dir, args, selectScript(dir, args, false));
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  ASSERT_TRUE(r.image.ok());
  const std::string& out = r.result.output;
  EXPECT_NE(out.find("satlab: selection: ell"), std::string::npos) << out;
  EXPECT_NE(out.find("satlab: bv lab: ell: ready, hull volume 7, "), std::string::npos) << out;
  EXPECT_NE(out.find("plot ready, costs measured\n"), std::string::npos) << out;
  for (const char* key : {"mesh_box", "aabb", "aabb_of_obb", "cube", "obb_covariance", "obb_area_weighted", "obb_min",
                          "sphere_ritter", "sphere_min"}) {
    EXPECT_NE(out.find(std::string("satlab: bv lab: ") + key + " shown 1 volume "), std::string::npos) << key << out;
  }
  EXPECT_NE(out.find("satlab: clipped: none"), std::string::npos) << out;
  // The wires of the optimal AABB (red) and the AABB of the OBB (cyan), in the view.
  EXPECT_GT(countColor(r.image, kRed[0], kRed[1], kRed[2], 10), redBefore + 200);
  EXPECT_GT(countColor(r.image, kCyan[0], kCyan[1], kCyan[2], 10), cyanBefore + 200);
}

TEST(AppBvLab, AScriptedRunHasTheLabsResultsTheFrameAfterTheClick) {
  // A run for machines waits for the lab's build, plot and cost measurement in the frame
  // that starts them, so what the lab shows does not depend on the machine's load (the costs
  // used to come some frames later: "costs measuring" on a busy machine).
  const std::string dir = sceneDir();
  const ScreenPoint at = shapeOnScreen(dir + "/ell.json", "ell");
  ASSERT_TRUE(at.ok());
  const LabRun r =
      runLab(dir, "--size 1280x720", "wait 2\nclick " + std::to_string(at.x) + " " + std::to_string(at.y) + "\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  EXPECT_NE(r.result.output.find("satlab: bv lab: ell: ready, hull volume 7, spinning no about world Z (up), angle 0.0 "
                                 "deg, plot ready, costs measured\n"),
            std::string::npos)
      << r.result.output;
}

TEST(AppBvLab, EscWhileTheLabBuildsCancelsItAndKeepsTheMeshSelected) {
  // Each stage of the build waits 10 s (a script's `slow`): it is still building at the Esc,
  // which cancels the build, not the selection (docs/progress.md).
  const std::string dir = sceneDir();
  const ScreenPoint at = shapeOnScreen(dir + "/ell.json", "ell");
  ASSERT_TRUE(at.ok());
  const LabRun r = runLab(
      dir, "--size 1280x720",
      "slow 10\nwait 2\nclick " + std::to_string(at.x) + " " + std::to_string(at.y) + "\nwait 3\nkey ESCAPE\nwait 3\n");
  ASSERT_EQ(r.result.exitCode, 0) << r.result.output;
  EXPECT_NE(r.result.output.find("satlab: bv lab: ell: cancelled,"), std::string::npos) << r.result.output;
  EXPECT_NE(r.result.output.find("satlab: selection: ell\n"), std::string::npos) << r.result.output;
}

TEST(AppBvLab, TheLabFitsAtEveryClassroomSize) {
  const std::string dir = sceneDir();
  for (const std::string args :
       {"--size 800x600", "--size 1280x720", "--size 1280x720 --presentation", "--size 1920x1080 --presentation"}) {
    const bool presentation = args.find("--presentation") != std::string::npos;
    const LabRun r = runLab(dir, args, selectScript(dir, args, presentation));
    ASSERT_EQ(r.result.exitCode, 0) << args << "\n" << r.result.output;
    const std::string& out = r.result.output;
    EXPECT_NE(out.find("satlab: bv lab: ell: ready"), std::string::npos) << args << "\n" << out;
    EXPECT_NE(out.find("satlab: clipped: none\n"), std::string::npos) << args << "\n" << out;
    EXPECT_EQ(out.find("satlab: clipped: Bounding volumes"), std::string::npos) << args << "\n" << out;
    EXPECT_NE(out.find("satlab: labels under windows: 0\n"), std::string::npos) << args << "\n" << out;
  }
}

}  // namespace
}  // namespace satlab::test
