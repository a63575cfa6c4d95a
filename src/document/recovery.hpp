// Autosave and crash recovery: one recovery file per user, written every few seconds
// while a scene has unsaved changes and removed when the scene is saved or closed.
//
// Location: $XDG_STATE_HOME/satlab/recovery.json, or ~/.local/state/satlab/recovery.json
// when XDG_STATE_HOME is unset, empty or not absolute (the XDG rule). The folder is made
// with mode 0700 (a scene may be private).
//
// Contents: an ordinary scene file (docs/scene-format.md) with one extra top-level field
//   "satlab_recovery": {"original": "/abs/path/scene.json" or null, "saved_at": 1795000000,
//                       "original_size": 1234, "original_mtime_ns": 1795000000123456789,
//                       "original_fnv1a64": "cbf29ce484222325"}
// (saved_at in seconds since 1970, UTC), so the file is itself a valid scene that
// `satlab check` or a text editor can open. loadRecovery removes the field again.
// "original" is the absolute, canonical path of the scene's file (never the path as typed:
// a relative path would name another file when satlab restarts in another folder); the
// original_* fields describe that file as it was when the unsaved work began (when it was
// loaded or last saved), so that a restore can tell whether saving over it would destroy
// something else. Recovery files written before these fields existed still load; their
// original is then "unknown" (see OriginalState).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "document/scene.hpp"
#include "document/scene_load.hpp"

namespace satlab {

/// The top-level field holding the recovery information.
inline constexpr const char* kRecoveryField = "satlab_recovery";
/// Default autosave interval in seconds.
inline constexpr double kDefaultAutosaveSeconds = 5.0;

/// The recovery file's path (see above); nullopt when neither XDG_STATE_HOME nor HOME
/// gives an absolute folder.
std::optional<std::string> recoveryFilePath();

/// What a file was at one moment: its size, modification time and a hash of its bytes
/// (FNV-1a, 64 bits). Two stamps name the same contents when size and hash agree (the
/// time alone changes with a `touch`).
struct FileStamp {
  std::uint64_t size = 0;
  std::int64_t mtimeNs = 0;  ///< nanoseconds since 1970
  std::uint64_t hash = 0;
  bool sameContents(const FileStamp& o) const { return size == o.size && hash == o.hash; }
};

/// The stamp of the regular file at `path` (following symbolic links); nullopt when it does
/// not exist or cannot be read. Reads the whole file once.
std::optional<FileStamp> stampFile(const std::string& path);

/// `path` made absolute (against the current folder) and canonical: symbolic links and
/// "." / ".." resolved as far as the path exists (std::filesystem::weakly_canonical). An
/// empty path stays empty; on error, the absolute, lexically normal path.
std::string canonicalPath(const std::string& path);

/// Atomically writes `scene` with the recovery field to recoveryFilePath() (creating the
/// folder). `originalPath` is the file the scene was loaded from or last saved to; empty
/// for a scene never saved. `unixSeconds` is the time to record (default: now). Cost: one
/// copy of the scene and one sceneToJson; call it from AutosaveTimer's pace, not per frame.
/// Returns nullopt on success, else a message naming the path and the reason.
/// `originalStamp` is what the original was when the work began (nullopt: unknown, or no
/// original); `originalPath` is stored canonical (canonicalPath).
std::optional<std::string> writeRecovery(const Scene& scene, const std::string& originalPath,
                                         std::optional<std::int64_t> unixSeconds = std::nullopt,
                                         const std::optional<FileStamp>& originalStamp = std::nullopt);

/// What became of a recovered scene's original file since the work began.
enum class OriginalState {
  None,       ///< the scene was never saved: there is no original
  Unchanged,  ///< it exists with the same contents: saving over it loses nothing
  Changed,    ///< it exists with other contents (saved from elsewhere, or another file now)
  Missing,    ///< it no longer exists (or cannot be read)
  Unknown,    ///< an older recovery file that did not record the original's stamp, or whose
              ///< path is relative (to a folder it did not record)
};

/// What a recovery file holds, for the "recover unsaved changes?" prompt.
struct RecoveryInfo {
  std::string path;          ///< the recovery file
  std::string originalPath;  ///< the scene's own file; empty for a never-saved scene
  std::int64_t savedAt = 0;  ///< when the recovery was written (unix seconds)
  std::string title;         ///< the recovered scene's title
  std::size_t shapeCount = 0;
  /// The original file was modified after the recovery was written (it was saved from
  /// elsewhere since): recovering would overwrite newer work, so say so in the prompt.
  bool originalIsNewer = false;
  /// The original as it was when the work began (absent in older recovery files).
  std::optional<FileStamp> originalStamp;
  /// The original now, compared with originalStamp.
  OriginalState originalState = OriginalState::None;
  /// Set when the recovery file exists but does not load (then the other fields but path
  /// are empty); the app should offer to discard it.
  std::optional<std::string> error;
};

/// The recovery file's information, or nullopt when there is none. Also removes stale
/// temporary files of interrupted writes beside it (removeStaleTempFiles).
std::optional<RecoveryInfo> findRecovery();

/// Compares the file at `path` now with `stamp` (what it was when the work began); the
/// caller knows `path` is the original. A relative path or a missing stamp is Unknown.
OriginalState originalStateOf(const std::string& path, const std::optional<FileStamp>& stamp);

/// One sentence for the "save over the original?" question: why saving over `path` needs
/// the user's yes (empty for None and Unchanged).
std::string originalStateText(const std::string& path, OriginalState state);

/// Loads the recovery file as a scene, without the recovery field. The file name in
/// messages is the recovery file's path.
SceneLoadResult loadRecovery();

/// Removes the recovery file (after a save, or when the user declines to recover).
/// Returns nullopt on success or when there was none, else a message.
std::optional<std::string> discardRecovery();

/// When to write the recovery file: at most once per interval, only when the scene
/// changed since the last write. Times are seconds on any monotonic clock (glfwGetTime).
///   timer.markChanged(now) after each pushed step;
///   if (timer.shouldWrite(now)) { writeRecovery(...); timer.markWritten(now); }
///   timer.reset() after a save, load or discard (nothing unsaved).
class AutosaveTimer {
 public:
  explicit AutosaveTimer(double intervalSeconds = kDefaultAutosaveSeconds) : interval_(intervalSeconds) {}

  void markChanged(double now);
  /// True when there are unwritten changes and `interval` has passed since the last write
  /// (or, if none, since the first unwritten change).
  bool shouldWrite(double now) const;
  void markWritten(double now);
  void reset();
  bool pending() const { return changedSince_.has_value(); }
  double interval() const { return interval_; }

 private:
  double interval_;
  std::optional<double> changedSince_;  ///< first change not yet written
  std::optional<double> lastWrite_;
};

}  // namespace satlab
