// Named situations for the 2D slab test (slabSegmentRect, slabSegmentOrientedRect in collide2d.hpp), including the
// Recast & Detour slab post's figure.
#include <cmath>

#include <gtest/gtest.h>

#include "satlab/collide/collide2d.hpp"

namespace satlab {
namespace {

constexpr float kTol = 1e-5f;
constexpr float kPi = 3.14159265358979f;
const Rect2 kUnit{{0, 0}, {1, 1}};  // [-1, 1] x [-1, 1]

TEST(Slab2Rect, SegmentCrossingFromTheLeftEntersThroughMinusX) {
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 0.5f}, {2, 0.5f}}, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 0.25f, kTol);
  EXPECT_NEAR(h.tExit, 0.75f, kTol);
  EXPECT_NEAR(h.enterPoint.x, -1.0f, kTol);
  EXPECT_NEAR(h.enterPoint.y, 0.5f, kTol);
  EXPECT_FLOAT_EQ(h.enterNormal.x, -1.0f);
  EXPECT_FLOAT_EQ(h.enterNormal.y, 0.0f);
}

TEST(Slab2Rect, SeedFigureInsideXSlabButNotYSlabMisses) {
  // The Recast & Detour slab post's picture: the part of the segment inside the x-slab (t in [2/3, 1]) and the
  // part inside the y-slab (t in [0, 1/3]) do not overlap, so it passes the corner.
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{-3, 0}, {0, 3}}, kUnit, trace);
  EXPECT_FALSE(h.overlap);
  EXPECT_EQ(trace.rejectingAxis, 1);
  ASSERT_EQ(trace.rows.size(), 2u);
  EXPECT_NEAR(trace.rows[0].t1, 2.0f / 3.0f, kTol);
  EXPECT_NEAR(trace.rows[0].t2, 4.0f / 3.0f, kTol);
  EXPECT_NEAR(trace.rows[0].tmin, 2.0f / 3.0f, kTol);
  EXPECT_FLOAT_EQ(trace.rows[0].tmax, 1.0f);
  EXPECT_FALSE(trace.rows[0].rejects);
  EXPECT_NEAR(trace.rows[1].t1, -1.0f / 3.0f, kTol);
  EXPECT_NEAR(trace.rows[1].tmax, 1.0f / 3.0f, kTol);
  EXPECT_TRUE(trace.rows[1].rejects);
}

TEST(Slab2Rect, SeedFigureWithOverlappingIntervalsHits) {
  // Same direction, shifted down so the x-slab and y-slab parts overlap.
  const SegmentHit h = slabSegmentRect(Segment2{{-2, -1.5f}, {1, 1.5f}}, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 1.0f / 3.0f, kTol);  // x-slab entered at t = 1/3, y-slab at 1/6
  EXPECT_NEAR(h.tExit, 5.0f / 6.0f, kTol);   // leaves the y-slab first
  EXPECT_FLOAT_EQ(h.enterNormal.x, -1.0f);
}

TEST(Slab2Rect, GrazingTheCornerIsAHitOfZeroLength) {
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 0}, {0, 2}}, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 0.5f, kTol);
  EXPECT_NEAR(h.tExit, 0.5f, kTol);
  EXPECT_NEAR(h.enterPoint.x, -1.0f, kTol);
  EXPECT_NEAR(h.enterPoint.y, 1.0f, kTol);
}

TEST(Slab2Rect, ParallelSegmentInsideTheYSlabIsTestedByContainment) {
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 0.3f}, {2, 0.3f}}, kUnit, trace);
  ASSERT_TRUE(h.overlap);
  ASSERT_EQ(trace.rows.size(), 2u);
  EXPECT_TRUE(trace.rows[1].parallel);
  EXPECT_TRUE(trace.rows[1].originInside);
  EXPECT_NEAR(h.tEnter, 0.25f, kTol);
}

TEST(Slab2Rect, ParallelSegmentOnTheTopSideHits) {
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 1}, {2, 1}}, kUnit);
  ASSERT_TRUE(h.overlap);  // closed rect: the side belongs to it
  EXPECT_NEAR(h.tEnter, 0.25f, kTol);
  EXPECT_NEAR(h.tExit, 0.75f, kTol);
}

TEST(Slab2Rect, ParallelSegmentJustAboveMisses) {
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 1.01f}, {2, 1.01f}}, kUnit, trace);
  EXPECT_FALSE(h.overlap);
  EXPECT_EQ(trace.rejectingAxis, 1);
  EXPECT_TRUE(trace.rows.back().parallel);
  EXPECT_FALSE(trace.rows.back().originInside);
  EXPECT_TRUE(trace.rows.back().rejects);
}

TEST(Slab2Rect, NearlyParallelBelowTheSeedThresholdCountsAsParallel) {
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 0.5f}, {2, 0.5f + 5e-7f}}, kUnit, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_TRUE(trace.rows[1].parallel);
}

TEST(Slab2Rect, VerticalSegmentOutsideTheXSlabMissesOnX) {
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{1.5f, -3}, {1.5f, 3}}, kUnit, trace);
  EXPECT_FALSE(h.overlap);
  EXPECT_EQ(trace.rejectingAxis, 0);
  EXPECT_EQ(trace.rows.size(), 1u);  // early exit, as in the Recast & Detour slab post
}

TEST(Slab2Rect, FullTraceVisitsBothAxesAfterARejection) {
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{1.5f, -3}, {1.5f, 3}}, kUnit, trace, SatOptions{SatMode::Full});
  EXPECT_FALSE(h.overlap);
  EXPECT_EQ(trace.rejectingAxis, 0);
  EXPECT_EQ(trace.rows.size(), 2u);
}

TEST(Slab2Rect, SegmentEndingShortOfTheRectMisses) {
  const SegmentHit h = slabSegmentRect(Segment2{{-3, 0}, {-2, 0}}, kUnit);
  EXPECT_FALSE(h.overlap);
  EXPECT_FLOAT_EQ(h.tEnter, 0.0f);
  EXPECT_FLOAT_EQ(h.tExit, 0.0f);
}

TEST(Slab2Rect, SegmentStartingInsideHasNoEntryNormal) {
  const SegmentHit h = slabSegmentRect(Segment2{{0, 0}, {4, 0}}, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_FLOAT_EQ(h.tEnter, 0.0f);
  EXPECT_NEAR(h.tExit, 0.25f, kTol);
  EXPECT_FLOAT_EQ(h.enterNormal.x, 0.0f);
  EXPECT_FLOAT_EQ(h.enterNormal.y, 0.0f);
}

TEST(Slab2Rect, SegmentStartingOnTheSideIsInsideWithNoEntryNormal) {
  // Closed rect: p0 on the top side is already inside, so tEnter = 0 and, as in 3D, no
  // side is entered.
  const SegmentHit h = slabSegmentRect(Segment2{{0.2f, 1}, {0.2f, -3}}, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_FLOAT_EQ(h.tEnter, 0.0f);
  EXPECT_NEAR(h.tExit, 0.5f, kTol);
  EXPECT_EQ(h.enterNormal, glm::vec3(0.0f));
}

TEST(Slab2Rect, TraceRowsCarryTheSlabAndItsLabel) {
  SlabTrace trace;
  const SegmentHit h = slabSegmentRect(Segment2{{-2, 0.5f}, {2, 0.5f}}, Rect2{{1, 0}, {1, 1}}, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_EQ(testName(trace.test), "Segment2-Rect2");
  ASSERT_EQ(trace.rows.size(), 2u);
  EXPECT_EQ(std::string(label(trace.rows[0].id)), "X");
  // As segment-AABB's: in the rect's frame, relative to its centre.
  EXPECT_FLOAT_EQ(trace.rows[0].lo, -1.0f);
  EXPECT_FLOAT_EQ(trace.rows[0].hi, 1.0f);
  EXPECT_FLOAT_EQ(trace.rows[0].origin, -3.0f);
  EXPECT_FLOAT_EQ(trace.rows[0].direction, 4.0f);
  EXPECT_TRUE(trace.overlap);
  EXPECT_FLOAT_EQ(trace.tmin, h.tEnter);
  EXPECT_FLOAT_EQ(trace.tmax, h.tExit);
  SlabTrace oriented;
  slabSegmentOrientedRect(Segment2{{-2, 0.5f}, {2, 0.5f}}, OrientedRect2{{1, 0}, {1, 0}, {1, 1}}, oriented);
  EXPECT_EQ(std::string(label(oriented.rows[0].id)), "B0");
  EXPECT_FLOAT_EQ(oriented.rows[0].origin, -3.0f);  // relative to the rect's centre
}

TEST(Slab2Rect, ZeroLengthSegmentIsAPoint) {
  const SegmentHit in = slabSegmentRect(Segment2{{0.5f, 0.5f}, {0.5f, 0.5f}}, kUnit);
  EXPECT_TRUE(in.overlap);
  EXPECT_FLOAT_EQ(in.tEnter, 0.0f);
  EXPECT_FLOAT_EQ(in.tExit, 1.0f);  // every t gives the same point
  const SegmentHit corner = slabSegmentRect(Segment2{{1, 1}, {1, 1}}, kUnit);
  EXPECT_TRUE(corner.overlap);
  const SegmentHit out = slabSegmentRect(Segment2{{2, 0}, {2, 0}}, kUnit);
  EXPECT_FALSE(out.overlap);
}

TEST(Slab2Rect, FlatRectIsHitOnlyWhereTheSegmentCrossesIt) {
  const Rect2 flat{{0, 0}, {1, 0}};  // the segment [-1, 1] x {0}
  const SegmentHit h = slabSegmentRect(Segment2{{0.5f, -1}, {0.5f, 1}}, flat);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 0.5f, kTol);
  EXPECT_NEAR(h.tExit, 0.5f, kTol);
  EXPECT_FALSE(slabSegmentRect(Segment2{{1.5f, -1}, {1.5f, 1}}, flat).overlap);
}

TEST(Slab2Rect, HugeCoordinatesGiveNoNaN) {
  const SegmentHit h = slabSegmentRect(Segment2{{-1e30f, 0}, {1e30f, 2e-6f}}, kUnit);
  EXPECT_FALSE(std::isnan(h.tEnter));
  EXPECT_FALSE(std::isnan(h.tExit));
  EXPECT_FALSE(std::isnan(h.enterPoint.x));
  EXPECT_TRUE(h.overlap);
}

// --- rotated rect: the same test in the rect's frame --------------------------------------------

TEST(Slab2Oriented, DiamondHitAlongXEntersThroughALowerLeftOrUpperLeftSide) {
  const OrientedRect2 diamond = OrientedRect2::fromAngle({0, 0}, kPi / 4, {1, 1});
  const Segment2 s{{-3, 0.2f}, {3, 0.2f}};
  const SegmentHit h = slabSegmentOrientedRect(s, diamond);
  ASSERT_TRUE(h.overlap);
  // Left boundary of the diamond at height y: x = -(sqrt2 - |y|).
  const float xEnter = -(std::sqrt(2.0f) - 0.2f);
  EXPECT_NEAR(h.enterPoint.x, xEnter, 1e-5f);
  EXPECT_NEAR(h.tEnter, (xEnter + 3.0f) / 6.0f, 1e-5f);
  EXPECT_NEAR(glm::length(h.enterNormal), 1.0f, kTol);
  // Entered through the upper-left side, whose outward normal is (-1, 1)/sqrt2.
  EXPECT_NEAR(h.enterNormal.x, -std::sqrt(0.5f), 1e-5f);
  EXPECT_NEAR(h.enterNormal.y, std::sqrt(0.5f), 1e-5f);
}

TEST(Slab2Oriented, SeedFigureInTheRectFrame) {
  // The Recast & Detour slab post's miss, rotated with its rectangle by 30 degrees about (1, 2): still a miss.
  const float a = kPi / 6;
  const glm::vec2 c(1, 2), u0(std::cos(a), std::sin(a)), u1(-std::sin(a), std::cos(a));
  const OrientedRect2 r = OrientedRect2::fromAngle(c, a, {1, 1});
  const Segment2 s{c - 3.0f * u0, c + 3.0f * u1};
  SlabTrace trace;
  EXPECT_FALSE(slabSegmentOrientedRect(s, r, trace).overlap);
  EXPECT_EQ(trace.rejectingAxis, 1);
  // And the shifted hit of the axis-aligned case, rotated the same way.
  const Segment2 s2{c - 2.0f * u0 - 1.5f * u1, c + 1.0f * u0 + 1.5f * u1};
  const SegmentHit h = slabSegmentOrientedRect(s2, r);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 1.0f / 3.0f, 1e-5f);
  EXPECT_NEAR(h.enterNormal.x, -u0.x, 1e-5f);
  EXPECT_NEAR(h.enterNormal.y, -u0.y, 1e-5f);
}

TEST(Slab2Oriented, TracedAndUntracedAgree) {
  const OrientedRect2 r = OrientedRect2::fromAngle({0.3f, -0.2f}, 1.1f, {2, 0.5f});
  const Segment2 s{{-3, -1}, {2, 1.5f}};
  SlabTrace trace;
  const SegmentHit a = slabSegmentOrientedRect(s, r, trace);
  const SegmentHit b = slabSegmentOrientedRect(s, r);
  EXPECT_EQ(a.overlap, b.overlap);
  EXPECT_EQ(a.tEnter, b.tEnter);
  EXPECT_EQ(a.tExit, b.tExit);
  EXPECT_EQ(a.enterNormal, b.enterNormal);
}

}  // namespace
}  // namespace satlab
