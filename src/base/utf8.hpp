// UTF-8 decoding, the one rule for what is a character in text from outside: text layout
// and line breaking, the characters a text uses (the font atlas), text made printable for
// messages (printable.hpp), names checked in a scene. Pure: no GL, no ImGui.
#pragma once

#include <cstddef>
#include <string_view>

namespace satlab {

/// The code point U+FFFD, what a byte sequence that is not UTF-8 decodes to (and what the
/// UI's font draws for a character it has no glyph for).
inline constexpr char32_t kReplacementChar = 0xFFFD;

/// Decodes the character at `text[at]` and returns its length in bytes (at least 1, at
/// most what is left). A malformed sequence (a stray continuation byte, a lead byte
/// without its continuations, an overlong form, a surrogate, a value past U+10FFFF) is one
/// byte long and decodes to U+FFFD, so that decoding always advances and never reads past
/// the end.
std::size_t decodeUtf8(std::string_view text, std::size_t at, char32_t& out);

/// The length in bytes (1 to 4) of the valid UTF-8 sequence that starts at `text[at]`, or 0
/// when none does there (by decodeUtf8's rule: a malformed sequence is not a character).
std::size_t utf8Length(std::string_view text, std::size_t at);

}  // namespace satlab
