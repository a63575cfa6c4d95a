#include "document.hpp"

#include "mesh_scene/mesh_import.hpp"

#include "base/file_name.hpp"
#include "default_scene.hpp"
#include "document/atomic_file.hpp"
#include "document/clipboard_json.hpp"
#include "document/json_path.hpp"
#include "document/scene_edit.hpp"
#include "evaluation/export_gtest.hpp"
#include "i18n/i18n.hpp"
#include "platform.hpp"
#include "render/display_text.hpp"
#include "render/render_target.hpp"
#include "ui/dialogs.hpp"
#include "ui/font_atlas.hpp"
#include "ui/lesson_text.hpp"
#include "ui/theme.hpp"
#include "ui/work_indicator.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <thread>

namespace satlab {

namespace {

namespace fs = std::filesystem;

std::string timeText(std::int64_t unixSeconds) {
  const std::time_t t = static_cast<std::time_t>(unixSeconds);
  char buf[64];
  std::tm tm{};
  localtime_r(&t, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

/// Folder for F12 screenshots: $XDG_PICTURES_DIR/satlab, else ~/Pictures/satlab.
std::string screenshotFolder() {
  fs::path base;
  if (const char* p = std::getenv("XDG_PICTURES_DIR"); p && *p == '/') {
    base = p;
  } else if (const char* home = std::getenv("HOME"); home && *home == '/') {
    base = fs::path(home) / "Pictures";
  } else {
    base = fs::temp_directory_path();
  }
  return (base / "satlab").string();
}

/// A message as the terminal gets it: each line made printable, so that a path or a name
/// from a file, a script or a drop cannot drive the terminal (the dialog shows the text as
/// it is).
std::string terminalLines(std::string_view text) {
  std::string out;
  for (std::size_t start = 0;;) {
    const std::size_t newline = text.find('\n', start);
    out += printable(text.substr(start, newline == std::string_view::npos ? std::string_view::npos : newline - start),
                     4096);
    if (newline == std::string_view::npos) return out;
    out += '\n';
    start = newline + 1;
  }
}

// The names the document gives a scene that has no file of its own (shown translated).
constexpr const char* kNewSceneName = N_("(new scene)");
constexpr const char* kNewLevelName = N_("(new level)");
constexpr const char* kRecoveredSceneName = N_("(recovered scene)");

std::string exportFileName(const Scene& scene) {
  return "satlab_" + cppIdentifier(scene.title.empty() ? "scene" : scene.title, "scene") + "_test.cpp";
}

}  // namespace

const char* trIf(bool shown, const char* msgid) { return shown ? tr(msgid) : msgid; }

double Document::now() const { return ImGui::GetTime(); }

bool Document::loadInitial(const std::string& path, std::string& error) {
  if (!path.empty() && isRecordingFile(path)) return openRecording(path, error);
  if (!path.empty()) removeStaleTempFiles(path);  // left beside it by a kill during a save
  SceneLoadResult result = path.empty() ? parseScene(defaultSceneText(), "scenes/default.json") : loadScene(path);
  if (!result.ok()) {
    error = result.error->text();
    return false;
  }
  for (const SceneDiagnostic& w : result.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  setScene(std::move(result.scene), path.empty() ? "scenes/default.json" : path, !path.empty());
  return true;
}

bool Document::openRecording(const std::string& path, std::string& error) {
  RecordingLoadResult r = loadRecording(path);
  RecordingVerdicts verdicts;
  if (r.ok()) verdicts = recordingVerdicts(r.recording);
  return adoptRecording(path, r, std::move(verdicts), error);
}

bool Document::adoptRecording(const std::string& path, RecordingLoadResult& r, RecordingVerdicts verdicts,
                              std::string& error) {
  if (!r.ok()) {
    error = r.error->text();
    return false;
  }
  for (const SceneDiagnostic& w : r.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  Scene first;
  if (r.recording.frameCount() > 0) recordingScene(r.recording, 0, first);
  // Not a scene file of its own: saving asks where (a recording is never written over).
  setScene(std::move(first), path, false);
  adoptVerdicts(std::move(verdicts));
  recording_ = std::move(r.recording);
  frame_ = 0;
  between_ = 0.0f;
  return true;
}

Document::RecordingVerdicts Document::recordingVerdicts(const Recording& rec) {
  RecordingVerdicts v;
  v.flips = verdictFlips(rec);
  v.contacts = betweenFrames(rec);
  // The first broken expectation: in a frame, or before it, between two frames.
  if (const auto at = firstBrokenExpectation(rec)) v.firstBroken = BrokenAt{at->first, at->second, std::nullopt};
  if (const auto at = firstBrokenBetweenFrames(rec, v.contacts)) {
    const BetweenFrames& c = v.contacts[at->first];
    if (!v.firstBroken || c.frame <= v.firstBroken->frame) v.firstBroken = BrokenAt{c.frame - 1, at->second, c.toi};
  }
  v.disagreements = disagreements(rec);
  return v;
}

void Document::adoptVerdicts(RecordingVerdicts verdicts) {
  flips_ = std::move(verdicts.flips);
  contacts_ = std::move(verdicts.contacts);
  firstBroken_ = verdicts.firstBroken;
  disagreements_ = std::move(verdicts.disagreements);
  ++verdictGeneration_;
}

const Recording* Document::recording() const {
  if (live_) return live_->recording().frameCount() > 0 ? &live_->recording() : nullptr;
  return recording_ ? &*recording_ : nullptr;
}

void Document::showFrame(std::size_t frame, float between) {
  const Recording* rec = recording();
  if (!rec || rec->frameCount() == 0) return;
  frame = std::min(frame, rec->frameCount() - 1);
  between = frame + 1 < rec->frameCount() ? std::clamp(between, 0.0f, 1.0f) : 0.0f;
  if (frame == frame_ && between == between_) return;
  frame_ = frame;
  between_ = between;
  recordingSceneBetween(*rec, frame_, between_, scene_);
  ++frameGeneration_;
}

void Document::askNewLevel(const LevelOptions& options) {
  pending_ = Pending::Level;
  pendingLevel_ = options;
  if (session_.dirty()) {
    popupToOpen_ = kDiscardDialog;
  } else {
    performPending();
  }
}

void Document::setScene(Scene scene, const std::string& name, bool fromFile) {
  recording_.reset();
  if (live_) listener_.disconnect();  // another scene: the engine's stream ends here
  live_.reset();
  flips_.clear();
  contacts_.clear();
  firstBroken_.reset();
  disagreements_.clear();
  ++verdictGeneration_;
  frame_ = 0;
  between_ = 0.0f;
  scene_ = std::move(scene);
  name_ = name;
  session_.reset(scene_, name, fromFile);
  // Which built-in lesson this is, by file name.
  lessonIndex_ = -1;
  const std::string file(fileNameOf(name));
  const std::vector<EmbeddedFile> lessons = embeddedLessons();
  for (size_t i = 0; i < lessons.size(); ++i) {
    if (lessons[i].name == file) lessonIndex_ = static_cast<int>(i);
  }
  std::vector<std::string> warnings;
  lesson_ = lessonOf(scene_, name, warnings);
  for (const std::string& w : warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.c_str());
  ++sceneGeneration_;
}

const std::vector<std::string>& Document::lessonTitles() const {
  // In the window's language, listed again when it changes (each title a streaming read of
  // its file's first lines).
  static std::vector<std::string> titles;
  static int generation = -1;
  if (generation != uiLanguageGeneration() || titles.empty()) {
    generation = uiLanguageGeneration();
    std::vector<std::string> out;
    for (const EmbeddedFile& f : embeddedLessons()) {
      out.push_back(oneLineText(lessonMenuTitle(f.text, f.name, languageCode(uiLanguage())), kMaxShownTitleBytes));
    }
    titles = std::move(out);
  }
  return titles;
}

void Document::openLesson(int index) {
  const std::vector<EmbeddedFile> lessons = embeddedLessons();
  if (index < 0 || index >= static_cast<int>(lessons.size())) return;
  const std::string name = "scenes/lessons/" + std::string(lessons[static_cast<size_t>(index)].name);
  SceneLoadResult r = parseScene(lessons[static_cast<size_t>(index)].text, name);
  if (!r.ok()) {
    showMessagef(N_("Could not open the lesson:\n%s"), r.error->text().c_str());
    return;
  }
  setScene(std::move(r.scene), name, false);
}

void Document::start(bool interactive, bool restore, const Settings& settings) {
  interactive_ = interactive;
  if (interactive_) settings_ = settings;
  if (!interactive_ && !restore) return;
  if (auto info = findRecovery(); info && !info->error) {
    recovery_ = *info;
    if (restore) {
      SceneLoadResult r = loadRecovery();
      if (r.ok()) {
        restoreRecovery(std::move(r));
        std::printf("satlab: restored unsaved work from %s\n", recovery_->path.c_str());
      } else {
        std::fprintf(stderr, "satlab: %s\n", r.error->text().c_str());
      }
      recovery_.reset();
    } else {
      popupToOpen_ = kRecoveryDialog;
      // Until the user restores or discards it, the file is theirs: no autosave, save or
      // end of this session removes it.
      session_.setRecoveryWaiting(true);
      waitingRecovery_ = recovery_->path;
    }
  }
}

void Document::restoreRecovery(SceneLoadResult loaded) {
  const RecoveryInfo& r = *recovery_;
  const std::string original = r.originalPath;
  setScene(std::move(loaded.scene), original.empty() ? kRecoveredSceneName : original, !original.empty());
  // The original as it was when the lost work began, not as it is now: saving over it is
  // asked about first when it has changed or gone since.
  session_.restoredFrom(r);
  // Restored work is unsaved work until the user saves it.
  session_.setUncommitted(true);
}

void Document::end(int windowWidth, int windowHeight, bool presentation) {
  if (!interactive_) return;
  // This session's recovery file goes; one whose offer was never answered (or put off with
  // "Not now") stays to be offered at the next start (Session::discardRecovery).
  session_.discardRecovery();
  if (session_.recoveryWaiting()) {
    std::printf("satlab: the unsaved work of an earlier session stays in %s for the next start\n",
                waitingRecovery_.c_str());
  }
  settings_.presentation = presentation;
  settings_.windowWidth = windowWidth;
  settings_.windowHeight = windowHeight;
  if (session_.hasPath()) addRecent(settings_, session_.path());
  if (auto error = saveSettings(settings_)) std::fprintf(stderr, "satlab: settings not saved: %s\n", error->c_str());
}

void Document::keepLanguage(const std::string& code) {
  if (settings_.language == code) return;
  settings_.language = code;
  if (!interactive_) return;
  if (auto error = saveSettings(settings_)) std::fprintf(stderr, "satlab: settings not saved: %s\n", error->c_str());
}

void Document::keepStudentScore(int right, int asked) {
  if (settings_.studentRight == right && settings_.studentAsked == asked) return;
  settings_.studentRight = right;
  settings_.studentAsked = asked;
  if (!interactive_) return;
  if (auto error = saveSettings(settings_)) std::fprintf(stderr, "satlab: settings not saved: %s\n", error->c_str());
}

void Document::putOffRecoveryOffer() {
  if (!recovery_) return;
  if (popupToOpen_ == kRecoveryDialog) {
    // Not shown yet: it never is.
    popupToOpen_ = nullptr;
    std::printf("satlab: the unsaved work of an earlier session stays in %s for the next start\n",
                recovery_->path.c_str());
    recovery_.reset();
    return;
  }
  putOffRecovery_ = true;
}

void Document::detachRecordedFrame() {
  Scene frame;
  recordingSceneBetween(*recording(), frame_, between_, frame);  // as shown, between frames too
  // Named by the engine's frame number, as the time bar names it.
  const std::string shown = std::to_string(recording()->frameNumber(frame_));
  const bool wasReceiving = live_ && listener_.connected();
  recording_.reset();
  if (live_) listener_.disconnect();
  live_.reset();
  flips_.clear();
  contacts_.clear();
  firstBroken_.reset();
  disagreements_.clear();
  ++verdictGeneration_;
  between_ = 0.0f;
  session_.reset(frame, "", false);
  detachedFrame_ = {shown, fs::path(name_).filename().string()};
  name_ = formatted("frame %s of %s", detachedFrame_.first.c_str(), detachedFrame_.second.c_str());
  if (wasReceiving) {
    showToastf(N_("frame %s is now a scene of its own; the engine's stream was closed"), shown.c_str());
  } else {
    showToastf(N_("frame %s is now a scene of its own; open the recording again to replay it"), shown.c_str());
  }
}

void Document::askNewScene() {
  pending_ = Pending::New;
  if (session_.dirty()) {
    popupToOpen_ = kDiscardDialog;
  } else {
    performPending();
  }
}

void Document::newScene() {
  // One undo step away from what was open, whatever it was (a recorded frame first becomes
  // a scene of its own, as an edit makes it); the file it came from is not this scene's.
  if (recording()) detachRecordedFrame();
  scene_ = Scene{};
  session_.commit(scene_, now(), "new scene");
  session_.forgetPath();
  name_ = kNewSceneName;
  lesson_.reset();
  lessonIndex_ = -1;
  ++sceneGeneration_;
  showToastTr(N_("new, empty scene; Ctrl+Z undoes it"));
}

void Document::edited(bool finished) {
  if (recording()) {
    // An edit of a recorded frame makes that frame a scene of its own (unsaved, its edit one
    // undo step), so that nothing the user made is lost when the frame would change.
    detachRecordedFrame();
  }
  session_.touch(now());
  session_.setUncommitted(true);
  if (finished) session_.commit(scene_, now());
}

void Document::setViewMode(ViewMode view) {
  if (scene_.view == view) return;
  if (recording()) detachRecordedFrame();
  scene_.view = view;
  session_.commit(scene_, now(), view == ViewMode::TwoD ? "2D whiteboard view" : "3D view");
  ++historyGeneration_;  // the view frames the scene again, in its other mode
}

void Document::undo() {
  if (session_.undo(scene_)) ++historyGeneration_;
}

void Document::redo() {
  if (session_.redo(scene_)) ++historyGeneration_;
}

void Document::jumpTo(size_t position) {
  if (session_.jumpTo(position, scene_)) ++historyGeneration_;
}

void Document::frame() {
  if (!interactive_) return;
  autosaveHeld_ = session_.recoveryWaiting() && session_.dirty();
  const Session::AutosaveOutcome outcome = session_.autosave(scene_, now());
  if (!outcome.attempted) return;
  autosaveTried_ = true;
  if (outcome.error) {
    // Once per failure spell, not once per retry; the warning stays on screen meanwhile.
    if (!autosaveError_) {
      std::fprintf(stderr, "satlab: warning: autosave failed: %s (unsaved work is not protected until it works)\n",
                   oneLineText(*outcome.error, kMaxShownMessageBytes).c_str());
    }
    autosaveError_ = outcome.error;
  } else if (autosaveError_) {
    std::fprintf(stderr, "satlab: autosave works again\n");
    autosaveError_.reset();
  }
}

std::string Document::autosaveStatus() const {
  if (autosaveHeld_) {
    return "autosave: held: " + oneLineText(waitingRecovery_, kMaxShownMessageBytes) +
           " keeps an earlier session's unsaved work until it is restored or discarded";
  }
  if (autosaveError_) return "autosave: failing: " + oneLineText(*autosaveError_, kMaxShownMessageBytes);
  return autosaveTried_ ? "autosave: ok" : "autosave: not tried";
}

void Document::drawAutosaveWarning() const {
  if (!autosaveError_ && !autosaveHeld_) return;
  // On top of everything, panels hidden or not, until an autosave succeeds again.
  const std::string text =
      autosaveError_
          ? formatted(tr("Autosave failed: %s\nUnsaved work is not protected against a crash. Save it (Ctrl+S) or "
                         "free the folder."),
                      oneLineText(*autosaveError_, 200).c_str())
          : std::string(tr("Autosave is off: the recovery file still holds an earlier session's unsaved work (Not "
                           "now).\nIt is offered again at the next start. Until then, save this work yourself "
                           "(Ctrl+S)."));
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const float wrap = std::min(vp->WorkSize.x - 40.0f, 900.0f * ImGui::GetIO().FontGlobalScale);
  noteTextInUse(text);  // the folder's path may bring characters the font atlas lacks
  // Broken by satlab's line breaking (ui/wrapped_text.hpp), then drawn as it is.
  const std::string shown = wrappedInCurrentFont(text, wrap);
  const ImVec2 size = ImGui::CalcTextSize(shown.c_str());
  const ImVec2 at(vp->WorkPos.x + (vp->WorkSize.x - size.x) * 0.5f, vp->WorkPos.y + 8.0f);
  // The theme's warning colours (render/palette.hpp; their contrast is in docs/contrast.md).
  const Palette& pal = currentPalette();
  auto u32 = [](const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); };
  dl->AddRectFilled(ImVec2(at.x - 10.0f, at.y - 6.0f), ImVec2(at.x + size.x + 10.0f, at.y + size.y + 6.0f),
                    u32(pal.warningBackground), 4.0f);
  dl->AddRect(ImVec2(at.x - 10.0f, at.y - 6.0f), ImVec2(at.x + size.x + 10.0f, at.y + size.y + 6.0f),
              u32(pal.warningBorder), 4.0f, 0, 2.0f);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, u32(pal.warningText), shown.c_str());
}

bool Document::requestClose() {
  if (!interactive_ || !session_.dirty() || quitConfirmed_) {
    quitConfirmed_ = true;
    return true;
  }
  pending_ = Pending::Quit;
  popupToOpen_ = kDiscardDialog;
  return false;
}

std::string Document::windowTitle(bool shown) const {
  // The same however the scene was opened (a file, the Lessons menu, a recent file): the
  // file's name, then the scene's or lesson's title when it has one.
  const std::string file = fs::path(session_.hasPath() ? session_.path() : name_).filename().string();
  std::string text = file.empty() ? name_ : file;
  if (shown && !session_.hasPath()) {
    // The names the document gives a scene without a file, in the window's language.
    for (const char* own : {kNewSceneName, kNewLevelName, kRecoveredSceneName}) {
      if (name_ == own) text = tr(own);
    }
    if (!detachedFrame_.first.empty() &&
        name_ == formatted("frame %s of %s", detachedFrame_.first.c_str(), detachedFrame_.second.c_str())) {
      text = formatted(tr("frame %s of %s"), detachedFrame_.first.c_str(), detachedFrame_.second.c_str());
    }
  }
  // A recording: the frame shown, by the engine's number.
  if (recording_ && recording_->frameCount() > 0) {
    text += formatted(trIf(shown, N_(", frame %lld")), static_cast<long long>(recording_->frameNumber(frame_)));
  }
  // The scene's title: shown in the window's language (a lesson's title in several).
  if (const std::string& title = shown ? shownTitle(scene_) : scene_.title; !title.empty()) {
    text += ": " + (shown && title == kLiveWaitingTitle ? std::string(tr(kLiveWaitingTitle)) : title);
  }
  return (session_.dirty() ? "* " : "") + oneLineText(text, 2 * kMaxShownTitleBytes) + " - satlab";
}

std::vector<std::string> Document::dialogFolders(bool meshes) const {
  // The scene's own folder first, then where satlab was started, the scenes there (a
  // checkout's), and the user's home: a dialog lists files wherever satlab runs from.
  std::vector<std::string> out;
  std::error_code ec;
  const auto add = [&](const fs::path& p) {
    std::error_code e;
    if (p.empty() || !fs::is_directory(p, e)) return;
    std::string s = fs::absolute(p, e).lexically_normal().string();
    if (e) s = p.lexically_normal().string();
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  if (session_.hasPath()) {
    const fs::path folder = fs::path(session_.path()).parent_path();
    add(folder.empty() ? fs::path(".") : folder);
    if (meshes) add(folder / "meshes");
  }
  const fs::path here = fs::current_path(ec);
  if (!ec) {
    add(here);
    for (const char* sub : meshes ? std::vector<const char*>{"meshes", "scenes/meshes"}
                                  : std::vector<const char*>{"scenes", "scenes/examples", "scenes/lessons"}) {
      add(here / sub);
    }
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') add(home);
  return out;
}

std::string Document::fileDialogListing() const { return satlab::fileDialogListing(); }

void Document::showMessage(const std::string& text) { showMessage(text, text); }

void Document::showMessage(const std::string& printed, const std::string& shown) {
  noteTextInUse(shown);  // a path or a name in it may bring characters the font atlas lacks
  message_ = printed;
  messageShown_ = shown;
  popupToOpen_ = kMessageDialog;
  std::fprintf(stderr, "satlab: %s\n", terminalLines(printed).c_str());
}

namespace {

/// `format` filled in as printed (English) and as shown (the window's language).
std::pair<std::string, std::string> printedAndShown(const char* format, va_list args) {
  va_list again;
  va_copy(again, args);
  std::pair<std::string, std::string> out{vformatted(format, args), vformatted(tr(format), again)};
  va_end(again);
  return out;
}

}  // namespace

void Document::showMessagef(const char* format, ...) {
  va_list args;
  va_start(args, format);
  const auto [printed, shown] = printedAndShown(format, args);
  va_end(args);
  showMessage(printed, shown);
}

void Document::showToast(const std::string& text) { showToast(text, text); }

void Document::showToast(const std::string& printed, const std::string& shown) {
  noteTextInUse(shown);
  toast_ = printed;
  toastShown_ = shown;
  toastUntil_ = now() + 4.0;
  std::printf("satlab: %s\n", terminalLines(printed).c_str());
}

void Document::showToastf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  const auto [printed, shown] = printedAndShown(format, args);
  va_end(args);
  showToast(printed, shown);
}

std::string Document::toast() const { return !toast_.empty() && now() < toastUntil_ ? toast_ : std::string(); }

std::string Document::shownToast() const {
  return !toastShown_.empty() && now() < toastUntil_ ? toastShown_ : std::string();
}

void Document::openPath(const std::string& path) {
  // Read off the frame (docs/progress.md); the document changes only once all is read, so a
  // broken or hostile file, or Cancel, leaves the current scene as it is.
  if (isRecordingFile(path)) {
    startWork(N_("Opening %s"), path, [this, path]() -> BackgroundWork::Apply {
      auto r = std::make_shared<RecordingLoadResult>(loadRecording(path));
      auto verdicts = std::make_shared<RecordingVerdicts>();
      if (r->ok()) *verdicts = recordingVerdicts(r->recording);
      return [this, path, r, verdicts] {
        std::string error;
        if (!adoptRecording(path, *r, std::move(*verdicts), error)) {
          showMessagef(N_("Could not open the recording:\n%s"), error.c_str());
          return;
        }
        addRecent(settings_, path);
        const long long frames = static_cast<long long>(recording_->frameCount());
        showToast(formatted(frames == 1 ? "opened %s: %lld frame" : "opened %s: %lld frames", path.c_str(), frames),
                  formatted(trn("opened %s: %lld frame", "opened %s: %lld frames", frames), path.c_str(), frames));
      };
    });
    return;
  }
  removeStaleTempFiles(path);  // left beside it by a kill during a save
  startWork(N_("Opening %s"), path, [this, path]() -> BackgroundWork::Apply {
    auto r = std::make_shared<SceneLoadResult>(loadScene(path));
    if (r->ok()) buildMeshTrees(r->scene);  // not in the frame that first tests a mesh
    return [this, path, r] { adoptScene(path, *r); };
  });
}

void Document::adoptScene(const std::string& path, SceneLoadResult& r) {
  if (!r.ok()) {
    showMessagef(N_("Could not open the scene:\n%s"), r.error->text().c_str());
    return;
  }
  for (const SceneDiagnostic& w : r.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  setScene(std::move(r.scene), path, true);
  addRecent(settings_, path);
  showToastf(N_("opened %s"), path.c_str());
}

// ---- Long work off the frame -------------------------------------------------------------

void Document::setWorkForMachines(bool wait, double slowSeconds) {
  waitForWork_ = wait;
  workStageDelay_ = slowSeconds;
}

std::string Document::workStatus() const {
  if (!work_) return {};
  const ProgressSnapshot s = work_->progress();
  std::string what = s.what;  // English: the report is read by tests and scripts
  if (const std::size_t at = what.find("%s"); at != std::string::npos) what.replace(at, 2, s.subject);
  std::string text = "work: " + what;
  if (s.unit != ProgressUnit::None) {
    text += ", " + std::to_string(s.done) + " of " + std::to_string(s.total) + " " + progressUnitName(s.unit);
  }
  return text;
}

void Document::startWork(const char* what, const std::string& path, BackgroundWork::Work work) {
  if (work_) work_->cancel();
  work_ = std::make_unique<BackgroundWork>(what, fileNameOf(path), std::move(work), workStageDelay_);
  if (waitForWork_ && workStageDelay_ <= 0.0) {
    // A run for machines: the same frames every time.
    while (!work_->poll()) std::this_thread::sleep_for(std::chrono::microseconds(200));
    finishWork();
  }
}

void Document::pollWork() {
  if (work_ && work_->poll()) finishWork();
}

void Document::finishWork() {
  const std::unique_ptr<BackgroundWork> done = std::move(work_);
  if (!done->error().empty()) {
    imports_.clear();
    showMessagef(N_("The work stopped:\n%s"), done->error().c_str());
    return;
  }
  done->apply();
  if (!work_) startNextImport();
}

void Document::drawWork() {
  if (!work_) {
    closeWorkIndicator();
    return;
  }
  lastWorkShown_ = workStatus();
  if (drawWorkIndicator(work_->progress())) cancelWork();
}

void Document::cancelWork() {
  if (!work_) return;
  work_->cancel();
  work_.reset();  // a worker still running finishes on its own, and its result is dropped
  imports_.clear();
  showToastTr(N_("cancelled: nothing was changed"));
}

void Document::askOpenDialog() {
  if (platform::pickFile(platform::Pick::SceneOrMesh)) return;  // the page's picker; the file arrives as a drop
  dialogPath_ = session_.hasPath() ? session_.path() : "";
  popupToOpen_ = kOpenDialog;
}

void Document::askImportMeshDialog() {
  if (platform::pickFile(platform::Pick::Mesh)) return;
  dialogPath_.clear();
  popupToOpen_ = kImportMeshDialog;
}

std::optional<std::string> Document::takeMeshToImport() {
  std::optional<std::string> out = std::move(meshToImport_);
  meshToImport_.reset();
  return out;
}

void Document::importMesh(const std::string& path, const glm::vec3& at) {
  // One at a time (several files dropped at once wait their turn); Cancel drops the rest.
  imports_.emplace_back(path, at);
  if (!work_) startNextImport();
}

void Document::startNextImport() {
  if (imports_.empty()) return;
  const auto [path, at] = imports_.front();
  imports_.pop_front();
  startWork(N_("Reading %s"), path, [this, path = path, at = at]() -> BackgroundWork::Apply {
    auto loaded = std::make_shared<MeshFileLoad>(readMeshToImport(path));
    return [this, path, at, loaded] { adoptMesh(path, at, std::move(*loaded)); };
  });
}

int Document::takeImportedShape() { return std::exchange(importedShape_, -1); }

void Document::adoptMesh(const std::string& path, const glm::vec3& at, MeshFileLoad loaded) {
  // A broken or hostile file changes nothing: the scene stays as it is.
  const std::string folder = session_.hasPath() ? folderOf(session_.path()) : std::string();
  MeshImport r =
      placeImportedMesh(scene_, path, folder.empty() && session_.hasPath() ? "." : folder, at, std::move(loaded));
  if (!r.shape) {
    showMessagef(N_("Could not import the mesh:\n%s"), r.error.c_str());
    return;
  }
  const MeshShape& m = std::get<MeshShape>(r.shape->geometry);
  const long long triangles = static_cast<long long>(m.triangleCount());
  scene_.shapes.push_back(std::move(*r.shape));
  session_.commit(scene_, now());
  showToast(formatted(triangles == 1 ? "imported %s (%lld triangle)" : "imported %s (%lld triangles)", path.c_str(),
                      triangles),
            formatted(trn("imported %s (%lld triangle)", "imported %s (%lld triangles)", triangles), path.c_str(),
                      triangles));
  importedShape_ = static_cast<int>(scene_.shapes.size()) - 1;
}

void Document::askToOpen(const std::string& path) {
  pending_ = Pending::Open;
  pendingPath_ = path;
  if (session_.dirty()) {
    popupToOpen_ = kDiscardDialog;
  } else {
    performPending();
  }
}

void Document::askToOpenLesson(int index) {
  pending_ = Pending::Lesson;
  pendingLessonIndex_ = index;
  if (session_.dirty()) {
    popupToOpen_ = kDiscardDialog;
  } else {
    performPending();
  }
}

void Document::save() {
  if (!session_.hasPath()) {
    startSaveAs(false);
  } else {
    saveToOwnPath(false);
  }
}

void Document::startSaveAs() { startSaveAs(false); }

void Document::saveToOwnPath(bool thenContinue) {
  if (!session_.overwriteQuestion().empty()) {
    // Restored work whose original has changed or gone: the file there now may be someone
    // else's. Ask first.
    overwriteText_ = session_.overwriteQuestion();
    continueAfterOverwrite_ = thenContinue;
    popupToOpen_ = kOverwriteDialog;
    std::fprintf(stderr, "satlab: asking before saving over %s: %s\n", session_.path().c_str(), overwriteText_.c_str());
    return;
  }
  if (auto e = session_.saveAs(scene_, session_.path())) {
    showMessagef(N_("Could not save:\n%s"), e->c_str());
    if (thenContinue) pending_ = Pending::None;
    return;
  }
  showToastf(N_("saved %s"), session_.path().c_str());
  platform::offerDownload(session_.path());
  if (thenContinue) performPending();
}

void Document::saveAsChosen(const std::string& path) {
  if (live_) {
    // A live recording: every line received, those no longer in memory too.
    if (auto e = live_->saveTo(path)) {
      showMessagef(N_("Could not save the recording:\n%s"), e->c_str());
    } else {
      addRecent(settings_, path);
      const long long frames = static_cast<long long>(live_->framesReceived());
      showToast(formatted(frames == 1 ? "saved %lld frame to %s" : "saved %lld frames to %s", frames, path.c_str()),
                formatted(trn("saved %lld frame to %s", "saved %lld frames to %s", frames), frames, path.c_str()));
      platform::offerDownload(path);
    }
    continueAfterSave_ = false;
    return;
  }
  if (auto e = session_.saveAs(scene_, path)) {
    showMessagef(N_("Could not save:\n%s"), e->c_str());
    continueAfterSave_ = false;
  } else {
    name_ = path;
    addRecent(settings_, path);
    showToastf(N_("saved %s"), path.c_str());
    platform::offerDownload(path);
    if (continueAfterSave_) performPending();
  }
  continueAfterSave_ = false;
}

void Document::performPending() {
  const Pending p = pending_;
  pending_ = Pending::None;
  switch (p) {
    case Pending::New: newScene(); break;
    case Pending::Open: openPath(pendingPath_); break;
    case Pending::Lesson: openLesson(pendingLessonIndex_); break;
    case Pending::Level:
      startWork(N_("Generating the level"), "", [this, options = pendingLevel_]() -> BackgroundWork::Apply {
        auto level = std::make_shared<Scene>(generateLevel(options));
        return [this, level] {
          setScene(std::move(*level), kNewLevelName, false);
          session_.setUncommitted(true);  // a new scene: closing asks to save it
          showToast(scene_.title);
        };
      });
      break;
    case Pending::Quit: quitConfirmed_ = true; break;
    case Pending::None: break;
  }
}

void Document::startSaveAs(bool thenContinue) {
  continueAfterSave_ = thenContinue;
  dialogPath_ = live_                ? std::string("live_recording.jsonl")
                : session_.hasPath() ? session_.path()
                                     : (fs::path("scenes") / (cppIdentifier(scene_.title, "scene") + ".json")).string();
  if (const std::optional<std::string> path = platform::savePathWithoutDialog(dialogPath_)) {
    // No dialog: the browser asks where a download goes (or puts it in Downloads).
    saveAsChosen(*path);
    return;
  }
  popupToOpen_ = kSaveDialog;
}

void Document::askExport(std::optional<std::pair<size_t, size_t>> pair) {
  exportPair_ = pair;
  dialogPath_ = exportFileName(scene_);
  if (const std::optional<std::string> path = platform::savePathWithoutDialog(dialogPath_)) {
    exportTest(*path);
    return;
  }
  popupToOpen_ = kExportDialog;
}

void Document::askSaveLesson(const LessonDraft& draft) {
  lessonDraft_ = draft;
  // Always a new file named after the title (an Enter must not overwrite the lesson it was
  // written from), beside the scene's own file when it has one.
  const std::string stem = cppIdentifier(draft.title.empty() ? "lesson" : draft.title, "lesson");
  const fs::path folder = session_.hasPath() ? fs::path(session_.path()).parent_path() : fs::path("scenes");
  fs::path proposal = folder / (stem + ".json");
  std::error_code ec;
  for (int n = 2; fs::exists(proposal, ec) && n < 100; ++n) {
    proposal = folder / (stem + "_" + std::to_string(n) + ".json");
  }
  dialogPath_ = proposal.string();
  if (const std::optional<std::string> path = platform::savePathWithoutDialog(dialogPath_)) {
    saveLesson(*path);
    return;
  }
  popupToOpen_ = kSaveLessonDialog;
}

void Document::saveLesson(const std::string& path) {
  std::string error;
  std::optional<Scene> withLesson = sceneWithLesson(scene_, lessonDraft_, error);
  if (!withLesson) {
    showMessagef(N_("Could not save the lesson:\n%s: %s"), path.c_str(), error.c_str());
    return;
  }
  // One undo step ("lesson"), then the file: the lesson is the document from now on.
  scene_ = std::move(*withLesson);
  session_.commit(scene_, now());
  if (auto e = session_.saveAs(scene_, path)) {
    showMessagef(N_("Could not save the lesson:\n%s"), e->c_str());
    return;
  }
  name_ = path;
  addRecent(settings_, path);
  std::vector<std::string> warnings;
  lesson_ = lessonOf(scene_, path, warnings);
  for (const std::string& w : warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.c_str());
  showToastf(N_("saved the lesson to %s"), path.c_str());
  platform::offerDownload(path);
}

void Document::copy(const std::vector<int>& shapes) {
  if (shapes.empty()) return;
  std::vector<size_t> which;
  for (int i : shapes) which.push_back(static_cast<size_t>(i));
  ImGui::SetClipboardText(shapesToJson(scene_, which).c_str());
  const long long n = static_cast<long long>(which.size());
  showToast(formatted(n == 1 ? "copied %lld shape as JSON" : "copied %lld shapes as JSON", n),
            formatted(trn("copied %lld shape as JSON", "copied %lld shapes as JSON", n), n));
}

std::vector<int> Document::paste() {
  const char* text = ImGui::GetClipboardText();
  if (!text || !*text) {
    showMessageTr(N_("The clipboard is empty: copy a scene, a shape or a list of shapes as JSON first."));
    return {};
  }
  PasteResult r = parsePastedShapes(text, scene_);
  if (!r.ok()) {
    showMessagef(N_("Could not paste:\n%s"), r.error->text().c_str());
    return {};
  }
  std::vector<int> added;
  for (SceneShape& s : r.shapes) {
    scene_.shapes.push_back(std::move(s));
    added.push_back(static_cast<int>(scene_.shapes.size()) - 1);
  }
  session_.commit(scene_, now());
  const long long n = static_cast<long long>(r.shapes.size());
  showToast(formatted(n == 1 ? "pasted %lld shape" : "pasted %lld shapes", n),
            formatted(trn("pasted %lld shape", "pasted %lld shapes", n), n));
  return added;
}

void Document::exportTest(const std::string& path) {
  const bool pair = exportPair_ && exportPair_->first < scene_.shapes.size() &&
                    exportPair_->second < scene_.shapes.size() && exportPair_->first != exportPair_->second;
  // A recording's frame: the test says which (the engine's frame number).
  std::optional<RecordedFrameOrigin> origin;
  if (recording_ && recording_->frameCount() > 0) {
    origin = RecordedFrameOrigin{fs::path(name_).filename().string(),
                                 recording_->frameNumber(frame_),
                                 frame_,
                                 recording_->frameTime(frame_),
                                 between_,
                                 recording_->frameNumber(std::min(frame_ + 1, recording_->frameCount() - 1))};
  }
  const std::string code = pair ? exportPairAsGTest(scene_, std::min(exportPair_->first, exportPair_->second),
                                                    std::max(exportPair_->first, exportPair_->second), origin)
                                : exportSceneAsGTest(scene_, origin);
  if (auto e = writeFileAtomically(path, code)) {
    showMessagef(N_("Could not export:\n%s"), e->c_str());
    return;
  }
  ImGui::SetClipboardText(code.c_str());
  if (pair) {
    showToastf(N_("exported the focused pair as a GoogleTest case to %s (also on the clipboard)"), path.c_str());
  } else {
    showToastf(N_("exported the whole scene as a GoogleTest case to %s (also on the clipboard)"), path.c_str());
  }
  platform::offerDownload(path);
}

void Document::saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height) {
  const std::string folder = screenshotFolder();
  std::error_code ec;
  fs::create_directories(folder, ec);
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  localtime_r(&t, &tm);
  char stem[64];
  std::strftime(stem, sizeof stem, "satlab-%Y%m%d-%H%M%S", &tm);
  // Named by the second, and numbered after the first of a second: two pictures within a
  // second are two files (the second used to replace the first).
  std::string path = folder + "/" + stem + ".png";
  std::error_code taken;
  for (int n = 2; n < 10000 && fs::exists(fs::symlink_status(path, taken)); ++n) {
    path = folder + "/" + stem + "-" + std::to_string(n) + ".png";
  }
  std::string error;
  if (ec || !writePng(path, width, height, rgba, error)) {
    showMessagef(N_("Screenshot not saved: %s"), (ec ? folder + ": " + ec.message() : error).c_str());
    return;
  }
  showToastf(N_("screenshot saved to %s"), path.c_str());
  platform::offerDownload(path);
}

void Document::drawDialogs() {
  drawWork();
  if (popupToOpen_) {
    ImGui::OpenPopup(dialogName(popupToOpen_));  // its title in the window's language
    popupToOpen_ = nullptr;
  }
  // The folders are listed only while a file dialog is open, not every frame.
  const bool fileDialogOpen =
      ImGui::IsPopupOpen(dialogName(kOpenDialog)) || ImGui::IsPopupOpen(dialogName(kSaveDialog));
  const std::vector<std::string> folders = fileDialogOpen ? dialogFolders(false) : std::vector<std::string>{};
  const std::vector<std::string> meshFolders =
      ImGui::IsPopupOpen(dialogName(kImportMeshDialog)) ? dialogFolders(true) : std::vector<std::string>{};
  if (pathDialog(kImportMeshDialog, dialogPath_, meshFolders, {}, "Import", kMeshFileExtensions) == DialogResult::Ok) {
    meshToImport_ = dialogPath_;
  }
  if (pathDialog(kOpenDialog, dialogPath_, folders, settings_.recent, "Open") == DialogResult::Ok) {
    askToOpen(dialogPath_);
  }
  if (pathDialog(kSaveDialog, dialogPath_, folders, {}, "Save") == DialogResult::Ok) saveAsChosen(dialogPath_);
  if (pathDialog(kExportDialog, dialogPath_, {}, {}, "Export") == DialogResult::Ok) exportTest(dialogPath_);
  if (pathDialog(kSaveLessonDialog, dialogPath_, {}, {}, "Save") == DialogResult::Ok) saveLesson(dialogPath_);
  switch (discardDialog(name_)) {
    case DialogResult::Save:
      if (session_.hasPath()) {
        saveToOwnPath(true);
      } else {
        startSaveAs(true);
      }
      break;
    case DialogResult::Discard: performPending(); break;
    case DialogResult::Cancel: pending_ = Pending::None; break;
    default: break;
  }
  switch (overwriteDialog(overwriteText_)) {
    case DialogResult::Ok:  // save over it
      if (auto e = session_.saveAs(scene_, session_.path())) {
        showMessagef(N_("Could not save:\n%s"), e->c_str());
        if (continueAfterOverwrite_) pending_ = Pending::None;
      } else {
        showToastf(N_("saved %s"), session_.path().c_str());
        if (continueAfterOverwrite_) performPending();
      }
      break;
    case DialogResult::Save: startSaveAs(continueAfterOverwrite_); break;  // save as...
    case DialogResult::Cancel:
      if (continueAfterOverwrite_) pending_ = Pending::None;
      std::fprintf(stderr, "satlab: not saved over %s\n", session_.path().c_str());
      break;
    default: break;
  }
  if (recovery_) {
    const RecoveryInfo& r = *recovery_;
    const std::string changed = originalStateText(r.originalPath, r.originalState);
    const std::string when = timeText(r.savedAt);
    const std::string title = oneLineText(r.title.empty() ? tr("(untitled)") : r.title, kMaxShownTitleBytes);
    const long long shapes = static_cast<long long>(r.shapeCount);
    std::string text =
        r.originalPath.empty()
            ? formatted(trn("satlab was closed with unsaved work on %s: \"%s\", %lld shape.",
                            "satlab was closed with unsaved work on %s: \"%s\", %lld shapes.", shapes),
                        when.c_str(), title.c_str(), shapes)
            : formatted(trn("satlab was closed with unsaved work on %s: \"%s\", %lld shape, from %s.",
                            "satlab was closed with unsaved work on %s: \"%s\", %lld shapes, from %s.", shapes),
                        when.c_str(), title.c_str(), shapes, r.originalPath.c_str());
    if (!changed.empty()) {
      text += "\n" + formatted(tr("%s Saving over it will ask first."), changed.c_str());
    } else if (r.originalIsNewer && !r.originalStamp) {
      text += "\n" + std::string(tr("The original file has changed since."));
    }
    switch (recoveryDialog(text, putOffRecovery_)) {
      case DialogResult::Ok: {
        session_.setRecoveryWaiting(false);  // the restored work is this session's now
        SceneLoadResult loaded = loadRecovery();
        if (loaded.ok()) {
          restoreRecovery(std::move(loaded));
        } else {
          showMessagef(N_("Could not restore:\n%s"), loaded.error->text().c_str());
        }
        recovery_.reset();
        break;
      }
      case DialogResult::Discard:
        session_.setRecoveryWaiting(false);
        session_.discardRecovery();
        recovery_.reset();
        break;
      case DialogResult::Cancel:  // "Not now": it waits for the next start
        showToastf(N_("the earlier unsaved work stays in %s for the next start"), r.path.c_str());
        recovery_.reset();
        putOffRecovery_ = false;
        break;
      default: break;
    }
  }
  messageDialog(messageShown_);
}

}  // namespace satlab
