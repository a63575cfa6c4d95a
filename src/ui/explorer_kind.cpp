#include "ui/explorer_kind.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

ImVec4 separatesColor() { return ImVec4(0.45f, 0.85f, 1.0f, 1.0f); }
ImVec4 penetratesColor() { return ImVec4(1.0f, 0.6f, 0.3f, 1.0f); }
ImVec4 dimColor() { return ImVec4(0.55f, 0.55f, 0.6f, 1.0f); }

std::string shapeName(const Scene& scene, int index) {
  return (index >= 0 && index < static_cast<int>(scene.shapes.size())) ? scene.shapes[static_cast<size_t>(index)].name
                                                                       : "?";
}

void drawStepButtons(ExplorerState& state, int count) {
  if (ImGui::Button("Prev ([)")) state.step = std::max(state.step - 1, 0), state.playing = false;
  ImGui::SameLine();
  if (ImGui::Button("Next (])")) state.step = std::min(state.step + 1, count - 1), state.playing = false;
  ImGui::SameLine();
  if (ImGui::Button(state.playing ? "Pause (Space)" : "Play (Space)")) {
    state.playing = !state.playing;
    if (state.playing && state.step >= count - 1) state.step = 0;
    state.playClock = 0.0f;
  }
}

void drawStepper(ExplorerState& state, int count) {
  if (count <= 0) return;
  drawStepButtons(state, count);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  ImGui::SliderFloat("steps/s", &state.stepsPerSecond, 0.25f, 8.0f, "%.2g");
  int shown = state.step + 1;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##step", &shown, 1, count, "step %d")) state.step = shown - 1, state.playing = false;
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
