// The scene as a document: where it lives on disk, its undo history, unsaved changes,
// autosave to the crash-recovery file, recent files and the persisted settings.
#pragma once

#include "document/history.hpp"
#include "document/recovery.hpp"
#include "document/scene.hpp"

#include <optional>
#include <string>
#include <vector>

namespace satlab {

/// Settings kept in $XDG_CONFIG_HOME/satlab/settings.json between runs.
struct Settings {
  /// settings.json is there but not a regular file (a device, a FIFO, a folder): it was
  /// ignored with a warning, and it is not written either.
  bool leaveFile = false;
  bool presentation = false;
  float uiScale = 1.0f;  // on top of the window's content scale, 0.75 to 2
  /// The language picked in View > Language ("en", "ru", "zh"); empty: the system's.
  std::string language;
  int windowWidth = 1280, windowHeight = 720;
  std::string lastScene;
  std::vector<std::string> recent;  // most recent first, at most kMaxRecent
  static constexpr size_t kMaxRecent = 10;
  /// The student view's predictions: `studentRight` of `studentAsked` answered right, kept
  /// across lessons and runs (on the web page, in the browser's storage with the rest).
  int studentRight = 0, studentAsked = 0;
};

/// $XDG_CONFIG_HOME/satlab (default ~/.config/satlab), created if needed; empty if none.
std::string configFolder();
/// The settings of settings.json, read with readSettingsFile (at most 1 MiB, a regular
/// file): a file that is not, or that is not valid JSON, gives the defaults (the first with
/// one warning line on stderr naming it and why).
Settings loadSettings();
/// Writes settings.json atomically; a settings.json that is not a regular file is refused
/// (and with Settings::leaveFile not tried).
std::optional<std::string> saveSettings(const Settings& settings);
void addRecent(Settings& settings, const std::string& path);

/// What changed between two states of a scene, in a few words ("move box_a", "add sphere",
/// "delete obb_2", "rename a to b", "recolour box_a"): the label of an undo step.
std::string describeChange(const Scene& before, const Scene& after);

class Session {
 public:
  /// Starts a new history for a scene just loaded from `path` (empty: not from a file the
  /// user owns, e.g. the built-in default scene or a lesson; saving asks for a path). The
  /// path is kept absolute and canonical, with the file's stamp (what it was as loaded).
  void reset(const Scene& scene, const std::string& path, bool fromFile);
  /// After reset() with a recovered scene: the original and its stamp are the recovery
  /// file's (what the original was when the lost work began), not the file as it is now.
  /// When the original has since changed, gone or cannot be checked, saving over it needs
  /// the user's yes first (overwriteQuestion).
  void restoredFrom(const RecoveryInfo& info);
  /// Why saving to path() must be confirmed first; empty when it need not.
  const std::string& overwriteQuestion() const { return overwriteQuestion_; }

  /// Records a finished edit: the scene now differs from the last committed state. The undo
  /// step's label is `label`, or when empty describeChange's words for the change.
  void commit(const Scene& scene, double now, const std::string& label = {});
  /// The scene is no longer the file's (File > New): saving asks where; the history stays.
  void forgetPath();
  /// The scene changed but the edit is still going on (a drag): autosave soon anyway.
  void touch(double now) { autosave_.markChanged(now); }
  bool undo(Scene& scene);
  bool redo(Scene& scene);
  bool jumpTo(size_t position, Scene& scene);
  const SceneHistory& history() const { return history_; }

  bool dirty() const { return history_.isDirty() || uncommitted_; }
  const std::string& path() const { return path_; }
  bool hasPath() const { return !path_.empty(); }
  /// Saves to `path` (atomically) and remembers it as the document's file.
  std::optional<std::string> saveAs(const Scene& scene, const std::string& path);

  /// Writes the recovery file when there are unsaved changes and the interval has passed.
  /// Returns what happened to this attempt: nothing tried, written, or the error.
  struct AutosaveOutcome {
    bool attempted = false;
    std::optional<std::string> error;
  };
  AutosaveOutcome autosave(const Scene& scene, double now);
  /// Removes the recovery file (a normal close, or after a save), unless it waits.
  void discardRecovery();
  /// The recovery file holds the unsaved work of an earlier session that the user has not
  /// restored or discarded yet (the offer is open, or was put off with "Not now"): autosave
  /// writes nothing over it, and neither a save nor the end of the session removes it.
  void setRecoveryWaiting(bool waiting) { recoveryWaiting_ = waiting; }
  bool recoveryWaiting() const { return recoveryWaiting_; }
  void setUncommitted(bool v) { uncommitted_ = v; }

 private:
  SceneHistory history_;
  Scene committed_;
  std::string path_;
  std::optional<FileStamp> stamp_;  // path_ as it was when the unsaved work began
  std::string overwriteQuestion_;
  bool uncommitted_ = false;
  bool recoveryWaiting_ = false;
  AutosaveTimer autosave_{kDefaultAutosaveSeconds};
};

}  // namespace satlab
