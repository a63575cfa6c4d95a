#include "render/view_setup.hpp"

#include "document/scene_edit.hpp"
#include "render/label_anchor.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

ViewSetup makeViewSetup(const OrbitCamera& camera, ViewMode mode, float aspect, float centerShiftNdcX,
                        float centerShiftNdcY) {
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
  const bool sx = centerShiftNdcX != 0.0f && std::isfinite(centerShiftNdcX);
  const bool sy = centerShiftNdcY != 0.0f && std::isfinite(centerShiftNdcY);
  if (sx || sy) {
    glm::mat4 shift(1.0f);
    if (sx) shift[3][0] = centerShiftNdcX;  // clip x += shift * w: NDC x moves by `shift`
    if (sy) shift[3][1] = centerShiftNdcY;
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

void frameShapes(const Scene& scene, const std::vector<int>& which, OrbitCamera& camera, float aspect) {
  glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  bool any = false;
  auto add = [&](const SceneShape& s) {
    glm::vec3 a, b;
    shapeBounds(s, a, b);
    // A shape whose bounds overflow a float cannot be framed; the others still are.
    for (int k = 0; k < 3; ++k) {
      if (!std::isfinite(a[k]) || !std::isfinite(b[k])) return;
    }
    lo = glm::min(lo, a);
    hi = glm::max(hi, b);
    any = true;
  };
  if (which.empty()) {
    for (const SceneShape& s : scene.shapes) add(s);
  } else {
    for (int i : which) {
      if (i >= 0 && i < static_cast<int>(scene.shapes.size())) add(scene.shapes[static_cast<size_t>(i)]);
    }
  }
  if (!any) {
    lo = glm::vec3(-2.0f);
    hi = glm::vec3(2.0f);
  }
  camera.frame(lo, hi, aspect);
}

glm::vec3 shapeLabelAnchor(const SceneShape& shape, bool flat) {
  if (flat) return outlineTop2D(shape);  // on the outline: a rotated box's bounds float above it
  // A segment at its start (the round cap): its middle is where it passes through what it
  // is tested against, and its name would sit on that shape's.
  if (const auto* s = std::get_if<Segment>(&shape.geometry)) return s->p0;
  const glm::vec3 c = shapeCenter(shape);
  glm::vec3 lo, hi;
  shapeBounds(shape, lo, hi);  // world-axis-aligned bounds (scene_edit.hpp)
  const glm::vec3 h = 0.5f * (hi - lo);
  return c + glm::vec3(0.0f, 0.0f, h.z);
}

std::optional<DistanceRange> applyLessonCamera(const Scene& scene, const LessonState& lesson, float aspect,
                                               OrbitCamera& camera) {
  if (scene.view == ViewMode::ThreeD) {
    if (lesson.yawDeg) camera.yawDeg = *lesson.yawDeg;
    if (lesson.pitchDeg) camera.pitchDeg = *lesson.pitchDeg;
    frameShapes(scene, {}, camera, aspect);
  }
  if (lesson.target) camera.target = *lesson.target;
  std::optional<DistanceRange> clamped;
  if (lesson.distance) {
    const DistanceRange range{camera.distance * 1e-3f, camera.distance * 1e3f};
    camera.distance = std::clamp(*lesson.distance, range.lo, range.hi);
    if (camera.distance != *lesson.distance) clamped = range;
  }
  camera.clampToRange();
  return clamped;
}

}  // namespace satlab
