// The explorer: the focused pair's traced test as tables, number lines and pictures. It owns
// the focus, the trace and the step, and forwards to one class per kind of test, picked by
// the trace (scene/pair_trace.hpp, pair_table.hpp):
//   SatExplorer            box pairs, AABB-segment on 6 axes, 2D rectangles (explorer_sat.hpp)
//   SlabExplorer           segment against a box or rectangle (explorer_slab.hpp)
//   ClosestExplorer        sphere against a box, Arvo (explorer_closest.hpp)
//   SegmentSegmentExplorer two segments, Ericson 5.1.9 (explorer_segment_segment.hpp)
//   SegmentSphereExplorer, SphereSphereExplorer (explorer_spheres.hpp)
// Everything drawn comes from the core's trace records.
#pragma once

#include "ui/explorer_closest.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/explorer_sat.hpp"
#include "ui/explorer_segment_segment.hpp"
#include "ui/explorer_slab.hpp"
#include "ui/explorer_spheres.hpp"

#include <optional>
#include <string>

namespace satlab {

class Explorer : public ExplorerState {
 public:
  // The focused pair (scene indices, as the user chose them); -1 when none.
  int focusA = -1, focusB = -1;

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

  /// Where the SAT explorer draws an axis line (SatExplorer::placeAxis on this trace).
  using AxisPlacement = SatExplorer::AxisPlacement;
  std::optional<AxisPlacement> placeAxis(const SatAxisRow& row, const ViewMapping& view,
                                         const OrbitCamera& camera) const {
    return SatExplorer::placeAxis(trace_, row, view, camera);
  }

 private:
  /// The kind the trace asks for; nullptr when there is none.
  ExplorerView* view();
  const ExplorerView* view() const;
  ExplorerInput input(const Scene& scene) const { return ExplorerInput{scene, trace_, *this}; }

  PairTrace trace_;
  SatExplorer sat_;
  SlabExplorer slab_;
  ClosestExplorer closest_;
  SegmentSphereExplorer segmentSphere_;
  SphereSphereExplorer sphereSphere_;
  SegmentSegmentExplorer segmentSegment_;
};

}  // namespace satlab
