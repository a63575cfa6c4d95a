#include "session.hpp"

#include "document/atomic_file.hpp"
#include "document/scene_save.hpp"
#include "document/settings_file.hpp"
#include "i18n/i18n.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace satlab {

namespace {

namespace fs = std::filesystem;

double autosaveInterval() {
  // Tests shorten it; anything unreasonable falls back to the default.
  if (const char* v = std::getenv("SATLAB_AUTOSAVE_SECONDS")) {
    char* end = nullptr;
    const double s = std::strtod(v, &end);
    if (end != v && s >= 0.05 && s <= 3600.0) return s;
  }
  return kDefaultAutosaveSeconds;
}

}  // namespace

std::string configFolder() {
  fs::path base;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg == '/') {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home == '/') {
    base = fs::path(home) / ".config";
  } else {
    return {};
  }
  std::error_code ec;
  fs::create_directories(base / "satlab", ec);
  return ec ? std::string() : (base / "satlab").string();
}

Settings loadSettings() {
  Settings s;
  const std::string folder = configFolder();
  if (folder.empty()) return s;
  const std::string path = folder + "/settings.json";
  removeStaleTempFiles(path);  // left by a kill during a save
  // Bounded: a device, a FIFO or a file of gigabytes at this name must not hold up the start.
  const SettingsFileRead file = readSettingsFile(path);
  if (file.status == SettingsFileRead::Status::Ignored) {
    std::fprintf(stderr, "satlab: warning: %s; ignored, the default settings are used\n", file.problem.c_str());
    s.leaveFile = file.notRegular;
  }
  if (file.status != SettingsFileRead::Status::Ok) return s;
  const nlohmann::json j = nlohmann::json::parse(file.text, nullptr, false);
  if (!j.is_object()) return s;  // a broken settings file is ignored, not fatal
  if (j.contains("presentation") && j["presentation"].is_boolean()) s.presentation = j["presentation"].get<bool>();
  auto size = [&](const char* key, int& dst) {
    if (j.contains(key) && j[key].is_number_integer()) {
      const long long v = j[key].get<long long>();
      if (v >= 320 && v <= 16384) dst = static_cast<int>(v);
    }
  };
  if (j.contains("ui_scale") && j["ui_scale"].is_number()) {
    const double v = j["ui_scale"].get<double>();
    if (v >= 0.75 && v <= 2.0) s.uiScale = static_cast<float>(v);
  }
  if (j.contains("language") && j["language"].is_string()) {
    const std::string code = j["language"].get<std::string>();
    if (const auto lang = languageFromCode(code); lang && code == languageCode(*lang)) s.language = code;
  }
  size("window_width", s.windowWidth);
  size("window_height", s.windowHeight);
  if (j.contains("last_scene") && j["last_scene"].is_string()) s.lastScene = j["last_scene"].get<std::string>();
  if (j.contains("student_score") && j["student_score"].is_object()) {
    const auto& score = j["student_score"];
    const auto count = [&](const char* key) -> long long {
      return score.contains(key) && score[key].is_number_integer() ? score[key].get<long long>() : -1;
    };
    const long long right = count("right"), asked = count("asked");
    if (asked >= 0 && asked <= 1000000000 && right >= 0 && right <= asked) {
      s.studentRight = static_cast<int>(right);
      s.studentAsked = static_cast<int>(asked);
    }
  }
  if (j.contains("recent") && j["recent"].is_array()) {
    for (const auto& r : j["recent"]) {
      if (r.is_string() && s.recent.size() < Settings::kMaxRecent) s.recent.push_back(r.get<std::string>());
    }
  }
  return s;
}

std::optional<std::string> saveSettings(const Settings& s) {
  if (s.leaveFile) return std::nullopt;  // said at the start: not a file satlab replaces
  const std::string folder = configFolder();
  if (folder.empty()) return std::string("no configuration folder (set HOME or XDG_CONFIG_HOME)");
  nlohmann::ordered_json j;
  j["presentation"] = s.presentation;
  j["ui_scale"] = s.uiScale;
  if (!s.language.empty()) j["language"] = s.language;
  j["window_width"] = s.windowWidth;
  j["window_height"] = s.windowHeight;
  j["last_scene"] = s.lastScene;
  j["recent"] = s.recent;
  j["student_score"] = {{"right", s.studentRight}, {"asked", s.studentAsked}};
  return writeFileAtomically(folder + "/settings.json", j.dump(2) + "\n");
}

void addRecent(Settings& settings, const std::string& path) {
  std::error_code ec;
  const std::string full = fs::absolute(path, ec).lexically_normal().string();
  const std::string key = ec ? path : full;
  auto& r = settings.recent;
  r.erase(std::remove(r.begin(), r.end(), key), r.end());
  r.insert(r.begin(), key);
  if (r.size() > Settings::kMaxRecent) r.resize(Settings::kMaxRecent);
  settings.lastScene = key;
}

std::string describeChange(const Scene& before, const Scene& after) {
  const size_t nb = before.shapes.size(), na = after.shapes.size();
  if (na > nb) {
    return na - nb == 1 ? "add " + after.shapes.back().name : "add " + std::to_string(na - nb) + " shapes";
  }
  // The first shape that differs tells what happened to it.
  size_t i = 0;
  while (i < na && i < nb && sameShape(before.shapes[i], after.shapes[i])) ++i;
  if (na < nb) return i < nb ? "delete " + before.shapes[i].name : "delete";
  if (i == na) {
    const bool text = before.title != after.title || before.notes != after.notes ||
                      before.titleLanguages != after.titleLanguages || before.notesLanguages != after.notesLanguages;
    return text ? "edit text" : "edit";
  }
  const SceneShape& b = before.shapes[i];
  const SceneShape& a = after.shapes[i];
  if (b.name != a.name) return "rename " + b.name + " to " + a.name;
  if (b.color != a.color) return "recolour " + a.name;
  if (b.geometry.index() != a.geometry.index()) return "convert " + a.name;
  return "edit " + a.name;
}

void Session::reset(const Scene& scene, const std::string& path, bool fromFile) {
  history_.clear(true);
  committed_ = scene;
  // Absolute and canonical: the recovery file must name this file, not whatever file has
  // the same relative name in the folder satlab restarts in.
  path_ = fromFile ? canonicalPath(path) : std::string();
  stamp_ = fromFile ? stampFile(path_) : std::nullopt;
  overwriteQuestion_.clear();
  uncommitted_ = false;
  autosave_ = AutosaveTimer(autosaveInterval());
}

void Session::restoredFrom(const RecoveryInfo& info) {
  // An older recovery file's relative path is kept as it is: its folder is unknown.
  path_ = info.originalPath.empty() || info.originalPath.front() != '/' ? info.originalPath
                                                                        : canonicalPath(info.originalPath);
  stamp_ = info.originalStamp;
  overwriteQuestion_ = originalStateText(path_, originalStateOf(path_, stamp_));
}

void Session::commit(const Scene& scene, double now, const std::string& label) {
  uncommitted_ = false;
  if (history_.push(label.empty() ? describeChange(committed_, scene) : label, committed_, scene)) committed_ = scene;
  autosave_.markChanged(now);
}

void Session::forgetPath() {
  path_.clear();
  stamp_.reset();
  overwriteQuestion_.clear();
}

bool Session::undo(Scene& scene) {
  if (!history_.undo(scene)) return false;
  committed_ = scene;
  uncommitted_ = false;
  return true;
}

bool Session::redo(Scene& scene) {
  if (!history_.redo(scene)) return false;
  committed_ = scene;
  uncommitted_ = false;
  return true;
}

bool Session::jumpTo(size_t position, Scene& scene) {
  if (!history_.jumpTo(position, scene)) return false;
  committed_ = scene;
  uncommitted_ = false;
  return true;
}

std::optional<std::string> Session::saveAs(const Scene& scene, const std::string& path) {
  if (auto error = saveScene(scene, path)) return error;
  path_ = canonicalPath(path);
  stamp_ = stampFile(path_);  // the work from here on begins from what was just written
  overwriteQuestion_.clear();
  history_.markSaved();
  uncommitted_ = false;
  discardRecovery();
  return std::nullopt;
}

Session::AutosaveOutcome Session::autosave(const Scene& scene, double now) {
  AutosaveOutcome out;
  if (recoveryWaiting_ || !dirty() || !autosave_.shouldWrite(now)) return out;
  out.attempted = true;
  out.error = writeRecovery(scene, path_, std::nullopt, stamp_);
  autosave_.markWritten(now);
  if (out.error) autosave_.markChanged(now);  // not fatal: try again after another interval
  return out;
}

void Session::discardRecovery() {
  if (!recoveryWaiting_) satlab::discardRecovery();
  autosave_.reset();
}

}  // namespace satlab
