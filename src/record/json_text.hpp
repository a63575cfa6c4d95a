// The JSON text of a recording's lines: numbers as satlab reads them back exactly, strings
// escaped, and the checks on names and strings that the loader applies, so that a line the
// recorder writes is a line satlab loads. Locale-independent (std::to_chars): an engine
// that sets LC_NUMERIC to a decimal comma still writes "0.5".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace satlab::record {

/// `v` as `%.9g` would print it: 9 significant digits, enough that the float read back is
/// `v` itself, and never more digits than a float keeps.
void appendFloat(std::string& out, float v);
/// A time in seconds, 9 significant digits of the double.
void appendSeconds(std::string& out, double v);
void appendInteger(std::string& out, std::int64_t v);
/// [x, y, z]
void appendVec3(std::string& out, const float* v);
/// `s` as a JSON string, quotes included: `"` and `\` escaped, control characters (and DEL)
/// as \u00XX; other bytes as they are (the caller has checked they are UTF-8).
void appendString(std::string& out, std::string_view s);

/// Whether `s` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool isUtf8(std::string_view s);
/// Why `s` cannot be a shape's name (or a group's): empty when it can. A name is 1 to 256
/// bytes of UTF-8 without control characters (U+0000-U+001F, U+007F, U+0080-U+009F), the
/// scene format's rule.
std::string nameProblem(std::string_view s);
/// `s` quoted for a message, cut at 64 bytes.
std::string quoted(std::string_view s);

}  // namespace satlab::record
