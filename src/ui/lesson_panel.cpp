#include "ui/lesson_panel.hpp"

#include "render/display_text.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
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
  // A title of a few lines at most (ImGui's own wrapping draws every glyph of it).
  const std::string title = oneLineText(scene.title, 2 * kMaxShownTitleBytes);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  const float buttons =
      ImGui::GetFrameHeightWithSpacing() * 1.3f + (score.empty() ? 0.0f : ImGui::GetTextLineHeightWithSpacing());
  // The whole text, the title above it and the buttons below: what the layout gives the
  // panel when the column has room, so that the text need not scroll.
  const ImGuiStyle& style = ImGui::GetStyle();
  if (notes.lastHeight() > 0.0f) {
    wantedHeight = ImGui::GetCursorPosY() + notes.lastHeight() + style.ItemSpacing.y + buttons + style.WindowPadding.y;
  }
  notes.draw("##text", scene.notes, -buttons);
  if (!score.empty()) ImGui::TextUnformatted(score.c_str());
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

  return nav;
}

std::optional<ImVec2> drawLessonCard(const Scene& scene, int index, int count, WrappedTextView& notes, float widthShare,
                                     float heightShare, const std::string& score, bool* textScrolls) {
  if (textScrolls != nullptr) *textScrolls = false;
  if (scene.title.empty() && scene.notes.empty()) return std::nullopt;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // As tall as the text, at most heightShare of the window (the rest scrolls).
  const float most = vp->WorkSize.y * std::clamp(heightShare, 0.2f, 0.9f);
  const std::string title = oneLineText(scene.title, 2 * kMaxShownTitleBytes);
  // widthShare of the window wide, its text 3% of the window's height. Where the text would
  // scroll (a 4:3 window has less height for the same words), the card is wider, up to
  // kWidestCard, and then its text smaller, down to kSmallestCardText: the text is measured
  // as the card will wrap it.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float baseSize = std::max(ImGui::GetFontSize(), 1.0f);
  auto fits = [&](float share, float textShare) {
    const float fontSize = std::max(0.5f * baseSize, vp->Size.y * textShare);
    const float lineGap = style.ItemSpacing.y * fontSize / baseSize;
    const float wrap = vp->WorkSize.x * share - 2.0f * style.WindowPadding.x - style.ScrollbarSize;
    ImFont* font = ImGui::GetFont();
    const float needed = ImGui::GetFrameHeight() /* the title bar */ + 2.0f * style.WindowPadding.y +
                         font->CalcTextSizeA(fontSize, FLT_MAX, wrap, title.c_str()).y + 2.0f * lineGap +
                         font->CalcTextSizeA(fontSize, FLT_MAX, wrap, scene.notes.c_str()).y +
                         (score.empty() ? 0.0f : fontSize + lineGap) +
                         // A line to spare: the card's wrap keeps numbers whole (long_text.hpp),
                         // which can take a line more than ImGui's measure.
                         fontSize;
    return needed <= most;
  };
  float share = std::clamp(widthShare, 0.15f, 0.6f), textShare = kCardText;
  while (share + 0.005f < kWidestCard && !fits(share, textShare)) share = std::min(share + 0.02f, kWidestCard);
  while (textShare - 0.0005f > kSmallestCardText && !fits(share, textShare)) textShare -= 0.001f;
  const float width = vp->WorkSize.x * share;
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + kPanelMargin, vp->WorkPos.y + kPanelMargin), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, most));
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
  // the lesson on the card as that allows), a little less where it would not fit.
  ImGui::SetWindowFontScale(1.0f);
  ImGui::SetWindowFontScale(std::max(0.5f, vp->Size.y * textShare / std::max(ImGui::GetFontSize(), 1.0f)));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopTextWrapPos();
  const float scoreHeight = score.empty() ? 0.0f : ImGui::GetTextLineHeightWithSpacing();
  if (!scene.notes.empty()) {
    ImGui::Separator();
    // The whole text when it fits; else the text scrolls inside the card (one scroll bar).
    const float textHeight = notes.lastHeight() > 0.0f ? notes.lastHeight() : ImGui::GetTextLineHeight() * 8.0f;
    const float room = most - ImGui::GetCursorPosY() - style.WindowPadding.y - style.ItemSpacing.y - scoreHeight;
    // A pixel or two over the text's own height where it fits: ImGui floors the child's size
    // and rounds its content's, and a fractional line height (a scaled font) otherwise
    // leaves the text a hair taller than its child, which then shows a scroll bar.
    notes.draw("##cardtext", scene.notes,
               std::max(ImGui::GetTextLineHeight() * 2.0f, std::min(std::ceil(textHeight) + 2.0f, room)));
    if (textScrolls != nullptr) *textScrolls = textHeight > room + 0.5f;
  }
  if (!score.empty()) ImGui::TextUnformatted(score.c_str());
  const ImVec2 corner(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                      ImGui::GetWindowPos().y + ImGui::GetWindowSize().y);
  ImGui::End();
  return corner;
}

}  // namespace satlab
