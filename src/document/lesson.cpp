#include "document/lesson.hpp"

#include "document/json_path.hpp"
#include "document/json_writer.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

std::optional<float> finiteNumber(const nlohmann::json& j) {
  if (!j.is_number()) return std::nullopt;
  const double v = j.get<double>();
  if (!std::isfinite(v) || std::abs(v) > 3.0e38) return std::nullopt;
  return static_cast<float>(v);
}

// The SAX events of one pass over a scene file, stopping at the top-level "title" (or at
// whatever stands in its place): a string, or an object of languages read to its end.
// Returning false from an event ends the parse there.
class TitleReader {
 public:
  using Json = nlohmann::json;
  bool found = false;  // a string title, or a well-formed object of strings
  std::string english;
  std::vector<LanguageText> others;

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(Json::number_integer_t) { return value(); }
  bool number_unsigned(Json::number_unsigned_t) { return value(); }
  bool number_float(Json::number_float_t, const std::string&) { return value(); }
  bool string(std::string& s) {
    if (atTitle_) {
      english = std::move(s);
      found = true;
      return false;
    }
    if (inTitle_) {
      if (code_ == "en") {
        english = std::move(s);
      } else {
        others.push_back(LanguageText{std::move(code_), std::move(s)});
      }
      return true;
    }
    return true;
  }
  bool binary(Json::binary_t&) { return value(); }
  bool start_object(std::size_t) {
    if (inTitle_) return false;  // a language's text is not a string
    if (atTitle_) {
      atTitle_ = false;
      inTitle_ = true;
    }
    ++depth_;
    return true;
  }
  bool end_object() {
    --depth_;
    if (inTitle_) {
      found = true;  // the object of languages, read whole
      return false;
    }
    return depth_ > 0;  // the end of the top-level object: no title
  }
  bool start_array(std::size_t) {
    if (atTitle_ || inTitle_) return false;
    ++depth_;
    return true;
  }
  bool end_array() {
    --depth_;
    return true;
  }
  bool key(std::string& k) {
    if (inTitle_) {
      code_ = std::move(k);
      return true;
    }
    atTitle_ = depth_ == 1 && k == "title";
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

 private:
  bool value() { return !atTitle_ && !inTitle_; }

  int depth_ = 0;
  bool atTitle_ = false;  // the last key read was the top-level "title"
  bool inTitle_ = false;  // within the title's object of languages
  std::string code_;      // the language whose text comes next
};

std::string numberText(float v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
  return buf;
}

// A number lessonOf reads back as exactly `v` (finiteNumber: finite, |v| <= 3e38).
bool loadableNumber(float v) { return std::isfinite(v) && std::abs(v) <= 3.0e38f; }

bool isLessonVolumeKey(const std::string& key) {
  for (const char* k : kLessonVolumeKeys) {
    if (key == k) return true;
  }
  return false;
}

std::string volumeKeyList() {
  std::string out;
  for (const char* k : kLessonVolumeKeys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

const char* labelsName(LessonLabels l) {
  switch (l) {
    case LessonLabels::All: return "all";
    case LessonLabels::Selected: return "selected";
    case LessonLabels::None: return "none";
  }
  return "all";
}

}  // namespace

std::optional<std::string> sceneTitleOf(std::string_view jsonText, std::string_view language) {
  TitleReader reader;
  try {
    // A byte-order mark is allowed in a scene file (docs/scene-format.md).
    if (jsonText.size() >= 3 && jsonText.substr(0, 3) == "\xEF\xBB\xBF") jsonText.remove_prefix(3);
    nlohmann::json::sax_parse(jsonText.begin(), jsonText.end(), &reader);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (!reader.found || (reader.english.empty() && reader.others.empty())) return std::nullopt;
  // What the loader refuses has no title: a text too long, a language without a code.
  if (reader.english.size() > kMaxTitleBytes) return std::nullopt;
  for (const LanguageText& t : reader.others) {
    if (t.language.empty() || t.text.size() > kMaxTitleBytes) return std::nullopt;
  }
  const std::string& title = textInLanguage(reader.english, reader.others, language);
  if (title.empty()) return std::nullopt;
  return title;
}

std::string lessonMenuTitle(std::string_view jsonText, std::string_view fileName, std::string_view language) {
  if (std::optional<std::string> title = sceneTitleOf(jsonText, language)) return std::move(*title);
  std::string_view name = fileName;
  if (name.size() > 5 && name.substr(name.size() - 5) == ".json") name.remove_suffix(5);
  return std::string(name);
}

std::optional<LessonState> lessonOf(const Scene& scene, const std::string& sourceName,
                                    std::vector<std::string>& warnings) {
  const ExtraField* field = nullptr;
  for (const ExtraField& e : scene.extras) {
    if (e.key == "lesson") field = &e;
  }
  if (!field) return std::nullopt;
  const nlohmann::json j = nlohmann::json::parse(field->json, nullptr, false);
  auto warn = [&](const std::string& path, const std::string& why) {
    warnings.push_back(sourceName + ": lesson." + path + ": " + why);
  };
  if (!j.is_object()) {
    warnings.push_back(sourceName + ": lesson: must be an object");
    return std::nullopt;
  }
  LessonState out;
  if (j.contains("focus")) {
    const nlohmann::json& f = j["focus"];
    if (f.is_array() && f.size() == 2 && f[0].is_string() && f[1].is_string()) {
      const std::string a = f[0].get<std::string>(), b = f[1].get<std::string>();
      if (!findShape(scene, a) || !findShape(scene, b)) {
        warn("focus", "names a shape the scene does not have");
      } else if (a == b) {
        warn("focus", "needs two different shapes");
      } else {
        out.focus = {a, b};
      }
    } else {
      warn("focus", "must be an array of two shape names");
    }
  }
  if (j.contains("select") && out.focus.empty()) {
    const nlohmann::json& s = j["select"];
    if (!s.is_string()) {
      warn("select", "must be a shape name");
    } else if (!findShape(scene, s.get<std::string>())) {
      warn("select", "names a shape the scene does not have");
    } else {
      out.select = s.get<std::string>();
    }
  }
  if (j.contains("step")) {
    if (j["step"].is_number_integer() && j["step"].get<long long>() >= 0 && j["step"].get<long long>() < 1000) {
      out.step = static_cast<int>(j["step"].get<long long>());
    } else {
      warn("step", "must be an integer from 0 to 999");
    }
  }
  if (j.contains("mode")) {
    if (j["mode"] == "full") {
      out.fullMode = true;
    } else if (j["mode"] == "early") {
      out.fullMode = false;
    } else {
      warn("mode", "must be \"early\" or \"full\"");
    }
  }
  if (j.contains("epsilon")) {
    const auto e = finiteNumber(j["epsilon"]);
    if (e && *e >= 0.0f && *e <= 1.0f) {
      out.epsilon = *e;
    } else {
      warn("epsilon", "must be a number from 0 to 1");
    }
  }
  if (j.contains("explorer")) {
    if (j["explorer"] == "slab") {
      out.preferSlab = true;
    } else if (j["explorer"] == "sat") {
      out.preferSlab = false;
    } else {
      warn("explorer", "must be \"sat\" or \"slab\"");
    }
  }
  if (j.contains("picture")) {
    if (j["picture"] == "minkowski") {
      out.minkowski = true;
    } else if (j["picture"] == "axis") {
      out.minkowski = false;
    } else {
      warn("picture", "must be \"axis\" or \"minkowski\"");
    }
  }
  if (j.contains("labels")) {
    if (j["labels"] == "all") {
      out.labels = LessonLabels::All;
    } else if (j["labels"] == "selected") {
      out.labels = LessonLabels::Selected;
    } else if (j["labels"] == "none") {
      out.labels = LessonLabels::None;
    } else {
      warn("labels", "must be \"all\", \"selected\" or \"none\"");
    }
  }
  if (j.contains("volumes")) {
    const nlohmann::json& v = j["volumes"];
    std::vector<std::string> keys;
    bool ok = v.is_array();
    for (size_t i = 0; ok && i < v.size(); ++i) {
      ok = v[i].is_string() && isLessonVolumeKey(v[i].get<std::string>());
      if (ok) keys.push_back(v[i].get<std::string>());
    }
    if (ok) {
      out.volumes = std::move(keys);
    } else {
      warn("volumes", "must be an array of volume names (" + volumeKeyList() + ")");
    }
  }
  if (j.contains("camera")) {
    const nlohmann::json& c = j["camera"];
    if (!c.is_object()) {
      warn("camera", "must be an object");
    } else {
      auto number = [&](const char* key, std::optional<float>& dst) {
        if (!c.contains(key)) return;
        dst = finiteNumber(c[key]);
        if (!dst) warn(std::string("camera.") + key, "must be a finite number");
      };
      number("yaw_deg", out.yawDeg);
      number("pitch_deg", out.pitchDeg);
      number("distance", out.distance);
      if (out.pitchDeg) out.pitchDeg = std::fmax(-89.0f, std::fmin(89.0f, *out.pitchDeg));
      if (out.distance && *out.distance <= 0.0f) {
        warn("camera.distance", "must be > 0");
        out.distance.reset();
      }
      if (c.contains("target")) {
        const nlohmann::json& t = c["target"];
        if (t.is_array() && t.size() == 3 && finiteNumber(t[0]) && finiteNumber(t[1]) && finiteNumber(t[2])) {
          out.target = glm::vec3(*finiteNumber(t[0]), *finiteNumber(t[1]), *finiteNumber(t[2]));
        } else {
          warn("camera.target", "must be [x, y, z]");
        }
      }
    }
  }
  return out;
}

std::vector<std::string> lessonDraftProblems(const Scene& scene, const LessonDraft& draft) {
  std::vector<std::string> out;
  auto problem = [&](const std::string& path, const std::string& why) { out.push_back(path + ": " + why); };
  // The paths the loader would name: "title", or "title.ru" for a language of the object form.
  const auto textPath = [&](const std::string& key) {
    return draft.language == "en" ? key : jsonPathKey(key, draft.language);
  };
  if (draft.language.empty()) problem("title", "a language code must not be empty");
  if (draft.title.size() > kMaxTitleBytes) {
    problem(textPath("title"), "too long (" + std::to_string(draft.title.size()) + " bytes; the limit is " +
                                   std::to_string(kMaxTitleBytes) + ")");
  }
  if (draft.notes.size() > kMaxNotesBytes) {
    problem(textPath("notes"), "too long (" + std::to_string(draft.notes.size()) + " bytes; the limit is " +
                                   std::to_string(kMaxNotesBytes) + ")");
  }
  const LessonState& l = draft.state;
  if (!l.focus.empty()) {
    if (l.focus.size() != 2) {
      problem("lesson.focus", "must name two shapes (got " + std::to_string(l.focus.size()) + ")");
    } else {
      for (size_t i = 0; i < 2; ++i) {
        if (!findShape(scene, l.focus[i])) {
          problem("lesson.focus[" + std::to_string(i) + "]", "no shape is named \"" + printable(l.focus[i], 80) + "\"");
        }
      }
      if (l.focus[0] == l.focus[1]) problem("lesson.focus", "needs two different shapes");
    }
  }
  if (l.select && !findShape(scene, *l.select)) {
    problem("lesson.select", "no shape is named \"" + printable(*l.select, 80) + "\"");
  }
  if (l.step && (*l.step < 0 || *l.step > kMaxLessonStep)) {
    problem("lesson.step", "must be an integer from 0 to " + std::to_string(kMaxLessonStep) + " (got " +
                               std::to_string(*l.step) + ")");
  }
  if (l.epsilon && !(*l.epsilon >= 0.0f && *l.epsilon <= 1.0f)) {
    problem("lesson.epsilon", "must be a number from 0 to 1 (got " + numberText(*l.epsilon) + ")");
  }
  auto finite = [&](const char* key, const std::optional<float>& v) {
    if (v && !loadableNumber(*v))
      problem(std::string("lesson.camera.") + key, "must be a finite number (got " + numberText(*v) + ")");
  };
  finite("yaw_deg", l.yawDeg);
  finite("pitch_deg", l.pitchDeg);
  finite("distance", l.distance);
  if (l.pitchDeg && loadableNumber(*l.pitchDeg) && std::abs(*l.pitchDeg) > kMaxLessonPitchDeg) {
    problem("lesson.camera.pitch_deg", "must be from -89 to 89 (got " + numberText(*l.pitchDeg) + ")");
  }
  if (l.distance && loadableNumber(*l.distance) && !(*l.distance > 0.0f)) {
    problem("lesson.camera.distance", "must be > 0 (got " + numberText(*l.distance) + ")");
  }
  if (l.volumes) {
    for (size_t i = 0; i < l.volumes->size(); ++i) {
      if (!isLessonVolumeKey((*l.volumes)[i])) {
        problem("lesson.volumes[" + std::to_string(i) + "]",
                "no volume is named \"" + printable((*l.volumes)[i], 80) + "\" (" + volumeKeyList() + ")");
      }
    }
  }
  if (l.target && !(loadableNumber(l.target->x) && loadableNumber(l.target->y) && loadableNumber(l.target->z))) {
    problem("lesson.camera.target", "must be three finite numbers (got [" + numberText(l.target->x) + ", " +
                                        numberText(l.target->y) + ", " + numberText(l.target->z) + "])");
  }
  return out;
}

std::string lessonJson(const LessonState& l) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (!l.focus.empty()) j["focus"] = l.focus;
  if (l.select && l.focus.empty()) j["select"] = *l.select;
  if (l.step) j["step"] = *l.step;
  if (l.fullMode) j["mode"] = *l.fullMode ? "full" : "early";
  if (l.epsilon) j["epsilon"] = floatToJson(*l.epsilon);
  if (l.preferSlab) j["explorer"] = *l.preferSlab ? "slab" : "sat";
  if (l.minkowski) j["picture"] = *l.minkowski ? "minkowski" : "axis";
  nlohmann::ordered_json camera = nlohmann::ordered_json::object();
  if (l.yawDeg) camera["yaw_deg"] = floatToJson(*l.yawDeg);
  if (l.pitchDeg) camera["pitch_deg"] = floatToJson(*l.pitchDeg);
  if (l.distance) camera["distance"] = floatToJson(*l.distance);
  if (l.target) camera["target"] = {floatToJson(l.target->x), floatToJson(l.target->y), floatToJson(l.target->z)};
  if (!camera.empty()) j["camera"] = std::move(camera);
  if (l.labels) j["labels"] = labelsName(*l.labels);
  if (l.volumes) j["volumes"] = *l.volumes;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::optional<Scene> sceneWithLesson(const Scene& scene, const LessonDraft& draft, std::string& error) {
  const std::vector<std::string> problems = lessonDraftProblems(scene, draft);
  if (!problems.empty()) {
    error = problems.front();
    return std::nullopt;
  }
  Scene out = scene;
  // The draft's language only: the lesson's other languages stay as they are.
  setTextInLanguage(out.title, out.titleLanguages, draft.language, draft.title);
  setTextInLanguage(out.notes, out.notesLanguages, draft.language, draft.notes);
  const std::string block = lessonJson(draft.state);
  bool replaced = false;
  for (auto it = out.extras.begin(); it != out.extras.end();) {
    if (it->key != "lesson") {
      ++it;
    } else if (!replaced) {
      it->json = block;
      replaced = true;
      ++it;
    } else {
      it = out.extras.erase(it);  // only one lesson block (the loader keeps the last)
    }
  }
  if (!replaced) out.extras.push_back(ExtraField{"lesson", block});
  return out;
}

std::optional<std::string> saveLesson(const Scene& scene, const LessonDraft& draft, const std::string& path) {
  std::string error;
  const std::optional<Scene> lesson = sceneWithLesson(scene, draft, error);
  if (!lesson) return path + ": not saved: " + error;
  return saveScene(*lesson, path);
}

}  // namespace satlab
