// The files satlab writes through the real app, as a hostile user would aim them:
// command-line outputs onto devices, FIFOs and /dev/stdout are written, never replaced; the
// window's saves and the app's own files refuse what is not a regular file; standard output
// that does not arrive is an error with its reason.
#include "app_harness.hpp"
#include "cube_scripts.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY";
const char* kOneBox = "tests/app/data/one_box_3d.json";

struct Node {
  bool ok = false;
  ino_t ino = 0;
  mode_t mode = 0;
  dev_t rdev = 0;
  bool operator==(const Node& o) const { return ok && o.ok && ino == o.ino && mode == o.mode && rdev == o.rdev; }
};

Node nodeAt(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return {};
  return Node{true, st.st_ino, st.st_mode, st.st_rdev};
}

/// A character device of the test's own (as /dev/null: 1, 3), so that a satlab that
/// replaced it would not replace the system's; empty where mknod is not allowed.
std::string privateNullDevice(const std::string& dir) {
  const std::string path = dir + "/null_device";
  return ::mknod(path.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0 ? path : std::string();
}

// ---- satlab level --output onto what is not a file --------------------------------------------

TEST(AppCommandOutput, LevelToACharacterDeviceWritesItAndNeverReplacesIt) {
  const std::string dir = makeTempDir();
  const std::string device = privateNullDevice(dir);
  if (device.empty()) GTEST_SKIP() << "mknod is not allowed here";
  const Node before = nodeAt(device);
  const RunResult r = runSatlab("level --statics 20 --movers 4 --output null_device", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output, "");
  // It used to rename a file over it: the device became a regular file of 6 KB.
  ASSERT_TRUE(before == nodeAt(device)) << "the device was replaced";
  // Now the system's own, as a user would write it.
  const Node devNull = nodeAt("/dev/null");
  const RunResult null = runSatlab("level --statics 20 --movers 4 --output /dev/null", kNoDisplay, dir);
  EXPECT_EQ(null.exitCode, 0) << null.output;
  EXPECT_EQ(null.output, "");
  EXPECT_TRUE(devNull == nodeAt("/dev/null"));
}

TEST(AppCommandOutput, LevelToAFifoFeedsItsReaderAndWithoutOneFailsAtOnce) {
  const std::string dir = makeTempDir();
  const std::string fifo = dir + "/pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const Node before = nodeAt(fifo);
  // No reader: an error at once, never a wait, and the FIFO stays.
  RunResult r = runSatlab("level --statics 20 --movers 4 --output pipe", "timeout 20 " + std::string(kNoDisplay), dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_EQ(r.output, "satlab level: pipe: cannot write: no process is reading the FIFO\n");
  ASSERT_TRUE(before == nodeAt(fifo)) << "the FIFO was replaced";
  // A reader gets the same text as standard output would.
  const RunResult plain = runSatlab("level --statics 20 --movers 4", kNoDisplay, dir);
  ASSERT_EQ(plain.exitCode, 0);
  const int readEnd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);  // a reader from now on
  ASSERT_GE(readEnd, 0);
  ::fcntl(readEnd, F_SETFL, ::fcntl(readEnd, F_GETFL) & ~O_NONBLOCK);
  std::string received;
  std::thread reader([&] {
    // An end of file before any data means only that satlab has not opened it yet.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    char buf[8192];
    for (;;) {
      const ssize_t n = ::read(readEnd, buf, sizeof buf);
      if (n > 0) {
        received.append(buf, static_cast<std::size_t>(n));
      } else if (n < 0 && errno == EINTR) {
        continue;
      } else if (!received.empty() || n < 0 || std::chrono::steady_clock::now() > deadline) {
        break;
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
  });
  r = runSatlab("level --statics 20 --movers 4 --output pipe", "timeout 20 " + std::string(kNoDisplay), dir);
  reader.join();
  ::close(readEnd);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(received, plain.output);
  EXPECT_TRUE(before == nodeAt(fifo));
}

TEST(AppCommandOutput, LevelToDevStdoutAppendsToTheShellsRedirection) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/log") << "first\n";
  const RunResult r =
      runSatlab("level --statics 20 --movers 4 --output /dev/stdout >> log; echo last >> log", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  const RunResult plain = runSatlab("level --statics 20 --movers 4", kNoDisplay, dir);
  const std::string log = readAll(dir + "/log");
  EXPECT_EQ(log.substr(0, 6), "first\n") << "the line before is kept";
  EXPECT_TRUE(log == "first\n" + plain.output + "last\n") << log.size() << " bytes";
}

// ---- The window's saves and the app's own files --------------------------------------------

TEST(AppOwnFiles, SaveAsOntoADeviceIsRefusedNamingWhatItIs) {
  const std::string dir = makeTempDir();
  const std::string device = privateNullDevice(dir);
  if (device.empty()) GTEST_SKIP() << "mknod is not allowed here";
  const Node before = nodeAt(device);
  const RunResult r = runIn(dir,
                            "ctrl on\nshift on\nkey S\nshift off\nctrl off\nwait 2\n"
                            "text null_device\nkey ENTER\nwait 2\n",
                            "'" + sourcePath(kOneBox) + "' --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("null_device: cannot save: is a character device, not a regular file; satlab does not "
                          "replace it"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(before == nodeAt(device));
}

TEST(AppOwnFiles, ARecoveryFileLinkedToADeviceIsNeverReplaced) {
  const std::string dir = makeTempDir();
  const std::string device = privateNullDevice(dir);
  if (device.empty()) GTEST_SKIP() << "mknod is not allowed here";
  const Node before = nodeAt(device);
  fs::create_directories(dir + "/.state/satlab");
  fs::create_symlink(device, dir + "/.state/satlab/recovery.json");
  const ScreenPoint cube = shapeOnScreen(sourcePath(kOneBox), "cube");
  ASSERT_TRUE(cube.ok());
  const RunResult r =
      runIn(dir, dragCubeUp(cube) + "wait 30\n", "'" + sourcePath(kOneBox) + "'", "SATLAB_AUTOSAVE_SECONDS=0.1");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(
      r.output.find("warning: autosave failed: " + dir + "/.state/satlab/recovery.json: cannot save: it leads to " +
                    device + ", which is a character device, not a regular file; satlab does not replace it"),
      std::string::npos)
      << r.output;
  EXPECT_TRUE(before == nodeAt(device));
}

// ---- Standard output that does not arrive -----------------------------------------------------

/// `satlab ARGS` in `dir` with standard output sent to `stdoutTarget` and standard error
/// captured.
RunResult runWithStdout(const std::string& dir, const std::string& args, const std::string& stdoutTarget) {
  const std::string cmd = "cd '" + dir + "' && env HOME='" + dir + "' XDG_CONFIG_HOME='" + dir +
                          "/.config' XDG_STATE_HOME='" + dir + "/.state' " + kNoDisplay + " '" + SATLAB_BINARY + "' " +
                          args + " 2>&1 >" + stdoutTarget;
  RunResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return r;
}

TEST(AppStandardOutput, CommandsWhoseStandardOutputFailsSayWhyAndExitNonZero) {
  const std::string dir = makeTempDir();
  fs::copy_file(sourcePath("scenes/examples/mixed.json"), dir + "/mixed.json");
  fs::copy_file(sourcePath("scenes/meshes/rod.stl"), dir + "/rod.stl");
  const std::pair<const char*, const char*> cases[] = {
      {"level --statics 20 --movers 4", "satlab level"},
      {"level", "satlab level"},
      {"check mixed.json", "satlab check"},
      {"check --json --all-pairs mixed.json", "satlab check"},
      {"bounds rod.stl", "satlab bounds"},
      {"bounds --json rod.stl", "satlab bounds"},
      {"--help", "satlab"},
      {"--version", "satlab"},
  };
  for (const auto& [args, who] : cases) {
    // It used to exit 0 with no message (check, bounds) or 2 without one (level).
    const RunResult r = runWithStdout(dir, args, "/dev/full");
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_EQ(r.output, std::string(who) + ": writing standard output failed: No space left on device\n") << args;
  }
  // The same commands with somewhere to write succeed.
  for (const auto& [args, who] : cases) {
    const RunResult r = runWithStdout(dir, args, "/dev/null");
    EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.output;
  }
}

TEST(AppStandardOutput, AScreenshotRunsReportThatCannotBeWrittenIsAnError) {
  const std::string dir = makeTempDir();
  const std::string cmd = "cd '" + dir + "' && env HOME='" + dir + "' '" + SATLAB_BINARY +
                          "' --size 320x240 --frames 1 --screenshot s.png 2>&1 >/dev/full";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) output.append(buf.data(), n);
  const int status = pclose(pipe);
  ASSERT_TRUE(WIFEXITED(status)) << output;
  EXPECT_EQ(WEXITSTATUS(status), 1) << output;
  EXPECT_NE(output.find("satlab: writing standard output failed: No space left on device"), std::string::npos)
      << output;
}

TEST(AppStandardOutput, AScreenshotToStandardOutputIsThePictureAlone) {
  // Piped into another program: the PNG and nothing after it; satlab's own lines go to
  // standard error.
  const std::string dir = makeTempDir();
  const std::string cmd = "cd '" + dir + "' && env HOME='" + dir + "' '" + SATLAB_BINARY +
                          "' --size 320x240 --frames 1 --screenshot /dev/stdout 2>err.txt | cat > pic.png; cat err.txt";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string errors;
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) errors.append(buf.data(), n);
  pclose(pipe);
  EXPECT_NE(errors.find("satlab: wrote /dev/stdout (320x240)"), std::string::npos) << errors;
  std::ifstream in(dir + "/pic.png", std::ios::binary);
  const std::string png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(png.size(), 20u);
  EXPECT_EQ(png.compare(0, 8, "\x89PNG\r\n\x1a\n"), 0);
  // The file ends with the IEND chunk (its type and CRC): nothing was printed after it.
  EXPECT_EQ(png.compare(png.size() - 8, 8, std::string("IEND\xae\x42\x60\x82", 8)), 0);
  const Image img = loadPng(dir + "/pic.png");
  EXPECT_EQ(img.width, 320);
  EXPECT_EQ(img.height, 240);
}

}  // namespace
}  // namespace satlab::test
