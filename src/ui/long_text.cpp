#include "ui/long_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

namespace {

/// FNV-1a: tells a changed text from the one already wrapped (cheap next to drawing).
std::uint64_t hashOf(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

constexpr std::ptrdiff_t kMaxLineBytes = 1000;

/// The start of the UTF-8 character after the one at `s` (one byte for invalid input).
const char* nextChar(const char* s, const char* end) {
  const char* p = s + 1;
  while (p < end && (static_cast<unsigned char>(*p) & 0xC0u) == 0x80u && p - s < 4) ++p;
  return p;
}

bool isBlank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

void WrappedTextView::layout(std::string_view text, float fullWidth, float visibleHeight) {
  const ImFont* font = ImGui::GetFont();
  const float fontSize = ImGui::GetFontSize();
  const std::uint64_t hash = hashOf(text);
  const bool textChanged = hash != hash_ || text.size() != size_ || font != font_ || fontSize != fontSize_;
  if (textChanged) {
    hash_ = hash;
    size_ = text.size();
    font_ = font;
    fontSize_ = fontSize;
    // Lines are indexed with 32 bits: beyond 4 GB (far past any loadable scene) the rest is cut.
    const std::size_t keep = std::min<std::size_t>(text.size(), std::numeric_limits<std::uint32_t>::max() - 1);
    shown_.assign(text.substr(0, keep));
    for (char& c : shown_) {
      const unsigned char u = static_cast<unsigned char>(c);
      if ((u < 0x20u && c != '\n') || u == 0x7Fu) c = ' ';  // tabs, NUL, escapes: a space
    }
  }
  // Wrapped to the full width while the text fits; to the width beside the scroll bar once
  // it does not. Each wrap is kept until the text, the font, the width or the fit changes.
  if (textChanged || fullWidth != fullWidth_) {
    wrapAt(fullWidth);
    fullWidth_ = fullWidth;
    fullLines_ = lines_.size();
    scrolled_ = false;
  }
  const bool needScroll = static_cast<float>(fullLines_) * ImGui::GetTextLineHeight() > visibleHeight;
  if (needScroll != scrolled_) {
    wrapAt(needScroll ? fullWidth - ImGui::GetStyle().ScrollbarSize : fullWidth);
    scrolled_ = needScroll;
  }
}

void WrappedTextView::wrapAt(float width) {
  lines_.clear();
  ImFont* font = ImGui::GetFont();
  const float fontSize = ImGui::GetFontSize();
  const float scale = fontSize / std::max(font->FontSize, 1.0f);
  const float wrapWidth = std::max(width, fontSize);  // at least a character's room
  const char* const base = shown_.data();
  const char* const end = base + shown_.size();
  const char* p = base;
  while (p <= end) {
    const char* eol = std::find(p, end, '\n');
    // One paragraph, wrapped at the font's word boundaries (words wider than a line are
    // cut anywhere); blanks at the start of a wrapped line are skipped, as ImGui does.
    const char* s = p;
    do {
      const char* brk = s < eol ? font->CalcWordWrapPositionA(scale, s, eol, wrapWidth) : eol;
      // ImGui also breaks after punctuation inside a word ("0." / "94"): break at the
      // blank before that word instead, so a number is never cut in two. Only a word
      // wider than the whole line is still cut.
      if (brk > s && brk < eol && !isBlank(brk[-1]) && !isBlank(*brk)) {
        const char* blank = brk;
        while (blank > s && !isBlank(blank[-1])) --blank;
        if (blank > s) brk = blank;
      }
      if (brk <= s && s < eol) brk = nextChar(s, eol);  // always progress
      // And never a line of thousands of glyphs, whatever the font says they measure.
      if (brk - s > kMaxLineBytes) {
        brk = s + kMaxLineBytes;
        while (brk > s + 1 && (static_cast<unsigned char>(*brk) & 0xC0u) == 0x80u) --brk;
      }
      lines_.push_back(Line{static_cast<std::uint32_t>(s - base), static_cast<std::uint32_t>(brk - base)});
      s = brk;
      while (s < eol && (*s == ' ' || *s == '\t')) ++s;
    } while (s < eol);
    if (eol == end) break;
    p = eol + 1;
  }
}

void WrappedTextView::draw(const char* id, std::string_view text, float height) {
  // The child's size, known before it opens: the width is the same with or without a scroll
  // bar, so the wrap does not flip between two widths.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float visible = height > 0.0f ? height : std::max(avail.y + height, 1.0f);
  layout(text, std::max(avail.x, 1.0f), visible);
  const float lineHeight = ImGui::GetTextLineHeight();
  lastHeight_ = static_cast<float>(lines_.size()) * lineHeight;
  // The text's height this frame, not the last one's: a child that grew wider (the lesson
  // card widens to fit its text) would otherwise keep last frame's scroll bar for a frame
  // beside text wrapped to its full width.
  ImGui::SetNextWindowContentSize(ImVec2(0.0f, lastHeight_));
  ImGui::BeginChild(id, ImVec2(0.0f, height), false);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));  // as one block
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(std::min<std::size_t>(lines_.size(), std::numeric_limits<int>::max())), lineHeight);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const Line& l = lines_[static_cast<std::size_t>(i)];
      ImGui::TextUnformatted(shown_.data() + l.begin, shown_.data() + l.end);
    }
  }
  clipper.End();
  ImGui::PopStyleVar();
  ImGui::EndChild();
}

}  // namespace satlab
