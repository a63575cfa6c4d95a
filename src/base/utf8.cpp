#include "base/utf8.hpp"

namespace satlab {

std::size_t decodeUtf8(std::string_view text, std::size_t at, char32_t& out) {
  out = kReplacementChar;
  if (at >= text.size()) return 1;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80u) {
    out = lead;
    return 1;
  }
  std::size_t length = 0;
  char32_t value = 0, least = 0;
  if ((lead & 0xE0u) == 0xC0u) {
    length = 2, value = lead & 0x1Fu, least = 0x80;
  } else if ((lead & 0xF0u) == 0xE0u) {
    length = 3, value = lead & 0x0Fu, least = 0x800;
  } else if ((lead & 0xF8u) == 0xF0u) {
    length = 4, value = lead & 0x07u, least = 0x10000;
  } else {
    return 1;  // a continuation byte or 0xF8..0xFF where a character should start
  }
  if (text.size() - at < length) return 1;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0u) != 0x80u) return 1;
    value = (value << 6) | (byte(i) & 0x3Fu);
  }
  if (value < least || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 1;
  out = value;
  return length;
}

std::size_t utf8Length(std::string_view text, std::size_t at) {
  if (at >= text.size()) return 0;
  if (static_cast<unsigned char>(text[at]) < 0x80u) return 1;
  char32_t c = 0;
  const std::size_t n = decodeUtf8(text, at, c);
  return n > 1 ? n : 0;  // a lead byte >= 0x80 starts a sequence of 2 to 4 bytes, or none
}

}  // namespace satlab
