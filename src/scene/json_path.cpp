#include "scene/json_path.hpp"

#include <cstdio>

namespace satlab {
namespace {

bool isIdentifier(std::string_view key) {
  if (key.empty()) return false;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!alpha && !(digit && i > 0)) return false;
  }
  return true;
}

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is not one.
std::size_t utf8Length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t n = 0;
  if (b >= 0xc2 && b <= 0xdf)
    n = 2;
  else if (b >= 0xe0 && b <= 0xef)
    n = 3;
  else if (b >= 0xf0 && b <= 0xf4)
    n = 4;
  else
    return 0;
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  }
  return n;
}

}  // namespace

std::string jsonPathKey(const std::string& path, std::string_view key) {
  if (isIdentifier(key)) return path.empty() ? std::string(key) : path + "." + std::string(key);
  // Escape quotes and backslashes first, so that printable's \xNN stays unambiguous.
  std::string escaped;
  for (char c : key) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return path + "[\"" + printable(escaped) + "\"]";
}

std::string jsonPathIndex(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

std::string printable(std::string_view text, std::size_t maxBytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < maxBytes) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    if (b >= 0x20 && b < 0x7f) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    if (b >= 0x80) {
      if (const std::size_t n = utf8Length(text, i)) {
        // U+0080..U+009F (C2 80..C2 9F) are the C1 controls: U+0085 breaks the line and
        // U+009B is CSI, which terminals obey like ESC [. Escaped like the C0 controls.
        const unsigned char b1 = static_cast<unsigned char>(text[i + 1]);
        if (n == 2 && b == 0xc2 && b1 <= 0x9f) {
          char esc[8];
          std::snprintf(esc, sizeof esc, "\\u%04x", b1);
          out += esc;
          i += n;
          continue;
        }
        out.append(text.substr(i, n));
        i += n;
        continue;
      }
    }
    char esc[8];
    std::snprintf(esc, sizeof esc, "\\x%02x", b);
    out += esc;
    ++i;
  }
  if (i < text.size()) out += "...";
  return out;
}

std::string quotedExcerpt(std::string_view text, std::size_t maxChars) {
  std::size_t end = 0;
  for (std::size_t chars = 0; end < text.size() && chars < maxChars; ++chars) {
    const std::size_t n = static_cast<unsigned char>(text[end]) >= 0x80 ? utf8Length(text, end) : 0;
    end += n > 0 ? n : 1;
  }
  const std::string shown = printable(text.substr(0, end), std::string::npos);
  if (end >= text.size()) return "'" + shown + "'";
  return "'" + shown + "\xe2\x80\xa6" /* … */ "' (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace satlab
