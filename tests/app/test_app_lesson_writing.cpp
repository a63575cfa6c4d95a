// Writing a lesson in the app (Lessons > Write a lesson from this view) and opening it again,
// as a teacher does before a lecture: the lesson panel of a lesson of one's own, the editor's
// text for students, and the written lesson on the projector.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace satlab::test {
namespace {

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

// What Lessons > Write a lesson from this view saves from mixed.json with the pair ball /
// crate focused (the scene's shapes cut to the pair and its neighbours).
constexpr const char* kWrittenLesson = R"({"version": 1, "title": "All four shapes",
  "notes": "A crate with a ball resting into its side, a probe segment through it and a tilted plank whose edge catches the crate's top corner; a far ball and a turned box stay clear.",
  "shapes": [
    {"name": "crate", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "ball", "type": "sphere", "color": "#e15759", "center": [1.8, 0, 0], "radius": 1},
    {"name": "plank", "type": "obb", "center": [0, 1.6, 0], "half_extents": [2, 0.25, 0.5], "euler_deg": [0, 0, 30]},
    {"name": "far_ball", "type": "sphere", "center": [0, -4, 0], "radius": 0.5}],
  "lesson": {"focus": ["crate", "ball"], "step": 0, "mode": "early", "epsilon": 1e-06,
             "camera": {"yaw_deg": -60, "pitch_deg": 25, "distance": 22.075249, "target": [0.405, -0.22, 0.75]}}})";

TEST(AppLessonWriting, ALessonOfOnesOwnShowsItsPanelsButtonsWhole) {
  // Not one of the built-in lessons: no previous or next lesson, the way to the first one
  // (it ran 18 px past the panel's edge at 1280x720: "First lesso...").
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/own.json") << kWrittenLesson;
  for (const char* size : {"1280x720", "800x600", "1920x1080"}) {
    const RunResult r = runScript(dir, "wait 2\n", std::string("own.json --size ") + size + " --screenshot s.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(clippedFindings(r), "") << size;
  }
  // Its button opens the first built-in lesson.
  const RunResult r = runScript(dir, "wait 2\nclick 86 157\nwait 3\n", "own.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("title: 01_aabb_aabb_three_axes.json: Lesson 1"), std::string::npos) << r.output;
}

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Lines of light text (runs of rows with light pixels) in the rectangle [x0,x1) x [y0,y1).
int textLines(const Image& img, int x0, int y0, int x1, int y1) {
  int lines = 0;
  bool inLine = false;
  for (int y = y0; y < y1; ++y) {
    int light = 0;
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = img.at(x, y);
      if (p[0] > 180 && p[1] > 180 && p[2] > 180) ++light;
    }
    if (light >= 3 && !inLine) ++lines;
    inLine = light >= 3;
  }
  return lines;
}

// mixed.json at 1280x720: the Pairs row "ball / crate", then Lessons > Write a lesson from
// this view...; the editor takes the lesson panel's place, its text field at 14..316 x 119..258.
constexpr const char* kOpenEditor = "wait 2\nclick 48 581\nwait 2\nclick 164 10\nwait 2\nclick 237 36\nwait 3\n";
constexpr const char* kTyped =
    "Then a new sentence typed here wraps at the edge of the field as it is typed, word by word.";

TEST(AppLessonWriting, TheTextForStudentsWrapsAsItIsTypedAndIsSavedWithoutTheBreaks) {
  const std::string dir = makeTempDir();
  const std::string scene = "'" + sourcePath("scenes/examples/mixed.json") + "'";
  // A click below the text puts the cursor at its end; then a space and a sentence are typed.
  const std::string type = std::string(kOpenEditor) + "click 160 245\nwait 2\ntext  " + kTyped + "\nwait 3\n";
  RunResult r = runScript(dir, type, scene + " --size 1280x720 --screenshot typed.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir + "/typed.png");
  ASSERT_TRUE(img.ok());
  // The scene's notes take five lines of the field, the sentence two more; unwrapped, the
  // field held one line, scrolled sideways to the cursor.
  EXPECT_GE(textLines(img, 16, 121, 314, 257), 7);
  // Saved, the text is the notes and the sentence as typed: no line break of the field's.
  r = runScript(
      dir, type + "click 70 277\nwait 3\nctrl on\nkey A\nctrl off\ntext " + dir + "/typed.json\nkey ENTER\nwait 3\n",
      scene + " --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::string saved = readAll(dir + "/typed.json");
  EXPECT_NE(saved.find(
                "\"notes\": \"A crate with a ball resting into its side, a probe segment through it and a tilted plank "
                "whose edge catches the crate's top corner; a far ball and a turned box stay clear. " +
                std::string(kTyped) + "\""),
            std::string::npos)
      << saved;
}

struct PairOnScreen {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0, labels = -1;
};
/// The report's "focused pair on screen: X0,Y0 to X1,Y1, labels on it: N".
PairOnScreen pairOnScreen(const std::string& output) {
  PairOnScreen p;
  const size_t at = output.find("satlab: focused pair on screen: ");
  if (at != std::string::npos) {
    std::sscanf(output.c_str() + at, "satlab: focused pair on screen: %d,%d to %d,%d, labels on it: %d", &p.x0, &p.y0,
                &p.x1, &p.y1, &p.labels);
  }
  return p;
}

TEST(AppLessonWriting, AWrittenLessonFramesItsPairLargeOnTheProjectorWithTheLabelsOffIt) {
  // Written from mixed.json's view as it opens (seven shapes framed whole, the pair ball /
  // crate a small part of them), with the editor's camera as it starts: on the pair.
  const std::string dir = makeTempDir();
  const std::string scene = "'" + sourcePath("scenes/examples/mixed.json") + "'";
  const RunResult saved = runScript(dir,
                                    std::string(kOpenEditor) + "click 70 277\nwait 3\nctrl on\nkey A\nctrl off\ntext " +
                                        dir + "/written.json\nkey ENTER\nwait 3\n",
                                    scene + " --size 1280x720 --screenshot s.png");
  ASSERT_EQ(saved.exitCode, 0) << saved.output;
  ASSERT_NE(saved.output.find("saved the lesson to " + dir + "/written.json"), std::string::npos) << saved.output;
  // On a projector the pair fills the picture (at least 40% of the window's height) and no
  // label sits on it: the labels of the plank, the probe and the pair itself (and the
  // explorer's |c - p|) covered the two shapes.
  for (const auto& [w, h] : {std::pair{1280, 720}, std::pair{1920, 1080}}) {
    const std::string size = std::to_string(w) + "x" + std::to_string(h);
    const RunResult r =
        runScript(dir, "wait 2\n", "written.json --presentation --size " + size + " --screenshot p.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("explorer: A=ball B=crate"), std::string::npos) << r.output;
    const PairOnScreen p = pairOnScreen(r.output);
    EXPECT_GE(p.y1 - p.y0, h * 2 / 5) << size << "\n" << r.output;
    EXPECT_GE(p.x0, 0) << size;
    EXPECT_LE(p.x1, w) << size;
    EXPECT_EQ(p.labels, 0) << size << "\n" << r.output;
    EXPECT_NE(r.output.find("satlab: labels under windows: 0\n"), std::string::npos) << r.output;
    if (w == 1280) {
      EXPECT_EQ(clippedFindings(r), "") << size;
    }
  }
}

}  // namespace
}  // namespace satlab::test
