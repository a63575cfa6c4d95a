// A recording whose engine numbers its frames from 1000 and drops some (1003, 1006, 1009):
// every frame the app names is named by the engine's number (the time bar, the title, the
// status, the explorer's step, the toast of an edited frame, the GoogleTest export), at
// every window size; F on the focused pair (a crate and a 100 m floor) frames the crate; and
// the pairs panel shows the long names whole.
#include "app_harness.hpp"
#include "cube_scripts.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace satlab::test {
namespace {

const char* const kRecording = "tests/app/data/engine_numbers.jsonl";

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Rect {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  bool ok() const { return x1 > x0 && y1 > y0; }
};

/// The rectangle the report gives a remembered item ("satlab: item NAME at x0,y0 to x1,y1").
Rect itemRect(const std::string& output, const std::string& name) {
  const std::string key = "satlab: item " + name + " at ";
  const size_t at = output.find(key);
  Rect r;
  if (at == std::string::npos ||
      std::sscanf(output.c_str() + at + key.size(), "%d,%d to %d,%d", &r.x0, &r.y0, &r.x1, &r.y1) != 4)
    return {};
  return r;
}

/// The script that selects the crate and then the floor (their pair is focused), at the
/// first frame framed whole, in a run with `args` (a size, presentation). The floor is
/// clicked away from the crates, which stand at its middle.
std::string selectPair(const std::string& recording, const std::string& args = "") {
  const ScreenPoint crate = shapeOnScreen(recording, "box_thrown/child 0", args);
  const ScreenPoint floor = shapeOnScreen(recording, "static_level/ground/floor_big_100m", args);
  EXPECT_TRUE(crate.ok() && floor.ok());
  return "wait 2\nclick " + at(crate) + "\nwait 2\nctrl on\nclick " + at(floor, -60, 40) + "\nctrl off\nwait 2\n";
}

bool has(const std::string& output, const std::string& text) { return output.find(text) != std::string::npos; }

TEST(AppRecordingNumbers, TheEngineNumberNamesEveryFrame) {
  const std::string dir = makeTempDir();
  const std::string recording = sourcePath(kRecording);
  // Three steps: index 3, which the engine numbered 1004 (it dropped 1003).
  const std::string steps = selectPair(recording) + "key O\nkey O\nkey O\nwait 3\n";
  RunResult r = runIn(dir, steps + "ctrl on\nkey E\nctrl off\nwait 2\ntext pair_test.cpp\nkey ENTER\nwait 2\n",
                      "'" + recording + "' --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: selection: box_thrown/child 0, static_level/ground/floor_big_100m")) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: title: engine_numbers.jsonl, frame 1004: A crate thrown")) << r.output;
  EXPECT_TRUE(has(r.output,
                  "satlab: time: frame 1004 (index 3 of 8), paused, first broken expectation between "
                  "frames 1004 and 1005"))
      << r.output;
  // The explorer's step between this frame and the next.
  EXPECT_TRUE(has(r.output, "satlab: swept: between frames 1004 and 1005")) << r.output;
  // The export says which frame, by the engine's number, then the index labelled as one.
  const std::string code = readAll(dir + "/pair_test.cpp");
  EXPECT_TRUE(has(code, "frame 1004 of recording \"engine_numbers.jsonl\" (index 3, t = 0.0667 s)")) << code;
  EXPECT_TRUE(has(code, "TEST(")) << code;
  // Deleting the crate edits the frame: it becomes a scene of its own, named by its number.
  r = runIn(dir,
            steps + "click " + at(shapeOnScreen(recording, "box_thrown/child 1")) + "\nwait 2\nkey DELETE\nwait 2\n",
            "'" + recording + "' --screenshot t.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: frame 1004 is now a scene of its own")) << r.output;
  EXPECT_TRUE(has(r.output, "satlab: title: * frame 1004 of engine_numbers.jsonl")) << r.output;
}

TEST(AppRecordingNumbers, TheTimeBarKeepsTheEngineNumberInViewAtEverySize) {
  // Narrow panels at 1280 x 720 and in presentation (the light theme, the UI larger), wide
  // ones at 1920 x 1080; with the pair focused the bar's rows name it (long names) too.
  const std::string recording = sourcePath(kRecording);
  for (const char* size : {"1280x720", "1920x1080", "1024x640"}) {
    for (const bool presentation : {false, true}) {
      const std::string dir = makeTempDir();
      // The pair selected in the normal view, then presentation (F5) where asked.
      const std::string args = std::string("--size ") + size;
      const std::string script =
          selectPair(recording, args) + (presentation ? "key F5\nwait 3\n" : "") + "key O\nkey O\nkey O\nwait 3\n";
      const RunResult r = runIn(dir, script, "'" + recording + "' --screenshot s.png " + args);
      ASSERT_EQ(r.exitCode, 0) << r.output;
      int w = 0, h = 0;
      ASSERT_EQ(std::sscanf(size, "%dx%d", &w, &h), 2);
      const Rect frame = itemRect(r.output, "timebar.frame");
      ASSERT_TRUE(frame.ok()) << size << (presentation ? " presentation\n" : "\n") << r.output;
      EXPECT_TRUE(frame.x0 >= 0 && frame.y0 >= 0 && frame.x1 <= w && frame.y1 <= h)
          << size << ": the frame's number at " << frame.x0 << "," << frame.y0 << " to " << frame.x1 << "," << frame.y1;
      // Its text is drawn there: pixels unlike the bar's background inside it.
      const Image img = loadPng(dir + "/s.png");
      ASSERT_TRUE(img.ok());
      const unsigned char* bg = &img.rgba[(static_cast<size_t>(frame.y0) * img.width + frame.x1 - 1) * 4];
      int ink = 0;
      for (int y = frame.y0; y < frame.y1 && y < img.height; ++y) {
        for (int x = frame.x0; x < frame.x1 && x < img.width; ++x) {
          const unsigned char* p = &img.rgba[(static_cast<size_t>(y) * img.width + x) * 4];
          ink += std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]) > 120;
        }
      }
      EXPECT_GT(ink, 40) << size << ": the frame's number is not drawn";
      // Nothing of the bar runs past its edge: the pair's long names give way, the numbers stay.
      EXPECT_FALSE(has(r.output, "clipped: ##timebar")) << size << "\n" << r.output;
      EXPECT_TRUE(has(r.output, "satlab: selection: box_thrown/child 0, static_level/ground/floor_big_100m"))
          << size << (presentation ? " presentation\n" : "\n") << r.output;
      EXPECT_TRUE(has(r.output, "satlab: swept: between frames 1004 and 1005")) << r.output;
    }
  }
}

TEST(AppRecordingNumbers, FOnTheFocusedPairFramesTheCrateNotTheFloor) {
  // The pair of a 1 m crate and a 100 m floor: framed whole, the crate is a few pixels; F
  // frames the crate and the floor under it.
  const std::string recording = sourcePath(kRecording);
  const std::string select = selectPair(recording);
  const ShotRun before = runScriptedShot(kRecording, select + "key F\nwait 1\nkey HOME\nwait 3\n");
  const ShotRun after = runScriptedShot(kRecording, select + "key F\nwait 3\n");
  ASSERT_EQ(before.result.exitCode, 0) << before.report();
  ASSERT_EQ(after.result.exitCode, 0) << after.report();
  ASSERT_TRUE(before.image.ok() && after.image.ok());
  // The crate's magenta (its outline and its name; its fill is translucent): pixels of the
  // view between the panels whose red and blue stand well above their green.
  const auto crate = [](const Image& img) {
    int n = 0;
    for (int y = 40; y < img.height * 4 / 5; ++y) {
      for (int x = img.width * 27 / 100; x < img.width * 68 / 100; ++x) {
        const unsigned char* p = &img.rgba[(static_cast<size_t>(y) * img.width + x) * 4];
        n += p[0] > p[1] + 90 && p[2] > p[1] + 50;
      }
    }
    return n;
  };
  const int view = (after.image.width * 41 / 100) * (after.image.height * 4 / 5 - 40);
  EXPECT_LT(crate(before.image), view / 200) << "crate pixels, everything framed: " << crate(before.image);
  // (F frames the pair in the view's free part, which the focused pair's margin plot above the
  // time bar makes about a seventh shorter than this fixed region.)
  EXPECT_GT(crate(after.image), view / 125) << "crate pixels after F: " << crate(after.image) << " of " << view;
  EXPECT_GT(crate(after.image), 5 * crate(before.image)) << crate(after.image) << " after, " << crate(before.image);
  // Still the pair focused, and the crate near the middle of the view.
  EXPECT_TRUE(has(after.result.output, "satlab: explorer: A=static_level/ground/floor_big_100m B=box_thrown/child 0"))
      << after.report();
}

TEST(AppRecordingNumbers, ThePairsPanelShowsLongNamesWholeInBothThemes) {
  // "static_level/ground/floor_big_100m / box_thrown/child 0": wider than the panel at 1280 x
  // 720, so the names take their own lines; nothing is cut past the panel's edge.
  const std::string recording = sourcePath(kRecording);
  for (const char* size : {"1280x720", "1920x1080"}) {
    for (const bool presentation : {false, true}) {
      const std::string dir = makeTempDir();
      const RunResult r =
          runIn(dir, "wait 3\n",
                "'" + recording + "' --screenshot s.png --size " + size + (presentation ? " --presentation" : ""));
      ASSERT_EQ(r.exitCode, 0) << r.output;
      EXPECT_FALSE(has(r.output, "clipped: Pairs")) << size << "\n" << r.output;
    }
  }
}

TEST(AppRecordingNumbers, ARecordingWithMarginsSaysHowThePairListRelatesToThem) {
  // engine_verdicts.jsonl grows its crate and floor by Bullet-like margins of 0.04; the
  // numbers' recording has none.
  for (const bool margins : {true, false}) {
    const std::string recording = sourcePath(margins ? "scenes/recordings/v2/engine_verdicts.jsonl" : kRecording);
    const RunResult r = runIn(makeTempDir(), "wait 3\n", "'" + recording + "' --screenshot s.png --size 1280x720");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(itemRect(r.output, "pairs.margins_note").ok(), margins) << r.output;
  }
}

}  // namespace
}  // namespace satlab::test
