#include "document/recovery.hpp"

#include "document/scene_load.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "document/atomic_file.hpp"
#include "document/scene_save.hpp"

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
  std::optional<FileStamp> stamp;
};

std::string hexOf(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

std::optional<std::uint64_t> parseHex(const std::string& s) {
  if (s.empty() || s.size() > 16) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<std::uint64_t>(d);
  }
  return v;
}

/// Takes the recovery field out of the scene's extras.
std::optional<RecoveryField> takeRecoveryField(Scene& scene) {
  for (auto it = scene.extras.begin(); it != scene.extras.end(); ++it) {
    if (it->key != kRecoveryField) continue;
    RecoveryField f;
    const nlohmann::json j = nlohmann::json::parse(it->json, nullptr, false);
    if (j.is_object()) {
      if (auto o = j.find("original"); o != j.end() && o->is_string()) f.original = o->get<std::string>();
      if (auto t = j.find("saved_at"); t != j.end() && t->is_number_integer()) f.savedAt = t->get<std::int64_t>();
      // The stamp counts only when all of it is there and well formed.
      const auto size = j.find("original_size"), mtime = j.find("original_mtime_ns"), hash = j.find("original_fnv1a64");
      if (size != j.end() && size->is_number_unsigned() && mtime != j.end() && mtime->is_number_integer() &&
          hash != j.end() && hash->is_string()) {
        if (const auto h = parseHex(hash->get<std::string>())) {
          f.stamp = FileStamp{size->get<std::uint64_t>(), mtime->get<std::int64_t>(), *h};
        }
      }
    }
    scene.extras.erase(it);
    return f;
  }
  return std::nullopt;
}

}  // namespace

std::optional<FileStamp> stampFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return std::nullopt;
  }
  FileStamp stamp;
  stamp.mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    for (ssize_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(buf[i])) * 1099511628211ull;
    stamp.size += static_cast<std::uint64_t>(n);
  }
  ::close(fd);
  stamp.hash = h;
  return stamp;
}

std::string canonicalPath(const std::string& path) {
  if (path.empty()) return path;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  if (ec) return path;
  const fs::path canonical = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal().string() : canonical.string();
}

OriginalState originalStateOf(const std::string& path, const std::optional<FileStamp>& stamp) {
  if (path.empty()) return OriginalState::None;
  if (path.front() != '/') return OriginalState::Unknown;
  const std::optional<FileStamp> now = stampFile(path);
  if (!now) return OriginalState::Missing;
  if (!stamp) return OriginalState::Unknown;
  return now->sameContents(*stamp) ? OriginalState::Unchanged : OriginalState::Changed;
}

std::string originalStateText(const std::string& path, OriginalState state) {
  switch (state) {
    case OriginalState::None:
    case OriginalState::Unchanged: return {};
    case OriginalState::Changed:
      return path + " has changed since this work began (it was saved from elsewhere, or it is another file now).";
    case OriginalState::Missing: return path + " no longer exists.";
    case OriginalState::Unknown:
      return path.empty() || path.front() != '/'
                 ? "The recovery file names the original only as \"" + path +
                       "\", relative to a folder it did not record: saving would write that name in the current folder."
                 : "The recovery file does not record what " + path +
                       " was when this work began, so satlab cannot tell whether it has changed since.";
  }
  return {};
}

std::optional<std::string> recoveryFilePath() {
  auto folder = stateFolder();
  if (!folder) return std::nullopt;
  return *folder + "/recovery.json";
}

std::optional<std::string> writeRecovery(const Scene& scene, const std::string& originalPath,
                                         std::optional<std::int64_t> unixSeconds,
                                         const std::optional<FileStamp>& originalStamp) {
  const auto folder = stateFolder();
  if (!folder) return std::string("recovery: neither XDG_STATE_HOME nor HOME names an absolute folder");
  if (auto err = makeFolders(*folder)) return err;

  const std::string original = canonicalPath(originalPath);
  nlohmann::ordered_json field;
  field["original"] = original.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(original);
  field["saved_at"] = unixSeconds ? *unixSeconds : static_cast<std::int64_t>(std::time(nullptr));
  if (originalStamp && !original.empty()) {
    field["original_size"] = originalStamp->size;
    field["original_mtime_ns"] = originalStamp->mtimeNs;
    field["original_fnv1a64"] = hexOf(originalStamp->hash);
  }
  Scene copy = scene;
  takeRecoveryField(copy);  // a recovered scene that was never saved still carries one
  // A mesh file named relative to the scene's folder is named from "/" in the recovery
  // file, which lives in another folder (an unsaved scene's relative names are relative to
  // the working folder, as the app read them).
  const std::string base = original.empty() ? std::string() : folderOf(original);
  for (SceneShape& s : copy.shapes) {
    auto* mesh = meshBodyOf(s.geometry);  // a mesh's or a hull's file
    if (!mesh || mesh->file.empty() || mesh->file.front() == '/') continue;
    const std::string resolved = base.empty() ? mesh->file : base + "/" + mesh->file;
    const std::string absolute = canonicalPath(resolved);
    if (!absolute.empty()) mesh->file = absolute;
  }
  // dump with replace: names and paths need not be valid UTF-8, dump must not throw.
  copy.extras.push_back(
      ExtraField{kRecoveryField, field.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
  return writeFileAtomically(*folder + "/recovery.json", sceneToJson(copy, kSavedMeshes));
}

std::optional<RecoveryInfo> findRecovery() {
  const auto path = recoveryFilePath();
  if (!path) return std::nullopt;
  // Interrupted writes (a kill during an autosave) leave temporary files beside it, with
  // or without a recovery file.
  removeStaleTempFiles(*path);
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
    info.originalStamp = field->stamp;
  }
  info.originalState = originalStateOf(info.originalPath, info.originalStamp);
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
