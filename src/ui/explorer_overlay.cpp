#include "ui/explorer_overlay.hpp"

#include "ui/theme.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {
ImU32 imU32Of(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }
}  // namespace

void worldLabel(LabelLayer* labels, const ViewMapping& view, const glm::vec2& fbPerWindow, const glm::vec3& at,
                const std::string& text, const glm::vec4& color) {
  glm::vec2 px;
  if (!view.toPixel(at, px)) return;
  // Only labels that can be seen: a point far off screen is not worth a draw call (and
  // toPixel has already refused what is not finite).
  const glm::vec2 margin = view.viewportPx * 0.5f + glm::vec2(200.0f);
  if (px.x < -margin.x || px.y < -margin.y || px.x > view.viewportPx.x + margin.x ||
      px.y > view.viewportPx.y + margin.y) {
    return;
  }
  if (labels != nullptr) {
    // Above the view's own labels (names), below nothing: the numbers are the lesson.
    labels->add(px, text, color, kExplorerLabelPriority);
    return;
  }
  ImDrawList* dl = ImGui::GetBackgroundDrawList();  // panels stay on top of the picture
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 p(px.x / fbPerWindow.x - size.x * 0.5f, px.y / fbPerWindow.y - size.y - 6.0f);
  dl->AddRectFilled(ImVec2(p.x - 3, p.y - 1), ImVec2(p.x + size.x + 3, p.y + size.y + 1),
                    imU32Of(currentPalette().labelChip), 3.0f);
  dl->AddText(p, ImGui::ColorConvertFloat4ToU32(ImVec4(color.r, color.g, color.b, 1.0f)), text.c_str());
}

std::string fmt(const char* format, float value) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, static_cast<double>(value));
  return buf;
}

std::string fmtName(const char* format, const std::string& name) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, name.c_str());
  return buf;
}

float worldPerPixel(const ViewMapping& view, const glm::vec3& p, const glm::vec3& dir, float scale) {
  const float step = std::max(scale, OrbitCamera::kMinDistance) * 0.1f;
  glm::vec2 a, b;
  if (!view.toPixel(p, a) || !view.toPixel(p + dir * step, b)) return step * 0.01f;
  const float len = glm::length(b - a);
  if (!(len > 1e-3f)) return step * 0.01f;
  const float w = step / len;
  return std::isfinite(w) && w > 0.0f ? w : step * 0.01f;
}

glm::vec3 pointAt(const std::vector<glm::vec3>& pts, const glm::vec3& axis, float value) {
  glm::vec3 best = pts.empty() ? glm::vec3(0.0f) : pts.front();
  float bestErr = 1e30f;
  for (const glm::vec3& p : pts) {
    const float err = std::abs(glm::dot(p, axis) - value);
    if (err < bestErr) bestErr = err, best = p;
  }
  return best;
}

}  // namespace satlab
