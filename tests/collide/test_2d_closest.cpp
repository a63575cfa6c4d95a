// Named situations for the 2D closest-point tests (closestCircleRect, closestCircleOrientedRect, closestCircleCircle,
// closestCircleSegment in collide2d.hpp).
#include <cmath>

#include <gtest/gtest.h>

#include "satlab/collide/collide2d.hpp"

namespace satlab {
namespace {

constexpr float kTol = 1e-5f;
constexpr float kPi = 3.14159265358979f;
const Rect2 kUnit{{0, 0}, {1, 1}};

TEST(Closest2CircleRect, TouchingTheRightSideOverlaps) {
  const ClosestResult r = closestCircleRect(Circle2{{2, 0.3f}, 1}, kUnit);
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.distanceSquared, 1.0f);
  EXPECT_FLOAT_EQ(r.closestPoint.x, 1.0f);
  EXPECT_FLOAT_EQ(r.closestPoint.y, 0.3f);
}

TEST(Closest2CircleRect, NearTheCornerTheClosestPointIsTheCorner) {
  const ClosestResult miss = closestCircleRect(Circle2{{2, 2}, 1.4f}, kUnit);
  EXPECT_FALSE(miss.overlap);  // sqrt2 = 1.41421 > 1.4
  EXPECT_FLOAT_EQ(miss.closestPoint.x, 1.0f);
  EXPECT_FLOAT_EQ(miss.closestPoint.y, 1.0f);
  EXPECT_FLOAT_EQ(miss.distanceSquared, 2.0f);
  EXPECT_TRUE(closestCircleRect(Circle2{{2, 2}, 1.5f}, kUnit).overlap);
}

TEST(Closest2CircleRect, CentreInsideIsItsOwnClosestPoint) {
  const ClosestResult r = closestCircleRect(Circle2{{0.2f, -0.4f}, 0}, kUnit);
  EXPECT_TRUE(r.overlap);  // even a zero-radius circle (a point) inside
  EXPECT_FLOAT_EQ(r.distanceSquared, 0.0f);
  EXPECT_FLOAT_EQ(r.closestPoint.x, 0.2f);
}

TEST(Closest2CircleRect, TraceHoldsArvoPerAxisContributions) {
  ClosestTrace trace;
  const ClosestResult r = closestCircleRect(Circle2{{3, 0.5f}, 1}, kUnit, trace);
  EXPECT_FALSE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 2u);
  EXPECT_FLOAT_EQ(trace.rows[0].contribution, 4.0f);  // (3 - 1)^2
  EXPECT_FLOAT_EQ(trace.rows[1].contribution, 0.0f);  // inside the y-slab
  EXPECT_FLOAT_EQ(trace.rows[0].clamped, 1.0f);
  EXPECT_FLOAT_EQ(r.distanceSquared, trace.rows[0].contribution + trace.rows[1].contribution);
}

TEST(Closest2CircleOriented, DiamondCornerIsTheClosestPoint) {
  const OrientedRect2 diamond = OrientedRect2::fromAngle({0, 0}, kPi / 4, {1, 1});
  const ClosestResult hit = closestCircleOrientedRect(Circle2{{2, 0}, 0.6f}, diamond);
  EXPECT_TRUE(hit.overlap);  // corner at (sqrt2, 0), distance 0.586
  EXPECT_NEAR(hit.closestPoint.x, std::sqrt(2.0f), kTol);
  EXPECT_NEAR(hit.closestPoint.y, 0.0f, kTol);
  EXPECT_NEAR(hit.distanceSquared, (2 - std::sqrt(2.0f)) * (2 - std::sqrt(2.0f)), 1e-5f);
  EXPECT_FALSE(closestCircleOrientedRect(Circle2{{2, 0}, 0.5f}, diamond).overlap);
}

TEST(Closest2CircleOriented, FlatRotatedRectIsASegment) {
  const OrientedRect2 stick = OrientedRect2::fromAngle({0, 0}, kPi / 2, {2, 0});  // x = 0, |y| <= 2
  const ClosestResult r = closestCircleOrientedRect(Circle2{{0.5f, 1}, 0.6f}, stick);
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.closestPoint.x, 0.0f, kTol);
  EXPECT_NEAR(r.closestPoint.y, 1.0f, kTol);
}

TEST(Closest2CircleCircle, TouchingCirclesOverlap) {
  const ClosestResult r = closestCircleCircle(Circle2{{0, 0}, 1}, Circle2{{3, 0}, 2});
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.closestPoint.x, 1.0f);
  EXPECT_FLOAT_EQ(r.distanceSquared, 1.0f);
}

TEST(Closest2CircleCircle, ApartCirclesDoNot) {
  EXPECT_FALSE(closestCircleCircle(Circle2{{0, 0}, 1}, Circle2{{3, 0.1f}, 2}).overlap);
}

TEST(Closest2CircleCircle, ConcentricAndPointCircles) {
  const ClosestResult r = closestCircleCircle(Circle2{{1, 1}, 0}, Circle2{{1, 1}, 0});
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.distanceSquared, 0.0f);
  EXPECT_FALSE(std::isnan(r.closestPoint.x));
}

TEST(Closest2CircleSegment, SegmentAtDistanceRadiusTouches) {
  const ClosestResult r = closestCircleSegment(Circle2{{0, 1}, 1}, Segment2{{-2, 0}, {2, 0}});
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.t, 0.5f);
  EXPECT_FLOAT_EQ(r.distanceSquared, 1.0f);
}

TEST(Closest2CircleSegment, BeyondTheEndTheEndpointIsClosest) {
  const ClosestResult r = closestCircleSegment(Circle2{{4, 1}, 1.5f}, Segment2{{-2, 0}, {2, 0}});
  EXPECT_FALSE(r.overlap);  // distance sqrt5 to (2, 0)
  EXPECT_FLOAT_EQ(r.t, 1.0f);
  EXPECT_FLOAT_EQ(r.distanceSquared, 5.0f);
}

TEST(Closest2CircleSegment, ZeroLengthSegmentIsItsPoint) {
  const ClosestResult r = closestCircleSegment(Circle2{{0, 0}, 1}, Segment2{{1, 0}, {1, 0}});
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.t, 0.0f);
  EXPECT_FLOAT_EQ(r.distanceSquared, 1.0f);
}

}  // namespace
}  // namespace satlab
