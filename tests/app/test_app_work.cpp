// Long work as a user meets it (docs/progress.md): in the window, opening a large scene or
// importing a mesh runs off the frame with an indicator and a Cancel that leaves everything
// as it was; on a terminal, `check`, `bounds` and `level` show a progress line and stop
// cleanly on Ctrl+C, leaving an --output as it was.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// A generated level of `statics` shapes written to DIR/NAME by satlab itself.
void writeLevel(const std::string& dir, const std::string& name, int statics, int movers = 0) {
  const RunResult r =
      runSatlab("level --movers " + std::to_string(movers) + " --statics " + std::to_string(statics) + " -o " + name,
                "env -u DISPLAY", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
}

/// The shapes of a scene file saved by --save-scene (its "name" fields).
int shapeCount(const std::string& path) {
  const std::string text = readAll(path);
  int n = 0;
  for (std::size_t at = text.find("\"name\""); at != std::string::npos; at = text.find("\"name\"", at + 1)) ++n;
  return n;
}

// ---- The window ------------------------------------------------------------------------

TEST(AppWork, CancellingAnOpenLeavesTheSceneAsItWas) {
  const std::string dir = makeTempDir();
  writeLevel(dir, "level.json", 2000);
  // Each stage of the work waits 10 s (a script's `slow`): the Esc comes while it runs.
  std::ofstream(dir + "/cancel.txt") << "slow 10\ndrop " << dir << "/level.json\nwait 20\nkey ESCAPE\nwait 5\n";
  const RunResult r = runSatlab("--script cancel.txt --screenshot out.png --save-scene kept.json", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "cancelled: nothing was changed")) << r.output;
  EXPECT_FALSE(contains(r.output, "opened")) << r.output;
  EXPECT_EQ(shapeCount(dir + "/kept.json"), 5) << "the default scene, as it was";
  EXPECT_TRUE(contains(r.output, "title: default.json")) << r.output;
  EXPECT_FALSE(contains(r.output, "satlab: work: ")) << "no work left running";
}

TEST(AppWork, AnOpenRunsOffTheFrameAndThenReplacesTheScene) {
  const std::string dir = makeTempDir();
  writeLevel(dir, "level.json", 2000);
  std::ofstream(dir + "/open.txt") << "slow 0.05\ndrop " << dir << "/level.json\nwait 60\n";
  const RunResult r = runSatlab("--script open.txt --screenshot out.png --save-scene now.json", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "opened " + dir + "/level.json")) << r.output;
  EXPECT_EQ(shapeCount(dir + "/now.json"), 2005);
}

TEST(AppWork, TheIndicatorSaysWhatAndHowFarWhileTheWindowKeepsDrawing) {
  const std::string dir = makeTempDir();
  writeLevel(dir, "level.json", 2000);
  std::ofstream(dir + "/plain.txt") << "wait 30\n";
  std::ofstream(dir + "/working.txt") << "slow 30\ndrop " << dir << "/level.json\nwait 30\n";
  const RunResult plain = runSatlab("--script plain.txt --screenshot plain.png --size 1280x720", "", dir);
  ASSERT_EQ(plain.exitCode, 0) << plain.output;
  const RunResult working = runSatlab("--script working.txt --screenshot working.png --size 1280x720", "", dir);
  ASSERT_EQ(working.exitCode, 0) << working.output;
  // The run ends with the work still waiting: it is stopped, and nothing was opened.
  EXPECT_FALSE(contains(working.output, "opened")) << working.output;
  const Image a = loadPng(dir + "/plain.png"), b = loadPng(dir + "/working.png");
  ASSERT_TRUE(a.ok() && b.ok());
  // The indicator sits in the middle of the window: the pixels there changed.
  double diff = 0.0;
  int n = 0;
  for (int y = 330; y < 390; ++y) {
    for (int x = 480; x < 800; ++x) {
      for (int c = 0; c < 3; ++c) diff += std::abs(int(a.at(x, y)[c]) - int(b.at(x, y)[c]));
      ++n;
    }
  }
  EXPECT_GT(diff / (3.0 * n), 20.0) << "no indicator in the middle of the window";
  // What it was doing when the run ended: its first stage, waiting.
  EXPECT_TRUE(contains(working.output, "satlab: work: Opening level.json, 0 of ")) << working.output;
}

TEST(AppWork, CancellingAMeshImportAddsNothing) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/import.txt") << "slow 10\ndrop " << sourcePath("scenes/meshes/rod.stl")
                                     << "\nwait 15\nkey ESCAPE\nwait 5\n";
  const RunResult r = runSatlab("--script import.txt --screenshot out.png --save-scene kept.json", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "cancelled: nothing was changed")) << r.output;
  EXPECT_FALSE(contains(r.output, "imported")) << r.output;
  EXPECT_EQ(shapeCount(dir + "/kept.json"), 5);
}

// ---- The command line ------------------------------------------------------------------

/// satlab started with `args` in `dir`, its standard output and error into files there.
pid_t startSatlab(const std::string& dir, const std::vector<std::string>& args) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  if (::chdir(dir.c_str()) != 0) ::_exit(127);
  const int out = ::open("stdout.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = ::open("stderr.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ::dup2(out, 1);
  ::dup2(err, 2);
  ::signal(SIGINT, SIG_DFL);
  std::vector<char*> argv{const_cast<char*>(SATLAB_BINARY)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::setenv("HOME", dir.c_str(), 1);
  ::unsetenv("DISPLAY");
  ::execv(SATLAB_BINARY, argv.data());
  ::_exit(127);
}

int waitExit(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(AppWorkCli, CtrlCStopsALevelAndLeavesItsOutputAsItWas) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/out.json") << "the level the user had\n";
  const pid_t pid = startSatlab(dir, {"level", "--statics", "999995", "--movers", "0", "-o", "out.json"});
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // generating a million shapes
  ::kill(pid, SIGINT);
  EXPECT_EQ(waitExit(pid), 130);
  EXPECT_EQ(readAll(dir + "/out.json"), "the level the user had\n");
  const std::string err = readAll(dir + "/stderr.txt");
  EXPECT_EQ(err, "satlab level: stopped (Ctrl+C); out.json was left as it was\n")
      << "standard error is a file: no progress line, only the reason";
  for (const auto& e : fs::directory_iterator(dir)) {
    EXPECT_EQ(e.path().filename().string().find(".out.json.tmp"), std::string::npos) << "left behind: " << e.path();
  }
}

TEST(AppWorkCli, CtrlCStopsACheck) {
  const std::string dir = makeTempDir();
  writeLevel(dir, "level.json", 20000, 2000);
  const pid_t pid = startSatlab(dir, {"check", "level.json", "--frames", "100000"});  // minutes of frames
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(pid, SIGINT);
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(waitExit(pid), 130);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0) << "promptly";
  EXPECT_EQ(readAll(dir + "/stderr.txt"), "satlab check: stopped (Ctrl+C)\n");
}

/// satlab run on a pseudo-terminal (its standard output and error), as in a terminal window;
/// what it wrote there.
std::string onTerminal(const std::string& dir, const std::vector<std::string>& args) {
  int master = -1;
  winsize size{};
  size.ws_col = 100;
  size.ws_row = 30;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &size);
  if (pid == 0) {
    if (::chdir(dir.c_str()) != 0) ::_exit(127);
    std::vector<char*> argv{const_cast<char*>(SATLAB_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::setenv("HOME", dir.c_str(), 1);
    ::setenv("TERM", "xterm", 1);
    ::unsetenv("DISPLAY");
    ::execv(SATLAB_BINARY, argv.data());
    ::_exit(127);
  }
  std::string seen;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO once the child has gone
    seen.append(buf, static_cast<std::size_t>(n));
  }
  ::close(master);
  waitExit(pid);
  return seen;
}

TEST(AppWorkCli, OnATerminalALineSaysHowFarItHasGotUnlessQuiet) {
  const std::string dir = makeTempDir();
  // The level written to standard output, the same terminal as the line.
  const std::string shown = onTerminal(dir, {"level", "--statics", "249995", "--movers", "0"});
  // A line that rewrites itself (carriage return, the line, erase to its end)...
  EXPECT_TRUE(contains(shown, "\rsatlab level: ")) << shown.substr(0, 2000);
  EXPECT_TRUE(contains(shown, " of 250,000 shapes (")) << shown.substr(0, 2000);
  // ...cleared before the command's own text, which starts at the line's start.
  const std::size_t text = shown.find("{\r\n");
  ASSERT_NE(text, std::string::npos);
  EXPECT_EQ(shown.rfind("\r\033[K", text), text - 4) << shown.substr(text >= 300 ? text - 300 : 0, 320);
  EXPECT_FALSE(contains(shown.substr(text), "satlab level:")) << "no line within the text";
  const std::string quiet =
      onTerminal(dir, {"level", "--quiet", "--statics", "249995", "--movers", "0", "-o", "b.json"});
  EXPECT_FALSE(contains(quiet, "satlab level:")) << quiet;
  EXPECT_GT(fs::file_size(dir + "/b.json"), 1000u);
}

}  // namespace
}  // namespace satlab::test
