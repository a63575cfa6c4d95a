#include "ui/explorer_sat.hpp"

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
  ImGui::SameLine();
  ImGui::RadioButton("full (every axis)", &mode, 1);
  state.options.mode = mode == 1 ? SatMode::Full : SatMode::EarlyExit;
  if (trace.test == TestId::AabbObb || trace.test == TestId::ObbObb) {  // the tests with an epsilon
    ImGui::SetNextItemWidth(200);
    ImGui::SliderFloat("epsilon", &state.options.epsilon, 0.0f, 1e-3f, "%.1e", ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
    if (ImGui::SmallButton("0")) state.options.epsilon = 0.0f;
    ImGui::SameLine();
    if (ImGui::SmallButton("1e-6")) state.options.epsilon = kDefaultSatEpsilon;
    ImGui::SameLine();
    ImGui::TextDisabled("(added to |R|)");
  }
  if (trace.test == TestId::AabbSegment) {
    if (ImGui::SmallButton("Show as slab test")) state.options.preferSlab = true;
  }
  drawStepper(state, stepCount(trace));
  drawTable(in, state);
  if (state.options.mode == SatMode::EarlyExit && !t.overlap) {
    ImGui::TextDisabled("The production test stopped after %d of its axes. Switch to full to see the rest.",
                        t.stopRow + 1);
  }
  // Camera helpers for the current axis.
  if (state.step < static_cast<int>(t.rows.size())) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(state.step)];
    const glm::vec3 mid = (t.centerA + t.centerB) * 0.5f;
    if (glm::length(r.axis) > 0.0f && !trace.twoD) {
      if (ImGui::Button("Look along this axis")) out.camera = lookAlong(r.axis, mid);
      ImGui::SameLine();
      if (ImGui::Button("Side view (intervals side by side)")) {
        glm::vec3 side = glm::cross(r.axis, glm::vec3(0, 0, 1));
        if (glm::length(side) < 1e-3f) side = glm::cross(r.axis, glm::vec3(1, 0, 0));
        out.camera = lookAlong(glm::normalize(side), mid);
      }
    }
  }
  if (t.overlap && trace.satResult.penetration.valid()) {
    if (!trace.twoD) ImGui::SameLine();
    const float depth = trace.satResult.depth;
    // Just past touching: touching still counts as overlap.
    if (ImGui::Button("Separate (move B)")) out.moveB = trace.satResult.penetrationAxis * (depth * 1.001f + 1e-4f);
  }
}

void SatExplorer::drawTable(const ExplorerInput& in, ExplorerState& state) {
  const PairTrace& trace = in.trace;
  const SatTrace& t = trace.sat;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float tableHeight = std::max(120.0f, ImGui::GetContentRegionAvail().y - 60.0f);
  hoveredRow_ = -1;
  if (!ImGui::BeginTable("##axes", 9, flags, ImVec2(0, tableHeight))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* h : {"axis", "kind", "|L|", "rA", "rB", "|s|", "gap", "verdict", ""}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(i)];
    ImGui::TableNextRow();
    const bool afterStop = t.stopRow >= 0 && i > t.stopRow;
    if (i == state.step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(70, 80, 120, 200));
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
      ImGui::TextColored(penetratesColor(), "%.2e!", r.length);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("degenerate: the crossed edges are (nearly) parallel");
    } else {
      ImGui::Text("%.4g", r.length);
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
    if (i == t.separatingRow) {
      ImGui::TextColored(separatesColor(), "first separating axis");
    } else if (t.overlap && trace.satResult.penetration == r.id) {
      ImGui::TextColored(penetratesColor(), "min. penetration (%.4g)", trace.satResult.depth);
    }
    if (i == t.stopRow) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(1, 1, 0.4f, 1), "<- early exit stops here");
    }
    if (afterStop) ImGui::PopStyleColor();
  }
  ImGui::EndTable();
}

}  // namespace satlab
