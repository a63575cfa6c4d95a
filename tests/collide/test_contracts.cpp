// Contracts stated in the headers: no NaN from finite input (all-zero and degenerate shapes
// included), (A, B) against (B, A), and shapes 1e4 units from the origin.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "axis_index.hpp"
#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const SatResult& r) {
  return finite(r.separatingAxis) && finite(r.penetrationAxis) && std::isfinite(r.depth);
}
bool finite(const SegmentHit& h) {
  return std::isfinite(h.tEnter) && std::isfinite(h.tExit) && finite(h.enterPoint) && finite(h.enterNormal);
}
bool finite(const ClosestResult& r) { return finite(r.closestPoint) && std::isfinite(r.distance); }
bool finite(const SegSegResult& r) {
  return std::isfinite(r.s) && std::isfinite(r.t) && finite(r.pointA) && finite(r.pointB) && std::isfinite(r.distance);
}
bool finite(const SphereSphereResult& r) { return std::isfinite(r.depth) && finite(r.normal); }

TEST(Contracts, AllZeroShapesAreCoincidentPointsAndTouch) {
  const Aabb a{};
  const Obb o{};
  const Sphere s{};
  const Segment g{};
  EXPECT_TRUE(overlaps(a, a) && overlaps(a, o) && overlaps(a, s) && overlaps(a, g));
  EXPECT_TRUE(overlaps(o, o) && overlaps(o, s) && overlaps(o, g));
  EXPECT_TRUE(overlaps(s, s) && overlaps(s, g) && overlaps(g, g));
  EXPECT_TRUE(finite(satAabbAabb(a, a)));
  EXPECT_TRUE(finite(satAabbObb(a, o)));
  EXPECT_TRUE(finite(satObbObb(o, o)));
  EXPECT_TRUE(finite(satAabbSegment(a, g)));
  EXPECT_TRUE(finite(slabSegmentAabb(g, a)));
  EXPECT_TRUE(finite(slabSegmentObb(g, o)));
  EXPECT_TRUE(finite(segmentSphere(g, s)));
  EXPECT_TRUE(finite(closestSphereAabb(s, a)));
  EXPECT_TRUE(finite(closestSphereObb(s, o)));
  EXPECT_TRUE(finite(closestSegmentSegment(g, g)));
  EXPECT_TRUE(finite(sphereSphere(s, s)));
  SatOptions noEps;
  noEps.epsilon = 0.0f;
  EXPECT_TRUE(finite(satObbObb(o, o, noEps)));
  EXPECT_TRUE(satObbObb(o, o, noEps).overlap);
}

TEST(Contracts, DegenerateShapesApartAreSeparatedWithoutNaN) {
  const Aabb a{{0, 0, 0}, {0, 0, 0}};
  const Obb o{{3, 0, 0}, glm::mat3(1.0f), {0, 0, 0}};
  const Segment g{{0, 3, 0}, {0, 3, 0}};
  const Sphere s{{0, 0, 3}, 0};
  const SatResult r = satAabbObb(a, o);
  EXPECT_FALSE(r.overlap);
  EXPECT_TRUE(finite(r));
  EXPECT_EQ(r.separatingAxis, glm::vec3(1, 0, 0));
  EXPECT_FALSE(overlaps(a, g) || overlaps(a, s) || overlaps(o, g) || overlaps(o, s) || overlaps(g, s));
  EXPECT_TRUE(finite(satAabbSegment(a, g)));
  EXPECT_TRUE(finite(segmentSphere(g, s)));
  EXPECT_TRUE(finite(closestSegmentSegment(g, Segment{{1, 1, 1}, {1, 1, 1}})));
}

TEST(Contracts, TinyAndHugeButFiniteInputsGiveNoNaN) {
  testing::ShapeGen gen(testing::propertySeed() + 201);
  for (float scale : {1e-20f, 1e-6f, 1e6f, 1e15f}) {
    for (int i = 0; i < 2000; ++i) {
      Aabb a = gen.aabb();
      Obb o = gen.obb();
      Sphere s = gen.sphere();
      Segment g = gen.segment();
      a.center *= scale;
      a.half *= scale;
      o.center *= scale;
      o.half *= scale;
      s.center *= scale;
      s.radius *= scale;
      g.p0 *= scale;
      g.p1 *= scale;
      ASSERT_TRUE(finite(satAabbObb(a, o))) << scale;
      ASSERT_TRUE(finite(satObbObb(o, o))) << scale;
      ASSERT_TRUE(finite(satAabbSegment(a, g))) << scale;
      ASSERT_TRUE(finite(slabSegmentAabb(g, a))) << scale;
      ASSERT_TRUE(finite(slabSegmentObb(g, o))) << scale;
      ASSERT_TRUE(finite(segmentSphere(g, s))) << scale;
      ASSERT_TRUE(finite(closestSphereObb(s, o))) << scale;
      ASSERT_TRUE(finite(closestSegmentSegment(g, Segment{g.p1, a.center}))) << scale;
      ASSERT_TRUE(finite(sphereSphere(s, Sphere{o.center, 0}))) << scale;
    }
  }
}

TEST(Contracts, SwappingArgumentsMirrorsTheRichResults) {
  testing::ShapeGen gen(testing::propertySeed() + 202);
  for (int i = 0; i < 20000; ++i) {
    const Aabb a = gen.aabb(), a2 = gen.aabb();
    const Obb o = gen.obb(), o2 = gen.obb();
    const Sphere s = gen.sphere(), s2 = gen.sphere();
    const Segment g = gen.segment(), g2 = gen.segment();

    const SatResult ab = satAabbAabb(a, a2), ba = satAabbAabb(a2, a);
    ASSERT_EQ(ab.overlap, ba.overlap);
    ASSERT_EQ(test::boxAxisIndex(ab.separating), test::boxAxisIndex(ba.separating));  // same world axes, same order
    ASSERT_EQ(ab.depth, ba.depth);
    ASSERT_EQ(ab.penetrationAxis, -ba.penetrationAxis);

    const SatResult oo = satObbObb(o, o2), oo2 = satObbObb(o2, o);
    ASSERT_EQ(oo.overlap, oo2.overlap) << i;
    if (oo.overlap) {
      ASSERT_NEAR(oo.depth, oo2.depth, 1e-4f) << i;
    }

    const SphereSphereResult ss = sphereSphere(s, s2), ss2 = sphereSphere(s2, s);
    ASSERT_EQ(ss.overlap, ss2.overlap);
    ASSERT_EQ(ss.depth, ss2.depth);
    if (ss.distance > 0.0f) {
      ASSERT_EQ(ss.normal, -ss2.normal);
    }

    const SegSegResult gg = closestSegmentSegment(g, g2), gg2 = closestSegmentSegment(g2, g);
    ASSERT_NEAR(gg.distance, gg2.distance, 1e-5f) << i;
    ASSERT_EQ(gg.overlap, gg2.overlap) << i;

    ASSERT_EQ(overlaps(a, o), overlaps(o, a));
    ASSERT_EQ(overlaps(s, o), overlaps(o, s));
    ASSERT_EQ(overlaps(g, o), overlaps(o, g));
    ASSERT_EQ(overlaps(g, s), overlaps(s, g));
  }
}

// Random pairs around (1e4, -1e4, 1e4). Float spacing there is ~1e-3, so the touching band
// is 1e-2 absolute; outside it every verdict must match the oracle.
TEST(Contracts, FarFromOriginAt1e4AgreesWithOracle) {
  const glm::vec3 far(1e4f, -1e4f, 1e4f);
  testing::ShapeGen gen(testing::propertySeed() + 203);
  int checked = 0, wrong = 0, overlapping = 0;
  auto check = [&](const auto& x, const auto& y) {
    const oracle::Hull hx = oracle::hullOf(x), hy = oracle::hullOf(y);
    const double d = oracle::distance(hx, hy);
    bool expected;
    if (d > 1e-2) {
      expected = false;
    } else if (d == 0.0 && oracle::distance(oracle::shrunk(hx, 0.99), oracle::shrunk(hy, 0.99)) == 0.0) {
      expected = true;
    } else {
      return;
    }
    ++checked;
    overlapping += expected ? 1 : 0;
    if (overlaps(x, y) != expected || overlaps(y, x) != expected) ++wrong;
  };
  for (int i = 0; i < 10000; ++i) {
    Aabb a = gen.aabb(1.0f);
    Obb o = gen.obb(1.0f);
    Sphere s = gen.sphere(1.0f);
    Segment g = gen.segment(1.0f);
    Aabb a2 = gen.aabb(1.0f);
    Obb o2 = gen.obb(1.0f);
    Segment g2 = gen.segment(1.0f);
    a.center += far;
    o.center += far;
    s.center += far;
    g.p0 += far;
    g.p1 += far;
    a2.center += far;
    o2.center += far;
    g2.p0 += far;
    g2.p1 += far;
    check(a, a2);
    check(a, o);
    check(o, o2);
    check(a, s);
    check(o, s);
    check(a, g);
    check(o, g);
    check(s, g);
    check(g, g2);
  }
  std::printf("[ far      ] %d pairs checked at 1e4, %d overlapping, %d wrong\n", checked, overlapping, wrong);
  EXPECT_EQ(wrong, 0) << "seed " << testing::propertySeed();
  EXPECT_GT(checked, 80000);
  EXPECT_GT(overlapping, 10000);
}

}  // namespace
}  // namespace satlab
