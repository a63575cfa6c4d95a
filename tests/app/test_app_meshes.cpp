// Triangles and meshes in the real app: the example scene's expectations through `satlab
// check`, a triangle and a mesh drawn in their colours where the app says they are, and a
// broken mesh file dropped onto the window: the error is shown, the scene is kept.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app_harness.hpp"

namespace satlab::test {
namespace {

TEST(AppMeshes, CheckMeetsTheTriangleExamplesExpectations) {
  const RunResult r = runSatlab("check " + sourcePath("scenes/examples/triangles.json"));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("expectations: 8 of 8 met"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sat_aabb_triangle"), std::string::npos) << r.output;
}

TEST(AppMeshes, ATriangleAndAMeshAreDrawnInTheirColours) {
  const std::string dir = makeTempDir();
  const std::string scene = dir + "/tm.json";
  std::ofstream(scene) << R"({"version": 1, "shapes": [
    {"name": "tri", "type": "triangle", "color": "#ff2020", "points": [[-4, -1, 0], [-1, -1, 0], [-2.5, 1.5, 0]]},
    {"name": "cube", "type": "mesh", "color": "#2060ff", "center": [2.5, 0, 0], "scale": 1.5,
     "vertices": [[-1,-1,-1],[1,-1,-1],[1,1,-1],[-1,1,-1],[-1,-1,1],[1,-1,1],[1,1,1],[-1,1,1]],
     "triangles": [[0,2,1],[0,3,2],[4,5,6],[4,6,7],[0,1,5],[0,5,4],[1,2,6],[1,6,5],[2,3,7],[2,7,6],[3,0,4],[3,4,7]]}
  ]})";
  const ScreenPoint tri = shapeOnScreen(scene, "tri");
  const ScreenPoint cube = shapeOnScreen(scene, "cube");
  ASSERT_TRUE(tri.ok() && cube.ok());
  const std::string png = dir + "/tm.png";
  const RunResult r = runSatlab("'" + scene + "' --size 1280x720 --screenshot '" + png + "'");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(png);
  ASSERT_TRUE(img.ok());
  // Around each shape's centre, its colour shows through its translucent face: red over
  // the dark view for the triangle, blue for the mesh.
  const auto dominant = [&](const ScreenPoint& p, int channel) {
    int hits = 0;
    for (int dy = -6; dy <= 6; dy += 3) {
      for (int dx = -6; dx <= 6; dx += 3) {
        const std::uint8_t* px = img.at(p.x + dx, p.y + dy);
        const int others = std::max(px[(channel + 1) % 3], px[(channel + 2) % 3]);
        if (px[channel] > others + 25) ++hits;
      }
    }
    return hits;
  };
  EXPECT_GE(dominant(tri, 0), 20) << "no red triangle at " << tri.x << "," << tri.y;
  EXPECT_GE(dominant(cube, 2), 20) << "no blue mesh at " << cube.x << "," << cube.y;
}

TEST(AppMeshes, ABrokenMeshFileDroppedShowsTheErrorAndTheSceneStays) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/broken.obj") << "this is not a mesh\n";
  std::ofstream(dir + "/drop.txt") << "wait 2\ndrop " << dir << "/broken.obj\nwait 3\n";
  const RunResult r = runSatlab("'" + sourcePath("scenes/examples/triangles.json") + "' --size 1280x720 --script '" +
                                dir + "/drop.txt' --screenshot '" + dir + "/out.png'");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Could not import the mesh:\n" + dir + "/broken.obj: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("expectations: all 8 met"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("selection: (none)"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
