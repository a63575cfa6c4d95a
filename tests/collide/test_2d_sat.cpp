// Named situations for the 2D separating-axis tests (satRectRect, satRectOrientedRect, satOrientedRectOrientedRect in
// collide2d.hpp).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "axis_index.hpp"
#include "satlab/collide/collide2d.hpp"

namespace satlab {
namespace {

constexpr float kTol = 1e-5f;
constexpr float kPi = 3.14159265358979f;

// --- axis-aligned rects: axes X, Y --------------------------------------------------------

TEST(Sat2RectRect, ApartAlongXIsSeparatedByX) {
  const Rect2 a{{0, 0}, {1, 1}};
  const Rect2 b{{3, 0.5f}, {1, 1}};
  const SatResult r = satRectRect(a, b);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(test::rectAxisIndex(r.separating), 0);
  EXPECT_EQ(std::string(label(r.separating)), "A0");
  EXPECT_FLOAT_EQ(r.separatingAxis.x, 1.0f);
  EXPECT_FLOAT_EQ(r.separatingAxis.y, 0.0f);
  EXPECT_NEAR(r.gap, 1.0f, kTol);
}

TEST(Sat2RectRect, BelowIsSeparatedByYPointingDown) {
  const Rect2 a{{0, 0}, {1, 1}};
  const Rect2 b{{0.5f, -4}, {2, 1}};
  const SatResult r = satRectRect(a, b);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), "A1");
  EXPECT_FLOAT_EQ(r.separatingAxis.y, -1.0f);  // from A towards B
  EXPECT_NEAR(r.gap, 2.0f, kTol);
}

TEST(Sat2RectRect, TouchingEdgesOverlapWithZeroDepth) {
  const Rect2 a{{0, 0}, {1, 1}};
  const Rect2 b{{2, 0}, {1, 1}};  // shared edge x = 1
  const SatResult r = satRectRect(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(std::string(label(r.penetration)), "A0");
  EXPECT_FLOAT_EQ(r.depth, 0.0f);
}

TEST(Sat2RectRect, TouchingCornersOverlap) {
  const Rect2 a{{0, 0}, {1, 1}};
  const Rect2 b{{2, 2}, {1, 1}};
  EXPECT_TRUE(satRectRect(a, b).overlap);
}

TEST(Sat2RectRect, MinimumPenetrationAxisAndDepth) {
  const Rect2 a{{0, 0}, {2, 2}};
  const Rect2 b{{-3.5f, 1}, {2, 2}};  // X depth 0.5, Y depth 3
  const SatResult r = satRectRect(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(std::string(label(r.penetration)), "A0");
  EXPECT_FLOAT_EQ(r.penetrationAxis.x, -1.0f);
  EXPECT_NEAR(r.depth, 0.5f, kTol);
}

TEST(Sat2RectRect, FlatRectsCrossingAsAPlusSign) {
  const Rect2 a{{0, 0}, {2, 0}};  // zero height: a segment
  const Rect2 b{{0, 0}, {0, 2}};  // zero width
  const SatResult r = satRectRect(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.depth, 2.0f);                      // either bar must move 2 to clear the other
  EXPECT_EQ(std::string(label(r.penetration)), "A0");  // tie: the first axis listed wins
  EXPECT_FALSE(std::isnan(r.penetrationAxis.x));
}

TEST(Sat2RectRect, PointRectsAtTheSamePlaceOverlap) {
  const Rect2 a{{1, 1}, {0, 0}};
  EXPECT_TRUE(satRectRect(a, a).overlap);
  const Rect2 b{{1, 1.0001f}, {0, 0}};
  EXPECT_FALSE(satRectRect(a, b).overlap);
}

TEST(Sat2RectRect, ExactlyTouchingDyadicRectsAlwaysOverlapWithZeroDepth) {
  // Quarter-unit coordinates are exact in float, so these pairs touch exactly: along X
  // (side to side) or at a corner. Touching is overlap, never a separation.
  for (int i = 0; i < 1000; ++i) {
    const float ax = 0.25f * static_cast<float>(i % 37 - 18);
    const float ay = 0.25f * static_cast<float>(i % 23 - 11);
    const Rect2 a{{ax, ay}, {0.25f * static_cast<float>(i % 7), 0.25f * static_cast<float>(i % 5 + 1)}};
    const glm::vec2 hb(0.25f * static_cast<float>(i % 3), 0.25f * static_cast<float>(i % 4));
    const float bx = ax + a.half.x + hb.x;                      // exact
    const float by = (i % 2 == 0) ? ay : ay - a.half.y - hb.y;  // side or corner
    const SatResult r = satRectRect(a, Rect2{{bx, by}, hb});
    ASSERT_TRUE(r.overlap) << "case " << i;
    ASSERT_FLOAT_EQ(r.depth, 0.0f) << "case " << i;
  }
}

// --- rect vs rotated rect: A0 A1 B0 B1 ------------------------------------------------------

TEST(Sat2RectOriented, DiamondNearTheCornerIsSeparatedOnlyByItsOwnAxis) {
  // A square rotated 45 degrees sits off A's corner: the X and Y projections overlap,
  // so only a B axis (a diagonal) separates.
  const Rect2 a{{0, 0}, {1, 1}};
  const OrientedRect2 b = OrientedRect2::fromAngle({2.2f, 2.2f}, kPi / 4, {1, 1});
  const SatResult r = satRectOrientedRect(a, b);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating))[0], 'B');
  // The separating axis is the diagonal (1,1)/sqrt2 direction, pointing towards B.
  EXPECT_NEAR(std::fabs(r.separatingAxis.x), std::sqrt(0.5f), kTol);
  EXPECT_NEAR(std::fabs(r.separatingAxis.y), std::sqrt(0.5f), kTol);
  EXPECT_GT(r.separatingAxis.x + r.separatingAxis.y, 0.0f);
  // distance of centres on the diagonal 2.2*sqrt2 minus (sqrt2 + 1)
  EXPECT_NEAR(r.gap, 2.2f * std::sqrt(2.0f) - (std::sqrt(2.0f) + 1.0f), 1e-4f);
}

TEST(Sat2RectOriented, QuarterTurnTouchingTheFaceOverlapsWithZeroDepth) {
  // rotation (0, 1) is an exact quarter turn: B's local x runs along world +Y, so B
  // reaches half.y = 0.5 along X and touches A's face x = 1 exactly.
  const Rect2 a{{0, 0}, {1, 1}};
  const OrientedRect2 b{{1.5f, 0}, {0, 1}, {2, 0.5f}};
  const SatResult r = satRectOrientedRect(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.depth, 0.0f);
  EXPECT_EQ(std::string(label(r.penetration)), "A0");
}

TEST(Sat2RectOriented, DiamondCornerJustInsideTheFaceHasTinyDepth) {
  const Rect2 a{{0, 0}, {1, 1}};
  // A unit square rotated 45 degrees reaches sqrt2 from its centre along X.
  const OrientedRect2 b = OrientedRect2::fromAngle({1.0f + std::sqrt(2.0f) - 1e-3f, 0}, kPi / 4, {1, 1});
  const SatResult r = satRectOrientedRect(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 1e-3f, 1e-5f);
  EXPECT_EQ(std::string(label(r.penetration)), "A0");
}

TEST(Sat2RectOriented, ZeroAngleBehavesLikeRectRect) {
  const Rect2 a{{0, 0}, {1, 2}};
  const Rect2 bAligned{{2.5f, 1}, {1, 1}};
  const OrientedRect2 b{{2.5f, 1}, {1, 0}, {1, 1}};
  const SatResult r1 = satRectRect(a, bAligned);
  const SatResult r2 = satRectOrientedRect(a, b);
  EXPECT_EQ(r1.overlap, r2.overlap);
  EXPECT_FLOAT_EQ(r1.gap, r2.gap);
  EXPECT_FLOAT_EQ(r1.separatingAxis.x, r2.separatingAxis.x);
}

TEST(Sat2RectOriented, FlatRotatedRectIsASegment) {
  const Rect2 a{{0, 0}, {1, 1}};
  // A stick of length 4 at 30 degrees that passes through A's corner region.
  const OrientedRect2 stick = OrientedRect2::fromAngle({2, 1.2f}, kPi / 6, {2, 0});
  EXPECT_TRUE(satRectOrientedRect(a, stick).overlap);
  const OrientedRect2 away = OrientedRect2::fromAngle({2, 3.0f}, kPi / 6, {2, 0});
  EXPECT_FALSE(satRectOrientedRect(a, away).overlap);
}

// --- two rotated rects -----------------------------------------------------------------------

TEST(Sat2OrientedOriented, TwoDiamondsSideBySide) {
  const OrientedRect2 a = OrientedRect2::fromAngle({0, 0}, kPi / 4, {1, 1});
  const OrientedRect2 b = OrientedRect2::fromAngle({3, 0}, kPi / 4, {1, 1});
  // On the diagonals each reaches 1; centre distance projects to 3/sqrt2 = 2.121 > 2.
  const SatResult r = satOrientedRectOrientedRect(a, b);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), "A0");
  EXPECT_EQ(test::rectAxisIndex(r.penetration), -1);
  EXPECT_NEAR(r.gap, 3.0f / std::sqrt(2.0f) - 2.0f, 1e-5f);
}

TEST(Sat2OrientedOriented, CrossedBarsOverlap) {
  const OrientedRect2 a = OrientedRect2::fromAngle({0, 0}, 0.3f, {3, 0.2f});
  const OrientedRect2 b = OrientedRect2::fromAngle({0.5f, 0.2f}, 0.3f + kPi / 2, {3, 0.2f});
  const SatResult r = satOrientedRectOrientedRect(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(glm::length(r.penetrationAxis), 1.0f, kTol);
  EXPECT_GE(r.depth, 0.0f);
}

TEST(Sat2OrientedOriented, PenetrationAxisPointsFromAToB) {
  const OrientedRect2 a = OrientedRect2::fromAngle({0, 0}, 0.0f, {1, 1});
  const OrientedRect2 b = OrientedRect2::fromAngle({-1.8f, 0.1f}, 0.0f, {1, 1});
  const SatResult r = satOrientedRectOrientedRect(a, b);
  ASSERT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.2f, kTol);
  EXPECT_NEAR(r.penetrationAxis.x, -1.0f, kTol);
}

TEST(Sat2OrientedOriented, NonUnitRotationIsNormalisedAndZeroReadsAsAngleZero) {
  const OrientedRect2 a{{0, 0}, {3, 0}, {1, 1}};     // length 3: still angle 0
  const OrientedRect2 b{{2.5f, 0}, {0, 0}, {1, 1}};  // zero: angle 0, no NaN
  const SatResult r = satOrientedRectOrientedRect(a, b);
  EXPECT_FALSE(r.overlap);
  EXPECT_NEAR(r.gap, 0.5f, kTol);
  EXPECT_FLOAT_EQ(b.angle(), 0.0f);
}

// --- traces -----------------------------------------------------------------------------------

TEST(Sat2Trace, EarlyExitStopsAtTheFirstSeparatingAxis) {
  const Rect2 a{{0, 0}, {1, 1}};
  const OrientedRect2 b = OrientedRect2::fromAngle({5, 0}, 0.4f, {1, 1});
  SatTrace trace;
  const SatResult r = satRectOrientedRect(a, b, trace);
  EXPECT_FALSE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 1u);  // A0 already separates
  EXPECT_EQ(trace.stopRow, 0);
  EXPECT_EQ(std::string(label(trace.rows[0].id)), "A0");
  EXPECT_TRUE(trace.rows[0].separating);
}

TEST(Sat2Trace, FullModeRecordsEveryAxisAndKeepsTheVerdict) {
  const Rect2 a{{0, 0}, {1, 1}};
  const OrientedRect2 b = OrientedRect2::fromAngle({5, 0}, 0.4f, {1, 1});
  SatTrace trace;
  const SatResult r = satRectOrientedRect(a, b, trace, SatOptions{SatMode::Full});
  const SatResult plain = satRectOrientedRect(a, b);
  EXPECT_EQ(r.overlap, plain.overlap);
  EXPECT_EQ(test::rectAxisIndex(r.separating), test::rectAxisIndex(plain.separating));
  EXPECT_FLOAT_EQ(r.gap, plain.gap);
  ASSERT_EQ(trace.rows.size(), 4u);
  EXPECT_EQ(trace.stopRow, 0);
  const char* labels[4] = {"A0", "A1", "B0", "B1"};
  for (int i = 0; i < 4; ++i) {
    const SatAxisRow& row = trace.rows[i];
    EXPECT_EQ(std::string(label(row.id)), labels[i]);
    EXPECT_NEAR(row.maxA - row.minA, 2 * row.radiusA, 1e-5f);
    EXPECT_NEAR(row.maxB - row.minB, 2 * row.radiusB, 1e-5f);
    EXPECT_EQ(row.separating, row.gap > 0.0f);
  }
}

TEST(Sat2Trace, OverlappingPairHasNoStopAndNoSeparatingRow) {
  const OrientedRect2 a = OrientedRect2::fromAngle({0, 0}, 0.2f, {1, 1});
  const OrientedRect2 b = OrientedRect2::fromAngle({1, 1}, -0.7f, {1, 1});
  SatTrace trace;
  EXPECT_TRUE(satOrientedRectOrientedRect(a, b, trace).overlap);
  EXPECT_EQ(trace.separatingRow, -1);
  EXPECT_EQ(trace.stopRow, 3);  // no axis separates: the early-exit test ends at the last row
  EXPECT_TRUE(trace.overlap);
  EXPECT_EQ(testName(trace.test), "OrientedRect2-OrientedRect2");
  ASSERT_EQ(trace.rows.size(), 4u);
  for (const SatAxisRow& row : trace.rows) EXPECT_FALSE(row.separating);
}

TEST(Sat2Trace, ARecorderIsClearedWhenReused) {
  SatTrace trace;
  satRectRect(Rect2{{0, 0}, {1, 1}}, Rect2{{5, 0}, {1, 1}}, trace);
  EXPECT_EQ(trace.separatingRow, 0);
  satRectRect(Rect2{{0, 0}, {1, 1}}, Rect2{{0.5f, 0}, {1, 1}}, trace);
  EXPECT_EQ(trace.separatingRow, -1);
  EXPECT_EQ(trace.rows.size(), 2u);
  EXPECT_TRUE(trace.overlap);
}

TEST(Sat2Trace, RectRectRowsAreLabelledAsAabbAabbIn3d) {
  SatTrace trace;
  satRectRect(Rect2{{0, 0}, {1, 1}}, Rect2{{0.5f, 0.5f}, {1, 1}}, trace, SatOptions{SatMode::Full});
  ASSERT_EQ(trace.rows.size(), 2u);
  EXPECT_EQ(label(trace.rows[0].id), "A0");
  EXPECT_EQ(label(trace.rows[1].id), "A1");
  EXPECT_FLOAT_EQ(trace.rows[0].radiusA, 1.0f);  // exactly the half extent
}

}  // namespace
}  // namespace satlab
