// A multi-line text field whose lines wrap at its width while the user types. Dear ImGui
// 1.86's InputTextMultiline does not wrap: a paragraph is one line that scrolls sideways
// under the cursor. Here the field holds the text with "soft" line breaks at the places a
// wrap would break it (a space turned into a line break, or a line break put before a
// character where a word is longer than the line, or between two CJK characters, which
// have no spaces), made again after every edit and whenever the width changes; the caller
// only ever sees the plain text, without them.
//
// An edit is read back as the difference between the field's text before and after it, so
// the user's own line breaks stay theirs; Backspace or Delete on a soft break removes the
// character beside it, as a wrapped editor does. The field's own undo (Ctrl+Z while typing)
// reaches back to the last time the lines broke differently.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace satlab {

/// A place where the shown text breaks a line the plain text does not: `replace`, the
/// space at byte `at` of the plain text is shown as a line break; else a line break is
/// shown before byte `at`.
struct SoftBreak {
  std::size_t at = 0;
  bool replace = false;
  bool operator==(const SoftBreak& o) const { return at == o.at && replace == o.replace; }
};

/// The soft breaks that fit `plain` into lines at most `width` wide, greedily: at the last
/// space that lets the line fit, else between two CJK characters, else before the first
/// character that does not fit (never inside a UTF-8 sequence; at least one character a
/// line). Spaces at a line's end may hang past the width. `advance` gives a character's
/// width (the font's advance: Dear ImGui draws a line as the sum of them). Sorted by `at`.
std::vector<SoftBreak> softBreaks(std::string_view plain, float width, const std::function<float(char32_t)>& advance);
/// `plain` as the field shows it, with `breaks` (sorted) applied.
std::string withSoftBreaks(std::string_view plain, const std::vector<SoftBreak>& breaks);
/// A byte position in the shown text (`breaks` applied) as a position in the plain text.
std::size_t plainPosition(std::size_t shownPos, const std::vector<SoftBreak>& breaks);
/// A position in the plain text in the shown one (after a break put in at that position).
std::size_t shownPosition(std::size_t plainPos, const std::vector<SoftBreak>& breaks);

class WrappingTextField {
 public:
  /// Draws the field `size` large (as ImGui::InputTextMultiline, `id` its label) editing
  /// `text`, the plain text. True when the user changed `text` this frame.
  bool draw(const char* id, std::string& text, const ImVec2& size);

  /// The text as the field shows it (soft breaks as line breaks), for tests.
  const std::string& shown() const { return shown_; }

 private:
  static int callback(ImGuiInputTextCallbackData* data);
  int onCallback(ImGuiInputTextCallbackData* data);
  void rewrap();
  /// The field's buffer replaced by shown_ (only the part that differs), the cursor at the
  /// plain position `plainCursor`.
  void rewrite(ImGuiInputTextCallbackData* data, std::size_t plainCursor);

  std::string plain_;                       // the text without soft breaks
  std::vector<SoftBreak> breaks_;           // where shown_ breaks it
  std::string shown_;                       // plain_ with breaks_: what the field should hold
  std::string field_;                       // the buffer ImGui edits (changed only outside its call)
  std::string before_;                      // the field's text as it was after the last callback
  float width_ = -1.0f;                     // the width breaks_ were made for
  float targetWidth_ = 0.0f;                // the field's width this frame
  std::size_t cursor_ = 0;                  // the cursor in the field after the last callback
  bool edited_ = false;                     // the user changed plain_ this frame
  std::function<float(char32_t)> advance_;  // the field's font, at its size
};

}  // namespace satlab
