#include "render/view_setup.hpp"

#include <glm/gtc/matrix_transform.hpp>

namespace satlab {

ViewSetup makeViewSetup(const OrbitCamera& camera, ViewMode mode, float aspect, float centerShiftNdcX) {
  ViewSetup v;
  if (mode == ViewMode::TwoD) {
    OrbitCamera top = camera;
    top.orthographic = true;
    v.eye = camera.target + glm::vec3(0.0f, 0.0f, camera.distance);
    v.forward = glm::vec3(0.0f, 0.0f, -1.0f);
    // Looking straight down, "up" on screen is +Y, so X points right.
    v.view = glm::lookAt(v.eye, camera.target, glm::vec3(0.0f, 1.0f, 0.0f));
    v.proj = top.projection(aspect);
    v.orthographic = true;
  } else {
    v.eye = camera.eye();
    v.forward = camera.forward();
    v.view = camera.view();
    v.proj = camera.projection(aspect);
    v.orthographic = camera.orthographic;
  }
  if (centerShiftNdcX != 0.0f) {
    glm::mat4 shift(1.0f);
    shift[3][0] = centerShiftNdcX;  // clip x += shift * w: NDC x moves by `shift`
    v.proj = shift * v.proj;
  }
  v.viewProj = v.proj * v.view;
  return v;
}

bool projectToPixel(const glm::mat4& viewProj, const glm::vec2& viewportPx, const glm::vec3& world, glm::vec2& px) {
  const glm::vec4 clip = viewProj * glm::vec4(world, 1.0f);
  if (clip.w <= 1e-6f) return false;
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  px = glm::vec2((ndc.x * 0.5f + 0.5f) * viewportPx.x, (0.5f - ndc.y * 0.5f) * viewportPx.y);
  return true;
}

}  // namespace satlab
