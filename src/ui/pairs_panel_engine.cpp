// The Pairs panel's "engine vs exact" section (pairs_panel.hpp, EngineSection): the frames
// where a recording's engine and satlab's exact test disagree, and the engine's verdict on
// the focused pair beside the exact test's.
#include <imgui.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "base/printable.hpp"
#include "i18n/i18n.hpp"
#include "ui/item_rects.hpp"
#include "ui/pairs_panel.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

namespace satlab {

namespace {

ImVec4 engineColor() {
  const glm::vec4 c = currentPalette().penetrates;
  return ImVec4(c.r, c.g, c.b, 1.0f);
}

/// `text` cut with "..." to the cell (the row's tooltip says it whole), in `color` if given.
void cellText(std::string text, const ImVec4* color = nullptr) {
  const float room = ImGui::GetContentRegionAvail().x;
  if (ImGui::CalcTextSize(text.c_str()).x > room) {
    while (!text.empty() && ImGui::CalcTextSize((text + "...").c_str()).x > room) {
      text.pop_back();
      while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0u) == 0x80u) text.pop_back();
    }
    text += "...";
  }
  if (color) {
    ImGui::TextColored(*color, "%s", text.c_str());
  } else {
    ImGui::TextUnformatted(text.c_str());
  }
}

}  // namespace

void PairsPanel::drawEngineSection() {
  const EngineSection& s = engine_;
  const bool anyRows = s.rows != nullptr && !s.rows->empty();
  if (!anyRows && !s.focusedEngine && !s.focusedExact && s.note.empty()) return;
  ImGui::Separator();
  if (!s.note.empty()) {
    textWrappedDisabled("%s", s.note.c_str());
    rememberItem("pairs.margins_note");
  }
  if (s.focusedEngine || s.focusedExact) {
    // The focused pair in the frame shown: the engine's verdict beside the exact test's.
    textWrapped(tr("%s in this frame:"), printable(s.focusedPair, 160).c_str());
    ImGui::Indent(ImGui::GetFontSize() * 0.5f);
    if (s.focusedEngine) {
      textWrappedColored(engineColor(), tr("engine: %s"), s.focusedEngine->c_str());
      rememberItem("pairs.engine_verdict");
    } else {
      textWrappedDisabled("%s", tr("engine: said nothing this frame"));
    }
    if (s.focusedExact) textWrapped(tr("exact test: %s"), s.focusedExact->c_str());
    ImGui::Unindent(ImGui::GetFontSize() * 0.5f);
  }
  if (!anyRows) return;
  const std::vector<EngineVsExactRow>& rows = *s.rows;
  textWrappedColored(engineColor(),
                     trn("Engine vs exact: %zu disagreement", "Engine vs exact: %zu disagreements",
                         static_cast<long long>(rows.size())),
                     rows.size());
  rememberItem("pairs.engine_vs_exact");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("Frames where the engine's verdict on a pair and satlab's exact test (with margins) "
                               "disagree beyond the tolerance; red marks on the time bar. Click a row: its frame, the "
                               "pair focused."));
  }
  const float lineH = ImGui::GetFrameHeightWithSpacing();
  // A narrow panel (a big font, presentation mode) gives each row three lines, the frame and
  // the pair, then each verdict, rather than four columns too narrow to read.
  const bool narrow = ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 26.0f;
  const float rowH = narrow ? 3.0f * ImGui::GetTextLineHeightWithSpacing() + 4.0f : lineH;
  const float listH = std::min(static_cast<float>(rows.size()), 5.0f) * rowH + (narrow ? 0.0f : lineH) + 4.0f;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchProp;
  const auto rowTooltip = [](const EngineVsExactRow& r) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
    textWrappedUnformatted(r.text());
    textWrappedDisabled(tr("click: show frame %lld, focus the pair"), static_cast<long long>(r.engineFrame));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  };
  if (ImGui::BeginTable("##engine_vs_exact", narrow ? 1 : 4, flags, ImVec2(0.0f, listH))) {
    if (!narrow) {
      ImGui::TableSetupScrollFreeze(0, 1);
      // TRANSLATORS: column headers: the frame, the pair, the engine's verdict, the exact test's
      const char* const frameHeader = tr("frame");
      ImGui::TableSetupColumn(frameHeader, ImGuiTableColumnFlags_WidthFixed,
                              std::max(ImGui::CalcTextSize("0000000").x, ImGui::CalcTextSize(frameHeader).x));
      ImGui::TableSetupColumn(tr("pair"), ImGuiTableColumnFlags_WidthStretch, 1.2f);
      ImGui::TableSetupColumn(tr("engine"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn(tr("exact"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableHeadersRow();
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const EngineVsExactRow& r = rows[static_cast<std::size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        const std::string frame = std::to_string(r.engineFrame);
        const std::string pair = printable(r.a, 40) + " / " + printable(r.b, 40);
        const ImVec4 color = engineColor();
        if (narrow) {
          // The whole three-line row is the selectable; its text is drawn over it.
          const ImVec2 at = ImGui::GetCursorScreenPos();
          if (ImGui::Selectable("##row", r.frame == s.frame, 0, ImVec2(0.0f, rowH - ImGui::GetStyle().ItemSpacing.y))) {
            engineClicked_ = static_cast<std::size_t>(i);
          }
          if (i == 0) rememberItem("pairs.engine_row0");
          rowTooltip(r);
          ImGui::SetCursorScreenPos(at);
          cellText(frame + ": " + pair);
          cellText(formatted(tr("engine: %s"), r.engine.c_str()), &color);
          cellText(formatted(tr("exact: %s"), r.exact.c_str()));
        } else {
          if (ImGui::Selectable(frame.c_str(), r.frame == s.frame, ImGuiSelectableFlags_SpanAllColumns)) {
            engineClicked_ = static_cast<std::size_t>(i);
          }
          if (i == 0) rememberItem("pairs.engine_row0");
          rowTooltip(r);
          ImGui::TableNextColumn();
          cellText(pair);
          ImGui::TableNextColumn();
          cellText(r.engine, &color);
          ImGui::TableNextColumn();
          cellText(r.exact);
        }
        ImGui::PopID();
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace satlab
