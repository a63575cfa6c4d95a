#include "ui/long_text.hpp"

#include "ui/font_atlas.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_internal.h>

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

constexpr std::size_t kMaxLineBytes = 1000;

}  // namespace

void WrappedTextView::layout(std::string_view text, float fullWidth, float visibleHeight) {
  prepare(text, fullWidth);
  const bool needScroll = static_cast<float>(fullLines_) * ImGui::GetTextLineHeight() > visibleHeight;
  if (needScroll != scrolled_) {
    wrapAt(needScroll ? fullWidth - ImGui::GetStyle().ScrollbarSize : fullWidth);
    scrolled_ = needScroll;
  }
}

float WrappedTextView::heightNow(std::string_view text) {
  prepare(text, std::max(ImGui::GetContentRegionAvail().x, 1.0f));
  return static_cast<float>(fullLines_) * ImGui::GetTextLineHeight();
}

void WrappedTextView::prepare(std::string_view text, float fullWidth) {
  const ImFont* font = ImGui::GetFont();
  const float fontSize = ImGui::GetFontSize();
  const std::uint64_t hash = hashOf(text);
  // A rebuilt font atlas (new characters loaded) changes the advances of the characters it
  // added: the text is wrapped again.
  const bool textChanged = hash != hash_ || text.size() != size_ || font != font_ || fontSize != fontSize_ ||
                           fontAtlasGeneration() != atlasGeneration_;
  if (textChanged) {
    atlasGeneration_ = fontAtlasGeneration();
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
}

void WrappedTextView::wrapAt(float width) {
  lines_.clear();
  const float fontSize = ImGui::GetFontSize();
  const float wrapWidth = std::max(width, fontSize);  // at least a character's room
  // satlab's line breaking (render/line_break.hpp): between CJK characters and at spaces,
  // never inside a number. Then no line of thousands of glyphs, whatever the font says they
  // measure: a longer one is cut at a character's start.
  for (const LineSpan& l : wrapInCurrentFont(shown_, wrapWidth)) {
    std::size_t s = l.begin;
    while (l.end - s > kMaxLineBytes) {
      std::size_t brk = s + kMaxLineBytes;
      while (brk > s + 1 && (static_cast<unsigned char>(shown_[brk]) & 0xC0u) == 0x80u) --brk;
      lines_.push_back(Line{static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(brk)});
      s = brk;
    }
    lines_.push_back(Line{static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(l.end)});
  }
}

void WrappedTextView::draw(const char* id, std::string_view text, float height) {
  // The child's size, known before it opens: the width is the same with or without a scroll
  // bar, so the wrap does not flip between two widths.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // Whole pixels, as ImGui sizes the child (it floors the size): a text a fraction of a
  // pixel taller than that gets ImGui's scroll bar, so it is wrapped beside one.
  const float visible = std::floor(height > 0.0f ? height : std::max(avail.y + height, 1.0f));
  layout(text, std::max(avail.x, 1.0f), visible);
  if (wrapReportOn()) {
    std::vector<LineSpan> spans;
    for (const Line& l : lines_) spans.push_back(LineSpan{l.begin, l.end});
    noteWrappedLines(shown_, spans);
  }
  const float lineHeight = ImGui::GetTextLineHeight();
  lastHeight_ = static_cast<float>(lines_.size()) * lineHeight;
  // The text's height this frame, not the last one's: a child that grew wider (the lesson
  // card widens to fit its text) would otherwise keep last frame's scroll bar for a frame
  // beside text wrapped to its full width.
  ImGui::SetNextWindowContentSize(ImVec2(0.0f, lastHeight_));
  ImGui::BeginChild(id, ImVec2(0.0f, height), false);
  // ImGui decides the child's scroll bar partly from its last frame, so for a frame after
  // the child grew (the docked lesson panel settling) it can show one beside text that now
  // fits: the text is wrapped for the scroll bar actually shown, never under it.
  if (const bool bar = ImGui::GetCurrentWindow()->ScrollbarY; bar != scrolled_) {
    wrapAt(bar ? fullWidth_ - ImGui::GetStyle().ScrollbarSize : fullWidth_);
    scrolled_ = bar;
    lastHeight_ = static_cast<float>(lines_.size()) * lineHeight;
  }
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
