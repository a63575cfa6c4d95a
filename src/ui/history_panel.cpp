#include "ui/history_panel.hpp"

#include "ui/layout.hpp"

#include <imgui.h>

#include <vector>

namespace satlab {

HistoryAction drawHistoryPanel(const SceneHistory& h, bool& open) {
  HistoryAction a;
  ImGui::SetNextWindowSize(panelSize(260, 300), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(panelId("History").c_str(), &open)) {
    ImGui::End();
    return a;
  }
  a.undo = ImGui::Button("Undo (Ctrl+Z)");
  ImGui::SameLine();
  a.redo = ImGui::Button("Redo (Ctrl+Y)");
  const std::vector<HistoryEntry> entries = h.entries();
  if (ImGui::Selectable("(as loaded)", h.position() == 0)) a.jumpTo = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool current = h.position() == i + 1;
    // Steps after the current one (undone, redo brings them back) are greyed.
    if (i + 1 > h.position()) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (ImGui::Selectable(entries[i].label.c_str(), current)) a.jumpTo = i + 1;
    if (i + 1 > h.position()) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::End();
  return a;
}

}  // namespace satlab
