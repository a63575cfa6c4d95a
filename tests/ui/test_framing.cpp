// Tiny and huge shapes in the view: a box 1e-4 across beside ordinary ones can be clicked
// (it is a dot on screen) and framed with F; Home and F fill the view at every scale from
// 1e-4 to 1e4; the ground grid's spacing follows the zoom. Camera maths only: no display.
#include "render/view_setup.hpp"
#include "render/wire_shapes.hpp"
#include "ui/picking.hpp"
#include "ui/viewport_tools.hpp"

#include "document/scene_edit.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace satlab::test {
namespace {

const glm::vec2 kViewport(1280.0f, 720.0f);
constexpr float kAspect = 1280.0f / 720.0f;

SceneShape box(const char* name, const glm::vec3& c, float half, float yawDeg = 0.0f) {
  SceneShape s;
  s.name = name;
  s.geometry =
      Obb{c, glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(yawDeg), glm::vec3(0, 0, 1))), glm::vec3(half)};
  return s;
}

/// The pixel rectangle of shape `i`'s bounds as `camera` shows them.
bool onScreen(const Scene& scene, int i, const OrbitCamera& camera, glm::vec2& lo, glm::vec2& hi) {
  glm::vec3 a, b;
  shapeBounds(scene.shapes[static_cast<size_t>(i)], a, b);
  const glm::mat4 vp = makeViewSetup(camera, scene.view, kAspect).viewProj;
  lo = glm::vec2(std::numeric_limits<float>::max());
  hi = -lo;
  for (int k = 0; k < 8; ++k) {
    glm::vec2 px;
    if (!projectToPixel(vp, kViewport, glm::vec3((k & 1) ? b.x : a.x, (k & 2) ? b.y : a.y, (k & 4) ? b.z : a.z), px)) {
      return false;
    }
    lo = glm::min(lo, px);
    hi = glm::max(hi, px);
  }
  return true;
}

TEST(TinyShapes, ABoxATenThousandthAcrossBesideAUnitBoxIsClickedAtItsDotThenFramedByF) {
  Scene scene;
  scene.shapes.push_back(box("unit", glm::vec3(0.0f), 1.0f));
  scene.shapes.push_back(box("tiny", glm::vec3(3, 2, 1), 1e-4f, 30.0f));
  OrbitCamera camera;
  ViewportTools::frameShapes(scene, {}, camera, kAspect);  // Home
  const ViewMapping view{makeViewSetup(camera, ViewMode::ThreeD, kAspect).viewProj, kViewport};
  glm::vec2 dot;
  ASSERT_TRUE(view.toPixel(glm::vec3(3, 2, 1), dot));
  // A click 3 pixels beside the dot the renderer draws for it selects it (the pick ray
  // itself misses a box that small), as the viewport's 6 px tolerance promises.
  EXPECT_EQ(pickShape(scene, view, dot + glm::vec2(3.0f, -2.0f), 6.0f).shape, 1);
  EXPECT_EQ(pickShape(scene, view, dot + glm::vec2(20.0f, 0.0f), 6.0f).shape, -1);
  // F on it: it fills most of the view, centred.
  ViewportTools::frameShapes(scene, {1}, camera, kAspect);
  glm::vec2 lo, hi;
  ASSERT_TRUE(onScreen(scene, 1, camera, lo, hi));
  EXPECT_GT(hi.y - lo.y, 0.5f * kViewport.y);
  EXPECT_GE(lo.y, 0.0f);
  EXPECT_LE(hi.y, kViewport.y);
  EXPECT_NEAR(0.5f * (lo.x + hi.x), 640.0f, 40.0f);
}

TEST(TinyShapes, HomeAndFFillTheViewAtEveryScale) {
  for (float half : {1e-4f, 1e-3f, 1e-2f, 1.0f, 1e2f, 1e4f}) {
    Scene scene;
    scene.shapes.push_back(box("a", glm::vec3(0.0f), half));
    scene.shapes.push_back(box("b", glm::vec3(3.0f * half, 2.0f * half, 0.0f), half, 30.0f));
    for (const std::vector<int>& which : {std::vector<int>{}, std::vector<int>{1}}) {
      OrbitCamera camera;
      ViewportTools::frameShapes(scene, which, camera, kAspect);
      const int shown = which.empty() ? 0 : 1;
      glm::vec2 lo, hi;
      ASSERT_TRUE(onScreen(scene, shown, camera, lo, hi)) << half;
      EXPECT_GT(hi.y - lo.y, which.empty() ? 0.1f * kViewport.y : 0.5f * kViewport.y) << half;
      EXPECT_GE(lo.x, 0.0f) << half;
      EXPECT_LE(hi.x, kViewport.x) << half;
      EXPECT_GE(lo.y, 0.0f) << half;
      EXPECT_LE(hi.y, kViewport.y) << half;
    }
  }
}

TEST(GridStep, FollowsTheZoomFromATenThousandthToTenThousand) {
  for (float distance : {4.75e-4f, 3e-3f, 0.05f, 1.0f, 4.75f, 300.0f, 4.75e4f}) {
    const float step = gridStepFor(distance, glm::vec3(0.0f));
    // A power of ten between a fortieth and a quarter of the distance: 6 to 60 lines across
    // the 1.5 distances the grid reaches each way.
    EXPECT_LE(step, distance / 4.0f) << distance;
    EXPECT_GT(step, distance / 40.0f) << distance;
    EXPECT_NEAR(std::log10(step), std::round(std::log10(step)), 1e-4f) << distance;
  }
  // Far from the origin not finer than the camera resolves there; never zero or NaN.
  EXPECT_GE(gridStepFor(1e-3f, glm::vec3(1e4f, 0.0f, 0.0f)), OrbitCamera::minDistanceAt(glm::vec3(1e4f, 0, 0)) * 0.1f);
  EXPECT_GT(gridStepFor(std::numeric_limits<float>::quiet_NaN(), glm::vec3(0.0f)), 0.0f);
  EXPECT_GT(gridStepFor(0.0f, glm::vec3(0.0f)), 0.0f);
}

}  // namespace
}  // namespace satlab::test
