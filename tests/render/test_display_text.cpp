// Scene text cut for display: on UTF-8 boundaries, control characters made spaces, and a
// marker saying that something was left out.
#include "render/display_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

TEST(DisplayText, ShortPrintableTextIsShownAsItIs) {
  EXPECT_EQ(oneLineText("box_a", 64), "box_a");
  EXPECT_FALSE(needsOneLine("box_a", 64));
  EXPECT_EQ(shortenedText("two\nlines", 100), "two\nlines");
}

TEST(DisplayText, ATwentyThousandByteNameBecomesOneShortLine) {
  const std::string name(20000, 'n');
  ASSERT_TRUE(needsOneLine(name, kMaxShownNameBytes));
  const std::string shown = oneLineText(name, kMaxShownNameBytes);
  EXPECT_EQ(shown.size(), kMaxShownNameBytes + 3);
  EXPECT_EQ(shown.substr(shown.size() - 3), "...");
}

TEST(DisplayText, CutsNeverSplitAUtf8Character) {
  // "é" is two bytes, "€" three, "𝄞" four: every cut lands before a lead byte.
  const std::string text =
      "a\xC3\xA9\xE2\x82\xAC\xF0\x9D\x84\x9E"
      "b";
  for (std::size_t max = 0; max <= text.size(); ++max) {
    const std::size_t n = utf8Prefix(text, max);
    EXPECT_LE(n, max);
    if (n < text.size()) {
      EXPECT_NE(static_cast<unsigned char>(text[n]) & 0xC0u, 0x80u) << max;
    }
  }
  EXPECT_EQ(utf8Prefix(text, 2), 1u);  // inside "é"
  EXPECT_EQ(utf8Prefix(text, 5), 3u);  // inside "€"
  EXPECT_EQ(utf8Prefix(text, 9), 6u);  // inside "𝄞"
}

TEST(DisplayText, ControlCharactersAreSpacesOnOneLineAndLineBreaksStayInMessages) {
  EXPECT_EQ(oneLineText(std::string("a\nb\tc\x1b[2Jd\x7f", 11), 64), "a b c [2Jd ");
  EXPECT_TRUE(needsOneLine("a\nb", 64));
  EXPECT_EQ(shortenedText(std::string("a\nb\x1b", 4), 100), "a\nb ");
}

TEST(DisplayText, LongMessagesSayHowMuchWasLeftOut) {
  const std::string text(5000, 'x');
  const std::string shown = shortenedText(text, 4000);
  EXPECT_EQ(shown.substr(0, 4000), std::string(4000, 'x'));
  EXPECT_NE(shown.find("1000 more bytes not shown"), std::string::npos) << shown.substr(4000);
}

}  // namespace
}  // namespace satlab::test
