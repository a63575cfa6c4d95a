#include "ui/help_panel.hpp"

#include "ui/layout.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

namespace satlab {

void drawHelpPanel(bool& open) {
  ImGui::SetNextWindowSize(panelSize(460, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(panelId("Keys and mouse").c_str(), &open)) {
    ImGui::End();
    return;
  }
  static const char* const kRows[][2] = {
      {"Left-drag empty space", "orbit (pan in 2D)"},
      {"Right/middle-drag", "pan"},
      {"Wheel", "zoom toward the cursor"},
      {"Click / Ctrl-click", "select / add to selection"},
      {"Drag a shape", "move it in the view plane"},
      {"W / E / R", "move / rotate / resize gizmo"},
      {"L", "world / local gizmo axes"},
      {"Ctrl while dragging", "snap 0.25 units, 15 degrees"},
      {"F / Home", "frame the focused pair (else the selection) / everything"},
      {"Numpad 1 3 7 / 5", "front, right, top / orthographic"},
      {"[ / ]", "previous / next axis or slab"},
      {"Space", "play / pause the explorer"},
      {"PgUp / PgDn", "previous / next lesson"},
      {"Ctrl+Z / Ctrl+Y", "undo / redo"},
      {"Ctrl+N / Ctrl+O / Ctrl+S", "new / open / save"},
      {"Ctrl+Shift+S", "save as"},
      {"Ctrl+C / Ctrl+V", "copy / paste shapes as JSON"},
      {"Ctrl+E", "export the focused pair (or the whole scene) as a GoogleTest case"},
      {"Del / Esc", "delete / clear selection"},
      {"F5", "presentation mode"},
      {"Tab", "hide the panels"},
      {"G", "legend: what the pictures mean"},
      {"N", "the lesson's text on the view while the panels are hidden"},
      {"P / O", "a scene in motion or a recording: play / pause, one step (1/60 s or a frame)"},
      {"D / arrows", "a scene's character: drive / move it (paused: start one step)"},
      {"]", "the character's paused step: its next slide iteration (with no pair focused)"},
      {"P",
       "predict, then reveal: answer before the explorer shows the verdict (a still scene; in a scene in "
       "motion P plays, and the Explorer's checkbox turns it on)"},
      {"O / S", "predict: overlap / separated (while it asks, O answers rather than steps)"},
      {"[ ] then Enter", "predict: choose the separating axis"},
      {"Q", "predict: ask again"},
      {"F12", "screenshot of the window"},
      {"Ctrl+F12", "export a figure: the view alone, PNG or SVG, for slides"},
      {"F1", "this list"}};
  // The keys' column as wide as its longest entry; the meanings wrap in the rest.
  if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& r : kRows) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r[0]);
      ImGui::TableNextColumn();
      textWrapped("%s", r[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace satlab
