#include "document/json_writer.hpp"

#include "base/progress.hpp"
#include "document/number_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <system_error>

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
        // The elements of a top-level list (a scene's shapes) count as the work's progress.
        if (indent == 2 && ++elements_ % 4096 == 0) progressAt(elements_);
      }
    }
    out_ += "\n" + std::string(indent, ' ') + (v.is_object() ? "}" : "]");
  }

 private:
  std::size_t width_;
  std::string& out_;
  std::uint64_t elements_ = 0;
};

}  // namespace

Json floatToJson(float f) {
  if (!std::isfinite(f)) return Json(nullptr);
  const auto readsBack = [f](double d) { return static_cast<float>(d) == f && std::signbit(d) == std::signbit(f); };
  // Shortest decimal that reads back as f when parsed as a float...
  char buf[64];
  const double d = std::strtod(shortestFloat(f).c_str(), nullptr);
  if (readsBack(d)) return Json(d);
  // ...but the loader parses a double and narrows it, which can round differently
  // (double rounding, next to a halfway point between two floats). Then the shortest
  // correctly rounded decimal that reads back; 9 significant digits always do (they are
  // within 5e-10 relative of f, far from any halfway point, which is 3e-8 away).
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, static_cast<double>(f));
    const double e = std::strtod(buf, nullptr);
    if (readsBack(e)) return Json(e);
  }
  return Json(static_cast<double>(f));
}

std::string compactNumberText(double d) {
  if (!std::isfinite(d)) return "null";
  const std::string fixedText = shortestFixed(d);
  std::string sciText = shortestScientific(d);  // "1.5e+09"
  // The exponent without "+" and leading zeros: "1.5e9", "2e-7".
  const std::size_t at = sciText.find('e');
  if (at != std::string::npos) {
    std::string mantissa = sciText.substr(0, at), exponent = sciText.substr(at + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
    while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
    sciText = exponent == "0" ? mantissa : mantissa + "e" + (negative ? "-" : "") + exponent;
  }
  return fixedText.empty() || sciText.size() < fixedText.size() ? sciText : fixedText;
}

namespace {

void writeCompact(const Json& v, std::string& out) {
  switch (v.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& item : v.items()) {
        if (!first) out += ',';
        first = false;
        out += scalarText(Json(item.key()));
        out += ':';
        writeCompact(item.value(), out);
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const Json& e : v) {
        if (!first) out += ',';
        first = false;
        writeCompact(e, out);
      }
      out += ']';
      return;
    }
    case Json::value_t::number_float: out += compactNumberText(v.get<double>()); return;
    default: out += scalarText(v); return;
  }
}

}  // namespace

std::string compactJson(const Json& value) {
  std::string out;
  writeCompact(value, out);
  out += '\n';
  return out;
}

std::string prettyJson(const Json& value, std::size_t width) {
  std::string out;
  Printer(width, out).write(value, 0, 0);
  out += '\n';
  return out;
}

}  // namespace satlab
