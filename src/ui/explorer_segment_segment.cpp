#include "ui/explorer_segment_segment.hpp"

#include "ui/explorer_overlay.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

std::string segSegStepText(const SegSegTrace& t, int i, bool translated) {
  const SegSegStep& st = t.steps[static_cast<size_t>(i)];
  const std::string what = translated ? trCore(st.what) : std::string(st.what);
  char buf[256];
  if (segSegStepSetsOnlyS(t, i)) {
    std::snprintf(buf, sizeof buf, translated ? tr("%s: s = %.4g") : "%s: s = %.4g", what.c_str(), st.s);
  } else {
    std::snprintf(buf, sizeof buf, translated ? tr("%s: s = %.4g, t = %.4g") : "%s: s = %.4g, t = %.4g", what.c_str(),
                  st.s, st.t);
  }
  return buf;
}

std::string SegmentSegmentExplorer::stepText(const ExplorerInput& in) const {
  const SegSegTrace& t = in.trace.segSeg;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.steps.size())) return {};
  if (in.state.predict.hidesAnswer()) return trCore(t.steps[static_cast<size_t>(in.state.step)].what);
  return segSegStepText(t, in.state.step);
}

std::string SegmentSegmentExplorer::statusDetail(const ExplorerInput& in, const ViewMapping&,
                                                 const OrbitCamera&) const {
  const SegSegTrace& t = in.trace.segSeg;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.steps.size())) return {};
  const std::string current = segSegStepText(t, in.state.step, false);
  return current.empty() ? current : ", current " + current;
}

void SegmentSegmentExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests&) {
  const SegSegTrace& t = in.trace.segSeg;
  const SegSegResult& r = in.trace.segSegResult;
  drawStepper(state, stepCount(in.trace));
  const int step = state.step;
  textWrapped("%s", tr("Ericson 5.1.9: take the closest point of the two lines on A (s), then the point of B closest "
                       "to it (t); if t leaves [0, 1], clamp it and find A's point again."));
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The steps and the distance: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  textWrapped("a = d1.d1 = %.4g   e = d2.d2 = %.4g   b = d1.d2 = %.4g", t.a, t.e, t.b);
  textWrapped("c = d1.r = %.4g   f = d2.r = %.4g   |d1 x d2|^2 = %.4g", t.c, t.f, t.crossSquared);
  if (t.pointA || t.pointB) {
    textWrapped("%s", t.pointA && t.pointB ? tr("both segments are points")
                                           : (t.pointA ? tr("A has zero length: it is a point")
                                                       : tr("B has zero length: it is a point")));
  } else if (t.parallel) {
    textWrapped("%s", tr("the segments are parallel: any s on the lines is closest, so s starts at 0"));
  }
  for (int i = 0; i < static_cast<int>(t.steps.size()); ++i) {
    if (i > step) ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    ImGui::BulletText("%s", segSegStepText(t, i).c_str());
    if (i > step) ImGui::PopStyleColor();
  }
  if (step + 1 >= static_cast<int>(t.steps.size()) && in.trace.capsulePair) {
    // A capsule pair (capsule.hpp): the segments' distance against the radii.
    textWrapped(tr("closest points of the cores at s = %.4g on A, t = %.4g on B; distance %.4g against the radii "
                   "%.4g + %.4g: %s"),
                r.s, r.t, r.distance, in.trace.radiusA, in.trace.radiusB,
                r.overlap ? tr("they touch") : tr("no contact"));
  } else if (step + 1 >= static_cast<int>(t.steps.size())) {
    textWrapped(tr("closest points at s = %.4g on A, t = %.4g on B; distance %.4g: %s"), r.s, r.t, r.distance,
                r.overlap ? tr("they touch") : tr("no contact"));
  } else {
    textWrapped("%s", tr("step on to the closest points"));
  }
}

void SegmentSegmentExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  // The step's candidate points; at the last step they are the closest points.
  const std::vector<SegSegStep>& steps = in.trace.segSeg.steps;
  if (steps.empty() || in.state.predict.hidesAnswer()) return;
  const glm::vec4 gap = currentPalette().gap;
  const int at = std::clamp(in.state.step, 0, static_cast<int>(steps.size()) - 1);
  const SegSegStep& st = steps[static_cast<size_t>(at)];
  const Segment& a = in.trace.segment;
  const Segment& b = in.trace.segmentB;
  const glm::vec3 pa = a.p0 + st.s * (a.p1 - a.p0);
  out.lines.add(pa, pa, gap, 9.0f);
  worldLabel(out.labels, out.view, out.fbPerWindow, pa, fmt("s=%.3g", st.s), gap);
  if (segSegStepSetsOnlyS(in.trace.segSeg, at)) return;
  const glm::vec3 pb = b.p0 + st.t * (b.p1 - b.p0);
  out.lines.add(pa, pb, gap, 2.0f, 8.0f);
  out.lines.add(pb, pb, gap, 9.0f);
  worldLabel(out.labels, out.view, out.fbPerWindow, pb, fmt("t=%.3g", st.t), gap);
  if (in.state.step + 1 >= static_cast<int>(steps.size())) {
    char text[192];
    if (in.trace.capsulePair) {
      std::snprintf(text, sizeof text, tr("distance %.3g, radii %.3g + %.3g"), in.trace.segSegResult.distance,
                    in.trace.radiusA, in.trace.radiusB);
    } else {
      std::snprintf(text, sizeof text, tr("distance %.3g"), in.trace.segSegResult.distance);
    }
    worldLabel(out.labels, out.view, out.fbPerWindow, (pa + pb) * 0.5f, text, gap);
  }
}

}  // namespace satlab
