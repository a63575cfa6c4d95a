// Capsules in the real binary: drawn (its outline in its colour, its surface tinting the
// view, a stadium in 2D), picked, and its ends dragged by the gizmo, checked through the
// picture and the scene satlab writes on exit.
#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace satlab::test {
namespace {

constexpr int kPanelRight = 330;

std::string at(const ScreenPoint& p, int dx = 0, int dy = 0) {
  return std::to_string(p.x + dx) + " " + std::to_string(p.y + dy);
}

TEST(AppCapsule, AnUprightCapsuleIsDrawnInItsColour) {
  const std::string dir = makeTempDir();
  const RunResult r =
      runSatlab("'" + sourcePath("tests/app/data/capsule_3d.json") + "' --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir + "/shot.png");
  ASSERT_TRUE(img.ok());
  // Its outline (the sides, the caps and the rings) in the capsule's colour (0.3, 0.9, 0.35).
  const int outline = countColor(img, 0.3f, 0.9f, 0.35f, 40, kPanelRight, 0);
  EXPECT_GE(outline, 600);
  // Taller than wide on screen: Z is up, the cylinder is 1.5 long between caps of 0.6.
  int top = img.height, bottom = -1, left = img.width, right = -1;
  for (int y = 0; y < img.height; ++y) {
    for (int x = kPanelRight; x < img.width - 420; ++x) {
      const std::uint8_t* p = img.at(x, y);
      if (std::abs(p[0] - 77) < 40 && std::abs(p[1] - 230) < 40 && std::abs(p[2] - 89) < 40) {
        top = std::min(top, y), bottom = std::max(bottom, y);
        left = std::min(left, x), right = std::max(right, x);
      }
    }
  }
  ASSERT_GT(bottom, top);
  EXPECT_GT(bottom - top, (right - left) * 5 / 4) << top << " " << bottom << " " << left << " " << right;
}

TEST(AppCapsule, DraggingAnEndOfTheStadiumChangesThatEndInTheFileSaved) {
  // In the 2D view screen right is +X and up +Y: the marker at x = 1.5 gives p1's column,
  // the stadium's centre (y = 0) its row.
  const ScreenPoint centre = shapeOnScreen(sourcePath("tests/app/data/capsule_2d.json"), "stadium");
  const ScreenPoint marker = shapeOnScreen(sourcePath("tests/app/data/capsule_2d.json"), "marker");
  ASSERT_TRUE(centre.ok() && marker.ok());
  const ScreenPoint p1{marker.x, centre.y};
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "click " + at(centre) + "\nwait 1\nmouse " + at(p1) +
                                           "\nwait 1\npress left\ndrag " + at(p1, 50, -40) +
                                           " 6\nrelease left\nwait 1\n";
  const RunResult r = runSatlab("'" + sourcePath("tests/app/data/capsule_2d.json") +
                                    "' --script input.txt --screenshot shot.png --save-scene out.json",
                                "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("selection: stadium"), std::string::npos) << r.output;
  const SceneLoadResult saved = loadScene(dir + "/out.json");
  ASSERT_TRUE(saved.ok()) << saved.error->text();
  const SceneShape* s = findShape(saved.scene, "stadium");
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->kind(), ShapeKind::Capsule);
  const Capsule& c = std::get<Capsule>(s->geometry);
  // p1 moved right and up; p0 and the radius stayed.
  EXPECT_GT(c.p1.x, 1.6f);
  EXPECT_GT(c.p1.y, 0.1f);
  EXPECT_EQ(c.p0, glm::vec3(-1.5f, 0.0f, 0.0f));
  EXPECT_EQ(c.radius, 0.5f);
  // The file says so in its own words.
  std::ifstream in(dir + "/out.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find(R"("type": "capsule")"), std::string::npos) << text;
}

TEST(AppCapsule, TheResizeHandleDragsTheRadiusAndNothingElse) {
  // Resize (R) on a capsule offers its radius: a handle at the radius to the right of the
  // midpoint. The marker at x = 1.5 gives the scale: the handle sits a third of the way there.
  const ScreenPoint centre = shapeOnScreen(sourcePath("tests/app/data/capsule_2d.json"), "stadium");
  const ScreenPoint marker = shapeOnScreen(sourcePath("tests/app/data/capsule_2d.json"), "marker");
  ASSERT_TRUE(centre.ok() && marker.ok());
  const ScreenPoint handle{centre.x + (marker.x - centre.x) / 3, centre.y};
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "click " + at(centre) + "\nwait 1\nkey R\nwait 1\nmouse " + at(handle) +
                                           "\nwait 1\npress left\ndrag " + at(handle, 40, 0) +
                                           " 6\nrelease left\nwait 1\n";
  const RunResult r = runSatlab("'" + sourcePath("tests/app/data/capsule_2d.json") +
                                    "' --script input.txt --screenshot shot.png --save-scene out.json",
                                "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const SceneLoadResult saved = loadScene(dir + "/out.json");
  ASSERT_TRUE(saved.ok()) << saved.error->text();
  const SceneShape* s = findShape(saved.scene, "stadium");
  ASSERT_NE(s, nullptr);
  const Capsule& c = std::get<Capsule>(s->geometry);
  EXPECT_GT(c.radius, 0.6f);
  EXPECT_EQ(c.p0, glm::vec3(-1.5f, 0.0f, 0.0f));
  EXPECT_EQ(c.p1, glm::vec3(1.5f, 0.0f, 0.0f));
}

}  // namespace
}  // namespace satlab::test
