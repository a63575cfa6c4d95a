// Recovery and autosave through the real app, where files are at stake: a restore in
// another folder never saves over an unrelated file of the same name, a failing autosave
// is shown until it works again, an offer not answered keeps its file, and interrupted
// saves leave no temporary files behind.
#include "app_harness.hpp"
#include "cube_scripts.hpp"

#include "document/scene_load.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

long long deadPid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

const char* kOtherScene = R"({"version": 1, "title": "someone else's", "shapes": [
  {"name": "theirs", "type": "sphere", "center": [0, 0, 0], "radius": 2}]})";

// ---- A restore in another folder ------------------------------------------------------------

class AppRestoreElsewhere : public ::testing::Test {
 protected:
  /// Once for the suite (a kill takes seconds): `satlab edit.json` in the work folder, an
  /// edit, then kill -9 before any save; the recovery file it leaves is kept to restore
  /// from in each test.
  static void SetUpTestSuite() {
    state_ = makeTempDir();
    work_ = makeTempDir();
    fs::copy_file(sourcePath("tests/app/data/one_box_3d.json"), work_ + "/edit.json");
    const ScreenPoint cube = shapeOnScreen(work_ + "/edit.json", "cube");
    const RunResult killed = runIn(work_, dragCubeUp(cube) + "wait 100000\n", "edit.json",
                                   stateEnv() + " SATLAB_AUTOSAVE_SECONDS=0.2 timeout -s KILL 10");
    killOutput_ = killed.output + "\nexit code " + std::to_string(killed.exitCode);
    recovery_ = readAll(state_ + "/satlab/recovery.json");
  }
  void SetUp() override {
    ASSERT_FALSE(recovery_.empty()) << killOutput_;
    // The original as it was when the work began; another edit.json in another folder.
    fs::copy_file(sourcePath("tests/app/data/one_box_3d.json"), work_ + "/edit.json",
                  fs::copy_options::overwrite_existing);
    elsewhere_ = makeTempDir();
    std::ofstream(elsewhere_ + "/edit.json") << kOtherScene;
    theirs_ = readAll(elsewhere_ + "/edit.json");
  }
  static std::string stateEnv() { return "XDG_STATE_HOME='" + state_ + "'"; }
  /// `satlab --restore` in the other folder, Ctrl+S, then `keys`.
  RunResult restoreAndSave(const std::string& keys) {
    fs::create_directories(state_ + "/satlab");
    std::ofstream(state_ + "/satlab/recovery.json", std::ios::binary | std::ios::trunc) << recovery_;
    return runIn(elsewhere_, "wait 2\nctrl on\nkey S\nctrl off\nwait 3\n" + keys + "wait 3\n",
                 "--restore --screenshot s.png", stateEnv());
  }
  static std::string state_, work_, recovery_, killOutput_;
  std::string elsewhere_, theirs_;
};

std::string AppRestoreElsewhere::state_, AppRestoreElsewhere::work_, AppRestoreElsewhere::recovery_,
    AppRestoreElsewhere::killOutput_;

TEST_F(AppRestoreElsewhere, CtrlSSavesTheOriginalAndNeverTheSameNameInTheCurrentFolder) {
  // The recovery file names the original by its absolute path.
  EXPECT_NE(recovery_.find("\"original\": \"" + fs::canonical(work_).string() + "/edit.json\""), std::string::npos)
      << recovery_.substr(recovery_.find("satlab_recovery"));
  const RunResult r = restoreAndSave("");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("restored unsaved work"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("asking before saving over"), std::string::npos) << "unchanged original: no question";
  EXPECT_EQ(readAll(elsewhere_ + "/edit.json"), theirs_) << "the unrelated edit.json is untouched";
  EXPECT_GT(cubeZ(work_ + "/edit.json"), 0.5f) << "the restored work went to its own file\n" << r.output;
}

TEST_F(AppRestoreElsewhere, AnOriginalChangedSinceAsksFirstAndEachAnswerDoesWhatItSays) {
  // Someone saves another scene over the original after the crash.
  std::ofstream(work_ + "/edit.json", std::ios::trunc) << kOtherScene;
  const std::string changed = readAll(work_ + "/edit.json");

  // Cancel: nothing is written anywhere.
  RunResult r = restoreAndSave("key ESCAPE\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("asking before saving over " + fs::canonical(work_).string() + "/edit.json"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("has changed since this work began"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("not saved over"), std::string::npos) << r.output;
  EXPECT_EQ(readAll(work_ + "/edit.json"), changed);
  EXPECT_EQ(readAll(elsewhere_ + "/edit.json"), theirs_);

  // Save as: a new file, chosen by name; the original stays as it is.
  r = restoreAndSave("key A\nwait 2\ntext kept.json\nkey ENTER\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(cubeZ(elsewhere_ + "/kept.json"), 0.5f) << r.output;
  EXPECT_EQ(readAll(work_ + "/edit.json"), changed);
  EXPECT_EQ(readAll(elsewhere_ + "/edit.json"), theirs_);

  // Save over it: the user said so.
  r = restoreAndSave("key O\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_GT(cubeZ(work_ + "/edit.json"), 0.5f) << r.output;
  EXPECT_EQ(readAll(elsewhere_ + "/edit.json"), theirs_);
}

TEST_F(AppRestoreElsewhere, AnOriginalThatIsGoneAsksFirst) {
  fs::remove(work_ + "/edit.json");
  const RunResult r = restoreAndSave("key ESCAPE\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("no longer exists"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(work_ + "/edit.json"));
  EXPECT_EQ(readAll(elsewhere_ + "/edit.json"), theirs_);
}

TEST_F(AppRestoreElsewhere, AnOlderRecoveryFileWithARelativePathNeverOverwritesTheFileHere) {
  // The format before absolute paths and stamps: "original" as typed. Restored in the other
  // folder, Ctrl+S used to save straight over that folder's unrelated edit.json.
  std::string scene = readAll(sourcePath("tests/app/data/one_box_3d.json"));
  scene =
      scene.substr(0, scene.rfind('}')) + ", \"satlab_recovery\": {\"original\": \"edit.json\", \"saved_at\": 1}}\n";
  const std::string saved = recovery_;
  recovery_ = scene;
  const RunResult r = restoreAndSave("key ESCAPE\n");
  recovery_ = saved;
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("asking before saving over edit.json"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("relative to a folder it did not record"), std::string::npos) << r.output;
  EXPECT_EQ(readAll(elsewhere_ + "/edit.json"), theirs_);
}

// ---- Autosave failures --------------------------------------------------------------------

/// Pixels of the autosave warning's dark red backing in the top band of a window picture.
int warningPixels(const Image& img) {
  return countColor(img, 120 / 255.0f, 20 / 255.0f, 20 / 255.0f, 18, 0, 0, img.width, 140);
}

std::string onlyPicture(const std::string& folder) {
  std::string shot;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec)) shot = e.path().string();
  return shot;
}

TEST(AppAutosave, AFailingAutosaveIsReportedOnceAndShownUntilItWorks) {
  // The state folder cannot be made: its parent is a regular file (root ignores
  // permissions, not this).
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/blocker") << "a file where a folder should be";
  const std::string env = "XDG_STATE_HOME='" + dir + "/blocker/state' SATLAB_AUTOSAVE_SECONDS=0.1";
  const std::string scene = "'" + sourcePath("tests/app/data/one_box_3d.json") + "'";
  const ScreenPoint cube = shapeOnScreen(sourcePath("tests/app/data/one_box_3d.json"), "cube");
  ASSERT_TRUE(cube.ok());
  // A normal session (no --screenshot: autosave is on); F12 takes a picture of the window.
  const RunResult r = runIn(dir, dragCubeUp(cube) + "wait 60\nkey F12\nwait 3\n", scene, env);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(count(r.output, "warning: autosave failed"), 1) << "once, not once per retry\n" << r.output;
  EXPECT_NE(r.output.find("blocker"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("satlab: autosave: failing: "), std::string::npos) << r.output;
  const std::string shot = onlyPicture(dir + "/pictures/satlab");
  ASSERT_FALSE(shot.empty()) << r.output;
  const Image img = loadPng(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_GT(warningPixels(img), 3000) << "the warning is on screen";
}

TEST(AppAutosave, TheWarningGoesOnceAutosaveWorksAgain) {
  const std::string dir = makeTempDir();
  const std::string blocker = dir + "/blocker";
  std::ofstream(blocker) << "a file where a folder should be";
  const ScreenPoint cube = shapeOnScreen(sourcePath("tests/app/data/one_box_3d.json"), "cube");
  ASSERT_TRUE(cube.ok());
  std::ofstream(dir + "/input.txt") << dragCubeUp(cube) + "wait 200\nkey F12\nwait 3\n";
  // Run it and watch its error output: the moment it reports the failure, free the folder.
  const std::string cmd = "cd '" + dir + "' && env HOME='" + dir + "' XDG_CONFIG_HOME='" + dir +
                          "/.config' XDG_PICTURES_DIR='" + dir + "/pictures' XDG_STATE_HOME='" + blocker +
                          "/state' SATLAB_AUTOSAVE_SECONDS=0.1 '" + SATLAB_BINARY + "' '" +
                          sourcePath("tests/app/data/one_box_3d.json") + "' --script input.txt 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  std::array<char, 4096> line{};
  bool freed = false;
  while (std::fgets(line.data(), static_cast<int>(line.size()), pipe)) {
    output += line.data();
    if (!freed && output.find("warning: autosave failed") != std::string::npos) {
      fs::remove(blocker);
      freed = true;
    }
  }
  const int status = pclose(pipe);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;
  ASSERT_TRUE(freed) << output;
  EXPECT_NE(output.find("satlab: autosave works again"), std::string::npos) << output;
  EXPECT_NE(output.find("satlab: autosave: ok"), std::string::npos) << output;
  const std::string shot = onlyPicture(dir + "/pictures/satlab");
  ASSERT_FALSE(shot.empty()) << output;
  const Image img = loadPng(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_LT(warningPixels(img), 100) << "the warning is gone";
}

// ---- The recovery offer: only the user's answer removes the file ----------------------------

class AppRecoveryOffer : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = makeTempDir();
    fs::copy_file(sourcePath("tests/app/data/one_box_3d.json"), dir_ + "/edit.json");
    // Unsaved work of an earlier session, never saved anywhere.
    std::string scene = readAll(sourcePath("tests/app/data/one_box_3d.json"));
    scene = scene.substr(0, scene.rfind('}')) + ", \"satlab_recovery\": {\"original\": null, \"saved_at\": 1}}\n";
    fs::create_directories(dir_ + "/.state/satlab");
    recovery_ = dir_ + "/.state/satlab/recovery.json";
    std::ofstream(recovery_) << scene;
    saved_ = readAll(recovery_);
  }
  RunResult run(const std::string& script) {
    // TZ fixes the offer's text (and so where its buttons are).
    return runIn(dir_, script, "edit.json", "TZ=UTC SATLAB_AUTOSAVE_SECONDS=0.1");
  }
  // The offer's buttons at 1280x720 (a modal 500 px wide in the middle of the window).
  static constexpr const char* kDiscard = "click 498 315\n";
  static constexpr const char* kNotNow = "click 572 315\n";
  std::string dir_, recovery_, saved_;
};

TEST_F(AppRecoveryOffer, AnOfferNeverAnsweredKeepsTheFileForTheNextStart) {
  // The session ends with the question still on screen. It used to remove the file.
  const RunResult r = run("wait 5\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(readAll(recovery_), saved_);
  EXPECT_NE(r.output.find("satlab: the unsaved work of an earlier session stays in " + recovery_), std::string::npos)
      << r.output;
}

TEST_F(AppRecoveryOffer, NotNowKeepsTheFileThroughEditsAndSavesAndAutosaveIsHeld) {
  const ScreenPoint cube = shapeOnScreen(dir_ + "/edit.json", "cube");
  ASSERT_TRUE(cube.ok());
  // Not now, an edit, time for many autosaves, Ctrl+S, another edit left unsaved.
  const RunResult r = run(std::string("wait 3\n") + kNotNow + "wait 2\n" + dragCubeUp(cube) +
                          "wait 20\nctrl on\nkey S\nctrl off\nwait 3\n" + dragCubeUp(cube) + "wait 20\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("stays in " + recovery_ + " for the next start"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("saved " + fs::canonical(dir_).string() + "/edit.json"), std::string::npos) << r.output;
  EXPECT_GT(cubeZ(dir_ + "/edit.json"), 0.5f);
  EXPECT_NE(r.output.find("satlab: autosave: held: " + recovery_), std::string::npos) << r.output;
  EXPECT_EQ(readAll(recovery_), saved_) << "neither autosave nor the save nor the end replaced or removed it";
}

TEST_F(AppRecoveryOffer, DiscardRemovesIt) {
  const RunResult r = run(std::string("wait 3\n") + kDiscard + "wait 3\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(fs::exists(recovery_)) << r.output;
}

// ---- Temporary files of interrupted saves ------------------------------------------------

TEST(AppStaleTemps, StartingRemovesTheTemporaryFilesOfKilledSavesAndNothingElse) {
  const std::string dir = makeTempDir();
  fs::copy_file(sourcePath("tests/app/data/one_box_3d.json"), dir + "/edit.json");
  fs::create_directories(dir + "/.config/satlab");
  fs::create_directories(dir + "/.state/satlab");
  const std::string dead = std::to_string(deadPid());
  const std::string beside = dir + "/.edit.json.tmp-" + dead + "-0";
  const std::string settings = dir + "/.config/satlab/.settings.json.tmp-" + dead + "-1";
  const std::string recovery = dir + "/.state/satlab/.recovery.json.tmp-" + dead + "-2";
  const std::string alive = dir + "/.edit.json.tmp-1-0";  // process 1 is running
  const std::string unrelated = dir + "/.other.json.tmp-" + dead + "-0";
  for (const std::string& f : {beside, settings, recovery, alive, unrelated}) std::ofstream(f) << "half written";
  const RunResult r = runIn(dir, "wait 2\n", "edit.json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(fs::exists(beside));
  EXPECT_FALSE(fs::exists(settings));
  EXPECT_FALSE(fs::exists(recovery));
  EXPECT_TRUE(fs::exists(alive));
  EXPECT_TRUE(fs::exists(unrelated));
  EXPECT_TRUE(fs::exists(dir + "/edit.json"));
}

}  // namespace
}  // namespace satlab::test
