// What the check fuzz target checks: `satlab check`'s report (check/check_report.hpp) on
// a loaded scene, as a table and as JSON, with and without --all-pairs, and the load error
// report for a text that does not load.
#pragma once

#include "check/check_report.hpp"
#include "document/scene.hpp"
#include "document/scene_load.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace satlab::fuzz {

/// The --all-pairs reports are checked for scenes of at most this many shapes.
inline constexpr std::size_t kMaxShapesAllPairs = 64;
/// ... and with --precision (exact arithmetic on every pair, slow under the sanitizers) for
/// scenes of at most this many.
inline constexpr std::size_t kMaxShapesPrecision = 12;

/// What a report wrote to its two streams.
struct Captured {
  std::string out, err;
  int code = -1;
};

/// Runs `write(out, err)` with both streams in memory (open_memstream).
template <class Write>
Captured capture(Write&& write) {
  Captured c;
  char* outBuf = nullptr;
  char* errBuf = nullptr;
  std::size_t outLen = 0, errLen = 0;
  std::FILE* out = open_memstream(&outBuf, &outLen);
  std::FILE* err = open_memstream(&errBuf, &errLen);
  if (out == nullptr || err == nullptr) std::abort();
  c.code = write(out, err);
  std::fclose(out);
  std::fclose(err);
  c.out.assign(outBuf, outLen);
  c.err.assign(errBuf, errLen);
  std::free(outBuf);
  std::free(errBuf);
  return c;
}

/// Empty when `text` holds no byte that a terminal acts on: C0 controls other than the
/// newline and, unless `onlyC0` (JSON, whose writer must escape exactly the C0 range),
/// DEL and the C1 controls (U+0080..U+009F, UTF-8 C2 80..C2 9F; U+009B is CSI).
inline std::string findControl(std::string_view text, const char* stream, bool onlyC0 = false) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool c1 = c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if ((c < 0x20 && c != '\n') || (!onlyC0 && (c == 0x7F || c1))) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "raw control character 0x%02x%s at byte %zu of %s", c, c1 ? " (C1)" : "", i,
                    stream);
      return buf;
    }
  }
  return {};
}

/// Empty when `text` has no word "nan" or "inf"/"infinity" (any case), as printf and a
/// float-to-text conversion write them. Only for reports whose names and title are
/// plain (plainNames()), so a shape called "nan" does not count.
inline std::string findNanWord(std::string_view text, const char* stream) {
  auto letter = [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)) != 0 || ch == '_'; };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i > 0 && letter(text[i - 1])) continue;
    for (std::string_view word : {"infinity", "nan", "inf"}) {
      if (text.size() - i < word.size()) continue;
      bool same = true;
      for (std::size_t k = 0; k < word.size() && same; ++k) {
        same = std::tolower(static_cast<unsigned char>(text[i + k])) == word[k];
      }
      if (same && (i + word.size() == text.size() || !letter(text[i + word.size()]))) {
        return "'" + std::string(word) + "' in " + stream +
               " near: " + std::string(text.substr(i > 40 ? i - 40 : 0, 80));
      }
    }
  }
  return {};
}

/// The same scene with names "n0", "n1", ..., no title and no notes (expectations follow
/// their shapes; one naming a missing shape keeps a missing name).
inline Scene plainNames(const Scene& scene) {
  Scene s = scene;
  s.title.clear();
  s.notes.clear();
  auto rename = [&](std::string& name) {
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
      if (scene.shapes[i].name == name) {
        name = "n" + std::to_string(i);
        return;
      }
    }
    name = "missing";
  };
  for (SceneShape& shape : s.shapes) rename(shape.name);
  for (Expectation& e : s.expect) {
    rename(e.a);
    rename(e.b);
  }
  return s;
}

/// Keys of the JSON report whose value may be null: optional objects, the segment's
/// t-interval when it misses the other shape, and what the precision lens has not got for a
/// test without an exact formula.
inline bool mayBeNull(const std::string& key) {
  return key == "separating_axis" || key == "penetration" || key == "t_enter" || key == "t_exit" || key == "double" ||
         key == "exact" || key == "margin_ulps" || key == "margin";
}

/// Empty when every number in `j` is finite and no null stands where a number belongs
/// (in an array, or under a key that is not optional); a pair that overlaps with a
/// segment has its t-interval.
inline std::string checkJsonValue(const nlohmann::json& j, const std::string& path) {
  if (j.is_number_float() && !std::isfinite(j.get<double>())) return path + ": a number that is not finite";
  if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      const std::string at = path + "[" + std::to_string(i) + "]";
      if (j[i].is_null()) return at + ": null in an array";
      std::string p = checkJsonValue(j[i], at);
      if (!p.empty()) return p;
    }
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string at = path + "." + it.key();
      if (it->is_null() && !mayBeNull(it.key())) return at + ": null";
      std::string p = checkJsonValue(*it, at);
      if (!p.empty()) return p;
    }
    const auto overlap = j.find("overlap");
    if (overlap != j.end() && overlap->is_boolean() && overlap->get<bool>()) {
      for (const char* key : {"t_enter", "t_exit"}) {
        const auto t = j.find(key);
        if (t != j.end() && t->is_null()) return path + "." + key + ": null for an overlapping pair";
      }
    }
  }
  return {};
}

inline std::string checkJsonText(const std::string& text, const char* what) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    return std::string(what) + ": not JSON: " + e.what();
  }
  const std::string p = checkJsonValue(j, "$");
  return p.empty() ? p : std::string(what) + ": " + p;
}

/// Empty when the four reports of a loaded scene (table and JSON, listing overlapping or
/// all pairs, the latter with --precision) are clean: JSON that parses, only finite numbers and no null where a
/// number belongs, no raw control character on either stream (in JSON: no C0 control;
/// DEL and C1 are legal JSON string content), the same exit code every
/// time, and (with plain names) no "nan" or "inf" anywhere.
inline std::string checkSceneReports(const Scene& scene) {
  const Scene plain = plainNames(scene);
  int code = -1;
  for (const bool json : {false, true}) {
    for (const bool allPairs : {false, true}) {
      // --all-pairs writes n(n-1)/2 entries: kept to scenes whose listing takes the
      // fuzzer milliseconds (a replayed stress scene gets the default report only).
      if (allPairs && scene.shapes.size() > kMaxShapesAllPairs) continue;
      CheckOptions options;
      options.json = json;
      options.allPairs = allPairs;
      // The exact arithmetic of --precision on every pair of the small scenes.
      options.precision = allPairs && scene.shapes.size() <= kMaxShapesPrecision;
      const std::string how = std::string(json ? "--json" : "table") + (allPairs ? " --all-pairs --precision" : "");
      const Captured c = capture([&](std::FILE* out, std::FILE* err) {
        return writeCheckReport(scene, "fuzz\x1b[2J.json", options, out, err);
      });
      if (c.code != kCheckOk && c.code != kCheckExpectationFailed) return how + ": exit code " + std::to_string(c.code);
      if (code >= 0 && c.code != code) return how + ": exit code differs between reports";
      code = c.code;
      if (c.code == kCheckOk && !c.err.empty()) return how + ": exit code 0 with messages on stderr";
      std::string p = findControl(c.out, (how + " stdout").c_str(), json);
      if (p.empty()) p = findControl(c.err, (how + " stderr").c_str());
      if (p.empty() && json) p = checkJsonText(c.out, (how + " stdout").c_str());
      if (!p.empty()) return p;
      const Captured q = capture(
          [&](std::FILE* out, std::FILE* err) { return writeCheckReport(plain, "fuzz.json", options, out, err); });
      p = findNanWord(q.out, (how + " stdout").c_str());
      if (p.empty()) p = findNanWord(q.err, (how + " stderr").c_str());
      if (!p.empty()) return p;
    }
  }
  return {};
}

/// Empty when the report of a text that does not load is clean (both forms).
inline std::string checkLoadErrorReports(const SceneDiagnostic& error) {
  for (const bool json : {false, true}) {
    CheckOptions options;
    options.json = json;
    const Captured c =
        capture([&](std::FILE* out, std::FILE* err) { return writeCheckLoadError(error, options, out, err); });
    const char* how = json ? "load error --json" : "load error";
    if (c.code != kCheckInvalidScene) return std::string(how) + ": exit code " + std::to_string(c.code);
    std::string p = findControl(c.out, (std::string(how) + " stdout").c_str(), json);
    if (p.empty()) p = findControl(c.err, (std::string(how) + " stderr").c_str());
    if (p.empty() && json) p = checkJsonText(c.out, how);
    if (!p.empty()) return p;
  }
  return {};
}

}  // namespace satlab::fuzz
