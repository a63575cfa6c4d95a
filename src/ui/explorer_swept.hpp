// Between two frames, in the explorer: the focused pair's test over the step from the pose
// shown to the next one (a scene in motion: the next 1/60 s; a recording: the next frame),
// as evaluation/swept_eval.hpp records it. The panel section says when the pair first
// touches in the step (or that it does not, or that it already touches), and shows the
// record of the test that decided it:
//   SAT in time            each axis's t-interval on a number line, the latest entry
//                          (which decides the time of impact) and the axis that rejects
//   as a ray against A + B two AABBs: B's centre through A grown by B, the slab test
//   moving spheres         the quadratic of B's centre against the sphere of rA + rB
//   a sphere and a box     the pieces of the centre's path, the faces it is outside of
//   a sphere, a triangle   the face, the three edges and the three corners, when each is touched
//   advancement            each iteration's distance, bound on motion and safe step
// The view shows each shape at the step's start and end (dashed), the volume it sweeps
// between them (its corners joined to where they end; a turning shape at a few poses along
// the step), the path of its centre, the two shapes at the time of impact, the contact point
// and the normal.
#pragma once

#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "evaluation/swept_eval.hpp"

namespace satlab {

class LineBatch;
class OrbitCamera;
class CanvasPainter;
struct CanvasStyle;
struct ScreenRect;

/// The step the section shows.
struct SweptView {
  SweptRecord record;
  /// "between frames 40 and 41" / "from t = 0.500 s to 0.517 s".
  std::string step;
  std::string stepShown;      ///< `step` in the window's language (`step` stays English for the status line)
  double t0 = 0.0, t1 = 0.0;  ///< The step's start and end, seconds.
  glm::vec4 colorA{1.0f}, colorB{1.0f};
};

class SweptExplorer {
 public:
  /// The step to show this frame, or nullopt (no pair focused, the scene does not move).
  void set(std::optional<SweptView> view) { view_ = std::move(view); }
  const std::optional<SweptView>& view() const { return view_; }

  /// Two AABBs: their step as a ray against A + B (the slab test) instead of SAT in time.
  bool showRay = false;
  /// The step drawn in the view (start, end, time of impact, contact).
  bool showInView = true;

  /// The "Between frames" tab of the Explorer panel; nothing when there is no step to show.
  void drawSection();
  /// One line under the pair's verdict at the top of the panel, when the pair first touches
  /// during the step: "Between frames: first touch at t = ...".
  void drawSummary();
  /// The pair first touches during the step shown.
  bool touchesInStep() const { return contactTime().has_value(); }
  /// The key picture (on the canvas, and at the top of the tab): the step, the verdict, and
  /// SAT in time's axes (or the ray's slabs) on a number line of t, else the record's lines.
  std::optional<glm::vec2> canvasSize(const CanvasStyle& style) const;
  void drawCanvas(const CanvasPainter& painter, const ScreenRect& rect) const;
  /// The step in the view, as `camera` sees it (a sphere's and a capsule's outlines face
  /// the eye); `pixelScale`: framebuffer pixels per logical pixel.
  void drawOverlay(LineBatch& lines, const OrbitCamera& camera, float pixelScale) const;
  /// For scripted runs: "between frames 40 and 41: advance_obb_obb, touches at t = 0.6819 s
  /// (step 0.7134), 9 iterations".
  std::string statusLine() const;

  /// The time of impact in seconds, when the pair first touches during the step.
  std::optional<double> contactTime() const;

 private:
  std::optional<SweptView> view_;
};

}  // namespace satlab
