// The base layer's text rules: one UTF-8 decoder (what is a character, what is not), one
// printable form, one extension rule; each reader of outside text (scene files, mesh files,
// line breaking, the font atlas) goes through them.
#include "base/file_name.hpp"
#include "base/printable.hpp"
#include "base/utf8.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

TEST(Utf8Length, ValidSequencesOfOneToFourBytes) {
  EXPECT_EQ(utf8Length("a", 0), 1u);
  EXPECT_EQ(utf8Length("\xc3\xa9", 0), 2u);          // é
  EXPECT_EQ(utf8Length("\xe2\x86\x92", 0), 3u);      // →
  EXPECT_EQ(utf8Length("\xf0\x9f\x93\xa6", 0), 4u);  // 📦
  EXPECT_EQ(utf8Length("\xef\xbf\xbd", 0), 3u);      // U+FFFD written out is a character
  EXPECT_EQ(utf8Length("x\xc3\xa9", 1), 2u);
}

TEST(Utf8Length, MalformedSequencesAreNotCharacters) {
  EXPECT_EQ(utf8Length("\x80", 0), 0u);              // a stray continuation byte
  EXPECT_EQ(utf8Length("\xc2", 0), 0u);              // a lead byte at the end
  EXPECT_EQ(utf8Length("\xe2\x86", 0), 0u);          // cut short
  EXPECT_EQ(utf8Length("\xe2\x41\x92", 0), 0u);      // a continuation that is not one
  EXPECT_EQ(utf8Length("\xc0\xaf", 0), 0u);          // overlong '/'
  EXPECT_EQ(utf8Length("\xe0\x80\xaf", 0), 0u);      // overlong, three bytes
  EXPECT_EQ(utf8Length("\xf0\x80\x80\xaf", 0), 0u);  // overlong, four bytes
  EXPECT_EQ(utf8Length("\xed\xa0\x80", 0), 0u);      // a surrogate (U+D800)
  EXPECT_EQ(utf8Length("\xf4\x90\x80\x80", 0), 0u);  // past U+10FFFF
  EXPECT_EQ(utf8Length("\xf8\x88\x80\x80\x80", 0), 0u);
  EXPECT_EQ(utf8Length("\xff", 0), 0u);
}

TEST(DecodeUtf8, MalformedBytesDecodeOneAtATimeToTheReplacementCharacter) {
  char32_t c = 0;
  EXPECT_EQ(decodeUtf8("\xe2\x86\x92", 0, c), 3u);
  EXPECT_EQ(c, U'\u2192');
  EXPECT_EQ(decodeUtf8("\xed\xa0\x80", 0, c), 1u);
  EXPECT_EQ(c, kReplacementChar);
  EXPECT_EQ(decodeUtf8("\xe2\x86", 0, c), 1u);
  EXPECT_EQ(c, kReplacementChar);
  EXPECT_EQ(decodeUtf8("", 0, c), 1u);  // past the end: still advances
  EXPECT_EQ(c, kReplacementChar);
}

TEST(Printable, MalformedUtf8IsEscapedBytewiseWhateverItsForm) {
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8: a terminal or
  // a JSON writer must not receive them raw.
  EXPECT_EQ(printable("\xe0\x80\xaf"), "\\xe0\\x80\\xaf");
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");
  EXPECT_EQ(printable("\xe2\x86"), "\\xe2\\x86");
  EXPECT_EQ(printable("ok \xc3\xa9 \xe2\x86\x92"), "ok \xc3\xa9 \xe2\x86\x92");
}

TEST(Printable, CutsAtTheLimitWithDots) {
  EXPECT_EQ(printable("abcdef", 3), "abc...");
  EXPECT_EQ(printable(std::string(100, 'x')), std::string(60, 'x') + "...");
  EXPECT_EQ(printable(std::string(5000, 'x'), 4096), std::string(4096, 'x') + "...");
}

TEST(LowerExtension, TheLastNamesExtensionInLowerCase) {
  EXPECT_EQ(lowerExtension("rock.OBJ"), ".obj");
  EXPECT_EQ(lowerExtension("scenes/lesson.Json"), ".json");
  EXPECT_EQ(lowerExtension("a/b.tar.gz"), ".gz");
  EXPECT_EQ(lowerExtension("frames.jsonl"), ".jsonl");
  EXPECT_EQ(lowerExtension("Ä.PNG"), ".png");
}

TEST(LowerExtension, NamesWithoutOne) {
  EXPECT_EQ(lowerExtension("README"), "");
  EXPECT_EQ(lowerExtension("dir.d/README"), "");  // a dot in a folder's name is not the file's
  EXPECT_EQ(lowerExtension(""), "");
  EXPECT_EQ(lowerExtension("a/.json"), "");  // a hidden file named ".json"
  EXPECT_EQ(lowerExtension(".."), "");
}

TEST(FileName, IsTheLastComponentOfThePath) {
  EXPECT_EQ(fileNameOf("/tmp/a/level.json"), "level.json");
  EXPECT_EQ(fileNameOf("level.json"), "level.json");
  EXPECT_EQ(fileNameOf("dir/"), "");
}

}  // namespace
}  // namespace satlab::test
