// Input scripts (app/input_script.*): what a hostile script file costs and says. Memory in
// proportion to the file, never to what it claims; refusals that name the file, the line
// and the reason, quoting at most an excerpt of the script's text, escaped.
#include "input_script.hpp"

#include "alloc_counter.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

class InputScriptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (std::filesystem::temp_directory_path() / "satlab-script-XXXXXX").string();
    ASSERT_NE(mkdtemp(dir_.data()), nullptr);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  std::string dir_;
};

/// The error of parsing `text` as "s.txt", or "" when it parses.
std::string parseError(const std::string& text, const ScriptLimits& limits = {}) {
  InputScript script;
  std::string error;
  return script.parse(text, "s.txt", error, limits) ? std::string() : error;
}

bool hasRawControl(const std::string& s) {
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) return true;
  }
  return false;
}

// ---- The file -------------------------------------------------------------------------

TEST_F(InputScriptTest, AFolderIsRefusedNotPlayedAsAnEmptyScript) {
  InputScript script;
  std::string error;
  EXPECT_FALSE(script.load(dir_, error));
  EXPECT_EQ(error, dir_ + ": not a script file: it is a folder (a script is a text file)");
}

TEST_F(InputScriptTest, ADeviceIsRefusedWithoutReadingIt) {
  InputScript script;
  std::string error;
  EXPECT_FALSE(script.load("/dev/null", error));
  EXPECT_EQ(error, "/dev/null: not a script file: it is a character device (a script is a text file)");
}

TEST_F(InputScriptTest, AFifoIsRefusedAtOnceWithoutWaitingForAWriter) {
  const std::string fifo = dir_ + "/pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // In a child: opening a FIFO for reading used to wait for a writer that never comes.
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    alarm(10);
    InputScript script;
    std::string error;
    const bool refused = !script.load(fifo, error) && error == fifo +
                                                                   ": not a script file: it is a FIFO (a script "
                                                                   "is a text file)";
    _exit(refused ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST_F(InputScriptTest, AFileOverTheSizeLimitIsRefusedBeforeItIsRead) {
  // Comments alone: a script that would parse, but is one byte too large.
  std::string text;
  while (text.size() < kMaxScriptBytes) text += "# " + std::string(70, 'c') + "\n";
  text.resize(kMaxScriptBytes);
  text.back() = '\n';
  InputScript fits;
  std::string error;
  EXPECT_TRUE(fits.load(write("fits.txt", text), error)) << error;
  text += "\n";
  InputScript over;
  EXPECT_FALSE(over.load(write("over.txt", text), error));
  EXPECT_EQ(error, dir_ + "/over.txt: the script is " + std::to_string(kMaxScriptBytes + 1) +
                       " bytes; a script may be at most " + std::to_string(kMaxScriptBytes) + " bytes");
}

TEST_F(InputScriptTest, AMissingFileSaysWhy) {
  InputScript script;
  std::string error;
  EXPECT_FALSE(script.load(dir_ + "/none.txt", error));
  EXPECT_EQ(error, dir_ + "/none.txt: cannot read the script: No such file or directory");
}

// ---- Lines and values -----------------------------------------------------------------

TEST(InputScriptParse, ALineOverTheLengthLimitIsRefusedWithItsLength) {
  const std::string longComment = "# " + std::string(kMaxScriptLineBytes - 2, 'c');
  EXPECT_EQ(parseError("wait 1\n" + longComment + "\n"), "");
  EXPECT_EQ(parseError("wait 1\n" + longComment + "c\nwait 1\n"),
            "s.txt: line 2: the line is " + std::to_string(kMaxScriptLineBytes + 1) +
                " bytes long; a script line may be at most " + std::to_string(kMaxScriptLineBytes) + " bytes");
}

TEST(InputScriptParse, ALineOfAMillionValuesIsCountedNotCollected) {
  // The line limit raised, so that the values themselves are what is tried: each word of
  // a line used to be kept (a 50-million-value line took 2.5 GB) before the count was
  // checked; now the count is the same and the memory is not the words'.
  std::string line = "wait";
  for (int i = 0; i < 1000000; ++i) line += " 1";
  ScriptLimits limits;
  limits.lineBytes = line.size();
  InputScript script;
  std::string error;
  const std::string text = line + "\n";
  bool ok = true;
  const std::size_t allocated = bytesAllocatedBy([&] { ok = script.parse(text, "s.txt", error, limits); });
  EXPECT_FALSE(ok);
  EXPECT_EQ(error, "s.txt: line 1: 'wait' takes N, got 1000000 value(s)");
  EXPECT_LT(allocated, 4096u) << "bytes allocated while parsing a 2 MB line";
}

TEST(InputScriptParse, ValueCountsAreStillExact) {
  EXPECT_EQ(parseError("wait 5 6\n"), "s.txt: line 1: 'wait' takes N, got 2 value(s)");
  EXPECT_EQ(parseError("drag 1 2 3 4 5\n"), "s.txt: line 1: 'drag' takes X Y [STEPS], got 5 value(s)");
  EXPECT_EQ(parseError("key\n"), "s.txt: line 1: 'key' takes a key name, got 0 value(s)");
}

// ---- Drags and the frames a script asks for -------------------------------------------

TEST(InputScriptParse, ADragIsOneStepHoweverManyFramesItTakes) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += "drag 5 5 10000\n";
  InputScript script;
  std::string error;
  ASSERT_TRUE(script.parse(text, "s.txt", error)) << error;
  EXPECT_EQ(script.stepCount(), 100u);  // was 1,000,000 stored moves
  EXPECT_EQ(script.frameCount(), 1000000);
}

TEST(InputScriptParse, TheFramesOfTheWholeScriptAreBounded) {
  // 100,000 drags of 10,000 steps ran out of memory; the limit stops them at the line that
  // passes it.
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "drag 5 5 10000\n";
  EXPECT_EQ(parseError(text),
            "s.txt: line 101: the script asks for more than 1000000 frames in all (a frame a command, two for a key, "
            "three for a click, and the frames of every drag, wait and minimize); this line brings it to 1010000");
  // Waits and minimised frames count too: ten waits of 100,000 frames are the most.
  std::string waits;
  for (int i = 0; i < 10; ++i) waits += "wait 100000\n";
  EXPECT_EQ(parseError(waits), "");
  EXPECT_NE(parseError(waits + "key A\n").find("line 11: the script asks for more than 1000000 frames"),
            std::string::npos);
  EXPECT_NE(parseError("minimize 100000\n" + waits).find("line 10: the script asks for more than 1000000 frames"),
            std::string::npos);
}

TEST(InputScriptParse, EachCommandCountsItsFrames) {
  InputScript script;
  std::string error;
  ASSERT_TRUE(
      script.parse("mouse 1 2\nclick 3 4\nkey A\ndrag 5 6 7\nwait 0\nwait 9\nminimize 4\nctrl on\n"
                   "text hi\ndrop x.obj\nresize 100 100\nwheel 1\npress\nrelease\n",
                   "s.txt", error))
      << error;
  // mouse 1, click 3, key 2, drag 7, wait 0 -> 1, wait 9, minimize 1 + 4, seven one-frame steps.
  EXPECT_EQ(script.frameCount(), 1 + 3 + 2 + 7 + 1 + 9 + 5 + 7);
}

/// The cursor positions a script gives frame by frame, until it ends.
std::vector<ImVec2> cursorPath(const std::string& text) {
  ImGuiContext* context = ImGui::CreateContext();
  InputScript script;
  std::string error;
  std::vector<ImVec2> path;
  if (script.parse(text, "s.txt", error)) {
    for (int frame = 0; frame < 1000 && !script.finished(); ++frame) {
      script.apply();
      path.push_back(ImGui::GetIO().MousePos);
    }
  }
  ImGui::DestroyContext(context);
  return path;
}

TEST(InputScriptPlay, ADragMovesTheCursorOneStepAFrameAsWhenItWasStoredMoveByMove) {
  const std::vector<ImVec2> p = cursorPath("mouse 10 20\ndrag 40 -10 3\nwait 1\n");
  ASSERT_EQ(p.size(), 5u);
  EXPECT_EQ(p[0].x, 10.0f);
  EXPECT_EQ(p[0].y, 20.0f);
  // from + (to - from) * i / N in float, for i = 1..3.
  for (int i = 1; i <= 3; ++i) {
    const float t = static_cast<float>(i) / 3.0f;
    EXPECT_EQ(p[static_cast<size_t>(i)].x, 10.0f + (40.0f - 10.0f) * t) << i;
    EXPECT_EQ(p[static_cast<size_t>(i)].y, 20.0f + (-10.0f - 20.0f) * t) << i;
  }
  EXPECT_EQ(p[4].x, 40.0f);
  EXPECT_EQ(p[4].y, -10.0f);
  // The first step of a script: the drag starts at its target.
  const std::vector<ImVec2> first = cursorPath("drag 7 8 2\n");
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].x, 7.0f);
  EXPECT_EQ(first[1].y, 8.0f);
}

// ---- Quoted script text ---------------------------------------------------------------

TEST(InputScriptParse, AHugeUnknownWordIsQuotedAsAShortExcerpt) {
  const std::string word(100000, 'w');
  ScriptLimits limits;
  limits.lineBytes = 200000;
  const std::string error = parseError(word + "\n", limits);
  EXPECT_EQ(error, "s.txt: line 1: unknown command '" + std::string(40, 'w') + "\xe2\x80\xa6' (100000 bytes)");
  const std::string key = parseError("key " + word + "\n", limits);
  EXPECT_EQ(key, "s.txt: line 1: unknown key '" + std::string(40, 'w') + "\xe2\x80\xa6' (100000 bytes)");
}

TEST(InputScriptParse, ControlCharactersAndBrokenUtf8InQuotedTextAreEscaped) {
  EXPECT_EQ(parseError("key \x1b[31mRED\n"), "s.txt: line 1: unknown key '\\x1b[31mRED'");
  EXPECT_EQ(parseError("\x9b"
                       "2J\n"),
            "s.txt: line 1: unknown command '\\x9b2J'");
  EXPECT_EQ(parseError("wait 1\xc2\x85\n"),
            "s.txt: line 1: the number of frames must be a whole number from 0 to 100000, got '1\\u0085'");
  EXPECT_EQ(parseError("press \x07\x7f\n"), "s.txt: line 1: unknown button '\\x07\\x7f' (left, right or middle)");
  for (const char* text : {"key \x1b]0;title\x07\n", "mouse 1\x1b[2J 2\n", "\x01\x02\x03\n"}) {
    const std::string e = parseError(text);
    EXPECT_FALSE(e.empty()) << text;
    EXPECT_FALSE(hasRawControl(e)) << e;
  }
}

TEST(InputScriptParse, AFileNameWithControlCharactersIsEscaped) {
  InputScript script;
  std::string error;
  EXPECT_FALSE(script.parse("bogus\n", "a\x1b[2Jb.txt", error));
  EXPECT_EQ(error, "a\\x1b[2Jb.txt: line 1: unknown command 'bogus'");
}

// ---- Scripts that worked before work the same ----------------------------------------

TEST(InputScriptParse, EveryCommandOfTheDocsStillParses) {
  InputScript script;
  std::string error;
  EXPECT_TRUE(
      script.parse("# comment\n\n  click 452 428   # A\nctrl on\nclick 716 333\nctrl off\n"
                   "key RIGHT_BRACKET\nwait 2\ndrag 10 10\nkey f12\nkey KP_5\nshift on\nwheel -2.5\n"
                   "text my file.json\ndrop /tmp/a b.obj  \nresize 800 600\nminimize 3\npress right\n"
                   "release middle\r\nmouse +3 -4\n",
                   "s.txt", error))
      << error;
  EXPECT_EQ(script.stepCount(), 22u);
}

}  // namespace
}  // namespace satlab::test
