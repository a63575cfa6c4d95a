// The view of the open scene: the camera and its animation, the renderer and the theme,
// the viewport's mouse and keyboard tools (selection, gizmo), the live verdicts of every
// pair, the explorer of the focused pair, the free part of the window the camera frames
// into, and the offscreen target of screenshot runs. It draws the scene with OpenGL and its
// labels into ImGui's background list; the panels are drawn by the app (viewer.cpp).
#pragma once

#include "document/lesson.hpp"
#include "document/placement.hpp"
#include "document/scene.hpp"
#include "figure_font.hpp"
#include "model/bv_lab.hpp"
#include "render/camera.hpp"
#include "render/figure_options.hpp"
#include "render/render_target.hpp"
#include "render/scene_renderer.hpp"
#include "render/vector_figure.hpp"
#include "ui/character_drive.hpp"
#include "ui/explorer.hpp"
#include "ui/frustum_panel.hpp"
#include "ui/pairs_panel.hpp"
#include "ui/theme.hpp"
#include "ui/viewport_tools.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace satlab {

/// Presentation mode's text and panel scale for a window `windowHeight` logical pixels tall:
/// 1 up to 720 rows, in proportion above (at most 3); 1 outside presentation mode.
float presentationHeightScale(bool presentation, float windowHeight);

class SceneView {
 public:
  bool initGl(std::string& error);
  void releaseGl();
  void setWindow(GLFWwindow* window) { window_ = window; }

  /// Presentation mode on or off, at the window's content scale; applied before the next frame.
  void setTheme(bool presentation, float contentScale);
  void rebuildTheme() { themePending_ = true; }
  /// Applies pending theme changes (`uiScale`: the user's scale on top of the content
  /// scale). Call before ImGui::NewFrame.
  void beforeFrame(float uiScale);
  bool presentation() const { return presentation_; }
  float contentScale() const { return contentScale_; }
  /// Tab: only the picture and the step bar.
  bool panelsHidden() const { return panelsHidden_; }
  /// The student view (ui/student_view.hpp): the mouse turns the camera only, the pair
  /// stays, predict-then-reveal stays on, the character is not driven.
  void setStudentLock(bool on) {
    studentLock_ = on;
    tools_.locked = on;
    explorer_.studentView = on;
  }
  void setPanelsHidden(bool hidden) { panelsHidden_ = hidden; }
  const Theme& theme() const { return theme_; }

  /// A new scene: the camera frames it on the next frame, then `lesson` (if any) applies
  /// its focus, step, mode and camera; the selection and the explorer start empty.
  void reset(const std::optional<LessonState>& lesson);
  /// The history rewrote the scene: drops selected shapes that no longer exist.
  void afterHistoryJump(const Scene& scene);

  struct Edits {
    bool changed = false;       // the scene was modified this frame
    bool stepFinished = false;  // an edit that is one undo step just ended
  };
  /// Input, camera, the live verdicts and the explorer, for a frame of `fbWidth` x `fbHeight`.
  Edits update(Scene& scene, const std::string& sceneName, int fbWidth, int fbHeight);
  void draw(const Scene& scene, int fbWidth, int fbHeight, bool offscreen);
  /// The labels and the notes drawn on the view itself (ImGui's background list), off the
  /// windows and the canvas pictures of last frame (the explorer's and `picture`, a scene
  /// picture's: ui/scene_pictures.hpp).
  void drawViewText(const std::optional<ScreenRect>& picture = std::nullopt);

  /// The part of the window no docked panel or overlay covers, in window pixels: x from
  /// `left` to `right`, y from `top` to `bottom` (the panel layout's free band, the lesson
  /// card, the step bar, the explorer's picture on the canvas). The camera frames into it
  /// and the picture's centre moves to its middle; while the camera is still the one
  /// framing chose (the user has not orbited, panned or zoomed since), a new area or window
  /// size frames the scene again.
  void setFreeArea(float left, float right, float top, float bottom);

  /// Animates the camera to `goal`.
  void moveCamera(const CameraRequest& goal);
  void frameAll(const Scene& scene);
  void frameSelection(const Scene& scene);
  glm::vec3 cameraTarget() const { return camera_.target; }
  /// What the view shows, for placing a new shape where it is seen (document/placement.hpp): the
  /// camera's target and its ground directions, and the free area (a little inside it).
  PlacementView placementView() const;

  /// What a lesson saved now opens with: the focused pair, the explorer's step and options,
  /// and the camera (its distance as it would be in the whole window). `cameraOnPair`: the
  /// camera's direction, with its target and distance framing the focused pair in the whole
  /// window (as framing the scene does), so that the pair fills whatever part of the window
  /// the lesson is shown in.
  LessonState lessonStateNow(const Scene& scene, bool cameraOnPair = false) const;

  ViewportTools& tools() { return tools_; }
  const ViewportTools& tools() const { return tools_; }
  /// The engine's contact on the focused pair in the recorded frame shown (model/
  /// engine_verdicts.hpp): its points and normal, drawn in a style of their own (magenta,
  /// the normal dashed) beside satlab's own pictures.
  struct EngineContactPicture {
    std::vector<glm::vec3> points;
    glm::vec3 normal{0.0f};  ///< from the pair's first shape towards its second; zero: none given
  };
  void setEngineContact(std::optional<EngineContactPicture> picture) { engineContact_ = std::move(picture); }
  Explorer& explorer() { return explorer_; }
  const Explorer& explorer() const { return explorer_; }
  /// Every pair's live verdict and the pipeline over the scene (model/live_pairs.hpp), and
  /// the panel that lists them (its label setting is the view's to apply).
  LivePairs& pairs() { return pairs_; }
  const LivePairs& pairs() const { return pairs_; }
  PairsPanel& pairsPanel() { return pairsPanel_; }
  const PairsPanel& pairsPanel() const { return pairsPanel_; }
  /// The bounding-volume lab of the one mesh selected (model/bv_lab.hpp).
  BvLab& bvLab() { return bvLab_; }
  const BvLab& bvLab() const { return bvLab_; }
  /// The scene's second camera and what it culls (ui/frustum_panel.hpp).
  FrustumCulling& frustum() { return frustum_; }
  const FrustumCulling& frustum() const { return frustum_; }
  /// The scene's character and its slide (ui/character_drive.hpp).
  CharacterDrive& character() { return character_; }
  const CharacterDrive& character() const { return character_; }
  /// The explorer's place holds the explorer (a focused pair), else the bounding-volume lab
  /// (one mesh selected), else the character panel (a scene with a character).
  bool explorerPlaceUsed() const {
    return explorer_.hasFocus() || bvLab_.active() || character_.active() || frustum_.present();
  }

  /// The offscreen target of a screenshot run made `width` x `height` (when it is another
  /// size); false, with `error` naming this OpenGL's limits, when it cannot be made.
  bool prepareOffscreen(int width, int height, std::string& error);
  /// Writes the offscreen image as a PNG (a path named on the command line: a device or a
  /// FIFO is written in place, see NonRegularTarget).
  bool writeScreenshot(const std::string& path, std::string& error);
  /// The frame just drawn (window or offscreen target), RGBA rows top first.
  std::vector<std::uint8_t> captureRgba(int width, int height, bool offscreen);
  /// Where each shape's reference point is on screen (window pixels), one line per shape.
  std::string shapePositions(const Scene& scene) const;
  /// The explorer's state in one line (for scripted runs and tests).
  /// Where each shape's centre is on screen (window pixels; shapes behind the camera or
  /// off the view are left out), with its colour.
  struct ShapeOnScreen {
    std::string name;
    glm::vec2 px{0.0f};
    glm::vec4 color{1.0f};
  };
  std::vector<ShapeOnScreen> shapesOnScreen(const Scene& scene) const;
  std::string explorerStatus(const Scene& scene) const { return explorer_.statusLine(scene, mapping(), camera_); }

  // ---- Figures for slides (docs/figures.md; scene_view_figure.cpp) ----
  struct FigureSpec {
    glm::vec2 windowSize{1280.0f, 720.0f};  ///< the window the figure is laid out as, window units
    FigureOptions options;
    bool vector = false;  ///< record the drawing as SVG (else the pixels are read back)
    std::string title;    ///< the SVG's title
  };
  struct Figure {
    int width = 0, height = 0;          ///< pixels: the window's size times the scale
    std::vector<std::uint8_t> rgba;     ///< the picture (not for a vector figure); straight alpha
    std::string svg;                    ///< the SVG document (a vector figure)
    VectorCounts counts;                ///< what the SVG holds
    std::vector<ShapeOnScreen> shapes;  ///< where each shape's centre is in the figure, pixels
    std::optional<ScreenRect> picture;  ///< where the explorer's picture is in the figure, pixels
  };
  /// Draws a figure now, inside the ImGui frame and after the frame's own drawing, from this
  /// frame's state: the view alone, as a window of `spec.windowSize` with its panels hidden
  /// would show it (the explorer's picture in the bottom-right corner, the camera framing the
  /// rest while it is where framing put it), without the lesson card, the step bar, toasts or
  /// the gizmo, the selection's halo only when asked, at the options' scale and background.
  /// The frame's own framebuffer is bound again afterwards. False, with `error`, when OpenGL
  /// cannot render the figure's size.
  bool drawFigure(const Scene& scene, const FigureSpec& spec, Figure& out, std::string& error);
  /// Frees the figure's offscreen image (after the last figure of a request).
  void releaseFigureTarget() {
    figureTarget_.release();
    figureFont_.release();
  }
  const RenderCounts& renderCounts() const { return renderer_.counts(); }
  /// Labels drawn last frame on a window (a panel, the step bar, a dialog) or the canvas picture.
  size_t labelsUnderWindows() { return renderer_.labels().drawnUnderBlocked(); }
  /// "focused pair on screen: 512,200 to 900,460, labels on it: 0" (window pixels: the
  /// rectangle around the two shapes' bounds, and the labels drawn over it last frame), or
  /// "focused pair on screen: none" (scripted runs).
  std::string focusedPairReport();
  /// "axes widget at 14,590 to 98,674" (window pixels; scripted runs), or "axes widget: none".
  std::string axesWidgetReport() const;
  /// The explorer's numbers the last frame drew on the focused pair's shapes.
  size_t labelsOnThePair() { return renderer_.labels().drawnOnKeptClear(); }

 private:
  void applyLesson(const Scene& scene);
  void frameSelection(const Scene& scene, const std::vector<int>& which);
  void frameScene(const Scene& scene, const std::string& sceneName, float aspect);
  /// Frames `camera` (from its own direction) on the whole scene, then the lesson's camera,
  /// for an area of `aspect` that is `heightShare` of the view's height; the range a lesson's
  /// distance was kept within, when it had to be.
  std::optional<DistanceRange> frameInto(const Scene& scene, float aspect, float heightShare,
                                         OrbitCamera& camera) const;
  /// The free area, framebuffer pixels.
  struct FreeArea {
    float left = 0.0f, right = 1.0f, top = 0.0f, bottom = 1.0f;
    /// RenderSettings::centerShiftNdcX and Y that put the picture's centre in its middle.
    glm::vec2 centerShift(const glm::vec2& viewport) const;
  };
  /// setFreeArea's area (window units: left, right, top, bottom) in a `viewport` of a window
  /// `display` units large; the whole viewport where the area is too small to frame into.
  static FreeArea freeAreaFor(const glm::vec4& areaWindow, const glm::vec2& display, const glm::vec2& viewport);
  void syncFocusWithSelection();
  float centerShift() const;
  float centerShiftY() const;
  glm::mat4 currentViewProj(const Scene& scene) const;
  void animateCamera(float dt);
  void drawBudgetNote(const std::optional<ScreenRect>& picture) const;
  /// The focused pair's solid shapes' rectangles on screen (framebuffer pixels).
  std::vector<ScreenRect> pairScreenRects(const Scene& scene, const ViewMapping& view) const;
  ViewMapping mapping() const { return ViewMapping{viewProj_, viewport_}; }

  /// One drawing of the view: the screen's each frame (draw), a figure's on demand
  /// (drawFigure). The bound framebuffer is `sizePx`.
  struct ViewPass {
    OrbitCamera camera;
    glm::ivec2 sizePx{1, 1};
    glm::vec2 fbPerWindow{1.0f};  ///< the pass's pixels per ImGui window unit
    float pixelScale = 1.0f;      ///< RenderSettings::pixelScale
    glm::vec4 background{0.0f, 0.0f, 0.0f, 1.0f};
    glm::vec2 centerShift{0.0f};  ///< RenderSettings::centerShiftNdcX, Y
    float axesWidgetLeftPx = 0.0f;
    std::vector<ScreenRect> axesWidgetKeepOff;  // framebuffer pixels (the canvas pictures)
    bool gizmo = true;                          ///< the gizmo's handles (the screen, outside presentation mode)
    bool selection = true;                      ///< the selection's halo and brightness
    bool hover = true;                          ///< the shape under the cursor brightened
  };
  /// The scene, the overlays and the board pictures of `pass`, flushed; labels queued.
  void drawPass(const Scene& scene, const ViewPass& pass);

  OrbitCamera camera_;
  std::optional<EngineContactPicture> engineContact_;
  void drawEngineContact();
  bool framed_ = false;
  std::optional<LessonState> lesson_;  // focus, step and mode applied once; its camera each time the scene is framed
  bool lessonApplied_ = false;
  bool teaching_ = false;    // the scene is a lesson
  bool autoFramed_ = false;  // the camera is where framing put it
  bool reframe_ = false;     // the band or the window changed: frame again if autoFramed_
  SceneRenderer renderer_;
  Theme theme_;
  bool presentation_ = false;
  bool themePending_ = true;
  float contentScale_ = 1.0f;
  float heightScale_ = 1.0f;  // presentationHeightScale of the theme applied
  bool panelsHidden_ = false;
  bool studentLock_ = false;
  std::vector<ShapeStyle> styles_;   // per shape: selection, hover, overlap
  std::vector<ScreenRect> blocked_;  // windows the labels keep off (window pixels)
  /// In presentation mode, the focused pair's place on screen (window pixels): the labels
  /// keep off the two shapes the lesson is about, as they keep off the windows.
  std::vector<ScreenRect> pairOnScreen_;
  std::optional<ScreenRect> scenePicture_;  // the app's canvas picture last frame (window pixels)
  ViewportTools tools_;
  LivePairs pairs_;
  PairsPanel pairsPanel_;
  Explorer explorer_;
  BvLab bvLab_;
  bool labelsFromLesson_ = false;  // the lesson set the pairs panel's labels setting
  FrustumCulling frustum_;
  CharacterDrive character_;
  std::optional<CameraRequest> cameraGoal_;
  CameraRequest cameraStart_;
  float cameraT_ = 1.0f;  // animation progress, 1 = done
  RenderTarget offscreen_;
  RenderTarget figureTarget_;  // drawFigure's
  FigureFont figureFont_;      // the UI's font at the figure's scale
  bool offscreenUsed_ = false;
  bool drewOffscreen_ = false;  // this frame's drawing went to offscreen_, not the window
  glm::mat4 viewProj_{1.0f};
  glm::vec2 viewport_{1.0f};
  glm::vec2 fbPerWindow_{1.0f};
  float freeLeftPx_ = 0.0f;  // the band between the side panels, framebuffer pixels
  float freeRightPx_ = 1.0f;
  glm::vec4 areaWindowPx_{0.0f};  // the free area as last given (left, right, top, bottom), window pixels
  float freeTopPx_ = 0.0f, freeBottomPx_ = 1.0f;
  glm::ivec2 framedForSize_{0, 0};
  ViewMode viewMode_ = ViewMode::ThreeD;
  GLFWwindow* window_ = nullptr;
};

}  // namespace satlab
