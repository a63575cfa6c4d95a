#include "render/view_setup.hpp"

#include <cmath>

namespace satlab {

ViewSetup makeViewSetup(const OrbitCamera& camera, ViewMode mode, float aspect, float centerShiftNdcX) {
  ViewSetup v;
  if (mode == ViewMode::TwoD) {
    OrbitCamera top = camera;
    top.clampToRange();
    top.orthographic = true;
    v.eye = top.target + glm::vec3(0.0f, 0.0f, top.distance);
    v.forward = glm::vec3(0.0f, 0.0f, -1.0f);
    // Looking straight down, "up" on screen is +Y, so X points right.
    v.view = lookAlong(v.eye, v.forward, glm::vec3(0.0f, 1.0f, 0.0f));
    v.proj = top.projection(aspect);
    v.orthographic = true;
  } else {
    v.eye = camera.eye();
    v.forward = camera.forward();
    v.view = camera.view();
    v.proj = camera.projection(aspect);
    v.orthographic = camera.orthographic;
  }
  if (centerShiftNdcX != 0.0f && std::isfinite(centerShiftNdcX)) {
    glm::mat4 shift(1.0f);
    shift[3][0] = centerShiftNdcX;  // clip x += shift * w: NDC x moves by `shift`
    v.proj = shift * v.proj;
  }
  v.viewProj = v.proj * v.view;
  return v;
}

bool projectToPixel(const glm::mat4& viewProj, const glm::vec2& viewportPx, const glm::vec3& world, glm::vec2& px) {
  // Double: a float product overflows for coordinates and matrix entries near 1e19 and
  // beyond, and a NaN compared with anything is false, so it would pass any test below.
  const glm::dvec4 clip = glm::dmat4(viewProj) * glm::dvec4(glm::dvec3(world), 1.0);
  if (!(clip.w > 0.0)) return false;  // behind the eye, on its plane, or NaN
  const double x = (clip.x / clip.w * 0.5 + 0.5) * static_cast<double>(viewportPx.x);
  const double y = (0.5 - clip.y / clip.w * 0.5) * static_cast<double>(viewportPx.y);
  const double limit = kMaxPixelCoordinate;
  if (!(std::abs(x) <= limit) || !(std::abs(y) <= limit)) return false;  // also NaN
  px = glm::vec2(static_cast<float>(x), static_cast<float>(y));
  return true;
}

}  // namespace satlab
