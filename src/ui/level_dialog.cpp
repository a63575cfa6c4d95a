#include "ui/level_dialog.hpp"

#include "i18n/i18n.hpp"
#include "ui/dialogs.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace satlab {

namespace {

constexpr const char* kTitle = N_("New level");  // the id; dialogName(kTitle) the window

void countField(const char* label, std::size_t& value, int most) {
  int v = static_cast<int>(std::min<std::size_t>(value, static_cast<std::size_t>(most)));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::InputInt(label, &v, 10, 100)) value = static_cast<std::size_t>(std::clamp(v, 0, most));
}

}  // namespace

std::optional<LevelOptions> LevelDialog::draw() {
  if (openPending_) {
    ImGui::OpenPopup(dialogName(kTitle));
    openPending_ = false;
  }
  std::optional<LevelOptions> chosen;
  if (!ImGui::BeginPopupModal(dialogName(kTitle), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return chosen;
  ImGui::TextUnformatted(tr("A floor, four walls, static colliders and movers on looping paths."));
  ImGui::TextDisabled("%s", tr("The same seed and counts give the same level (satlab level on the command line)."));
  int seed = static_cast<int>(options_.seed & 0x7fffffffu);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::InputInt(L("seed"), &seed)) options_.seed = static_cast<std::uint32_t>(std::max(seed, 0));
  countField(L("static colliders"), options_.statics, 99000);
  countField(L("movers"), options_.movers, 99000);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  ImGui::SliderFloat(L("turned boxes (OBBs)"), &options_.rotatedShare, 0.0f, 1.0f, "%.2f");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  ImGui::SliderFloat(L("spheres"), &options_.sphereShare, 0.0f, 1.0f, "%.2f");
  const std::optional<std::string> problem = levelOptionsProblem(options_);
  if (problem) ImGui::TextColored(ImVec4(0.9f, 0.3f, 0.2f, 1.0f), "%s", problem->c_str());
  ImGui::BeginDisabled(problem.has_value());
  if (ImGui::Button(L("Create (Enter)")) || (!problem && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))) {
    chosen = options_;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(L("Cancel (Esc)")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return chosen;
}

}  // namespace satlab
