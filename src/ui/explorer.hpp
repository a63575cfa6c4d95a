// The explorer: the focused pair's traced test as tables, number lines and pictures. It owns
// the focus, the trace and the step, and forwards to one class per kind of test, picked by
// the trace (evaluation/pair_trace.hpp, pair_table.hpp):
//   SatExplorer            box pairs, AABB-segment on 6 axes, 2D rectangles (explorer_sat.hpp)
//   SlabExplorer           segment against a box or rectangle (explorer_slab.hpp)
//   ClosestExplorer        sphere against a box, Arvo (explorer_closest.hpp)
//   SegmentSegmentExplorer two segments, Ericson 5.1.9 (explorer_segment_segment.hpp)
//   SegmentSphereExplorer, SphereSphereExplorer (explorer_spheres.hpp)
//   MeshExplorer           a mesh pair: the bounding-volume tree walk (explorer_mesh.hpp)
//   CapsuleExplorer        a capsule's closest features (explorer_capsule.hpp)
//   GjkExplorer            a hull pair: GJK and EPA in A - B (explorer_gjk.hpp)
// and, when the scene moves, SweptExplorer (explorer_swept.hpp): the same pair between this
// frame and the next. Everything drawn comes from the core's trace records.
#pragma once

#include "ui/explorer_capsule.hpp"
#include "ui/explorer_closest.hpp"
#include "ui/explorer_gjk.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/explorer_mesh.hpp"
#include "ui/explorer_sat.hpp"
#include "ui/explorer_segment_segment.hpp"
#include "ui/explorer_slab.hpp"
#include "ui/explorer_spheres.hpp"
#include "ui/explorer_swept.hpp"

#include <optional>
#include <string>

namespace satlab {

class Explorer : public ExplorerState {
 public:
  // The focused pair (scene indices, as the user chose them); -1 when none.
  int focusA = -1, focusB = -1;
  /// The student view (ui/student_view.hpp): predict-then-reveal cannot be turned off (P
  /// does nothing), and the step bar does not offer the panels.
  bool studentView = false;
  /// The focused pair between this frame and the next (set by the app each frame when the
  /// scene moves): a section of the panel and a picture in the view.
  SweptExplorer swept;
  /// The explorer shows the pair between frames (its tab, turned to when the pair first
  /// touches in the step shown): the canvas picture and the view's lines are the step's.
  bool showsBetweenFrames() const { return betweenTab_ && swept.view().has_value() && !predict.hidesAnswer(); }

  void focus(int a, int b);
  /// Steps to the row of `axis` (named in the test's roles, as the trace's rows are) at the
  /// next update, where the trace has one (the margin plot's click on a deciding axis).
  void showAxis(AxisId axis) { showAxis_ = axis; }
  /// The float grid was drawn around the pair this frame or the last (precision_section.hpp).
  bool floatGridShown() const;
  void clearFocus();
  bool hasFocus() const { return focusA >= 0 && focusB >= 0; }

  /// The scene moves (or is a recording): P and O are time's keys (play / pause, one step),
  /// so P does not switch "predict, then reveal" (its checkbox does), and O answers
  /// "overlap" only while the question is asked. Set by the app each frame before update().
  bool timeKeys = false;
  /// O answers a prediction this frame (the question "overlap or separated?" is open), so
  /// it does not step the time.
  bool predictTakesO() const { return hasFocus() && predict.stage() == Prediction::Stage::AskVerdict; }

  /// How the view maps the world this frame (after the camera moved): the canvas pictures
  /// orient their number lines as the view shows each axis.
  void setView(const ViewMapping& view, const OrbitCamera& camera) {
    view_ = view;
    camera_ = camera;
    hasView_ = true;
  }

  /// Runs the focused pair's traced test (once per frame, after edits), advances playback
  /// and handles the stepping keys ([, ], Space).
  void update(const Scene& scene, float dt, bool keyboardFree);
  const PairTrace& trace() const { return trace_; }
  /// Number of steps of the current explorer (rows), 0 when it has none.
  int stepCount() const;

  /// The explorer window. May ask to move the camera or to move shape B (separate).
  void drawPanel(const Scene& scene, std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB);
  /// The compact step bar that stays when the panels are hidden (Tab): top centre, below
  /// the menu bar's place, so that it covers neither the pair nor the intervals under it;
  /// with `presentation` its text is at least kCanvasPresentationText of the window height.
  /// Where the step bar goes when the app places it (window pixels), e.g. under the lesson
  /// card: that wide, its lines wrapped, without the title the card already shows.
  struct StepBarPlace {
    glm::vec2 topLeft{0.0f};
    float width = 300.0f;
  };
  /// Without `place`, it sits at the top centre of the window. Returns a camera to move to
  /// when its Side view button was pressed.
  std::optional<CameraRequest> drawStepBar(const Scene& scene, bool presentation = false,
                                           std::optional<StepBarPlace> place = std::nullopt);
  /// Where the step bar was drawn (window pixels), this frame or the last; nullopt when not.
  std::optional<ScreenRect> stepBarRect() const;

  /// The key picture of the current step on the canvas itself (canvas_overlay.hpp): the SAT
  /// intervals on a number line, Arvo's sum bar, the slab t line. Drawn in ImGui's
  /// background list, in the bottom-right corner of `area` (window pixels: the part of the
  /// window the panels leave free, the whole window when they are hidden); its text is at
  /// least kCanvasPresentationText of the window height with `presentation`. Call once a
  /// frame, between ImGui::NewFrame and ImGui::Render.
  void drawCanvasOverlay(const Scene& scene, const ScreenRect& area, bool presentation);
  /// Where drawCanvasOverlay puts the picture in `area` of a window `windowHeight` tall;
  /// nullopt when there is none (no pair, a kind without one) or no room for it.
  std::optional<ScreenRect> canvasPictureRect(const Scene& scene, const ScreenRect& area, bool presentation,
                                              float windowHeight) const;
  /// The same picture drawn on `list` (a figure's, docs/figures.md: the screen's is not
  /// told), and recorded into `recorder` too when there is one; where it went.
  std::optional<ScreenRect> drawCanvasPicture(const Scene& scene, const ScreenRect& area, bool presentation,
                                              float windowHeight, ImDrawList* list, VectorFigure* recorder) const;
  /// Where the canvas picture was drawn (window pixels), this frame or the last, so that the
  /// camera can frame the pair in the rest of the view; nullopt when none was drawn.
  std::optional<ScreenRect> canvasOverlayRect() const;
  /// The pictures in the view (world-space lines) and their numbers, queued on `labels` (the
  /// view's one label layer; without one they are drawn at once, on top of everything).
  void drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                   const glm::vec2& fbPerWindow, LabelLayer* labels = nullptr) const;
  /// One line for scripted runs: "explorer: A=a B=b, OBB-OBB, separated, step 3 of 15,
  /// stops at A1xB0, current A2", and for a SAT step the framebuffer pixels of the middles
  /// of the two drawn intervals ("interval A at 512,600, B at 530,610"); then where the
  /// canvas picture (and its text size) and the step bar were drawn, in window pixels
  /// ("canvas picture at 770,515 to 1266,706 (text 23 px), step bar at 435,8 to 845,137"),
  /// when they were; a SAT explorer adds where its Separate button is, when it shows one.
  std::string statusLine(const Scene& scene, const ViewMapping& view, const OrbitCamera& camera) const;

  /// "Predict, then reveal" (explorer_predict.hpp; the state is `predict`): the running
  /// score, for the lesson panel, and whether the answer is hidden now (the viewer then
  /// hides what else tells it: the pairs' verdicts, the overlap styles and labels).
  int predictRight() const { return predict.right(); }
  int predictAsked() const { return predict.asked(); }
  bool predictHidesAnswer() const { return hasFocus() && predict.hidesAnswer(); }

  /// Where the SAT explorer draws an axis line (SatExplorer::placeAxis on this trace).
  using AxisPlacement = SatExplorer::AxisPlacement;
  std::optional<AxisPlacement> placeAxis(const Scene& scene, const SatAxisRow& row, const ViewMapping& view,
                                         const OrbitCamera& camera) const {
    return SatExplorer::placeAxis(scene, trace_, row, view, camera);
  }

 private:
  /// The kind the trace asks for; nullptr when there is none.
  ExplorerView* view();
  const ExplorerView* view() const;
  ExplorerInput input(const Scene& scene) const {
    return ExplorerInput{scene, trace_, *this, hasView_ ? &view_ : nullptr, hasView_ ? &camera_ : nullptr};
  }
  void handlePredictKeys();
  /// The SAT explorer's epsilon note and button and its Side view, on the step bar.
  std::optional<CameraRequest> drawSatExtras(bool fixedWidth);
  void drawQuestionCard(const Scene& scene, const CanvasPainter& p, const ScreenRect& rect) const;
  /// The question, the answer buttons and the reveal; `stepBar`: the compact form;
  /// `fixedWidth`: the window does not size itself to its content, so rows may wrap.
  void drawPredictControls(bool stepBar, bool fixedWidth);

  /// A rectangle drawn in a frame, remembered for the next one.
  struct DrawnRect {
    ScreenRect rect;
    int frame = -10;
    float text = 0.0f;  // the text size drawn in it (the canvas picture's)
  };
  static std::optional<ScreenRect> recent(const DrawnRect& r);

  PairTrace trace_;
  ViewMapping view_;
  OrbitCamera camera_;
  bool hasView_ = false;
  bool touchedInStep_ = false;        // the last frame's pair first touched between frames (the tab turns to it)
  bool betweenTab_ = false;           // the panel shows "Between frames" (the canvas and the view follow)
  int selectTabFrames_ = 0;           // frames left in which the panel turns to that tab
  std::optional<AxisId> landOnAxis_;  // "Separate" was pressed: step to this axis next frame
  std::optional<AxisId> showAxis_;    // showAxis(): step to this axis's row next frame
  mutable int floatGridFrame_ = -10;  // the frame drawOverlay last drew the float grid
  DrawnRect canvasRect_, stepBarRect_;
  /// A button's middle drawn in a frame (window pixels), for the status line.
  struct DrawnPoint {
    glm::vec2 at{0.0f};
    int frame = -10;
  };
  DrawnPoint epsilonButton_, sideViewButton_;
  SatExplorer sat_;
  SlabExplorer slab_;
  ClosestExplorer closest_;
  SegmentSphereExplorer segmentSphere_;
  SphereSphereExplorer sphereSphere_;
  SegmentSegmentExplorer segmentSegment_;
  MeshExplorer mesh_;
  CapsuleExplorer capsule_;
  GjkExplorer gjk_;
};

}  // namespace satlab
