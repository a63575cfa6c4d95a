#include "document/json_path.hpp"

#include "base/utf8.hpp"

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
