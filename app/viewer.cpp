#include "viewer.hpp"

#include "mesh_scene/mesh_import.hpp"

#include <cctype>
#include <filesystem>

#include "default_scene.hpp"
#include "scene/scene_edit.hpp"
#include "scene/scene_save.hpp"
#include "ui/bv_lab_panel.hpp"
#include "ui/help_panel.hpp"
#include "ui/history_panel.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/legend_panel.hpp"
#include "ui/lesson_panel.hpp"
#include "ui/menu_bar.hpp"
#include "ui/theme.hpp"

#include <imgui.h>

#include <algorithm>

namespace satlab {

bool Viewer::loadInitialScene(const std::string& path, std::string& error) {
  if (!doc_.loadInitial(path, error)) return false;
  followDocument();
  return true;
}

void Viewer::followDocument() {
  // The document replaced its scene (open, lesson, recovery) or rewrote it (undo, redo).
  if (doc_.sceneGeneration() != seenScene_) {
    seenScene_ = doc_.sceneGeneration();
    seenHistory_ = doc_.historyGeneration();
    view_.reset(doc_.lesson());
    editor_.close();  // a lesson being written belongs to the scene it was written on
  }
  if (doc_.historyGeneration() != seenHistory_) {
    seenHistory_ = doc_.historyGeneration();
    view_.afterHistoryJump(doc_.scene());
  }
}

std::optional<std::pair<size_t, size_t>> Viewer::focusedPair() const {
  const Explorer& e = view_.explorer();
  if (!e.hasFocus()) return std::nullopt;
  return std::make_pair(static_cast<size_t>(e.focusA), static_cast<size_t>(e.focusB));
}

void Viewer::exportFocusedOrScene() { doc_.askExport(focusedPair()); }

void Viewer::handleKeys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;  // typing in a field: the field gets the keys
  if (ctrlPressed(Key::Z)) doc_.undo();
  if (ctrlPressed(Key::Y) || ctrlPressed(Key::Z, true)) doc_.redo();
  if (ctrlPressed(Key::O)) doc_.askOpenDialog();
  if (ctrlPressed(Key::S)) doc_.save();
  if (ctrlPressed(Key::S, true)) doc_.startSaveAs();
  if (ctrlPressed(Key::E)) exportFocusedOrScene();
  if (ctrlPressed(Key::C)) doc_.copy(view_.tools().selection.shapes);
  if (ctrlPressed(Key::V)) {
    const std::vector<int> added = doc_.paste();
    if (!added.empty()) view_.tools().selection.shapes = added;
  }
  if (plainPressed(Key::F12)) windowShotRequested_ = true;
  if (plainPressed(Key::F1)) showHelp_ = !showHelp_;
}

void Viewer::layoutPanels() {
  const ImGuiIO& io = ImGui::GetIO();
  LayoutInput& in = layoutIn_;
  in.width = io.DisplaySize.x;
  in.height = io.DisplaySize.y;
  in.top = ImGui::GetFrameHeight() + kPanelMargin;  // below the main menu bar
  in.titleBar = ImGui::GetFrameHeight();
  in.scale = panelScale();
  const bool lesson = isLesson();
  const bool oneColumn = in.width < kOneColumnBelow * in.scale;
  if (oneColumn != laidOutOneColumn_ || lesson != laidOutLesson_) {
    // Another arrangement: the panels start over with its default collapsed states.
    laidOutOneColumn_ = oneColumn;
    laidOutLesson_ = lesson;
    ++layoutGeneration();
  }
  layoutHasLesson() = lesson;
  const bool panels = !view_.panelsHidden();
  in.shown[static_cast<size_t>(Panel::Lesson)] = panels && lesson;
  in.shown[static_cast<size_t>(Panel::Shapes)] = panels;
  in.shown[static_cast<size_t>(Panel::Pairs)] = panels;
  in.shown[static_cast<size_t>(Panel::Inspector)] = panels;
  // The explorer's place holds the bounding-volume lab while one mesh alone is selected.
  in.shown[static_cast<size_t>(Panel::Explorer)] = panels && (view_.explorer().hasFocus() || view_.bvLab().active());
  readCollapsed(in, lesson, oneColumn);
  in.wanted[static_cast<size_t>(Panel::Lesson)] = lessonWanted_;
  currentLayout() = computeLayout(in);
  const Layout& l = currentLayout();
  if (panels) {
    view_.setFreeArea(l.freeLeft, l.freeRight, in.top, in.height);
  } else {
    // With the panels hidden: beside the lesson card (if shown), below the step bar and above
    // the explorer's picture on the canvas, when they sit at the top and the bottom.
    const Explorer& e = view_.explorer();
    const bool card = showLessonCard_ && lesson && cardRight_ > 0.0f;
    const float left = card ? cardRight_ + kPanelMargin : 0.0f;
    float top = 0.0f, bottom = in.height;
    if (const std::optional<ScreenRect> bar = e.stepBarRect(); bar && !card && bar->lo.y < in.height / 3.0f) {
      top = std::max(top, bar->hi.y + kPanelMargin);  // the step bar alone, at the top centre
    }
    if (const std::optional<ScreenRect> pic = e.canvasOverlayRect(); pic && pic->hi.y > in.height * 2.0f / 3.0f) {
      bottom = std::min(bottom, pic->lo.y - kPanelMargin);
    }
    view_.setFreeArea(left, in.width, top, bottom);
  }
}

void Viewer::dropFiles(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) dropped_.push_back(p);
}

void Viewer::importMesh(const std::string& path) {
  const int added = doc_.importMesh(path, view_.cameraTarget());
  if (added >= 0) view_.tools().selection.set(added);
}

void Viewer::handleDrops() {
  // A scene opens (asking about unsaved changes first); a mesh file is imported where the
  // view looks; anything else says what satlab reads.
  std::vector<std::string> paths;
  paths.swap(dropped_);
  for (const std::string& p : paths) {
    const std::string ext = std::filesystem::path(p).extension().string();
    std::string lower = ext;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == ".json") {
      doc_.askToOpen(p);
      break;  // one scene at a time; the rest of the drop would be lost behind its question
    }
    if (isMeshFilePath(p)) {
      importMesh(p);
    } else {
      doc_.showMessage("Could not use the dropped file:\n" + p +
                       ": not a scene (.json) or a mesh file (.obj .stl .ply .gltf .glb)");
    }
  }
  if (auto path = doc_.takeMeshToImport()) importMesh(*path);
}

void Viewer::update(int fbWidth, int fbHeight) {
  windowShotRequested_ = false;
  handleKeys();
  handleDrops();
  followDocument();
  layoutPanels();
  const SceneView::Edits edits = view_.update(doc_.scene(), doc_.name(), fbWidth, fbHeight);
  if (edits.changed || edits.stepFinished) doc_.edited(edits.stepFinished);
  doc_.frame();
}

void Viewer::drawMenuBar(PanelEdits& edits) {
  if (!ImGui::BeginMainMenuBar()) return;
  const Session& session = doc_.session();
  MenuState state;
  state.recent = &doc_.settings().recent;
  state.undoLabel = session.history().undoLabel();
  state.redoLabel = session.history().redoLabel();
  state.canUndo = session.history().canUndo();
  state.canRedo = session.history().canRedo();
  state.hasSelection = !view_.tools().selection.shapes.empty();
  state.hasFocusedPair = view_.explorer().hasFocus();
  state.presentation = view_.presentation();
  state.panelsHidden = view_.panelsHidden();
  state.showHistory = showHistory_;
  state.showHelp = showHelp_;
  state.showLegend = showLegend_;
  state.uiScale = doc_.settings().uiScale;
  state.lessonTitles = &doc_.lessonTitles();
  state.lessonIndex = doc_.lessonIndex();
  const MenuCommands c = drawMenus(state);
  if (c.open) doc_.askOpenDialog();
  if (c.importMesh) doc_.askImportMeshDialog();
  if (c.openRecent >= 0) doc_.askToOpen(doc_.settings().recent[static_cast<size_t>(c.openRecent)]);
  if (c.save) doc_.save();
  if (c.saveAs) doc_.startSaveAs();
  if (c.exportPair) doc_.askExport(focusedPair());
  if (c.exportScene) doc_.askExport(std::nullopt);
  if (c.screenshot) windowShotRequested_ = true;
  if (c.quit) doc_.requestClose();
  if (c.undo) doc_.undo();
  if (c.redo) doc_.redo();
  if (c.copy) doc_.copy(view_.tools().selection.shapes);
  if (c.paste) {
    const std::vector<int> added = doc_.paste();
    if (!added.empty()) view_.tools().selection.shapes = added;
  }
  if (c.toggleHistory) showHistory_ = !showHistory_;
  if (c.toggleHelp) showHelp_ = !showHelp_;
  if (c.toggleLegend) showLegend_ = !showLegend_;
  if (c.togglePresentation) view_.setTheme(!view_.presentation(), view_.contentScale());
  if (c.togglePanels) view_.setPanelsHidden(!view_.panelsHidden());
  if (c.uiScaleChanged) doc_.settings().uiScale = c.uiScale;
  if (c.uiScaleDone) view_.rebuildTheme();
  if (c.frameAll) view_.frameAll(doc_.scene());
  if (c.resetLayout) ++layoutGeneration();
  if (c.openLesson >= 0) doc_.askToOpenLesson(c.openLesson);
  if (c.writeLesson) editor_.open(doc_.scene());
  if (panels_.drawToolbar(view_.tools().gizmo, doc_.scene().view == ViewMode::TwoD, view_.presentation(), edits)) {
    view_.setTheme(!view_.presentation(), view_.contentScale());
  }
  if (session.dirty()) ImGui::TextDisabled("* unsaved");
  if (const std::string toast = doc_.toast(); !toast.empty()) {
    const glm::vec4 c = currentPalette().toastText;
    ImGui::TextColored(ImVec4(c.r, c.g, c.b, c.a), "  %s", toast.c_str());
  }
  ImGui::EndMainMenuBar();
}

void Viewer::drawUi() {
  view_.drawViewText();
  doc_.drawAutosaveWarning();
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureKeyboard) {
    if (plainPressed(Key::F5)) view_.setTheme(!view_.presentation(), view_.contentScale());
    if (plainPressed(Key::Tab)) view_.setPanelsHidden(!view_.panelsHidden());
    if (plainPressed(Key::G)) showLegend_ = !showLegend_;
    if (plainPressed(Key::N)) showLessonCard_ = !showLessonCard_;
    // Previous and next lesson, with the panels shown or hidden.
    const int index = doc_.lessonIndex(), count = static_cast<int>(doc_.lessonTitles().size());
    if (plainPressed(Key::PageUp) && index > 0) doc_.askToOpenLesson(index - 1);
    if (plainPressed(Key::PageDown) && index >= 0 && index + 1 < count) doc_.askToOpenLesson(index + 1);
  }
  Scene& scene = doc_.scene();
  Explorer& explorer = view_.explorer();
  if (showLegend_) {
    const bool panels = !view_.panelsHidden();
    drawLegendPanel(showLegend_, panels ? currentLayout().freeLeft : cardRight_,
                    panels ? currentLayout().freeRight : io.DisplaySize.x);
  }
  if (view_.panelsHidden()) {
    // Only the step bar, the step's picture and the lesson's text: the view is the lesson. A
    // lesson's card at the top left with the step bar under it, as wide (the column of words
    // beside the picture); else the step bar alone at the top centre.
    cardRight_ = 0.0f;
    std::optional<ImVec2> card;
    if (showLessonCard_ && isLesson()) {
      // As tall as the window leaves beside the step bar under it (as tall as last frame).
      const std::optional<ScreenRect> bar = explorer.stepBarRect();
      const float barHeight = bar ? bar->hi.y - bar->lo.y : io.DisplaySize.y * 0.2f;
      const float share = (io.DisplaySize.y - barHeight - 4.0f * kPanelMargin) / std::max(io.DisplaySize.y, 1.0f);
      card = drawLessonCard(scene, doc_.lessonIndex(), static_cast<int>(doc_.lessonTitles().size()), cardNotes_, 0.34f,
                            std::clamp(share, 0.3f, 0.8f), predictScore());
    }
    if (card) {
      cardRight_ = card->x;
      explorer.drawStepBar(
          scene, view_.presentation(),
          Explorer::StepBarPlace{glm::vec2(kPanelMargin, card->y + kPanelMargin), card->x - kPanelMargin});
    } else {
      explorer.drawStepBar(scene, view_.presentation());
    }
    if (showHelp_) drawHelpPanel(showHelp_);
    explorer.drawCanvasOverlay(scene, ScreenRect{glm::vec2(0.0f), glm::vec2(io.DisplaySize.x, io.DisplaySize.y)},
                               view_.presentation());
    doc_.drawDialogs();
    return;
  }
  PanelEdits edits;
  drawMenuBar(edits);
  const bool isLesson = doc_.lesson().has_value() || doc_.lessonIndex() >= 0;
  panels_.showNotes = !isLesson && !editor_.isOpen();
  panels_.drawShapeList(scene, view_.tools().selection, doc_.name(), view_.cameraTarget(), edits);
  if (editor_.isOpen()) {
    const LessonState now = view_.lessonStateNow(scene);
    const LessonEditor::Action act = editor_.draw(now, lessonDraftProblems(scene, editor_.draft(now)));
    if (act.save) doc_.askSaveLesson(editor_.draft(now));
  } else if (isLesson) {
    const int nav = drawLessonPanel(scene, doc_.lessonIndex(), static_cast<int>(doc_.lessonTitles().size()),
                                    lessonNotes_, lessonWanted_, predictScore());
    if (nav != 0) doc_.askToOpenLesson(doc_.lessonIndex() + nav);
  }
  panels_.drawInspector(scene, view_.tools().selection, edits);
  int a = -1, b = -1;
  if (view_.pairs().drawPanel(scene, explorer.focusA, explorer.focusB, a, b, explorer.predictHidesAnswer())) {
    view_.tools().selection.shapes = {a, b};
    explorer.focus(a, b);
  }
  // A pair focused this frame: its explorer takes its place in the layout at once.
  if ((explorer.hasFocus() || view_.bvLab().active()) != layoutIn_.shown[static_cast<size_t>(Panel::Explorer)]) {
    layoutPanels();
  }
  std::optional<CameraRequest> cameraRequest;
  std::optional<glm::vec3> moveB;
  explorer.drawPanel(scene, cameraRequest, moveB);
  if (!explorer.hasFocus()) drawBvLabPanel(view_.bvLab(), scene);
  if (cameraRequest) view_.moveCamera(*cameraRequest);
  if (moveB) {
    translateShape(scene.shapes[static_cast<size_t>(explorer.trace().shapeB)], *moveB);
    edits.changed = edits.stepFinished = true;
  }
  if (edits.screenshot) windowShotRequested_ = true;
  if (edits.importMesh) doc_.askImportMeshDialog();
  if (edits.frameSelection) view_.frameSelection(scene);
  if (edits.changed || edits.stepFinished) doc_.edited(edits.stepFinished);
  if (showHistory_) {
    const HistoryAction h = drawHistoryPanel(doc_.session().history(), showHistory_);
    if (h.undo) doc_.undo();
    if (h.redo) doc_.redo();
    if (h.jumpTo) doc_.jumpTo(*h.jumpTo);
  }
  if (showHelp_) drawHelpPanel(showHelp_);
  doc_.drawDialogs();
  followDocument();
}

void Viewer::saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height) {
  windowShotRequested_ = false;
  doc_.saveWindowScreenshot(rgba, width, height);
}

std::string Viewer::predictScore() const {
  const Explorer& e = view_.explorer();
  if (e.predictAsked() == 0) return {};
  return "Predictions: " + std::to_string(e.predictRight()) + " of " + std::to_string(e.predictAsked()) + " right";
}

std::string Viewer::selectionText() const {
  std::string out;
  const Scene& scene = doc_.scene();
  for (int i : view_.tools().selection.shapes) {
    if (i < 0 || i >= static_cast<int>(scene.shapes.size())) continue;
    if (!out.empty()) out += ", ";
    out += scene.shapes[static_cast<size_t>(i)].name;
  }
  return out.empty() ? "(none)" : out;
}

std::optional<std::string> Viewer::saveScene(const std::string& path) const {
  return satlab::saveScene(doc_.scene(), path);
}

std::string Viewer::expectationStatus() const {
  const Scene& scene = doc_.scene();
  if (scene.expect.empty()) return "expectations: none";
  const size_t bad = view_.pairs().mismatches().size();
  return bad == 0 ? "expectations: all " + std::to_string(scene.expect.size()) + " met"
                  : "expectations: " + std::to_string(bad) + " of " + std::to_string(scene.expect.size()) + " NOT met";
}

}  // namespace satlab
