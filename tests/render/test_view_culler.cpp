// Culling against the view (render/view_culler.hpp): a shape wholly outside the picture is
// left out, one touching it or inside it is kept, and the guard band keeps shapes just past
// the edge whose edges, halos or labels could still show. No display needed.
#include "render/camera.hpp"
#include "render/view_culler.hpp"
#include "render/view_setup.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace satlab::test {
namespace {

// Looking at the origin from 10 units away, 16:9; the default field of view shows about
// ±4.1 units vertically and ±7.3 horizontally at the target.
ViewSetup lookAtOrigin(ViewMode mode) {
  OrbitCamera cam;
  cam.target = glm::vec3(0.0f);
  cam.distance = 10.0f;
  return makeViewSetup(cam, mode, 16.0f / 9.0f);
}

TEST(ViewCuller, ShapeAtTheTargetIsKept) {
  const ViewCuller culler(lookAtOrigin(ViewMode::ThreeD).viewProj, false);
  ASSERT_TRUE(culler.enabled());
  EXPECT_FALSE(culler.outside(glm::vec3(0.0f), 1.0f));
  EXPECT_FALSE(culler.outside(glm::vec3(0.0f), 0.0f));
}

TEST(ViewCuller, ShapeFarToOneSideIsLeftOut) {
  const ViewSetup v = lookAtOrigin(ViewMode::ThreeD);
  const ViewCuller culler(v.viewProj, false);
  // The view's right and up directions in the world.
  const glm::vec3 right(v.view[0][0], v.view[1][0], v.view[2][0]), up(v.view[0][1], v.view[1][1], v.view[2][1]);
  for (const glm::vec3 d : {right, -right, up, -up}) {
    EXPECT_TRUE(culler.outside(d * 100.0f, 1.0f)) << d.x << " " << d.y << " " << d.z;
    // A sphere big enough to reach back into the view is kept.
    EXPECT_FALSE(culler.outside(d * 100.0f, 100.0f)) << d.x << " " << d.y << " " << d.z;
  }
}

TEST(ViewCuller, ShapeJustPastTheEdgeIsKeptByTheGuardBand) {
  const ViewSetup v = lookAtOrigin(ViewMode::TwoD);  // orthographic: the edge is a fixed x
  const ViewCuller culler(v.viewProj, true);
  const float halfWidth = 1.0f / v.viewProj[0][0];  // world units from the centre to the edge
  EXPECT_FALSE(culler.outside(glm::vec3(halfWidth * 1.1f, 0.0f, 0.0f), 0.0f));
  EXPECT_TRUE(culler.outside(glm::vec3(halfWidth * 1.5f, 0.0f, 0.0f), 0.0f));
}

TEST(ViewCuller, FlatViewKeepsShapesAtAnyHeight) {
  const ViewCuller culler(lookAtOrigin(ViewMode::TwoD).viewProj, true);
  EXPECT_FALSE(culler.outside(glm::vec3(0.0f, 0.0f, 1e6f), 0.5f));
  EXPECT_FALSE(culler.outside(glm::vec3(0.0f, 0.0f, -1e6f), 0.5f));
}

TEST(ViewCuller, ShapeBehindTheEyeIsLeftOutInPerspective) {
  const ViewSetup v = lookAtOrigin(ViewMode::ThreeD);
  const ViewCuller culler(v.viewProj, false);
  EXPECT_TRUE(culler.outside(v.eye - v.forward * 50.0f, 1.0f));
}

TEST(ViewCuller, NonFiniteInputIsNeverLeftOut) {
  const ViewCuller culler(lookAtOrigin(ViewMode::ThreeD).viewProj, false);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(culler.outside(glm::vec3(nan), 1.0f));
  EXPECT_FALSE(culler.outside(glm::vec3(0.0f), nan));
  glm::mat4 broken(1.0f);
  broken[0][0] = nan;
  EXPECT_FALSE(ViewCuller(broken, false).enabled());
}

}  // namespace
}  // namespace satlab::test
