#include "ui/explorer_sat.hpp"

#include "i18n/i18n.hpp"

#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

void SatExplorer::reset() {
  hoveredRow_ = -1;
  scrolledTo_ = -1;
}

std::string SatExplorer::stepText(const ExplorerInput& in) const {
  const SatTrace& t = in.trace.sat;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return {};
  const SatAxisRow& r = t.rows[static_cast<size_t>(in.state.step)];
  if (in.state.predict.hidesAnswer()) return std::string(label(r.id));
  char buf[128];
  std::snprintf(buf, sizeof buf, r.separating ? tr("%s: separates") : tr("%s: overlaps"),
                std::string(label(r.id)).c_str());
  return buf;
}

std::string SatExplorer::statusDetail(const ExplorerInput& in, const ViewMapping& view,
                                      const OrbitCamera& camera) const {
  const SatTrace& t = in.trace.sat;
  std::string out;
  if (t.stopRow >= 0 && t.stopRow < static_cast<int>(t.rows.size())) {
    out += ", stops at " + std::string(label(t.rows[static_cast<size_t>(t.stopRow)].id));
  }
  const int step = in.state.step;
  if (step >= 0 && step < static_cast<int>(t.rows.size())) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(step)];
    out += ", current " + std::string(label(r.id));
    glm::vec2 pa, pb;
    const AxisScale scale = axisScale(in.scene, in.trace, r);
    if (const auto place = placeAxis(in.scene, in.trace, r, view, camera);
        place &&
        view.toPixel(place->base + r.axis * scale.at(0.5f * (r.minA + r.maxA)) - place->perp * (place->pixel * 5.0f),
                     pa) &&
        view.toPixel(place->base + r.axis * scale.at(0.5f * (r.minB + r.maxB)) + place->perp * (place->pixel * 5.0f),
                     pb)) {
      char buf[96];
      std::snprintf(buf, sizeof buf, ", interval A at %.0f,%.0f, B at %.0f,%.0f", pa.x, pa.y, pb.x, pb.y);
      out += buf;
      if (scale.scale != 1.0f) {
        std::snprintf(buf, sizeof buf, ", drawn at 1/%.3g scale", 1.0 / static_cast<double>(scale.scale));
        out += buf;
      }
    }
  }
  if (ImGui::GetCurrentContext() != nullptr && canvasFrame_ >= ImGui::GetFrameCount() - 1) {
    // Where the canvas picture put the two bars and what it measured.
    char buf[160];
    std::snprintf(buf, sizeof buf, ", picture: A at x %.0f, B at x %.0f, \"%s\"", static_cast<double>(canvasA_),
                  static_cast<double>(canvasB_), canvasWords_.c_str());
    out += buf;
  }
  if (ImGui::GetCurrentContext() != nullptr && separateFrame_ >= ImGui::GetFrameCount() - 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, ", Separate button at %.0f,%.0f", separateButton_.x, separateButton_.y);
    out += buf;
  }
  return out;
}

void SatExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) {
  const PairTrace& trace = in.trace;
  const SatTrace& t = trace.sat;
  int mode = state.options.mode == SatMode::Full ? 1 : 0;
  ImGui::RadioButton(L("early exit (production)"), &mode, 0);
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                 ImGui::CalcTextSize(L("full (every axis)"), nullptr, true).x);
  ImGui::RadioButton(L("full (every axis)"), &mode, 1);
  state.options.mode = mode == 1 ? SatMode::Full : SatMode::EarlyExit;
  if (trace.test == TestId::AabbObb || trace.test == TestId::ObbObb) {  // the tests with an epsilon
    ImGui::SetNextItemWidth(std::min(200.0f * ImGui::GetFontSize() / 15.0f, ImGui::GetContentRegionAvail().x * 0.5f));
    ImGui::SliderFloat(L("epsilon"), &state.options.epsilon, 0.0f, 1e-3f, "%.1e", ImGuiSliderFlags_Logarithmic);
    sameLineIfFits(buttonWidth("0"));
    if (ImGui::SmallButton("0")) state.options.epsilon = 0.0f;
    sameLineIfFits(buttonWidth("1e-6"));
    if (ImGui::SmallButton("1e-6")) state.options.epsilon = kDefaultSatEpsilon;
    sameLineIfFits(ImGui::CalcTextSize(tr("(added to |R|)")).x);
    ImGui::TextDisabled("%s", tr("(added to |R|)"));
  }
  if (trace.planned != trace.test) {  // the SAT twin of a slab test
    if (ImGui::SmallButton(L("Show as slab test"))) state.options.preferSlab = true;
  }
  drawStepper(state, stepCount(trace));
  drawNearZeroNote(in);
  drawTable(in, state);
  const bool hide = state.predict.hidesAnswer();
  if (!hide && state.options.mode == SatMode::EarlyExit && !t.overlap) {
    ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    textWrapped(trn("The production test stopped after %d of its axes. Switch to full to see the rest.",
                    "The production test stopped after %d of its axes. Switch to full to see the rest.", t.stopRow + 1),
                t.stopRow + 1);
    ImGui::PopStyleColor();
  }
  // The Minkowski difference A - B: each face is one of the axes, its offset the axis's gap.
  ImGui::Checkbox(L("A - B picture"), &state.options.minkowski);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("The Minkowski difference of the two shapes: its faces are these axes, and the "
                               "origin's distance outside a face is the gap on its axis"));
  }
  if (state.options.minkowski && !hide) drawPictureInPanel(*this, in);
  if (!hide && trace.beside && ImGui::CollapsingHeader(L("SAT beside GJK"))) drawBesideGjk(in);
  // A view across the current axis, the two intervals and the gap side by side on screen.
  if (state.step < static_cast<int>(t.rows.size()) && !trace.twoD) {
    const std::optional<CameraRequest> side = sideView(trace, t.rows[static_cast<size_t>(state.step)]);
    if (side && ImGui::Button(L("Side view"))) out.camera = side;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("Look across the axis: the two intervals and the gap side by side"));
  }
  if (!hide && t.overlap && trace.satResult.penetration.valid()) {
    if (!trace.twoD) sameLineIfFits(buttonWidth(L("Separate (move B)")));
    const float depth = trace.satResult.depth;
    // Just past touching (touching still counts as overlap), along the shortest push apart; the
    // explorer then steps to the axis that separates them.
    const bool pressedSeparate = ImGui::Button(L("Separate (move B)"));
    // Where it is, for scripted runs (the status line says).
    const ImVec2 c((ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f,
                   (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f);
    separateButton_ = glm::vec2(c.x, c.y);
    separateFrame_ = ImGui::GetFrameCount();
    if (pressedSeparate) {
      out.moveB = trace.satResult.penetrationAxis * (depth * 1.001f + 1e-4f);
      out.landOnAxis = trace.satResult.penetration;
    }
  }
  tailHeight_ = std::max(ImGui::GetCursorPosY() - tailStart_, 0.0f);
}

void SatExplorer::drawBesideGjk(const ExplorerInput& in) const {
  const PairTrace& trace = in.trace;
  const SatResult& s = trace.satResult;
  const ConvexResult& g = *trace.beside;
  const int axes = static_cast<int>(trace.sat.rows.size());
  if (s.overlap != g.overlap) {
    textWrappedColored(penetratesColor(),
                       tr("They disagree: SAT says %s, GJK %s. Only at touching, within the tolerances (SAT's "
                          "epsilon %.1g on |R|, GJK's %.1g of the coordinates)."),
                       s.overlap ? tr("overlap") : tr("separated"), g.overlap ? tr("overlap") : tr("separated"),
                       static_cast<double>(in.state.options.epsilon), kGjkTolerance);
  }
  const int nearZero = static_cast<int>(
      std::count_if(trace.sat.rows.begin(), trace.sat.rows.end(), [](const SatAxisRow& r) { return r.degenerate; }));
  if (nearZero > 0) {
    textWrappedColored(dimColor(),
                       trn("%d of SAT's cross axes comes from nearly parallel edges (shorter than %.0e): the "
                           "epsilon on |R| keeps it from separating falsely. GJK has no such axis: it never crosses "
                           "two edges.",
                           "%d of SAT's cross axes come from nearly parallel edges (shorter than %.0e): the epsilon "
                           "on |R| keeps them from separating falsely. GJK has no such axis: it never crosses two "
                           "edges.",
                           nearZero),
                       nearZero, static_cast<double>(kDegenerateAxisLength));
  }
  if (!s.overlap) {
    textWrapped(trn("SAT: separated on %s, gap %.4g, after %d axis.", "SAT: separated on %s, gap %.4g, after %d axes.",
                    trace.sat.stopRow + 1),
                std::string(label(s.separating)).c_str(), s.gap, trace.sat.stopRow + 1);
    textWrapped(trn("GJK: distance %.4g after %d iteration (%s).", "GJK: distance %.4g after %d iterations (%s).",
                    g.iterations),
                g.distance, g.iterations, trCore(label(g.gjkEnd)).c_str());
    const float cosine = std::abs(glm::dot(s.separatingAxis, g.normal));
    const float angle = glm::degrees(std::acos(std::min(cosine, 1.0f)));
    textWrapped(tr("The separating axis and GJK's direction between the closest points are %.3g degrees apart."),
                angle);
    textWrappedColored(dimColor(), "%s",
                       tr("A gap on one axis is a lower bound of the distance: equal when the closest features are "
                          "a face or two edges (the axis is then GJK's direction), less at a corner against a "
                          "corner or an edge, where no face normal points the shortest way."));
  } else {
    textWrapped(trn("SAT: least overlap %.4g on %s, after all %d axis.",
                    "SAT: least overlap %.4g on %s, after all %d axes.", axes),
                s.depth, std::string(label(s.penetration)).c_str(), axes);
    textWrapped(tr("EPA: depth %.4g after %d GJK iterations and %d expansions (%s)."), g.depth, g.iterations,
                g.expansions, trCore(label(g.epaEnd)).c_str());
    const float cosine = std::abs(glm::dot(s.penetrationAxis, g.normal));
    textWrapped(tr("SAT's push and EPA's normal are %.3g degrees apart."),
                glm::degrees(std::acos(std::min(cosine, 1.0f))));
    textWrappedColored(dimColor(), "%s",
                       tr("For two boxes the faces of A - B are exactly the 15 axes, so SAT's least overlap is "
                          "EPA's depth; SAT reads all 15, EPA grows toward the nearest face only."));
  }
}

std::optional<CameraRequest> SatExplorer::sideView(const PairTrace& trace, const SatAxisRow& r) {
  if (trace.twoD || !(glm::length(r.axis) > 0.0f)) return std::nullopt;
  glm::vec3 forward = glm::cross(glm::vec3(0, 0, 1), r.axis);  // the camera's right is then along the axis
  if (glm::length(forward) < 1e-3f) forward = glm::cross(r.axis, glm::vec3(1, 0, 0));  // a vertical axis
  return lookAlong(glm::normalize(forward), (trace.sat.centerA + trace.sat.centerB) * 0.5f);
}

bool SatExplorer::epsilonDiffers(const PairTrace& trace, const ExplorerOptions& options) {
  return (trace.test == TestId::AabbObb || trace.test == TestId::ObbObb) && options.epsilon != kDefaultSatEpsilon;
}

void SatExplorer::drawNearZeroNote(const ExplorerInput& in) const {
  const SatTrace& t = in.trace.sat;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return;
  const SatAxisRow& r = t.rows[static_cast<size_t>(in.state.step)];
  if (!nearZeroAxis(r)) return;
  ImGui::PushStyleColor(ImGuiCol_Text, penetratesColor());
  textWrapped(tr("%s is a near-zero axis: |L| = %.4g (nearly parallel edges). rA, rB and |s| are measured along L and "
                 "divided by |L|, so anything added along L (the epsilon, rounding) is multiplied by 1/|L| = %.3g."),
              std::string(label(r.id)).c_str(), static_cast<double>(r.length), 1.0 / static_cast<double>(r.length));
  ImGui::PopStyleColor();
}

}  // namespace satlab
