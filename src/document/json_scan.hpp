// A small JSON scanner for the fast readers of scenes and recordings (scene_fast_load.hpp):
// one value read into a flat, reusable buffer of nodes, with no tree of allocations. It
// takes only the plain JSON that satlab and the engines write: strings of printable ASCII
// without escapes, numbers within the float range, nesting at most kMaxScanDepth deep, no
// key twice in one object. Anything else is "unusual" and the caller hands the text to the
// reference reader (json_fields.hpp over nlohmann), which says what is wrong with it, if
// anything. So the scanner never words a message, and whatever it accepts, nlohmann reads
// as the same values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace satlab {

/// Deepest nesting the scanner takes (a scene shape needs 4: shape, motion, path, key).
inline constexpr std::size_t kMaxScanDepth = 16;
/// Most values one scan takes: a node is some 70 bytes, many times a short number's text,
/// so a value larger than this (a huge inline mesh) is left to the reference reader, whose
/// file size limit bounds its memory, or refused in a larger file.
inline constexpr std::size_t kMaxScanNodes = 1u << 20;
/// Most members of one object the scanner takes (its duplicate check is quadratic).
inline constexpr std::size_t kMaxScanMembers = 32;

/// One value of the flat buffer, in document order: an array's or object's children follow
/// it, each child's subtree before the next child.
struct ScanNode {
  enum class Kind : std::uint8_t { Null, False, True, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool integer = false;      ///< a number written without '.' or exponent
  bool digitsKnown = false;  ///< a number of at most 15 significant digits: exponent, decimals set
  /// A number's shortest scientific text ("1.25e-03": exponent -3, decimals 2), known from
  /// its digits when they are at most 15 (then no other text as short reads as the same double).
  std::int16_t exponent = 0, decimals = 0;
  std::uint32_t size = 0;  ///< an array's or object's children
  std::uint32_t end = 0;   ///< index one past this value's subtree
  std::string_view key;    ///< the key of an object's member
  std::string_view text;   ///< a string's characters, or a number's token
  double number = 0.0;     ///< a number's value (correctly rounded, as nlohmann and strtod read it)
};

enum class ScanStatus {
  Ok,        ///< one value read
  NeedMore,  ///< the text ends inside the value (read more and scan again from the start)
  Unusual,   ///< not plain JSON as above: leave it to the reference reader
};

/// Reads one value after any whitespace at the start of `text` into `nodes` (cleared
/// first; views point into `text`). On Ok, `used` is the bytes read, whitespace before
/// the value included. A number that reaches the end of `text` is NeedMore (more digits
/// may follow).
ScanStatus scanValue(std::string_view text, std::size_t& used, std::vector<ScanNode>& nodes);

/// The child of node `parent` (an object) with key `key`, or 0 when there is none (0 is
/// never a child's index).
std::size_t scanMember(const std::vector<ScanNode>& nodes, std::size_t parent, std::string_view key);

/// Whitespace as JSON defines it: space, tab, line feed, carriage return.
inline bool isJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace satlab
