#include "base/printable.hpp"

#include <cstdio>

#include "base/utf8.hpp"

namespace satlab {

std::string printable(std::string_view text, std::size_t maxBytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < maxBytes) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    char esc[8];
    if (b >= 0x20 && b < 0x7f) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    if (b >= 0x80) {
      if (const std::size_t n = utf8Length(text, i)) {
        const unsigned char b1 = static_cast<unsigned char>(text[i + 1]);
        if (n == 2 && b == 0xc2 && b1 <= 0x9f) {  // C1 controls (U+0080..U+009F)
          std::snprintf(esc, sizeof esc, "\\u%04x", b1);
          out += esc;
        } else {
          out.append(text.substr(i, n));
        }
        i += n;
        continue;
      }
    }
    std::snprintf(esc, sizeof esc, "\\x%02x", b);
    out += esc;
    ++i;
  }
  if (i < text.size()) out += "...";
  return out;
}

}  // namespace satlab
