// The slab explorer (a segment against a box or a rectangle; the Recast & Detour slab post,
// Williams et al. 2005): each slab's planes (bands in 2D), the entry and exit points, and the
// running t-interval on a number line.
#pragma once

#include "ui/explorer_kind.hpp"

namespace satlab {

class SlabExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace& trace) const override { return static_cast<int>(trace.slab.rows.size()); }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
  /// The t line [0, 1]: each slab's entry and exit, and the running interval.
  std::optional<glm::vec2> canvasSize(const ExplorerInput& in, const CanvasStyle& style) const override;
  void drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const override;
};

}  // namespace satlab
