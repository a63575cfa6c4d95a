// Autosave and crash recovery: one recovery file per user, written every few seconds
// while a scene has unsaved changes and removed when the scene is saved or closed.
//
// Location: $XDG_STATE_HOME/satlab/recovery.json, or ~/.local/state/satlab/recovery.json
// when XDG_STATE_HOME is unset, empty or not absolute (the XDG rule). The folder is made
// with mode 0700 (a scene may be private).
//
// Contents: an ordinary scene file (docs/scene-format.md) with one extra top-level field
//   "satlab_recovery": {"original": "/path/scene.json" or null, "saved_at": 1795000000}
// (saved_at in seconds since 1970, UTC), so the file is itself a valid scene that
// `satlab check` or a text editor can open. loadRecovery removes the field again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "scene/scene.hpp"
#include "scene/scene_load.hpp"

namespace satlab {

/// The top-level field holding the recovery information.
inline constexpr const char* kRecoveryField = "satlab_recovery";
/// Default autosave interval in seconds.
inline constexpr double kDefaultAutosaveSeconds = 5.0;

/// The recovery file's path (see above); nullopt when neither XDG_STATE_HOME nor HOME
/// gives an absolute folder.
std::optional<std::string> recoveryFilePath();

/// Atomically writes `scene` with the recovery field to recoveryFilePath() (creating the
/// folder). `originalPath` is the file the scene was loaded from or last saved to; empty
/// for a scene never saved. `unixSeconds` is the time to record (default: now). Cost: one
/// copy of the scene and one sceneToJson; call it from AutosaveTimer's pace, not per frame.
/// Returns nullopt on success, else a message naming the path and the reason.
std::optional<std::string> writeRecovery(const Scene& scene, const std::string& originalPath,
                                         std::optional<std::int64_t> unixSeconds = std::nullopt);

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
  /// Set when the recovery file exists but does not load (then the other fields but path
  /// are empty); the app should offer to discard it.
  std::optional<std::string> error;
};

/// The recovery file's information, or nullopt when there is none.
std::optional<RecoveryInfo> findRecovery();

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
