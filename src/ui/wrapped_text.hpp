// Wrapped text in the panels, broken into lines by satlab's own rules
// (render/line_break.hpp: between CJK characters, at spaces, never inside a number) in
// place of ImGui::TextWrapped, whose word wrap runs Chinese text on as one word and cuts
// "0.292" after its point. Every panel, card, bar and dialog that wraps text goes through
// here (or through WrappedTextView, ui/long_text.hpp, for text that scrolls).
#pragma once

#include "render/line_break.hpp"

#include <imgui.h>

#include <cstdarg>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

/// As ImGui::TextWrapped: the formatted text wrapped at the wrap position pushed with
/// ImGui::PushTextWrapPos (0: the window's right edge), else at the window's right edge.
void textWrapped(const char* format, ...) IM_FMTARGS(1);
void textWrappedV(const char* format, va_list args) IM_FMTLIST(1);
/// The same in `color`, and in the style's disabled text colour.
void textWrappedColored(const ImVec4& color, const char* format, ...) IM_FMTARGS(2);
void textWrappedDisabled(const char* format, ...) IM_FMTARGS(1);
/// The same for text that is not a format (a scene's title, a message).
void textWrappedUnformatted(std::string_view text);

/// The advance of each character in the current font at its current size, in pixels.
CharAdvance currentFontAdvance();
/// `text` broken into lines at most `width` pixels wide in the current font.
std::vector<LineSpan> wrapInCurrentFont(std::string_view text, float width);
/// `text` with a line break at each place wrapInCurrentFont breaks it (what is drawn).
std::string wrappedInCurrentFont(std::string_view text, float width);

/// Scripted runs: each text of the current frame that wrapped onto more than one line, its
/// lines joined by " ⏎ ", for the run's report ("satlab: wrapped: ..."), so that a test sees
/// where every line ended. Off (and free) unless turned on.
void setWrapReport(bool on);
bool wrapReportOn();
void noteWrappedLines(std::string_view text, const std::vector<LineSpan>& lines);
const std::vector<std::string>& wrappedThisFrame();

}  // namespace satlab
