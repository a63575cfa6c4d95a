// Segment–segment closest points (Ericson 5.1.9): crossing, skew, parallel, collinear and
// degenerate segments.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "random_shapes.hpp"
#include "satlab/collide.hpp"

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
  EXPECT_FALSE(r.overlap);
  EXPECT_FALSE(overlaps(a, b));
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

// Ericson's float formula for the lines' s, as the book writes it (the test's reference for
// what the cross-product form avoids).
float bookClosestDistance(const Segment& s1, const Segment& s2) {
  const glm::vec3 d1 = s1.p1 - s1.p0, d2 = s2.p1 - s2.p0, r = s1.p0 - s2.p0;
  const float a = glm::dot(d1, d1), e = glm::dot(d2, d2), b = glm::dot(d1, d2);
  const float c = glm::dot(d1, r), f = glm::dot(d2, r);
  const float denom = a * e - b * b;
  float s = denom != 0.0f ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
  float t = (b * s + f) / e;
  if (t < 0.0f) {
    t = 0.0f;
    s = std::clamp(-c / a, 0.0f, 1.0f);
  } else if (t > 1.0f) {
    t = 1.0f;
    s = std::clamp((b - c) / a, 0.0f, 1.0f);
  }
  return glm::length((s2.p0 + t * d2) - (s1.p0 + s * d1));
}

// Two segments that cross at interior points, B turned from A by an angle whose sin^2 is
// about 10^-k: B's direction is A's plus a random vector of length ~10^(-k/2).
std::pair<Segment, Segment> crossingPair(testing::ShapeGen& g, float k) {
  Segment a = g.segment();
  while (glm::dot(a.p1 - a.p0, a.p1 - a.p0) < 1e-2f) a = g.segment();
  glm::vec3 turned;
  do {  // (at k = 0 the random vector could nearly cancel A's direction)
    turned = glm::normalize(a.p1 - a.p0) + std::pow(10.0f, -0.5f * k) * g.unitVector();
  } while (glm::dot(turned, turned) < 0.25f);
  const glm::vec3 dir = glm::normalize(turned);
  const glm::vec3 half = dir * g.uniform(0.05f, 1.5f);
  const glm::vec3 x = a.p0 + g.uniform(0.05f, 0.95f) * (a.p1 - a.p0);
  const float u = g.uniform(0.05f, 0.95f);
  return {a, Segment{x - 2.0f * u * half, x + 2.0f * (1.0f - u) * half}};
}

TEST(SegmentSegment, CrossingAtAnyAngleClosestPointsMeetWellWithinTheTolerance) {
  // Angles from right angles (sin^2 ~ 1) to sin^2 ~ 1e-8 (parallel is below 1e-12). The
  // core's closest points (s from cross products, t from s) miss each other by under half the
  // contact tolerance; the book's float formula misses by more than the tolerance, so it
  // would call some of these crossing segments apart.
  const std::uint64_t seed = testing::propertySeed();
  testing::ShapeGen g(seed);
  double worstCore = 0.0, worstBook = 0.0;
  int apart = 0;
  for (int i = 0; i < 90000; ++i) {
    const auto [a, b] = crossingPair(g, float(i % 9));
    const float tol = kSegmentContactTolerance * detail::segmentContactScale(a, b);
    const SegSegResult r = closestSegmentSegment(a, b);
    worstCore = std::max(worstCore, double(r.distance / tol));
    worstBook = std::max(worstBook, double(bookClosestDistance(a, b) / tol));
    if (!overlaps(a, b) || !overlaps(b, a) || !r.overlap) ++apart;
  }
  EXPECT_EQ(apart, 0) << "seed " << seed;
  EXPECT_LT(worstCore, 0.5) << "seed " << seed;
  EXPECT_GT(worstBook, 1.0) << "seed " << seed;
}

TEST(SegmentSegment, BooleanAndRichVerdictsAgreeAtTheTolerance) {
  // overlaps() is the same template as the rich result without its outputs; this keeps them
  // from drifting apart. Pairs are placed so that their lines' distance is the contact
  // tolerance times 0.9 to 1.1, with the lines' closest points on both segments or beyond.
  const std::uint64_t seed = testing::propertySeed();
  testing::ShapeGen g(seed);
  int overlapping = 0, apart = 0;
  for (int i = 0; i < 100000; ++i) {
    const Segment a = g.segment();
    const Segment b0 = g.segment();
    const glm::vec3 n = glm::cross(a.p1 - a.p0, b0.p1 - b0.p0);
    if (glm::dot(n, n) < 1e-6f) continue;
    // Move B so that its point at tb is A's point at ta plus the offset along n.
    const float ta = g.uniform(-0.2f, 1.2f), tb = g.uniform(-0.2f, 1.2f);
    const float tol = kSegmentContactTolerance * detail::segmentContactScale(a, b0);
    const glm::vec3 target = a.p0 + ta * (a.p1 - a.p0) + glm::normalize(n) * tol * g.uniform(0.9f, 1.1f);
    const glm::vec3 shift = target - (b0.p0 + tb * (b0.p1 - b0.p0));
    const Segment b{b0.p0 + shift, b0.p1 + shift};
    const bool fast = overlaps(a, b);
    ASSERT_EQ(fast, closestSegmentSegment(a, b).overlap) << "pair " << i << " seed " << seed;
    (fast ? overlapping : apart) += 1;
  }
  // Both verdicts occur, so the agreement was tested on each side of the tolerance.
  EXPECT_GT(overlapping, 1000);
  EXPECT_GT(apart, 1000);
}

}  // namespace
}  // namespace satlab
