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

namespace satlab {

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

const char* verdictWord(bool overlap) { return overlap ? tr("overlap") : tr("separated"); }
const char* englishWord(bool overlap) { return overlap ? "overlap" : "separated"; }

/// One row of the table: what computed it, its verdict, its margin.
void row(const char* what, const char* tip, std::optional<bool> verdict, const std::string& margin, bool differs) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(what);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  ImGui::TableNextColumn();
  if (!verdict) {
    ImGui::TextDisabled("%s", tr("no formula"));
  } else if (differs) {
    ImGui::TextColored(readableText(currentPalette().overlap), "%s", verdictWord(*verdict));
  } else {
    ImGui::TextUnformatted(verdictWord(*verdict));
  }
  ImGui::TableNextColumn();
  ImGui::TextWrapped("%s", margin.c_str());
}

}  // namespace

void drawPrecisionSection(const Scene& scene, int a, int b) {
  const PrecisionLens lens = precisionLens(scene, static_cast<std::size_t>(a), static_cast<std::size_t>(b));
  const bool core = lens.floatOverlap;
  if (lens.floatDecided()) {
    ImGui::PushStyleColor(ImGuiCol_Text, readableText(currentPalette().overlap));
    ImGui::TextWrapped(lens.exact->overlap
                           ? tr("Float decided this verdict: exactly, these float inputs overlap; the core says "
                                "separated.")
                           : tr("Float decided this verdict: exactly, these float inputs are apart; the core says "
                                "overlap."));
    ImGui::PopStyleColor();
  } else if (lens.originOverlap != core) {
    ImGui::TextWrapped("%s", tr("Moved to the origin the verdict changes: the pair's position decided it."));
  } else if (lens.exact) {
    ImGui::TextWrapped("%s", tr("Float, double and exact arithmetic agree, here and at the origin."));
  } else {
    ImGui::TextWrapped(tr("This test (%s) has no exact formula here: the core's verdict here and at the origin."),
                       std::string(lens.code).c_str());
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##precision", 3, flags)) {
    ImGui::TableSetupColumn(tr("computed"));
    ImGui::TableSetupColumn(tr("verdict"));
    ImGui::TableSetupColumn(tr("margin"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
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
    ImGui::EndTable();
  }
  ImGui::TextWrapped(tr("Floats at the pair's position are %s apart."), number(lens.spacing).c_str());
  if (lens.marginUlps) {
    ImGui::TextWrapped(tr("The margin is %s of those steps."), number(*lens.marginUlps).c_str());
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
  // The spacing of each coordinate there (they differ where one is far larger).
  const double su = floatSpacing(middle[u]), sv = floatSpacing(middle[v]);
  if (!(su > 0.0) || !(sv > 0.0)) return false;
  glm::vec2 p0, pu, pv;
  glm::vec3 stepU = middle, stepV = middle;
  stepU[u] = std::nextafter(middle[u], std::numeric_limits<float>::infinity());
  stepV[v] = std::nextafter(middle[v], std::numeric_limits<float>::infinity());
  if (!view.toPixel(middle, p0) || !view.toPixel(stepU, pu) || !view.toPixel(stepV, pv)) return false;
  if (glm::length(pu - p0) < kFloatGridMinPixels || glm::length(pv - p0) < kFloatGridMinPixels) return false;
  // The floats either side of the middle, a few dozen each way, within the pair's reach.
  constexpr int kLines = 24;
  glm::vec4 color = currentPalette().gridMajor;
  color.a = std::max(color.a, 0.6f);
  float uLo = middle[u], uHi = middle[u], vLo = middle[v], vHi = middle[v];
  for (int i = 0; i < kLines; ++i) {
    uLo = std::nextafter(uLo, -std::numeric_limits<float>::infinity());
    uHi = std::nextafter(uHi, std::numeric_limits<float>::infinity());
    vLo = std::nextafter(vLo, -std::numeric_limits<float>::infinity());
    vHi = std::nextafter(vHi, std::numeric_limits<float>::infinity());
  }
  for (float x = uLo; x <= uHi; x = std::nextafter(x, std::numeric_limits<float>::infinity())) {
    glm::vec3 p = middle, q = middle;
    p[u] = q[u] = x;
    p[v] = vLo;
    q[v] = vHi;
    lines.add(p, q, color, 1.0f);
  }
  for (float y = vLo; y <= vHi; y = std::nextafter(y, std::numeric_limits<float>::infinity())) {
    glm::vec3 p = middle, q = middle;
    p[v] = q[v] = y;
    p[u] = uLo;
    q[u] = uHi;
    lines.add(p, q, color, 1.0f);
  }
  glm::vec3 at = middle;
  at[u] = uHi;
  at[v] = vHi;
  worldLabel(labels, view, fbPerWindow, at, formatted(tr("float grid: %s apart"), number(std::max(su, sv)).c_str()),
             currentPalette().toastText);
  return true;
}

}  // namespace satlab
