#include "ui/explorer_capsule.hpp"

#include "ui/explorer_overlay.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

std::string capsuleStepText(const CapsuleTrace& t, int i) {
  const CapsuleCandidateRow& r = t.rows[static_cast<size_t>(i)];
  char buf[160];
  std::snprintf(buf, sizeof buf, "%.*s: distance %.4g%s", static_cast<int>(r.feature.size()), r.feature.data(),
                r.distance, i == t.bestRow ? " (the least)" : "");
  return buf;
}

std::string CapsuleExplorer::stepText(const ExplorerInput& in) const {
  const CapsuleTrace& t = in.trace.capsule;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return {};
  const CapsuleCandidateRow& r = t.rows[static_cast<size_t>(in.state.step)];
  if (in.state.predict.hidesAnswer()) return std::string(r.feature);
  return capsuleStepText(t, in.state.step);
}

std::string CapsuleExplorer::statusDetail(const ExplorerInput& in, const ViewMapping&, const OrbitCamera&) const {
  const std::string current = stepText(in);
  return current.empty() ? current : ", current " + current;
}

void CapsuleExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests&) {
  const CapsuleTrace& t = in.trace.capsule;
  drawStepper(state, stepCount(in.trace));
  // What the test measures, as its row says it.
  const std::string_view method = withPairTest(t.test, [](auto row) {
    using Row = decltype(row);
    if constexpr (kIsPairTest<Row>) {
      if constexpr (Row::family == TestFamily::Capsule) return Row::method;
    }
    return CapsuleRow::method;
  });
  textWrapped("%.*s", static_cast<int>(method.size()), method.data());
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), "The candidates and the distance: %s", kHiddenUntilPredicted);
    return;
  }
  const int step = state.step;
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    if (i > step) ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    ImGui::BulletText("%s", capsuleStepText(t, i).c_str());
    if (i > step) ImGui::PopStyleColor();
  }
  if (step + 1 >= static_cast<int>(t.rows.size())) {
    const float radii = t.radiusA + t.radiusB;
    textWrapped("distance %.4g between the cores, radii %.4g%s: %s", t.distance, radii,
                t.radiusB > 0.0f ? " (rA + rB)" : " (the capsule's)", t.overlap ? "they touch" : "no contact");
    if (t.overlap) {
      textWrappedColored(penetratesColor(), "overlap: %.4g <= %.4g", t.distance, radii + t.tolerance);
    } else {
      textWrappedColored(separatesColor(), "apart by %.4g", t.distance - radii);
    }
  } else {
    textWrapped("step on through the candidates: the least distance decides");
  }
}

void CapsuleExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  // The current candidate: the line between its two points; at the last step the closest pair
  // with the distance and the radii.
  const CapsuleTrace& t = in.trace.capsule;
  if (t.rows.empty() || in.state.predict.hidesAnswer()) return;
  const glm::vec4 gap = currentPalette().gap;
  const int at = std::clamp(in.state.step, 0, static_cast<int>(t.rows.size()) - 1);
  const bool last = at + 1 >= static_cast<int>(t.rows.size());
  const CapsuleCandidateRow& r = t.rows[static_cast<size_t>(last && t.bestRow >= 0 ? t.bestRow : at)];
  out.lines.add(r.onA, r.onA, gap, 9.0f);
  out.lines.add(r.onB, r.onB, gap, 9.0f);
  if (r.onA != r.onB) out.lines.add(r.onA, r.onB, gap, 2.0f, 8.0f);
  char text[96];
  if (last) {
    std::snprintf(text, sizeof text, "distance %.3g, radii %.3g", t.distance, t.radiusA + t.radiusB);
  } else {
    std::snprintf(text, sizeof text, "%.*s: %.3g", static_cast<int>(r.feature.size()), r.feature.data(), r.distance);
  }
  worldLabel(out.labels, out.view, out.fbPerWindow, (r.onA + r.onB) * 0.5f, text, gap);
}

}  // namespace satlab
