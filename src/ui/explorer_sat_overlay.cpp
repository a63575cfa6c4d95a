// The SAT explorer's picture in the view: the current axis beside the pair, both projected
// intervals on it, the dashed lines from the shapes' extreme points, the gap or the push
// apart, and the penetration arrow of an overlapping pair.
#include "ui/explorer_overlay.hpp"
#include "ui/explorer_sat.hpp"

#include "evaluation/interval_measure.hpp"
#include "i18n/i18n.hpp"
#include "render/contrast.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

std::optional<SatExplorer::AxisPlacement> SatExplorer::placeAxis(const Scene& scene, const PairTrace& trace,
                                                                 const SatAxisRow& r, const ViewMapping& view,
                                                                 const OrbitCamera& camera) {
  const SatTrace& t = trace.sat;
  const glm::vec3 axis = r.axis;
  if (glm::length(axis) < 0.5f) return std::nullopt;
  const glm::vec3 mid = (t.centerA + t.centerB) * 0.5f;
  const glm::vec3 camUp =
      glm::normalize(glm::cross(glm::cross(camera.forward(), glm::vec3(0, 0, 1)) + glm::vec3(1e-6f), camera.forward()));
  // The axis line runs beside the pair (below it on screen), so the intervals on it do not
  // hide the shapes: a point with projection 0 on the axis, shifted off the shapes sideways.
  glm::vec3 perp = trace.twoD ? glm::vec3(-axis.y, axis.x, 0.0f) : -camUp - axis * glm::dot(-camUp, axis);
  if (glm::length(perp) < 1e-3f) {
    perp = glm::cross(axis, std::abs(axis.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0));
  }
  perp = glm::normalize(perp);
  if (trace.twoD && glm::dot(perp, glm::vec3(0, -1, 0)) < 0.0f) perp = -perp;
  // Far enough out to clear both intervals as drawn (shrunk on a near-zero axis).
  const float reach =
      std::max(r.radiusA, r.radiusB) * axisScale(scene, trace, r).scale + 0.5f * glm::length(t.centerB - t.centerA);
  AxisPlacement p;
  p.base = mid - axis * glm::dot(mid, axis) + perp * (reach * 0.75f + 0.25f);
  p.perp = perp;
  p.pixel = worldPerPixel(view, p.base, perp, camera.distance);
  return p;
}

bool SatExplorer::axisRunsLeft(const ExplorerInput& in, const SatAxisRow& r) {
  if (in.view == nullptr || in.camera == nullptr) return false;
  const std::optional<AxisPlacement> place = placeAxis(in.scene, in.trace, r, *in.view, *in.camera);
  if (!place) return false;
  const AxisScale scale = axisScale(in.scene, in.trace, r);
  glm::vec2 lo, hi;
  const float a = scale.at(std::min(r.minA, r.minB)), b = scale.at(std::max(r.maxA, r.maxB));
  if (!in.view->toPixel(place->base + r.axis * a, lo) || !in.view->toPixel(place->base + r.axis * b, hi)) return false;
  // Seen nearly end-on, the axis has no left or right: keep the picture as it was.
  return hi.x < lo.x - 4.0f;
}

SatExplorer::AxisScale SatExplorer::axisScale(const Scene& scene, const PairTrace& trace, const SatAxisRow& r) {
  AxisScale s;
  const float lo = std::min(r.minA, r.minB), hi = std::max(r.maxA, r.maxB);
  // The shapes' own extent along the axis, from their corners.
  float gLo = 1e30f, gHi = -1e30f;
  for (int index : {trace.shapeA, trace.shapeB}) {
    if (index < 0 || index >= static_cast<int>(scene.shapes.size())) continue;
    for (const glm::vec3& p : supportPoints(scene.shapes[static_cast<size_t>(index)])) {
      gLo = std::min(gLo, glm::dot(p, r.axis));
      gHi = std::max(gHi, glm::dot(p, r.axis));
    }
  }
  const float span = hi - lo, own = gHi - gLo;
  constexpr float kMaxRatio = 3.0f;  // intervals this much longer than the shapes: rescale
  if (!(own > 0.0f) || !(span > kMaxRatio * own) || !std::isfinite(span)) return s;
  s.centre = 0.5f * (lo + hi);
  s.scale = 1.5f * own / span;
  return s;
}

void SatExplorer::drawAxis(const ExplorerInput& in, const OverlayTarget& out, const SatAxisRow& r, bool current) const {
  const SceneShape& A = in.scene.shapes[static_cast<size_t>(in.trace.shapeA)];
  const SceneShape& B = in.scene.shapes[static_cast<size_t>(in.trace.shapeB)];
  LineBatch& lines = out.lines;
  const Palette& pal = currentPalette();
  const glm::vec3 axis = r.axis;
  const std::optional<AxisPlacement> place = placeAxis(in.scene, in.trace, r, out.view, out.camera);
  if (!place) return;
  const glm::vec3 base = place->base, perp = place->perp;
  const AxisScale scale = axisScale(in.scene, in.trace, r);
  const bool rescaled = scale.scale != 1.0f;
  auto on = [&](float v) { return base + axis * scale.at(v); };  // a value's point on the drawn axis
  const float lo = scale.at(std::min(r.minA, r.minB)), hi = scale.at(std::max(r.maxA, r.maxB));
  const float pad = (hi - lo) * 0.35f + 0.5f;
  if (!current) {
    lines.add(base + axis * (lo - pad), base + axis * (hi + pad), pal.satAxisPreview, 2.0f, 10.0f);
    return;
  }
  lines.add(base + axis * (lo - pad * 3.0f), base + axis * (hi + pad * 3.0f), pal.satAxis, 2.0f);
  std::string name(label(r.id));
  if (rescaled) {
    char buf[128];
    std::snprintf(buf, sizeof buf, tr("%s, drawn at 1/%.3g scale"), name.c_str(),
                  1.0 / static_cast<double>(scale.scale));
    name = buf;
  }
  worldLabel(out.labels, out.view, out.fbPerWindow, base + axis * (hi + pad * 1.2f), name, pal.satAxis);
  if (in.state.predict.hidesAnswer()) return;  // the axis only: its intervals would answer
  const float px = place->pixel;
  const glm::vec3 offA = perp * (px * -5.0f), offB = perp * (px * 5.0f);
  // The shapes' own colours, as their edges are drawn: raised to line contrast on the view.
  const glm::vec4 colA = legibleOn(glm::vec4(glm::vec3(A.color), 1.0f), pal.background, kMinLineContrast);
  const glm::vec4 colB = legibleOn(glm::vec4(glm::vec3(B.color), 1.0f), pal.background, kMinLineContrast);
  // The two projected intervals, with end ticks.
  lines.add(on(r.minA) + offA, on(r.maxA) + offA, colA, 7.0f);
  lines.add(on(r.minB) + offB, on(r.maxB) + offB, colB, 7.0f);
  for (float v : {r.minA, r.maxA}) lines.add(on(v) + perp * (px * -14.0f), on(v), colA, 2.0f);
  for (float v : {r.minB, r.maxB}) lines.add(on(v) + perp * (px * 14.0f), on(v), colB, 2.0f);
  // Dashed lines from each shape's extreme points to their projections (not when the
  // intervals are rescaled: they would end nowhere near the points that made them).
  if (!rescaled) {
    const std::vector<glm::vec3> ptsA = supportPoints(A), ptsB = supportPoints(B);
    for (float v : {r.minA, r.maxA}) {
      lines.add(pointAt(ptsA, axis, v), on(v) + offA, glm::vec4(glm::vec3(colA), 0.7f), 1.5f, 9.0f);
    }
    for (float v : {r.minB, r.maxB}) {
      lines.add(pointAt(ptsB, axis, v), on(v) + offB, glm::vec4(glm::vec3(colB), 0.7f), 1.5f, 9.0f);
    }
  }
  // The gap between the intervals, or the push apart that clears their common part (B's
  // near end to A's far end, rA + rB - |s|: longer than the common part when one interval
  // lies inside the other), measured.
  const glm::vec3 mark = perp * (px * 16.0f);
  const IntervalMeasure m = measureIntervals(r);
  if (m.apart) {
    lines.add(on(m.gapFrom) + mark, on(m.gapTo) + mark, pal.gap, 3.0f);
    worldLabel(out.labels, out.view, out.fbPerWindow, (on(m.gapFrom) + on(m.gapTo)) * 0.5f + mark,
               fmt(tr("gap %.3g"), m.gap), pal.gap);
  } else {
    lines.add(on(m.pushFrom) + mark, on(m.pushTo) + mark, pal.overlap, 3.0f, 8.0f);
    worldLabel(out.labels, out.view, out.fbPerWindow, (on(m.pushFrom) + on(m.pushTo)) * 0.5f + mark,
               fmt(tr("push apart %.3g"), m.pushApart), pal.overlap);
  }
}

void SatExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  const SatTrace& t = in.trace.sat;
  const int step = in.state.step;
  if (hoveredRow_ >= 0 && hoveredRow_ < static_cast<int>(t.rows.size()) && hoveredRow_ != step) {
    drawAxis(in, out, t.rows[static_cast<size_t>(hoveredRow_)], false);
  }
  if (step >= 0 && step < static_cast<int>(t.rows.size())) drawAxis(in, out, t.rows[static_cast<size_t>(step)], true);

  if (in.state.predict.hidesAnswer()) return;
  // Penetration: the minimum translation of B that separates the pair.
  const Palette& pal = currentPalette();
  const SatResult& res = in.trace.satResult;
  if (res.overlap && res.penetration.valid()) {
    const glm::vec3 from = t.centerB, to = t.centerB + res.penetrationAxis * res.depth;
    out.lines.add(from, to, pal.overlap, 3.0f);
    const glm::vec3 side = glm::normalize(glm::cross(res.penetrationAxis, out.camera.forward()) + glm::vec3(1e-6f));
    const float head = std::max(res.depth * 0.25f, 1e-3f);
    out.lines.add(to, to - res.penetrationAxis * head + side * head * 0.5f, pal.overlap, 3.0f);
    out.lines.add(to, to - res.penetrationAxis * head - side * head * 0.5f, pal.overlap, 3.0f);
    char buf[128];
    std::snprintf(buf, sizeof buf, tr("separate: %.3g along %s"), static_cast<double>(res.depth),
                  std::string(label(res.penetration)).c_str());
    worldLabel(out.labels, out.view, out.fbPerWindow, to, buf, pal.overlap);
  }
}

}  // namespace satlab
