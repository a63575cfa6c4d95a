// Line breaking (render/line_break.hpp): Chinese text, which has no spaces, wraps between
// its characters but never before a closing mark or after an opening one; Latin text wraps
// at its spaces; a number is never cut, at any width.
#include "base/utf8.hpp"
#include "render/line_break.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

/// A monospaced font's advances: one unit a character, two for a CJK one (as wide as two
/// Latin letters, as in most fonts).
float advance(char32_t c) { return isCjk(c) ? 2.0f : 1.0f; }

std::vector<std::string> wrap(const std::string& text, float width) {
  std::vector<std::string> out;
  for (const LineSpan& l : breakLines(text, width, advance)) out.push_back(text.substr(l.begin, l.end - l.begin));
  return out;
}

float widthOf(const std::string& s) {
  float w = 0.0f;
  for (std::size_t i = 0; i < s.size();) {
    char32_t c = 0;
    i += decodeUtf8(s, i, c);
    w += advance(c);
  }
  return w;
}

char32_t first(const std::string& s) {
  char32_t c = 0;
  decodeUtf8(s, 0, c);
  return c;
}

char32_t last(const std::string& s) {
  std::size_t at = s.size() - 1;
  while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0u) == 0x80u) --at;
  char32_t c = 0;
  decodeUtf8(s, at, c);
  return c;
}

const std::u32string kClosers = U"、。，）」』】》〉！？：；.,)]";
const std::u32string kOpeners = U"（「『【《〈([";

TEST(LineBreak, ChineseParagraphWrapsBetweenCharactersInANarrowWidth) {
  const std::string text =
      "有时没有任何一个面能把两个盒子分开，但它们并不接触：一个盒子的棱从另一个盒子的棱旁边经过。"
      "这时分离平面包含两条棱的方向（它的法向量就是两者的叉积），只有「棱×棱」轴才显示间隙。";
  for (float width = 6.0f; width <= 40.0f; width += 1.0f) {
    const std::vector<std::string> lines = wrap(text, width);
    ASSERT_GT(lines.size(), 2u) << width;
    std::string joined;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      ASSERT_FALSE(l.empty()) << width;
      EXPECT_LE(widthOf(l), width) << "line " << i << " at width " << width << ": " << l;
      if (i > 0) {
        EXPECT_EQ(kClosers.find(first(l)), std::u32string::npos) << "starts with a closing mark: " << l;
      }
      if (i + 1 < lines.size()) {
        EXPECT_EQ(kOpeners.find(last(l)), std::u32string::npos) << "ends with an opening mark: " << l;
      }
      joined += l;
    }
    EXPECT_EQ(joined, text) << "no character lost or repeated at width " << width;
  }
}

TEST(LineBreak, ClosingMarksStayWithTheCharacterBeforeThem) {
  // Width 8 holds four CJK characters: "两个盒子" would leave "，" to start the next line,
  // and "子，分开" would leave "。".
  EXPECT_EQ(wrap("两个盒子，分开。", 8.0f), (std::vector<std::string>{"两个盒", "子，分", "开。"}));
  // "「" is kept with what it opens.
  EXPECT_EQ(wrap("只有「棱」轴", 6.0f), (std::vector<std::string>{"只有", "「棱」", "轴"}));
}

TEST(LineBreak, LatinTextBreaksAtSpacesAndDropsThemAtTheLineEnd) {
  EXPECT_EQ(wrap("the quick brown fox", 10.0f), (std::vector<std::string>{"the quick", "brown fox"}));
  EXPECT_EQ(wrap("Ребро одного проходит", 13.0f), (std::vector<std::string>{"Ребро одного", "проходит"}));
  // A paragraph's indentation stays; a line break in the text ends a line; empty lines stay.
  EXPECT_EQ(wrap("  a b\n\nc", 20.0f), (std::vector<std::string>{"  a b", "", "c"}));
}

TEST(LineBreak, MixedLatinAndChineseBreakBetweenThem) {
  EXPECT_EQ(wrap("使用SAT测试", 7.0f), (std::vector<std::string>{"使用SAT", "测试"}));
  EXPECT_EQ(wrap("使用SAT测试", 5.0f), (std::vector<std::string>{"使用", "SAT测", "试"}));
}

TEST(LineBreak, NumbersAreNeverCutAtAnyWidth) {
  const std::string text =
      "left [0.292, 0.708] camera yaw -45 pitch 20 distance 11.6541 epsilon -1.5e-3 "
      "间隙0.424，重叠（0.292、0.708）和1e-6。";
  const std::vector<std::string> numbers = {"0.292", "0.708", "11.6541", "-1.5e-3", "0.424", "1e-6", "-45"};
  for (float width = 8.0f; width <= 90.0f; width += 1.0f) {
    const std::vector<std::string> lines = wrap(text, width);
    for (const std::string& number : numbers) {
      int found = 0;
      for (const std::string& l : lines) found += l.find(number) != std::string::npos ? 1 : 0;
      EXPECT_GE(found, 1) << number << " is cut at width " << width;
    }
  }
}

TEST(LineBreak, AnIntervalBreaksOnlyAfterItsCommaAndSpace) {
  // The step bar of lesson 5 showed "left [0." at the end of one line and "292, 0.708]" on
  // the next (Dear ImGui breaks after any punctuation).
  EXPECT_EQ(wrap("left [0.292, 0.708]", 14.0f), (std::vector<std::string>{"left [0.292,", "0.708]"}));
  EXPECT_EQ(wrap("left [0.292, 0.708]", 10.0f), (std::vector<std::string>{"left", "[0.292,", "0.708]"}));
  // The lesson editor's camera readout showed "11." and "6541" on two lines.
  EXPECT_EQ(wrap("camera yaw -45 pitch 20 distance 11.6541", 38.0f),
            (std::vector<std::string>{"camera yaw -45 pitch 20 distance", "11.6541"}));
}

TEST(LineBreak, ARunWiderThanTheLineIsCutWhereItMust) {
  EXPECT_EQ(wrap("abcdefgh", 3.0f), (std::vector<std::string>{"abc", "def", "gh"}));
  // However narrow the width, each line holds a character and the text comes to an end.
  for (const float width : {0.0f, -5.0f, std::numeric_limits<float>::quiet_NaN(), 0.5f}) {
    EXPECT_EQ(wrap("ab 盒子", width), (std::vector<std::string>{"a", "b", "盒", "子"})) << width;
  }
  EXPECT_EQ(wrap("", 10.0f), (std::vector<std::string>{""}));
}

TEST(LineBreak, InvalidUtf8EndsAndKeepsEveryByte) {
  const std::string text = "ab\xE4\xB8 \xFF\x80\xE4\xB8\xAD cd";
  std::string joined;
  for (const std::string& l : wrap(text, 2.0f)) joined += l;
  std::string noSpaces;
  for (char c : text) {
    if (c != ' ') noSpaces += c;
  }
  EXPECT_EQ(joined, noSpaces);
}

TEST(LineBreak, BreakOpportunities) {
  EXPECT_TRUE(mayBreakBetween(U'盒', U'子'));
  EXPECT_TRUE(mayBreakBetween(U'。', U'下'));
  EXPECT_TRUE(mayBreakBetween(U' ', U'a'));
  EXPECT_TRUE(mayBreakBetween(U'T', U'测'));
  EXPECT_FALSE(mayBreakBetween(U'盒', U'，'));
  EXPECT_FALSE(mayBreakBetween(U'（', U'盒'));
  EXPECT_FALSE(mayBreakBetween(U'0', U'.'));
  EXPECT_FALSE(mayBreakBetween(U'.', U'2'));
  EXPECT_FALSE(mayBreakBetween(U'a', U' '));
  EXPECT_FALSE(mayBreakBetween(U'и', U'е'));
}

}  // namespace
}  // namespace satlab::test
