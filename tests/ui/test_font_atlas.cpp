// The font atlas (ui/font_atlas.hpp): built from the text in use, with DejaVu Sans and the
// CJK font merged into one font; the UI's own strings need no noting.
#include "base/utf8.hpp"
#include "ui/font_atlas.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

/// The text of the string literals of one line of C++ (up to a comment that starts outside
/// a string).
std::string literalsOf(const std::string& line) {
  std::string out;
  bool inString = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (!inString && c == '/' && i + 1 < line.size() && line[i + 1] == '/') break;
    if (c == '\\' && inString) {
      ++i;
      continue;
    }
    if (c == '"') {
      inString = !inString;
      continue;
    }
    if (inString) out += c;
  }
  return out;
}

TEST(FontAtlas, TheUisOwnStringsUseOnlyCharactersEveryBuildLoads) {
  // Every character beyond ASCII in the string literals of the layers that draw text.
  int files = 0, beyondAscii = 0;
  for (const char* folder : {"src/ui", "src/render", "app", "web"}) {
    for (const fs::directory_entry& e : fs::directory_iterator(fs::path(SATLAB_SOURCE_DIR) / folder)) {
      const std::string ext = e.path().extension().string();
      // The line breaker's tables of CJK punctuation are data, not text the UI draws.
      if ((ext != ".cpp" && ext != ".hpp") || e.path().filename() == "line_break.cpp") continue;
      ++files;
      std::ifstream in(e.path(), std::ios::binary);
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        const std::string s = literalsOf(line);
        for (std::size_t i = 0; i < s.size();) {
          char32_t c = 0;
          i += decodeUtf8(s, i, c);
          // (U+23CE joins the lines of the wrap report: printed, never drawn.)
          if (c >= 0x80 && c != 0x23CE) {
            ++beyondAscii;
            EXPECT_TRUE(alwaysInAtlas(c))
                << e.path().filename() << ":" << number << ": U+" << std::hex << static_cast<unsigned>(c);
          }
        }
      }
    }
  }
  EXPECT_GT(files, 50);
  EXPECT_GT(beyondAscii, 10) << "the UI does use some (², ±, µ, ·, …)";
}

TEST(FontAtlas, NotedChineseIsLoadedAndMissingCharactersAreNamed) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ASSERT_TRUE(updateFontAtlas(1.0f));
  EXPECT_FALSE(updateFontAtlas(1.0f)) << "nothing new: no build";
  const FontAtlasInfo before = fontAtlasInfo();
  noteTextInUse("Ящик 盒子 \xF0\x9F\x98\x80");  // Cyrillic (always there), two hanzi, an emoji past U+FFFF
  ASSERT_TRUE(updateFontAtlas(1.0f)) << "new characters: built again";
  const FontAtlasInfo after = fontAtlasInfo();
  EXPECT_EQ(after.builds, before.builds + 1);
  if (after.cjkFont.empty()) {
    GTEST_SKIP() << "no CJK font installed (fonts-wqy-microhei)";
  }
  EXPECT_EQ(after.cjkGlyphs, before.cjkGlyphs + 2);
  EXPECT_NE(normalFont()->FindGlyphNoFallback(0x76D2), nullptr);  // 盒
  EXPECT_NE(largeFont()->FindGlyphNoFallback(0x5B50), nullptr);   // 子
  // The emoji has no glyph (and Debian's ImGui keeps 16-bit characters): named as missing.
  ASSERT_EQ(missingGlyphs().size(), 1u);
  EXPECT_EQ(missingGlyphs()[0], U'\U0001F600');
  EXPECT_EQ(missingGlyphsReport(0).rfind("U+1F600", 0), 0u) << missingGlyphsReport(0);
  // The fallback glyph is the replacement mark, not "?".
  EXPECT_EQ(normalFont()->FallbackChar, 0xFFFD);
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace satlab::test
