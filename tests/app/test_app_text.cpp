// Text in any language (docs/classroom.md): a lesson whose title, text and shape names are
// Russian and Chinese draws every glyph, in the panels and in presentation mode; what is
// typed into a field brings its characters into the font atlas; wrapped text breaks between
// CJK characters and never inside a number (render/line_break.hpp). A scripted run reports
// the characters the atlas lacks ("satlab: missing glyphs: ...") and, for each text that
// wrapped, where its lines ended ("satlab: wrapped: ... ⏎ ...").
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

const std::string kLesson = sourcePath("tests/app/data/lesson_ru_zh.json");
/// The CJK font left out: what the app draws for characters it has no glyph for.
const std::string kNoCjkFont = "SATLAB_CJK_FONT=none";

struct Shot {
  RunResult result;
  Image image;
};

/// Opens `scene` at `size` (with `args`), plays `script`, and keeps the screenshot.
Shot run(const std::string& scene, const std::string& size, const std::string& args, const std::string& script,
         const std::string& env = "") {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  Shot s;
  s.result =
      runSatlab("'" + scene + "' --size " + size + " " + args + " --script input.txt --screenshot s.png", env, dir);
  s.image = loadPng(dir + "/s.png");
  return s;
}

std::string reportLine(const RunResult& r, const std::string& key) {
  const std::size_t at = r.output.find("satlab: " + key + ": ");
  if (at == std::string::npos) return "(no " + key + " line)";
  return r.output.substr(at, r.output.find('\n', at) - at);
}

/// Pixels of the rectangle that differ clearly from its most common colour (the ink of the
/// text on its background).
int inkPixels(const Image& img, int x0, int y0, int x1, int y1) {
  std::map<std::array<int, 3>, int> counts;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) ++counts[{img.at(x, y)[0] / 8, img.at(x, y)[1] / 8, img.at(x, y)[2] / 8}];
  }
  std::array<int, 3> mode{};
  int best = -1;
  for (const auto& [c, n] : counts) {
    if (n > best) best = n, mode = c;
  }
  int ink = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = img.at(x, y);
      ink += std::max({std::abs(p[0] / 8 - mode[0]), std::abs(p[1] / 8 - mode[1]), std::abs(p[2] / 8 - mode[2])}) >= 3;
    }
  }
  return ink;
}

/// Pixels of the rectangle whose colour differs clearly between the two images.
int differingPixels(const Image& a, const Image& b, int x0, int y0, int x1, int y1) {
  int n = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::uint8_t* p = a.at(x, y);
      const std::uint8_t* q = b.at(x, y);
      n += std::max({std::abs(p[0] - q[0]), std::abs(p[1] - q[1]), std::abs(p[2] - q[2])}) > 60;
    }
  }
  return n;
}

/// The lines of every "satlab: wrapped:" report line.
std::vector<std::vector<std::string>> wrappedTexts(const RunResult& r) {
  std::vector<std::vector<std::string>> out;
  const std::string key = "satlab: wrapped: ", sep = " \u23CE ";
  for (std::size_t at = r.output.find(key); at != std::string::npos; at = r.output.find(key, at + 1)) {
    const std::string text = r.output.substr(at + key.size(), r.output.find('\n', at) - at - key.size());
    std::vector<std::string> lines;
    std::size_t from = 0;
    for (std::size_t cut = text.find(sep); cut != std::string::npos; cut = text.find(sep, from)) {
      lines.push_back(text.substr(from, cut - from));
      from = cut + sep.size();
    }
    lines.push_back(text.substr(from));
    out.push_back(lines);
  }
  return out;
}

/// Places where a wrapped text ended a line inside a number ("11." then "6541", "0" then
/// ".5"), as "…end ⏎ start…".
std::vector<std::string> cutNumbers(const RunResult& r) {
  static const std::regex endsInNumber(R"((\d[.,]?|\d[eE][-+]?)$)");
  static const std::regex startsWithDigit(R"(^[.]?\d)");
  std::vector<std::string> out;
  for (const std::vector<std::string>& lines : wrappedTexts(r)) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      const std::string& a = lines[i];
      const std::string& b = lines[i + 1];
      // "[0.292," then "0.708]" broke at the space after a comma: allowed.
      const bool afterComma = !a.empty() && a.back() == ',';
      if (!afterComma && std::regex_search(a, endsInNumber) && std::regex_search(b, startsWithDigit)) {
        out.push_back(a.substr(a.size() > 12 ? a.size() - 12 : 0) + " \u23CE " + b.substr(0, 12));
      }
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += s + "\n";
  return out;
}

TEST(AppText, ARussianAndChineseLessonHasEveryGlyphInThePanelsAndOnTheProjector) {
  for (const auto& [size, args] : {std::pair<std::string, std::string>{"1280x720", ""},
                                   std::pair<std::string, std::string>{"1920x1080", "--presentation"}}) {
    const Shot s = run(kLesson, size, args, "wait 2\n");
    ASSERT_EQ(s.result.exitCode, 0) << s.result.output;
    EXPECT_EQ(reportLine(s.result, "missing glyphs"), "satlab: missing glyphs: none") << size << " " << args;
    // The atlas holds the lesson's Chinese characters, and not all of CJK.
    std::smatch m;
    const std::string atlas = reportLine(s.result, "font atlas");
    ASSERT_TRUE(std::regex_search(atlas, m, std::regex(R"(, (\d+) glyphs \((\d+) CJK\))"))) << atlas;
    EXPECT_GE(std::stoi(m[2]), 80) << atlas;
    EXPECT_LT(std::stoi(m[1]), 2000) << atlas;
  }
}

TEST(AppText, WithoutACjkFontTheMissingCharactersAreNamed) {
  // The audit can fail: with no CJK font the report names the characters and counts the
  // fallback glyphs drawn in their place.
  const Shot s = run(kLesson, "1280x720", "", "wait 2\n", kNoCjkFont);
  ASSERT_EQ(s.result.exitCode, 0) << s.result.output;
  const std::string missing = reportLine(s.result, "missing glyphs");
  EXPECT_NE(missing.find("U+5B50 子"), std::string::npos) << missing;
  EXPECT_NE(missing.find("drawn as the fallback glyph"), std::string::npos) << missing;
  // Cyrillic is DejaVu's: not missing.
  EXPECT_EQ(missing.find("U+042F"), std::string::npos) << missing;
}

TEST(AppText, AFileThatIsNoCjkFontIsPassedOverWithAWarning) {
  for (const std::string& font : {sourcePath("README.md"), std::string("/nonexistent/font.ttc"), sourcePath("docs")}) {
    const Shot s = run(kLesson, "1280x720", "", "wait 1\n", "SATLAB_CJK_FONT='" + font + "'");
    ASSERT_EQ(s.result.exitCode, 0) << s.result.output;
    EXPECT_NE(s.result.output.find("satlab: warning: SATLAB_CJK_FONT=" + font +
                                   " is not a font with CJK glyphs; none is used"),
              std::string::npos)
        << s.result.output;
    EXPECT_NE(reportLine(s.result, "missing glyphs").find("U+5B50 子"), std::string::npos);
  }
}

TEST(AppText, TheTitleShowsChineseGlyphsNotTheFallback) {
  // The title row of the lesson panel (1280x720) and of the lesson card (presentation at
  // 1920x1080), against the same run with the font's fallback glyph in place of CJK ones.
  struct Case {
    std::string size, args;
    int x0, y0, x1, y1;
  };
  for (const Case& c : {Case{"1280x720", "", 10, 52, 320, 74}, Case{"1920x1080", "--presentation", 20, 68, 650, 112}}) {
    const Shot cjk = run(kLesson, c.size, c.args, "wait 2\n");
    const Shot fallback = run(kLesson, c.size, c.args, "wait 2\n", kNoCjkFont);
    ASSERT_TRUE(cjk.image.ok() && fallback.image.ok()) << cjk.result.output << fallback.result.output;
    const int ink = inkPixels(cjk.image, c.x0, c.y0, c.x1, c.y1);
    const int differ = differingPixels(cjk.image, fallback.image, c.x0, c.y0, c.x1, c.y1);
    EXPECT_GT(ink, 600) << c.size << ": the title's glyphs are drawn";
    EXPECT_GT(differ, 400) << c.size << ": the title is not the fallback's";
  }
}

TEST(AppText, CharactersTypedIntoAFieldAreLoadedAndDrawn) {
  // Ctrl+O's file name field, typed into in Chinese: the atlas is built again with the new
  // characters between two frames, and they are drawn.
  const std::string script = "wait 2\nctrl on\nkey O\nctrl off\nwait 2\ntext 碰撞测试课.json\nwait 3\n";
  const std::string scene = sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json");
  const Shot typed = run(scene, "1280x720", "", script);
  ASSERT_EQ(typed.result.exitCode, 0) << typed.result.output;
  EXPECT_EQ(reportLine(typed.result, "missing glyphs"), "satlab: missing glyphs: none");
  EXPECT_NE(reportLine(typed.result, "font atlas").find(" 2 builds"), std::string::npos)
      << reportLine(typed.result, "font atlas");
  const Shot fallback = run(scene, "1280x720", "", script, kNoCjkFont);
  EXPECT_NE(reportLine(fallback.result, "missing glyphs").find("U+78B0 碰"), std::string::npos)
      << reportLine(fallback.result, "missing glyphs");
  ASSERT_TRUE(typed.image.ok() && fallback.image.ok());
  EXPECT_GT(differingPixels(typed.image, fallback.image, 0, 0, 1280, 720), 150) << "the typed name's glyphs";
}

TEST(AppText, ChineseLessonTextWrapsBetweenCharactersAndKeepsClosingMarks) {
  const Shot s = run(kLesson, "1280x720", "", "wait 2\n");
  ASSERT_EQ(s.result.exitCode, 0) << s.result.output;
  bool found = false;
  for (const std::vector<std::string>& lines : wrappedTexts(s.result)) {
    if (lines.empty() || lines[0].rfind("Иногда", 0) != 0) continue;
    found = true;
    int chineseLines = 0;
    for (const std::string& l : lines) {
      chineseLines += l.find("盒子") != std::string::npos || l.find("叉积") != std::string::npos;
      for (const char* closing : {"，", "。", "、", "）", "」", "："}) {
        EXPECT_NE(l.rfind(closing, 0), 0u) << "a line starts with " << closing << ": " << l;
      }
      EXPECT_FALSE(!l.empty() && (l.back() == '(' || l.rfind("「") + 3 == l.size())) << l;
    }
    EXPECT_GE(chineseLines, 3) << "the Chinese paragraph is wrapped onto several lines";
  }
  EXPECT_TRUE(found) << s.result.output;
}

TEST(AppText, TheStepBarOfLessonFiveKeepsItsIntervalsWhole) {
  // Lesson 5 on a projector at 1280x720: the step bar wrapped "left [0.292, 0.708]" as
  // "left [0." and "292, 0.708]".
  const Shot s = run(sourcePath("scenes/lessons/05_slab_test_3d.json"), "1280x720", "--presentation", "wait 2\n");
  ASSERT_EQ(s.result.exitCode, 0) << s.result.output;
  bool stepBar = false;
  for (const std::vector<std::string>& lines : wrappedTexts(s.result)) {
    std::string all;
    for (const std::string& l : lines) all += l + "|";
    if (all.find("left") == std::string::npos) continue;
    stepBar = true;
    EXPECT_NE(all.find("[0.292, 0.708]"), std::string::npos) << all;
  }
  EXPECT_TRUE(stepBar) << "the step bar's text wraps at 1280x720\n" << s.result.output;
  EXPECT_EQ(joined(cutNumbers(s.result)), "");
}

TEST(AppText, TheLessonEditorsCameraReadoutKeepsItsNumbersWhole) {
  // Lessons > Write a lesson from this view, on lesson 5 at 1280x720: the readout wrapped
  // "distance 12.8383" as "distance 12." and "8383".
  const std::string script = "wait 2\nclick 164 10\nwait 3\nclick 237 36\nwait 3\n";
  const Shot s = run(sourcePath("scenes/lessons/05_slab_test_3d.json"), "1280x720", "", script);
  ASSERT_EQ(s.result.exitCode, 0) << s.result.output;
  bool readout = false;
  for (const std::vector<std::string>& lines : wrappedTexts(s.result)) {
    std::string all;
    for (const std::string& l : lines) all += l + "|";
    if (all.find("camera yaw") == std::string::npos) continue;
    readout = true;
    // The distance, whichever line it is on, whole ("12.8383", not "12." and "8383").
    EXPECT_TRUE(std::regex_search(all, std::regex(R"(distance[ |]\d+\.\d{3,}\|)"))) << all;
  }
  EXPECT_TRUE(readout) << "the editor's readout wraps at 1280x720\n" << s.result.output;
  EXPECT_EQ(joined(cutNumbers(s.result)), "");
}

TEST(AppText, NoWrappedTextCutsANumberInAnyLesson) {
  for (const fs::directory_entry& e : fs::directory_iterator(sourcePath("scenes/lessons"))) {
    for (const char* args : {"", "--presentation"}) {
      const Shot s = run(e.path().string(), "1280x720", args, "wait 1\nkey RIGHT_BRACKET\nwait 2\n");
      ASSERT_EQ(s.result.exitCode, 0) << e.path() << s.result.output;
      // The lesson's text at least wraps: the report is there to be read.
      EXPECT_FALSE(wrappedTexts(s.result).empty()) << e.path().filename() << " " << args;
      EXPECT_EQ(joined(cutNumbers(s.result)), "") << e.path().filename() << " " << args;
    }
  }
}

}  // namespace
}  // namespace satlab::test
