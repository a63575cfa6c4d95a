// Typed, path-aware readers for the scene loader (internal to src/document). Each reader
// either returns a validated value or throws FieldError naming the JSON path and the
// reason; parseScene catches it at its boundary, so nothing escapes the public API.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "document/scene.hpp"

namespace satlab {

using OrderedJson = nlohmann::ordered_json;

/// The first validation error of a scene file; thrown only inside the loader.
struct FieldError {
  std::string path;
  std::string message;
};

/// True when the double `d` rounds to a finite float (|d| below FLT_MAX plus half an
/// ulp). Values just above FLT_MAX, such as 3.4028235e38 (the shortest text for
/// FLT_MAX), round down to FLT_MAX and are accepted.
bool fitsFloat(double d);

[[noreturn]] void failAt(const std::string& path, std::string message);

/// A short description of a JSON value for messages: `string "abc"`, `number -2`,
/// `array of 4 elements`, `object`, `null`, `boolean true`.
std::string describeJson(const OrderedJson& v);

/// The member `key` of object `obj`, or nullptr when absent.
const OrderedJson* findMember(const OrderedJson& obj, std::string_view key);
/// The member `key` of `obj` (whose path is objPath), failing "missing field" if absent;
/// `what` finishes the sentence, e.g. "a sphere needs center and radius".
const OrderedJson& requireMember(const OrderedJson& obj, const std::string& objPath, std::string_view key,
                                 std::string_view what);

void requireObject(const OrderedJson& v, const std::string& path);
void requireArray(const OrderedJson& v, const std::string& path);

/// What the number readers noticed in one file, for one summary warning each (a file
/// from another program may hold thousands of such values; one line says it).
struct NumberNotes {
  /// Lengths and coordinates with 0 < |v| < kMinSceneLength, read as 0.
  std::size_t tiny = 0;
  std::string tinyPath, tinyText;
  /// Numbers whose 32-bit float does not keep every digit written: printed with as many
  /// digits as the text, the stored value is not the text (16777217 is stored as
  /// 16777216, 100002.001 as 100002, 0.30000000000000004 as 0.300000012). Saving writes
  /// the stored value, so these are the numbers a load -> save changes.
  std::size_t changed = 0;
  std::string changedPath, changedText;
  float changedValue = 0.0f;
};

/// NumberNotes::changed's test: whether the float `f` keeps every digit of `d`'s shortest
/// text, whose scientific form ("-1.2345e+05") has `decimals` digits after the point and
/// the exponent `exponent`. The readers below find those from the text of `d`; the fast
/// readers (scene_fast_load.hpp) from the file's own digits, when the two are the same.
bool keepsDigitsAt(float f, double d, int exponent, int decimals);
/// keepsDigitsAt with the digits of `d`'s shortest text.
bool keepsDigits(float f, double d);

/// A finite number within the float range (rotation values and colour components);
/// with `notes`, a value the float does not hold to the digits written is counted there.
float readFloat(const OrderedJson& v, const std::string& path, NumberNotes* notes = nullptr);
/// A length or coordinate (scene_load.hpp's contract): finite, |v| <= kMaxSceneCoordinate
/// (else an error), and a nonzero |v| below kMinSceneLength reads as 0 (counted in
/// `notes`).
float readLength(const OrderedJson& v, const std::string& path, NumberNotes& notes);
/// readLength that must also be >= 0 (a size); a tiny negative value reads as 0.
float readSize(const OrderedJson& v, const std::string& path, NumberNotes& notes);
std::string readString(const OrderedJson& v, const std::string& path);
/// A string of at most `limit` bytes (a title, notes): "too long (N bytes; the limit is L)".
std::string readText(const OrderedJson& v, const std::string& path, std::size_t limit);
/// A shape name, an expectation's name or a separating-axis label: a string that
/// shapeNameProblem (scene.hpp) accepts.
std::string readName(const OrderedJson& v, const std::string& path);
bool readBool(const OrderedJson& v, const std::string& path);
/// A file's "view": "3d" or "2d" (a scene's and a recording's alike).
ViewMode readViewMode(const OrderedJson& v, const std::string& path);
/// [x, y, z] of readFloat values (a rotation's axis or angles); with allowXy also [x, y],
/// giving z = 0 (2D scenes).
glm::vec3 readVec3(const OrderedJson& v, const std::string& path, bool allowXy, NumberNotes* notes = nullptr);
/// readVec3 of readLength values: a point.
glm::vec3 readPoint(const OrderedJson& v, const std::string& path, bool allowXy, NumberNotes& notes);
/// readVec3 of readSize values: half extents.
glm::vec3 readSizes(const OrderedJson& v, const std::string& path, bool allowXy, NumberNotes& notes);
/// [r, g, b], [r, g, b, a] (each in [0, 1]) or "#rrggbb" / "#rrggbbaa"; alpha defaults to 1.
glm::vec4 readColor(const OrderedJson& v, const std::string& path, NumberNotes* notes = nullptr);

}  // namespace satlab
