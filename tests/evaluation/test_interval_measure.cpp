// What one axis's picture measures: a gap, or a common part and the push that clears it.
#include "evaluation/interval_measure.hpp"

#include <gtest/gtest.h>

namespace satlab::test {
namespace {

/// A row as the core writes it: centres and radii along the axis.
SatAxisRow row(float centreA, float radiusA, float centreB, float radiusB) {
  SatAxisRow r;
  r.radiusA = radiusA;
  r.radiusB = radiusB;
  r.centerDistance = centreB - centreA;
  r.minA = centreA - radiusA, r.maxA = centreA + radiusA;
  r.minB = centreB - radiusB, r.maxB = centreB + radiusB;
  r.gap = std::abs(r.centerDistance) - radiusA - radiusB;
  return r;
}

TEST(IntervalMeasure, APartLeavesAGapBetweenTheFacingEnds) {
  const IntervalMeasure m = measureIntervals(row(0.0f, 1.0f, 3.0f, 0.5f));  // [-1, 1] and [2.5, 3.5]
  EXPECT_TRUE(m.apart);
  EXPECT_FLOAT_EQ(m.gap, 1.5f);
  EXPECT_FLOAT_EQ(m.gapFrom, 1.0f);
  EXPECT_FLOAT_EQ(m.gapTo, 2.5f);
  // B below A: the same gap, from B's top to A's bottom.
  const IntervalMeasure below = measureIntervals(row(0.0f, 1.0f, -3.0f, 0.5f));
  EXPECT_TRUE(below.apart);
  EXPECT_FLOAT_EQ(below.gapFrom, -2.5f);
  EXPECT_FLOAT_EQ(below.gapTo, -1.0f);
}

TEST(IntervalMeasure, PartlyOverlappingIntervalsArePushedApartByTheirCommonPart) {
  const IntervalMeasure m = measureIntervals(row(0.0f, 1.0f, 1.5f, 1.0f));  // [-1, 1] and [0.5, 2.5]
  EXPECT_FALSE(m.apart);
  EXPECT_FALSE(m.contained);
  EXPECT_FLOAT_EQ(m.common, 0.5f);
  EXPECT_FLOAT_EQ(m.pushApart, 0.5f);
  EXPECT_FLOAT_EQ(m.pushApart, -row(0.0f, 1.0f, 1.5f, 1.0f).gap);  // rA + rB - |s|
  EXPECT_FLOAT_EQ(m.pushFrom, 0.5f);                               // B's bottom ...
  EXPECT_FLOAT_EQ(m.pushTo, 1.0f);                                 // ... up to A's top
}

TEST(IntervalMeasure, OneIntervalInsideTheOtherIsPushedFurtherThanTheirCommonPart) {
  // Lesson 15's floor and a box on it, on the floor's long axis: [-50, 50] and [-33, -29].
  const SatAxisRow r = row(0.0f, 50.0f, -31.0f, 2.0f);
  const IntervalMeasure m = measureIntervals(r);
  EXPECT_FALSE(m.apart);
  EXPECT_TRUE(m.contained);
  EXPECT_FLOAT_EQ(m.common, 4.0f);  // B itself
  EXPECT_FLOAT_EQ(m.pushApart, 21.0f);
  EXPECT_FLOAT_EQ(m.pushApart, -r.gap);
  // B is below A's centre: it goes down, its top to A's bottom.
  EXPECT_FLOAT_EQ(m.pushFrom, -29.0f);
  EXPECT_FLOAT_EQ(m.pushTo, -50.0f);
  // And A inside B.
  const IntervalMeasure inside = measureIntervals(row(0.0f, 0.5f, 0.2f, 2.0f));
  EXPECT_TRUE(inside.contained);
  EXPECT_FLOAT_EQ(inside.common, 1.0f);
  EXPECT_FLOAT_EQ(inside.pushApart, 2.3f);
}

TEST(IntervalMeasure, TouchingEndsShareAPointAndNeedNoPush) {
  const IntervalMeasure m = measureIntervals(row(0.0f, 1.0f, 2.0f, 1.0f));
  EXPECT_FALSE(m.apart);
  EXPECT_FLOAT_EQ(m.common, 0.0f);
  EXPECT_FLOAT_EQ(m.pushApart, 0.0f);
}

}  // namespace
}  // namespace satlab::test
