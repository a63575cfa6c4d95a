#include "ui/explorer_kind.hpp"
#include "ui/item_rects.hpp"

#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace satlab {

namespace {

// The collision core's texts the explorers show (src/collide: results.cpp, trace.cpp and the
// tests' headers), listed for the catalog: the core is standalone and has none of its own.
// Names of axes, corners and edges (A0, A1xB2, ab, p0) and formulas ("t < 0") stay as they are.
[[maybe_unused]] constexpr const char* kCoreTexts[] = {
    // testName(): the display names of the tests
    N_("AABB-segment"),
    N_("segment-AABB"),
    N_("segment-OBB"),
    N_("OBB-segment"),
    N_("sphere-AABB"),
    N_("sphere-OBB"),
    N_("segment-sphere"),
    N_("sphere-sphere"),
    N_("segment-segment"),
    N_("AABB-triangle"),
    N_("OBB-triangle"),
    N_("sphere-triangle"),
    N_("segment-triangle"),
    N_("triangle-triangle"),
    N_("mesh-mesh"),
    N_("mesh-AABB"),
    N_("mesh-OBB"),
    N_("mesh-sphere"),
    N_("mesh-segment"),
    N_("mesh-triangle"),
    N_("AABB-AABB in time"),
    N_("AABB-OBB in time"),
    N_("OBB-OBB in time"),
    N_("AABB-AABB as a ray against A+B"),
    N_("moving sphere-sphere"),
    N_("moving sphere-AABB"),
    N_("moving sphere-OBB"),
    N_("moving sphere-triangle"),
    N_("turning OBB-OBB"),
    N_("turning sphere-OBB"),
    N_("capsule-sphere"),
    N_("capsule-capsule"),
    N_("capsule-segment"),
    N_("capsule-AABB"),
    N_("capsule-OBB"),
    N_("capsule-triangle"),
    N_("mesh-capsule"),
    N_("capsule-capsule by advancement"),
    N_("capsule-sphere by advancement"),
    N_("capsule-OBB by advancement"),
    N_("hull-hull"),
    N_("hull-AABB"),
    N_("hull-OBB"),
    N_("hull-sphere"),
    N_("hull-capsule"),
    N_("hull-segment"),
    N_("hull-triangle"),
    N_("mesh-hull"),
    // axisKindName(): what an axis is
    N_("face of A"),
    N_("face of B"),
    N_("edge x edge"),
    N_("face"),
    N_("edge x d"),
    N_("triangle normal"),
    N_("axis x triangle edge"),
    N_("face of A x triangle edge"),
    N_("face of B x triangle edge"),
    N_("normal of A"),
    N_("normal of B"),
    N_("edge of A x edge of B"),
    N_("edge normal of A"),
    N_("edge normal of B"),
    N_("face of A x d"),
    N_("face of B x d"),
    // label(GjkEnd), label(EpaEnd): why GJK and EPA stopped
    N_("distance converged"),
    N_("origin enclosed"),
    N_("origin on the simplex"),
    N_("no progress"),
    N_("iteration limit"),
    N_("depth converged"),
    N_("flat difference"),
    N_("expansion limit"),
    // segment-segment's steps (segment_segment.hpp)
    N_("both points: s = t = 0"),
    N_("A is a point: t = clamp(f / e)"),
    N_("B is a point: s = clamp(-c / a)"),
    N_("s from the lines, clamped"),
    N_("parallel: s = 0"),
    N_("t < 0: t = 0, s = clamp(-c / a)"),
    N_("t > 1: t = 1, s = clamp((b - c) / a)"),
    // a capsule's candidate features (capsule.hpp)
    N_("centre"),
    N_("meets"),
    N_("segments"),
    N_("edge ab"),
    N_("edge bc"),
    N_("edge ca"),
};

}  // namespace

std::string trCore(std::string_view coreText) {
  if (coreText.empty()) return {};
  const std::string english(coreText);
  // A box's numbered edge ("edge 7", capsule.hpp): the word translated, the number kept.
  if (coreText.size() > 5 && coreText.substr(0, 5) == "edge " && coreText[5] >= '0' && coreText[5] <= '9') {
    char buf[64];
    std::snprintf(buf, sizeof buf, tr("edge %s"), english.c_str() + 5);
    return buf;
  }
  return tr(english.c_str());
}

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
  if (ImGui::Button(L("Prev ([)"))) state.step = std::max(state.step - 1, 0), state.playing = false;
  rememberItem("explorer.prev");
  if (wrap) sameLineIfFits(buttonWidth(L("Next (])")));
  if (!wrap) ImGui::SameLine();
  if (ImGui::Button(L("Next (])"))) state.step = std::min(state.step + 1, count - 1), state.playing = false;
  rememberItem("explorer.next");
  const char* play = state.playing ? L("Pause (Space)") : L("Play (Space)");
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
  sameLineIfFits(speedW + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(L("steps/s"), nullptr, true).x);
  ImGui::SetNextItemWidth(speedW);
  ImGui::SliderFloat(L("steps/s"), &state.stepsPerSecond, 0.25f, 8.0f, "%.2g");
  int shown = state.step + 1;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##step", &shown, 1, count, tr("step %d"))) state.step = shown - 1, state.playing = false;
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
