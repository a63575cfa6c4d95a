#include "json_text.hpp"

#include <charconv>
#include <system_error>

namespace satlab::record {

void appendFloat(std::string& out, float v) {
  char buf[32];
  // Precision 9 in the general format is printf's %.9g, without the locale.
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 9);
  out.append(buf, r.ec == std::errc() ? r.ptr : buf);
}

void appendSeconds(std::string& out, double v) {
  char buf[32];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 9);
  out.append(buf, r.ec == std::errc() ? r.ptr : buf);
}

void appendInteger(std::string& out, std::int64_t v) {
  char buf[24];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ec == std::errc() ? r.ptr : buf);
}

void appendVec3(std::string& out, const float* v) {
  out += '[';
  appendFloat(out, v[0]);
  out += ", ";
  appendFloat(out, v[1]);
  out += ", ";
  appendFloat(out, v[2]);
  out += ']';
}

void appendString(std::string& out, std::string_view s) {
  static const char kHex[] = "0123456789abcdef";
  out += '"';
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\u00";
      out += kHex[u >> 4];
      out += kHex[u & 0xf];
    } else {
      out += c;
    }
  }
  out += '"';
}

bool isUtf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    std::uint32_t cp = 0, least = 0;
    if ((b0 & 0xe0) == 0xc0) {
      n = 1, cp = b0 & 0x1fu, least = 0x80;
    } else if ((b0 & 0xf0) == 0xe0) {
      n = 2, cp = b0 & 0x0fu, least = 0x800;
    } else if ((b0 & 0xf8) == 0xf0) {
      n = 3, cp = b0 & 0x07u, least = 0x10000;
    } else {
      return false;  // a continuation byte first, or 0xf8 and above
    }
    if (s.size() - i <= n) return false;
    for (std::size_t k = 1; k <= n; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3fu);
    }
    if (cp < least || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += n + 1;
  }
  return true;
}

std::string nameProblem(std::string_view s) {
  if (s.empty()) return "must not be empty";
  if (s.size() > 256) return "is " + std::to_string(s.size()) + " bytes long (at most 256)";
  if (!isUtf8(s)) return "is not UTF-8";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    // C1 controls are U+0080-U+009F: 0xc2 0x80 to 0xc2 0x9f in UTF-8.
    const bool c1 = u == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xa0;
    if (u < 0x20 || u == 0x7f || c1) return "must not contain control characters";
  }
  return {};
}

std::string quoted(std::string_view s) {
  std::size_t cut = s.size() <= 64 ? s.size() : 64;
  // Not inside a UTF-8 sequence: back to the byte that starts one.
  while (cut < s.size() && cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0) == 0x80) --cut;
  std::string out;
  appendString(out, s.substr(0, cut));
  if (cut < s.size()) out.insert(out.size() - 1, "...");
  return out;
}

}  // namespace satlab::record
