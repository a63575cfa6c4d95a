// Long scene text (a lesson's notes, a scene's notes) shown wrapped (by satlab's line
// breaking, ui/wrapped_text.hpp) and scrollable at a
// cost independent of its length. Dear ImGui's wrapped text emits a quad for every glyph
// below the visible part too, and its draw lists are indexed with 16 bits: notes of about
// 16,000 characters abort it. Here the text is wrapped once into lines (again only when
// the text, the width or the font changes) and only the lines in view are drawn, through
// ImGuiListClipper: each frame costs the visible lines, whatever the text's length.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct ImFont;

namespace satlab {

class WrappedTextView {
 public:
  /// A child window `id` of `height` pixels (0: all the space left; negative: all but that
  /// much) showing `text` wrapped to the child's width, scrollable when it does not fit.
  /// Needs an ImGui frame and an open window.
  void draw(const char* id, std::string_view text, float height);
  /// The height the whole text took when last drawn (0 before the first draw): for sizing
  /// a child that is no taller than its text.
  float lastHeight() const { return lastHeight_; }
  /// The height of the whole text wrapped to the width draw() would give it now, in the
  /// current font, without a scroll bar: for sizing a child in the frame that draws it (the
  /// font or the width may have changed since the last draw). Needs an open window.
  float heightNow(std::string_view text);
  /// Lines of the last wrap (for tests and measurements).
  std::size_t lineCount() const { return lines_.size(); }
  /// Line `i` (< lineCount()) of the last wrap, as shown (for tests).
  std::string_view line(std::size_t i) const {
    return std::string_view(shown_).substr(lines_[i].begin, lines_[i].end - lines_[i].begin);
  }

 private:
  void layout(std::string_view text, float fullWidth, float visibleHeight);
  /// The wrap at the full width, redone when the text, the font or the width changed.
  void prepare(std::string_view text, float fullWidth);
  void wrapAt(float width);

  struct Line {
    std::uint32_t begin, end;  // byte range in shown_
  };
  std::string shown_;       // the text with control characters (but line breaks) as spaces
  std::uint64_t hash_ = 0;  // of the text last wrapped
  std::size_t size_ = ~std::size_t{0};
  float fullWidth_ = -1.0f;    // the child's width, scroll bar included
  std::size_t fullLines_ = 0;  // lines when wrapped to fullWidth_
  bool scrolled_ = false;      // lines_ are wrapped beside the scroll bar
  const ImFont* font_ = nullptr;
  float fontSize_ = 0.0f;
  int atlasGeneration_ = -1;  // fontAtlasGeneration() of the last wrap
  std::vector<Line> lines_;
  float lastHeight_ = 0.0f;
};

}  // namespace satlab
