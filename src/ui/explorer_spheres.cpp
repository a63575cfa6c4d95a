#include "ui/explorer_spheres.hpp"

#include "i18n/i18n.hpp"

#include "ui/explorer_overlay.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

void SegmentSphereExplorer::drawPanel(const ExplorerInput& in, ExplorerState&, PanelRequests&) {
  const SegmentSphereTrace& q = in.trace.quadratic;
  if (in.state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The quadratic's roots and the verdict: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  if (q.point) {
    textWrapped(tr("The segment has zero length: it is the point p0, inside the sphere iff c <= 0 (c = %.4g)."), q.c);
    return;
  }
  textWrapped("|p0 + t d - c|² = r²  ->  a t² + 2 b t + c = 0");
  textWrapped(tr("a = %.4g   b = %.4g   c = %.4g   discriminant/a = %.4g"), q.a, q.b, q.c, q.discriminant);
  if (!q.hasRoots) {
    textWrappedColored(separatesColor(), "%s", tr("No real roots: the line misses the sphere."));
    return;
  }
  textWrapped(tr("roots t0 = %.4g, t1 = %.4g"), q.t0, q.t1);
  const Palette& pal = currentPalette();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float width = std::max(60.0f, ImGui::GetContentRegionAvail().x - 20.0f);
  constexpr float kLo = -0.25f, kHi = 1.25f;
  auto xOf = [&](float tv) { return o.x + (std::clamp(tv, kLo, kHi) - kLo) / (kHi - kLo) * width; };
  dl->AddRectFilled(ImVec2(xOf(0), o.y + 4), ImVec2(xOf(1), o.y + 16), imU32(pal.panelRange));
  dl->AddRectFilled(ImVec2(xOf(q.t0), o.y + 22), ImVec2(std::max(xOf(q.t1), xOf(q.t0) + 2), o.y + 34),
                    imU32(pal.panelRoots));
  dl->AddText(ImVec2(xOf(0) - 3, o.y + 36), imU32(pal.panelText), "0");
  dl->AddText(ImVec2(xOf(1) - 3, o.y + 36), imU32(pal.panelText), "1");
  ImGui::Dummy(ImVec2(width, 54));
  if (in.trace.hit.overlap) {
    textWrappedColored(penetratesColor(), tr("Inside the sphere for t in [%.4g, %.4g] (the roots clamped to [0, 1])"),
                       in.trace.hit.tEnter, in.trace.hit.tExit);
  } else {
    textWrappedColored(separatesColor(), "%s",
                       tr("Both roots lie outside [0, 1]: the segment stops short of the sphere."));
  }
}

void SegmentSphereExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  const Segment& s = in.trace.segment;
  const glm::vec3 d = s.p1 - s.p0;
  const SegmentHit& hit = in.trace.hit;
  if (!hit.overlap || in.state.predict.hidesAnswer()) return;
  const glm::vec4 overlap = currentPalette().overlap;
  out.lines.add(s.p0 + d * hit.tEnter, s.p0 + d * hit.tExit, overlap, 7.0f);
  worldLabel(out.labels, out.view, out.fbPerWindow, s.p0 + d * hit.tEnter, fmt("t=%.3g", hit.tEnter), overlap);
  worldLabel(out.labels, out.view, out.fbPerWindow, s.p0 + d * hit.tExit, fmt("t=%.3g", hit.tExit), overlap);
}

void SphereSphereExplorer::drawPanel(const ExplorerInput& in, ExplorerState&, PanelRequests&) {
  if (in.state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The distance and the verdict: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  const SphereSphereResult& r = in.trace.sphereSphere;
  textWrapped(tr("distance between centres %.4g, sum of radii %.4g"), r.distance, r.distance + r.depth);
  textWrapped(r.overlap ? tr("overlap depth %.4g") : tr("gap %.4g"), static_cast<double>(std::abs(r.depth)));
}

}  // namespace satlab
