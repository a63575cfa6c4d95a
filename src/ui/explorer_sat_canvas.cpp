// The SAT explorer's key picture on the canvas: the current axis as a number line, to
// scale and the way round the view shows it, with A's interval, B's interval and the gap
// (solid) between them, or their common part (dashed) and the push that separates them,
// each labelled; the picture a teacher draws on the board for one axis.
#include "ui/explorer_overlay.hpp"
#include "ui/explorer_sat.hpp"
#include "ui/minkowski_canvas.hpp"

#include "evaluation/interval_measure.hpp"
#include "i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

// Rows of the picture, in text heights.
constexpr float kTitleRow = 1.3f;
constexpr float kBarRow = 1.25f;
constexpr float kScaleRow = 1.3f;
constexpr float kWidth = 19.0f;
constexpr float kLabelColumn = 1.6f;
constexpr float kNoteRow = 1.1f;  // only in traces with a near-zero axis

bool anyNearZero(const SatTrace& t) {
  return std::any_of(t.rows.begin(), t.rows.end(), [](const SatAxisRow& r) { return nearZeroAxis(r); });
}

}  // namespace

std::optional<glm::vec2> SatExplorer::canvasSize(const ExplorerInput& in, const CanvasStyle& st) const {
  if (in.trace.sat.rows.empty()) return std::nullopt;
  if (in.state.options.minkowski) return minkowskiCanvasSize(st);
  const float rows = kTitleRow + 3.0f * kBarRow + kScaleRow + (anyNearZero(in.trace.sat) ? kNoteRow : 0.0f);
  return glm::vec2(kWidth * st.text, rows * st.text + 2.0f * st.pad);
}

void SatExplorer::drawMinkowski(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const {
  const SatTrace& t = in.trace.sat;
  const int step = std::clamp(in.state.step, 0, static_cast<int>(t.rows.size()) - 1);
  const SatAxisRow& r = t.rows[static_cast<size_t>(step)];
  const MinkowskiPicture& pic = minkowski_.of(in.scene, in.trace.shapeA, in.trace.shapeB);
  MinkowskiMarks marks;
  marks.litFace = faceAlong(pic, r.axis);
  glm::vec3 right, up;
  canvasBasis(in, right, up);
  char buf[128];
  std::snprintf(buf, sizeof buf,
                marks.litFace < 0 ? tr("A - B, axis %s (no face: near-zero axis)") : tr("A - B, axis %s"),
                std::string(label(r.id)).c_str());
  const std::string title = buf;
  drawMinkowskiCanvas(p, rect, pic, right, up, marks, title);
}

void SatExplorer::drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const {
  const SatTrace& t = in.trace.sat;
  if (t.rows.empty()) return;
  if (in.state.options.minkowski) {
    drawMinkowski(in, p, rect);
    return;
  }
  const int step = std::clamp(in.state.step, 0, static_cast<int>(t.rows.size()) - 1);
  const SatAxisRow& r = t.rows[static_cast<size_t>(step)];
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;

  // Title: the axis, its kind and what it says.
  const std::string title = std::string(label(r.id)) + "  " + trCore(axisKindName(r.id));
  const std::string verdict = r.separating ? tr("separates") : tr("overlaps");
  const float verdictW = p.measure(verdict).x;
  // The title smaller where a longer language would run into the verdict.
  const float titleRoom = right - o.x - verdictW - 0.5f * u;
  p.text(o, st.ink, title, std::clamp(titleRoom / std::max(p.measure(title).x, 1.0f), 0.5f, 1.0f));
  p.text(glm::vec2(right - verdictW, o.y), r.separating ? st.gap : st.overlap, verdict);

  // The number line: both intervals with a margin, to scale, running the way the view
  // shows the axis (right to left when the axis points left there), so that A sits on the
  // same side of B in the picture and on the shapes.
  const float lo = std::min(r.minA, r.minB), hi = std::max(r.maxA, r.maxB);
  float span = hi - lo;
  if (!(span > 0.0f) || !std::isfinite(span)) span = 1.0f;
  const float xLeft = o.x + kLabelColumn * u, xRight = right - 0.4f * u;
  const bool leftward = axisRunsLeft(in, r);
  NumberScale scale{lo - span * 0.08f, hi + span * 0.08f, leftward ? xRight : xLeft, leftward ? xLeft : xRight};
  const float yA = o.y + (kTitleRow + 0.5f * kBarRow) * u;  // bar centres
  const float yB = yA + kBarRow * u;
  const float markTop = yB + 0.5f * kBarRow * u;  // the gap's line and the measure's words
  const float yScale = markTop + kBarRow * u + 0.1f * u;

  const SceneShape& A = in.scene.shapes[static_cast<size_t>(in.trace.shapeA)];
  const SceneShape& B = in.scene.shapes[static_cast<size_t>(in.trace.shapeB)];
  const ImU32 colA = st.legible(glm::vec3(A.color)), colB = st.legible(glm::vec3(B.color));
  p.text(glm::vec2(o.x, yA - 0.5f * u), st.legibleText(glm::vec3(A.color)), "A");
  p.text(glm::vec2(o.x, yB - 0.5f * u), st.legibleText(glm::vec3(B.color)), "B");

  // The gap (a solid line between the facing ends), or the common part (a dashed box round
  // it) and the push apart: how far B moves to clear A, rA + rB - |s|, an arrow from B's near
  // end to A's far end. With one interval inside the other the push is longer than the
  // common part, and the words say both. First, so that the intervals are drawn over them.
  const IntervalMeasure m = measureIntervals(r);
  const float yLine = markTop + 0.1f * u;
  char buf[192], english[96];  // the words drawn, and in English for the status line
  float x0 = 0.0f, x1 = 0.0f;
  if (m.apart) {
    x0 = scale.x(m.gapFrom), x1 = scale.x(m.gapTo);
    for (float x : {x0, x1}) p.line(glm::vec2(x, yA - st.bar), glm::vec2(x, yLine), st.gap, st.line * 0.6f);
    p.bar(x0, x1, yLine, st.line * 1.5f, st.gap);
    std::snprintf(english, sizeof english, "gap %.3g", static_cast<double>(m.gap));
    std::snprintf(buf, sizeof buf, tr("gap %.3g"), static_cast<double>(m.gap));
  } else {
    p.dashedBox(scale.x(m.commonFrom), scale.x(m.commonTo), yA - st.bar, yB + st.bar, st.overlap);
    x0 = scale.x(m.pushFrom), x1 = scale.x(m.pushTo);
    p.line(glm::vec2(x0, yB), glm::vec2(x0, yLine), st.overlap, st.line * 0.6f);
    p.line(glm::vec2(x0, yLine), glm::vec2(x1, yLine), st.overlap, st.line * 1.5f);
    const float head = std::min(0.35f * u, std::abs(x1 - x0));
    const float dir = x1 >= x0 ? 1.0f : -1.0f;
    p.triangle(glm::vec2(x1, yLine), glm::vec2(x1 - dir * head, yLine - 0.5f * head),
               glm::vec2(x1 - dir * head, yLine + 0.5f * head), st.overlap);
    if (m.contained) {
      std::snprintf(english, sizeof english, "push apart %.3g, common part %.3g", static_cast<double>(m.pushApart),
                    static_cast<double>(m.common));
      std::snprintf(buf, sizeof buf, tr("push apart %.3g, common part %.3g"), static_cast<double>(m.pushApart),
                    static_cast<double>(m.common));
    } else {
      std::snprintf(english, sizeof english, "push apart %.3g", static_cast<double>(m.pushApart));
      std::snprintf(buf, sizeof buf, tr("push apart %.3g"), static_cast<double>(m.pushApart));
    }
  }
  // The measure's words under its middle, kept inside the picture (smaller where they
  // would not fit its width).
  const float fit = std::min(1.0f, (right - o.x) / std::max(p.measure(buf).x, 1.0f));
  const float w = p.measure(buf, fit).x;
  const float tx = std::clamp(0.5f * (x0 + x1) - 0.5f * w, o.x, right - w);
  p.text(glm::vec2(tx, markTop + 0.2f * u), m.apart ? st.gap : st.overlap, buf, fit);
  canvasWords_ = english;
  canvasA_ = 0.5f * (scale.x(r.minA) + scale.x(r.maxA));
  canvasB_ = 0.5f * (scale.x(r.minB) + scale.x(r.maxB));
  canvasFrame_ = ImGui::GetFrameCount();

  p.bar(scale.x(r.minA), scale.x(r.maxA), yA, st.bar, colA);
  p.bar(scale.x(r.minB), scale.x(r.maxB), yB, st.bar, colB);
  p.numberLine(scale, yScale, 5);
  if (nearZeroAxis(r)) {
    // The numbers are the test's, divided by a tiny |L|: say so under the scale.
    std::snprintf(buf, sizeof buf, tr("|L| = %.3g: every number here is divided by it"), static_cast<double>(r.length));
    const float s = std::min(0.8f, (right - o.x) / std::max(p.measure(buf).x, 1.0f));
    p.text(glm::vec2(o.x, yScale + kScaleRow * u), st.overlap, buf, s);
  }
}

}  // namespace satlab
