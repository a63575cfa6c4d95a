#include "document/json_precheck.hpp"

#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "document/json_fields.hpp"
#include "document/json_path.hpp"

namespace satlab {
namespace {

using Json = nlohmann::json;

// Implements nlohmann's SAX interface; returning false stops the parse.
class PrecheckSax {
 public:
  explicit PrecheckSax(const std::string& source) { problem_.source = source; }

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(Json::number_integer_t) { return value(); }  // |v| < 2^63 fits a float
  bool number_unsigned(Json::number_unsigned_t) { return value(); }
  bool number_float(Json::number_float_t v, const Json::string_t& token) {
    value();
    if (!fitsFloat(v)) {
      return fail(currentPath(), printable(token) + " is outside the float range");
    }
    return true;
  }
  bool string(Json::string_t&) { return value(); }
  bool binary(Json::binary_t&) { return value(); }

  bool start_object(std::size_t) { return open(false); }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(true); }
  bool end_array() { return close(); }

  bool key(Json::string_t& k) {
    Frame& top = frames_.back();
    top.key = k;
    top.hasKey = true;
    if (!top.keys.insert(k).second) {
      return fail(currentPath(), "duplicate key (each key may appear only once in an object)");
    }
    return true;
  }

  bool parse_error(std::size_t, const std::string& lastToken, const Json::exception& ex) {
    if (ex.id == 406) {  // out_of_range.406: a number that overflows a double
      value();
      return fail(currentPath(), printable(lastToken) + " is outside the float range");
    }
    // "[json.exception.parse_error.101] parse error at line 3, column 7: reason"
    const std::string what = ex.what();
    std::string reason = what;
    const std::size_t at = what.find(" at line ");
    if (at != std::string::npos) {
      std::sscanf(what.c_str() + at, " at line %d, column %d", &problem_.line, &problem_.column);
      const std::size_t colon = what.find(": ", at);
      if (colon != std::string::npos) reason = what.substr(colon + 2);
    }
    // Name the innermost array or object being read: the element or key in progress is
    // not known reliably at a syntax error.
    if (const std::string where = currentPath(false); !where.empty()) reason += " (in " + where + ")";
    problem_.message = printable(reason, 300);
    failed_ = true;
    return false;
  }

  bool failed() const { return failed_; }
  const SceneDiagnostic& problem() const { return problem_; }

 private:
  struct Frame {
    bool array = false;
    std::size_t count = 0;  // arrays: elements begun so far
    std::string key;        // objects: the key of the value being read
    bool hasKey = false;    // objects: a key has been read
    std::unordered_set<std::string> keys;
  };

  // Every value, scalar or container, starts here: it is the next element of an array.
  bool value() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().count;
    return true;
  }

  bool open(bool array) {
    value();
    if (frames_.size() >= kMaxJsonDepth) {
      return fail(currentPath(), "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    }
    frames_.push_back(Frame{array, 0, {}, false, {}});
    return true;
  }

  bool close() {
    frames_.pop_back();
    return true;
  }

  // The path of the value being read; with includeCurrent == false, of the container
  // holding it.
  std::string currentPath(bool includeCurrent = true) const {
    std::string path;
    for (std::size_t i = 0; i < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      if (!includeCurrent && i + 1 == frames_.size()) break;
      if (f.array) {
        if (f.count > 0) path = jsonPathIndex(path, f.count - 1);
      } else if (f.hasKey) {
        path = jsonPathKey(path, f.key);
      }
    }
    return path;
  }

  bool fail(std::string path, std::string message) {
    problem_.path = path.empty() ? "(root)" : std::move(path);
    problem_.message = std::move(message);
    failed_ = true;
    return false;
  }

  std::vector<Frame> frames_;
  SceneDiagnostic problem_;
  bool failed_ = false;
};

}  // namespace

std::optional<SceneDiagnostic> precheckJson(std::string_view text, const std::string& sourceName) {
  try {
    PrecheckSax sax(sourceName);
    const bool ok = Json::sax_parse(text.begin(), text.end(), &sax);
    if (ok && !sax.failed()) return std::nullopt;
    if (sax.failed()) return sax.problem();
    SceneDiagnostic d;
    d.source = sourceName;
    d.message = "not valid JSON";
    return d;
  } catch (const std::exception& e) {
    SceneDiagnostic d;
    d.source = sourceName;
    d.message = std::string("could not read the JSON: ") + printable(e.what(), 200);
    return d;
  }
}

}  // namespace satlab
