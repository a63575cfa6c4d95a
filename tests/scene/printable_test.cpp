// printable(): the form in which text from a file reaches a terminal (warnings, errors,
// `satlab check`). No byte of it may be a control a terminal obeys.
#include "scene/json_path.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

TEST(Printable, PlainTextAndUtf8LettersPassThrough) {
  EXPECT_EQ(printable("box A"), "box A");
  EXPECT_EQ(printable("Würfel \xe2\x86\x92 \xf0\x9f\x93\xa6"), "Würfel \xe2\x86\x92 \xf0\x9f\x93\xa6");
}

TEST(Printable, C0ControlsAndDelAreEscaped) {
  EXPECT_EQ(printable(std::string("a\x1b[2Jb", 6)), "a\\x1b[2Jb");
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable("a\x7f"), "a\\x7f");
}

TEST(Printable, C1ControlsAreEscaped) {
  // U+0085 (NEL) breaks the line, U+009B (CSI) starts an escape sequence in xterm.
  EXPECT_EQ(printable("\xc2\x85"
                      "box \xc2\x9b"
                      "2J"),
            "\\u0085box \\u009b2J");
  EXPECT_EQ(printable("\xc2\x80"), "\\u0080");
  // U+00A0 and above are printable letters and signs.
  EXPECT_EQ(printable("\xc2\xa0\xc2\xb0"), "\xc2\xa0\xc2\xb0");
}

TEST(Printable, InvalidUtf8IsEscapedBytewise) {
  EXPECT_EQ(printable("\xc2"), "\\xc2");
  EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
}

TEST(QuotedExcerpt, ShortTextIsQuotedWhole) {
  EXPECT_EQ(quotedExcerpt("F99"), "'F99'");
  EXPECT_EQ(quotedExcerpt(""), "''");
  EXPECT_EQ(quotedExcerpt(std::string(40, 'a')), "'" + std::string(40, 'a') + "'");
}

TEST(QuotedExcerpt, LongTextIsCutAtFortyCharactersWithItsWholeLength) {
  EXPECT_EQ(quotedExcerpt(std::string(10000000, 'w')), "'" + std::string(40, 'w') + "\xe2\x80\xa6' (10000000 bytes)");
  // A character is a whole UTF-8 sequence: the cut never splits one.
  std::string arrows;
  for (int i = 0; i < 41; ++i) arrows += "\xe2\x86\x92";
  EXPECT_EQ(quotedExcerpt(arrows), "'" + arrows.substr(0, 120) + "\xe2\x80\xa6' (123 bytes)");
  EXPECT_EQ(quotedExcerpt("ab", 1), "'a\xe2\x80\xa6' (2 bytes)");
}

TEST(QuotedExcerpt, ControlsAndBrokenUtf8AreEscapedAndCountAsOneCharacter) {
  EXPECT_EQ(quotedExcerpt("\x1b[2J\xc2\x9b\xff"), "'\\x1b[2J\\u009b\\xff'");
  EXPECT_EQ(quotedExcerpt("\x1b\x1b\x1b", 2), "'\\x1b\\x1b\xe2\x80\xa6' (3 bytes)");
}

}  // namespace
}  // namespace satlab::test
