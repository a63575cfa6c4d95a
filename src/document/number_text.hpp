// The shortest decimal text of a number that reads back as the same number, as C++17's
// std::to_chars writes it. Where the standard library has floating-point to_chars
// (libstdc++ on the desktop) it is used; where it has not (the libc++ of Debian's
// emscripten, in the browser build), the same digits are found with printf and strtod.
#pragma once

#include <string>

namespace satlab {

/// "1.2345e+05": the shortest significand that reads back as `d`, in scientific form.
std::string shortestScientific(double d);
/// "123450", "0.0000001": the same shortest digits, written without an exponent.
std::string shortestFixed(double d);
/// The shortest text that reads back (strtof) as `f`, in either form.
std::string shortestFloat(float f);

/// The printf and strtod way to the same texts, used where to_chars is missing (and
/// compared with to_chars by the tests where it is not).
std::string printfShortestScientific(double d);
std::string printfShortestFixed(double d);
std::string printfShortestFloat(float f);

}  // namespace satlab
