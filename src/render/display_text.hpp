// Scene text (titles, notes, shape names) made safe to draw: a scene file may hold any
// string, and Dear ImGui builds one vertex quad per visible glyph into draw lists indexed
// with 16 bits, so one very long string drawn at once aborts the program. Pure: no GL, no
// ImGui.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace satlab {

/// Longest shape name shown whole in lists and 3D labels, in bytes.
inline constexpr std::size_t kMaxShownNameBytes = 64;
/// Longest title shown whole on one line (window title, panel headers), in bytes.
inline constexpr std::size_t kMaxShownTitleBytes = 160;
/// Longest message shown whole in a dialog, in bytes (about 60 lines of a 560 px dialog).
inline constexpr std::size_t kMaxShownMessageBytes = 4000;

/// `text` for one line of display: control characters (newlines and tabs included) become
/// spaces, and text longer than `maxBytes` is cut at a UTF-8 character boundary and ends in
/// "..." (the result is then at most maxBytes + 3 bytes). Invalid UTF-8 is left to the font
/// (it draws a replacement glyph).
std::string oneLineText(std::string_view text, std::size_t maxBytes);

/// True when oneLineText(text, maxBytes) would differ from `text` (a quick check that
/// lets callers skip the copy for ordinary names).
bool needsOneLine(std::string_view text, std::size_t maxBytes);

/// `text` cut to at most `maxBytes` bytes at a UTF-8 character boundary, with a last line
/// saying how much was left out; line breaks are kept, other control characters become
/// spaces.
std::string shortenedText(std::string_view text, std::size_t maxBytes);

/// The largest n <= maxBytes such that text[0, n) ends on a UTF-8 character boundary.
std::size_t utf8Prefix(std::string_view text, std::size_t maxBytes);

}  // namespace satlab
