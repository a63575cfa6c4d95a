// The canvas pictures' pure geometry: where a picture goes in the free part of the window,
// how values map onto a number line, and the round tick spacing of its scale.
#include "ui/canvas_overlay.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace satlab::test {
namespace {

TEST(CanvasOverlay, APictureSitsInTheBottomRightCornerOfTheArea) {
  const ScreenRect area{glm::vec2(100.0f, 30.0f), glm::vec2(1280.0f, 720.0f)};
  const ScreenRect r = placeBottomRight(area, glm::vec2(400.0f, 150.0f), 10.0f);
  EXPECT_FLOAT_EQ(r.hi.x, 1270.0f);
  EXPECT_FLOAT_EQ(r.hi.y, 710.0f);
  EXPECT_FLOAT_EQ(rectWidth(r), 400.0f);
  EXPECT_FLOAT_EQ(rectHeight(r), 150.0f);
}

TEST(CanvasOverlay, APictureLargerThanTheAreaShrinksToFitInside) {
  const ScreenRect area{glm::vec2(0.0f), glm::vec2(300.0f, 100.0f)};
  const ScreenRect r = placeBottomRight(area, glm::vec2(1000.0f, 500.0f), 8.0f);
  EXPECT_GE(r.lo.x, 8.0f);
  EXPECT_GE(r.lo.y, 8.0f);
  EXPECT_LE(r.hi.x, 292.0f);
  EXPECT_LE(r.hi.y, 92.0f);
  // An area too small for the margins gives an empty rectangle, not a negative one.
  const ScreenRect none = placeBottomRight(ScreenRect{glm::vec2(0.0f), glm::vec2(10.0f)}, glm::vec2(50.0f), 8.0f);
  EXPECT_GE(rectWidth(none), 0.0f);
  EXPECT_GE(rectHeight(none), 0.0f);
}

TEST(CanvasOverlay, ValuesMapOntoTheLineAndClampAtItsEnds) {
  const NumberScale s{-1.0f, 3.0f, 100.0f, 500.0f};
  EXPECT_FLOAT_EQ(s.x(-1.0f), 100.0f);
  EXPECT_FLOAT_EQ(s.x(1.0f), 300.0f);
  EXPECT_FLOAT_EQ(s.x(3.0f), 500.0f);
  EXPECT_FLOAT_EQ(s.x(-50.0f), 100.0f);
  EXPECT_FLOAT_EQ(s.x(1e30f), 500.0f);
  // Not a number, or an empty range: the middle, never NaN.
  EXPECT_FLOAT_EQ(s.x(std::numeric_limits<float>::quiet_NaN()), 300.0f);
  EXPECT_FLOAT_EQ((NumberScale{2.0f, 2.0f, 0.0f, 10.0f}.x(2.0f)), 5.0f);
}

TEST(CanvasOverlay, TicksAreOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_FLOAT_EQ((NumberScale{-1.0f, 3.2f, 0.0f, 1.0f}.tickStep(5)), 1.0f);
  EXPECT_FLOAT_EQ((NumberScale{0.0f, 1.12f, 0.0f, 1.0f}.tickStep(5)), 0.5f);
  EXPECT_FLOAT_EQ((NumberScale{-131.0f, 230.0f, 0.0f, 1.0f}.tickStep(5)), 100.0f);
  EXPECT_NEAR((NumberScale{0.0f, 0.003f, 0.0f, 1.0f}.tickStep(5)), 0.001f, 1e-9f);
  EXPECT_FLOAT_EQ((NumberScale{0.0f, 0.0f, 0.0f, 1.0f}.tickStep(5)), 1.0f);  // no range: no division by 0
}

}  // namespace
}  // namespace satlab::test
