// The UI's fonts and which glyphs they hold. DejaVu Sans draws Latin, Greek and Cyrillic;
// a CJK font (WenQuanYi Micro Hei from Debian's fonts-wqy-microhei, or another, see
// cjkFontCandidates) is merged into the same ImGui font, so that one font draws mixed text.
// Dear ImGui 1.86 bakes every glyph into one texture at every size it is used at: all of
// CJK would be over 200 MB, so the atlas holds Latin, Greek, Cyrillic and the punctuation
// and symbols of the UI, and of every other character only those of the text in use: what
// a scene, a lesson or a recording shows, messages, and what the user types or pastes.
// When text brings characters the atlas has not tried yet, it is built again between two
// frames (updateFontAtlas; the renderer then uploads the new texture).
#pragma once

#include <imgui.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

/// Notes the characters of `utf8` as in use: the next updateFontAtlas loads those the atlas
/// lacks. Cheap for text already noted (one bit test a character). Any thread but the UI's
/// is not allowed.
void noteTextInUse(std::string_view utf8);
void noteCharsInUse(const ImWchar* chars, int count);

/// Builds the atlas at the window's content scale (the first call) or again when noted text
/// has characters the last build did not try, or when the scale changed. Call outside an
/// ImGui frame. True when the atlas was built: its fonts are new (io.FontDefault is moved to
/// the new font of the same size) and the renderer must upload its texture again.
bool updateFontAtlas(float contentScale);

/// The everyday font and the presentation one (kPresentationScale times larger).
ImFont* normalFont();
ImFont* largeFont();
/// Bumped by every build: text laid out with the old fonts is laid out again.
int fontAtlasGeneration();

struct FontAtlasInfo {
  int width = 0, height = 0;       // the texture, in pixels
  std::size_t textureBytes = 0;    // RGBA, as uploaded
  int glyphs = 0;                  // in the everyday font (the presentation one has as many)
  int cjkGlyphs = 0;               // of those, from the CJK font
  int builds = 0;                  // since the start
  double buildMs = 0.0;            // the last build's time
  std::string latinFont, cjkFont;  // the files (empty: ImGui's own font / no CJK font)
};
FontAtlasInfo fontAtlasInfo();

/// The CJK font files tried in order: $SATLAB_CJK_FONT when set (empty or "none": no CJK
/// font), else Debian's WenQuanYi Micro Hei, WenQuanYi Zen Hei and Noto Sans CJK (the web
/// page: the subset it embeds).
std::vector<std::string> cjkFontCandidates();

/// True for the characters every build loads (Latin, Greek, Cyrillic, general punctuation,
/// the replacement mark): the UI's own strings keep to these, so they need no noting.
bool alwaysInAtlas(char32_t c);

/// Characters noted in use that the atlas has no glyph for, ascending (control characters
/// are not drawn and not counted).
std::vector<char32_t> missingGlyphs();
/// Glyphs in `data` drawn as a font's fallback glyph (the replacement mark): characters
/// ImGui was asked to draw that the atlas lacks, wherever the text came from.
int fallbackGlyphsDrawn(const ImDrawData* data);
/// "none", or the missing characters ("U+4E2D 中, U+6587 文") and the fallback glyphs
/// drawn in the last frame.
std::string missingGlyphsReport(int fallbackDrawn);

}  // namespace satlab
