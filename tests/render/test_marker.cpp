// Zero-size shapes: which shapes have nothing to draw, and the marker that stands for them
// (a fixed number of pixels across, whatever the zoom). No display needed.
#include "render/marker.hpp"
#include "render/view_setup.hpp"
#include "ui/picking.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace satlab::test {
namespace {

TEST(ZeroSize, PointBoxesRadiusZeroSpheresAndCoincidentEndsHaveNoExtent) {
  EXPECT_TRUE(isZeroSize(Aabb{glm::vec3(1, 2, 3), glm::vec3(0.0f)}, false));
  EXPECT_TRUE(isZeroSize(Obb{glm::vec3(0.0f), glm::mat3(1.0f), glm::vec3(0.0f)}, false));
  EXPECT_TRUE(isZeroSize(Sphere{glm::vec3(4, 0, 0), 0.0f}, false));
  EXPECT_TRUE(isZeroSize(Segment{glm::vec3(1, 1, 1), glm::vec3(1, 1, 1)}, false));
  // Flat or thin shapes still have edges to draw.
  EXPECT_FALSE(isZeroSize(Aabb{glm::vec3(0.0f), glm::vec3(1, 0, 0)}, false));
  EXPECT_FALSE(isZeroSize(Obb{glm::vec3(0.0f), glm::mat3(1.0f), glm::vec3(0, 0, 1e-4f)}, false));
  EXPECT_FALSE(isZeroSize(Sphere{glm::vec3(0.0f), 1e-4f}, false));
  EXPECT_FALSE(isZeroSize(Segment{glm::vec3(0.0f), glm::vec3(0, 0, 1e-4f)}, false));
  // Seen from above (2D), the third extent does not show.
  EXPECT_TRUE(isZeroSize(Aabb{glm::vec3(0.0f), glm::vec3(0, 0, 2)}, true));
  EXPECT_TRUE(isZeroSize(Segment{glm::vec3(0.0f), glm::vec3(0, 0, 1)}, true));
}

TEST(ZeroSize, TheMarkerIsAnXOfFixedScreenSizeAtEveryZoom) {
  for (float distance : {1e-4f, 1.0f, 1e4f}) {
    OrbitCamera cam;
    cam.distance = distance;
    const glm::vec2 viewport(1280.0f, 720.0f);
    const ViewSetup v = makeViewSetup(cam, ViewMode::ThreeD, viewport.x / viewport.y);
    const glm::vec3 right(v.view[0][0], v.view[1][0], v.view[2][0]), up(v.view[0][1], v.view[1][1], v.view[2][1]);
    // World length of a pixel at the target: the view height there over the pixel rows.
    const float perPx = 2.0f * distance * std::tan(glm::radians(cam.fovYDeg) * 0.5f) / viewport.y;
    LineBatch lines;
    addPointMarker(lines, cam.target, right, up, perPx, 9.0f, 2.5f, glm::vec4(1, 0, 0, 1));
    ASSERT_EQ(lines.size(), 2u);
    for (const LineInstance& l : lines.lines()) {
      glm::vec2 a, b;
      ASSERT_TRUE(projectToPixel(v.viewProj, viewport, l.a, a));
      ASSERT_TRUE(projectToPixel(v.viewProj, viewport, l.b, b));
      // Each stroke runs corner to corner through the point: 18 px long, at 45 degrees.
      EXPECT_NEAR(glm::length(b - a), 18.0f, 0.2f) << distance;
      EXPECT_NEAR(std::abs(b.x - a.x), std::abs(b.y - a.y), 0.2f) << distance;
      EXPECT_NEAR((a.x + b.x) * 0.5f, 640.0f, 0.1f);
      EXPECT_NEAR((a.y + b.y) * 0.5f, 360.0f, 0.1f);
      EXPECT_FLOAT_EQ(l.width, 2.5f);
    }
  }
}

TEST(ZeroSize, AMarkerWhosePixelIsLostInRoundingIsADot) {
  LineBatch lines;
  addPointMarker(lines, glm::vec3(1e30f), glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), 0.0f, 9.0f, 2.0f, glm::vec4(1.0f));
  ASSERT_EQ(lines.size(), 2u);
  for (const LineInstance& l : lines.lines()) EXPECT_EQ(l.a, l.b);
}

TEST(ZeroSize, APointBoxIsPickedNearItsMarker) {
  for (ShapeGeometry g : {ShapeGeometry(Aabb{glm::vec3(0.0f), glm::vec3(0.0f)}),
                          ShapeGeometry(Obb{glm::vec3(0.0f), glm::mat3(1.0f), glm::vec3(0.0f)})}) {
    Scene scene;
    SceneShape s;
    s.name = "p";
    s.geometry = g;
    scene.shapes.push_back(s);
    OrbitCamera cam;
    cam.distance = 5.0f;
    const glm::vec2 viewport(1280.0f, 720.0f);
    const ViewMapping view{makeViewSetup(cam, ViewMode::ThreeD, viewport.x / viewport.y).viewProj, viewport};
    // Three pixels beside the point: on its marker, so it is picked; twenty away it is not.
    EXPECT_EQ(pickShape(scene, view, glm::vec2(643.0f, 358.0f), 6.0f).shape, 0);
    EXPECT_EQ(pickShape(scene, view, glm::vec2(660.0f, 360.0f), 6.0f).shape, -1);
  }
}

}  // namespace
}  // namespace satlab::test
