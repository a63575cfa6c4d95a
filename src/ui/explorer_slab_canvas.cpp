// The slab explorer's key picture on the canvas: the segment's t line, [0, 1] shaded, one
// row per slab with the t where the segment's line enters and leaves it, and the running
// interval (inside every slab so far) after the current step.
#include "ui/explorer_slab.hpp"

#include "i18n/i18n.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

constexpr float kTitleRow = 1.3f;
constexpr float kRow = 1.2f;
constexpr float kScaleRow = 1.3f;
constexpr float kWidth = 19.0f;
constexpr float kLabelColumn = 6.0f;        // at most
constexpr float kLo = -0.25f, kHi = 1.25f;  // the t range shown: the segment and a margin

std::string axisLabel(const SlabAxisRow& r) { return std::string(label(r.id)); }
/// "slab X", in the window's language.
std::string slabLabel(const SlabAxisRow& r) {
  char buf[128];
  std::snprintf(buf, sizeof buf, tr("slab %s"), axisLabel(r).c_str());
  return buf;
}

}  // namespace

std::optional<glm::vec2> SlabExplorer::canvasSize(const ExplorerInput& in, const CanvasStyle& st) const {
  const int slabs = static_cast<int>(in.trace.slab.rows.size());
  if (slabs == 0) return std::nullopt;
  const float rows = kTitleRow + static_cast<float>(slabs + 1) * kRow + kScaleRow;
  return glm::vec2(kWidth * st.text, rows * st.text + 2.0f * st.pad);
}

void SlabExplorer::drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const {
  const SlabTrace& t = in.trace.slab;
  if (t.rows.empty()) return;
  const int step = std::clamp(in.state.step, 0, static_cast<int>(t.rows.size()) - 1);
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  // The labels' column: as wide as the widest, then room for an arrowhead.
  float labelW = p.measure(tr("in all")).x;
  for (const SlabAxisRow& r : t.rows) labelW = std::max(labelW, p.measure(slabLabel(r)).x);
  const NumberScale scale{kLo, kHi, std::min(o.x + labelW + 0.9f * u, o.x + kLabelColumn * u), right - 0.8f * u};
  const int n = static_cast<int>(t.rows.size());
  const float top = o.y + kTitleRow * u;
  const float bottom = top + static_cast<float>(n + 1) * kRow * u;

  // Title: the segment's parameter, and the verdict once every slab is applied.
  p.text(o, st.ink, tr("segment: t from 0 to 1"));
  if (step + 1 >= n) {
    const std::string v = t.overlap ? tr("inside") : tr("misses");
    p.text(glm::vec2(right - p.measure(v).x, o.y), t.overlap ? st.overlap : st.gap, v);
  }
  // The segment itself, t in [0, 1], shaded behind every row.
  p.rectFilled(glm::vec2(scale.x(0.0f), top), glm::vec2(scale.x(1.0f), bottom), (st.dim & 0x00ffffffu) | 0x30000000u);
  for (float v : {0.0f, 1.0f}) p.line(glm::vec2(scale.x(v), top), glm::vec2(scale.x(v), bottom), st.dim, 1.0f);

  char buf[64];
  for (int i = 0; i < n; ++i) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(i)];
    const float y = top + (static_cast<float>(i) + 0.5f) * kRow * u;
    const bool reached = i <= step;
    const ImU32 c = reached ? st.axis[std::clamp(r.index, 0, 2)] : st.dim;
    p.text(glm::vec2(o.x, y - 0.5f * u), c, slabLabel(r));
    if (!reached) continue;
    if (r.parallel) {
      // Parallel to the slab: every t or none, as p0 lies inside the slab or not.
      if (r.originInside) {
        p.barOn(scale, -1e30f, 1e30f, y, st.bar, c);
        p.textCentred(0.5f * (scale.x0 + scale.x1), y - 0.5f * u, st.backing, tr("parallel: all t"));
      } else {
        p.textCentred(0.5f * (scale.x0 + scale.x1), y - 0.5f * u, c, tr("parallel: no t"));
      }
      continue;
    }
    const float a = std::min(r.t1, r.t2), b = std::max(r.t1, r.t2);
    p.barOn(scale, a, b, y, st.bar, c);
    // The entry and exit values beside the bar, where there is room.
    std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(a));
    const float wa = p.measure(buf, 0.8f).x;
    if (scale.x(a) - wa - 0.2f * u > scale.x0)
      p.text(glm::vec2(scale.x(a) - wa - 0.2f * u, y - 0.4f * u), c, buf, 0.8f);
    std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(b));
    const float wb = p.measure(buf, 0.8f).x;
    if (scale.x(b) + 0.2f * u + wb < right) p.text(glm::vec2(scale.x(b) + 0.2f * u, y - 0.4f * u), c, buf, 0.8f);
  }
  // The running interval after the current step: inside every slab so far, or empty.
  const SlabAxisRow& cur = t.rows[static_cast<size_t>(step)];
  const float y = top + (static_cast<float>(n) + 0.5f) * kRow * u;
  p.text(glm::vec2(o.x, y - 0.5f * u), st.ink, tr("in all"));
  const bool rejected = t.rejectingAxis >= 0 && t.rejectingAxis <= step;
  if (!rejected && !cur.rejects && cur.tmin <= cur.tmax) {
    p.bar(scale.x(cur.tmin), scale.x(cur.tmax), y, st.bar, st.marker);
    std::snprintf(buf, sizeof buf, "[%.3g, %.3g]", static_cast<double>(cur.tmin), static_cast<double>(cur.tmax));
    const float w = p.measure(buf, 0.8f).x;
    const float x =
        scale.x(cur.tmax) + 0.3f * u + w < right ? scale.x(cur.tmax) + 0.3f * u : scale.x(cur.tmin) - 0.3f * u - w;
    p.text(glm::vec2(std::max(x, scale.x0), y - 0.4f * u), st.ink, buf, 0.8f);
  } else {
    char empty[192];
    std::snprintf(empty, sizeof empty, tr("empty: slab %s rejects"),
                  axisLabel(rejected ? t.rows[static_cast<size_t>(t.rejectingAxis)] : cur).c_str());
    p.textCentred(0.5f * (scale.x0 + scale.x1), y - 0.5f * u, st.gap, empty);
  }
  p.numberLine(scale, bottom + 0.1f * u, 6);
}

}  // namespace satlab
