// Where shape names hang. In the 2D view a label sits on the shape's outline straight above
// its centre, not above the shape's bounding box: lesson 10's rotated rectangle "A" had its
// name floating well above it.
#include "render/label_anchor.hpp"
#include "render/view_setup.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace satlab::test {
namespace {

SceneShape rotatedRect(const glm::vec2& center, const glm::vec2& half, float angleDeg) {
  const float a = glm::radians(angleDeg);
  Obb box;
  box.center = glm::vec3(center, 0.0f);
  box.axes = glm::mat3(glm::vec3(std::cos(a), std::sin(a), 0.0f), glm::vec3(-std::sin(a), std::cos(a), 0.0f),
                       glm::vec3(0.0f, 0.0f, 1.0f));
  box.half = glm::vec3(half, 0.5f);
  SceneShape s;
  s.name = "A";
  s.geometry = box;
  return s;
}

/// Distance from `p` to the outline of the rectangle drawn for `box` in the XY plane.
float distanceToOutline(const Obb& box, const glm::vec3& p) {
  const glm::vec2 d = glm::vec2(p - box.center);
  const glm::vec2 local(glm::dot(d, glm::vec2(box.axes[0])), glm::dot(d, glm::vec2(box.axes[1])));
  const glm::vec2 q = glm::abs(local) - glm::vec2(box.half);
  const float outside = glm::length(glm::max(q, glm::vec2(0.0f)));
  return outside > 0.0f ? outside : -std::max(q.x, q.y);
}

TEST(LabelAnchor2D, LessonTensRotatedRectangleIsLabelledOnItsTopEdge) {
  // Lesson 10's A: half extents 2 x 0.6 turned 25 degrees. Straight above the centre its
  // edge is 0.6 / cos 25 = 0.662 up; its bounding box reaches 1.39 up.
  const SceneShape a = rotatedRect({0.0f, 0.0f}, {2.0f, 0.6f}, 25.0f);
  const glm::vec3 anchor = shapeLabelAnchor(a, true);
  EXPECT_NEAR(anchor.x, 0.0f, 1e-5f);
  EXPECT_NEAR(anchor.y, 0.6f / std::cos(glm::radians(25.0f)), 1e-4f);
  EXPECT_NEAR(distanceToOutline(std::get<Obb>(a.geometry), anchor), 0.0f, 1e-4f);
}

TEST(LabelAnchor2D, SteepAndUprightRectanglesToo) {
  for (float angle : {0.0f, 30.0f, -30.0f, 45.0f, 89.0f, 90.0f, 135.0f, 180.0f}) {
    const SceneShape b = rotatedRect({1.6f, 2.2f}, {1.4f, 0.5f}, angle);
    const glm::vec3 anchor = shapeLabelAnchor(b, true);
    EXPECT_NEAR(anchor.x, 1.6f, 1e-5f) << angle;
    EXPECT_GT(anchor.y, 2.2f) << angle;
    EXPECT_NEAR(distanceToOutline(std::get<Obb>(b.geometry), anchor), 0.0f, 1e-4f) << angle;
  }
}

TEST(LabelAnchor2D, RectangleCircleAndSegment) {
  SceneShape r;
  r.geometry = Aabb{glm::vec3(1.0f, 2.0f, 0.0f), glm::vec3(0.5f, 0.25f, 0.0f)};
  EXPECT_EQ(shapeLabelAnchor(r, true), glm::vec3(1.0f, 2.25f, 0.0f));
  SceneShape c;
  c.geometry = Sphere{glm::vec3(-1.0f, 0.0f, 0.0f), 0.75f};
  EXPECT_EQ(shapeLabelAnchor(c, true), glm::vec3(-1.0f, 0.75f, 0.0f));
  // A diagonal segment: its name at its midpoint, on the segment, not above its upper end.
  SceneShape s;
  s.geometry = Segment{glm::vec3(0.0f, 0.0f, 0.0f), glm::vec3(2.0f, 2.0f, 0.0f)};
  EXPECT_EQ(shapeLabelAnchor(s, true), glm::vec3(1.0f, 1.0f, 0.0f));
}

TEST(LabelAnchor2D, DegenerateAndHostileShapesGiveAFinitePoint) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  SceneShape flat = rotatedRect({3.0f, 4.0f}, {0.0f, 0.0f}, 30.0f);  // a point rectangle
  EXPECT_EQ(shapeLabelAnchor(flat, true), glm::vec3(3.0f, 4.0f, 0.0f));
  SceneShape line = rotatedRect({3.0f, 4.0f}, {1.0f, 0.0f}, 30.0f);  // zero height: a line
  const glm::vec3 p = shapeLabelAnchor(line, true);
  EXPECT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z));
  SceneShape broken = rotatedRect({0.0f, 0.0f}, {1.0f, 1.0f}, 0.0f);
  std::get<Obb>(broken.geometry).axes[0] = glm::vec3(nan, 0.0f, 0.0f);
  const glm::vec3 q = shapeLabelAnchor(broken, true);
  EXPECT_TRUE(std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z));
}

TEST(LabelAnchor3D, StillAboveTheBoundsInThreeD) {
  SceneShape b;
  b.geometry = Aabb{glm::vec3(0.0f), glm::vec3(1.0f, 2.0f, 3.0f)};
  EXPECT_EQ(shapeLabelAnchor(b, false), glm::vec3(0.0f, 0.0f, 3.0f));
}

TEST(LabelAnchor3D, ASegmentIsNamedAtItsStartNotWhereItCrossesABox) {
  // Lesson 5's ray passes through the box: named at its middle, its name sat on the box's.
  SceneShape ray;
  ray.geometry = Segment{glm::vec3(-3.0f, 0.0f, 1.0f), glm::vec3(3.0f, 0.5f, 0.2f)};
  EXPECT_EQ(shapeLabelAnchor(ray, false), glm::vec3(-3.0f, 0.0f, 1.0f));
}

}  // namespace
}  // namespace satlab::test
