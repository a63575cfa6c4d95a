#include "scene/json_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace satlab {
namespace {

using Json = nlohmann::ordered_json;

std::string scalarText(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

bool isScalar(const Json& v) { return !v.is_structured(); }

bool isScalarArray(const Json& v) {
  if (!v.is_array()) return false;
  for (const Json& e : v) {
    if (!isScalar(e)) return false;
  }
  return true;
}

// Arrays of scalars, or of arrays of scalars, fit on one line.
bool isInline(const Json& v) {
  if (!v.is_array()) return false;
  for (const Json& e : v) {
    if (!isScalar(e) && !isScalarArray(e)) return false;
  }
  return true;
}

void writeInline(const Json& v, std::string& out) {
  if (!v.is_array()) {
    out += scalarText(v);
    return;
  }
  out += '[';
  bool first = true;
  for (const Json& e : v) {
    if (!first) out += ", ";
    first = false;
    writeInline(e, out);
  }
  out += ']';
}

void write(const Json& v, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
  if (v.is_object() && !v.empty()) {
    out += "{\n";
    bool first = true;
    for (const auto& item : v.items()) {
      if (!first) out += ",\n";
      first = false;
      out += pad + scalarText(Json(item.key())) + ": ";
      write(item.value(), indent + 2, out);
    }
    out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
  } else if (v.is_array() && !v.empty() && !isInline(v)) {
    out += "[\n";
    bool first = true;
    for (const Json& e : v) {
      if (!first) out += ",\n";
      first = false;
      out += pad;
      write(e, indent + 2, out);
    }
    out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]";
  } else {
    writeInline(v, out);  // scalars, {}, [] and one-line arrays
  }
}

}  // namespace

Json floatToJson(float f) {
  if (!std::isfinite(f)) return Json(nullptr);
  // Shortest decimal that reads back as f when parsed as a float...
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf - 1, f);
  *res.ptr = '\0';
  const double d = std::strtod(buf, nullptr);
  // ...but the loader parses a double and narrows it, which could round differently
  // (double rounding); then fall back to f's exact double value.
  if (static_cast<float>(d) == f && std::signbit(d) == std::signbit(f)) return Json(d);
  return Json(static_cast<double>(f));
}

std::string prettyJson(const Json& value) {
  std::string out;
  write(value, 0, out);
  out += '\n';
  return out;
}

}  // namespace satlab
