#include "ui/history_panel.hpp"

#include "i18n/i18n.hpp"

#include "ui/layout.hpp"

#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace satlab {

namespace {

bool startsWith(const std::string& s, const char* prefix, std::string& rest) {
  const std::size_t n = std::strlen(prefix);
  if (s.size() <= n || s.compare(0, n, prefix) != 0) return false;
  rest = s.substr(n);
  return true;
}

}  // namespace

std::string shownChangeLabel(const std::string& label) {
  // Whole labels: the words alone.
  static const char* const kWhole[] = {
      N_("new scene"), N_("2D whiteboard view"), N_("3D view"), N_("edit text"), N_("edit"), N_("delete")};
  for (const char* w : kWhole)
    if (label == w) return tr(w);
  std::string rest;
  if (startsWith(label, "add ", rest)) {
    // "add 3 shapes": a count; "add B": a shape's name.
    const std::size_t space = rest.find(' ');
    if (space != std::string::npos && rest.compare(space, std::string::npos, " shapes") == 0 &&
        rest.find_first_not_of("0123456789") == space) {
      const long long n = std::atoll(rest.substr(0, space).c_str());
      return formatted(trn("add %lld shape", "add %lld shapes", n), n);
    }
    return formatted(tr("add %s"), rest.c_str());
  }
  if (startsWith(label, "delete ", rest)) return formatted(tr("delete %s"), rest.c_str());
  if (startsWith(label, "recolour ", rest)) return formatted(tr("recolour %s"), rest.c_str());
  if (startsWith(label, "convert ", rest)) return formatted(tr("convert %s"), rest.c_str());
  if (startsWith(label, "edit ", rest)) return formatted(tr("edit %s"), rest.c_str());
  if (startsWith(label, "rename ", rest)) {
    if (const std::size_t to = rest.find(" to "); to != std::string::npos)
      return formatted(tr("rename %s to %s"), rest.substr(0, to).c_str(), rest.substr(to + 4).c_str());
  }
  return label;  // a label from elsewhere: as it is
}

HistoryAction drawHistoryPanel(const SceneHistory& h, bool& open) {
  HistoryAction a;
  ImGui::SetNextWindowSize(panelSize(260, 300), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(panelId(N_("History")).c_str(), &open)) {
    ImGui::End();
    return a;
  }
  a.undo = ImGui::Button(L("Undo (Ctrl+Z)"));
  ImGui::SameLine();
  a.redo = ImGui::Button(L("Redo (Ctrl+Y)"));
  const std::vector<HistoryEntry> entries = h.entries();
  // TRANSLATORS: the first step of the undo history: the scene as it was opened
  if (ImGui::Selectable(L("(as loaded)"), h.position() == 0)) a.jumpTo = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool current = h.position() == i + 1;
    // Steps after the current one (undone, redo brings them back) are greyed.
    if (i + 1 > h.position()) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (ImGui::Selectable(shownChangeLabel(entries[i].label).c_str(), current)) a.jumpTo = i + 1;
    if (i + 1 > h.position()) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ImGui::End();
  return a;
}

}  // namespace satlab
