#include "ui/precision_section.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "document/scene_edit.hpp"
#include "evaluation/pair_margin.hpp"
#include "i18n/i18n.hpp"
#include "ui/explorer_overlay.hpp"
#include "ui/margin_plot.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

namespace satlab {

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// TRANSLATORS: a verdict in the precision table ("the core (float): separated")
const char* verdictWord(bool overlap) { return overlap ? trc("verdict", "overlap") : trc("verdict", "separated"); }
const char* englishWord(bool overlap) { return overlap ? "overlap" : "separated"; }

/// One line of the lens: what computed it, its verdict, its margin, wrapped to the panel (a
/// table's third column is too narrow in presentation mode); in the overlap colour where the
/// verdict is not the core's.
void row(const char* what, const char* tip, std::optional<bool> verdict, const std::string& margin, bool differs) {
  std::string line;
  if (!verdict) {
    // TRANSLATORS: a line of the precision lens: "exact: no formula"
    line = formatted(tr("%s: %s"), what, tr("no formula"));
  } else if (margin.empty()) {
    line = formatted(tr("%s: %s"), what, verdictWord(*verdict));
  } else {
    // TRANSLATORS: a line of the precision lens: "formula, double: overlap, overlapping 0.1 (nearest point)"
    line = formatted(tr("%s: %s, %s"), what, verdictWord(*verdict), margin.c_str());
  }
  if (differs) {
    textWrappedColored(readableText(currentPalette().overlap), "%s", line.c_str());
  } else {
    textWrappedUnformatted(line);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
}

}  // namespace

void drawPrecisionSection(const Scene& scene, int a, int b) {
  const PrecisionLens lens = precisionLens(scene, static_cast<std::size_t>(a), static_cast<std::size_t>(b));
  const bool core = lens.floatOverlap;
  if (lens.floatDecided()) {
    textWrappedColored(readableText(currentPalette().overlap), "%s",
                       lens.exact->overlap ? tr("Float decided this verdict: exactly, these float inputs overlap; "
                                                "the core says separated.")
                                           : tr("Float decided this verdict: exactly, these float inputs are apart; "
                                                "the core says overlap."));
  } else if (lens.originOverlap != core) {
    textWrapped("%s", tr("Moved to the origin the verdict changes: the pair's position decided it."));
  } else if (lens.exact) {
    textWrapped("%s", tr("Float, double and exact arithmetic agree, here and at the origin."));
  } else {
    textWrapped(tr("This test (%s) has no exact formula here: the core's verdict here and at the origin."),
                std::string(lens.code).c_str());
  }
  {
    row(tr("the core (float)"), tr("The test as it runs everywhere in satlab: in float, with its epsilon."), core, "",
        false);
    const auto margin = [](const std::optional<PairMargin>& m) { return m ? marginWords(m) : std::string(); };
    const auto verdictOf = [](const std::optional<PairMargin>& m) -> std::optional<bool> {
      if (!m) return std::nullopt;
      return m->overlap;
    };
    row(tr("formula, float"), tr("The test's formula computed in float, without the epsilon."), verdictOf(lens.inFloat),
        margin(lens.inFloat), lens.inFloat && lens.inFloat->overlap != core);
    row(tr("formula, double"), tr("The same formula in double."), verdictOf(lens.inDouble), margin(lens.inDouble),
        lens.inDouble && lens.inDouble->overlap != core);
    row(tr("exact"),
        tr("The same formula in exact rational arithmetic on the same float inputs: the verdict those numbers "
           "really give."),
        verdictOf(lens.exact), margin(lens.exact), lens.exact && lens.exact->overlap != core);
    char moved[128];
    std::snprintf(moved, sizeof moved, "%s, %s, %s", number(double(lens.shift.x)).c_str(),
                  number(double(lens.shift.y)).c_str(), number(double(lens.shift.z)).c_str());
    row(tr("moved to the origin"),
        formatted(tr("Both shapes moved by (%s), their middle to the origin, and tested by the core in float."), moved)
            .c_str(),
        lens.originOverlap, margin(lens.atOrigin), lens.originOverlap != core);
  }
  textWrapped(tr("Floats at the pair's position are %s apart."), number(lens.spacing).c_str());
  if (lens.marginUlps) {
    textWrapped(tr("The margin is %s of those steps."), number(*lens.marginUlps).c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("Under one step, the verdict is at the mercy of rounding: a position there cannot "
                                 "be written any closer."));
  }
}

std::string precisionStatus(const Scene& scene, int a, int b) {
  const PrecisionLens lens = precisionLens(scene, static_cast<std::size_t>(a), static_cast<std::size_t>(b));
  std::string s = std::string("precision: float ") + englishWord(lens.floatOverlap);
  s += std::string(", double ") + (lens.inDouble ? englishWord(lens.inDouble->overlap) : "none");
  s += std::string(", exact ") + (lens.exact ? englishWord(lens.exact->overlap) : "none");
  s += std::string(", at the origin ") + englishWord(lens.originOverlap);
  if (lens.exact) s += "; exact margin " + number(lens.exact->value);
  if (lens.marginUlps) s += " (" + number(*lens.marginUlps) + " spacings of " + number(lens.spacing) + ")";
  if (lens.floatDecided()) s += "; float decided";
  return s;
}

bool drawFloatGrid(LineBatch& lines, const Scene& scene, int a, int b, const ViewMapping& view,
                   const OrbitCamera& camera, const glm::vec2& fbPerWindow, LabelLayer* labels) {
  glm::vec3 lo, hi, lo2, hi2;
  shapeBounds(scene.shapes[static_cast<std::size_t>(a)], lo, hi);
  shapeBounds(scene.shapes[static_cast<std::size_t>(b)], lo2, hi2);
  lo = glm::min(lo, lo2);
  hi = glm::max(hi, hi2);
  const glm::vec3 middle = lo * 0.5f + hi * 0.5f;
  // The plane facing the camera most squarely: its two axes.
  const glm::vec3 f = glm::abs(camera.forward());
  const int normal = f.z >= f.x && f.z >= f.y ? 2 : (f.y >= f.x ? 1 : 0);
  const int u = (normal + 1) % 3, v = (normal + 2) % 3;
  // The floats of each coordinate either side of the middle: lines across the plane at
  // each, for a coordinate whose floats are far enough apart on screen to see (near the
  // origin a coordinate's floats are far closer than a pixel while another's, far out, are
  // not).
  constexpr int kLines = 12;
  const float inf = std::numeric_limits<float>::infinity();
  glm::vec2 p0;
  if (!view.toPixel(middle, p0)) return false;
  bool visible[2] = {false, false};
  float gLo[2], gHi[2];
  double spacing[2];
  const int along[2] = {u, v};
  for (int k = 0; k < 2; ++k) {
    const int c = along[k];
    spacing[k] = floatSpacing(middle[c]);
    glm::vec3 next = middle;
    next[c] = std::nextafter(middle[c], inf);
    glm::vec2 p1;
    visible[k] = spacing[k] > 0.0 && view.toPixel(next, p1) && glm::length(p1 - p0) >= kFloatGridMinPixels;
    gLo[k] = gHi[k] = middle[c];
    for (int i = 0; i < kLines; ++i) {
      gLo[k] = std::nextafter(gLo[k], -inf);
      gHi[k] = std::nextafter(gHi[k], inf);
    }
  }
  if (!visible[0] && !visible[1]) return false;
  // A coordinate whose floats cannot be seen: the lines cross the pair's middle a few steps
  // of the other's either way.
  for (int k = 0; k < 2; ++k) {
    if (visible[k]) continue;
    const double reach = 3.0 * spacing[1 - k];
    gLo[k] = static_cast<float>(double(middle[along[k]]) - reach);
    gHi[k] = static_cast<float>(double(middle[along[k]]) + reach);
  }
  glm::vec4 color = currentPalette().gridMajor;
  color.a = std::max(color.a, 0.6f);
  for (int k = 0; k < 2; ++k) {
    if (!visible[k]) continue;
    const int c = along[k], o = along[1 - k];
    for (float x = gLo[k]; x <= gHi[k]; x = std::nextafter(x, inf)) {
      glm::vec3 p = middle, q = middle;
      p[c] = q[c] = x;
      p[o] = gLo[1 - k];
      q[o] = gHi[1 - k];
      lines.add(p, q, color, 1.0f);
    }
  }
  const float uHi = gHi[0], vHi = gHi[1];
  const double su = visible[0] ? spacing[0] : 0.0, sv = visible[1] ? spacing[1] : 0.0;
  glm::vec3 at = middle;
  at[u] = uHi;
  at[v] = vHi;
  worldLabel(labels, view, fbPerWindow, at, formatted(tr("float grid: %s apart"), number(std::max(su, sv)).c_str()),
             currentPalette().toastText);
  return true;
}

}  // namespace satlab
