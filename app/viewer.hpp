// One window of satlab: the document (document.hpp), its view (scene_view.hpp) and the
// panels (src/ui), put together frame by frame: keys, update, draw, then the panels and
// dialogs. The window and the ImGui context around it are gui_window.hpp's.
#pragma once

#include "page_host.hpp"

#include "document.hpp"
#include "figure_export.hpp"
#include "model/engine_verdicts.hpp"
#include "model/margin_plot.hpp"
#include "playback.hpp"
#include "scene_view.hpp"
#include "ui/figure_dialog.hpp"
#include "ui/layout.hpp"
#include "ui/lesson_editor.hpp"
#include "ui/lesson_panel.hpp"
#include "ui/level_dialog.hpp"
#include "ui/listen_dialog.hpp"
#include "ui/long_text.hpp"
#include "ui/menu_bar.hpp"
#include "ui/scene_pictures.hpp"
#include "ui/shape_panels.hpp"
#include "ui/student_view.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace satlab {

class Viewer : public PageHost {
 public:
  /// Loads `path`, or the built-in default scene when `path` is empty.
  bool loadInitialScene(const std::string& path, std::string& error);
  bool initGl(std::string& error) { return view_.initGl(error); }
  void releaseGl() { view_.releaseGl(); }
  void setWindow(GLFWwindow* window) { view_.setWindow(window); }

  /// Presentation mode on or off, at the window's content scale; applied before the next frame.
  void setTheme(bool presentation, float contentScale) { view_.setTheme(presentation, contentScale); }
  /// View > Language: the window speaks `lang` from the next frame on, and remembers it.
  void setLanguage(Language lang);
  /// Notes the text this frame may show (ui/font_atlas.hpp) and applies pending theme
  /// changes. Call before ImGui::NewFrame.
  void beforeFrame();
  void update(int fbWidth, int fbHeight);
  /// Files dropped onto the window (glfwSetDropCallback): handled at the next update.
  void dropFiles(const std::vector<std::string>& paths);
  void draw(int fbWidth, int fbHeight, bool offscreen) { view_.draw(shownScene(), fbWidth, fbHeight, offscreen); }
  void drawUi();
  bool writeScreenshot(const std::string& path, std::string& error) { return view_.writeScreenshot(path, error); }
  bool prepareOffscreen(int width, int height, std::string& error) {
    return view_.prepareOffscreen(width, height, error);
  }
  /// Names of the selected shapes, primary last, comma separated.
  std::string selectionText() const;
  /// Writes the current scene to a path named on the command line (--save-scene: a device,
  /// a FIFO or /dev/stdout is written in place); an error message on failure.
  std::optional<std::string> saveScene(const std::string& path) const;
  std::string shapePositions() { return view_.shapePositions(shownScene()); }
  /// "time: t = 0.50 s, paused" / "time: frame 3 of 40, playing" / "time: still" (scripted runs).
  std::string timeStatus() const;
  /// "live: 12 frames, following" (docs/recording-format.md, "Live"), empty when not live.
  std::string liveStatus() const { return doc_.liveStatus(); }
  /// Listens for an engine (--listen); false with `error` when the port cannot be had.
  bool startListening(int port, std::string& error) { return doc_.startListening(port, &error); }
  std::string explorerStatus() { return view_.explorerStatus(shownScene()); }
  /// The focused pair between this frame and the next ("between frames 41 and 42:
  /// advance_obb_obb, first touch at ..., shown"), empty when the scene does not move.
  std::string betweenFramesStatus() {
    const Explorer& e = view_.explorer();
    const std::string line = e.swept.statusLine();
    return line.empty() ? line : "swept: " + line + (e.showsBetweenFrames() ? ", shown" : ", not shown");
  }
  /// "lesson card: right edge X, bottom Y, text fits|scrolls" when the card was drawn (the
  /// panels hidden), else empty.
  std::string lessonCardStatus() const;
  /// "time bar at x0,y0 to x1,y1" (window pixels) when it was drawn last frame, else empty.
  std::string timeBarStatus() const;
  /// "margin plot: a / b, 120 of 120 samples, ..." (ui/margin_plot.hpp), or empty.
  std::string marginPlotStatus() const;
  /// "precision: float separated, ..." for the focused pair (ui/precision_section.hpp), or empty.
  std::string precisionStatus();
  /// "picture: ..." when a scene picture (ui/scene_pictures.hpp) was drawn, else empty.
  std::string pictureStatus() const { return pictures_.status(); }
  /// The bounding-volume lab's "satlab: bv lab: ..." lines (empty when no mesh alone is selected).
  std::string bvLabReport() const { return view_.bvLab().report(doc_.scene()); }
  std::string frustumReport() const { return view_.frustum().report(doc_.scene()); }
  /// The character's "satlab: character: ..." line (empty in a scene without one).
  std::string characterReport() const { return view_.character().report(doc_.scene()); }

  /// See Document::start.
  void startSession(bool interactive, bool restore, const Settings& settings) {
    doc_.start(interactive, restore, settings);
  }
  /// A run for machines (GuiOptions::fixedStep): what is computed in the background shows at
  /// a frame that does not depend on the machine's load.
  void setFixedStep(bool on) {
    fixedStep_ = on;
    view_.bvLab().setWaitForResults(on);
    doc_.setWorkForMachines(on, 0.0);
  }
  /// A script's `slow SECONDS` (docs/scripting.md): long work waits that long at each stage
  /// and runs off the frame, as a person sees it, with its indicator and its Cancel.
  void setSlowWork(double seconds) {
    view_.bvLab().setSlowWork(seconds);
    doc_.setWorkForMachines(fixedStep_, seconds);
  }
  /// The window's close button: asks about unsaved work first. Returns true when satlab
  /// may close now.
  bool requestClose() { return doc_.requestClose(); }
  bool quitRequested() const { return doc_.quitConfirmed(); }
  /// A normal exit: removes the recovery file, saves settings.
  void endSession(int windowWidth, int windowHeight) {
    // The student view's presentation mode is not the next start's.
    doc_.end(windowWidth, windowHeight, student_.on() ? doc_.settings().presentation : view_.presentation());
  }
  /// The title as printed by scripted runs (English); shownWindowTitle(): in the title bar.
  std::string windowTitle() const { return doc_.windowTitle(); }
  std::string shownWindowTitle() const { return doc_.windowTitle(true); }
  /// A frame that threw (gui.cpp): `what` in a dialog, in the window's words around it.
  void showFrameFailure(const std::string& what) {
    doc_.showMessagef(N_("Something went wrong in this frame:\n%s"), what.c_str());
  }
  /// A picture of the whole window (panels included) is taken this frame: F12 (or the menu,
  /// or the toolbar) asked for it last frame, and this frame draws no toast.
  bool windowScreenshotRequested() const { return windowShotRequested_; }
  void saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height);
  std::vector<std::uint8_t> captureRgba(int width, int height, bool offscreen) {
    return view_.captureRgba(width, height, offscreen);
  }
  bool presentation() const override { return view_.presentation(); }
  /// Figures for slides (docs/figures.md), drawn from this frame after drawUi and before
  /// ImGui::Render: what the Export figure dialog asked this frame, written (a toast, or a
  /// message saying why not).
  void exportAskedFigure();
  /// `request` drawn and written now (--figure), at the same point of the frame.
  FigureOutcome exportFigure(const FigureRequest& request, NonRegularTarget nonRegular) {
    return exportFigures(view_, shownScene(), request, nonRegular);
  }
  /// "expectations: all 3 met" / "expectations: 1 of 3 NOT met" / "expectations: none".
  std::string expectationStatus() const;
  std::string autosaveStatus() const { return doc_.autosaveStatus(); }
  std::string workStatus() const { return doc_.workStatus(); }
  const RenderCounts& renderCounts() const { return view_.renderCounts(); }
  size_t labelsUnderWindows() { return view_.labelsUnderWindows(); }
  std::string focusedPairReport() { return view_.focusedPairReport(); }
  std::string axesWidgetReport() const { return view_.axesWidgetReport(); }
  std::string fileDialogListing() const { return doc_.fileDialogListing(); }

  // ---- The student view (ui/student_view.hpp) ----
  /// On: presentation mode, the panels away for good, the pair fixed, predict-then-reveal
  /// always, the score from the settings; with `openFirstLesson`, the first lesson when no
  /// lesson is open. Off (F10, Esc twice): the panels come back.
  void setStudentView(bool on, bool openFirstLesson) override;
  bool studentView() const { return student_.on(); }
  /// "view: presentation, panels hidden, student view" (scripted runs): the theme, the
  /// panels and the student view.
  std::string viewStatus() const {
    return std::string("view: ") + (view_.presentation() ? "presentation" : "normal") +
           (view_.panelsHidden() ? ", panels hidden" : ", panels shown") + (student_.on() ? ", student view" : "");
  }
  size_t labelsOnThePair() { return view_.labelsOnThePair(); }

  // ---- The web page (page_host.hpp, web/web_page.cpp; app/viewer_page.cpp) ----
  void setInBrowser(bool on) override { inBrowser_ = on; }
  void followContentScale() override;
  void openDroppedFile(const std::string& path) override;
  void showStartScreen(bool on) override { startScreen_ = on; }
  bool startScreenShown() const { return startScreen_; }
  bool takeShareRequest() override;
  std::string shareSceneText(std::string& error) override;
  std::string pageState() override;
  void openLesson(int index) override { doc_.askToOpenLesson(index); }
  void showMessage(const std::string& text) override { doc_.showMessage(text); }
  void showToast(const std::string& text) override { doc_.showToast(text); }

 private:
  bool inBrowser_ = false;
  bool fixedStep_ = false;
  bool startScreen_ = false;
  bool shareRequested_ = false;
  void drawStartScreen();
  /// The scene's text (title, notes, shape names, the file's name), the lessons' titles and
  /// the recent files, noted as in use when any of them may have changed; needs no ImGui.
  void noteSceneText();
  std::uint64_t notedSceneStamp_ = ~std::uint64_t{0};
  int notedLanguage_ = -1;  // uiLanguageGeneration() when the catalog's text was last noted
  // Time (playback.hpp, docs/time.md): the scene shown at time t, the keys and the time bar.
  Scene& shownScene();
  bool timeBarShown() const;
  /// Changes whenever the scene or its history does.
  std::uint64_t sceneStamp() const;
  // Whether the scene moves (sceneMoves, a walk over every shape), kept for the ImGui frame
  // and the scene it was asked for: timeBarShown is asked several times a frame.
  mutable int movesFrame_ = -1;
  mutable std::uint64_t movesStamp_ = 0;
  mutable bool moves_ = false;
  /// The explorer's step between frames for the focused pair (ui/explorer_swept.hpp).
  void updateSweptView();
  /// A recording's time bar shows the frames in between ("Between frames").
  bool showBetween_ = false;
  void handleTimeKeys();
  void drawTimeBar();
  /// The focused pair's margin plot beside the time bar (`bar` where the bar was drawn,
  /// `atTop` whether it sits at the top).
  void drawMarginPlot(float left, float right, bool atTop);
  /// Whether the margin plot is shown: a pair is focused while the time bar is, and no
  /// prediction about it waits for its answer.
  bool marginPlotShown() const;
  /// The sample of the frame (or time) shown.
  std::optional<std::size_t> marginPlotShownSample() const;
  MarginPlotModel marginPlot_;
  /// After an edit of shownScene(): carries it to the t = 0 scene (while time is not 0).
  void reconcileShown();
  Playback playback_;
  LevelDialog levelDialog_;
  ListenDialog listenDialog_{kDefaultListenPort};
  // The engine's verdicts beside the exact test's (model/engine_verdicts.hpp): the rows of
  // the disagreements, the focused pair's verdicts in the frame shown, a row clicked.
  void updateEngineVerdicts();
  void showEngineRow(std::size_t row);
  /// A live recording's view stops following the newest frame (the user took the time).
  void stopFollowing();
  std::vector<EngineVsExactRow> engineRows_;
  int engineRowsFor_ = -1;  // the document's verdict generation they were made from
  std::uint64_t engineFocusKey_ = ~std::uint64_t{0};
  std::optional<std::string> engineFocusedExact_;
  std::optional<std::size_t> engineRowClicked_;
  /// A live recording is shown and its frames still arrive.
  bool liveReceiving() const { return doc_.live() != nullptr && !doc_.live()->finished(); }
  ScenePictures pictures_;  // the key picture of a lesson without a pair, panels hidden
  /// The canvas picture drawn last: the explorer's, else a scene picture.
  std::optional<ScreenRect> canvasPictureRect() const {
    if (const std::optional<ScreenRect> r = view_.explorer().canvasOverlayRect()) return r;
    return pictures_.rect();
  }
  bool hadRecording_ = false;
  int seenFrame_ = -1;  // the document's frame generation (a recording's frame) last followed
  int pasteCount_ = 0;  // bumped when the document's scene changes directly (paste, import)
  void handleDrops();
  void importMesh(const std::string& path);
  std::vector<std::string> dropped_;
  void followDocument();
  /// "Predictions: 3 of 4 right" once the student has answered, else empty.
  std::string predictScore() const;
  /// The lesson panel (or the lesson editor) has a place in the layout.
  bool isLesson() const { return doc_.lesson().has_value() || doc_.lessonIndex() >= 0 || editor_.isOpen(); }
  /// Where the docked panels go this frame (ui/layout.hpp), and the view's free band.
  void layoutPanels();
  void handleKeys();
  /// Ctrl+Z, Ctrl+S, ...: what changes the scene or its file (not in the student view).
  void documentKeys();
  StudentView student_;
  float keyLineHeight_ = 0.0f;  // the student view's line at the bottom left, last frame
  /// The menu bar; returns its commands (those that change the scene wait for applySceneCommands).
  MenuCommands drawMenuBar(PanelEdits& edits);
  /// The menus' New, Open recent, a lesson, Undo, Redo and Paste: after the panels are drawn.
  void applySceneCommands(const MenuCommands& c);
  void exportFocusedOrScene();
  void openFigureDialog();
  void drawFigureDialog();
  FigureDialog figureDialog_;
  std::optional<FigureDialog::Request> askedFigure_;
  std::optional<std::pair<size_t, size_t>> focusedPair() const;

  Document doc_;
  SceneView view_;
  ShapePanels panels_;
  WrappedTextView lessonNotes_;
  LessonEditor editor_;
  LayoutInput layoutIn_;
  float lessonWanted_ = 0.0f;   // the lesson panel's height for its whole text, last frame
  WrappedTextView cardNotes_;   // the lesson card's text (panels hidden)
  LessonCardFit cardFit_;       // its width and text size while it settles
  bool showLessonCard_ = true;  // N: the lesson's text on the view while the panels are hidden
  float cardRight_ = 0.0f;      // its right edge last frame, window pixels (0: not drawn)
  float cardBottom_ = 0.0f;     // and its bottom
  bool cardScrolls_ = false;    // its text did not fit it
  bool laidOutOneColumn_ = false, laidOutLesson_ = false;
  int seenScene_ = -1;    // the document's scene generation the view was last reset for
  int seenHistory_ = -1;  // its history generation
  bool showHistory_ = false;
  bool showHelp_ = false;
  bool showLegend_ = false;
  bool windowShotRequested_ = false;  // taken at the end of this frame
  bool windowShotPending_ = false;    // asked for this frame: taken in the next
};

}  // namespace satlab
