#include "viewer.hpp"

#include "default_scene.hpp"
#include "scene/scene_load.hpp"
#include "ui/scene_panel.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

namespace {

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

bool Viewer::initGl(std::string& error) { return renderer_.init(error); }

void Viewer::releaseGl() {
  renderer_.release();
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
  // HiDPI: line widths in framebuffer pixels follow the window's content scale.
  float scaleX = 1.0f, scaleY = 1.0f;
  if (window_ != nullptr && !offscreen) glfwGetWindowContentScale(window_, &scaleX, &scaleY);
  renderer_.settings().pixelScale = std::max(scaleY, 1.0f);
  styles_.resize(scene_.shapes.size());
  renderer_.draw(scene_, camera_, glm::ivec2(fbWidth, fbHeight), styles_);
  renderer_.flushOverlay();
  viewProj_ = renderer_.viewProj();
}

void Viewer::drawLabels() { renderer_.drawLabels(ImGui::GetBackgroundDrawList(), fbPerWindow_); }

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
