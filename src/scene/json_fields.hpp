// Typed, path-aware readers for the scene loader (internal to src/scene). Each reader
// either returns a validated value or throws FieldError naming the JSON path and the
// reason; parseScene catches it at its boundary, so nothing escapes the public API.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

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
const OrderedJson& requireMember(const OrderedJson& obj, const std::string& objPath,
                                 std::string_view key, std::string_view what);

void requireObject(const OrderedJson& v, const std::string& path);
void requireArray(const OrderedJson& v, const std::string& path);

/// A finite number within the float range.
float readFloat(const OrderedJson& v, const std::string& path);
/// readFloat that must also be >= 0 (a size).
float readSize(const OrderedJson& v, const std::string& path);
std::string readString(const OrderedJson& v, const std::string& path);
bool readBool(const OrderedJson& v, const std::string& path);
/// [x, y, z]; with allowXy also [x, y], giving z = 0 (2D scenes).
glm::vec3 readVec3(const OrderedJson& v, const std::string& path, bool allowXy);
/// readVec3 whose components must be >= 0.
glm::vec3 readSizes(const OrderedJson& v, const std::string& path, bool allowXy);
/// [r, g, b], [r, g, b, a] (each in [0, 1]) or "#rrggbb" / "#rrggbbaa"; alpha defaults to 1.
glm::vec4 readColor(const OrderedJson& v, const std::string& path);

}  // namespace satlab
