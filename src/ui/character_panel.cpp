#include "ui/character_panel.hpp"

#include "ui/character_overlay.hpp"
#include "ui/layout.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace satlab {

namespace {

// Contacts listed per iteration; the rest are counted.
constexpr size_t kListedContacts = 6;

std::string vec(const glm::vec3& v) {
  char buf[96];
  // + 0.0 turns a -0 into 0: a normal (-1, -0, -0) reads as (-1, 0, 0).
  std::snprintf(buf, sizeof buf, "(%.3g, %.3g, %.3g)", static_cast<double>(v.x) + 0.0, static_cast<double>(v.y) + 0.0,
                static_cast<double>(v.z) + 0.0);
  return buf;
}

void colored(const glm::vec4& color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, readableText(color));
  textWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void drawIteration(const Scene& scene, const SlideIteration& it, size_t number, const Palette& p) {
  ImGui::Separator();
  colored(p.satAxisPreview, "Iteration " + std::to_string(number) + ": try the move " + vec(it.move));
  textWrapped("%zu %s near its sweep (the grid); %zu %s deeper than the slop", it.nearby,
              it.nearby == 1 ? "wall" : "walls", it.contacts.size(), it.contacts.size() == 1 ? "contact" : "contacts");
  for (size_t i = 0; i < it.contacts.size() && i < kListedContacts; ++i) {
    const SlideContact& c = it.contacts[i];
    const std::string name = c.shape < scene.shapes.size() ? scene.shapes[c.shape].name : std::string("?");
    char buf[160];
    std::snprintf(buf, sizeof buf, "%.*s: n = %s, depth %.4g (%.*s, axis %.*s)%s", 60, name.c_str(),
                  vec(c.contact.normal).c_str(), static_cast<double>(c.contact.depth),
                  static_cast<int>(testName(c.contact.test).size()), testName(c.contact.test).data(),
                  static_cast<int>(label(c.contact.axis).size()), label(c.contact.axis).data(),
                  static_cast<int>(i) == it.chosen ? "  <- deepest" : "");
    colored(p.overlap, std::string("  ") + buf);
  }
  if (it.contacts.size() > kListedContacts) {
    textWrapped("  ... and %zu more", it.contacts.size() - kListedContacts);
  }
  if (it.chosen < 0) {
    textWrapped("No contact: the step ends here.");
    return;
  }
  colored(p.bvCube, "v_n = (move . n) n = " + vec(it.vn));
  colored(p.bvAabbOfObb, "v_t = move - v_n = " + vec(it.vt));
  colored(p.bvObbMin, "corrected = move + depth n = " + vec(it.corrected));
}

}  // namespace

std::string characterPanelId() {
  const std::string explorer = panelId(Panel::Explorer);
  return "Character" + explorer.substr(explorer.find("###"));
}

void drawCharacterPanel(CharacterDrive& drive, const Scene& scene) {
  if (!drive.active()) return;
  placePanel(Panel::Explorer);  // the explorer's place: it is about a pair, this about one box
  if (!ImGui::Begin(characterPanelId().c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return;
  }
  const Palette& p = currentPalette();
  if (!drive.spec()) {
    colored(p.warningText, drive.error());
    ImGui::End();
    return;
  }
  const CharacterSpec& spec = *drive.spec();
  if (spec.index >= scene.shapes.size()) {
    ImGui::End();
    return;
  }
  const Aabb& box = std::get<Aabb>(scene.shapes[spec.index].geometry);
  textWrapped("%s: a box, %.3g units/s, up to %d iterations a step, %zu walls (AABBs and OBBs)", spec.shape.c_str(),
              static_cast<double>(spec.speed), spec.iterations, drive.walls());
  bool driving = drive.driving();
  if (ImGui::Checkbox("Drive (D)", &driving)) drive.setDriving(driving);
  if (drive.driving()) {
    textWrapped(
        "Hold the arrow keys: each frame is one slide step. Stop driving (D) to step one iteration at a time. The "
        "whole drive is one undo step.");
  } else {
    textWrapped("An arrow key (or a button) starts one step; Step iteration (]) runs it one iteration at a time.");
    const float longest = maxSlideMove(box);
    drive.stepLength = std::clamp(drive.stepLength, 0.0f, longest);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    ImGui::SliderFloat("Step length", &drive.stepLength, 0.0f, longest, "%.3f");
    if (ImGui::ArrowButton("##left", ImGuiDir_Left)) drive.startStep(glm::vec2(-1.0f, 0.0f));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) drive.startStep(glm::vec2(0.0f, 1.0f));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##down", ImGuiDir_Down)) drive.startStep(glm::vec2(0.0f, -1.0f));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##right", ImGuiDir_Right)) drive.startStep(glm::vec2(1.0f, 0.0f));
    ImGui::BeginDisabled(!drive.stepping());
    if (ImGui::Button("Step iteration (])")) drive.stepIteration();
    ImGui::SameLine();
    if (ImGui::Button("Finish step")) drive.finishStep();
    ImGui::EndDisabled();
  }
  const SlideTrace* t = drive.shown();
  if (t == nullptr) {
    ImGui::End();
    return;
  }
  ImGui::Separator();
  textWrapped("Step from %s: wanted move %s%s", vec(t->start).c_str(), vec(t->wanted).c_str(),
              t->clamped ? " (shortened to the longest step)" : "");
  textWrapped("Slop %.2g; in the view the move arrows are drawn %.3gx longer", static_cast<double>(t->slop),
              static_cast<double>(characterArrowScale(*t, box)));
  for (size_t i = 0; i < t->iterations.size(); ++i) drawIteration(scene, t->iterations[i], i + 1, p);
  ImGui::Separator();
  switch (t->outcome) {
    case SlideOutcome::Pending:
      textWrapped("Next: try the move %s (Step iteration)", vec(drive.nextMove()).c_str());
      break;
    case SlideOutcome::Free: textWrapped("Free: no wall in the way; ends at %s", vec(t->end).c_str()); break;
    case SlideOutcome::Slid: textWrapped("Slid: ends at %s, touching", vec(t->end).c_str()); break;
    case SlideOutcome::Blocked:
      textWrapped("Blocked: still in contact after %d iterations; the character stays where it was", spec.iterations);
      break;
  }
  ImGui::End();
}

}  // namespace satlab
