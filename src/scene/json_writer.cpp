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

// Scalars, arrays of scalars and arrays of such arrays: always written on one line.
bool isFlatArrayOrScalar(const Json& v) {
  if (isScalar(v)) return true;
  if (!v.is_array()) return false;
  for (const Json& e : v) {
    if (!isScalar(e) && !isScalarArray(e)) return false;
  }
  return true;
}

// An object of such values (a shape, an expectation): on one line if it fits.
bool isFlatObject(const Json& v) {
  if (!v.is_object()) return false;
  for (const auto& item : v.items()) {
    if (!isFlatArrayOrScalar(item.value())) return false;
  }
  return true;
}

void writeInline(const Json& v, std::string& out) {
  if (v.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& item : v.items()) {
      if (!first) out += ", ";
      first = false;
      out += scalarText(Json(item.key())) + ": ";
      writeInline(item.value(), out);
    }
    out += '}';
  } else if (v.is_array()) {
    out += '[';
    bool first = true;
    for (const Json& e : v) {
      if (!first) out += ", ";
      first = false;
      writeInline(e, out);
    }
    out += ']';
  } else {
    out += scalarText(v);
  }
}

class Printer {
 public:
  Printer(std::size_t width, std::string& out) : width_(width), out_(out) {}

  // `column` is where the value starts on its line (after any "key": ).
  void write(const Json& v, std::size_t indent, std::size_t column) {
    if (v.empty() || isFlatArrayOrScalar(v)) {
      writeInline(v, out_);
      return;
    }
    if (isFlatObject(v)) {
      std::string line;
      writeInline(v, line);
      if (column + line.size() <= width_) {
        out_ += line;
        return;
      }
    }
    const std::string pad(indent + 2, ' ');
    out_ += v.is_object() ? "{\n" : "[\n";
    bool first = true;
    if (v.is_object()) {
      for (const auto& item : v.items()) {
        if (!first) out_ += ",\n";
        first = false;
        const std::string key = scalarText(Json(item.key())) + ": ";
        out_ += pad + key;
        write(item.value(), indent + 2, pad.size() + key.size());
      }
    } else {
      for (const Json& e : v) {
        if (!first) out_ += ",\n";
        first = false;
        out_ += pad;
        write(e, indent + 2, pad.size());
      }
    }
    out_ += "\n" + std::string(indent, ' ') + (v.is_object() ? "}" : "]");
  }

 private:
  std::size_t width_;
  std::string& out_;
};

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

std::string prettyJson(const Json& value, std::size_t width) {
  std::string out;
  Printer(width, out).write(value, 0, 0);
  out += '\n';
  return out;
}

}  // namespace satlab
