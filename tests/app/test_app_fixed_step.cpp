// Runs for machines (--script, --screenshot, --frames, --stats) advance the scene by a fixed
// 1/60 s a frame, not by the wall clock: the same script gives the same run, bit for bit, on
// an idle machine and on a busy one. (The wall clock made a drive of 20 arrow presses end at
// 0.2453,0.0195 in one run and 0.2385,0.0078 in the next.)
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Processes that keep the CPUs busy while this object lives: each is a shell running an
/// endless loop itself, so its pid is the loop, and it is killed by that pid.
class BusyCpus {
 public:
  explicit BusyCpus(int count) {
    for (int i = 0; i < count; ++i) {
      const pid_t pid = fork();
      if (pid == 0) {
        execl("/bin/sh", "sh", "-c", "while :; do :; done", static_cast<char*>(nullptr));
        _exit(127);
      }
      if (pid > 0) pids_.push_back(pid);
    }
  }
  ~BusyCpus() {
    for (const pid_t pid : pids_) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }
  BusyCpus(const BusyCpus&) = delete;
  BusyCpus& operator=(const BusyCpus&) = delete;
  std::size_t running() const { return pids_.size(); }

 private:
  std::vector<pid_t> pids_;
};

// The character of test_app_character.cpp against its turned wall.
void writeSlideScene(const std::string& dir) {
  std::ofstream(dir + "/slide.json") << R"({"version": 1, "title": "Slide", "view": "2d", "shapes": [
    {"name": "hero", "type": "aabb", "center": [0, 0, 0], "half_extents": [0.5, 0.5, 0]},
    {"name": "ramp", "type": "obb", "center": [1.6, 0, 0], "half_extents": [0.5, 4, 0], "angle_deg": -30}],
    "character": {"shape": "hero", "speed": 3}})";
}

struct DriveRun {
  RunResult result;
  std::string saved;
};

DriveRun driveOnce(const std::string& dir) {
  DriveRun r;
  r.result = runSatlab("slide.json --size 1280x720 --script drive.txt --save-scene saved.json", "", dir);
  r.saved = readAll(dir + "/saved.json");
  std::remove((dir + "/saved.json").c_str());
  return r;
}

TEST(AppFixedStep, TheSameDriveGivesTheSameRunOnAnIdleAndABusyMachine) {
  const std::string dir = makeTempDir();
  writeSlideScene(dir);
  // Drive on (D), right into the wall and along it, up, then left away from it; drive off.
  std::string script = "wait 2\nkey D\n";
  for (int i = 0; i < 20; ++i) script += "key RIGHT\n";
  for (int i = 0; i < 7; ++i) script += "key UP\nwait 3\n";
  for (int i = 0; i < 5; ++i) script += "key LEFT\n";
  script += "key D\nwait 2\n";
  std::ofstream(dir + "/drive.txt") << script;

  const DriveRun idle = driveOnce(dir);
  DriveRun busy;
  {
    BusyCpus load(2);
    ASSERT_EQ(load.running(), 2u);
    busy = driveOnce(dir);
  }
  ASSERT_EQ(idle.result.exitCode, 0) << idle.result.output;
  ASSERT_EQ(busy.result.exitCode, 0) << busy.result.output;
  ASSERT_NE(idle.result.output.find("satlab: character: hero at "), std::string::npos) << idle.result.output;
  // Everything the run reports (the character's position, the shapes on screen, the
  // selection, autosave) and the scene it saved: byte for byte.
  EXPECT_EQ(idle.result.output, busy.result.output);
  ASSERT_FALSE(idle.saved.empty());
  EXPECT_EQ(idle.saved, busy.saved);
}

TEST(AppFixedStep, PlayingNFramesIsNSixtiethsOfASecond) {
  const std::string dir = makeTempDir();
  const std::string scene = sourcePath("scenes/examples/moving.json");
  // P plays from the frame it is pressed on: the key's two frames, the wait's, and the
  // second P pauses before its frame advances. So N = 2 + wait.
  for (const int n : {60, 90, 135}) {
    SCOPED_TRACE(n);
    std::ofstream(dir + "/play.txt") << "key P\nwait " << n - 2 << "\nkey P\nwait 1\n";
    const RunResult r = runSatlab("'" + scene + "' --script play.txt --screenshot shot.png", "", dir);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    char expected[64];
    std::snprintf(expected, sizeof expected, "satlab: time: t = %.4f s, paused\n", n / 60.0);
    EXPECT_NE(r.output.find(expected), std::string::npos) << r.output;
  }
}

TEST(AppFixedStep, AnInteractiveLookingScriptRunPlaysAtTheSameRateAsAScreenshotRun) {
  // A script without --screenshot drives a normal session; it takes the fixed step too.
  const std::string dir = makeTempDir();
  const std::string scene = sourcePath("scenes/examples/moving.json");
  std::ofstream(dir + "/play.txt") << "key P\nwait 28\nkey P\nwait 1\n";
  const RunResult r = runSatlab("'" + scene + "' --script play.txt", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: time: t = 0.5000 s, paused\n"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
