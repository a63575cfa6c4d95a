// The document controller: the scene that is open and everything about it as a file. Where
// it lives on disk, its undo history and unsaved changes (Session), the question pending
// before an open, a lesson or quitting replaces it, the file dialogs and messages, the toast
// line, autosave to the crash-recovery file and the offer to restore it, copy and paste,
// the GoogleTest export, window screenshots and the settings kept between runs.
//
// It knows nothing of the camera or the panels: when it replaces the scene (open, lesson,
// recovery) or the history rewrites it (undo, redo, a jump), it bumps a counter the view
// compares each frame (sceneGeneration, historyGeneration).
#pragma once

#include "document/lesson.hpp"
#include "document/scene.hpp"
#include "document/scene_load.hpp"
#include "i18n/i18n.hpp"
#include "live_listener.hpp"
#include "model/background_work.hpp"
#include "session.hpp"
#include "world/level.hpp"
#include "world/live_recording.hpp"
#include "world/recording.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace satlab {

/// `msgid` in the window's language when `shown`, else as written: the same text drawn in the
/// window and printed for scripts and tests, which read English. Mark the literal with N_.
const char* trIf(bool shown, const char* msgid) __attribute__((format_arg(2)));

/// The title of the scene shown while a live engine's first frame is awaited.
inline constexpr const char* kLiveWaitingTitle = N_("waiting for the engine's first frame");

class Document {
 public:
  /// Loads `path`, or the built-in default scene when `path` is empty.
  bool loadInitial(const std::string& path, std::string& error);
  /// `interactive`: a person is at the window (no --screenshot): settings are read and
  /// written, the recovery file is offered, closing asks about unsaved work.
  /// `restore`: restore the recovery file without asking (--restore). `settings`: what
  /// settings.json held (loadSettings), for an interactive session.
  void start(bool interactive, bool restore, const Settings& settings);
  /// A normal exit: removes this session's recovery file (not one whose offer is still
  /// unanswered: that stays for the next start), saves the settings.
  void end(int windowWidth, int windowHeight, bool presentation);
  /// The language picked in View > Language ("ru"), saved with the settings at once.
  void keepLanguage(const std::string& code);
  /// The student view's score (Settings::studentRight, studentAsked), written to the
  /// settings at once when it changes (a page is never closed in an orderly way).
  void keepStudentScore(int right, int asked);
  /// The offer to restore an earlier session's work is put off, as "Not now" does (the file
  /// stays for the next start): the student view asks nothing of a student.
  void putOffRecoveryOffer();

  Scene& scene() { return scene_; }
  const Scene& scene() const { return scene_; }
  /// The scene's file as given, "scenes/lessons/..." for a built-in lesson.
  const std::string& name() const { return name_; }
  const Session& session() const { return session_; }
  Settings& settings() { return settings_; }
  const Settings& settings() const { return settings_; }
  const std::optional<LessonState>& lesson() const { return lesson_; }
  /// Index among the built-in lessons, -1 when the scene is not one of them.
  int lessonIndex() const { return lessonIndex_; }
  /// The built-in lessons' titles, in order.
  const std::vector<std::string>& lessonTitles() const;

  /// Bumped whenever the scene is replaced by another (open, lesson, recovery).
  int sceneGeneration() const { return sceneGeneration_; }
  /// Bumped whenever undo, redo or a history jump rewrites the scene.
  int historyGeneration() const { return historyGeneration_; }

  // ---- Time (docs/time.md) ----
  /// File > New level...: a generated level as a new, unsaved scene (asking about unsaved
  /// work first).
  void askNewLevel(const LevelOptions& options);
  /// The recording open (a .jsonl file opened like a scene, or a live engine's frames once
  /// the first has arrived), or null. Its frame is scene().
  const Recording* recording() const;
  std::size_t recordingFrame() const { return frame_; }
  /// How far the shapes are shown on their way to the next frame (0: at the frame itself).
  float recordingBetween() const { return between_; }
  /// Shows frame `frame` of the recording (clamped), or with `between` > 0 its shapes that far
  /// on their way to the next frame (recordingSceneBetween); the view keeps its camera and
  /// selection.
  void showFrame(std::size_t frame, float between = 0.0f);
  /// The recording's pairs whose verdict flips (computed once, when it opens).
  const std::vector<PairFlips>& recordingFlips() const { return flips_; }
  /// The recording's pairs that first touch between two frames (computed once, when it opens).
  const std::vector<BetweenFrames>& recordingContacts() const { return contacts_; }
  /// Where an expectation first breaks: in frame `frame`, or between it and the next at
  /// `between` (of the step): a pair expected never to overlap that touches there.
  struct BrokenAt {
    std::size_t frame = 0, expectation = 0;
    std::optional<float> between;
  };
  const std::optional<BrokenAt>& firstBrokenFrame() const { return firstBroken_; }
  /// Bumped whenever the scene's shapes are replaced without an edit (a recording's frame).
  int frameGeneration() const { return frameGeneration_; }
  /// The frames where the engine's contacts and the exact test disagree (world/recording.hpp's
  /// disagreements), computed when the recording opens (a live one's as its frames arrive).
  const std::vector<Disagreement>& recordingDisagreements() const { return disagreements_; }
  /// Bumped whenever the flips, contacts and disagreements are computed again.
  int verdictGeneration() const { return verdictGeneration_; }

  // ---- A live engine (docs/recording-format.md, "Live"; document_live.cpp) ----
  /// Listens for an engine on 127.0.0.1:`port` (File > Listen, --listen); false after
  /// showing why not (with `error` given, the reason goes there instead of a dialog).
  bool startListening(int port, std::string* error = nullptr);
  /// Stops listening; a connected engine is disconnected, its frames stay.
  void stopListening();
  bool listening() const { return listener_.listening(); }
  int listenPort() const { return listener_.port(); }
  bool engineConnected() const { return listener_.connected(); }
  /// The live recording shown (receiving, or finished and still saveable whole), or null.
  const LiveRecording* live() const { return live_.get(); }
  /// The view shows the newest frame as frames arrive (else it stays where the user is).
  bool liveFollowing() const { return liveFollowing_; }
  void setLiveFollowing(bool follow);
  /// "live: 12 frames, following" / "... paused" / "... finished" / "listening on ...", empty
  /// when not listening and no live recording is shown.
  /// `shown`: in the window's language (the time bar, the Listen dialog), else English (printed).
  std::string liveStatus(bool shown = false) const;
  /// "frames before engine frame 1234 are in the file only; Save keeps them all", empty
  /// while every frame received is in memory.
  std::string liveDroppedText() const;
  /// Once per frame, before the view reads the scene (a frame that arrives replaces it):
  /// what the engine sent, frames shown as they arrive, verdicts recomputed at most twice a
  /// second (slower when they take long) and when the stream ends.
  void pollLive();

  // ---- Long work off the frame (docs/progress.md) ----
  /// The work running (opening a scene or a recording, importing a mesh, generating a
  /// level), or null. The window shows its progress and a Cancel button while it runs.
  const BackgroundWork* work() const { return work_.get(); }
  /// Once a frame: what has finished is applied (the scene opened, the mesh added).
  void pollWork();
  /// Cancel, or Esc, in the indicator: the work stops and nothing it did is kept.
  void cancelWork();
  /// Runs for machines (a script, a screenshot): work is waited for where it is begun, so
  /// that a run gives the same frames every time, unless `slowSeconds` > 0 (a script's
  /// `slow`): then each stage of the work waits that long and the work runs off the frame,
  /// as a person sees it.
  void setWorkForMachines(bool wait, double slowSeconds);
  /// "work: Opening level.json, 1048576 of 18747557 bytes" while work runs (English, for a
  /// scripted run's report), else empty.
  std::string workStatus() const;
  /// workStatus() of the last work whose indicator was drawn (the page's state: its tests
  /// see that the indicator came before the page waited), "" before any.
  const std::string& lastWorkShown() const { return lastWorkShown_; }

  // ---- Edits ----
  /// View > 2D whiteboard: the scene's view mode ("view" in the file), one undo step. Shapes
  /// keep their coordinates (a 3D scene's z stays, and is saved, in 2D).
  void setViewMode(ViewMode view);
  /// The scene changed (`finished`: an edit that is one undo step just ended).
  void edited(bool finished);
  void undo();
  void redo();
  void jumpTo(size_t position);

  // ---- Commands (menus and shortcuts) ----
  /// File > New (Ctrl+N): an empty scene, asking about unsaved work first. One undo step:
  /// Undo brings back what was open; saving asks where (the scene is no file's any more).
  void askNewScene();
  void askOpenDialog();
  /// File > Import mesh...: asks for a mesh file; takeMeshToImport() gives it once chosen.
  void askImportMeshDialog();
  std::optional<std::string> takeMeshToImport();
  /// Reads the mesh file at `path` off the frame (work()), then adds it as a new mesh shape
  /// centred on `at`, selected; or shows why not (the scene is unchanged).
  void importMesh(const std::string& path, const glm::vec3& at);
  /// The index of the shape the last finished import added, once (-1: none since).
  int takeImportedShape();
  void askToOpen(const std::string& path);
  void askToOpenLesson(int index);
  void save();
  void startSaveAs();
  /// Asks where to export: `pair` (scene indices) exports that pair, none the whole scene.
  void askExport(std::optional<std::pair<size_t, size_t>> pair);
  /// Asks where to save the scene as a lesson: `draft`'s title, text and opening state
  /// (document/lesson.hpp). Saved, the lesson is the document (its file, its undo step).
  void askSaveLesson(const LessonDraft& draft);
  void copy(const std::vector<int>& shapes);
  /// Pastes shapes from the clipboard; the indices of the new shapes (empty when none).
  std::vector<int> paste();
  /// The window's close button or File > Quit: asks about unsaved work first. Returns true
  /// when satlab may close now.
  bool requestClose();
  bool quitConfirmed() const { return quitConfirmed_; }
  void saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height);

  // ---- What is shown ----
  /// Called once per frame: autosave, and the dialogs of this frame.
  void frame();
  void drawDialogs();
  /// On top of everything while autosave fails, or is held (unsaved work while an earlier
  /// session's recovery file waits for an answer).
  void drawAutosaveWarning() const;
  /// The toast line (what was just opened, saved, pasted) as printed (English), empty once
  /// it has expired; shownToast(): as the window shows it, in its language.
  std::string toast() const;
  std::string shownToast() const;
  /// A toast or a message whose text is the same in every language (a name) or already
  /// translated: shown, and printed to the terminal as it is.
  void showToast(const std::string& text);
  void showMessage(const std::string& text);
  /// `printed` on the terminal (English: scripts and the app tests read it), `shown` in the window.
  void showToast(const std::string& printed, const std::string& shown);
  void showMessage(const std::string& printed, const std::string& shown);
  /// The same from one English format, marked N_("saved %s"): printed as it is, shown translated.
  void showToastf(const char* format, ...) __attribute__((format(printf, 2, 3)));
  void showMessagef(const char* format, ...) __attribute__((format(printf, 2, 3)));
  /// A text with no number or name in it, marked N_("..."): printed as it is, shown translated.
  void showToastTr(const char* msgid) { showToast(msgid, tr(msgid)); }
  void showMessageTr(const char* msgid) { showMessage(msgid, tr(msgid)); }
  /// The last message shown (the message dialog's text), English as printed.
  const std::string& message() const { return message_; }
  /// What the open file dialog lists ("Import mesh: /a/b (2 files), ..."), empty when none is
  /// open (ui/dialogs.hpp's fileDialogListing).
  std::string fileDialogListing() const;

  /// The window's title; `shown`: in the window's language (the title bar), else English
  /// (printed by scripted runs).
  std::string windowTitle(bool shown = false) const;
  /// "autosave: ok" / "autosave: failing: REASON" / "autosave: not tried" /
  /// "autosave: held: ..." (an earlier session's recovery file waits for an answer).
  std::string autosaveStatus() const;

 private:
  void setScene(Scene scene, const std::string& name, bool fromFile);
  void newScene();
  /// A recording's shown frame made a scene of its own (an edit, a new scene): the recording closes.
  void detachRecordedFrame();
  void openPath(const std::string& path);
  void openLesson(int index);
  bool openRecording(const std::string& path, std::string& error);
  /// The flips, contacts between frames, first broken expectation and disagreements of a
  /// recording, computed together (off the frame when a recording opens).
  struct RecordingVerdicts {
    std::vector<PairFlips> flips;
    std::vector<BetweenFrames> contacts;
    std::optional<BrokenAt> firstBroken;
    std::vector<Disagreement> disagreements;
  };
  static RecordingVerdicts recordingVerdicts(const Recording& rec);
  void computeRecordingVerdicts(const Recording& rec) { adoptVerdicts(recordingVerdicts(rec)); }
  void adoptVerdicts(RecordingVerdicts verdicts);
  /// The recording read from `path` made the document; false with `error` when it was not read.
  bool adoptRecording(const std::string& path, RecordingLoadResult& r, RecordingVerdicts verdicts, std::string& error);
  void adoptScene(const std::string& path, SceneLoadResult& r);
  void adoptMesh(const std::string& path, const glm::vec3& at, MeshFileLoad loaded);
  /// Starts `work` off the frame (a running one is cancelled first), saying `what` of the
  /// file at `path` until it reports a stage of its own.
  void startWork(const char* what, const std::string& path, BackgroundWork::Work work);
  void finishWork();
  void startNextImport();
  /// The indicator while work runs (ui/work_indicator.hpp), its Cancel and Esc.
  void drawWork();
  void acceptEngine();
  void liveFramesArrived();
  void liveStreamEnded(const std::string& error);
  void performPending();
  void saveToOwnPath(bool thenContinue);
  void startSaveAs(bool thenContinue);
  /// Save as `path` (the chosen file): the document's file from now on.
  void saveAsChosen(const std::string& path);
  void restoreRecovery(SceneLoadResult loaded);
  void exportTest(const std::string& path);
  void saveLesson(const std::string& path);
  /// The folders a file dialog lists: the scene's own (and its "meshes" for `meshes`), the
  /// working folder and its scenes (or meshes), the user's home; those that exist, absolute.
  std::vector<std::string> dialogFolders(bool meshes) const;
  double now() const;

  Scene scene_;
  std::string name_;
  std::pair<std::string, std::string> detachedFrame_;  // name_ "frame N of FILE": N and FILE
  Session session_;
  Settings settings_;
  bool interactive_ = false;
  std::optional<LessonState> lesson_;
  int lessonIndex_ = -1;
  int sceneGeneration_ = 0;
  int historyGeneration_ = 0;

  std::unique_ptr<BackgroundWork> work_;
  int importedShape_ = -1;
  std::string lastWorkShown_;
  std::deque<std::pair<std::string, glm::vec3>> imports_;  // mesh files waiting to be imported
  bool waitForWork_ = false;
  double workStageDelay_ = 0.0;
  std::optional<std::string> meshToImport_;
  std::optional<Recording> recording_;
  std::size_t frame_ = 0;
  float between_ = 0.0f;
  std::vector<PairFlips> flips_;
  std::vector<BetweenFrames> contacts_;
  std::optional<BrokenAt> firstBroken_;
  std::vector<Disagreement> disagreements_;
  int verdictGeneration_ = 0;
  int frameGeneration_ = 0;
  LiveListener listener_;
  std::unique_ptr<LiveRecording> live_;
  bool liveFollowing_ = true;
  int liveSeenGeneration_ = -1;
  std::size_t liveSeenDropped_ = 0;
  bool liveShownAny_ = false;
  int liveComputedGeneration_ = -1;
  double liveComputedAt_ = -1e9;
  double liveComputeInterval_ = 0.5;  // seconds between recomputations: at least 0.5, 4x their cost
  LevelOptions pendingLevel_;
  enum class Pending { None, New, Open, Quit, Lesson, Level };
  Pending pending_ = Pending::None;
  std::string pendingPath_;
  int pendingLessonIndex_ = -1;
  bool continueAfterSave_ = false;
  bool quitConfirmed_ = false;
  std::string dialogPath_;
  const char* popupToOpen_ = nullptr;
  std::string message_;
  std::string messageShown_;  // message_ in the window's language
  std::optional<RecoveryInfo> recovery_;
  std::string overwriteText_;  // the question of the "save over the original?" dialog
  bool continueAfterOverwrite_ = false;
  std::optional<std::string> autosaveError_;  // set while autosave fails; shown until it works
  bool autosaveTried_ = false;
  bool putOffRecovery_ = false;  // the recovery dialog closes itself at its next frame
  bool autosaveHeld_ = false;    // unsaved work, not autosaved: the recovery file holds an earlier session's
  std::string waitingRecovery_;  // that recovery file's path
  std::optional<std::pair<size_t, size_t>> exportPair_;
  LessonDraft lessonDraft_;
  std::string toast_;
  std::string toastShown_;  // toast_ in the window's language
  double toastUntil_ = 0.0;
};

}  // namespace satlab
