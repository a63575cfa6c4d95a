#include "ui/help_panel.hpp"

#include "i18n/i18n.hpp"

#include "ui/layout.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

namespace satlab {

void drawHelpPanel(bool& open) {
  ImGui::SetNextWindowSize(panelSize(460, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(panelId(N_("Keys and mouse")).c_str(), &open)) {
    ImGui::End();
    return;
  }
  // The keys' names stay as they are (Ctrl+Z, PgUp); the words around them and what they
  // do are marked for the catalog and shown through tr.
  static const char* const kRows[][2] = {
      {N_("Left-drag empty space"), N_("orbit (pan in 2D)")},
      {N_("Right/middle-drag"), N_("pan")},
      {N_("Wheel"), N_("zoom toward the cursor")},
      {N_("Click / Ctrl-click"), N_("select / add to selection")},
      {N_("Drag a shape"), N_("move it in the view plane")},
      {"W / E / R", N_("move / rotate / resize gizmo")},
      {"L", N_("world / local gizmo axes")},
      {N_("Ctrl while dragging"), N_("snap 0.25 units, 15 degrees")},
      {"F / Home", N_("frame the focused pair (else the selection) / everything")},
      {N_("Numpad 1 3 7 / 5"), N_("front, right, top / orthographic")},
      {"[ / ]", N_("previous / next axis or slab")},
      {"Space", N_("play / pause the explorer")},
      {"PgUp / PgDn", N_("previous / next lesson")},
      {"Ctrl+Z / Ctrl+Y", N_("undo / redo")},
      {"Ctrl+N / Ctrl+O / Ctrl+S", N_("new / open / save")},
      {"Ctrl+Shift+S", N_("save as")},
      {"Ctrl+C / Ctrl+V", N_("copy / paste shapes as JSON")},
      {"Ctrl+E", N_("export the focused pair (or the whole scene) as a GoogleTest case")},
      {"Del / Esc", N_("delete / clear selection")},
      {"F5", N_("presentation mode")},
      {"Tab", N_("hide the panels")},
      {"G", N_("legend: what the pictures mean")},
      {"N", N_("the lesson's text on the view while the panels are hidden")},
      {"P / O", N_("a scene in motion or a recording: play / pause, one step (1/60 s or a frame)")},
      {N_("D / arrows"), N_("a scene's character: drive / move it (paused: start one step)")},
      {"]", N_("the character's paused step: its next slide iteration (with no pair focused)")},
      {"P", N_("predict, then reveal: answer before the explorer shows the verdict (a still scene; in a scene in "
               "motion P plays, and the Explorer's checkbox turns it on)")},
      {"O / S", N_("predict: overlap / separated (while it asks, O answers rather than steps)")},
      {N_("[ ] then Enter"), N_("predict: choose the separating axis")},
      {"Q", N_("predict: ask again")},
      {"F12", N_("screenshot of the window")},
      {"Ctrl+F12", N_("export a figure: the view alone, PNG or SVG, for slides")},
      {"F1", N_("this list")}};
  // The keys' column as wide as its longest entry; the meanings wrap in the rest.
  if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& r : kRows) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(tr(r[0]));
      ImGui::TableNextColumn();
      textWrapped("%s", tr(r[1]));
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace satlab
