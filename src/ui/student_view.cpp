#include "ui/student_view.hpp"

#include "i18n/i18n.hpp"

#include "ui/keys.hpp"
#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>

namespace satlab {

bool StudentView::leavePressed(double now) {
  if (!on_) return false;
  if (plainPressed(Key::F10)) return true;
  if (!plainPressed(Key::Escape)) return false;
  // The second Esc within a second; a single one (a habit, a dialog) does not leave.
  if (now - lastEscape_ <= kEscapeTwiceSeconds) return true;
  lastEscape_ = now;
  return false;
}

ScreenRect StudentView::drawKeyLine(float maxWidth) const {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* const keyLine = tr(kKeyLine);
  const float width = std::min(ImGui::CalcTextSize(keyLine).x + 2.0f * style.WindowPadding.x,
                               std::max(maxWidth, ImGui::GetFontSize() * 8.0f));
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + kPanelMargin, vp->WorkPos.y + vp->WorkSize.y - kPanelMargin),
                          ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, vp->WorkSize.y));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##studentkeys", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(keyLine);
  ImGui::PopTextWrapPos();
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ImGui::End();
  return ScreenRect{glm::vec2(pos.x, pos.y), glm::vec2(pos.x + size.x, pos.y + size.y)};
}

}  // namespace satlab
