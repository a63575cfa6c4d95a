// Legal but hostile input through the real app: sizes and lesson cameras at the edges of
// the float range, notes far longer than a panel, scripts with numbers out of range. Each
// must give a picture or a clear message, never a crash.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace satlab::test {
namespace {

RunResult runIn(const std::string& dir, const std::string& script, const std::string& args,
                const std::string& env = "") {
  std::ofstream(dir + "/input.txt") << script;
  return runSatlab("--script input.txt " + args, env, dir);
}

/// Pixels of the rectangle that differ clearly from its most common colour: 0 for an empty
/// view (the background alone), thousands when shapes, grid or text are drawn.
int drawnPixels(const Image& img, int x0, int y0, int x1, int y1) {
  std::map<std::array<int, 3>, int> counts;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = img.at(x, y);
      ++counts[{p[0] / 8, p[1] / 8, p[2] / 8}];
    }
  }
  std::array<int, 3> mode{};
  int best = -1;
  for (const auto& [c, n] : counts) {
    if (n > best) best = n, mode = c;
  }
  int drawn = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = img.at(x, y);
      const int d =
          std::max({std::abs(p[0] / 8 - mode[0]), std::abs(p[1] / 8 - mode[1]), std::abs(p[2] / 8 - mode[2])});
      if (d >= 3) ++drawn;
    }
  }
  return drawn;
}

/// The middle of a 1280x720 screenshot, between the side panels and above the axes widget.
int drawnInView(const Image& img) { return drawnPixels(img, 360, 40, 960, 560); }

bool exitedNormally(const RunResult& r) { return r.exitCode == 0 || r.exitCode == 1 || r.exitCode == 2; }

class AppHostile : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = makeTempDir(); }
  std::string dir_;
};

// ---- Sizes and cameras at the edges of the float range ---------------------------------

TEST_F(AppHostile, ABoxOf1e19EitherLoadsAndShowsOrIsRefusedWithAReason) {
  // It used to segfault at start: a NaN pixel reached ImGui's draw list.
  std::ofstream(dir_ + "/big.json")
      << R"({"version":1,"shapes":[{"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1e19,1e19,1e19]}]})";
  const RunResult r = runIn(dir_, "wait 2\n", "big.json --screenshot s.png");
  ASSERT_TRUE(exitedNormally(r)) << r.exitCode << "\n" << r.output;
  if (r.exitCode == 2) {
    EXPECT_NE(r.output.find("big.json"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("half_extents"), std::string::npos) << r.output;
    return;
  }
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir_ + "/s.png");
  ASSERT_TRUE(img.ok());
  EXPECT_GT(drawnInView(img), 500);
}

TEST_F(AppHostile, TheLargestAndSmallestAcceptedShapesAreFramedAndDrawn) {
  for (const char* half : {"1e9", "1e-9"}) {
    SCOPED_TRACE(half);
    std::ofstream(dir_ + "/s.json")
        << R"({"version":1,"shapes":[{"name":"a","type":"aabb","center":[0,0,0],"half_extents":[)" << half << ","
        << half << "," << half << R"(]}]})";
    const RunResult r = runIn(dir_, "wait 2\n", "s.json --screenshot s.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const Image img = loadPng(dir_ + "/s.png");
    ASSERT_TRUE(img.ok());
    EXPECT_GT(drawnInView(img), 2000) << "the framed box fills the view";
  }
}

/// Pixels tinted towards red-orange (a red sphere's fill and outline; the background, the
/// grid and the panels are grey-blue).
int reddish(const Image& img) {
  int n = 0;
  for (int y = 40; y < 560; ++y) {
    for (int x = 360; x < 960; ++x) {
      const std::uint8_t* p = img.at(x, y);
      if (p[0] > p[1] + 30 && p[0] > p[2] + 30) ++n;
    }
  }
  return n;
}

TEST_F(AppHostile, ASphereOf1em9IsFilledLikeAUnitSphere) {
  // The fill's anti-aliasing floor was 1e-6 world units: a tiny sphere filled its whole
  // square quad.
  int filled[2] = {0, 0};
  int i = 0;
  for (const char* radius : {"1", "1e-9"}) {
    std::ofstream(dir_ + "/s.json")
        << R"({"version":1,"shapes":[{"name":"s","type":"sphere","color":"#e04040","center":[0,0,0],"radius":)"
        << radius << "}]}";
    const RunResult r = runIn(dir_, "wait 2\n", "s.json --screenshot s.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const Image img = loadPng(dir_ + "/s.png");
    ASSERT_TRUE(img.ok());
    filled[i++] = reddish(img);
  }
  ASSERT_GT(filled[0], 10000);
  EXPECT_NEAR(static_cast<double>(filled[1]) / filled[0], 1.0, 0.1) << filled[0] << " vs " << filled[1];
}

TEST_F(AppHostile, LessonCameraDistancesFarOutsideTheSceneAreClampedAndTheViewIsDrawn) {
  // 1e-12 and 1e25 used to leave an empty view or crash (a NaN view matrix).
  for (const char* distance : {"1e-12", "1e25"}) {
    SCOPED_TRACE(distance);
    std::ofstream(dir_ + "/lesson.json") << R"({"version":1,"title":"far","notes":"n","shapes":[
             {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
             {"name":"b","type":"sphere","center":[3,0,0],"radius":1}],
             "lesson":{"focus":["a","b"],"camera":{"yaw_deg":-40,"pitch_deg":25,"distance":)"
                                         << distance << "}}}";
    const RunResult r = runIn(dir_, "wait 2\n", "lesson.json --screenshot s.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("lesson.camera.distance"), std::string::npos) << r.output;
    const Image img = loadPng(dir_ + "/s.png");
    ASSERT_TRUE(img.ok());
    EXPECT_GT(drawnInView(img), 500) << r.output;
  }
}

// ---- Long text ----------------------------------------------------------------------------

std::string longNotes(size_t bytes) {
  std::string notes;
  const std::string words[] = {"separating ", "axis ", "theorem ", "interval ", "overlap\\n", "gap "};
  for (size_t i = 0; notes.size() < bytes; ++i) notes += words[i % 6];
  return notes;
}

TEST_F(AppHostile, NotesOf200000CharactersAreShownScrollableInTheShapesPanel) {
  // ImGui aborted on "Too many vertices in ImDrawList using 16-bit indices" from about
  // 17,000 characters.
  std::ofstream(dir_ + "/notes.json")
      << R"({"version":1,"title":"long notes","notes":")" << longNotes(200000)
      << R"(","shapes":[{"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]}]})";
  const RunResult r = runIn(dir_, "wait 3\n", "notes.json --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir_ + "/s.png");
  ASSERT_TRUE(img.ok());
  EXPECT_GT(drawnPixels(img, 14, 120, 280, 300), 1500) << "the notes' first lines are drawn in the panel";
}

TEST_F(AppHostile, NotesOf200000CharactersAreShownInTheLessonPanelAndScroll) {
  std::ofstream(dir_ + "/lesson.json")
      << R"({"version":1,"title":"long lesson","notes":")" << longNotes(200000)
      << R"(","shapes":[{"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
                                            {"name":"b","type":"aabb","center":[3,0,0],"half_extents":[1,1,1]}],
                                            "lesson":{"focus":["a","b"]}})";
  // Scroll the notes a long way down with the wheel over them: still drawn, still alive.
  const RunResult r =
      runIn(dir_, "mouse 150 200\nwait 2\nwheel -200\nwait 2\nwheel -1000\nwheel -1000\nwheel -1000\nwait 2\n",
            "lesson.json --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir_ + "/s.png");
  ASSERT_TRUE(img.ok());
  EXPECT_GT(drawnPixels(img, 14, 90, 320, 360), 1500) << "notes text in the lesson panel";
}

// ---- Scripts ------------------------------------------------------------------------------

TEST_F(AppHostile, ScriptNumbersOutOfRangeAreErrorsNamingTheFileLineAndReason) {
  const struct {
    const char* line;
    const char* reason;
  } cases[] = {
      {"drag 10 10 4294967297", "the number of drag steps must be a whole number from 1 to 10000, got '4294967297'"},
      {"drag 10 10 10x", "got '10x'"},
      {"drag 10 10 0", "got '0'"},
      {"mouse 1e99 3", "X must be a number from"},
      {"click 5 12abc", "Y must be a number from"},
      {"wheel nan", "the wheel notches must be a number"},
      {"wait 99999999999999999999", "the number of frames must be a whole number from 0 to 100000"},
      {"minimize 0", "the number of frames must be a whole number from 1 to 100000"},
      {"resize 100 70000", "the height must be a whole number from 64 to 8192"},
      {"wait 5 6", "'wait' takes N, got 2 value(s)"},
      {"key F99999999999", "unknown key 'F99999999999'"},  // std::stoi used to throw here
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.line);
    const RunResult r = runIn(dir_, std::string("wait 1\n") + c.line + "\n", "--screenshot s.png");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("input.txt: line 2: "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(c.reason), std::string::npos) << r.output;
  }
  // In range, the same commands run.
  const RunResult ok = runIn(dir_, "drag 10 10 3\nwheel 1.5\nwait 2\nkey F1\n", "--screenshot s.png");
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
}

/// Runs satlab without a display under an address-space limit (ulimit -v, in KB): a script
/// is read before the window opens, so a refusal needs neither.
RunResult runLimited(const std::string& dir, const std::string& args, long kb = 1000000) {
  return runSatlab(
      args, "env -u DISPLAY -u WAYLAND_DISPLAY sh -c 'ulimit -v " + std::to_string(kb) + "; exec \"$0\" \"$@\"'", dir);
}

TEST_F(AppHostile, AScriptOfAHundredMegabytesIsRefusedBeforeItIsRead) {
  // One line of 50 million values: every word was kept before the count was checked (2.5 GB).
  {
    std::ofstream out(dir_ + "/big.txt", std::ios::binary);
    out << "wait";
    const std::string chunk = [] {
      std::string c;
      for (int i = 0; i < 500000; ++i) c += " 1";
      return c;
    }();
    for (int i = 0; i < 100; ++i) out << chunk;
    out << "\n";
  }
  const RunResult r = runLimited(dir_, "--script big.txt --screenshot s.png");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_EQ(r.output, "satlab: big.txt: the script is 100000005 bytes; a script may be at most 4194304 bytes\n");
}

TEST_F(AppHostile, AHundredThousandLongDragsAreRefusedAtTheLineThatPassesTheFrameLimit) {
  // Each drag was stored as one step per frame: a billion steps, out of memory, and the
  // message did not name the script.
  {
    std::ofstream out(dir_ + "/drags.txt", std::ios::binary);
    for (int i = 0; i < 100000; ++i) out << "drag 5 5 10000\n";
  }
  const RunResult r = runLimited(dir_, "--script drags.txt --screenshot s.png");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_EQ(r.output.rfind("satlab: drags.txt: line 101: the script asks for more than 1000000 frames in all", 0), 0u)
      << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
}

TEST_F(AppHostile, AFolderOrAFifoAsTheScriptIsRefused) {
  // A folder ran as an empty script and exited 0; a FIFO waited for a writer for ever.
  std::filesystem::create_directory(dir_ + "/steps");
  const RunResult folder = runLimited(dir_, "--script steps --screenshot s.png");
  EXPECT_EQ(folder.exitCode, 2) << folder.output;
  EXPECT_EQ(folder.output, "satlab: steps: not a script file: it is a folder (a script is a text file)\n");
  ASSERT_EQ(mkfifo((dir_ + "/pipe").c_str(), 0600), 0);
  const RunResult fifo = runSatlab("--script pipe --screenshot s.png", "env -u DISPLAY timeout 20", dir_);
  EXPECT_EQ(fifo.exitCode, 2) << fifo.output;
  EXPECT_EQ(fifo.output, "satlab: pipe: not a script file: it is a FIFO (a script is a text file)\n");
}

TEST_F(AppHostile, ScriptTextInAMessageIsAShortEscapedExcerpt) {
  // An unknown word was echoed whole (100 MB of it once), escape sequences and all.
  {
    std::ofstream out(dir_ + "/word.txt", std::ios::binary);
    out << "wait 1\nkey \x1b[2J\x1b]0;pwned\x07" << std::string(6000, 'k') << "\n";
  }
  const RunResult r = runLimited(dir_, "--script word.txt --screenshot s.png");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_EQ(r.output, "satlab: word.txt: line 2: unknown key '\\x1b[2J\\x1b]0;pwned\\x07" + std::string(26, 'k') +
                          "\xe2\x80\xa6' (6014 bytes)\n");
  // A line longer than the limit is refused by its length, quoting nothing.
  std::ofstream(dir_ + "/long.txt", std::ios::binary) << "wait 1\ntext " << std::string(9000, 't') << "\n";
  const RunResult longLine = runLimited(dir_, "--script long.txt --screenshot s.png");
  EXPECT_EQ(longLine.exitCode, 2) << longLine.output;
  EXPECT_EQ(longLine.output,
            "satlab: long.txt: line 2: the line is 9005 bytes long; a script line may be at most 8192 bytes\n");
}

TEST_F(AppHostile, ADroppedPathWithEscapesReachesTheTerminalEscaped) {
  // The message about a dropped file that satlab cannot use went to stderr as it was: a
  // script's `drop` line could drive the terminal.
  const RunResult r = runIn(dir_, "wait 1\ndrop /tmp/a\x1b[31mred\xc2\x9bx.xyz\nwait 2\n", "--screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: Could not use the dropped file:\n/tmp/a\\x1b[31mred\\u009bx.xyz: not a scene"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("\xc2\x9b"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
