#include "document/number_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <version>

namespace satlab {

#if defined(__cpp_lib_to_chars)

namespace {
template <class T, class... Format>
std::string toChars(T v, Format... format) {
  char buf[400];
  const auto res = std::to_chars(buf, buf + sizeof buf, v, format...);
  return res.ec == std::errc() ? std::string(buf, res.ptr) : std::string();
}
}  // namespace

std::string shortestScientific(double d) { return toChars(d, std::chars_format::scientific); }
std::string shortestFixed(double d) { return toChars(d, std::chars_format::fixed); }
std::string shortestFloat(float f) { return toChars(f); }

#else

std::string shortestScientific(double d) { return printfShortestScientific(d); }
std::string shortestFixed(double d) { return printfShortestFixed(d); }
std::string shortestFloat(float f) { return printfShortestFloat(f); }

#endif

std::string printfShortestScientific(double d) {
  if (!std::isfinite(d)) return std::isnan(d) ? "nan" : (d < 0 ? "-inf" : "inf");
  char buf[64];
  // The correctly rounded significand of 1, 2, ... 17 digits: the first that reads back.
  for (int decimals = 0; decimals <= 16; ++decimals) {
    std::snprintf(buf, sizeof buf, "%.*e", decimals, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  return buf;
}

std::string printfShortestFixed(double d) {
  const std::string sci = printfShortestScientific(d);
  const std::size_t e = sci.find('e');
  if (e == std::string::npos) return sci;
  const bool negative = sci[0] == '-';
  std::string digits;  // the significand's digits without sign and point
  for (std::size_t i = negative ? 1 : 0; i < e; ++i) {
    if (sci[i] != '.') digits += sci[i];
  }
  const int exponent = std::atoi(sci.c_str() + e + 1);
  // The point goes after digit number exponent + 1 (counting from one).
  const int point = exponent + 1;
  std::string out = negative ? "-" : "";
  if (point <= 0) {
    out += "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  } else if (static_cast<std::size_t>(point) >= digits.size()) {
    // A whole number: every form has as many characters, and to_chars then writes the one
    // nearest the value, its exact digits (which printf's %.0f gives).
    char whole[400];
    std::snprintf(whole, sizeof whole, "%.0f", d);
    return whole;
  } else {
    out += digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
  }
  return out;
}

std::string printfShortestFloat(float f) {
  if (!std::isfinite(f)) return std::isnan(f) ? "nan" : (f < 0 ? "-inf" : "inf");
  char buf[64];
  for (int decimals = 0; decimals <= 8; ++decimals) {
    std::snprintf(buf, sizeof buf, "%.*e", decimals, static_cast<double>(f));
    if (std::strtof(buf, nullptr) == f) break;
  }
  return buf;
}

}  // namespace satlab
