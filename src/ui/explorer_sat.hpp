// The SAT explorer (box pairs, AABB-segment on 6 axes, 2D rectangles): an axis table and,
// for the current step, the axis through the scene with both projected intervals, their
// ends tied to the shapes' extreme corners, and the gap or overlap measured.
#pragma once

#include "ui/explorer_gjk.hpp"
#include "ui/explorer_kind.hpp"

namespace satlab {

/// An axis so short (a cross product of nearly parallel edges) that dividing by |L| blows up
/// whatever was added along it: the explorer says so and draws it to its own scale.
inline constexpr float kNearZeroAxisLength = 1e-3f;
inline bool nearZeroAxis(const SatAxisRow& r) { return r.length > 0.0f && r.length < kNearZeroAxisLength; }

class SatExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace& trace) const override { return static_cast<int>(trace.sat.rows.size()); }
  void reset() override;
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
  /// The current axis as a number line: A's and B's intervals and the gap or overlap.
  std::optional<glm::vec2> canvasSize(const ExplorerInput& in, const CanvasStyle& style) const override;
  void drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const override;

  /// Where the axis line of `row` is drawn: a point whose projection on the axis is 0,
  /// beside the pair, the direction it is shifted in, and the world size of a pixel there.
  struct AxisPlacement {
    glm::vec3 base{0.0f};
    glm::vec3 perp{0.0f};
    float pixel = 0.01f;
  };
  /// How values on the axis are drawn: v at centre + (v - centre) * scale. The scale is 1
  /// unless the intervals reach far beyond the shapes themselves (on a near-zero axis the
  /// test's numbers are divided by |L|): then they are shrunk to about the pair's own extent
  /// on the axis, and the view says by how much.
  struct AxisScale {
    float centre = 0.0f;
    float scale = 1.0f;
    float at(float v) const { return centre + (v - centre) * scale; }
  };
  static AxisScale axisScale(const Scene& scene, const PairTrace& trace, const SatAxisRow& row);

  /// A camera across the axis of `row`: perpendicular to it, level, the axis pointing right,
  /// so that the two intervals and the gap between them lie side by side on screen; nullopt
  /// in 2D or for an axis of no length.
  static std::optional<CameraRequest> sideView(const PairTrace& trace, const SatAxisRow& row);
  /// The test has an epsilon (the box-box tests) and the explorer's is not the default the
  /// live verdicts (the shapes' labels, the Pairs panel) use: the screen must say so.
  static bool epsilonDiffers(const PairTrace& trace, const ExplorerOptions& options);

  static std::optional<AxisPlacement> placeAxis(const Scene& scene, const PairTrace& trace, const SatAxisRow& row,
                                                const ViewMapping& view, const OrbitCamera& camera);
  /// The axis of `row` as the view draws it runs from right to left on screen (its values
  /// grow leftwards): the canvas's number line is then drawn the same way round, so that A
  /// is on the same side in both. False when the view is not known or the axis is seen
  /// end-on (less than a few pixels across).
  static bool axisRunsLeft(const ExplorerInput& in, const SatAxisRow& row);

 private:
  void drawTable(const ExplorerInput& in, ExplorerState& state);
  void drawNearZeroNote(const ExplorerInput& in) const;
  void drawAxis(const ExplorerInput& in, const OverlayTarget& out, const SatAxisRow& row, bool current) const;
  /// SAT's answer beside GJK's and EPA's on the same pair.
  void drawBesideGjk(const ExplorerInput& in) const;
  /// The canvas picture when ExplorerOptions::minkowski: A - B, the current axis's face lit.
  void drawMinkowski(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const;

  MinkowskiCache minkowski_;

  int hoveredRow_ = -1;  // the table row under the cursor: its axis is previewed
  int scrolledTo_ = -1;  // the step the axis table last scrolled to
  // What the panel drew under the table last frame (its notes, the words, the buttons), so
  // that the table leaves room for it and the panel needs no scroll bar of its own (which
  // took the width the columns were measured in).
  float tailStart_ = 0.0f, tailHeight_ = 0.0f;
  glm::vec2 separateButton_{0.0f};  // the Separate button's middle (window pixels) ...
  int separateFrame_ = -10;         // ... in this ImGui frame
  /// What the canvas picture drew last (for the status line): the middles of A's and B's
  /// bars (window x) and its measure's words, in this ImGui frame.
  mutable float canvasA_ = 0.0f, canvasB_ = 0.0f;
  mutable std::string canvasWords_;
  mutable int canvasFrame_ = -10;
};

}  // namespace satlab
