#include "ui/explorer_capsule.hpp"

#include "ui/explorer_overlay.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

std::string capsuleStepText(const CapsuleTrace& t, int i, bool translated) {
  const CapsuleCandidateRow& r = t.rows[static_cast<size_t>(i)];
  char buf[256];
  if (!translated) {  // the status line's, English
    std::snprintf(buf, sizeof buf, "%.*s: distance %.4g%s", static_cast<int>(r.feature.size()), r.feature.data(),
                  r.distance, i == t.bestRow ? " (the least)" : "");
  } else {
    std::snprintf(buf, sizeof buf, i == t.bestRow ? tr("%s: distance %.4g (the least)") : tr("%s: distance %.4g"),
                  trCore(r.feature).c_str(), r.distance);
  }
  return buf;
}

std::string CapsuleExplorer::stepText(const ExplorerInput& in) const {
  const CapsuleTrace& t = in.trace.capsule;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return {};
  const CapsuleCandidateRow& r = t.rows[static_cast<size_t>(in.state.step)];
  if (in.state.predict.hidesAnswer()) return trCore(r.feature);
  return capsuleStepText(t, in.state.step);
}

std::string CapsuleExplorer::statusDetail(const ExplorerInput& in, const ViewMapping&, const OrbitCamera&) const {
  const CapsuleTrace& t = in.trace.capsule;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return {};
  const std::string current = in.state.predict.hidesAnswer()
                                  ? std::string(t.rows[static_cast<size_t>(in.state.step)].feature)
                                  : capsuleStepText(t, in.state.step, false);
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
  textWrapped("%s", trCore(method).c_str());
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The candidates and the distance: %s"), tr(kHiddenUntilPredicted));
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
    textWrapped(t.radiusB > 0.0f ? tr("distance %.4g between the cores, radii %.4g (rA + rB): %s")
                                 : tr("distance %.4g between the cores, radii %.4g (the capsule's): %s"),
                t.distance, radii, t.overlap ? tr("they touch") : tr("no contact"));
    if (t.overlap) {
      textWrappedColored(penetratesColor(), tr("overlap: %.4g <= %.4g"), t.distance, radii + t.tolerance);
    } else {
      textWrappedColored(separatesColor(), tr("apart by %.4g"), t.distance - radii);
    }
  } else {
    textWrapped("%s", tr("step on through the candidates: the least distance decides"));
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
  char text[192];
  if (last) {
    std::snprintf(text, sizeof text, tr("distance %.3g, radii %.3g"), t.distance, t.radiusA + t.radiusB);
  } else {
    std::snprintf(text, sizeof text, "%s: %.3g", trCore(r.feature).c_str(), r.distance);
  }
  worldLabel(out.labels, out.view, out.fbPerWindow, (r.onA + r.onB) * 0.5f, text, gap);
}

}  // namespace satlab
