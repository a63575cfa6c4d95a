// The interactive view of one scene: camera input, drawing, panels, screenshots.
#pragma once

#include "render/camera.hpp"
#include "render/scene_renderer.hpp"
#include "render/render_target.hpp"
#include "scene/scene.hpp"

#include <string>
#include <vector>

struct GLFWwindow;

namespace satlab {

class Viewer {
 public:
  /// Loads `path`, or the built-in default scene when `path` is empty.
  bool loadInitialScene(const std::string& path, std::string& error);
  bool initGl(std::string& error);
  void releaseGl();
  void setWindow(GLFWwindow* window) { window_ = window; }

  void update(int fbWidth, int fbHeight);
  void draw(int fbWidth, int fbHeight, bool offscreen);
  void drawUi();
  bool writeScreenshot(const std::string& path, std::string& error);

 private:
  void frameAll(float aspect);
  void drawLabels();

  Scene scene_;
  std::string sceneName_;
  OrbitCamera camera_;
  bool framed_ = false;
  SceneRenderer renderer_;
  std::vector<ShapeStyle> styles_;  // per shape; selection and hover set them
  RenderTarget offscreen_;
  glm::mat4 viewProj_{1.0f};
  glm::vec2 viewport_{1.0f};
  glm::vec2 fbPerWindow_{1.0f};
  bool offscreenUsed_ = false;
  GLFWwindow* window_ = nullptr;
};

}  // namespace satlab
