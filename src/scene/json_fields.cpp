#include "scene/json_fields.hpp"

#include <cfloat>
#include <cmath>

#include "scene/json_path.hpp"

namespace satlab {
namespace {

std::string numberText(const OrderedJson& v) { return v.dump(); }

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool fitsFloat(double d) {
  // Half an ulp of FLT_MAX is 2^103; exactly halfway rounds to even, which is infinity.
  static const double kLimit = static_cast<double>(FLT_MAX) + std::ldexp(1.0, 103);
  return std::abs(d) < kLimit;  // false for NaN and infinity too
}

void failAt(const std::string& path, std::string message) {
  throw FieldError{path.empty() ? "(root)" : path, std::move(message)};
}

std::string describeJson(const OrderedJson& v) {
  switch (v.type()) {
    case OrderedJson::value_t::null: return "null";
    case OrderedJson::value_t::boolean: return v.get<bool>() ? "boolean true" : "boolean false";
    case OrderedJson::value_t::string: return "string \"" + printable(v.get_ref<const std::string&>(), 40) + "\"";
    case OrderedJson::value_t::number_integer:
    case OrderedJson::value_t::number_unsigned:
    case OrderedJson::value_t::number_float: return "number " + numberText(v);
    case OrderedJson::value_t::array: return "array of " + std::to_string(v.size()) + " elements";
    case OrderedJson::value_t::object: return "object";
    default: return "unsupported value";
  }
}

const OrderedJson* findMember(const OrderedJson& obj, std::string_view key) {
  const auto it = obj.find(std::string(key));
  return it == obj.end() ? nullptr : &*it;
}

const OrderedJson& requireMember(const OrderedJson& obj, const std::string& objPath,
                                 std::string_view key, std::string_view what) {
  const OrderedJson* m = findMember(obj, key);
  if (!m) failAt(objPath, "missing field \"" + std::string(key) + "\" (" + std::string(what) + ")");
  return *m;
}

void requireObject(const OrderedJson& v, const std::string& path) {
  if (!v.is_object()) failAt(path, "expected an object (got " + describeJson(v) + ")");
}

void requireArray(const OrderedJson& v, const std::string& path) {
  if (!v.is_array()) failAt(path, "expected an array (got " + describeJson(v) + ")");
}

float readFloat(const OrderedJson& v, const std::string& path) {
  if (!v.is_number()) failAt(path, "expected a number (got " + describeJson(v) + ")");
  const double d = v.get<double>();
  if (!fitsFloat(d)) {
    failAt(path, numberText(v) + " is outside the float range");
  }
  return static_cast<float>(d);
}

float readSize(const OrderedJson& v, const std::string& path) {
  const float f = readFloat(v, path);
  if (!(f >= 0.0f)) failAt(path, "must be >= 0 (got " + numberText(v) + ")");
  return f;
}

std::string readString(const OrderedJson& v, const std::string& path) {
  if (!v.is_string()) failAt(path, "expected a string (got " + describeJson(v) + ")");
  return v.get<std::string>();
}

bool readBool(const OrderedJson& v, const std::string& path) {
  if (!v.is_boolean()) failAt(path, "expected true or false (got " + describeJson(v) + ")");
  return v.get<bool>();
}

glm::vec3 readVec3(const OrderedJson& v, const std::string& path, bool allowXy) {
  const bool sizeOk = v.is_array() && (v.size() == 3 || (allowXy && v.size() == 2));
  if (!sizeOk) {
    const std::string want = allowXy ? "[x, y] or [x, y, z]" : "[x, y, z]";
    std::string hint;
    if (!allowXy && v.is_array() && v.size() == 2) hint = "; [x, y] is allowed only in a 2d scene";
    failAt(path, "expected " + want + " (got " + describeJson(v) + ")" + hint);
  }
  glm::vec3 out(0.0f);
  for (std::size_t i = 0; i < v.size(); ++i) {
    out[static_cast<glm::length_t>(i)] = readFloat(v[i], jsonPathIndex(path, i));
  }
  return out;
}

glm::vec3 readSizes(const OrderedJson& v, const std::string& path, bool allowXy) {
  const glm::vec3 out = readVec3(v, path, allowXy);
  for (std::size_t i = 0; i < v.size(); ++i) readSize(v[i], jsonPathIndex(path, i));
  return out;
}

glm::vec4 readColor(const OrderedJson& v, const std::string& path) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    const bool shapeOk = (s.size() == 7 || s.size() == 9) && s[0] == '#';
    glm::vec4 out(1.0f);
    for (std::size_t i = 1; shapeOk && i < s.size(); i += 2) {
      const int hi = hexDigit(s[i]), lo = hexDigit(s[i + 1]);
      if (hi < 0 || lo < 0) failAt(path, "expected \"#rrggbb\" or \"#rrggbbaa\" (got " + describeJson(v) + ")");
      out[static_cast<glm::length_t>(i / 2)] = static_cast<float>(hi * 16 + lo) / 255.0f;
    }
    if (!shapeOk) failAt(path, "expected \"#rrggbb\" or \"#rrggbbaa\" (got " + describeJson(v) + ")");
    return out;
  }
  if (!v.is_array() || (v.size() != 3 && v.size() != 4)) {
    failAt(path, "expected [r, g, b], [r, g, b, a] or \"#rrggbb\" (got " + describeJson(v) + ")");
  }
  glm::vec4 out(1.0f);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string p = jsonPathIndex(path, i);
    const float c = readFloat(v[i], p);
    if (!(c >= 0.0f && c <= 1.0f)) failAt(p, "must be in [0, 1] (got " + numberText(v[i]) + ")");
    out[static_cast<glm::length_t>(i)] = c;
  }
  return out;
}

}  // namespace satlab
