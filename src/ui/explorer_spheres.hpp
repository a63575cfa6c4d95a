// The two explorers without steps: segment against sphere (the quadratic |p0 + t d - c|² = r²
// and its roots on the segment's t line) and sphere against sphere (centre distance against
// the sum of the radii).
#pragma once

#include "ui/explorer_kind.hpp"

namespace satlab {

class SegmentSphereExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace&) const override { return 0; }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput&) const override { return {}; }
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput&, const ViewMapping&, const OrbitCamera&) const override { return {}; }
};

class SphereSphereExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace&) const override { return 0; }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput&) const override { return {}; }
  void drawOverlay(const ExplorerInput&, const OverlayTarget&) const override {}
  std::string statusDetail(const ExplorerInput&, const ViewMapping&, const OrbitCamera&) const override { return {}; }
};

}  // namespace satlab
