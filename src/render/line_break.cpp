#include "render/line_break.hpp"

#include "base/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace satlab {

namespace {

bool isSpace(char32_t c) { return c == U' ' || c == U'\t' || c == 0x3000; }

bool inRange(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }

/// No line may start with one of these (UAX #14 classes CL, CP, IS, EX and NS: closing
/// brackets and quotes, commas and stops, small kana, iteration and prolonged sound marks;
/// and the signs that follow a number).
constexpr std::u32string_view kClosing =
    U")]},.;:!?%\u2019\u201D…‥‰′″°℃"
    U"、。〉》」』】〕〗〙〛〞〟々〻ゝゞヽヾー・゠！）。，．：；？］｝％｡｣､･"
    U"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ";

/// No line may end with one of these (UAX #14 class OP, the opening quotes, and the
/// currency signs written before a number in CJK text).
constexpr std::u32string_view kOpening = U"([{\u2018\u201C〈《「『【〔〖〘〚〝（［｛｢＄￥￡";

bool isClosing(char32_t c) { return kClosing.find(c) != std::u32string_view::npos || inRange(c, 0x31F0, 0x31FF); }

bool isOpening(char32_t c) { return kOpening.find(c) != std::u32string_view::npos; }

}  // namespace

bool isCjk(char32_t c) {
  return inRange(c, 0x2E80, 0x2FFF) ||  // radicals, ideographic description
         inRange(c, 0x3000, 0x303F) ||  // CJK symbols and punctuation
         inRange(c, 0x3040, 0x31FF) ||  // kana, bopomofo, Hangul compatibility jamo, strokes
         inRange(c, 0x3200, 0x4DBF) ||  // enclosed CJK, compatibility, extension A
         inRange(c, 0x4E00, 0x9FFF) ||  // the unified ideographs
         inRange(c, 0xA000, 0xA4CF) ||  // Yi
         inRange(c, 0xAC00, 0xD7AF) ||  // Hangul syllables
         inRange(c, 0xF900, 0xFAFF) ||  // compatibility ideographs
         inRange(c, 0xFE30, 0xFE4F) ||  // vertical and compatibility forms
         inRange(c, 0xFF00, 0xFFEF) ||  // fullwidth and halfwidth forms
         inRange(c, 0x20000, 0x3FFFF);  // the supplementary ideographic planes
}

bool mayBreakBetween(char32_t before, char32_t after) {
  if (isSpace(after)) return false;  // the line ends after the spaces, not before them
  if (isSpace(before)) return true;
  if (isClosing(after) || isOpening(before)) return false;
  return isCjk(before) || isCjk(after);
}

std::vector<LineSpan> breakLines(std::string_view text, float width, const CharAdvance& advance) {
  std::vector<LineSpan> lines;
  const float limit = std::isfinite(width) && width > 0.0f ? width : 0.0f;
  constexpr std::size_t kNone = ~std::size_t{0};
  std::size_t lineStart = 0;
  std::size_t contentEnd = 0;   // the end of the line's last character that is not a space
  float lineWidth = 0.0f;       // of [lineStart, i), spaces included
  std::size_t breakAt = kNone;  // the last place the line may end: the next line's start
  std::size_t endAtBreak = 0;   // the line's end (its spaces left out) if it ends there
  float widthAtBreak = 0.0f;
  char32_t before = 0;
  const auto startLine = [&](std::size_t at) {
    lineStart = at;
    contentEnd = at;
    lineWidth = 0.0f;
    breakAt = kNone;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t c = 0;
    const std::size_t n = decodeUtf8(text, i, c);
    if (c == U'\n') {
      lines.push_back(LineSpan{lineStart, contentEnd});
      startLine(i + n);
      before = 0;
      i += n;
      continue;
    }
    const bool space = isSpace(c);
    if (i > lineStart && mayBreakBetween(before, c)) {
      breakAt = i;
      endAtBreak = contentEnd;
      widthAtBreak = lineWidth;
    }
    const float w = std::isfinite(advance(c)) ? std::max(advance(c), 0.0f) : 0.0f;
    if (!space && i > lineStart && lineWidth + w > limit) {
      if (breakAt != kNone && endAtBreak > lineStart) {
        // At the last opportunity: what followed it moves to the next line.
        lines.push_back(LineSpan{lineStart, endAtBreak});
        const std::size_t end = contentEnd;
        const float carried = lineWidth - widthAtBreak;
        startLine(breakAt);
        contentEnd = std::max(end, lineStart);
        lineWidth = carried;
      }
      if (i > lineStart && lineWidth + w > limit) {
        // A run wider than the line (or no opportunity in it): cut before this character.
        lines.push_back(LineSpan{lineStart, std::max(contentEnd, lineStart)});
        startLine(i);
      }
    }
    lineWidth += w;
    if (!space) contentEnd = i + n;
    before = c;
    i += n;
  }
  lines.push_back(LineSpan{lineStart, std::max(contentEnd, lineStart)});
  return lines;
}

}  // namespace satlab
