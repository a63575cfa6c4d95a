// Writing JSON for people as well as programs: floats in their shortest exact form and a
// compact layout (internal to src/document).
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace satlab {

/// A JSON number for `f` that loads back (parsed as a double, then narrowed to float) as
/// exactly `f`, with as few digits as possible: 0.1f is written 0.1, not
/// 0.10000000149011612. Non-finite values become null (JSON has no NaN or infinity).
nlohmann::ordered_json floatToJson(float f);

/// The shortest JSON text for `d` that parses back as exactly `d`: the fewest digits, in
/// fixed or exponent form, whichever is shorter, with a bare exponent ("1e9", "2.5e-7",
/// "0", "100"). Never longer than any other JSON number text of the same double, so a
/// value written this way takes no more bytes than the text it was read from.
std::string compactNumberText(double d);

/// `value` with no whitespace and compactNumberText numbers, ending with a newline:
/// the smallest text of the value this writer makes (strings are escaped minimally:
/// only quotes, backslashes and control characters, as any JSON text must).
std::string compactJson(const nlohmann::ordered_json& value);

/// Indented text, 2 spaces per level. Arrays of scalars and arrays of such arrays are
/// always on one line ("axes": [[1.0, 0.0, 0.0], ...]); an object whose members are all
/// such values (a shape, say) is on one line when that line ends within `width`
/// columns; anything else has one member per line. Invalid UTF-8 in strings is
/// replaced, never thrown. Ends with a newline.
std::string prettyJson(const nlohmann::ordered_json& value, std::size_t width = 100);

}  // namespace satlab
