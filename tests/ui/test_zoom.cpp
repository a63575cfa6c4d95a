// The mouse wheel zooms toward the cursor (ViewportTools::zoomAt): what is under the
// cursor stays there, at every scale from 1e-4 to 1e4, in perspective, orthographic and 2D
// views, and zooming in on a shape closes in on it instead of carrying the eye through it.
// Camera maths only: no display.
#include "render/view_setup.hpp"
#include "ui/picking.hpp"
#include "ui/viewport_tools.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <string>

namespace satlab::test {
namespace {

const glm::vec2 kViewport(1280.0f, 720.0f);

struct View {
  const char* name;
  ViewMode mode;
  bool orthographic;
};
constexpr View kViews[] = {
    {"perspective", ViewMode::ThreeD, false}, {"orthographic", ViewMode::ThreeD, true}, {"2D", ViewMode::TwoD, false}};

ViewMapping mappingOf(const OrbitCamera& camera, ViewMode mode) {
  return ViewMapping{makeViewSetup(camera, mode, kViewport.x / kViewport.y).viewProj, kViewport};
}

/// A box `size` across at the origin, framed the way Home frames it.
Scene boxScene(float size, ViewMode mode, OrbitCamera& camera, bool orthographic) {
  Scene scene;
  scene.view = mode;
  SceneShape s;
  s.name = "box";
  s.geometry = Obb{glm::vec3(0.0f), glm::mat3(glm::rotate(glm::mat4(1.0f), 0.4f, glm::vec3(0, 0, 1))),
                   glm::vec3(0.5f * size, 0.35f * size, 0.25f * size)};
  scene.shapes.push_back(s);
  if (mode == ViewMode::TwoD) ViewportTools::setTopDown(camera);
  camera.orthographic = orthographic;
  ViewportTools::frameShapes(scene, {}, camera, kViewport.x / kViewport.y);
  return scene;
}

TEST(WheelZoom, TheShapePointUnderTheCursorStaysThereAtEveryScale) {
  for (float size : {1e-4f, 1e-2f, 1.0f, 1e2f, 1e4f}) {
    for (const View& v : kViews) {
      OrbitCamera camera;
      const Scene scene = boxScene(size, v.mode, camera, v.orthographic);
      // Off the centre but on the box: its surface there is nearer than the target.
      const glm::vec2 cursor(700.0f, 330.0f);
      const PickHit under = pickShape(scene, mappingOf(camera, v.mode), cursor, 0.0f);
      ASSERT_EQ(under.shape, 0) << v.name << " " << size;
      for (float steps : {5.0f, -5.0f, 20.0f, -30.0f, 1.0f}) {
        ViewportTools::zoomAt(scene, camera, mappingOf(camera, v.mode), cursor, steps);
        glm::vec2 px;
        ASSERT_TRUE(projectToPixel(mappingOf(camera, v.mode).viewProj, kViewport, under.point, px))
            << v.name << " " << size << " after " << steps;
        EXPECT_NEAR(px.x, cursor.x, 0.5f) << v.name << " size " << size << " after " << steps;
        EXPECT_NEAR(px.y, cursor.y, 0.5f) << v.name << " size " << size << " after " << steps;
      }
    }
  }
}

TEST(WheelZoom, ZoomingInOnAShapeClosesInWithoutPassingThroughIt) {
  for (float size : {1e-4f, 1.0f, 1e4f}) {
    OrbitCamera camera;
    const Scene scene = boxScene(size, ViewMode::ThreeD, camera, false);
    const glm::vec2 cursor(700.0f, 330.0f);
    const PickHit under = pickShape(scene, mappingOf(camera, ViewMode::ThreeD), cursor, 0.0f);
    ASSERT_EQ(under.shape, 0);
    float previous = glm::length(camera.eye() - under.point);
    for (int i = 0; i < 60; ++i) {
      ViewportTools::zoomAt(scene, camera, mappingOf(camera, ViewMode::ThreeD), cursor, 1.0f);
      // The surface point stays in front of the eye, nearer each notch, and the box is
      // still what the cursor is on.
      const float now = glm::length(camera.eye() - under.point);
      ASSERT_GT(glm::dot(under.point - camera.eye(), camera.forward()), 0.0f) << size << " notch " << i;
      EXPECT_LT(now, previous) << size << " notch " << i;
      previous = now;
      EXPECT_EQ(pickShape(scene, mappingOf(camera, ViewMode::ThreeD), cursor, 0.0f).shape, 0) << size << " notch " << i;
    }
  }
}

TEST(WheelZoom, OverEmptySpaceThePointOnTheTargetPlaneStaysUnderTheCursor) {
  for (float size : {1e-4f, 1.0f, 1e4f}) {
    for (const View& v : kViews) {
      OrbitCamera camera;
      const Scene scene = boxScene(size, v.mode, camera, v.orthographic);
      const glm::vec2 cursor(60.0f, 680.0f);  // a corner of the view, off the box
      ASSERT_EQ(pickShape(scene, mappingOf(camera, v.mode), cursor, 6.0f).shape, -1);
      const Segment ray = mappingOf(camera, v.mode).pickSegment(cursor);
      const glm::vec3 n = camera.forward(), d = ray.p1 - ray.p0;
      const glm::vec3 onPlane = ray.p0 + d * (glm::dot(camera.target - ray.p0, n) / glm::dot(d, n));
      for (float steps : {4.0f, -9.0f}) {
        ViewportTools::zoomAt(scene, camera, mappingOf(camera, v.mode), cursor, steps);
        glm::vec2 px;
        ASSERT_TRUE(projectToPixel(mappingOf(camera, v.mode).viewProj, kViewport, onPlane, px));
        EXPECT_NEAR(px.x, cursor.x, 0.5f) << v.name << " " << size;
        EXPECT_NEAR(px.y, cursor.y, 0.5f) << v.name << " " << size;
      }
    }
  }
}

}  // namespace
}  // namespace satlab::test
