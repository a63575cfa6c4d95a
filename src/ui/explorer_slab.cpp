#include "ui/explorer_slab.hpp"

#include "i18n/i18n.hpp"

#include "ui/explorer_overlay.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

std::string SlabExplorer::stepText(const ExplorerInput& in) const {
  const SlabTrace& t = in.trace.slab;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return {};
  const SlabAxisRow& r = t.rows[static_cast<size_t>(in.state.step)];
  // This slab's own entry and exit, then what is left of the segment after it (the running
  // interval), or that nothing is.
  const std::string name(label(r.id));
  char buf[256];
  if (in.state.predict.hidesAnswer()) {
    std::snprintf(buf, sizeof buf, tr("slab %s"), name.c_str());
  } else if (r.parallel) {
    std::snprintf(buf, sizeof buf,
                  r.originInside ? tr("slab %s: parallel, inside it for every t")
                                 : tr("slab %s: parallel, outside it: no part inside"),
                  name.c_str());
  } else if (r.rejects) {
    std::snprintf(buf, sizeof buf, tr("slab %s: t in [%.3g, %.3g]; nothing left"), name.c_str(), r.t1, r.t2);
  } else {
    std::snprintf(buf, sizeof buf, tr("slab %s: t in [%.3g, %.3g]; left [%.3g, %.3g]"), name.c_str(), r.t1, r.t2,
                  r.tmin, r.tmax);
  }
  return buf;
}

std::string SlabExplorer::statusDetail(const ExplorerInput&, const ViewMapping&, const OrbitCamera&) const {
  return {};
}

void SlabExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests&) {
  const PairTrace& trace = in.trace;
  const SlabTrace& t = trace.slab;
  const int step = state.step;
  if (trace.satTwin != TestId::None) {
    if (ImGui::SmallButton(L("Show as 6-axis SAT"))) state.options.preferSlab = false;
  }
  drawStepper(state, stepCount(trace));
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The t line and the verdict: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  // The t line, as on the canvas; then each slab's numbers, in words that wrap.
  drawPictureInPanel(*this, in);
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(i)];
    const ImVec4 c = imVec4(currentPalette().panelAxis[std::clamp(r.index, 0, 2)]);
    const std::string name(label(r.id));
    if (r.parallel) {
      textWrappedColored(c,
                         r.originInside ? tr("%s: parallel, p0 is inside this slab: every t")
                                        : tr("%s: parallel, p0 is outside this slab: no t"),
                         name.c_str());
    } else {
      textWrappedColored(c, tr("%s: t in [%.3g, %.3g]"), name.c_str(), static_cast<double>(r.t1),
                         static_cast<double>(r.t2));
    }
    if (r.rejects) {
      textWrappedColored(imVec4(currentPalette().rejects), tr("    running [%.3g, %.3g]: empty, this slab rejects"),
                         static_cast<double>(r.tmin), static_cast<double>(r.tmax));
    } else {
      textWrapped(tr("    running [%.3g, %.3g]"), static_cast<double>(r.tmin), static_cast<double>(r.tmax));
    }
  }
  if (step + 1 >= static_cast<int>(t.rows.size())) {
    if (t.overlap) {
      textWrappedColored(penetratesColor(), tr("Inside the box for t in [%.4g, %.4g]"), t.tmin, t.tmax);
    } else if (t.rejectingAxis >= 0 && t.rejectingAxis < static_cast<int>(t.rows.size())) {
      const SlabAxisRow& r = t.rows[static_cast<size_t>(t.rejectingAxis)];
      textWrappedColored(separatesColor(), tr("Misses: slab %s empties the interval"),
                         std::string(label(r.id)).c_str());
    } else {
      textWrappedColored(separatesColor(), "%s", tr("Misses the box"));
    }
  } else {
    textWrappedColored(dimColor(), "%s", tr("Step on (]) to apply the next slab."));
  }
}

void SlabExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  const PairTrace& trace = in.trace;
  const SlabTrace& t = trace.slab;
  const int step = in.state.step;
  LineBatch& lines = out.lines;
  const Segment& s = trace.segment;
  const glm::vec3 d = s.p1 - s.p0;
  const RecordFrame& f = trace.frame;
  const glm::vec3 segMid = (s.p0 + s.p1) * 0.5f;
  const float size = std::max(glm::length(d) * 0.6f, 1.0f);
  const Palette& pal = currentPalette();
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(i)];
    const int k = std::clamp(r.index, 0, 2);
    const glm::vec3 n = f.axes[k];
    const bool current = i == step;
    // The earlier slabs recede towards the background, still visible.
    const glm::vec4 c = current ? pal.axis[k] : recede(pal.axis[k], pal.background, 1.6f);
    // The slab's two planes (lines in 2D), drawn around the point of each plane nearest the
    // segment's midpoint.
    const glm::vec3 u =
        glm::normalize(trace.twoD ? glm::vec3(-n.y, n.x, 0.0f)
                                  : glm::cross(n, std::abs(n.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0)));
    const glm::vec3 v = glm::cross(n, u);
    for (float coord : {r.lo, r.hi}) {
      const glm::vec3 onPlane = segMid + n * (coord - glm::dot(segMid - f.origin, n));
      if (trace.twoD) {
        lines.add(onPlane - u * size * 1.5f, onPlane + u * size * 1.5f, c, current ? 2.5f : 1.5f);
      } else {
        const glm::vec3 q[4] = {onPlane + (u + v) * size, onPlane + (u - v) * size, onPlane + (-u - v) * size,
                                onPlane + (-u + v) * size};
        for (int e = 0; e < 4; ++e) lines.add(q[e], q[(e + 1) % 4], c, current ? 2.0f : 1.0f);
        if (current) {
          for (int h = 1; h < 6; ++h) {
            const float a = -1.0f + 2.0f * static_cast<float>(h) / 6.0f;
            lines.add(onPlane + (u * a - v) * size, onPlane + (u * a + v) * size, glm::vec4(glm::vec3(c), 0.25f), 1.0f);
          }
        }
      }
    }
    if (current && !in.state.predict.hidesAnswer()) {
      worldLabel(out.labels, out.view, out.fbPerWindow, segMid + n * (r.hi - glm::dot(segMid - f.origin, n)) + u * size,
                 fmtName(tr("slab %s"), std::string(label(r.id))), c);
    }
    // Where the segment's line crosses this slab's planes.
    if (!r.parallel && current && !in.state.predict.hidesAnswer()) {
      for (float tv : {r.t1, r.t2}) {
        if (tv < -1.0f || tv > 2.0f) continue;
        const glm::vec3 p = s.p0 + d * tv;
        lines.add(p, p, c, 10.0f);
        worldLabel(out.labels, out.view, out.fbPerWindow, p, fmt(tv == r.t1 ? "t1=%.3g" : "t2=%.3g", tv), c);
      }
    }
  }
  // The part of the segment inside every slab so far.
  if (!in.state.predict.hidesAnswer() && step >= 0 && step < static_cast<int>(t.rows.size())) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(step)];
    if (!r.rejects && r.tmin <= r.tmax) {
      const bool final = step + 1 == static_cast<int>(t.rows.size());
      lines.add(s.p0 + d * r.tmin, s.p0 + d * r.tmax, final ? pal.overlap : pal.insideSegment, 8.0f);
    }
  }
}

}  // namespace satlab
