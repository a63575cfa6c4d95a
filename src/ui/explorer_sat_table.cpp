// The SAT explorer's axis table: one row per candidate axis with |L|, rA, rB, |s|, the gap
// and the verdict. The table never scrolls sideways: its columns are as wide as their text
// and only as many as the panel holds are shown, the axis, its verdict and its gap first,
// then rA, rB, |s| and |L| as room allows (a hidden column's numbers are in the row's
// tooltip, and a line under the table says which are hidden). Numbers are written short
// ("1.32e3", not "1.32e+03"), so that e-notation does not push the verdict out of view.
#include "ui/explorer_sat.hpp"

#include "i18n/i18n.hpp"

#include "ui/theme.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace satlab {

namespace {

/// printf's "%.3g" (with `sign`, "%+.3g") without the exponent's plus sign and leading
/// zeros: "1e-6" for 1e-6f, "1.32e3" for 1320, "+2e-5" for 2e-5.
std::string shortNumber(float v, bool sign = false) {
  char buf[32];
  std::snprintf(buf, sizeof buf, sign ? "%+.3g" : "%.3g", static_cast<double>(v));
  std::string out = buf;
  const size_t e = out.find('e');
  if (e == std::string::npos) return out;
  size_t digits = e + 1;
  if (digits < out.size() && out[digits] == '+') {
    out.erase(digits, 1);
  } else if (digits < out.size() && out[digits] == '-') {
    ++digits;
  }
  while (digits + 1 < out.size() && out[digits] == '0') out.erase(digits, 1);
  return out;
}

enum Column { kAxis, kLength, kRadiusA, kRadiusB, kDistance, kGap, kVerdict, kColumnCount };

/// Which columns a panel keeps when it cannot hold them all: the first that fit, in this
/// order; |L| comes right after the gap when an axis is (nearly) degenerate, where it is
/// what the reader needs to see.
constexpr std::array<Column, kColumnCount> kByPriority = {kAxis,    kVerdict,  kGap,   kRadiusA,
                                                          kRadiusB, kDistance, kLength};
constexpr std::array<Column, kColumnCount> kByPriorityShortAxis = {kAxis,    kVerdict, kGap,     kLength,
                                                                   kRadiusA, kRadiusB, kDistance};

}  // namespace

void SatExplorer::drawTable(const ExplorerInput& in, ExplorerState& state) {
  const PairTrace& trace = in.trace;
  const SatTrace& t = trace.sat;
  const Palette& pal = currentPalette();
  const bool hide = state.predict.hidesAnswer();
  const int rowCount = static_cast<int>(t.rows.size());

  // Every cell's text, to measure the columns before the table is drawn. (The degenerate
  // flag's rule, ! for |L| < kDegenerateAxisLength, is a line under the table when a row has it.)
  const std::array<std::string, kColumnCount> headers = {tr("axis"), "|L|",     "rA",         "rB",
                                                         "|s|",      tr("gap"), tr("verdict")};
  bool anyDegenerate = false, anyShort = false;
  std::vector<std::array<std::string, kColumnCount>> cells(static_cast<size_t>(rowCount));
  for (int i = 0; i < rowCount; ++i) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(i)];
    auto& c = cells[static_cast<size_t>(i)];
    c[kAxis] = std::string(label(r.id));
    c[kLength] = shortNumber(r.length) + (r.degenerate ? "!" : "");
    anyDegenerate = anyDegenerate || r.degenerate;
    anyShort = anyShort || r.degenerate || nearZeroAxis(r);
    if (hide) {
      for (int k = kRadiusA; k <= kVerdict; ++k) c[static_cast<size_t>(k)] = "?";
    } else {
      c[kRadiusA] = shortNumber(r.radiusA);
      c[kRadiusB] = shortNumber(r.radiusB);
      c[kDistance] = shortNumber(std::abs(r.centerDistance));
      c[kGap] = shortNumber(r.gap, true);
      c[kVerdict] = r.separating ? tr("separates") : tr("overlaps");
    }
  }
  // Cells padded half the usual: seven columns of numbers in a side panel.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 cellPadding(style.CellPadding.x * 0.5f, style.CellPadding.y);
  std::array<float, kColumnCount> need{};
  for (int k = 0; k < kColumnCount; ++k) {
    float w = ImGui::CalcTextSize(headers[static_cast<size_t>(k)].c_str()).x;
    for (const auto& c : cells) w = std::max(w, ImGui::CalcTextSize(c[static_cast<size_t>(k)].c_str()).x);
    need[static_cast<size_t>(k)] = w + 2.0f * cellPadding.x + 1.0f;  // and the inner border
  }
  // The room: the panel's width less the table's own vertical scroll bar.
  const float room = ImGui::GetContentRegionAvail().x - style.ScrollbarSize - 2.0f;
  std::array<bool, kColumnCount> shown{};
  float used = 0.0f;
  for (Column k : anyShort ? kByPriorityShortAxis : kByPriority) {
    if (k != kAxis && used + need[k] > room) continue;
    shown[k] = true;
    used += need[k];
  }
  std::vector<Column> columns;
  for (int k = 0; k < kColumnCount; ++k) {
    if (shown[static_cast<size_t>(k)]) columns.push_back(static_cast<Column>(k));
  }

  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  // The lines under the table: the columns left out, the degenerate flag's rule.
  std::vector<std::string> notes;
  if (columns.size() < kColumnCount) {
    std::string left;
    for (int k = 0; k < kColumnCount; ++k) {
      if (!shown[static_cast<size_t>(k)]) left += (left.empty() ? "" : ", ") + headers[static_cast<size_t>(k)];
    }
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  columns.size() + 1 < kColumnCount ? tr("%s: hover a row (no room for them)")
                                                    : tr("%s: hover a row (no room for it)"),
                  left.c_str());
    notes.push_back(buf);
  }
  if (anyDegenerate && shown[kLength]) {
    char buf[192];
    std::snprintf(buf, sizeof buf, tr("!: |L| < %s, the crossed edges (nearly) parallel"),
                  shortNumber(kDegenerateAxisLength).c_str());
    notes.push_back(buf);
  }
  const float below = std::max((3.5f + static_cast<float>(notes.size())) * ImGui::GetFrameHeightWithSpacing(),
                               tailHeight_ + ImGui::GetStyle().ItemSpacing.y);
  const float tableHeight =
      std::max(5.0f * ImGui::GetFrameHeightWithSpacing(), ImGui::GetContentRegionAvail().y - below);
  hoveredRow_ = -1;
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, cellPadding);
  const bool open = ImGui::BeginTable("##axes", static_cast<int>(columns.size()), flags, ImVec2(0, tableHeight));
  ImGui::PopStyleVar();
  if (!open) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (Column k : columns) ImGui::TableSetupColumn(headers[k].c_str(), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  for (int i = 0; i < rowCount; ++i) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(i)];
    const auto& c = cells[static_cast<size_t>(i)];
    ImGui::TableNextRow();
    // After the early exit the rows are what the production test never computes; while a
    // prediction is open nothing may tell where the test stops.
    const bool afterStop = !hide && t.stopRow >= 0 && i > t.stopRow;
    if (i == state.step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, imU32(pal.currentRow));
    for (Column k : columns) {
      ImGui::TableNextColumn();
      if (k == kAxis) {
        ImGui::PushID(i);
        // The first separating axis and the shortest push apart are named in their colour.
        const bool first = !hide && i == t.separatingRow;
        const bool least = !hide && t.overlap && trace.satResult.penetration == r.id;
        if (first || least) ImGui::PushStyleColor(ImGuiCol_Text, first ? separatesColor() : penetratesColor());
        if (ImGui::Selectable(c[kAxis].c_str(), i == state.step, ImGuiSelectableFlags_SpanAllColumns)) {
          state.step = i;
          state.playing = false;
        }
        if (first || least) ImGui::PopStyleColor();
        if (i == state.step && scrolledTo_ != state.step) {
          ImGui::SetScrollHereY(0.5f);  // keep the current axis in sight as the steps go on
          scrolledTo_ = state.step;
        }
        if (ImGui::IsItemHovered()) {
          hoveredRow_ = i;
          if (hide) {
            ImGui::SetTooltip("%s: %s", c[kAxis].c_str(), trCore(axisKindName(r.id)).c_str());
          } else {
            ImGui::SetTooltip(
                tr("%s: %s\n|L| = %.6g, rA = %.6g, rB = %.6g, |s| = %.6g, gap = %+.6g%s"), c[kAxis].c_str(),
                trCore(axisKindName(r.id)).c_str(), static_cast<double>(r.length), static_cast<double>(r.radiusA),
                static_cast<double>(r.radiusB), static_cast<double>(std::abs(r.centerDistance)),
                static_cast<double>(r.gap),
                r.degenerate
                    ? tr("\ndegenerate: the crossed edges are (nearly) parallel; the test never lets this axis "
                         "separate")
                    : "");
          }
        }
        ImGui::PopID();
        if (afterStop) ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
        continue;
      }
      const std::string& text = c[k];
      if (k == kLength && r.degenerate) {
        ImGui::TextColored(penetratesColor(), "%s", text.c_str());
      } else if (hide && k != kLength) {
        ImGui::TextDisabled("%s", text.c_str());
      } else if (k == kVerdict && r.separating) {
        ImGui::TextColored(separatesColor(), "%s", text.c_str());
      } else {
        ImGui::TextUnformatted(text.c_str());
      }
    }
    if (afterStop) ImGui::PopStyleColor();
  }
  ImGui::EndTable();
  tailStart_ = ImGui::GetCursorPosY();
  ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
  for (const std::string& n : notes) textWrappedUnformatted(n);
  ImGui::PopStyleColor();
  if (hide) return;
  // What the table's coloured names mean, in words.
  if (t.separatingRow >= 0 && t.separatingRow < static_cast<int>(t.rows.size())) {
    textWrappedColored(separatesColor(), tr("First to separate: %s; the early exit stops there."),
                       std::string(label(t.rows[static_cast<size_t>(t.separatingRow)].id)).c_str());
  } else if (t.overlap && trace.satResult.penetration.valid()) {
    textWrappedColored(penetratesColor(), tr("No axis separates. The shortest push apart: %s (%.3g), the way out."),
                       std::string(label(trace.satResult.penetration)).c_str(),
                       static_cast<double>(trace.satResult.depth));
  }
}

}  // namespace satlab
