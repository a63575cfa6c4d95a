#include "ui/lesson_panel.hpp"

#include "render/display_text.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace satlab {

int drawLessonPanel(const Scene& scene, int index, int count, WrappedTextView& notes, float& wantedHeight,
                    const std::string& score) {
  int nav = 0;
  placePanel(Panel::Lesson);
  if (!ImGui::Begin(panelId(Panel::Lesson).c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return nav;
  }
  if (index >= 0) ImGui::TextDisabled("Lesson %d of %d", index + 1, count);
  // A title of a few lines at most (wrapped text draws every glyph of it).
  const std::string title = oneLineText(scene.title, 2 * kMaxShownTitleBytes);
  textWrappedUnformatted(title);
  ImGui::Separator();
  // The buttons: the previous and the next built-in lesson; a lesson of its own (a file
  // written in the app) has neither, only the way to the first built-in one. In a narrow
  // panel (or a large font) they go one under the other rather than past its edge.
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* const builtIn[] = {"< Previous (PgUp)", "Next (PgDn) >"};
  const char* const own[] = {"First built-in lesson >"};
  const char* const* labels = index >= 0 ? builtIn : own;
  const int buttonCount = index >= 0 ? 2 : (count > 0 ? 1 : 0);
  float rowWidth = 0.0f;
  for (int i = 0; i < buttonCount; ++i) {
    rowWidth += ImGui::CalcTextSize(labels[i]).x + style.FramePadding.x * 2.0f + (i > 0 ? style.ItemSpacing.x : 0.0f);
  }
  const bool oneRow = rowWidth <= ImGui::GetContentRegionAvail().x;
  const float rows = buttonCount == 0 ? 0.0f : oneRow ? 1.0f : static_cast<float>(buttonCount);
  const float buttons = ImGui::GetFrameHeightWithSpacing() * (rows + 0.3f) +
                        (score.empty() ? 0.0f : ImGui::GetTextLineHeightWithSpacing());
  // The whole text, the title above it and the buttons below: what the layout gives the
  // panel when the column has room, so that the text need not scroll.
  if (notes.lastHeight() > 0.0f) {
    wantedHeight = ImGui::GetCursorPosY() + notes.lastHeight() + style.ItemSpacing.y + buttons + style.WindowPadding.y;
  }
  notes.draw("##text", scene.notes, -buttons);
  if (!score.empty()) ImGui::TextUnformatted(score.c_str());
  for (int i = 0; i < buttonCount; ++i) {
    if (i > 0 && oneRow) ImGui::SameLine();
    const int step = index < 0 ? 1 : i == 0 ? -1 : 1;
    const bool enabled = index < 0 || (step < 0 ? index > 0 : index + 1 < count);
    ImGui::BeginDisabled(!enabled);
    if (ImGui::Button(labels[i])) nav = step;
    ImGui::EndDisabled();
  }
  ImGui::End();

  return nav;
}

std::optional<ImVec2> drawLessonCard(const Scene& scene, int index, int count, WrappedTextView& notes, float widthShare,
                                     float heightShare, const std::string& score) {
  if (scene.title.empty() && scene.notes.empty()) return std::nullopt;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float width = vp->WorkSize.x * std::clamp(widthShare, 0.15f, 0.6f);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + kPanelMargin, vp->WorkPos.y + kPanelMargin), ImGuiCond_Always);
  // As tall as the text, at most heightShare of the window (the rest scrolls).
  const float most = vp->WorkSize.y * std::clamp(heightShare, 0.2f, 0.9f);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, most));
  const std::string title = oneLineText(scene.title, 2 * kMaxShownTitleBytes);
  const std::string id =
      (index >= 0 ? "Lesson " + std::to_string(index + 1) + " of " + std::to_string(count) : std::string("Lesson")) +
      " (N hides)###LessonCard";
  if (!ImGui::Begin(id.c_str(), nullptr,
                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                        ImGuiWindowFlags_NoScrollbar)) {
    ImGui::End();
    return std::nullopt;
  }
  // Body text at 3% of the window's height (readable at the back of a room, and as much of
  // the lesson on the card as that allows).
  ImGui::SetWindowFontScale(1.0f);
  ImGui::SetWindowFontScale(std::max(0.5f, vp->Size.y * 0.03f / std::max(ImGui::GetFontSize(), 1.0f)));
  textWrappedUnformatted(title);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float scoreHeight = score.empty() ? 0.0f : ImGui::GetTextLineHeightWithSpacing();
  if (!scene.notes.empty()) {
    ImGui::Separator();
    // The whole text when it fits; else the text scrolls inside the card (one scroll bar).
    const float textHeight = notes.lastHeight() > 0.0f ? notes.lastHeight() : ImGui::GetTextLineHeight() * 8.0f;
    const float room = most - ImGui::GetCursorPosY() - style.WindowPadding.y - style.ItemSpacing.y - scoreHeight;
    notes.draw("##cardtext", scene.notes, std::max(ImGui::GetTextLineHeight() * 2.0f, std::min(textHeight, room)));
  }
  if (!score.empty()) ImGui::TextUnformatted(score.c_str());
  const ImVec2 corner(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                      ImGui::GetWindowPos().y + ImGui::GetWindowSize().y);
  ImGui::End();
  return corner;
}

}  // namespace satlab
