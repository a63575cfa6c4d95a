// The wrapping text field's soft breaks: where a line of the lesson editor's text breaks,
// and how positions go between the text the field shows and the text that is saved.
#include "ui/wrapping_text_field.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

/// A fixed-width font: every character one unit wide, CJK characters two.
float monospace(char32_t c) { return c >= 0x2E80 ? 2.0f : 1.0f; }

std::string wrapped(const std::string& plain, float width) {
  return withSoftBreaks(plain, softBreaks(plain, width, monospace));
}

TEST(WrappingTextField, WordsBreakAtTheLastSpaceThatLetsTheLineFit) {
  EXPECT_EQ(wrapped("aaa bbb ccc", 7.0f), "aaa bbb\nccc");
  EXPECT_EQ(wrapped("aaa bbb ccc", 6.0f), "aaa\nbbb\nccc");
  EXPECT_EQ(wrapped("aaa bbb ccc", 11.0f), "aaa bbb ccc");
  // The break is the space itself: the text keeps its length.
  EXPECT_EQ(wrapped("aaa bbb ccc", 6.0f).size(), std::string("aaa bbb ccc").size());
}

TEST(WrappingTextField, AWordLongerThanTheLineBreaksWhereItRunsOut) {
  EXPECT_EQ(wrapped("abcdefghij", 4.0f), "abcd\nefgh\nij");
  EXPECT_EQ(wrapped("ab abcdefghij", 4.0f), "ab\nabcd\nefgh\nij");
}

TEST(WrappingTextField, TheUsersOwnLineBreaksStayAndStartALine) {
  EXPECT_EQ(wrapped("aaa\nbbb ccc ddd", 7.0f), "aaa\nbbb ccc\nddd");
  EXPECT_EQ(wrapped("\n\nab", 1.0f), "\n\na\nb");
}

TEST(WrappingTextField, ChineseTextBreaksBetweenAnyTwoCharacters) {
  // Six characters two units wide in lines of five: two a line, never inside a character.
  const std::string han = "\xe6\xb1\x89\xe5\xad\x97\xe6\xb1\x89\xe5\xad\x97\xe6\xb1\x89\xe5\xad\x97";  // 汉字汉字汉字
  EXPECT_EQ(wrapped(han, 5.0f), "\xe6\xb1\x89\xe5\xad\x97\n\xe6\xb1\x89\xe5\xad\x97\n\xe6\xb1\x89\xe5\xad\x97");
  // Latin words around them still break at their spaces.
  EXPECT_EQ(wrapped("ab \xe6\xb1\x89\xe5\xad\x97 cd", 4.0f), "ab\n\xe6\xb1\x89\xe5\xad\x97\ncd");
}

TEST(WrappingTextField, APieceNarrowerThanOneCharacterStillGetsOneALine) {
  EXPECT_EQ(wrapped("abc", 0.5f), "a\nb\nc");
  EXPECT_EQ(wrapped("", 3.0f), "");
}

TEST(WrappingTextField, PositionsGoBetweenTheShownAndThePlainText) {
  const std::string plain = "ab cdefgh ij";  // width 4: "ab" | "cdef" (inserted) "gh" | "ij"
  const std::vector<SoftBreak> breaks = softBreaks(plain, 4.0f, monospace);
  const std::string shown = withSoftBreaks(plain, breaks);
  ASSERT_EQ(shown, "ab\ncdef\ngh\nij");
  for (std::size_t p = 0; p <= plain.size(); ++p) {
    const std::size_t s = shownPosition(p, breaks);
    EXPECT_EQ(plainPosition(s, breaks), p) << p;
    // The same character on both sides (a replaced space shows as the break).
    if (p < plain.size() && plain[p] != ' ') {
      EXPECT_EQ(shown[s], plain[p]) << p;
    }
  }
  // A cursor at an inserted break's place goes after it, to the start of the next line.
  EXPECT_EQ(shownPosition(7, breaks), 8u);  // before "g"
  EXPECT_EQ(shown[8], 'g');
}

}  // namespace
}  // namespace satlab::test
