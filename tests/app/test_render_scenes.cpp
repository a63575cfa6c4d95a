// What the renderer puts on screen: fixture scenes (tests/app/data/render_*.json) whose
// single shapes sit at the centre of the view, or symmetric about it in 2D, so where each
// should appear is known without reproducing the camera here.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <string>

namespace satlab::test {
namespace {

// The clear colour (RenderSettings::background) in 0..255.
constexpr int kBg[3] = {33, 36, 41};
// The scene panel covers the top-left corner; no expectation looks there.
constexpr int kPanelRight = 330;

struct Mean {
  double r = 0, g = 0, b = 0;
};

/// Mean colour of the rectangle [x0, x1) x [y0, y1).
Mean meanColor(const Image& img, int x0, int y0, int x1, int y1) {
  Mean m;
  int n = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = img.at(x, y);
      m.r += p[0], m.g += p[1], m.b += p[2];
      ++n;
    }
  }
  if (n > 0) m.r /= n, m.g /= n, m.b /= n;
  return m;
}

Image render(const std::string& fixture, const std::string& extra = "") {
  const std::string dir = makeTempDir();
  const RunResult r =
      runSatlab("'" + sourcePath("tests/app/data/" + fixture) + "' --screenshot shot.png " + extra, "", dir);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  return loadPng(dir + "/shot.png");
}

TEST(RenderScene, BoxAtTheCentreShowsTranslucentFacesLeaningToItsColour) {
  const Image img = render("render_box_3d.json");
  ASSERT_TRUE(img.ok());
  // Inside the box's outline, away from its edges: the faces tint the background orange
  // (0.95, 0.4, 0.1) -- red rises well above the background, blue hardly.
  const Mean m = meanColor(img, 640 - 50, 360 - 50, 640 + 50, 360 + 50);
  EXPECT_GT(m.r - kBg[0], 25.0) << m.r << " " << m.g << " " << m.b;
  EXPECT_GT((m.r - kBg[0]) - (m.b - kBg[2]), 20.0);
  EXPECT_GT(m.g - kBg[1], m.b - kBg[2]);
  // Its edges are drawn in the box's own colour.
  EXPECT_GE(countColor(img, 0.95f, 0.4f, 0.1f, 40, kPanelRight, 0), 400);
}

TEST(RenderScene, SphereAtTheCentreHasAnOutlineAndAShadedFill) {
  const Image img = render("render_sphere_3d.json");
  ASSERT_TRUE(img.ok());
  const Mean m = meanColor(img, 640 - 50, 360 - 50, 640 + 50, 360 + 50);
  EXPECT_GT(m.g - kBg[1], 20.0) << m.r << " " << m.g << " " << m.b;
  EXPECT_GT((m.g - kBg[1]) - (m.r - kBg[0]), 10.0);
  // A smooth outline in the sphere's colour (0.3, 0.9, 0.35): a circle hundreds of pixels
  // round, not a few dots.
  EXPECT_GE(countColor(img, 0.3f, 0.9f, 0.35f, 40, kPanelRight, 0), 600);
  // Outside the silhouette (the corners of the centre square's 3x enlargement) it is gone.
  const Mean corner = meanColor(img, 1100, 600, 1140, 640);
  EXPECT_LT(corner.g - kBg[1], 12.0);
}

TEST(RenderScene, SegmentThroughTheCentreIsAThickLineInItsColour) {
  const Image img = render("render_segment_3d.json");
  ASSERT_TRUE(img.ok());
  // The segment runs through the centre of the view; its pixels cluster around it.
  const int near = countColor(img, 0.85f, 0.35f, 0.95f, 40, 340, 160, 940, 560);
  EXPECT_GE(near, 300);
  EXPECT_EQ(countColor(img, 0.85f, 0.35f, 0.95f, 40, 1100, 0, 1280, 720), 0);
}

TEST(RenderScene, TwoDimensionalViewDrawsShapesFlatWhereTheyAre) {
  // render_2d.json: box at (-4, 0), ball at (4, 0), rotated box at (0, 4), segment at
  // y = -5; the view is centred on the origin with X right and Y up.
  const Image img = render("render_2d.json");
  ASSERT_TRUE(img.ok());
  // The view is centred in the part of the window below the main menu bar (about 27 px).
  const int cx = 640, cy = 373;
  auto count = [&](float r, float g, float b, int x0, int y0, int x1, int y1) {
    return countColor(img, r, g, b, 36, x0, y0, x1, y1);
  };
  // Left box (orange): left of centre, on the centre row; never right of centre.
  EXPECT_GE(count(0.95f, 0.4f, 0.1f, kPanelRight, cy - 120, cx - 40, cy + 120), 150);
  EXPECT_EQ(count(0.95f, 0.4f, 0.1f, cx, 0, 1280, 720), 0);
  // (The panel's colour swatches are left of kPanelRight; "only" checks skip them.)
  // Right ball (green): right of centre only.
  EXPECT_GE(count(0.3f, 0.9f, 0.35f, cx + 40, cy - 120, 1280, cy + 120), 150);
  EXPECT_EQ(count(0.3f, 0.9f, 0.35f, kPanelRight, 0, cx, 720 - 130), 0);  // (the axes widget's Y is green)
  // Rotated box (cyan): above the centre only.
  EXPECT_GE(count(0.2f, 0.8f, 0.95f, cx - 150, 0, cx + 150, cy - 60), 150);
  EXPECT_EQ(count(0.2f, 0.8f, 0.95f, kPanelRight, cy, 1280, 720), 0);
  // Segment (purple): below the centre only.
  EXPECT_GE(count(0.85f, 0.35f, 0.95f, cx - 200, cy + 60, cx + 200, 720), 100);
  EXPECT_EQ(count(0.85f, 0.35f, 0.95f, kPanelRight, 0, 1280, cy), 0);
  // The box's rectangle: its edges are the rows and columns left of centre with many
  // orange pixels (the label's letters above it have few per row).
  int x0 = 1280, x1 = 0, y0 = 720, y1 = 0;
  for (int y = 0; y < 720; ++y) {
    if (count(0.95f, 0.4f, 0.1f, kPanelRight, y, cx, y + 1) >= 40) y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  for (int x = kPanelRight; x < cx; ++x) {
    if (count(0.95f, 0.4f, 0.1f, x, 0, x + 1, 720) >= 40) x0 = std::min(x0, x), x1 = std::max(x1, x);
  }
  ASSERT_LT(x0, x1);
  const int bx = (x0 + x1) / 2, by = (y0 + y1) / 2;
  EXPECT_NEAR(by, cy, 6);  // on the X axis
  // The rectangle is square (half extents 1 x 1): flat, not a box seen at an angle.
  EXPECT_NEAR(x1 - x0, y1 - y0, 4);
  // Filled: inside the rectangle (clear of the grid line through y = 0) it leans orange.
  const Mean m = meanColor(img, bx - 8, by - 20, bx + 8, by - 4);
  EXPECT_GT(m.r - kBg[0], 20.0) << m.r << " " << m.g << " " << m.b;
  EXPECT_GT((m.r - kBg[0]) - (m.b - kBg[2]), 15.0);
}

TEST(RenderScene, AxesWidgetShowsZOnlyIn3D) {
  // The widget sits at the bottom of the view, 14% of the smaller side, 8 px from the bottom
  // edge and from whatever side panel covers the lower-left corner: the bottom strip.
  const Image threeD = render("render_box_3d.json");
  const Image twoD = render("render_2d.json");
  ASSERT_TRUE(threeD.ok() && twoD.ok());
  const int x1 = 1280, y0 = 720 - 8 - 101 - 20;
  // Z is blue (0.3, 0.5, 1.0), X red, Y green.
  EXPECT_GE(countColor(threeD, 0.3f, 0.5f, 1.0f, 40, 0, y0, x1, 720), 20);
  EXPECT_EQ(countColor(twoD, 0.3f, 0.5f, 1.0f, 40, 0, y0, x1, 720), 0);
  EXPECT_GE(countColor(twoD, 0.93f, 0.25f, 0.25f, 40, 0, y0, x1, 720), 20);
  EXPECT_GE(countColor(twoD, 0.3f, 0.82f, 0.3f, 40, 0, y0, x1, 720), 20);
}

TEST(RenderScene, ShapeNamesAreLabelled) {
  // Labels: a dark backing with the name in the shape's colour, so the 2D scene shows
  // backing-dark pixels near each shape (the background itself is lighter).
  const Image img = render("render_2d.json");
  ASSERT_TRUE(img.ok());
  EXPECT_GE(countColor(img, 16.0f / 255, 18.0f / 255, 22.0f / 255, 8, kPanelRight, 0), 4 * 200);
}

TEST(RenderStats, StressSceneReportsMeanP95AndFrameRate) {
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab(
      "'" + sourcePath("scenes/stress/stress_1000.json") + "' --size 640x360 --frames 4 --stats --screenshot shot.png",
      "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  static const std::regex kStats(
      R"(stats: (\d+) frames at 640x360: mean ([0-9.]+) ms, p95 ([0-9.]+) ms, ([0-9.]+) fps)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.output, m, kStats)) << r.output;
  EXPECT_EQ(std::stoi(m[1].str()), 3);  // the first frame is left out
  const double mean = std::stod(m[2].str()), p95 = std::stod(m[3].str()), fps = std::stod(m[4].str());
  EXPECT_GT(mean, 0.0);
  EXPECT_GE(p95, mean * 0.5);
  EXPECT_NEAR(fps, 1000.0 / mean, 0.1 + fps * 0.01);
}

std::smatch simplified(const std::string& output) {
  static const std::regex kSimplified(R"(last frame simplified (\d+) shapes to their edges and (\d+) to dots)");
  std::smatch m;
  EXPECT_TRUE(std::regex_search(output, m, kSimplified)) << output;
  return m;
}

TEST(RenderStats, ACrowdOfStackedSpheresIsDrawnWithinTheBudget) {
  // 2,000 unit spheres in one place: every one fills a third of the view. Past the
  // overdraw budget they lose their surfaces, past the edge budget they become dots, and
  // the view says so; the picture still shows the sphere.
  const std::string dir = makeTempDir();
  std::string json = R"({"version":1,"shapes":[)";
  for (int i = 0; i < 2000; ++i) {
    json += std::string(i ? "," : "") + R"({"name":"s)" + std::to_string(i) +
            R"(","type":"sphere","center":[0,0,0],"radius":1})";
  }
  json += "]}";
  std::ofstream(dir + "/crowd.json") << json;
  const RunResult r = runSatlab("crowd.json --size 640x360 --frames 3 --stats", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::smatch m = simplified(r.output);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_GT(std::stoi(m[1].str()), 0);
  EXPECT_GT(std::stoi(m[2].str()), 1000);
  EXPECT_LT(std::stoi(m[1].str()) + std::stoi(m[2].str()), 2000);  // the first ones are drawn in full
}

TEST(RenderStats, AnOrdinarySceneIsNotSimplified) {
  const RunResult r = runSatlab("'" + sourcePath("scenes/default.json") + "' --size 640x360 --frames 3 --stats");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::smatch m = simplified(r.output);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[1].str(), "0");
  EXPECT_EQ(m[2].str(), "0");
}

TEST(RenderStats, WindowedStatsRunExitsOnItsOwn) {
  const RunResult r =
      runSatlab("'" + sourcePath("tests/app/data/render_2d.json") + "' --size 320x240 --frames 3 --stats");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("fps"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
