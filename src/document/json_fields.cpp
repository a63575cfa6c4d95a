#include "document/json_fields.hpp"

#include "document/number_text.hpp"

#include <array>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "document/json_path.hpp"
#include "document/json_writer.hpp"
#include "document/scene.hpp"

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

const OrderedJson& requireMember(const OrderedJson& obj, const std::string& objPath, std::string_view key,
                                 std::string_view what) {
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

namespace {

// 10^k as std::pow gives it, for the exponents of doubles: the same bits as calling it.
double powerOfTen(int k) {
  static const std::array<double, 700> kTable = [] {
    std::array<double, 700> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = std::pow(10.0, static_cast<int>(i) - 350);
    return t;
  }();
  const int i = k + 350;
  return i >= 0 && i < static_cast<int>(kTable.size()) ? kTable[static_cast<std::size_t>(i)] : std::pow(10.0, k);
}

}  // namespace

bool keepsDigitsAt(float f, double d, int exponent, int decimals) {
  const double err = std::abs(static_cast<double>(f) - d);
  if (err == 0.0) return true;
  const double halfUnit = 0.5 * powerOfTen(exponent - decimals);
  // The slack covers the rounding of d (a few double ulps; a tie such as -55912.9375
  // written -55912.938 is exactly half a unit) and of pow, far below any written digit.
  return err <= halfUnit * (1.0 + 1e-9) + std::abs(d) * 1e-15;
}

// True when the float `f` keeps every digit of `d` as written: within half a unit of
// the last digit of d's shortest text (a trailing zero written adds no digit).
bool keepsDigits(float f, double d) {
  if (static_cast<double>(f) == d) return true;
  const std::string text = shortestScientific(d);  // "-1.2345e+05"
  const std::size_t dot = text.find('.'), e = text.find('e');
  if (e == std::string::npos) return false;
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(e - dot - 1);
  const int exponent = std::atoi(text.c_str() + e + 1);
  return keepsDigitsAt(f, d, exponent, decimals);
}

namespace {

double readNumber(const OrderedJson& v, const std::string& path) {
  if (!v.is_number()) failAt(path, "expected a number (got " + describeJson(v) + ")");
  return v.get<double>();
}

// Counts `d` in `notes` when its float does not keep the digits written.
float noteStored(double d, const OrderedJson& v, const std::string& path, NumberNotes& notes) {
  const float f = static_cast<float>(d);
  if (!keepsDigits(f, d)) {
    if (notes.changed++ == 0) {
      notes.changedPath = path;
      notes.changedText = numberText(v);
      notes.changedValue = f;
    }
  }
  return f;
}

}  // namespace

float readFloat(const OrderedJson& v, const std::string& path, NumberNotes* notes) {
  const double d = readNumber(v, path);
  if (!fitsFloat(d)) {
    failAt(path, numberText(v) + " is outside the float range");
  }
  if (notes) return noteStored(d, v, path, *notes);
  return static_cast<float>(d);
}

float readLength(const OrderedJson& v, const std::string& path, NumberNotes& notes) {
  const double d = readNumber(v, path);
  if (!(std::abs(d) <= static_cast<double>(kMaxSceneCoordinate))) {
    failAt(path, numberText(v) + " is outside the range satlab's tests are exact for (|v| <= 1e9)");
  }
  if (d != 0.0 && std::abs(d) < static_cast<double>(kMinSceneLength)) {
    if (notes.tiny++ == 0) {
      notes.tinyPath = path;
      notes.tinyText = numberText(v);
    }
    return 0.0f;
  }
  return noteStored(d, v, path, notes);
}

float readSize(const OrderedJson& v, const std::string& path, NumberNotes& notes) {
  const float f = readLength(v, path, notes);
  if (!(f >= 0.0f)) failAt(path, "must be >= 0 (got " + numberText(v) + ")");
  return f;
}

std::string readString(const OrderedJson& v, const std::string& path) {
  if (!v.is_string()) failAt(path, "expected a string (got " + describeJson(v) + ")");
  return v.get<std::string>();
}

std::string readText(const OrderedJson& v, const std::string& path, std::size_t limit) {
  std::string text = readString(v, path);
  if (text.size() > limit) {
    failAt(path, "too long (" + std::to_string(text.size()) + " bytes; the limit is " + std::to_string(limit) + ")");
  }
  return text;
}

ViewMode readViewMode(const OrderedJson& v, const std::string& path) {
  const std::string view = readString(v, path);
  if (view == "3d") return ViewMode::ThreeD;
  if (view == "2d") return ViewMode::TwoD;
  failAt(path, "must be \"3d\" or \"2d\" (got " + describeJson(v) + ")");
}

std::string readName(const OrderedJson& v, const std::string& path) {
  std::string name = readString(v, path);
  if (auto problem = shapeNameProblem(name)) failAt(path, *problem);
  return name;
}

bool readBool(const OrderedJson& v, const std::string& path) {
  if (!v.is_boolean()) failAt(path, "expected true or false (got " + describeJson(v) + ")");
  return v.get<bool>();
}

namespace {

void requireVec(const OrderedJson& v, const std::string& path, bool allowXy) {
  const bool sizeOk = v.is_array() && (v.size() == 3 || (allowXy && v.size() == 2));
  if (!sizeOk) {
    const std::string want = allowXy ? "[x, y] or [x, y, z]" : "[x, y, z]";
    std::string hint;
    if (!allowXy && v.is_array() && v.size() == 2) hint = "; [x, y] is allowed only in a 2d scene";
    failAt(path, "expected " + want + " (got " + describeJson(v) + ")" + hint);
  }
}

}  // namespace

glm::vec3 readVec3(const OrderedJson& v, const std::string& path, bool allowXy, NumberNotes* notes) {
  requireVec(v, path, allowXy);
  glm::vec3 out(0.0f);
  for (std::size_t i = 0; i < v.size(); ++i) {
    out[static_cast<glm::length_t>(i)] = readFloat(v[i], jsonPathIndex(path, i), notes);
  }
  return out;
}

glm::vec3 readPoint(const OrderedJson& v, const std::string& path, bool allowXy, NumberNotes& notes) {
  requireVec(v, path, allowXy);
  glm::vec3 out(0.0f);
  for (std::size_t i = 0; i < v.size(); ++i) {
    out[static_cast<glm::length_t>(i)] = readLength(v[i], jsonPathIndex(path, i), notes);
  }
  return out;
}

glm::vec3 readSizes(const OrderedJson& v, const std::string& path, bool allowXy, NumberNotes& notes) {
  requireVec(v, path, allowXy);
  glm::vec3 out(0.0f);
  for (std::size_t i = 0; i < v.size(); ++i) {
    out[static_cast<glm::length_t>(i)] = readSize(v[i], jsonPathIndex(path, i), notes);
  }
  return out;
}

glm::vec4 readColor(const OrderedJson& v, const std::string& path, NumberNotes* notes) {
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
    const float c = readFloat(v[i], p, notes);
    if (!(c >= 0.0f && c <= 1.0f)) failAt(p, "must be in [0, 1] (got " + numberText(v[i]) + ")");
    out[static_cast<glm::length_t>(i)] = c;
  }
  return out;
}

}  // namespace satlab
