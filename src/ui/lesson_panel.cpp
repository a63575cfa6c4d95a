#include "ui/lesson_panel.hpp"

#include "i18n/i18n.hpp"
#include "render/display_text.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/lesson_text.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <functional>
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
  if (index >= 0) ImGui::TextDisabled(tr("Lesson %d of %d"), index + 1, count);
  // A title of a few lines at most (wrapped text draws every glyph of it).
  const std::string title = oneLineText(shownTitle(scene), 2 * kMaxShownTitleBytes);
  textWrappedUnformatted(title);
  ImGui::Separator();
  // The buttons: the previous and the next built-in lesson; a lesson of its own (a file
  // written in the app) has neither, only the way to the first built-in one. In a narrow
  // panel (or a large font) they go one under the other rather than past its edge.
  const ImGuiStyle& style = ImGui::GetStyle();
  // Marked here, shown through L and measured as shown.
  const char* const builtIn[] = {N_("< Previous (PgUp)"), N_("Next (PgDn) >")};
  const char* const own[] = {N_("First built-in lesson >")};
  const char* const* labels = index >= 0 ? builtIn : own;
  const int buttonCount = index >= 0 ? 2 : (count > 0 ? 1 : 0);
  float rowWidth = 0.0f;
  for (int i = 0; i < buttonCount; ++i) {
    rowWidth += ImGui::CalcTextSize(L(labels[i]), nullptr, true).x + style.FramePadding.x * 2.0f +
                (i > 0 ? style.ItemSpacing.x : 0.0f);
  }
  const bool oneRow = rowWidth <= ImGui::GetContentRegionAvail().x;
  const float rows = buttonCount == 0 ? 0.0f : oneRow ? 1.0f : static_cast<float>(buttonCount);
  const float buttons = ImGui::GetFrameHeightWithSpacing() * (rows + 0.3f) +
                        (score.empty() ? 0.0f : ImGui::GetTextLineHeightWithSpacing());
  // The whole text, the title above it and the buttons below: what the layout gives the
  // panel when the column has room, so that the text need not scroll.
  if (notes.lastHeight() > 0.0f) {
    // (Two pixels to spare: the text's child is sized in whole pixels.)
    wantedHeight =
        ImGui::GetCursorPosY() + notes.lastHeight() + 2.0f + style.ItemSpacing.y + buttons + style.WindowPadding.y;
  }
  notes.draw("##text", shownNotes(scene), -buttons);
  if (!score.empty()) ImGui::TextUnformatted(score.c_str());
  for (int i = 0; i < buttonCount; ++i) {
    if (i > 0 && oneRow) ImGui::SameLine();
    const int step = index < 0 ? 1 : i == 0 ? -1 : 1;
    const bool enabled = index < 0 || (step < 0 ? index > 0 : index + 1 < count);
    ImGui::BeginDisabled(!enabled);
    if (ImGui::Button(L(labels[i]))) nav = step;
    ImGui::EndDisabled();
  }
  ImGui::End();

  return nav;
}

std::optional<ImVec2> drawLessonCard(const Scene& scene, int index, int count, WrappedTextView& notes, float widthShare,
                                     float heightShare, const std::string& score, bool* textScrolls,
                                     LessonCardFit* fit) {
  if (textScrolls != nullptr) *textScrolls = false;
  // The title and text in the window's language.
  const std::string& notesText = shownNotes(scene);
  if (shownTitle(scene).empty() && notesText.empty()) return std::nullopt;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // As tall as the text, at most heightShare of the window (the rest scrolls).
  const float most = vp->WorkSize.y * std::clamp(heightShare, 0.2f, 0.9f);
  const std::string title = oneLineText(shownTitle(scene), 2 * kMaxShownTitleBytes);
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
                         font->CalcTextSizeA(fontSize, FLT_MAX, wrap, notesText.c_str()).y +
                         (score.empty() ? 0.0f : fontSize + lineGap) +
                         // A line to spare: the card's wrap keeps numbers whole (long_text.hpp),
                         // which can take a line more than ImGui's measure.
                         fontSize;
    return needed <= most;
  };
  float share = std::clamp(widthShare, 0.15f, 0.6f), textShare = kCardText;
  const std::size_t text = std::hash<std::string>{}(notesText) ^ (std::hash<std::string>{}(shownTitle(scene)) << 1);
  const bool sameCard = fit != nullptr && fit->text == text && fit->index == index && fit->width == vp->Size.x &&
                        fit->height == vp->Size.y && !notesText.empty();
  if (sameCard) share = std::max(share, fit->share), textShare = std::min(textShare, fit->textShare);
  while (share + 0.005f < kWidestCard && !fits(share, textShare)) share = std::min(share + 0.02f, kWidestCard);
  while (textShare - 0.0005f > kSmallestCardText && !fits(share, textShare)) textShare -= 0.001f;
  if (fit != nullptr) *fit = LessonCardFit{text, index, vp->Size.x, vp->Size.y, share, textShare};
  const float width = vp->WorkSize.x * share;
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + kPanelMargin, vp->WorkPos.y + kPanelMargin), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, most));
  char cardTitle[256];
  if (index >= 0) {
    std::snprintf(cardTitle, sizeof cardTitle, tr("Lesson %d of %d (N hides)"), index + 1, count);
  } else {
    std::snprintf(cardTitle, sizeof cardTitle, "%s", tr("Lesson (N hides)"));
  }
  const std::string id = std::string(cardTitle) + "###LessonCard";
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
  textWrappedUnformatted(title);
  const float scoreHeight = score.empty() ? 0.0f : ImGui::GetTextLineHeightWithSpacing();
  if (!notesText.empty()) {
    ImGui::Separator();
    // The whole text when it fits; else the text scrolls inside the card (one scroll bar).
    // (This frame's: the text's size and the card's width change while the card settles.)
    const float textHeight = notes.heightNow(notesText);
    const float room = most - ImGui::GetCursorPosY() - style.WindowPadding.y - style.ItemSpacing.y - scoreHeight;
    // A pixel or two over the text's own height where it fits: ImGui floors the child's size
    // and rounds its content's, and a fractional line height (a scaled font) otherwise
    // leaves the text a hair taller than its child, which then shows a scroll bar.
    notes.draw("##cardtext", notesText,
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
