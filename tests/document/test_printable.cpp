// quotedExcerpt(): text from a file quoted in a message, however long (printable()'s own
// cases are in tests/base/test_printable.cpp).
#include "document/json_path.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

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
