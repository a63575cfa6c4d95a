// The bounding-volume lab's picture on the canvas: the volumes shown, each with its swatch (as
// the view draws its wire), its volume and its ratio to the convex hull, then every one over a
// whole turn of the mesh (the lab's spin plot), with the mesh's angle now marked.
#include "i18n/i18n.hpp"
#include "ui/bv_lab_overlay.hpp"
#include "ui/scene_pictures.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace satlab {

namespace {

constexpr double kPi = 3.14159265358979323846;
// Rows of the picture, in text heights.
constexpr float kTitleRow = 1.35f;
constexpr float kRow = 1.2f;
constexpr float kPlotRows = 4.2f;
constexpr float kTickRow = 1.0f;
constexpr float kWidth = 21.0f;

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

std::vector<LabRow> shownRows(const BvLab& lab) {
  std::vector<LabRow> rows;
  for (LabRow row : kAllLabRows) {
    if (lab.shown[static_cast<size_t>(row)]) rows.push_back(row);
  }
  return rows;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

/// A short line in the row's colour, dashed as the view dashes its wire.
void swatch(const CanvasPainter& p, LabRow row, float x, float y, float w) {
  const ImU32 col = u32(labRowColor(currentPalette(), row));
  const float thick = std::max(2.0f, p.style().line * 1.4f);
  if (!labRowDashed(row)) {
    p.line(glm::vec2(x, y), glm::vec2(x + w, y), col, thick);
    return;
  }
  const float dash = w / 5.0f;
  for (int i = 0; i < 5; i += 2) {
    p.line(glm::vec2(x + dash * static_cast<float>(i), y), glm::vec2(x + dash * static_cast<float>(i + 1), y), col,
           thick);
  }
}

}  // namespace

glm::vec2 volumesPictureSize(const ScenePictureInput& in, const CanvasStyle& st) {
  const float rows = static_cast<float>(std::max<size_t>(shownRows(in.lab).size(), 1));
  return glm::vec2(kWidth * st.text,
                   (kTitleRow + kRow * (rows + 1.0f) + kPlotRows + kTickRow) * st.text + 2.0f * st.pad);
}

PictureWords drawVolumesPicture(const ScenePictureInput& in, const CanvasPainter& p, const ScreenRect& rect) {
  PictureWords words;
  const BvLab& lab = in.lab;
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  const std::string name = lab.shape() >= 0 && lab.shape() < static_cast<int>(in.scene.shapes.size())
                               ? in.scene.shapes[static_cast<size_t>(lab.shape())].name
                               : std::string("?");
  char title[200];
  std::snprintf(title, sizeof title, tr("Volumes around %s"), name.c_str());
  p.text(o, st.ink, title);
  if (lab.state() != BvLab::State::Ready) {
    const std::string what = lab.state() == BvLab::State::Failed      ? lab.error()
                             : lab.state() == BvLab::State::Cancelled ? std::string(tr("cancelled"))
                                                                      : std::string(tr("computing..."));
    p.text(glm::vec2(o.x, o.y + kTitleRow * u), st.dim, what);
    words.push_back(name + ": " + what);
    return words;
  }
  // The table: swatch and name, then the volume and the ratio to the hull, right-aligned.
  const std::vector<LabRow> rows = shownRows(lab);
  const float xRatio = right, xVolume = right - 4.8f * u;
  float y = o.y + kTitleRow * u;
  auto rightText = [&](float x, float top, ImU32 color, const std::string& s, float scale) {
    p.text(glm::vec2(x - p.measure(s, scale).x, top), color, s, scale);
  };
  rightText(xVolume, y, st.dim, tr("volume"), 0.85f);
  rightText(xRatio, y, st.dim, tr("\xc3\x97 hull"), 0.85f);
  y += kRow * u;
  for (LabRow row : rows) {
    swatch(p, row, o.x, y + 0.55f * u, 1.4f * u);
    const float nameRoom = xVolume - 4.2f * u - (o.x + 1.8f * u);
    const std::string label = labRowLabel(row);
    p.text(glm::vec2(o.x + 1.8f * u, y), st.ink, label, std::min(1.0f, nameRoom / std::max(p.measure(label).x, 1.0f)));
    const std::string volume = number(lab.volume(row));
    const std::optional<double> ratio = lab.hullRatio(row);
    const std::string times = ratio ? number(*ratio) : std::string("-");
    rightText(xVolume, y, st.ink, volume, 1.0f);
    rightText(xRatio, y, st.ink, times, 1.0f);
    words.push_back(std::string(labRowKey(row)) + " " + volume + " (" + times + " hull)");
    y += kRow * u;
  }
  // The spin plot: each volume shown over a whole turn, on a log scale where they span more
  // than a factor of 4 (the cube is often many times the rest; the wobble still shows).
  const float top = y + 0.2f * u, bottom = top + kPlotRows * u - 0.4f * u;
  const float x0 = o.x, x1 = right;
  const BvLab::Plot* plot = lab.plot();
  if (plot == nullptr || plot->angles.empty() || rows.empty()) {
    p.text(glm::vec2(o.x, top), st.dim, rows.empty() ? tr("(no volume shown)") : tr("computing the plot..."));
    return words;
  }
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (LabRow row : rows) {
    for (double v : plot->volumes[static_cast<size_t>(row)]) lo = std::min(lo, v), hi = std::max(hi, v);
  }
  if (!std::isfinite(lo) || !std::isfinite(hi)) return words;
  const bool logScale = lo > 0.0 && hi / lo > 4.0;
  auto scaled = [&](double v) { return logScale ? std::log10(v) : v; };
  const double slo = scaled(lo), shi = scaled(hi);
  const double pad = shi > slo ? (shi - slo) * 0.08 : std::max(std::abs(shi) * 0.05, 1e-30);
  const double y0 = slo - pad, y1 = shi + pad;
  p.rectOutline(glm::vec2(x0, top), glm::vec2(x1, bottom), u32(currentPalette().panelGrid), 1.0f);
  auto xAt = [&](double angle) { return x0 + static_cast<float>(angle / (2.0 * kPi)) * (x1 - x0); };
  auto yAt = [&](double v) { return bottom - static_cast<float>((scaled(v) - y0) / (y1 - y0)) * (bottom - top); };
  const size_t n = plot->angles.size();
  const float thick = std::max(2.0f, st.line * 1.2f);
  std::vector<glm::vec2> pts(n + 1);
  for (LabRow row : kLabDrawOrder) {
    if (!lab.shown[static_cast<size_t>(row)]) continue;
    const std::vector<double>& v = plot->volumes[static_cast<size_t>(row)];
    if (v.size() != n) continue;
    // The turn is periodic: the last point is the first again, at 360 degrees.
    for (size_t k = 0; k <= n; ++k) pts[k] = glm::vec2(xAt(2.0 * kPi * static_cast<double>(k) / n), yAt(v[k % n]));
    p.polyline(pts, u32(labRowColor(currentPalette(), row)), thick);
  }
  const float xm = xAt(static_cast<double>(lab.spinAngle()));
  p.line(glm::vec2(xm, top), glm::vec2(xm, bottom), st.marker, std::max(1.0f, thick * 0.6f));
  // Under the plot: the turn's angles and what the plot is.
  const float yt = bottom + 0.1f * u;
  p.text(glm::vec2(x0, yt), st.dim, "0\xc2\xb0", 0.8f);
  char turn[160];
  std::snprintf(turn, sizeof turn, logScale ? tr("a whole turn about %s, log scale") : tr("a whole turn about %s"),
                tr(spinAxisLabel(lab.spinAxis())));
  p.textCentred(0.5f * (x0 + x1), yt, st.dim, turn, 0.8f);
  rightText(x1, yt, st.dim, "360\xc2\xb0", 0.8f);
  words.push_back(std::string("plotted over a turn") + (logScale ? " (log scale)" : ""));
  return words;
}

}  // namespace satlab
