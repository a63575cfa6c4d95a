#include "render/display_text.hpp"

#include "i18n/i18n.hpp"

#include <cstdio>

namespace satlab {

namespace {

bool isContinuation(unsigned char c) { return (c & 0xC0u) == 0x80u; }

bool isControl(unsigned char c) { return c < 0x20u || c == 0x7Fu; }

}  // namespace

std::size_t utf8Prefix(std::string_view text, std::size_t maxBytes) {
  if (text.size() <= maxBytes) return text.size();
  std::size_t n = maxBytes;
  // Step back over continuation bytes (at most three in valid UTF-8) to a lead byte.
  for (int back = 0; back < 3 && n > 0 && isContinuation(static_cast<unsigned char>(text[n])); ++back) --n;
  return n;
}

bool needsOneLine(std::string_view text, std::size_t maxBytes) {
  if (text.size() > maxBytes) return true;
  for (char c : text) {
    if (isControl(static_cast<unsigned char>(c))) return true;
  }
  return false;
}

std::string oneLineText(std::string_view text, std::size_t maxBytes) {
  const std::size_t n = utf8Prefix(text, maxBytes);
  std::string out(text.substr(0, n));
  for (char& c : out) {
    if (isControl(static_cast<unsigned char>(c))) c = ' ';
  }
  if (n < text.size()) out += "...";
  return out;
}

std::string shortenedText(std::string_view text, std::size_t maxBytes) {
  const std::size_t n = utf8Prefix(text, maxBytes);
  std::string out(text.substr(0, n));
  for (char& c : out) {
    if (c != '\n' && isControl(static_cast<unsigned char>(c))) c = ' ';
  }
  if (n < text.size()) {
    const std::size_t more = text.size() - n;
    char buf[160];
    std::snprintf(
        buf, sizeof buf,
        trn("\n... (%zu more byte not shown)", "\n... (%zu more bytes not shown)", static_cast<long long>(more)), more);
    out += buf;
  }
  return out;
}

}  // namespace satlab
