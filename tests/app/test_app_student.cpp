// The student view (`satlab --student`): a lesson on a student's laptop with nothing to
// change by accident. Its panels stay away, clicks turn the camera and never pick or move a
// shape, predict-then-reveal stays on, the score is kept across lessons and runs, and the
// key written on screen (F10, or Esc twice) gives the teacher the full view back.
#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

std::string line(const std::string& output, const std::string& key) {
  const size_t at = output.find(key);
  return at == std::string::npos ? "(no " + key + ")" : output.substr(at, output.find('\n', at) - at);
}

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class AppStudent : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = makeTempDir(); }
  /// satlab --student ARGS with `script`, a screenshot run at 1280x720.
  RunResult run(const std::string& script, const std::string& args = "") {
    std::ofstream(dir_ + "/input.txt") << script;
    return runSatlab("--student --script input.txt --size 1280x720 --screenshot s.png " + args, "", dir_);
  }
  std::string dir_;
};

TEST_F(AppStudent, OpensTheFirstLessonInPresentationWithTheKeyThatLeavesItOnScreen) {
  const RunResult r = run("wait 2\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: 01_aabb_aabb_three_axes.json: Lesson 1"), std::string::npos) << r.output;
  EXPECT_EQ(line(r.output, "satlab: view: "), "satlab: view: presentation, panels hidden, student view");
  EXPECT_EQ(line(r.output, "satlab: selection: "), "satlab: selection: A, B");
  EXPECT_NE(line(r.output, "satlab: explorer: ").find("predict: asking overlap or separated"), std::string::npos)
      << r.output;
  EXPECT_EQ(line(r.output, "satlab: clipped: "), "satlab: clipped: none");
  // A lesson named on the command line is the one it opens.
  const RunResult named = run("wait 2\n", "'" + sourcePath("scenes/lessons/08_obb_obb_edge_axis.json") + "'");
  ASSERT_EQ(named.exitCode, 0) << named.output;
  EXPECT_NE(named.output.find("satlab: title: 08_obb_obb_edge_axis.json"), std::string::npos) << named.output;
  EXPECT_EQ(line(named.output, "satlab: view: "), "satlab: view: presentation, panels hidden, student view");
}

TEST_F(AppStudent, TabAndF5DoNotBringThePanelsBackAndPCannotTurnPredictionOff) {
  const RunResult r = run("wait 2\nkey TAB\nwait 2\nkey F5\nwait 2\nkey P\nwait 2\nkey TAB\nwait 2\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(line(r.output, "satlab: view: "), "satlab: view: presentation, panels hidden, student view");
  EXPECT_NE(line(r.output, "satlab: explorer: ").find("predict: asking overlap or separated"), std::string::npos)
      << r.output;
  EXPECT_EQ(line(r.output, "satlab: clipped: "), "satlab: clipped: none");
}

TEST_F(AppStudent, ClicksAndDragsTurnTheCameraAndNeverPickMoveOrEditAShape) {
  // A click on box A, a drag from it, Ctrl-click, Delete, the gizmo keys, Ctrl+Z / N / V.
  const std::string hands =
      "wait 2\nclick 771 250\nwait 1\nmouse 771 250\npress\ndrag 650 420 10\nrelease\nwait 1\nctrl on\nclick 1003 "
      "276\nctrl off\nwait 1\nkey DELETE\nkey W\nkey E\nctrl on\nkey Z\nkey N\nkey V\nctrl off\nwait 2\n";
  const RunResult r = run(hands, "--save-scene after.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(line(r.output, "satlab: selection: "), "satlab: selection: A, B");
  EXPECT_NE(r.output.find("satlab: title: 01_aabb_aabb_three_axes.json: Lesson 1"), std::string::npos) << r.output;
  EXPECT_NE(line(r.output, "satlab: explorer: ").find("A=A B=B"), std::string::npos) << r.output;
  // The shapes are where the lesson has them; the view turned (A is elsewhere on screen).
  const SceneLoadResult lesson = loadScene(sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json"));
  const SceneLoadResult after = loadScene(dir_ + "/after.json");
  ASSERT_TRUE(lesson.ok() && after.ok()) << r.output;
  ASSERT_EQ(after.scene.shapes.size(), lesson.scene.shapes.size());
  for (size_t i = 0; i < lesson.scene.shapes.size(); ++i) {
    EXPECT_EQ(std::get<Aabb>(after.scene.shapes[i].geometry).center,
              std::get<Aabb>(lesson.scene.shapes[i].geometry).center)
        << lesson.scene.shapes[i].name;
  }
  EXPECT_NE(line(r.output, "satlab: shape A at "), "satlab: shape A at 771,250") << r.output;
}

TEST_F(AppStudent, F10OrEscTwiceGivesTheTeacherViewBackAndOneEscDoesNot) {
  RunResult r = run("wait 2\nkey ESCAPE\nwait 90\nkey ESCAPE\nwait 2\n");  // two, a second and a half apart
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(line(r.output, "satlab: view: "), "satlab: view: presentation, panels hidden, student view");
  r = run("wait 2\nkey ESCAPE\nwait 10\nkey ESCAPE\nwait 2\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(line(r.output, "satlab: view: "), "satlab: view: presentation, panels shown");
  // F10, then the teacher's keys work again: Tab hides the panels, P turns predicting off.
  r = run("wait 2\nkey F10\nwait 2\nkey P\nwait 2\nkey TAB\nwait 2\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(line(r.output, "satlab: view: "), "satlab: view: presentation, panels hidden");
  EXPECT_EQ(line(r.output, "satlab: explorer: ").find("predict:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("teacher view: Tab hides the panels"), std::string::npos) << r.output;
}

TEST_F(AppStudent, TheScoreIsKeptAcrossLessonsAndRuns) {
  // Lesson 1: separated (S), by A1 (] then Enter): right. Then lesson 2 (PgDn).
  const std::string answer =
      "wait 2\nkey S\nwait 1\nkey RIGHT_BRACKET\nwait 1\nkey ENTER\nwait 2\nkey PAGE_DOWN\nwait 3\n";
  std::ofstream(dir_ + "/input.txt") << answer;
  // Not a screenshot run: a session that keeps its settings, as a student's would.
  RunResult r = runSatlab("--student --script input.txt --size 1280x720", "", dir_);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: 02_aabb_sphere_arvo.json"), std::string::npos) << r.output;
  EXPECT_NE(line(r.output, "satlab: explorer: ").find("predict: asking overlap or separated, score 1 of 1"),
            std::string::npos)
      << r.output;
  const std::string settings = readAll(dir_ + "/.config/satlab/settings.json");
  EXPECT_NE(settings.find("\"student_score\""), std::string::npos) << settings;
  EXPECT_NE(settings.find("\"right\": 1"), std::string::npos) << settings;
  EXPECT_NE(settings.find("\"asked\": 1"), std::string::npos) << settings;
  // The next start (the class link again) goes on from there; the settings keep their own
  // presentation choice (off), not the student view's.
  std::ofstream(dir_ + "/input.txt") << "wait 2\n";
  r = runSatlab("--student --script input.txt --size 1280x720", "", dir_);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(line(r.output, "satlab: explorer: ").find("score 1 of 1"), std::string::npos) << r.output;
  EXPECT_NE(readAll(dir_ + "/.config/satlab/settings.json").find("\"presentation\": false"), std::string::npos);
}

TEST_F(AppStudent, ADroppedFileIsNotOpened) {
  std::ofstream(dir_ + "/other.json") << R"({"version": 1, "shapes": []})";
  const RunResult r = run("wait 2\ndrop " + dir_ + "/other.json\nwait 3\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: 01_aabb_aabb_three_axes.json"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("the student view opens no files"), std::string::npos) << r.output;
}

TEST_F(AppStudent, AsksNoQuestionOfAnEarlierSessionsWorkAndKeepsIt) {
  // Unsaved work of an earlier session on this laptop: a teacher's, not the student's to
  // restore or discard. It stays for the next start, unasked.
  std::string scene = readAll(sourcePath("tests/app/data/one_box_3d.json"));
  scene = scene.substr(0, scene.rfind('}')) + ", \"satlab_recovery\": {\"original\": null, \"saved_at\": 1}}\n";
  fs::create_directories(dir_ + "/.state/satlab");
  const std::string recovery = dir_ + "/.state/satlab/recovery.json";
  std::ofstream(recovery) << scene;
  // No modal question takes the keys: S answers the lesson's prediction at once.
  std::ofstream(dir_ + "/input.txt") << "wait 3\nkey S\nwait 2\n";
  const RunResult r = runSatlab("--student --script input.txt --size 1280x720", "", dir_);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: title: 01_aabb_aabb_three_axes.json"), std::string::npos) << r.output;
  EXPECT_NE(line(r.output, "satlab: explorer: ").find("predict: asking which axis"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("stays in " + recovery + " for the next start"), std::string::npos) << r.output;
  EXPECT_EQ(readAll(recovery), scene);
}

TEST_F(AppStudent, EveryLessonFitsAt1280x720AndOnAProjectorAt1920x1080) {
  for (const fs::directory_entry& e : fs::directory_iterator(sourcePath("scenes/lessons"))) {
    if (e.path().extension() != ".json") continue;
    for (const char* size : {"1280x720", "1920x1080"}) {
      std::ofstream(dir_ + "/input.txt") << "wait 2\n";
      const RunResult r = runSatlab(
          "'" + e.path().string() + "' --student --script input.txt --size " + size + " --screenshot s.png", "", dir_);
      ASSERT_EQ(r.exitCode, 0) << r.output;
      EXPECT_EQ(line(r.output, "satlab: clipped: "), "satlab: clipped: none") << e.path().filename() << " " << size;
      EXPECT_EQ(line(r.output, "satlab: labels under windows: "), "satlab: labels under windows: 0")
          << e.path().filename() << " " << size;
    }
  }
}

}  // namespace
}  // namespace satlab::test
