// The viewer's document side: menus, shortcuts, open/save, undo/redo, copy/paste, export,
// autosave and recovery, window screenshots, history and help panels.
#include "viewer.hpp"

#include "default_scene.hpp"
#include "render/display_text.hpp"
#include "render/render_target.hpp"
#include "scene/atomic_file.hpp"
#include "scene/clipboard_json.hpp"
#include "scene/export_gtest.hpp"
#include "scene/scene_edit.hpp"
#include "scene/scene_load.hpp"
#include "ui/dialogs.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

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

}  // namespace

double Viewer::now() const { return ImGui::GetTime(); }

void Viewer::startSession(bool interactive, bool restore) {
  interactive_ = interactive;
  if (interactive_) settings_ = loadSettings();
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
    }
  }
}

void Viewer::restoreRecovery(SceneLoadResult loaded) {
  const RecoveryInfo& r = *recovery_;
  const std::string original = r.originalPath;
  setScene(std::move(loaded.scene), original.empty() ? "(recovered scene)" : original, !original.empty());
  // The original as it was when the lost work began, not as it is now: saving over it is
  // asked about first when it has changed or gone since.
  session_.restoredFrom(r);
  // Restored work is unsaved work until the user saves it.
  session_.setUncommitted(true);
}

void Viewer::noteAutosave(const Session::AutosaveOutcome& outcome) {
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

std::string Viewer::autosaveStatus() const {
  if (autosaveError_) return "autosave: failing: " + oneLineText(*autosaveError_, kMaxShownMessageBytes);
  return autosaveTried_ ? "autosave: ok" : "autosave: not tried";
}

void Viewer::drawAutosaveWarning() {
  if (!autosaveError_) return;
  // On top of everything, panels hidden or not, until an autosave succeeds again.
  const std::string text = "Autosave failed: " + oneLineText(*autosaveError_, 200) +
                           "\nUnsaved work is not protected against a crash. Save it (Ctrl+S) or free the folder.";
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const float wrap = std::min(vp->WorkSize.x - 40.0f, 900.0f * ImGui::GetIO().FontGlobalScale);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 at(vp->WorkPos.x + (vp->WorkSize.x - size.x) * 0.5f, vp->WorkPos.y + 8.0f);
  dl->AddRectFilled(ImVec2(at.x - 10.0f, at.y - 6.0f), ImVec2(at.x + size.x + 10.0f, at.y + size.y + 6.0f),
                    IM_COL32(120, 20, 20, 235), 4.0f);
  dl->AddRect(ImVec2(at.x - 10.0f, at.y - 6.0f), ImVec2(at.x + size.x + 10.0f, at.y + size.y + 6.0f),
              IM_COL32(255, 120, 100, 255), 4.0f, 0, 2.0f);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, IM_COL32(255, 235, 225, 255), text.c_str(), nullptr, wrap);
}

bool Viewer::requestClose() {
  if (!interactive_ || !session_.dirty() || quitConfirmed_) return true;
  pending_ = Pending::Quit;
  popupToOpen_ = kDiscardDialog;
  return false;
}

void Viewer::endSession(int windowWidth, int windowHeight) {
  if (!interactive_) return;
  session_.discardRecovery();
  settings_.presentation = presentation_;
  settings_.windowWidth = windowWidth;
  settings_.windowHeight = windowHeight;
  if (session_.hasPath()) addRecent(settings_, session_.path());
  if (auto error = saveSettings(settings_)) std::fprintf(stderr, "satlab: settings not saved: %s\n", error->c_str());
}

std::string Viewer::windowTitle() const {
  const std::string name = session_.hasPath() ? fs::path(session_.path()).filename().string()
                                              : (scene_.title.empty() ? sceneName_ : scene_.title);
  return (session_.dirty() ? "* " : "") + oneLineText(name, kMaxShownTitleBytes) + " - satlab";
}

void Viewer::commitEdit() { session_.commit(scene_, now()); }

void Viewer::afterHistoryJump() {
  const int n = static_cast<int>(scene_.shapes.size());
  auto& sel = tools_.selection.shapes;
  sel.erase(std::remove_if(sel.begin(), sel.end(), [&](int i) { return i < 0 || i >= n; }), sel.end());
  tools_.gizmo.cancel();
}

std::vector<std::string> Viewer::sceneFolders() const {
  std::vector<std::string> out;
  auto add = [&](const fs::path& p) {
    std::error_code ec;
    if (!fs::is_directory(p, ec)) return;
    const std::string s = p.lexically_normal().string();
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  if (session_.hasPath())
    add(fs::path(session_.path()).parent_path().empty() ? fs::path(".") : fs::path(session_.path()).parent_path());
  add("scenes");
  add("scenes/examples");
  add("scenes/lessons");
  return out;
}

void Viewer::showMessage(const std::string& text) {
  message_ = text;
  popupToOpen_ = kMessageDialog;
  std::fprintf(stderr, "satlab: %s\n", text.c_str());
}

void Viewer::showToast(const std::string& text) {
  toast_ = text;
  toastUntil_ = now() + 4.0;
  std::printf("satlab: %s\n", text.c_str());
}

void Viewer::openPath(const std::string& path) {
  removeStaleTempFiles(path);  // left beside it by a kill during a save
  // A broken or hostile file changes nothing: the current scene stays as it is.
  SceneLoadResult r = loadScene(path);
  if (!r.ok()) {
    showMessage("Could not open the scene:\n" + r.error->text());
    return;
  }
  for (const SceneDiagnostic& w : r.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  setScene(std::move(r.scene), path, true);
  addRecent(settings_, path);
  showToast("opened " + path);
}

void Viewer::askToOpen(const std::string& path) {
  pending_ = Pending::Open;
  pendingPath_ = path;
  if (session_.dirty()) {
    popupToOpen_ = kDiscardDialog;
  } else {
    performPending();
  }
}

void Viewer::askToOpenLesson(int index) {
  pending_ = Pending::Lesson;
  pendingLessonIndex_ = index;
  if (session_.dirty()) {
    popupToOpen_ = kDiscardDialog;
  } else {
    performPending();
  }
}

void Viewer::save() {
  if (!session_.hasPath()) {
    startSaveAs(false);
  } else {
    saveToOwnPath(false);
  }
}

void Viewer::saveToOwnPath(bool thenContinue) {
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
    showMessage("Could not save:\n" + *e);
    if (thenContinue) pending_ = Pending::None;
    return;
  }
  showToast("saved " + session_.path());
  if (thenContinue) performPending();
}

void Viewer::performPending() {
  const Pending p = pending_;
  pending_ = Pending::None;
  switch (p) {
    case Pending::Open: openPath(pendingPath_); break;
    case Pending::Lesson: openLesson(pendingLessonIndex_); break;
    case Pending::Quit:
      quitConfirmed_ = true;
      if (window_) glfwSetWindowShouldClose(window_, GLFW_TRUE);
      break;
    case Pending::None: break;
  }
}

void Viewer::startSaveAs(bool thenContinue) {
  continueAfterSave_ = thenContinue;
  dialogPath_ = session_.hasPath() ? session_.path()
                                   : (fs::path("scenes") / (cppIdentifier(scene_.title, "scene") + ".json")).string();
  popupToOpen_ = kSaveDialog;
}

void Viewer::copySelection() {
  if (tools_.selection.shapes.empty()) return;
  std::vector<size_t> which;
  for (int i : tools_.selection.shapes) which.push_back(static_cast<size_t>(i));
  ImGui::SetClipboardText(shapesToJson(scene_, which).c_str());
  showToast("copied " + std::to_string(which.size()) + (which.size() == 1 ? " shape" : " shapes") + " as JSON");
}

void Viewer::pasteClipboard() {
  const char* text = ImGui::GetClipboardText();
  if (!text || !*text) {
    showMessage("The clipboard is empty: copy a scene, a shape or a list of shapes as JSON first.");
    return;
  }
  PasteResult r = parsePastedShapes(text, scene_);
  if (!r.ok()) {
    showMessage("Could not paste:\n" + r.error->text());
    return;
  }
  tools_.selection.clear();
  for (SceneShape& s : r.shapes) {
    scene_.shapes.push_back(std::move(s));
    tools_.selection.shapes.push_back(static_cast<int>(scene_.shapes.size()) - 1);
  }
  commitEdit();
  showToast("pasted " + std::to_string(r.shapes.size()) + " shape(s)");
}

void Viewer::exportTest(const std::string& path) {
  const bool pair = explorer_.hasFocus();
  const std::string code =
      pair ? exportPairAsGTest(scene_, static_cast<size_t>(std::min(explorer_.focusA, explorer_.focusB)),
                               static_cast<size_t>(std::max(explorer_.focusA, explorer_.focusB)))
           : exportSceneAsGTest(scene_);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!(out << code) || !out.flush()) {
    showMessage("Could not write " + path);
    return;
  }
  ImGui::SetClipboardText(code.c_str());
  showToast("exported " + std::string(pair ? "the focused pair" : "the scene") + " as a GoogleTest case to " + path +
            " (also on the clipboard)");
}

void Viewer::saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height) {
  windowShotRequested_ = false;
  const std::string folder = screenshotFolder();
  std::error_code ec;
  fs::create_directories(folder, ec);
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  localtime_r(&t, &tm);
  char name[64];
  std::strftime(name, sizeof name, "satlab-%Y%m%d-%H%M%S.png", &tm);
  const std::string path = folder + "/" + name;
  std::string error;
  if (ec || !writePng(path, width, height, rgba, error)) {
    showMessage("Screenshot not saved: " + (ec ? folder + ": " + ec.message() : error));
    return;
  }
  showToast("screenshot saved to " + path);
}

void Viewer::handleDocumentKeys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;  // typing in a field: the field gets the keys
  if (ctrlPressed(Key::Z)) {
    if (session_.undo(scene_)) afterHistoryJump();
  }
  if (ctrlPressed(Key::Y) || ctrlPressed(Key::Z, true)) {
    if (session_.redo(scene_)) afterHistoryJump();
  }
  if (ctrlPressed(Key::O)) {
    dialogPath_ = session_.hasPath() ? session_.path() : "";
    popupToOpen_ = kOpenDialog;
  }
  if (ctrlPressed(Key::S)) save();
  if (ctrlPressed(Key::S, true)) startSaveAs(false);
  if (ctrlPressed(Key::E)) {
    dialogPath_ = "satlab_" + cppIdentifier(scene_.title.empty() ? "scene" : scene_.title, "scene") + "_test.cpp";
    popupToOpen_ = kExportDialog;
  }
  if (ctrlPressed(Key::C)) copySelection();
  if (ctrlPressed(Key::V)) pasteClipboard();
  if (plainPressed(Key::F12)) windowShotRequested_ = true;
  if (plainPressed(Key::F1)) showHelp_ = !showHelp_;
}

void Viewer::drawMenuBar(PanelEdits& edits) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) {
      dialogPath_ = session_.hasPath() ? session_.path() : "";
      popupToOpen_ = kOpenDialog;
    }
    if (ImGui::BeginMenu("Open recent", !settings_.recent.empty())) {
      for (const std::string& r : settings_.recent) {
        if (ImGui::MenuItem(r.c_str())) askToOpen(r);
      }
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Save", "Ctrl+S")) save();
    if (ImGui::MenuItem("Save as...", "Ctrl+Shift+S")) startSaveAs(false);
    ImGui::Separator();
    if (ImGui::MenuItem(explorer_.hasFocus() ? "Export focused pair as GoogleTest..." : "Export scene as GoogleTest...",
                        "Ctrl+E")) {
      dialogPath_ = "satlab_" + cppIdentifier(scene_.title.empty() ? "scene" : scene_.title, "scene") + "_test.cpp";
      popupToOpen_ = kExportDialog;
    }
    if (ImGui::MenuItem("Screenshot", "F12")) windowShotRequested_ = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Quit")) {
      if (requestClose()) {
        quitConfirmed_ = true;
        if (window_) glfwSetWindowShouldClose(window_, GLFW_TRUE);
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    const std::string undo = "Undo " + session_.history().undoLabel();
    const std::string redo = "Redo " + session_.history().redoLabel();
    if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, session_.history().canUndo())) {
      if (session_.undo(scene_)) afterHistoryJump();
    }
    if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, session_.history().canRedo())) {
      if (session_.redo(scene_)) afterHistoryJump();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Copy selection as JSON", "Ctrl+C", false, !tools_.selection.shapes.empty())) copySelection();
    if (ImGui::MenuItem("Paste shapes", "Ctrl+V")) pasteClipboard();
    ImGui::Separator();
    ImGui::MenuItem("History", nullptr, &showHistory_);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Presentation mode", "F5", presentation_)) setTheme(!presentation_, contentScale_);
    ImGui::MenuItem("Hide panels", "Tab", &panelsHidden_);
    float scale = settings_.uiScale;
    ImGui::SetNextItemWidth(120);
    if (ImGui::SliderFloat("UI scale", &scale, 0.75f, 2.0f, "%.2f") && scale >= 0.75f && scale <= 2.0f) {
      settings_.uiScale = scale;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) themePending_ = true;
    if (ImGui::MenuItem("Frame all", "Home")) ViewportTools::frameShapes(scene_, {}, camera_, tools_.frameAspect);
    if (ImGui::MenuItem("Reset layout")) ++layoutGeneration();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Lessons")) {
    const std::vector<EmbeddedFile> lessons = embeddedLessons();
    for (size_t i = 0; i < lessons.size(); ++i) {
      if (ImGui::MenuItem(std::string(lessons[i].name).c_str(), nullptr, static_cast<int>(i) == lessonIndex_)) {
        askToOpenLesson(static_cast<int>(i));
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keys and mouse", "F1", &showHelp_);
    ImGui::EndMenu();
  }
  if (panels_.drawToolbar(tools_.gizmo, scene_.view == ViewMode::TwoD, presentation_, edits)) {
    setTheme(!presentation_, contentScale_);
  }
  if (session_.dirty()) ImGui::TextDisabled("* unsaved");
  if (!toast_.empty() && now() < toastUntil_)
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.6f, 1.0f), "  %s", toast_.c_str());
  ImGui::EndMainMenuBar();
}

void Viewer::drawDialogs() {
  if (popupToOpen_) {
    ImGui::OpenPopup(popupToOpen_);
    popupToOpen_ = nullptr;
  }
  // The folders are listed only while a file dialog is open, not every frame.
  const bool fileDialogOpen = ImGui::IsPopupOpen(kOpenDialog) || ImGui::IsPopupOpen(kSaveDialog);
  const std::vector<std::string> folders = fileDialogOpen ? sceneFolders() : std::vector<std::string>{};
  if (pathDialog(kOpenDialog, dialogPath_, folders, settings_.recent, "Open") == DialogResult::Ok) {
    askToOpen(dialogPath_);
  }
  if (pathDialog(kSaveDialog, dialogPath_, folders, {}, "Save") == DialogResult::Ok) {
    if (auto e = session_.saveAs(scene_, dialogPath_)) {
      showMessage("Could not save:\n" + *e);
      continueAfterSave_ = false;
    } else {
      sceneName_ = dialogPath_;
      addRecent(settings_, dialogPath_);
      showToast("saved " + dialogPath_);
      if (continueAfterSave_) performPending();
    }
    continueAfterSave_ = false;
  }
  if (pathDialog(kExportDialog, dialogPath_, {}, {}, "Export") == DialogResult::Ok) exportTest(dialogPath_);
  switch (discardDialog(sceneName_)) {
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
        showMessage("Could not save:\n" + *e);
        if (continueAfterOverwrite_) pending_ = Pending::None;
      } else {
        showToast("saved " + session_.path());
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
    const std::string text = "satlab was closed with unsaved work on " + timeText(r.savedAt) + ": \"" +
                             oneLineText(r.title.empty() ? "(untitled)" : r.title, kMaxShownTitleBytes) + "\", " +
                             std::to_string(r.shapeCount) + " shapes" +
                             (r.originalPath.empty() ? "" : ", from " + r.originalPath) + "." +
                             (!changed.empty() ? "\n" + changed + " Saving over it will ask first."
                              : r.originalIsNewer && !r.originalStamp ? "\nThe original file has changed since."
                                                                      : "");
    switch (recoveryDialog(text)) {
      case DialogResult::Ok: {
        SceneLoadResult loaded = loadRecovery();
        if (loaded.ok()) {
          restoreRecovery(std::move(loaded));
        } else {
          showMessage("Could not restore:\n" + loaded.error->text());
        }
        recovery_.reset();
        break;
      }
      case DialogResult::Discard:
        session_.discardRecovery();
        recovery_.reset();
        break;
      case DialogResult::Cancel: recovery_.reset(); break;
      default: break;
    }
  }
  messageDialog(message_);
}

void Viewer::drawHistoryPanel() {
  ImGui::SetNextWindowSize(panelSize(260, 300), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(panelId("History").c_str(), &showHistory_)) {
    ImGui::End();
    return;
  }
  const SceneHistory& h = session_.history();
  if (ImGui::Button("Undo (Ctrl+Z)") && session_.undo(scene_)) afterHistoryJump();
  ImGui::SameLine();
  if (ImGui::Button("Redo (Ctrl+Y)") && session_.redo(scene_)) afterHistoryJump();
  const std::vector<HistoryEntry> entries = h.entries();
  if (ImGui::Selectable("(as loaded)", h.position() == 0) && session_.jumpTo(0, scene_)) afterHistoryJump();
  for (size_t i = 0; i < entries.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool current = h.position() == i + 1;
    if (i + 1 > h.position()) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (ImGui::Selectable(entries[i].label.c_str(), current) && session_.jumpTo(i + 1, scene_)) afterHistoryJump();
    if (i + 1 > h.position()) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::End();
}

void Viewer::drawHelpPanel() {
  ImGui::SetNextWindowSize(panelSize(420, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(panelId("Keys and mouse").c_str(), &showHelp_)) {
    ImGui::End();
    return;
  }
  const char* rows[][2] = {{"Left-drag empty space", "orbit (pan in 2D)"},
                           {"Right/middle-drag", "pan"},
                           {"Wheel", "zoom toward the cursor"},
                           {"Click / Ctrl-click", "select / add to selection"},
                           {"Drag a shape", "move it in the view plane"},
                           {"W / E / R", "move / rotate / resize gizmo"},
                           {"L", "world / local gizmo axes"},
                           {"Ctrl while dragging", "snap 0.25 units, 15 degrees"},
                           {"F / Home", "frame selection / everything"},
                           {"Numpad 1 3 7 / 5", "front right top / ortho"},
                           {"[ / ]", "previous / next axis or slab"},
                           {"Space", "play / pause the explorer"},
                           {"PgUp / PgDn", "previous / next lesson"},
                           {"Ctrl+Z, Ctrl+Y", "undo, redo"},
                           {"Ctrl+O, Ctrl+S, Ctrl+Shift+S", "open, save, save as"},
                           {"Ctrl+C, Ctrl+V", "copy, paste shapes as JSON"},
                           {"Ctrl+E", "export the focused pair (or scene) as a GoogleTest case"},
                           {"Del, Esc", "delete, clear selection"},
                           {"F5", "presentation mode"},
                           {"Tab", "hide the panels"},
                           {"F12", "screenshot of the window"},
                           {"F1", "this list"}};
  if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg)) {
    for (const auto& r : rows) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace satlab
