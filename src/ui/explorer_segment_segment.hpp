// The segment-segment explorer (Ericson, Real-Time Collision Detection 5.1.9): the closest
// point of the two lines on A, the point of B closest to it, and each clamp into [0, 1],
// one step at a time, with the step's points drawn on the two segments.
#pragma once

#include "ui/explorer_kind.hpp"

namespace satlab {

/// Whether step `i` of a segment-segment trace sets only s (the lines' closest point on A,
/// before t is computed from it).
inline bool segSegStepSetsOnlyS(const SegSegTrace& t, int i) { return i == 0 && !t.pointA && !t.pointB; }

/// "t = (b s + f) / e: s = 0.5, t = 0.25". The first step of two proper segments sets only s.
/// In the window's language, or (`translated` false) in English, as the status line says it.
std::string segSegStepText(const SegSegTrace& t, int i, bool translated = true);

class SegmentSegmentExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace& trace) const override { return static_cast<int>(trace.segSeg.steps.size()); }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
};

}  // namespace satlab
