// A live recording (docs/recording-format.md, "Live"): `satlab --listen PORT` under Xvfb,
// an "engine" here that connects over TCP and streams lines, and what satlab shows and saves.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "app_harness.hpp"

namespace satlab::test {
namespace {

/// A port nobody listens on now (the system's choice for port 0).
int freePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof at;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&at), &len) != 0) {
    if (fd >= 0) ::close(fd);
    return 0;
  }
  ::close(fd);
  return ntohs(at.sin_port);
}

/// Connects to 127.0.0.1:`port`, trying for up to `seconds` while satlab starts; -1 if never.
int connectTo(int port, double seconds = 30.0) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_port = htons(static_cast<std::uint16_t>(port));
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0) return fd;
    ::close(fd);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

void sendAll(int fd, const std::string& bytes) {
  for (std::size_t at = 0; at < bytes.size();) {
    const ssize_t n = ::send(fd, bytes.data() + at, bytes.size() - at, MSG_NOSIGNAL);
    if (n <= 0) return;
    at += static_cast<std::size_t>(n);
  }
}

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Five frames of a crate falling onto a static floor, frame numbers from 1000.
std::string engineLines(int frames) {
  std::string text =
      R"({"recording": 2, "title": "live crate", "engine": "test engine", "static": [{"name": "floor", )"
      R"("type": "aabb", "center": [0, 0, -0.5], "half_extents": [4, 4, 0.5], "color": [0.5, 0.5, 0.5, 1]}]})"
      "\n";
  for (int f = 0; f < frames; ++f) {
    text += R"({"frame": )" + std::to_string(1000 + f) + R"(, "time": )" + std::to_string(f * 0.05) +
            R"(, "shapes": [{"name": "crate", "type": "obb", "center": [0, 0, )" + std::to_string(1.5 - 0.25 * f) +
            R"(], "half_extents": [0.5, 0.5, 0.5], "color": [0.9, 0.6, 0.1, 1]}]})"
            "\n";
  }
  return text;
}

/// satlab --listen PORT with `script` in `dir`, a screenshot when it ends; `engine` runs
/// beside it (given the port) while the window is up.
template <class Engine>
RunResult runListening(const std::string& dir, const std::string& script, Engine engine) {
  std::ofstream(dir + "/live.txt") << script;
  const int port = freePort();
  RunResult result;
  std::thread app([&] {
    // A small window, so that the frames the script waits for come quickly.
    result = runSatlab("--listen " + std::to_string(port) + " --script live.txt --size 800x450 --screenshot shot.png",
                       "", dir);
  });
  engine(port);
  app.join();
  return result;
}

const char* const kSaveAs =
    "ctrl on\nshift on\nkey S\nshift off\nctrl off\nwait 2\ntext saved.jsonl\nkey ENTER\nwait 3\n";

TEST(AppLive, FramesStreamedToTheListeningWindowAreShownAndSavedWhole) {
  const std::string dir = makeTempDir();
  const std::string sent = engineLines(5);
  const RunResult r = runListening(dir, "wait 200\n" + std::string(kSaveAs), [&](int port) {
    const int fd = connectTo(port);
    ASSERT_GE(fd, 0);
    // Cut inside lines: satlab puts them together.
    for (std::size_t at = 0; at < sent.size(); at += 97) {
      sendAll(fd, sent.substr(at, 97));
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ::close(fd);
  });
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("listening for an engine on 127.0.0.1:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("satlab: live: 5 frames, finished"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("time: frame 1004 (index 4 of 5)"), std::string::npos)
      << r.output;  // it followed the newest frame
  EXPECT_NE(r.output.find("saved 5 frames to saved.jsonl"), std::string::npos) << r.output;
  EXPECT_EQ(fileText(dir + "/saved.jsonl"), sent);
  const Image shot = loadPng(dir + "/shot.png");
  ASSERT_TRUE(shot.ok());
  // The crate (orange) is drawn.
  EXPECT_GT(countColor(shot, 0.9f, 0.6f, 0.1f, 60), 50);
}

TEST(AppLive, AMalformedLineClosesTheStreamNamingItAndKeepsTheFramesBefore) {
  const std::string dir = makeTempDir();
  const std::string good = engineLines(2);
  const std::string bad = R"({"frame": 1002, "time": 0.1, "shapes": [{"name": "crate", "type": "sphere", )"
                          R"("center": [0, 0, 0], "radius": -2}]})"
                          "\n";
  const RunResult r = runListening(
      dir, "wait 150\n" + std::string(kSaveAs) + "key ESCAPE\nwait 2\n" + std::string(kSaveAs), [&](int port) {
        const int fd = connectTo(port);
        ASSERT_GE(fd, 0);
        sendAll(fd, good + bad + engineLines(4).substr(good.size()));
        // satlab closes the connection: a read sees its end.
        char c = 0;
        ::recv(fd, &c, 1, 0);
        ::close(fd);
      });
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("engine at 127.0.0.1:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(": line 4: shapes[0].radius: must be >= 0 (got -2)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("satlab: live: 2 frames, stopped at an error"), std::string::npos) << r.output;
  EXPECT_EQ(fileText(dir + "/saved.jsonl"), good);
}

TEST(AppLive, ASecondEngineIsRefusedWhileOneIsConnected) {
  const std::string dir = makeTempDir();
  std::string refusal;
  const RunResult r = runListening(dir, "wait 150\n", [&](int port) {
    const int first = connectTo(port);
    ASSERT_GE(first, 0);
    sendAll(first, engineLines(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const int second = connectTo(port);
    ASSERT_GE(second, 0);
    char buf[256];
    const ssize_t n = ::recv(second, buf, sizeof buf, 0);
    if (n > 0) refusal.assign(buf, static_cast<std::size_t>(n));
    ::close(second);
    ::close(first);
  });
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(refusal, "satlab: refused: another engine is connected\n");
  EXPECT_NE(r.output.find("another engine tried to connect to port"), std::string::npos) << r.output;
}

TEST(AppLive, AListenPortOutOfRangeIsAUsageError) {
  const RunResult r = runSatlab("--listen 70000");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--listen"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
