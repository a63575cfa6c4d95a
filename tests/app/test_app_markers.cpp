// Shapes of zero size on screen: a point box, a point OBB, a radius-0 sphere and a
// zero-length segment have no edges or surface, so each must show as a marker of a fixed
// size (an x in its colour), in 3D and 2D, in both themes, not as a speck under its label.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

struct Marker {
  const char* name;
  float r, g, b;
};

// The fixtures' colours (3:1 on both backgrounds, so drawn as given).
constexpr Marker kMarkers[] = {{"point_box", 0.93f, 0.25f, 0.25f},
                               {"point_obb", 0.2f, 0.6f, 0.2f},
                               {"point_ball", 0.3f, 0.5f, 1.0f},
                               {"point_seg", 0.75f, 0.3f, 0.85f}};

void expectMarkers(const std::string& fixture, const std::string& extra) {
  const std::string scene = sourcePath("tests/app/data/" + fixture);
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab("'" + scene + "' --size 1280x720 --screenshot shot.png " + extra, "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir + "/shot.png");
  ASSERT_TRUE(img.ok());
  for (const Marker& m : kMarkers) {
    const ScreenPoint p = shapeOnScreen(scene, m.name, extra);
    ASSERT_TRUE(p.ok()) << m.name;
    // Below the point only: its name label hangs above it. A speck of a dot has a pixel or
    // two there; the x's two lower arms (9 px each, 2.5 px wide) have tens.
    const int below = countColor(img, m.r, m.g, m.b, 40, p.x - 10, p.y + 2, p.x + 11, p.y + 11);
    EXPECT_GE(below, 12) << fixture << " " << extra << ": " << m.name << " at " << p.x << "," << p.y;
    // And it is a marker, not a blob: the pixels beside the point on its row (between the
    // x's arms) stay clear of the colour.
    const int beside = countColor(img, m.r, m.g, m.b, 40, p.x + 3, p.y - 1, p.x + 12, p.y + 2) +
                       countColor(img, m.r, m.g, m.b, 40, p.x - 11, p.y - 1, p.x - 2, p.y + 2);
    EXPECT_LE(beside, 8) << fixture << " " << extra << ": " << m.name;
  }
}

TEST(ZeroSizeShapes, ShowAsMarkersIn3D) { expectMarkers("render_zero_size_3d.json", ""); }
TEST(ZeroSizeShapes, ShowAsMarkersIn2D) { expectMarkers("render_zero_size_2d.json", ""); }
TEST(ZeroSizeShapes, ShowAsMarkersInThePresentationTheme) {
  expectMarkers("render_zero_size_3d.json", "--presentation");
}

}  // namespace
}  // namespace satlab::test
