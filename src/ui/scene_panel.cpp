#include "ui/scene_panel.hpp"

#include <imgui.h>

#include <cstdio>

namespace satlab {

namespace {

void vecText(const char* label, const glm::vec3& v) { ImGui::Text("%s (%.3g, %.3g, %.3g)", label, v.x, v.y, v.z); }

void shapeDetails(const SceneShape& s) {
  if (const auto* a = std::get_if<Aabb>(&s.geometry)) {
    vecText("centre", a->center);
    vecText("half  ", a->half);
  } else if (const auto* o = std::get_if<Obb>(&s.geometry)) {
    vecText("centre", o->center);
    vecText("half  ", o->half);
    for (int i = 0; i < 3; ++i) {
      char label[16];
      std::snprintf(label, sizeof label, "axis %d", i);
      vecText(label, o->axes[i]);
    }
  } else if (const auto* sp = std::get_if<Sphere>(&s.geometry)) {
    vecText("centre", sp->center);
    ImGui::Text("radius %.3g", sp->radius);
  } else if (const auto* seg = std::get_if<Segment>(&s.geometry)) {
    vecText("p0", seg->p0);
    vecText("p1", seg->p1);
  }
}

}  // namespace

void drawScenePanel(const Scene& scene, const std::string& source) {
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(300, 0), ImGuiCond_FirstUseEver);
  ImGui::Begin("Scene");
  ImGui::TextUnformatted(scene.title.empty() ? "(untitled scene)" : scene.title.c_str());
  ImGui::TextDisabled("%s", source.c_str());
  if (!scene.notes.empty()) {
    ImGui::Separator();
    ImGui::TextWrapped("%s", scene.notes.c_str());
  }
  ImGui::Separator();
  ImGui::Text("%zu shapes", scene.shapes.size());
  for (const SceneShape& s : scene.shapes) {
    ImGui::PushID(&s);
    ImGui::ColorButton("##color", ImVec4(s.color.r, s.color.g, s.color.b, s.color.a),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop, ImVec2(14, 14));
    ImGui::SameLine();
    const std::string kind(shapeKindName(s.kind()));
    if (ImGui::TreeNode("##shape", "%s  (%s)", s.name.c_str(), kind.c_str())) {
      shapeDetails(s);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  if (ImGui::CollapsingHeader("Controls")) {
    ImGui::BulletText("Left-drag: orbit");
    ImGui::BulletText("Right- or middle-drag: pan");
    ImGui::BulletText("Wheel: zoom");
    ImGui::BulletText("Home or F: frame everything");
    ImGui::BulletText("Numpad 1 / 3 / 7: front / right / top");
    ImGui::BulletText("Numpad 5: perspective / orthographic");
  }
  ImGui::End();
}

}  // namespace satlab
