// The explorers: the focused pair's traced test as tables, number lines and pictures.
//   SAT explorer   (box pairs, AABB-segment on 6 axes, 2D rectangles): an axis table and,
//                  for the current step, the axis through the scene with both projected
//                  intervals, their ends tied to the shapes' extreme corners, and the gap or
//                  overlap measured.
//   Slab explorer  (segment against a box or rectangle): each slab's planes (bands in 2D),
//                  the entry and exit points, the running t-interval on a number line.
//   Closest point  (sphere against a box, Arvo): the clamped point, the vector to the
//                  centre, each axis's contribution to the squared distance against r².
// Everything drawn comes from the core's trace records (scene/pair_trace.hpp).
#pragma once

#include "render/camera.hpp"
#include "render/line_batch.hpp"
#include "scene/pair_trace.hpp"
#include "scene/scene.hpp"
#include "ui/picking.hpp"

#include <optional>
#include <string>

namespace satlab {

/// A camera the explorer asks the viewer to move to (animated).
struct CameraRequest {
  float yawDeg = 0.0f;
  float pitchDeg = 0.0f;
  glm::vec3 target{0.0f};
};

/// Whether step `i` of a segment-segment trace sets only s (the lines' closest point on A,
/// before t is computed from it).
inline bool segSegStepSetsOnlyS(const SegSegTrace& t, int i) { return i == 0 && !t.pointA && !t.pointB; }

class Explorer {
 public:
  // The focused pair (scene indices, as the user chose them); -1 when none.
  int focusA = -1, focusB = -1;
  ExplorerOptions options;
  int step = 0;  // current row (SAT axis or slab)
  bool playing = false;
  float stepsPerSecond = 1.0f;
  int hoveredRow = -1;

  void focus(int a, int b);
  void clearFocus();
  bool hasFocus() const { return focusA >= 0 && focusB >= 0; }

  /// Runs the focused pair's traced test (once per frame, after edits), advances playback
  /// and handles the stepping keys ([, ], Space).
  void update(const Scene& scene, float dt, bool keyboardFree);
  const PairTrace& trace() const { return trace_; }
  /// Number of steps of the current explorer (rows), 0 when it has none.
  int stepCount() const;

  /// The explorer window. May ask to move the camera or to move shape B (separate).
  void drawPanel(const Scene& scene, std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB);
  /// The compact step bar that stays when the panels are hidden (Tab).
  void drawStepBar(const Scene& scene);
  /// The pictures in the view (world-space lines) and their numbers (screen labels).
  void drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                   const glm::vec2& fbPerWindow) const;
  /// One line for scripted runs: "explorer: A=a B=b, OBB-OBB, separated, step 3 of 15,
  /// stops at A1xB0, current A2", and for a SAT step the framebuffer pixels of the middles
  /// of the two drawn intervals ("interval A at 512,600, B at 530,610").
  std::string statusLine(const Scene& scene, const ViewMapping& view, const OrbitCamera& camera) const;

  /// Where the SAT explorer draws an axis line: a point whose projection on the axis is 0,
  /// beside the pair, the direction it is shifted in, and the world size of a pixel there.
  struct AxisPlacement {
    glm::vec3 base{0.0f};
    glm::vec3 perp{0.0f};
    float pixel = 0.01f;
  };
  std::optional<AxisPlacement> placeAxis(const SatAxisRow& row, const ViewMapping& view,
                                         const OrbitCamera& camera) const;

 private:
  void drawSatPanel(std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB);
  void drawSlabPanel(const Scene& scene);
  void drawClosestPanel();
  void drawSegmentSpherePanel();
  void drawSegmentSegmentPanel();
  void drawStepper();
  void drawStepButtons(int count);
  void drawSatOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                      const glm::vec2& fbPerWindow) const;
  void drawSlabOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view,
                       const glm::vec2& fbPerWindow) const;
  void drawClosestOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view,
                          const glm::vec2& fbPerWindow) const;

  PairTrace trace_;
  float playClock_ = 0.0f;
  int scrolledTo_ = -1;  // the step the axis table last scrolled to
};

}  // namespace satlab
