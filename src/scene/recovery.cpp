#include "scene/recovery.hpp"

#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <nlohmann/json.hpp>

#include "scene/atomic_file.hpp"
#include "scene/scene_save.hpp"

namespace satlab {

namespace {

std::optional<std::string> absoluteEnv(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || v[0] != '/') return std::nullopt;
  return std::string(v);
}

std::optional<std::string> stateFolder() {
  if (auto xdg = absoluteEnv("XDG_STATE_HOME")) return *xdg + "/satlab";
  if (auto home = absoluteEnv("HOME")) return *home + "/.local/state/satlab";
  return std::nullopt;
}

/// mkdir -p with mode 0700 for the folders it creates.
std::optional<std::string> makeFolders(const std::string& path) {
  for (std::size_t i = 1; i <= path.size(); ++i) {
    if (i != path.size() && path[i] != '/') continue;
    const std::string part = path.substr(0, i);
    if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) {
      return part + ": cannot create folder: " + std::strerror(errno);
    }
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return path + ": not a folder";
  return std::nullopt;
}

struct RecoveryField {
  std::string original;
  std::int64_t savedAt = 0;
};

/// Takes the recovery field out of the scene's extras.
std::optional<RecoveryField> takeRecoveryField(Scene& scene) {
  for (auto it = scene.extras.begin(); it != scene.extras.end(); ++it) {
    if (it->key != kRecoveryField) continue;
    RecoveryField f;
    const nlohmann::json j = nlohmann::json::parse(it->json, nullptr, false);
    if (j.is_object()) {
      if (auto o = j.find("original"); o != j.end() && o->is_string()) f.original = o->get<std::string>();
      if (auto t = j.find("saved_at"); t != j.end() && t->is_number_integer()) f.savedAt = t->get<std::int64_t>();
    }
    scene.extras.erase(it);
    return f;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> recoveryFilePath() {
  auto folder = stateFolder();
  if (!folder) return std::nullopt;
  return *folder + "/recovery.json";
}

std::optional<std::string> writeRecovery(const Scene& scene, const std::string& originalPath,
                                         std::optional<std::int64_t> unixSeconds) {
  const auto folder = stateFolder();
  if (!folder) return std::string("recovery: neither XDG_STATE_HOME nor HOME names an absolute folder");
  if (auto err = makeFolders(*folder)) return err;

  nlohmann::ordered_json field;
  field["original"] = originalPath.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(originalPath);
  field["saved_at"] = unixSeconds ? *unixSeconds : static_cast<std::int64_t>(std::time(nullptr));
  Scene copy = scene;
  takeRecoveryField(copy);  // a recovered scene that was never saved still carries one
  // dump with replace: names and paths need not be valid UTF-8, dump must not throw.
  copy.extras.push_back(
      ExtraField{kRecoveryField, field.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
  return writeFileAtomically(*folder + "/recovery.json", sceneToJson(copy));
}

std::optional<RecoveryInfo> findRecovery() {
  const auto path = recoveryFilePath();
  if (!path) return std::nullopt;
  struct stat st {};
  if (::lstat(path->c_str(), &st) != 0) return std::nullopt;
  RecoveryInfo info;
  info.path = *path;
  SceneLoadResult loaded = loadScene(*path);
  if (!loaded.ok()) {
    info.error = loaded.error->text();
    return info;
  }
  if (auto field = takeRecoveryField(loaded.scene)) {
    info.originalPath = field->original;
    info.savedAt = field->savedAt;
  }
  info.title = loaded.scene.title;
  info.shapeCount = loaded.scene.shapes.size();
  struct stat orig {};
  if (!info.originalPath.empty() && ::stat(info.originalPath.c_str(), &orig) == 0) {
    info.originalIsNewer = static_cast<std::int64_t>(orig.st_mtime) > info.savedAt;
  }
  return info;
}

SceneLoadResult loadRecovery() {
  const auto path = recoveryFilePath();
  if (!path) {
    SceneLoadResult r;
    r.error = SceneDiagnostic{"recovery", "", 0, 0, "neither XDG_STATE_HOME nor HOME names an absolute folder"};
    return r;
  }
  SceneLoadResult r = loadScene(*path);
  if (!r.ok()) return r;
  takeRecoveryField(r.scene);
  // The field is ours: no "unknown top-level field" warning about it.
  for (auto it = r.warnings.begin(); it != r.warnings.end();) {
    it = it->path == kRecoveryField ? r.warnings.erase(it) : it + 1;
  }
  return r;
}

std::optional<std::string> discardRecovery() {
  const auto path = recoveryFilePath();
  if (!path) return std::nullopt;
  if (::unlink(path->c_str()) != 0 && errno != ENOENT) {
    return *path + ": cannot remove: " + std::strerror(errno);
  }
  return std::nullopt;
}

void AutosaveTimer::markChanged(double now) {
  if (!changedSince_) changedSince_ = now;
}

bool AutosaveTimer::shouldWrite(double now) const {
  if (!changedSince_) return false;
  const double since = lastWrite_ ? *lastWrite_ : *changedSince_;
  return now - since >= interval_;
}

void AutosaveTimer::markWritten(double now) {
  lastWrite_ = now;
  changedSince_.reset();
}

void AutosaveTimer::reset() {
  changedSince_.reset();
  lastWrite_.reset();
}

}  // namespace satlab
