// The closest-point explorer (a sphere against a box or a circle against a rectangle; Arvo,
// Graphics Gems 1990): the centre clamped into the box one axis at a time, the vector to
// the centre, and each axis's contribution to the squared distance against r².
#pragma once

#include "ui/explorer_kind.hpp"

namespace satlab {

class ClosestExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace& trace) const override { return static_cast<int>(trace.closest.rows.size()); }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
  /// Arvo's sum: each axis's contribution stacked against r².
  std::optional<glm::vec2> canvasSize(const ExplorerInput& in, const CanvasStyle& style) const override;
  void drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const override;
};

}  // namespace satlab
