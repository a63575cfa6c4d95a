#include "viewer.hpp"

#include "default_scene.hpp"
#include "render/wire_shapes.hpp"
#include "scene/scene_load.hpp"
#include "ui/scene_panel.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

namespace {

constexpr float kShapeLineWidth = 2.5f;

/// World-space bounds of a shape, for framing the camera.
void extend(const ShapeGeometry& g, glm::vec3& lo, glm::vec3& hi) {
  auto grow = [&](const glm::vec3& p) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  };
  if (const auto* a = std::get_if<Aabb>(&g)) {
    grow(a->min());
    grow(a->max());
  } else if (const auto* o = std::get_if<Obb>(&g)) {
    // |R| * e: the half extents of the box's world-axis-aligned bounds.
    const glm::vec3 e = glm::abs(o->axes[0]) * o->half.x + glm::abs(o->axes[1]) * o->half.y +
                        glm::abs(o->axes[2]) * o->half.z;
    grow(o->center - e);
    grow(o->center + e);
  } else if (const auto* s = std::get_if<Sphere>(&g)) {
    grow(s->center - glm::vec3(s->radius));
    grow(s->center + glm::vec3(s->radius));
  } else if (const auto* seg = std::get_if<Segment>(&g)) {
    grow(seg->p0);
    grow(seg->p1);
  }
}

glm::vec3 labelAnchor(const ShapeGeometry& g) {
  if (const auto* a = std::get_if<Aabb>(&g)) return a->center + glm::vec3(0, 0, a->half.z);
  if (const auto* o = std::get_if<Obb>(&g)) return o->center;
  if (const auto* s = std::get_if<Sphere>(&g)) return s->center + glm::vec3(0, 0, s->radius);
  const auto& seg = std::get<Segment>(g);
  return (seg.p0 + seg.p1) * 0.5f;
}

}  // namespace

bool Viewer::loadInitialScene(const std::string& path, std::string& error) {
  SceneLoadResult result = path.empty() ? parseScene(defaultSceneText(), "scenes/default.json") : loadScene(path);
  if (!result.ok()) {
    error = result.error->text();
    return false;
  }
  for (const SceneDiagnostic& w : result.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  scene_ = std::move(result.scene);
  sceneName_ = path.empty() ? "scenes/default.json" : path;
  return true;
}

bool Viewer::initGl(std::string& error) { return lines_.init(error); }

void Viewer::releaseGl() {
  lines_.release();
  offscreen_.release();
}

void Viewer::frameAll(float aspect) {
  glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (const SceneShape& s : scene_.shapes) extend(s.geometry, lo, hi);
  if (scene_.shapes.empty()) {
    lo = glm::vec3(-2.0f);
    hi = glm::vec3(2.0f);
  }
  camera_.frame(lo, hi, aspect);
}

void Viewer::update(int fbWidth, int fbHeight) {
  const float aspect = static_cast<float>(fbWidth) / static_cast<float>(fbHeight);
  if (!framed_) {
    frameAll(aspect);
    framed_ = true;
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureMouse) {
    const ImVec2 d = io.MouseDelta;
    if (io.MouseDown[0] && (d.x != 0.0f || d.y != 0.0f)) camera_.orbit(d.x, d.y);
    if ((io.MouseDown[1] || io.MouseDown[2]) && (d.x != 0.0f || d.y != 0.0f)) {
      camera_.pan(d.x, d.y, io.DisplaySize.y);
    }
    if (io.MouseWheel != 0.0f) camera_.zoom(io.MouseWheel);
  }
  if (!io.WantCaptureKeyboard) {
    if (ImGui::IsKeyPressed(GLFW_KEY_HOME) || ImGui::IsKeyPressed(GLFW_KEY_F)) frameAll(aspect);
    if (ImGui::IsKeyPressed(GLFW_KEY_KP_5)) camera_.orthographic = !camera_.orthographic;
    if (ImGui::IsKeyPressed(GLFW_KEY_KP_1)) camera_.yawDeg = -90.0f, camera_.pitchDeg = 0.0f;
    if (ImGui::IsKeyPressed(GLFW_KEY_KP_3)) camera_.yawDeg = 0.0f, camera_.pitchDeg = 0.0f;
    if (ImGui::IsKeyPressed(GLFW_KEY_KP_7)) camera_.yawDeg = -90.0f, camera_.pitchDeg = 89.0f;
  }
}

void Viewer::draw(int fbWidth, int fbHeight, bool offscreen) {
  if (offscreen) {
    if (offscreen_.width() != fbWidth || offscreen_.height() != fbHeight) {
      std::string error;
      if (!offscreen_.create(fbWidth, fbHeight, 4, error)) std::fprintf(stderr, "satlab: %s\n", error.c_str());
    }
    offscreen_.bind();
    offscreenUsed_ = true;
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fbWidth, fbHeight);
  }
  viewport_ = glm::vec2(static_cast<float>(fbWidth), static_cast<float>(fbHeight));
  const ImGuiIO& io = ImGui::GetIO();
  fbPerWindow_ = glm::vec2(viewport_.x / std::max(io.DisplaySize.x, 1.0f), viewport_.y / std::max(io.DisplaySize.y, 1.0f));
  viewProj_ = camera_.projection(viewport_.x / viewport_.y) * camera_.view();

  glClearColor(0.13f, 0.14f, 0.16f, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_MULTISAMPLE);

  // Ground grid first, sized to the framed region.
  const float gridExtent = std::max(10.0f, camera_.distance * 1.5f);
  const float gridStep = std::pow(10.0f, std::floor(std::log10(std::max(camera_.distance, 0.1f) / 4.0f)));
  addGrid(lines_, camera_.target, gridExtent, std::max(gridStep, 0.01f));
  glDepthMask(GL_FALSE);  // the grid never hides an edge lying on the ground
  lines_.flush(viewProj_, viewport_);
  glDepthMask(GL_TRUE);

  const glm::vec3 eye = camera_.eye();
  const glm::vec3 viewDir = camera_.forward();
  for (const SceneShape& s : scene_.shapes) {
    std::visit(
        [&](const auto& g) {
          using T = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<T, Aabb>) {
            addAabb(lines_, g, s.color, kShapeLineWidth);
          } else if constexpr (std::is_same_v<T, Obb>) {
            addObb(lines_, g, s.color, kShapeLineWidth);
          } else if constexpr (std::is_same_v<T, Sphere>) {
            addSphere(lines_, g, sphereSilhouette(g, eye, viewDir, camera_.orthographic), s.color, kShapeLineWidth);
          } else {
            addSegment(lines_, g, viewDir, s.color, kShapeLineWidth * 1.4f);
          }
        },
        s.geometry);
  }
  lines_.flush(viewProj_, viewport_);

  // The world-axes widget: a small fixed-size view in the lower left corner.
  const int widget = static_cast<int>(std::min(viewport_.x, viewport_.y) * 0.14f);
  glClear(GL_DEPTH_BUFFER_BIT);
  glViewport(8, 8, widget, widget);
  OrbitCamera axesCam = camera_;
  axesCam.target = glm::vec3(0.0f);
  axesCam.distance = 3.2f;
  axesCam.orthographic = false;
  addAxes(lines_, glm::vec3(0.0f), 1.0f, 3.0f);
  lines_.flush(axesCam.projection(1.0f) * axesCam.view(), glm::vec2(static_cast<float>(widget)));
  glViewport(0, 0, fbWidth, fbHeight);
  glDisable(GL_DEPTH_TEST);
}

void Viewer::drawLabels() {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  for (const SceneShape& s : scene_.shapes) {
    const glm::vec4 clip = viewProj_ * glm::vec4(labelAnchor(s.geometry), 1.0f);
    if (clip.w <= 1e-4f) continue;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f) continue;
    const ImVec2 p((ndc.x * 0.5f + 0.5f) * viewport_.x / fbPerWindow_.x,
                   (0.5f - ndc.y * 0.5f) * viewport_.y / fbPerWindow_.y - 18.0f);
    const ImVec2 size = ImGui::CalcTextSize(s.name.c_str());
    const ImVec2 at(p.x - size.x * 0.5f, p.y);
    dl->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2),
                      IM_COL32(20, 22, 26, 190), 4.0f);
    dl->AddText(at, ImGui::ColorConvertFloat4ToU32(ImVec4(s.color.r, s.color.g, s.color.b, 1.0f)), s.name.c_str());
  }
  // The axes widget's letters.
  const float widget = std::min(viewport_.x, viewport_.y) * 0.14f;
  OrbitCamera axesCam = camera_;
  axesCam.target = glm::vec3(0.0f);
  axesCam.distance = 3.2f;
  axesCam.orthographic = false;
  const glm::mat4 vp = axesCam.projection(1.0f) * axesCam.view();
  const char* names[3] = {"X", "Y", "Z"};
  const ImU32 colors[3] = {IM_COL32(240, 70, 70, 255), IM_COL32(70, 210, 80, 255), IM_COL32(90, 130, 255, 255)};
  for (int i = 0; i < 3; ++i) {
    glm::vec3 tip(0.0f);
    tip[i] = 1.25f;
    const glm::vec4 c = vp * glm::vec4(tip, 1.0f);
    const glm::vec2 ndc = glm::vec2(c) / c.w;
    const ImVec2 p((8.0f + (ndc.x * 0.5f + 0.5f) * widget) / fbPerWindow_.x - 4.0f,
                   (viewport_.y - 8.0f - (ndc.y * 0.5f + 0.5f) * widget) / fbPerWindow_.y - 7.0f);
    dl->AddText(p, colors[i], names[i]);
  }
}

void Viewer::drawUi() {
  drawLabels();
  drawScenePanel(scene_, sceneName_);
}

bool Viewer::writeScreenshot(const std::string& path, std::string& error) {
  if (!offscreenUsed_) {
    error = "no offscreen image to save";
    return false;
  }
  return writePng(path, offscreen_.width(), offscreen_.height(), offscreen_.readRgba(), error);
}

}  // namespace satlab
