// The untraced 2D tests (NoTrace2) are written for speed: the SAT loop drops the products by
// the constant 0 and 1 of axis-aligned axes and defers its penetration search until no axis
// has separated (collide2d_sat.cpp). The traced instantiations keep the per-axis arithmetic
// the trace rows show. Comparing the two, bit for bit, on random pairs (including the awkward
// ones: zero and negative-zero extents and coordinates, exact ties and touching on dyadic
// grids, quarter-turn, non-unit and zero rotations, slab-parallel segments) checks that the
// shortcuts change no field of any result, in early-exit and in full mode.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "satlab/collide/collide2d.hpp"
#include "random_shapes.hpp"

namespace satlab {
namespace {

constexpr int kPairs = 100000;

std::uint32_t bits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
bool same(float x, float y) { return bits(x) == bits(y); }
bool same(glm::vec2 x, glm::vec2 y) { return same(x.x, y.x) && same(x.y, y.y); }

::testing::AssertionResult bitIdentical(const SatResult2& x, const SatResult2& y) {
  if (x.overlap == y.overlap && x.separatingIndex == y.separatingIndex &&
      x.separatingLabel == y.separatingLabel && same(x.separatingAxis, y.separatingAxis) &&
      same(x.gap, y.gap) && x.penetrationIndex == y.penetrationIndex &&
      x.penetrationLabel == y.penetrationLabel && same(x.penetrationAxis, y.penetrationAxis) &&
      same(x.depth, y.depth)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "untraced sep " << x.separatingIndex << " gap " << x.gap << " pen "
                                       << x.penetrationIndex << " depth " << x.depth << " / traced sep "
                                       << y.separatingIndex << " gap " << y.gap << " pen " << y.penetrationIndex
                                       << " depth " << y.depth;
}

::testing::AssertionResult bitIdentical(const SegmentHit2& x, const SegmentHit2& y) {
  if (x.overlap == y.overlap && same(x.tEnter, y.tEnter) && same(x.tExit, y.tExit) &&
      same(x.enterPoint, y.enterPoint) && same(x.enterNormal, y.enterNormal) && x.enterAxis == y.enterAxis) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "untraced t [" << x.tEnter << ", " << x.tExit << "] axis " << x.enterAxis
                                       << " / traced t [" << y.tEnter << ", " << y.tExit << "] axis " << y.enterAxis;
}

::testing::AssertionResult bitIdentical(const ClosestResult2& x, const ClosestResult2& y) {
  if (x.overlap == y.overlap && same(x.closestPoint, y.closestPoint) && same(x.distance, y.distance) &&
      same(x.distanceSquared, y.distanceSquared) && same(x.t, y.t)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "untraced d2 " << x.distanceSquared << " / traced d2 " << y.distanceSquared;
}

// Awkward 2D inputs: coordinates uniform or on a dyadic grid (exact ties and touching),
// with some exact zeros and negative zeros; rotations unit, quarter turns, scaled, tiny or zero.
class Gen2 {
 public:
  explicit Gen2(std::uint64_t seed) : rng_(seed) {}

  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }

  float coord() { return zeroes(grid_ ? std::round(uniform(-8.0f, 8.0f)) * 0.25f : uniform(-3.0f, 3.0f)); }
  float extent() { return zeroes(grid_ ? std::round(uniform(0.0f, 8.0f)) * 0.25f : uniform(0.0f, 1.5f)); }
  glm::vec2 point() { return {coord(), coord()}; }
  glm::vec2 half() { return {extent(), extent()}; }
  glm::vec2 rotation() {
    const float a = uniform(-3.2f, 3.2f);
    switch (static_cast<int>(uniform(0.0f, 6.0f))) {
      case 0: {
        const float c[4] = {1, 0, -1, 0}, s[4] = {0, 1, 0, -1};
        const int k = static_cast<int>(uniform(0.0f, 3.999f));
        return {c[k], s[k]};
      }
      case 1:
        return glm::vec2(0.0f);  // reads as angle 0
      case 2: {
        const float scale = uniform(0.01f, 100.0f);  // not unit: normalised by axis0()
        return {std::cos(a) * scale, std::sin(a) * scale};
      }
      default:
        return {std::cos(a), std::sin(a)};
    }
  }
  Rect2 rect() { return Rect2{point(), half()}; }
  OrientedRect2 orientedRect() { return OrientedRect2{point(), rotation(), half()}; }
  Circle2 circle() { return Circle2{point(), extent()}; }
  Segment2 segment() {
    const glm::vec2 p0 = point();
    glm::vec2 p1 = point();
    if (chance(0.05)) p1 = p0;
    if (chance(0.1)) p1.x = p0.x + (chance(0.5) ? 0.0f : uniform(-2e-6f, 2e-6f));  // (near) parallel
    if (chance(0.1)) p1.y = p0.y + (chance(0.5) ? 0.0f : uniform(-2e-6f, 2e-6f));
    return Segment2{p0, p1};
  }
  // Picks uniform or grid coordinates for the next pair.
  void nextPair() { grid_ = chance(0.5); }

 private:
  float zeroes(float x) {
    if (chance(0.04)) return 0.0f;
    if (chance(0.04)) return -0.0f;
    return x;
  }
  std::mt19937_64 rng_;
  bool grid_ = false;
};

TEST(Untraced2, SatIsBitIdenticalToTraced) {
  const std::uint64_t seed = testing::propertySeed();
  SCOPED_TRACE(seed);
  Gen2 gen(seed);
  SatTrace2 early, full;
  full.full = true;
  for (int i = 0; i < kPairs; ++i) {
    gen.nextPair();
    const Rect2 ra = gen.rect(), rb = gen.rect();
    const OrientedRect2 oa = gen.orientedRect(), ob = gen.orientedRect();
    const SatResult2 rr = overlapRectRect(ra, rb);
    ASSERT_TRUE(bitIdentical(rr, overlapRectRect(ra, rb, early))) << i;
    ASSERT_TRUE(bitIdentical(rr, overlapRectRect(ra, rb, full))) << i;
    const SatResult2 ro = overlapRectOrientedRect(ra, ob);
    ASSERT_TRUE(bitIdentical(ro, overlapRectOrientedRect(ra, ob, early))) << i;
    ASSERT_TRUE(bitIdentical(ro, overlapRectOrientedRect(ra, ob, full))) << i;
    const SatResult2 oo = overlapOrientedRectOrientedRect(oa, ob);
    ASSERT_TRUE(bitIdentical(oo, overlapOrientedRectOrientedRect(oa, ob, early))) << i;
    ASSERT_TRUE(bitIdentical(oo, overlapOrientedRectOrientedRect(oa, ob, full))) << i;
  }
}

TEST(Untraced2, SlabIsBitIdenticalToTraced) {
  const std::uint64_t seed = testing::propertySeed();
  SCOPED_TRACE(seed);
  Gen2 gen(seed + 1);
  SlabTrace2 early, full;
  full.full = true;
  for (int i = 0; i < kPairs; ++i) {
    gen.nextPair();
    const Segment2 s = gen.segment();
    const Rect2 r = gen.rect();
    const OrientedRect2 o = gen.orientedRect();
    const SegmentHit2 sr = intersectSegmentRect(s, r);
    ASSERT_TRUE(bitIdentical(sr, intersectSegmentRect(s, r, early))) << i;
    ASSERT_TRUE(bitIdentical(sr, intersectSegmentRect(s, r, full))) << i;
    const SegmentHit2 so = intersectSegmentOrientedRect(s, o);
    ASSERT_TRUE(bitIdentical(so, intersectSegmentOrientedRect(s, o, early))) << i;
    ASSERT_TRUE(bitIdentical(so, intersectSegmentOrientedRect(s, o, full))) << i;
  }
}

TEST(Untraced2, ClosestIsBitIdenticalToTraced) {
  const std::uint64_t seed = testing::propertySeed();
  SCOPED_TRACE(seed);
  Gen2 gen(seed + 2);
  ClosestTrace2 trace;
  for (int i = 0; i < kPairs; ++i) {
    gen.nextPair();
    const Circle2 c = gen.circle();
    const Rect2 r = gen.rect();
    const OrientedRect2 o = gen.orientedRect();
    ASSERT_TRUE(bitIdentical(overlapCircleRect(c, r), overlapCircleRect(c, r, trace))) << i;
    ASSERT_TRUE(bitIdentical(overlapCircleOrientedRect(c, o), overlapCircleOrientedRect(c, o, trace))) << i;
  }
}

}  // namespace
}  // namespace satlab
