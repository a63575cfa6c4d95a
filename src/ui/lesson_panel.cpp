#include "ui/lesson_panel.hpp"

#include "render/display_text.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"

#include <imgui.h>

namespace satlab {

int drawLessonPanel(const Scene& scene, int index, int count, WrappedTextView& notes, float& wantedHeight) {
  int nav = 0;
  placePanel(Panel::Lesson);
  if (!ImGui::Begin(panelId(Panel::Lesson).c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return nav;
  }
  if (index >= 0) ImGui::TextDisabled("Lesson %d of %d", index + 1, count);
  // A title of a few lines at most (ImGui's own wrapping draws every glyph of it).
  const std::string title = oneLineText(scene.title, 2 * kMaxShownTitleBytes);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  const float buttons = ImGui::GetFrameHeightWithSpacing() * 1.3f;
  // The whole text, the title above it and the buttons below: what the layout gives the
  // panel when the column has room, so that the text need not scroll.
  const ImGuiStyle& style = ImGui::GetStyle();
  if (notes.lastHeight() > 0.0f) {
    wantedHeight = ImGui::GetCursorPosY() + notes.lastHeight() + style.ItemSpacing.y + buttons + style.WindowPadding.y;
  }
  notes.draw("##text", scene.notes, -buttons);
  ImGui::BeginDisabled(index <= 0);
  if (ImGui::Button("< Previous (PgUp)")) nav = -1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(index < 0 || index + 1 >= count);
  if (ImGui::Button("Next (PgDn) >")) nav = 1;
  ImGui::EndDisabled();
  if (index < 0 && count > 0) {
    ImGui::SameLine();
    if (ImGui::Button("First lesson")) nav = 1;
  }
  ImGui::End();
  if (!ImGui::GetIO().WantCaptureKeyboard) {
    if (plainPressed(Key::PageUp) && index > 0) nav = -1;
    if (plainPressed(Key::PageDown) && index + 1 < count) nav = 1;
  }
  return nav;
}

}  // namespace satlab
