#include "ui/explorer_kind.hpp"
#include "ui/item_rects.hpp"

#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>

namespace satlab {

ImVec4 separatesColor() { return imVec4(currentPalette().separates); }
ImVec4 penetratesColor() { return imVec4(currentPalette().penetrates); }
ImVec4 dimColor() { return imVec4(currentPalette().panelDimText); }

std::string shapeName(const Scene& scene, int index) {
  return (index >= 0 && index < static_cast<int>(scene.shapes.size())) ? scene.shapes[static_cast<size_t>(index)].name
                                                                       : "?";
}

void sameLineIfFits(float nextWidth) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float x = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
  if (x + nextWidth <= right) ImGui::SameLine();
}

float buttonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

void drawStepButtons(ExplorerState& state, int count, bool wrap) {
  if (ImGui::Button("Prev ([)")) state.step = std::max(state.step - 1, 0), state.playing = false;
  rememberItem("explorer.prev");
  if (wrap) sameLineIfFits(buttonWidth("Next (])"));
  if (!wrap) ImGui::SameLine();
  if (ImGui::Button("Next (])")) state.step = std::min(state.step + 1, count - 1), state.playing = false;
  rememberItem("explorer.next");
  const char* play = state.playing ? "Pause (Space)" : "Play (Space)";
  if (wrap) sameLineIfFits(buttonWidth(play));
  if (!wrap) ImGui::SameLine();
  if (ImGui::Button(play)) {
    state.playing = !state.playing;
    if (state.playing && state.step >= count - 1) state.step = 0;
    state.playClock = 0.0f;
  }
}

void drawStepper(ExplorerState& state, int count) {
  if (count <= 0) return;
  drawStepButtons(state, count);
  const float speedW = 90.0f * ImGui::GetFontSize() / 15.0f;
  sameLineIfFits(speedW + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("steps/s").x);
  ImGui::SetNextItemWidth(speedW);
  ImGui::SliderFloat("steps/s", &state.stepsPerSecond, 0.25f, 8.0f, "%.2g");
  int shown = state.step + 1;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##step", &shown, 1, count, "step %d")) state.step = shown - 1, state.playing = false;
}

void drawPictureInPanel(const ExplorerView& view, const ExplorerInput& in) {
  const CanvasStyle style = CanvasStyle::inPanel();
  const std::optional<glm::vec2> size = view.canvasSize(in, style);
  if (!size) return;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, style.text * 8.0f);
  const ScreenRect rect{glm::vec2(o.x, o.y), glm::vec2(o.x + width, o.y + size->y)};
  view.drawCanvas(in, CanvasPainter(ImGui::GetWindowDrawList(), style), rect);
  ImGui::Dummy(ImVec2(width, size->y));
}

CameraRequest lookAlong(const glm::vec3& forward, const glm::vec3& target) {
  const glm::vec3 f = glm::normalize(forward);
  CameraRequest r;
  r.pitchDeg = glm::degrees(std::asin(std::clamp(-f.z, -0.9999f, 0.9999f)));
  r.pitchDeg = std::clamp(r.pitchDeg, -89.0f, 89.0f);
  r.yawDeg = glm::degrees(std::atan2(-f.y, -f.x));
  r.target = target;
  return r;
}

}  // namespace satlab
