#include "ui/lesson_editor.hpp"

#include "i18n/i18n.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/layout.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdarg>
#include <cstdio>

namespace satlab {

namespace {

std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
  return buf;
}

}  // namespace

std::string describeLessonState(const LessonState& s) {
  std::string out;
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
  if (s.focus.size() == 2) {
    // TRANSLATORS: the focused pair, "focus a / b"
    add(formatted(tr("focus %s / %s"), s.focus[0].c_str(), s.focus[1].c_str()));
  } else {
    add(tr("no pair focused"));
  }
  if (s.step) add(formatted(tr("step %d"), *s.step + 1));
  if (s.fullMode) add(*s.fullMode ? tr("every axis") : tr("early exit"));
  if (s.epsilon) add(formatted(tr("epsilon %s"), number(*s.epsilon).c_str()));
  if (s.preferSlab) add(*s.preferSlab ? tr("slab test") : tr("six-axis test"));
  if (s.minkowski) add(*s.minkowski ? tr("A - B picture") : tr("axis picture"));
  if (s.yawDeg && s.pitchDeg && s.distance) {
    add(formatted(tr("camera yaw %s pitch %s distance %s"), number(*s.yawDeg).c_str(), number(*s.pitchDeg).c_str(),
                  number(*s.distance).c_str()));
  }
  return out;
}

void LessonEditor::open(const Scene& scene) {
  open_ = true;
  language_ = languageCode(uiLanguage());
  title_ = sceneTitleIn(scene, language_);
  notes_ = sceneNotesIn(scene, language_);
}

LessonDraft LessonEditor::draft(const LessonState& now) const {
  LessonDraft d;
  d.title = title_;
  d.notes = notes_;
  d.language = language_;
  d.state = now;
  if (camera_ == LessonCamera::None) {
    d.state.yawDeg.reset();
    d.state.pitchDeg.reset();
    d.state.distance.reset();
    d.state.target.reset();
  }
  return d;
}

LessonEditor::Action LessonEditor::draw(const LessonState& now, const std::vector<std::string>& problems) {
  Action a;
  placePanel(Panel::Lesson);
  bool keepOpen = true;
  // The lesson panel's id under another title: the same place and collapsed state.
  const std::string id = panelId(Panel::Lesson);
  const std::string title = tr("Write a lesson") + id.substr(id.find("###"));
  if (!ImGui::Begin(title.c_str(), &keepOpen, kDockedPanelFlags)) {
    ImGui::End();
    if (!keepOpen) a.close = true;
    return a;
  }
  // Which of the lesson's languages the fields edit (the window's, when the editor opened).
  const std::optional<Language> editing = languageFromCode(language_);
  textWrappedDisabled(tr("The text in %s; the lesson's other languages are kept."),
                      editing ? languageName(*editing) : language_.c_str());
  // TRANSLATORS: the lesson's title (a field follows)
  ImGui::TextUnformatted(tr("Title"));
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputText("##edit_title", &title_);
  ImGui::TextUnformatted(tr("Text for students"));
  const float below = ImGui::GetTextLineHeightWithSpacing() * 6.0f + ImGui::GetFrameHeightWithSpacing() * 2.0f;
  // Wrapped at the field's width as it is typed (ImGui's own field would not).
  notesField_.draw(
      "##edit_notes", notes_,
      ImVec2(-1.0f, std::max(ImGui::GetContentRegionAvail().y - below, ImGui::GetTextLineHeight() * 4.0f)));
  ImGui::Separator();
  // The buttons first, so that they stay where they are while the description below grows.
  ImGui::BeginDisabled(!problems.empty());
  a.save = ImGui::Button(L("Save lesson as..."));
  ImGui::EndDisabled();
  ImGui::SameLine();
  a.close = ImGui::Button(L("Close")) || !keepOpen;
  // The camera: on the pair (the default while one is focused), as it is, or none.
  const bool pair = now.focus.size() == 2;
  int choice = static_cast<int>(camera(pair));
  ImGui::TextUnformatted(tr("Camera:"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!pair);
  // TRANSLATORS: the lesson's camera: on the pair, as it is, none
  ImGui::RadioButton(L("on the pair"), &choice, static_cast<int>(LessonCamera::OnThePair));
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", tr("Seen from this side, the focused pair filling the picture (a projector too)"));
  }
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                 ImGui::CalcTextSize(L("as it is"), nullptr, true).x);
  ImGui::RadioButton(L("as it is"), &choice, static_cast<int>(LessonCamera::AsItIs));
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                 ImGui::CalcTextSize(L("none"), nullptr, true).x);
  ImGui::RadioButton(L("none"), &choice, static_cast<int>(LessonCamera::None));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The scene framed whole, from its usual side"));
  if (choice != static_cast<int>(camera(pair))) camera_ = static_cast<LessonCamera>(choice);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s", tr("Opens with what the view shows now (focus a pair, step, orbit, then save):"));
  ImGui::PopStyleColor();
  textWrapped("%s", describeLessonState(draft(now).state).c_str());
  for (const std::string& p : problems) textWrapped(tr("cannot save: %s"), p.c_str());
  ImGui::End();
  if (a.close) open_ = false;
  return a;
}

}  // namespace satlab
