#include "ui/explorer_sat.hpp"

#include "ui/theme.hpp"

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
  return std::string(label(r.id)) + (r.separating ? ": separates" : ": overlaps");
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
    if (const auto place = placeAxis(in.trace, r, view, camera);
        place &&
        view.toPixel(place->base + r.axis * (0.5f * (r.minA + r.maxA)) - place->perp * (place->pixel * 5.0f), pa) &&
        view.toPixel(place->base + r.axis * (0.5f * (r.minB + r.maxB)) + place->perp * (place->pixel * 5.0f), pb)) {
      char buf[96];
      std::snprintf(buf, sizeof buf, ", interval A at %.0f,%.0f, B at %.0f,%.0f", pa.x, pa.y, pb.x, pb.y);
      out += buf;
    }
  }
  return out;
}

void SatExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) {
  const PairTrace& trace = in.trace;
  const SatTrace& t = trace.sat;
  int mode = state.options.mode == SatMode::Full ? 1 : 0;
  ImGui::RadioButton("early exit (production)", &mode, 0);
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                 ImGui::CalcTextSize("full (every axis)").x);
  ImGui::RadioButton("full (every axis)", &mode, 1);
  state.options.mode = mode == 1 ? SatMode::Full : SatMode::EarlyExit;
  if (trace.test == TestId::AabbObb || trace.test == TestId::ObbObb) {  // the tests with an epsilon
    ImGui::SetNextItemWidth(std::min(200.0f * ImGui::GetFontSize() / 15.0f, ImGui::GetContentRegionAvail().x * 0.5f));
    ImGui::SliderFloat("epsilon", &state.options.epsilon, 0.0f, 1e-3f, "%.1e", ImGuiSliderFlags_Logarithmic);
    sameLineIfFits(buttonWidth("0"));
    if (ImGui::SmallButton("0")) state.options.epsilon = 0.0f;
    sameLineIfFits(buttonWidth("1e-6"));
    if (ImGui::SmallButton("1e-6")) state.options.epsilon = kDefaultSatEpsilon;
    sameLineIfFits(ImGui::CalcTextSize("(added to |R|)").x);
    ImGui::TextDisabled("(added to |R|)");
  }
  if (trace.test == TestId::AabbSegment) {
    if (ImGui::SmallButton("Show as slab test")) state.options.preferSlab = true;
  }
  drawStepper(state, stepCount(trace));
  drawNearZeroNote(in);
  drawTable(in, state);
  const bool hide = state.predict.hidesAnswer();
  if (!hide && state.options.mode == SatMode::EarlyExit && !t.overlap) {
    ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    ImGui::TextWrapped("The production test stopped after %d of its axes. Switch to full to see the rest.",
                       t.stopRow + 1);
    ImGui::PopStyleColor();
  }
  // A view across the current axis: perpendicular to it, level, the axis pointing right, so
  // that the two intervals and the gap between them lie side by side on screen.
  if (state.step < static_cast<int>(t.rows.size()) && !trace.twoD) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(state.step)];
    if (glm::length(r.axis) > 0.0f && ImGui::Button("Side view (intervals side by side)")) {
      glm::vec3 forward = glm::cross(glm::vec3(0, 0, 1), r.axis);  // the camera's right is then along the axis
      if (glm::length(forward) < 1e-3f) forward = glm::cross(r.axis, glm::vec3(1, 0, 0));  // a vertical axis
      out.camera = lookAlong(glm::normalize(forward), (t.centerA + t.centerB) * 0.5f);
    }
  }
  if (!hide && t.overlap && trace.satResult.penetration.valid()) {
    if (!trace.twoD) ImGui::SameLine();
    const float depth = trace.satResult.depth;
    // Just past touching (touching still counts as overlap), along the least overlap; the
    // explorer then steps to the axis that separates them.
    if (ImGui::Button("Separate (move B)")) {
      out.moveB = trace.satResult.penetrationAxis * (depth * 1.001f + 1e-4f);
      out.landOnAxis = trace.satResult.penetration;
    }
  }
}

void SatExplorer::drawNearZeroNote(const ExplorerInput& in) const {
  const SatTrace& t = in.trace.sat;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return;
  const SatAxisRow& r = t.rows[static_cast<size_t>(in.state.step)];
  if (!nearZeroAxis(r)) return;
  ImGui::PushStyleColor(ImGuiCol_Text, penetratesColor());
  ImGui::TextWrapped(
      "%s is a near-zero axis: |L| = %.4g (nearly parallel edges). rA, rB and |s| are measured along L and divided "
      "by |L|, so anything added along L (the epsilon, rounding) is multiplied by 1/|L| = %.3g.",
      std::string(label(r.id)).c_str(), static_cast<double>(r.length), 1.0 / static_cast<double>(r.length));
  ImGui::PopStyleColor();
}

void SatExplorer::drawTable(const ExplorerInput& in, ExplorerState& state) {
  const PairTrace& trace = in.trace;
  const SatTrace& t = trace.sat;
  const Palette& pal = currentPalette();
  const bool hide = state.predict.hidesAnswer();
  // Columns as wide as their content, the last one taking the rest and wrapping its notes,
  // so that nothing is cut at any window size.
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float tableHeight = std::max(120.0f, ImGui::GetContentRegionAvail().y - 60.0f);
  hoveredRow_ = -1;
  if (!ImGui::BeginTable("##axes", 9, flags, ImVec2(0, tableHeight))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  char lengthHeader[48];
  std::snprintf(lengthHeader, sizeof lengthHeader, "|L| (!: < %g)", static_cast<double>(kDegenerateAxisLength));
  for (const char* h : {"axis", "kind", static_cast<const char*>(lengthHeader), "rA", "rB", "|s|", "gap", "verdict"}) {
    ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed);
  }
  ImGui::TableSetupColumn("note", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(i)];
    ImGui::TableNextRow();
    // After the early exit the rows are what the production test never computes; while a
    // prediction is open nothing may tell where the test stops.
    const bool afterStop = !hide && t.stopRow >= 0 && i > t.stopRow;
    if (i == state.step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, imU32(pal.currentRow));
    ImGui::TableNextColumn();
    ImGui::PushID(i);
    if (ImGui::Selectable(std::string(label(r.id)).c_str(), i == state.step, ImGuiSelectableFlags_SpanAllColumns)) {
      state.step = i;
      state.playing = false;
    }
    if (i == state.step && scrolledTo_ != state.step) {
      ImGui::SetScrollHereY(0.5f);  // keep the current axis in sight as the steps go on
      scrolledTo_ = state.step;
    }
    if (ImGui::IsItemHovered()) hoveredRow_ = i;
    ImGui::PopID();
    if (afterStop) ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(axisKindName(r.id)).c_str());
    ImGui::TableNextColumn();
    if (r.degenerate) {
      ImGui::TextColored(penetratesColor(), "%.4g!", r.length);
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "degenerate: |L| < %g, the crossed edges are (nearly) parallel; the test never lets this "
            "axis decide",
            static_cast<double>(kDegenerateAxisLength));
      }
    } else {
      ImGui::Text("%.4g", r.length);
    }
    if (hide) {
      for (int c = 0; c < 5; ++c) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("?");
      }
      ImGui::TableNextColumn();
      if (afterStop) ImGui::PopStyleColor();
      continue;
    }
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", r.radiusA);
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", r.radiusB);
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", std::abs(r.centerDistance));
    ImGui::TableNextColumn();
    ImGui::Text("%+.4g", r.gap);
    ImGui::TableNextColumn();
    if (r.separating) {
      ImGui::TextColored(separatesColor(), "separates");
    } else {
      ImGui::TextUnformatted("overlaps");
    }
    ImGui::TableNextColumn();
    std::string note;
    ImVec4 noteColor = separatesColor();
    if (i == t.separatingRow) note = "first to separate";
    if (t.overlap && trace.satResult.penetration == r.id) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "least overlap (%.4g)", static_cast<double>(trace.satResult.depth));
      note = buf, noteColor = penetratesColor();
    }
    if (i == t.stopRow) note += note.empty() ? "early exit stops here" : "; early exit stops here";
    if (!note.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, i == t.stopRow && i != t.separatingRow ? imVec4(pal.earlyExit) : noteColor);
      ImGui::TextWrapped("%s", note.c_str());
      ImGui::PopStyleColor();
    }
    if (afterStop) ImGui::PopStyleColor();
  }
  ImGui::EndTable();
}

}  // namespace satlab
