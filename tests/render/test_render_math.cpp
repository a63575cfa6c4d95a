// The renderer's pure decisions: styles keep the shape's colour, circle level of detail,
// and the 2D view's orientation.
#include "render/shape_style.hpp"
#include "render/view_setup.hpp"
#include "render/wire_shapes.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace satlab::test {
namespace {

const glm::vec4 kOrange(0.95f, 0.4f, 0.1f, 1.0f);

TEST(ShapeStyle, PlainStyleIsTheShapesOwnColour) {
  const EdgeLook look = edgeLook(kOrange, ShapeStyle{}, 2.0f, 1.0f, 0.2f);
  EXPECT_EQ(look.color, kOrange);
  EXPECT_FLOAT_EQ(look.widthPx, 2.0f);
  EXPECT_FLOAT_EQ(look.dashPx, 0.0f);
  EXPECT_FLOAT_EQ(look.haloColor.a, 0.0f);
}

TEST(ShapeStyle, SelectionBrightensThickensAndHalosWithoutChangingTheHue) {
  ShapeStyle s;
  s.selected = true;
  const EdgeLook look = edgeLook(kOrange, s, 2.0f, 1.0f, 0.2f);
  EXPECT_GT(look.widthPx, 2.0f);
  EXPECT_GT(look.haloWidthPx, look.widthPx);
  EXPECT_GT(look.haloColor.a, 0.5f);
  EXPECT_GE(look.color.g, kOrange.g);
  // Still orange: red the largest channel, blue the smallest.
  EXPECT_GT(look.color.r, look.color.g);
  EXPECT_GT(look.color.g, look.color.b);
  EXPECT_GT(look.fillAlpha, 0.2f);
}

TEST(ShapeStyle, HoverIsBetweenPlainAndSelected) {
  ShapeStyle hover, sel;
  hover.hovered = true;
  sel.selected = true;
  const EdgeLook h = edgeLook(kOrange, hover, 2.0f, 1.0f, 0.2f);
  const EdgeLook s = edgeLook(kOrange, sel, 2.0f, 1.0f, 0.2f);
  EXPECT_GT(h.widthPx, 2.0f);
  EXPECT_LT(h.widthPx, s.widthPx);
  EXPECT_FLOAT_EQ(h.haloColor.a, 0.0f);
  EXPECT_GT(h.color.b, kOrange.b);  // brighter
}

TEST(ShapeStyle, DashedAndPixelScale) {
  ShapeStyle s;
  s.dashed = true;
  const EdgeLook one = edgeLook(kOrange, s, 2.0f, 1.0f, 0.2f);
  const EdgeLook two = edgeLook(kOrange, s, 2.0f, 2.0f, 0.2f);
  EXPECT_GT(one.dashPx, 0.0f);
  EXPECT_FLOAT_EQ(two.widthPx, 2.0f * one.widthPx);  // HiDPI: widths scale
  EXPECT_FLOAT_EQ(two.dashPx, 2.0f * one.dashPx);
}

TEST(CircleDetail, MoreSegmentsForLargerCirclesWithinBounds) {
  EXPECT_EQ(circleSegmentsFor(0.0f), 8);
  EXPECT_EQ(circleSegmentsFor(1.0f), 8);
  EXPECT_EQ(circleSegmentsFor(1e6f), 160);
  int last = 0;
  for (float r = 1.0f; r < 2000.0f; r *= 1.5f) {
    const int n = circleSegmentsFor(r);
    EXPECT_GE(n, last) << r;
    last = n;
    // Sagitta within 0.2 px wherever the bound allows.
    if (n < 160) {
      EXPECT_LE(r * (1.0f - std::cos(3.14159265f / n)), 0.2001f) << r;
    }
  }
}

TEST(ViewSetup, TwoDimensionalViewLooksDownWithXRightAndYUp) {
  OrbitCamera cam;
  cam.target = {1.0f, 2.0f, 0.0f};
  cam.distance = 10.0f;
  cam.yawDeg = 33.0f;  // ignored in 2D
  cam.pitchDeg = 12.0f;
  const ViewSetup v = makeViewSetup(cam, ViewMode::TwoD, 2.0f);
  EXPECT_TRUE(v.orthographic);
  const glm::vec2 vp(800.0f, 400.0f);
  glm::vec2 c, right, up;
  ASSERT_TRUE(projectToPixel(v.viewProj, vp, cam.target, c));
  ASSERT_TRUE(projectToPixel(v.viewProj, vp, cam.target + glm::vec3(1, 0, 0), right));
  ASSERT_TRUE(projectToPixel(v.viewProj, vp, cam.target + glm::vec3(0, 1, 0), up));
  EXPECT_NEAR(c.x, 400.0f, 1e-3f);
  EXPECT_NEAR(c.y, 200.0f, 1e-3f);
  EXPECT_GT(right.x, c.x);
  EXPECT_NEAR(right.y, c.y, 1e-3f);
  EXPECT_LT(up.y, c.y);  // pixel rows grow downwards
  EXPECT_NEAR(up.x, c.x, 1e-3f);
  // Square pixels: one unit is as long across as it is up.
  EXPECT_NEAR(right.x - c.x, c.y - up.y, 1e-3f);
}

TEST(ViewSetup, ThreeDimensionalViewIsTheOrbitCamera) {
  OrbitCamera cam;
  const ViewSetup v = makeViewSetup(cam, ViewMode::ThreeD, 1.5f);
  const glm::mat4 expected = cam.projection(1.5f) * cam.view();
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) EXPECT_FLOAT_EQ(v.viewProj[i][j], expected[i][j]);
  }
  glm::vec2 px;
  EXPECT_FALSE(projectToPixel(v.viewProj, {100.0f, 100.0f}, cam.eye() - cam.forward() * 5.0f, px));  // behind
}

}  // namespace
}  // namespace satlab::test
