// printable(): the form in which text from a file reaches a terminal (warnings, errors,
// `satlab check`, a mesh file's names and the importer's messages). No byte of it may be a
// control a terminal obeys.
#include "base/printable.hpp"

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

TEST(Printable, MeshNamesAndMessagesEscapeControlsAndBadUtf8) {
  EXPECT_EQ(printable("ok \xc3\xa9"), "ok \xc3\xa9");
  EXPECT_EQ(printable("a\nb\x7f\xff\xc2\x9b"), "a\\x0ab\\x7f\\xff\\u009b");
  EXPECT_EQ(printable("abcdef", 3), "abc...");
}

}  // namespace
}  // namespace satlab::test
