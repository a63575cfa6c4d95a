// The lessons as a teacher shows them: each key means one thing and the text names it, the
// pictures say what they measure, and what a lesson is about is on the projector.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace satlab::test {
namespace {

struct LessonRun {
  RunResult result;
  Image image;
  /// The report without its "shape NAME at" lines (a level lists hundreds), for messages.
  std::string report() const {
    std::istringstream in(result.output);
    std::string out;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("satlab: shape ", 0) != 0) out += line + "\n";
    }
    return out;
  }
};

/// Runs `scene` (a path under the source tree) with `script` and `extra` arguments.
LessonRun runScene(const std::string& scene, const std::string& script, const std::string& extra = "") {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  LessonRun r;
  r.result = runSatlab("'" + sourcePath(scene) + "' --script input.txt --screenshot shot.png " + extra, "", dir);
  r.image = loadPng(dir + "/shot.png");
  return r;
}

const char* const kLevelLessons[] = {"scenes/lessons/15_a_level_and_the_aabb_test.json",
                                     "scenes/lessons/16_the_papers_room_caches.json"};

TEST(AppLessons, PPlaysTheLevelLessonsAsTheirTextAndTheTimeBarSay) {
  // Lessons 15 and 16 say "Play (P)", and so does the bar: P held for 60 frames is one second
  // of motion, whether or not the lesson focuses a pair, and it does not switch on "predict,
  // then reveal" (P used to do that there, and time stayed at 0).
  for (const char* lesson : kLevelLessons) {
    for (const char* mode : {"", "--presentation"}) {
      const LessonRun r = runScene(lesson, "key P\nwait 58\nkey P\nwait 1\n", mode);
      ASSERT_EQ(r.result.exitCode, 0) << r.report();
      EXPECT_NE(r.result.output.find("satlab: time: t = 1.0000 s, paused"), std::string::npos)
          << lesson << " " << mode << "\n"
          << r.report();
      EXPECT_EQ(r.result.output.find(", predict: "), std::string::npos) << lesson << " " << mode << "\n" << r.report();
    }
    // And O, "Step (O)" on the bar, steps 1/60 s.
    std::string steps;
    for (int i = 0; i < 30; ++i) steps += "key O\n";
    const LessonRun o = runScene(lesson, steps + "wait 1\n");
    EXPECT_NE(o.result.output.find("satlab: time: t = 0.5000 s, paused"), std::string::npos) << lesson << "\n"
                                                                                             << o.report();
  }
}

}  // namespace
}  // namespace satlab::test
