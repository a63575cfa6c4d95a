// The interactive view of one scene: camera input, drawing, panels, screenshots.
#pragma once

#include "render/camera.hpp"
#include "render/render_target.hpp"
#include "render/scene_renderer.hpp"
#include "scene/lesson.hpp"
#include "scene/scene.hpp"
#include "session.hpp"
#include "ui/explorer.hpp"
#include "ui/long_text.hpp"
#include "ui/pairs_panel.hpp"
#include "ui/shape_panels.hpp"
#include "ui/theme.hpp"
#include "ui/viewport_tools.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace satlab {

class Viewer {
 public:
  /// Loads `path`, or the built-in default scene when `path` is empty.
  bool loadInitialScene(const std::string& path, std::string& error);
  bool initGl(std::string& error);
  void releaseGl();
  void setWindow(GLFWwindow* window) { window_ = window; }

  /// Presentation mode on or off, at the window's content scale; applied before the next frame.
  void setTheme(bool presentation, float contentScale);
  /// Applies pending theme changes. Call before ImGui::NewFrame.
  void beforeFrame();
  void update(int fbWidth, int fbHeight);
  void draw(int fbWidth, int fbHeight, bool offscreen);
  void drawUi();
  bool writeScreenshot(const std::string& path, std::string& error);
  /// Names of the selected shapes, primary last, comma separated.
  std::string selectionText() const;
  /// Writes the current scene; an error message on failure.
  std::optional<std::string> saveScene(const std::string& path) const;
  /// Where each shape's reference point is on screen (window pixels), one line per shape.
  std::string shapePositions() const;
  /// The explorer's state in one line (for scripted runs and tests).
  std::string explorerStatus() const { return explorer_.statusLine(scene_, mapping(), camera_); }

  // ---- The scene as a document (viewer_document.cpp) ----
  /// `interactive`: a person is at the window (no --screenshot): settings are read and
  /// written, the recovery file is offered, closing asks about unsaved work.
  /// `restore`: restore the recovery file without asking (--restore).
  void startSession(bool interactive, bool restore);
  /// The window's close button: asks about unsaved work first. Returns true when satlab
  /// may close now.
  bool requestClose();
  bool quitRequested() const { return quitConfirmed_; }
  /// A normal exit: removes the recovery file, saves settings.
  void endSession(int windowWidth, int windowHeight);
  std::string windowTitle() const;
  /// F12 asked for a picture of the whole window (panels included) this frame.
  bool windowScreenshotRequested() const { return windowShotRequested_; }
  void saveWindowScreenshot(const std::vector<std::uint8_t>& rgba, int width, int height);
  /// The frame just drawn (window or offscreen target), RGBA rows top first.
  std::vector<std::uint8_t> captureRgba(int width, int height, bool offscreen);
  bool presentation() const { return presentation_; }
  /// "expectations: all 3 met" / "expectations: 1 of 3 NOT met" / "expectations: none".
  std::string expectationStatus() const;
  /// "autosave: ok" / "autosave: failing: REASON" / "autosave: not tried".
  std::string autosaveStatus() const;
  /// What the renderer drew in the last frame (--stats reports the budget's simplifications).
  const RenderCounts& renderCounts() const { return renderer_.counts(); }

 private:
  void drawLabels();
  void setScene(Scene scene, const std::string& name, bool fromFile);
  void applyLesson(float aspect);
  void openLesson(int index);
  void syncFocusWithSelection();
  void updateViewInsets(int fbWidth, int fbHeight);
  float centerShift() const;
  glm::mat4 currentViewProj() const;
  void animateCamera(float dt);
  ViewMapping mapping() const { return ViewMapping{viewProj_, viewport_}; }
  // viewer_document.cpp
  void handleDocumentKeys();
  void drawMenuBar(PanelEdits& edits);
  void drawDialogs();
  void drawHistoryPanel();
  void drawHelpPanel();
  void commitEdit();
  void afterHistoryJump();
  void openPath(const std::string& path);
  void performPending();
  void askToOpen(const std::string& path);
  void askToOpenLesson(int index);
  void save();
  /// Saves to the document's own path, first asking when the original has changed or gone
  /// since the work began (a restored session); `thenContinue` runs the pending action after.
  void saveToOwnPath(bool thenContinue);
  void restoreRecovery(SceneLoadResult loaded);
  void noteAutosave(const Session::AutosaveOutcome& outcome);
  void drawAutosaveWarning();
  /// A line at the bottom of the view when the renderer's overdraw or line budget simplified shapes.
  void drawBudgetNote();
  void startSaveAs(bool thenContinue);
  void showMessage(const std::string& text);
  void showToast(const std::string& text);
  void copySelection();
  void pasteClipboard();
  void exportTest(const std::string& path);
  std::vector<std::string> sceneFolders() const;
  double now() const;

  Scene scene_;
  std::string sceneName_;
  OrbitCamera camera_;
  bool framed_ = false;
  SceneRenderer renderer_;
  Theme theme_;
  bool presentation_ = false;
  bool themePending_ = true;
  float contentScale_ = 1.0f;
  bool panelsHidden_ = false;  // Tab: only the step bar stays
  Session session_;
  Settings settings_;
  bool interactive_ = false;
  enum class Pending { None, Open, Quit, Lesson };
  Pending pending_ = Pending::None;
  std::string pendingPath_;
  int pendingLessonIndex_ = -1;
  bool continueAfterSave_ = false;
  bool quitConfirmed_ = false;
  std::string dialogPath_;
  const char* popupToOpen_ = nullptr;
  std::string message_;
  std::optional<RecoveryInfo> recovery_;
  std::string overwriteText_;  // the question of the "save over the original?" dialog
  bool continueAfterOverwrite_ = false;
  std::optional<std::string> autosaveError_;  // set while autosave fails; shown until it works
  bool autosaveTried_ = false;
  bool showHistory_ = false;
  bool showHelp_ = false;
  std::string toast_;
  double toastUntil_ = 0.0;
  bool windowShotRequested_ = false;
  std::vector<ShapeStyle> styles_;  // per shape: selection, hover, overlap
  ViewportTools tools_;
  ShapePanels panels_;
  LivePairs pairs_;
  Explorer explorer_;
  std::optional<CameraRequest> cameraGoal_;
  CameraRequest cameraStart_;
  float cameraT_ = 1.0f;  // animation progress, 1 = done
  std::optional<LessonState> lesson_;
  WrappedTextView lessonNotes_;
  int lessonIndex_ = -1;  // index among the built-in lessons, -1 when not one of them
  RenderTarget offscreen_;
  glm::mat4 viewProj_{1.0f};
  glm::vec2 viewport_{1.0f};
  glm::vec2 fbPerWindow_{1.0f};
  float freeLeftPx_ = 0.0f;  // the band between the side panels, framebuffer pixels
  float freeRightPx_ = 1.0f;
  glm::ivec2 insetsForSize_{0, 0};  // what the band was last measured for
  bool insetsForHidden_ = false;
  int insetsForLayout_ = -1;
  int insetFrames_ = 2;  // frames left to (re)measure the band
  bool offscreenUsed_ = false;
  GLFWwindow* window_ = nullptr;
};

}  // namespace satlab
