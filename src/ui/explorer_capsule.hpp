// The capsule explorer (capsule.hpp): a capsule against a sphere, a box or a triangle is the
// distance between its core segment and the other shape, against the radii. One step per
// candidate pair of closest features the test tried (the segment meeting the shape, an
// endpoint against the shape, the segment against one of its edges), each drawn as the line
// between its two points; the least one decides. Two capsules, or a capsule and a segment,
// take the segment-segment explorer instead (their test is Ericson 5.1.9's clamping).
#pragma once

#include "ui/explorer_kind.hpp"

namespace satlab {

/// "edge 3: distance 0.52" for candidate `i` of a capsule trace: in the window's language, or
/// (`translated` false) in English, as the status line says it.
std::string capsuleStepText(const CapsuleTrace& t, int i, bool translated = true);

class CapsuleExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace& trace) const override { return static_cast<int>(trace.capsule.rows.size()); }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
};

}  // namespace satlab
