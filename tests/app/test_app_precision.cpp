// Why a verdict flipped and whether float decided it, in the window (docs/precision.md): the
// focused pair's margin plot beside the time bar, a click on it going to the frame and the
// deciding axis, and the explorer's precision section with the float grid around a pair far
// from the origin.
#include <cstdio>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "app_harness.hpp"

namespace satlab::test {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string at(const ScreenPoint& p) { return std::to_string(p.x) + " " + std::to_string(p.y); }

/// The line of the report that starts with `key`, without it; empty when there is none.
std::string lineAfter(const std::string& out, const std::string& key) {
  const std::size_t i = out.find(key);
  if (i == std::string::npos) return {};
  const std::size_t end = out.find('\n', i);
  return out.substr(i + key.size(), end == std::string::npos ? std::string::npos : end - i - key.size());
}

TEST(AppPrecision, TheMarginPlotOfAMotionGoesToTheFrameAndAxisClicked) {
  // Lesson 19 focuses A and B; B flies through A in the first tenth of a second.
  const std::string lesson = "scenes/lessons/19_sat_in_time.json";
  const ShotRun first = runScriptedShot(lesson, "wait 3\n");
  ASSERT_EQ(first.result.exitCode, 0) << first.result.output;
  const std::string plot = lineAfter(first.result.output, "satlab: margin plot: ");
  ASSERT_FALSE(plot.empty()) << first.result.output;
  EXPECT_TRUE(has(plot, "A / B, 601 of 601 samples, 2 flips, axes A0")) << plot;
  EXPECT_TRUE(has(plot, "shown: apart by 3.2188 on A0")) << plot;
  // The canvas, above the time bar: a click a fortieth of the way along is t = 0.25 s.
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  ASSERT_EQ(std::sscanf(plot.substr(plot.find("canvas at ") + 10).c_str(), "%d,%d to %d,%d", &x0, &y0, &x1, &y1), 4)
      << plot;
  int bx0 = 0, by0 = 0, bx1 = 0, by1 = 0;
  const std::string bar = lineAfter(first.result.output, "satlab: time bar at ");
  ASSERT_EQ(std::sscanf(bar.c_str(), "%d,%d to %d,%d", &bx0, &by0, &bx1, &by1), 4) << bar;
  EXPECT_LE(y1, by0) << "the plot stands on the time bar";
  // The curve is drawn: pixels of its axis colour (A0's, the first: blue) on the canvas.
  EXPECT_GT(countColor(first.image, 0.12f, 0.47f, 0.71f, 70, x0, y0, x1, y1) +
                countColor(first.image, 0.35f, 0.65f, 0.9f, 70, x0, y0, x1, y1),
            40);
  // A click where B is inside A (about t = 0.07 s, sample 4 of 600; a sample is under a
  // pixel wide here): the time goes there, and the explorer to the axis that decides it.
  const int x = x0 + (x1 - x0) * 4 / 600 + 1, y = (y0 + y1) / 2;
  const ShotRun clicked =
      runScriptedShot(lesson, "wait 3\nclick " + std::to_string(x) + " " + std::to_string(y) + "\nwait 3\n");
  ASSERT_EQ(clicked.result.exitCode, 0) << clicked.result.output;
  const std::string time = lineAfter(clicked.result.output, "satlab: time: t = ");
  EXPECT_TRUE(has(time, "0.0667 s, paused") || has(time, "0.0833 s, paused") || has(time, "0.0500 s, paused")) << time;
  const std::string after = lineAfter(clicked.result.output, "satlab: margin plot: ");
  const std::size_t on = after.find("shown: overlapping ");
  ASSERT_NE(on, std::string::npos) << after;
  const std::string axis = after.substr(after.find(" on ", on) + 4, after.find(';', on) - after.find(" on ", on) - 4);
  EXPECT_TRUE(has(lineAfter(clicked.result.output, "satlab: explorer: "), "overlap, step ") &&
              has(lineAfter(clicked.result.output, "satlab: explorer: "), "current " + axis + ","))
      << axis << " / " << lineAfter(clicked.result.output, "satlab: explorer: ");
}

TEST(AppPrecision, APredictionWaitingHidesThePlotAndTheLens) {
  // The student view asks "overlap or separated?" first: the margin's sign would answer it.
  const ShotRun asked = runScriptedShot("scenes/lessons/19_sat_in_time.json", "wait 3\n", "--student");
  ASSERT_EQ(asked.result.exitCode, 0) << asked.result.output;
  EXPECT_TRUE(has(asked.result.output, "predict: asking")) << asked.result.output;
  EXPECT_FALSE(has(asked.result.output, "satlab: margin plot:")) << asked.result.output;
  EXPECT_TRUE(has(asked.result.output, "satlab: precision: hidden until the prediction is answered"))
      << asked.result.output;
}

TEST(AppPrecision, ARecordingsPlotFollowsItsFlips) {
  const std::string rec = "scenes/recordings/box_through_floor.jsonl";
  // Where the two shapes are, from one run's report.
  const ShotRun probe = runScriptedShot(rec, "wait 1\n");
  ScreenPoint floor, crate;
  for (auto [name, point] : {std::pair<const char*, ScreenPoint*>{"floor", &floor}, {"crate", &crate}}) {
    const std::string at = lineAfter(probe.result.output, std::string("satlab: shape ") + name + " at ");
    ASSERT_EQ(std::sscanf(at.c_str(), "%d,%d", &point->x, &point->y), 2) << probe.result.output;
  }
  const ShotRun run = runScriptedShot(
      rec, "wait 2\nclick " + at(floor) + "\nwait 2\nctrl on\nclick " + at(crate) + "\nctrl off\nwait 6\n");
  ASSERT_EQ(run.result.exitCode, 0) << run.result.output;
  const std::string plot = lineAfter(run.result.output, "satlab: margin plot: ");
  EXPECT_TRUE(has(plot, "floor / crate, 120 of 120 samples, 2 flips, axes A2; shown: apart by 2.48 on A2")) << plot;
}

TEST(AppPrecision, TheLensSaysFloatDecidedAndDrawsTheGrid) {
  // A ball 0.1 into a crate at x = 1e7, where the core computes the crate's face (1e7 + 0.5)
  // as 1e7 and calls them apart; the lesson-style focus opens the pair in the explorer.
  const std::string dir = makeTempDir();
  writeAll(dir + "/far.json", R"({"version":1,"shapes":[
    {"name":"ball","type":"sphere","center":[10000002,0,0],"radius":1.6},
    {"name":"crate","type":"aabb","center":[10000000,0,0],"half_extents":[0.5,0.5,0.5]}],
    "lesson":{"focus":["ball","crate"],"step":0}})");
  writeAll(dir + "/wait.txt", "wait 3\n");
  const RunResult probe = runSatlab("far.json --script wait.txt --screenshot a.png", "", dir);
  ASSERT_EQ(probe.exitCode, 0) << probe.output;
  EXPECT_TRUE(has(probe.output,
                  "satlab: precision: float separated, double overlap, exact overlap, at the origin "
                  "overlap; exact margin -0.1 (-0.1 spacings of 1); float decided; float grid drawn"))
      << probe.output;
  // The section opened: its warning is drawn in the explorer, wrapped onto lines of its own.
  const ScreenPoint header = itemCentre(probe.output, "explorer.precision");
  ASSERT_TRUE(header.ok()) << probe.output;
  writeAll(dir + "/open.txt", "wait 3\nclick " + at(header) + "\nwait 3\n");
  const RunResult open = runSatlab("far.json --script open.txt --screenshot b.png", "", dir);
  ASSERT_EQ(open.exitCode, 0) << open.output;
  EXPECT_TRUE(has(open.output, "satlab: wrapped: Float decided this verdict:")) << open.output;
}

}  // namespace
}  // namespace satlab::test
