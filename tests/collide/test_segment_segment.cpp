// Segment–segment closest points (Ericson 5.1.9): crossing, skew, parallel, collinear and
// degenerate segments.
#include <gtest/gtest.h>

#include <cmath>

#include "collide/collide.hpp"

namespace satlab {
namespace {

constexpr float kTol = 1e-5f;

TEST(SegmentSegment, CrossingSegmentsTouchAtDistanceZero) {
  const Segment a{{-1, 0, 0}, {1, 0, 0}};
  const Segment b{{0, -1, 0}, {0, 1, 0}};
  const SegSegResult r = closestSegmentSegment(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.distance, 0.0f, kTol);
  EXPECT_NEAR(r.s, 0.5f, kTol);
  EXPECT_NEAR(r.t, 0.5f, kTol);
  EXPECT_TRUE(overlaps(a, b));
}

TEST(SegmentSegment, SkewSegmentsOneAboveTheOther) {
  const Segment a{{-1, 0, 0}, {1, 0, 0}};
  const Segment b{{0.5f, -1, 2}, {0.5f, 1, 2}};
  SegSegTrace trace;
  const SegSegResult r = closestSegmentSegment(a, b, trace);
  EXPECT_FALSE(r.overlap);
  EXPECT_NEAR(r.distance, 2.0f, kTol);
  EXPECT_NEAR(r.s, 0.75f, kTol);
  EXPECT_NEAR(r.t, 0.5f, kTol);
  EXPECT_FALSE(trace.parallel);
  ASSERT_GE(trace.steps.size(), 2u);
  EXPECT_EQ(trace.steps.front().what, std::string_view("s from the lines, clamped"));
}

TEST(SegmentSegment, ClampedAtAnEndpoint) {
  const Segment a{{0, 0, 0}, {1, 0, 0}};
  const Segment b{{3, -1, 0}, {3, 1, 0}};  // the lines meet at s = 3: clamp to s = 1
  SegSegTrace trace;
  const SegSegResult r = closestSegmentSegment(a, b, trace);
  EXPECT_NEAR(r.distance, 2.0f, kTol);
  EXPECT_EQ(r.s, 1.0f);
  EXPECT_NEAR(r.t, 0.5f, kTol);
}

TEST(SegmentSegment, ParallelOverlappingSegmentsGiveTheirOffset) {
  const Segment a{{0, 0, 0}, {4, 0, 0}};
  const Segment b{{1, 3, 0}, {6, 3, 0}};
  SegSegTrace trace;
  const SegSegResult r = closestSegmentSegment(a, b, trace);
  EXPECT_TRUE(trace.parallel);
  EXPECT_NEAR(r.distance, 3.0f, kTol);
  EXPECT_NEAR(glm::length(r.pointB - r.pointA), 3.0f, kTol);
}

TEST(SegmentSegment, CollinearDisjointSegmentsMeetEndToEnd) {
  const Segment a{{0, 0, 0}, {1, 0, 0}};
  const Segment b{{5, 0, 0}, {3, 0, 0}};  // anti-parallel
  const SegSegResult r = closestSegmentSegment(a, b);
  EXPECT_NEAR(r.distance, 2.0f, kTol);
  EXPECT_EQ(r.pointA, glm::vec3(1, 0, 0));
  EXPECT_EQ(r.pointB, glm::vec3(3, 0, 0));
  const Segment c{{1, 0, 0}, {3, 0, 0}};  // sharing an endpoint
  EXPECT_TRUE(overlaps(a, c));
}

TEST(SegmentSegment, NearlyParallelAt1e9Rad) {
  const Segment a{{-5, 0, 0}, {5, 0, 0}};
  const Segment b{{-5, 1, -5e-9f}, {5, 1, 5e-9f}};
  const SegSegResult r = closestSegmentSegment(a, b);
  EXPECT_NEAR(r.distance, 1.0f, kTol);
  EXPECT_FALSE(std::isnan(r.s) || std::isnan(r.t));
}

TEST(SegmentSegment, DegenerateSegmentsArePoints) {
  const Segment p{{1, 2, 3}, {1, 2, 3}};
  const Segment q{{1, 2, 5}, {1, 2, 5}};
  SegSegTrace trace;
  const SegSegResult pq = closestSegmentSegment(p, q, trace);
  EXPECT_TRUE(trace.pointA && trace.pointB);
  EXPECT_NEAR(pq.distance, 2.0f, kTol);
  EXPECT_TRUE(overlaps(p, p));
  const Segment line{{0, 0, 3}, {4, 0, 3}};
  const SegSegResult ps = closestSegmentSegment(p, line);
  EXPECT_NEAR(ps.distance, 2.0f, kTol);
  EXPECT_NEAR(ps.t, 0.25f, kTol);
  const SegSegResult sp = closestSegmentSegment(line, p);
  EXPECT_NEAR(sp.distance, 2.0f, kTol);
  EXPECT_NEAR(sp.s, 0.25f, kTol);
}

TEST(SegmentSegment, CrossingFarFromOriginAt1e4) {
  const glm::vec3 o(1e4f, 1e4f, 1e4f);
  const Segment a{o + glm::vec3(-1, 0, 0), o + glm::vec3(1, 0, 0)};
  const Segment b{o + glm::vec3(0, -1, 0), o + glm::vec3(0, 1, 0)};
  EXPECT_TRUE(overlaps(a, b));
  const Segment c{o + glm::vec3(0, -1, 0.05f), o + glm::vec3(0, 1, 0.05f)};
  EXPECT_FALSE(overlaps(a, c));
  EXPECT_NEAR(closestSegmentSegment(a, c).distance, 0.05f, 2e-3f);
}

}  // namespace
}  // namespace satlab
