// The closest-point explorer's key picture on the canvas: Arvo's sum as a bar, each axis's
// squared distance stacked in its colour up to the current step, against a marker at r².
#include "ui/explorer_closest.hpp"

#include "i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace satlab {

namespace {

constexpr float kTitleRow = 1.3f;
constexpr float kMarkerRow = 1.1f;  // "r² = 1" above the bar
constexpr float kBarRow = 1.5f;
constexpr float kScaleRow = 1.3f;
constexpr float kVerdictRow = 1.3f;
constexpr float kWidth = 19.0f;

}  // namespace

std::optional<glm::vec2> ClosestExplorer::canvasSize(const ExplorerInput& in, const CanvasStyle& st) const {
  if (in.trace.closest.rows.empty()) return std::nullopt;
  const float rows = kTitleRow + kMarkerRow + kBarRow + kScaleRow + kVerdictRow;
  return glm::vec2(kWidth * st.text, rows * st.text + 2.0f * st.pad);
}

void ClosestExplorer::drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const {
  const ClosestTrace& t = in.trace.closest;
  if (t.rows.empty()) return;
  const int n = static_cast<int>(t.rows.size());
  const int step = std::clamp(in.state.step, 0, n - 1);
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  // The whole sum and r² fit, whatever the step, so the bar grows against a fixed scale.
  const float top = std::max({t.sum, t.radiusSquared, 1e-12f}) * 1.12f;
  const NumberScale scale{0.0f, top, o.x + 0.3f * u, right - 0.6f * u};
  const float barTop = o.y + (kTitleRow + kMarkerRow) * u;
  const float barH = kBarRow * u * 0.75f;
  const float yBar = barTop + 0.5f * barH;

  // Words that would not fit the picture's width (a longer language) are drawn smaller.
  const auto fit = [&](const char* text) { return std::min(1.0f, (right - o.x) / std::max(p.measure(text).x, 1.0f)); };
  const char* title = tr("Arvo: squared distance, axis by axis");
  p.text(o, st.ink, title, fit(title));
  char buf[192];
  float acc = 0.0f;
  for (int i = 0; i <= step; ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    const ImU32 c = st.axis[std::clamp(r.index, 0, 2)];
    const float x0 = scale.x(acc), x1 = scale.x(acc + r.contribution);
    if (r.contribution > 0.0f) p.bar(x0, x1, yBar, barH, c);
    // The axis's name and share inside its piece when it fits, else nothing (the panel and
    // the step bar say it).
    std::snprintf(buf, sizeof buf, "%.*s %.3g", static_cast<int>(label(r.id).size()), label(r.id).data(),
                  static_cast<double>(r.contribution));
    const glm::vec2 sz = p.measure(buf, 0.8f);
    // Centred in its piece, or in the part of it on one side of the r² marker, where the
    // marker would cross it.
    const float xr = scale.x(t.radiusSquared), margin = 0.2f * u;
    for (const auto& [a, b] : {std::pair{x0, x1}, std::pair{x0, std::min(x1, xr)}, std::pair{std::max(x0, xr), x1}}) {
      const float left = 0.5f * (a + b) - 0.5f * sz.x;
      const bool crossed = xr > left - margin && xr < left + sz.x + margin;
      if (b - a > sz.x + 2.0f * margin && !crossed) {
        p.text(glm::vec2(left, yBar - 0.5f * sz.y), st.backing, buf, 0.8f);
        break;
      }
    }
    acc += r.contribution;
  }
  // The bar's outline to the full sum's scale, and the marker at r².
  p.rectOutline(glm::vec2(scale.x0, barTop), glm::vec2(scale.x1, barTop + barH), st.dim, 1.0f);
  const float xr = scale.x(t.radiusSquared);
  p.line(glm::vec2(xr, barTop - 0.25f * u), glm::vec2(xr, barTop + barH + 0.2f * u), st.marker, st.line * 1.5f);
  std::snprintf(buf, sizeof buf, "r² = %.3g", static_cast<double>(t.radiusSquared));
  const float wr = p.measure(buf).x;
  p.text(glm::vec2(std::clamp(xr - 0.5f * wr, o.x, right - wr), barTop - kMarkerRow * u), st.marker, buf);
  p.numberLine(scale, barTop + barH + 0.35f * u, 5);

  const float yVerdict = barTop + kBarRow * u + kScaleRow * u;
  if (step + 1 >= n) {
    const bool touch = acc <= t.radiusSquared;
    std::snprintf(buf, sizeof buf, touch ? tr("sum %.3g <= r²: they touch") : tr("sum %.3g > r²: no contact"),
                  static_cast<double>(acc));
    p.text(glm::vec2(o.x, yVerdict), touch ? st.overlap : st.gap, buf, fit(buf));
  } else {
    std::snprintf(buf, sizeof buf, tr("sum so far %.3g (step on: ])"), static_cast<double>(acc));
    p.text(glm::vec2(o.x, yVerdict), st.ink, buf, fit(buf));
  }
}

}  // namespace satlab
