#include "ui/lesson_editor.hpp"

#include "ui/explorer_kind.hpp"
#include "ui/layout.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

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
    add("focus " + s.focus[0] + " / " + s.focus[1]);
  } else {
    add("no pair focused");
  }
  if (s.step) add("step " + std::to_string(*s.step + 1));
  if (s.fullMode) add(*s.fullMode ? "every axis" : "early exit");
  if (s.epsilon) add("epsilon " + number(*s.epsilon));
  if (s.preferSlab) add(*s.preferSlab ? "slab test" : "six-axis test");
  if (s.minkowski) add(*s.minkowski ? "A - B picture" : "axis picture");
  if (s.yawDeg && s.pitchDeg && s.distance) {
    add("camera yaw " + number(*s.yawDeg) + " pitch " + number(*s.pitchDeg) + " distance " + number(*s.distance));
  }
  return out;
}

void LessonEditor::open(const Scene& scene) {
  open_ = true;
  title_ = scene.title;
  notes_ = scene.notes;
}

LessonDraft LessonEditor::draft(const LessonState& now) const {
  LessonDraft d;
  d.title = title_;
  d.notes = notes_;
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
  const std::string title = "Write a lesson" + id.substr(id.find("###"));
  if (!ImGui::Begin(title.c_str(), &keepOpen, kDockedPanelFlags)) {
    ImGui::End();
    if (!keepOpen) a.close = true;
    return a;
  }
  ImGui::TextUnformatted("Title");
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputText("##edit_title", &title_);
  ImGui::TextUnformatted("Text for students");
  const float below = ImGui::GetTextLineHeightWithSpacing() * 6.0f + ImGui::GetFrameHeightWithSpacing() * 2.0f;
  // Wrapped at the field's width as it is typed (ImGui's own field would not).
  notesField_.draw(
      "##edit_notes", notes_,
      ImVec2(-1.0f, std::max(ImGui::GetContentRegionAvail().y - below, ImGui::GetTextLineHeight() * 4.0f)));
  ImGui::Separator();
  // The buttons first, so that they stay where they are while the description below grows.
  ImGui::BeginDisabled(!problems.empty());
  a.save = ImGui::Button("Save lesson as...");
  ImGui::EndDisabled();
  ImGui::SameLine();
  a.close = ImGui::Button("Close") || !keepOpen;
  // The camera: on the pair (the default while one is focused), as it is, or none.
  const bool pair = now.focus.size() == 2;
  int choice = static_cast<int>(camera(pair));
  ImGui::TextUnformatted("Camera:");
  ImGui::SameLine();
  ImGui::BeginDisabled(!pair);
  ImGui::RadioButton("on the pair", &choice, static_cast<int>(LessonCamera::OnThePair));
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("Seen from this side, the focused pair filling the picture (a projector too)");
  }
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("as it is").x);
  ImGui::RadioButton("as it is", &choice, static_cast<int>(LessonCamera::AsItIs));
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("none").x);
  ImGui::RadioButton("none", &choice, static_cast<int>(LessonCamera::None));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The scene framed whole, from its usual side");
  if (choice != static_cast<int>(camera(pair))) camera_ = static_cast<LessonCamera>(choice);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("Opens with what the view shows now (focus a pair, step, orbit, then save):");
  ImGui::PopStyleColor();
  textWrapped("%s", describeLessonState(draft(now).state).c_str());
  for (const std::string& p : problems) textWrapped("cannot save: %s", p.c_str());
  ImGui::End();
  if (a.close) open_ = false;
  return a;
}

}  // namespace satlab
