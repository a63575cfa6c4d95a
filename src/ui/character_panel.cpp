#include "ui/character_panel.hpp"

#include "i18n/i18n.hpp"
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
  char head[200];
  std::snprintf(head, sizeof head, tr("Iteration %zu: try the move %s"), number, vec(it.move).c_str());
  colored(p.satAxisPreview, head);
  char walls[160], deeper[160];
  std::snprintf(walls, sizeof walls,
                trn("%zu wall near its sweep (the grid)", "%zu walls near its sweep (the grid)",
                    static_cast<long long>(it.nearby)),
                it.nearby);
  std::snprintf(deeper, sizeof deeper,
                trn("%zu contact deeper than the slop", "%zu contacts deeper than the slop",
                    static_cast<long long>(it.contacts.size())),
                it.contacts.size());
  // TRANSLATORS: two clauses joined: "3 walls near its sweep (the grid); 1 contact deeper than the slop"
  textWrapped(tr("%s; %s"), walls, deeper);
  for (size_t i = 0; i < it.contacts.size() && i < kListedContacts; ++i) {
    const SlideContact& c = it.contacts[i];
    const std::string name = c.shape < scene.shapes.size() ? scene.shapes[c.shape].name : std::string("?");
    char buf[160];
    // TRANSLATORS: a contact: "box2: n = (0, 1, 0), depth 0.05 (box-box, axis A1)", then maybe "  <- deepest"
    std::snprintf(buf, sizeof buf, tr("%.*s: n = %s, depth %.4g (%.*s, axis %.*s)%s"), 60, name.c_str(),
                  vec(c.contact.normal).c_str(), static_cast<double>(c.contact.depth),
                  static_cast<int>(testName(c.contact.test).size()), testName(c.contact.test).data(),
                  static_cast<int>(label(c.contact.axis).size()), label(c.contact.axis).data(),
                  static_cast<int>(i) == it.chosen ? tr("  <- deepest") : "");
    colored(p.overlap, std::string("  ") + buf);
  }
  if (it.contacts.size() > kListedContacts) {
    textWrapped(tr("  ... and %zu more"), it.contacts.size() - kListedContacts);
  }
  if (it.chosen < 0) {
    textWrapped("%s", tr("No contact: the step ends here."));
    return;
  }
  // TRANSLATORS: formulas; "move", "depth" and "corrected" are the words of the view's arrows
  colored(p.bvCube, formatted(tr("v_n = (move . n) n = %s"), vec(it.vn).c_str()));
  colored(p.bvAabbOfObb, formatted(tr("v_t = move - v_n = %s"), vec(it.vt).c_str()));
  colored(p.bvObbMin, formatted(tr("corrected = move + depth n = %s"), vec(it.corrected).c_str()));
}

}  // namespace

std::string characterPanelId() {
  const std::string explorer = panelId(Panel::Explorer);
  // TRANSLATORS: the panel's title: the character (a box driven through the walls)
  return tr("Character") + explorer.substr(explorer.find("###"));
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
  textWrapped(tr("%s: a box, %.3g units/s, up to %d iterations a step, %zu walls (AABBs and OBBs)"), spec.shape.c_str(),
              static_cast<double>(spec.speed), spec.iterations, drive.walls());
  bool driving = drive.driving();
  if (ImGui::Checkbox(L("Drive (D)"), &driving)) drive.setDriving(driving);
  if (drive.driving()) {
    textWrapped("%s", tr("Hold the arrow keys: each frame is one slide step. Stop driving (D) to step one iteration "
                         "at a time. The whole drive is one undo step."));
  } else {
    textWrapped("%s",
                tr("An arrow key (or a button) starts one step; Step iteration (]) runs it one iteration at a time."));
    const float longest = maxSlideMove(box);
    drive.stepLength = std::clamp(drive.stepLength, 0.0f, longest);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    ImGui::SliderFloat(L("Step length"), &drive.stepLength, 0.0f, longest, "%.3f");
    if (ImGui::ArrowButton("##left", ImGuiDir_Left)) drive.startStep(glm::vec2(-1.0f, 0.0f));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) drive.startStep(glm::vec2(0.0f, 1.0f));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##down", ImGuiDir_Down)) drive.startStep(glm::vec2(0.0f, -1.0f));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##right", ImGuiDir_Right)) drive.startStep(glm::vec2(1.0f, 0.0f));
    ImGui::BeginDisabled(!drive.stepping());
    if (ImGui::Button(L("Step iteration (])"))) drive.stepIteration();
    ImGui::SameLine();
    if (ImGui::Button(L("Finish step"))) drive.finishStep();
    ImGui::EndDisabled();
  }
  const SlideTrace* t = drive.shown();
  if (t == nullptr) {
    ImGui::End();
    return;
  }
  ImGui::Separator();
  textWrapped(t->clamped ? tr("Step from %s: wanted move %s (shortened to the longest step)")
                         : tr("Step from %s: wanted move %s"),
              vec(t->start).c_str(), vec(t->wanted).c_str());
  textWrapped(tr("Slop %.2g; in the view the move arrows are drawn %.3gx longer"), static_cast<double>(t->slop),
              static_cast<double>(characterArrowScale(*t, box)));
  for (size_t i = 0; i < t->iterations.size(); ++i) drawIteration(scene, t->iterations[i], i + 1, p);
  ImGui::Separator();
  switch (t->outcome) {
    case SlideOutcome::Pending:
      textWrapped(tr("Next: try the move %s (Step iteration)"), vec(drive.nextMove()).c_str());
      break;
    case SlideOutcome::Free: textWrapped(tr("Free: no wall in the way; ends at %s"), vec(t->end).c_str()); break;
    case SlideOutcome::Slid: textWrapped(tr("Slid: ends at %s, touching"), vec(t->end).c_str()); break;
    case SlideOutcome::Blocked:
      textWrapped(
          trn("Blocked: still in contact after %d iteration; the character stays where it was",
              "Blocked: still in contact after %d iterations; the character stays where it was", spec.iterations),
          spec.iterations);
      break;
  }
  ImGui::End();
}

}  // namespace satlab
