// Segment against boxes: the slab test (the Recast & Detour slab post) and the 6-axis SAT
// (the "Using AABB" tutorial) for AABB and OBB, which must agree.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "random_shapes.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

constexpr float kTol = 1e-6f;
const Aabb kUnit{{0, 0, 0}, {1, 1, 1}};

void expectAgree(const Segment& s, const Aabb& b) {
  const SegmentHit slab = slabSegmentAabb(s, b);
  const SatResult sat = satAabbSegment(b, s);
  EXPECT_EQ(slab.overlap, sat.overlap);
  EXPECT_EQ(overlaps(s, b), sat.overlap);
  EXPECT_EQ(overlaps(b, s), sat.overlap);
}

TEST(SegmentAabb, CrossesThroughMinusXFace) {
  const Segment s{{-3, 0.2f, 0.1f}, {3, 0.2f, 0.1f}};
  SlabTrace trace;
  const SegmentHit h = slabSegmentAabb(s, kUnit, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 2.0f / 6.0f, kTol);
  EXPECT_NEAR(h.tExit, 4.0f / 6.0f, kTol);
  EXPECT_NEAR(h.enterPoint.x, -1.0f, kTol);
  EXPECT_EQ(h.enterNormal, glm::vec3(-1, 0, 0));
  ASSERT_EQ(trace.rows.size(), 3u);
  EXPECT_FALSE(trace.rows[0].parallel);
  EXPECT_TRUE(trace.rows[1].parallel);  // y and z components are 0
  EXPECT_TRUE(trace.rows[2].parallel);
  EXPECT_EQ(trace.rejectingAxis, -1);
  expectAgree(s, kUnit);
}

TEST(SegmentAabb, EntersThroughPlusZFaceGoingDown) {
  const Segment s{{0.3f, -0.2f, 4}, {0.3f, -0.2f, 0}};
  const SegmentHit h = slabSegmentAabb(s, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 0.75f, kTol);
  EXPECT_EQ(h.tExit, 1.0f);  // ends inside
  EXPECT_EQ(h.enterNormal, glm::vec3(0, 0, 1));
}

TEST(SegmentAabb, StartsInsideHasTEnterZeroAndZeroNormal) {
  const Segment s{{0.1f, 0.1f, 0.1f}, {5, 4, 3}};
  const SegmentHit h = slabSegmentAabb(s, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_EQ(h.tEnter, 0.0f);
  EXPECT_EQ(h.enterNormal, glm::vec3(0.0f));
  EXPECT_EQ(h.enterPoint, s.p0);
  EXPECT_NEAR(h.tExit, 0.9f / 4.9f, kTol);
}

TEST(SegmentAabb, ParallelToSlabWithOriginInsideOnAndOutside) {
  // Parallel to the X slab (d.x = 0), running along Y through the box's height.
  for (float x : {0.5f, 1.0f, -1.0f, 1.0001f, -2.0f}) {
    const Segment s{{x, -3, 0}, {x, 3, 0}};
    SlabTrace trace;
    const SegmentHit h = slabSegmentAabb(s, kUnit, trace);
    const bool inside = std::abs(x) <= 1.0f;  // on the face counts (closed box)
    EXPECT_EQ(h.overlap, inside) << "x = " << x;
    EXPECT_TRUE(trace.rows[0].parallel);
    EXPECT_EQ(trace.rows[0].originInside, inside);
    if (!inside) {
      EXPECT_EQ(trace.rejectingAxis, 0);
      EXPECT_EQ(trace.rows.size(), 1u);
    }
    expectAgree(s, kUnit);
  }
}

TEST(SegmentAabb, ParallelSlabsNeverProduceNaN) {
  // Direction components 0, denormal and just under the parallel threshold; the start point
  // on the top face plane (z = 1) or inside the Z slab.
  for (float z : {1.0f, 0.5f})
    for (float dz : {0.0f, 1e-40f, -1e-40f, 5e-7f, -9.9e-7f}) {
      const Segment s{{-2, 1, z}, {2, 1, z + dz}};
      const SegmentHit h = slabSegmentAabb(s, kUnit);
      EXPECT_TRUE(h.overlap) << dz;
      EXPECT_FALSE(std::isnan(h.tEnter) || std::isnan(h.tExit)) << dz;
      EXPECT_FALSE(std::isnan(satAabbSegment(kUnit, s).depth)) << dz;
      if (z < 1.0f || dz <= 0.0f) expectAgree(s, kUnit);
    }
}

TEST(SegmentAabb, ParallelThresholdIsTheSlabTestsOnlyApproximation) {
  // The Recast & Detour slab post: |d_z| < 1e-6 counts as parallel and is decided by p0's containment. Starting
  // on the top face and rising by 5e-7 over its length, this segment leaves the box's top
  // 1.25e-7 before it reaches x = -1: the exact SAT says "miss", the slab test "hit". Such
  // splits need the segment to stay within 1e-6 of a face plane: inside the touching band.
  const Segment s{{-2, 1, 1}, {2, 1, 1 + 5e-7f}};
  EXPECT_TRUE(slabSegmentAabb(s, kUnit).overlap);
  EXPECT_FALSE(satAabbSegment(kUnit, s).overlap);
}

TEST(SegmentAabb, ZeroLengthSegmentIsAPoint) {
  for (const glm::vec3& p :
       {glm::vec3(0.5f, 0.5f, 0.5f), glm::vec3(1, 1, 1), glm::vec3(1, 0, -1), glm::vec3(1.001f, 0, 0)}) {
    const Segment s{p, p};
    const bool inside = glm::all(glm::lessThanEqual(glm::abs(p), glm::vec3(1.0f)));
    const SegmentHit h = slabSegmentAabb(s, kUnit);
    EXPECT_EQ(h.overlap, inside);
    if (inside) {
      EXPECT_EQ(h.tEnter, 0.0f);
      EXPECT_EQ(h.tExit, 1.0f);
    }
    const SatResult sat = satAabbSegment(kUnit, s);
    EXPECT_EQ(sat.overlap, inside);
    EXPECT_EQ(overlaps(s, kUnit), inside);
  }
}

TEST(SegmentAabb, EndingExactlyOnAFaceTouches) {
  const Segment s{{-3, 0, 0}, {-1, 0, 0}};
  const SegmentHit h = slabSegmentAabb(s, kUnit);
  ASSERT_TRUE(h.overlap);
  EXPECT_EQ(h.tEnter, 1.0f);
  EXPECT_EQ(h.tExit, 1.0f);
  EXPECT_EQ(h.enterNormal, glm::vec3(-1, 0, 0));
  expectAgree(s, kUnit);
  const Segment shortOne{{-3, 0, 0}, {-1.001f, 0, 0}};
  EXPECT_FALSE(slabSegmentAabb(shortOne, kUnit).overlap);
  expectAgree(shortOne, kUnit);
}

TEST(SegmentAabb, MissingPastACornerIsSeparatedByACrossAxis) {
  // Passes the (+1, +1, z) edge diagonally outside: the face axes overlap, Zxd separates.
  const Segment s{{2.5f, 0.0f, 0.0f}, {0.0f, 2.5f, 0.0f}};
  SatTrace trace;
  const SatResult r = satAabbSegment(kUnit, s, trace);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), std::string_view("Zxd"));
  EXPECT_EQ(trace.rows.size(), 6u);
  EXPECT_FALSE(slabSegmentAabb(s, kUnit).overlap);
  const Segment touching{{2.0f, 0.0f, 0.0f}, {0.0f, 2.0f, 0.0f}};  // through the edge point
  EXPECT_TRUE(satAabbSegment(kUnit, touching).overlap);
  EXPECT_TRUE(slabSegmentAabb(touching, kUnit).overlap);
}

TEST(SegmentAabb, FlatBoxIsCrossedAtOneT) {
  const Aabb flat{{0, 0, 0}, {1, 0, 1}};
  const Segment s{{0.2f, -1, 0.3f}, {0.2f, 1, 0.3f}};
  const SegmentHit h = slabSegmentAabb(s, flat);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 0.5f, kTol);
  EXPECT_NEAR(h.tExit, 0.5f, kTol);
  EXPECT_EQ(h.enterNormal, glm::vec3(0, -1, 0));
  expectAgree(s, flat);
  const Segment inPlane{{-3, 0, 0.5f}, {3, 0, 0.5f}};  // lying in the flat box's plane
  EXPECT_TRUE(slabSegmentAabb(inPlane, flat).overlap);
  expectAgree(inPlane, flat);
}

TEST(SegmentAabb, SatPenetrationOfASegmentPokingIntoAFace) {
  const Segment s{{0.2f, 0.1f, 0.7f}, {0.2f, 0.1f, 3.0f}};  // 0.3 deep into the +Z face
  const SatResult r = satAabbSegment(kUnit, s);
  ASSERT_TRUE(r.overlap);
  EXPECT_EQ(std::string(label(r.penetration)), std::string_view("Z"));
  EXPECT_NEAR(r.depth, 0.3f, 1e-5f);
  EXPECT_NEAR(r.penetrationAxis.z, 1.0f, kTol);  // from the box to the segment
}

TEST(SegmentAabb, FarFromOriginAt1e4) {
  const glm::vec3 o(1e4f, -1e4f, 1e4f);
  const Aabb b{o, {1, 1, 1}};
  const Segment hit{o + glm::vec3(-3, 0.5f, 0.5f), o + glm::vec3(3, 0.5f, 0.5f)};
  const Segment miss{o + glm::vec3(-3, 1.01f, 0.5f), o + glm::vec3(3, 1.01f, 0.5f)};
  EXPECT_TRUE(slabSegmentAabb(hit, b).overlap);
  EXPECT_NEAR(slabSegmentAabb(hit, b).tEnter, 2.0f / 6.0f, 1e-4f);
  EXPECT_FALSE(slabSegmentAabb(miss, b).overlap);
  expectAgree(hit, b);
  expectAgree(miss, b);
}

TEST(SegmentAabb, SatAndSlabAgreeOnRandomInputs) {
  testing::ShapeGen g(testing::propertySeed() + 77);
  int disagreements = 0, hits = 0;
  for (int i = 0; i < 100000; ++i) {
    const Aabb b = g.aabb(1.0f);
    Segment s = g.segment(1.0f);
    if (i % 10 == 0) s.p1[i % 3] = s.p0[i % 3];  // some segments parallel to a slab
    const bool slab = slabSegmentAabb(s, b).overlap;
    const bool sat = satAabbSegment(b, s).overlap;
    hits += slab ? 1 : 0;
    disagreements += slab != sat ? 1 : 0;
  }
  EXPECT_EQ(disagreements, 0) << "seed " << testing::propertySeed();
  EXPECT_GT(hits, 10000);
}

Obb rotatedUnit(const glm::vec3& c, float angle, const glm::vec3& axis) {
  Obb o;
  o.center = c;
  o.half = {1, 1, 1};
  o.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), angle, glm::normalize(axis)));
  return o;
}

TEST(SegmentObb, AlongABoxAxisEntersThroughItsFace) {
  const Obb b = rotatedUnit({1, 2, 3}, 0.7f, {1, 1, 1});
  const Segment s{b.center - 3.0f * b.axes[1], b.center + 3.0f * b.axes[1]};
  SlabTrace trace;
  const SegmentHit h = slabSegmentObb(s, b, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 2.0f / 6.0f, 1e-5f);
  EXPECT_NEAR(h.tExit, 4.0f / 6.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(h.enterNormal, -b.axes[1]), 1.0f, 1e-5f);
  EXPECT_EQ(std::string(label(trace.rows[1].id)), std::string_view("B1"));
  EXPECT_TRUE(overlaps(s, b));
}

TEST(SegmentObb, MissesTheCornerThatItsAabbWouldContain) {
  const Obb b = rotatedUnit({0, 0, 0}, glm::radians(45.0f), {0, 0, 1});
  // The AABB of this diamond reaches x = y = sqrt2; the point (1.2, 1.2) is outside it.
  const Segment s{{1.2f, 1.2f, -2}, {1.2f, 1.2f, 2}};
  EXPECT_FALSE(slabSegmentObb(s, b).overlap);
  EXPECT_FALSE(overlaps(b, s));
  const Segment t{{0.7f, 0.7f, -2}, {0.7f, 0.7f, 2}};  // sqrt2 * 0.7 < 1: inside
  EXPECT_TRUE(overlaps(b, t));
}

TEST(SegmentObb, IdentityObbMatchesTheAabbSlab) {
  testing::ShapeGen g(testing::propertySeed() + 78);
  for (int i = 0; i < 20000; ++i) {
    const Aabb a = g.aabb(1.0f);
    const Obb o{a.center, glm::mat3(1.0f), a.half};
    const Segment s = g.segment(1.0f);
    const SegmentHit ha = slabSegmentAabb(s, a);
    const SegmentHit ho = slabSegmentObb(s, o);
    ASSERT_EQ(ha.overlap, ho.overlap) << i;
    ASSERT_EQ(ha.tEnter, ho.tEnter) << i;
    ASSERT_EQ(ha.tExit, ho.tExit) << i;
    ASSERT_EQ(ha.enterNormal, ho.enterNormal) << i;
  }
}

}  // namespace
}  // namespace satlab

namespace satlab {
namespace {

Obb turnedBox(const glm::vec3& c, const glm::vec3& half, float angle, const glm::vec3& axis) {
  Obb o;
  o.center = c;
  o.half = half;
  o.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), angle, glm::normalize(axis)));
  return o;
}

TEST(ObbSegment, SatAndSlabAgreeOnRandomInputs) {
  testing::ShapeGen g(testing::propertySeed() + 78);
  int disagreements = 0, hits = 0;
  for (int i = 0; i < 100000; ++i) {
    const Obb b = g.obb(1.0f);
    Segment s = g.segment(1.0f);
    if (i % 10 == 0) s.p1 = s.p0 + b.axes[i % 3] * 0.7f;  // some segments parallel to a slab
    const bool slab = slabSegmentObb(s, b).overlap;
    const bool sat = satObbSegment(b, s).overlap;
    hits += slab ? 1 : 0;
    disagreements += slab != sat ? 1 : 0;
  }
  EXPECT_EQ(disagreements, 0) << "seed " << testing::propertySeed();
  EXPECT_GT(hits, 10000);
}

TEST(ObbSegment, AnIdentityBoxGivesTheAabbTestsResult) {
  testing::ShapeGen g(testing::propertySeed() + 79);
  for (int i = 0; i < 2000; ++i) {
    const Aabb a = g.aabb(1.0f);
    const Segment s = g.segment(1.0f);
    const Obb o{a.center, glm::mat3(1.0f), a.half};
    const SatResult x = satAabbSegment(a, s), y = satObbSegment(o, s);
    ASSERT_EQ(x.overlap, y.overlap) << i;
    // The same six axes in the same order: A_i for X, Y, Z, A_i x d for X x d ...
    EXPECT_EQ(x.separating.i, y.separating.i) << i;
    EXPECT_EQ(x.separating.kind == AxisId::Kind::World, y.separating.kind == AxisId::Kind::FaceA) << i;
    if (x.overlap) {
      EXPECT_NEAR(x.depth, y.depth, 1e-5f) << i;
    }
  }
}

TEST(ObbSegment, APokeIntoATurnedFaceIsThatFacesDepth) {
  const Obb b = turnedBox({1, 2, 3}, {1.0f, 0.5f, 2.0f}, 0.6f, {1, 2, 3});
  // From outside along A1, 0.2 deep into the +A1 face.
  const Segment s{b.center + 0.3f * b.axes[1] + 0.1f * b.axes[0], b.center + 3.0f * b.axes[1] + 0.1f * b.axes[0]};
  const SatResult r = satObbSegment(b, s);
  ASSERT_TRUE(r.overlap);
  EXPECT_EQ(std::string(label(r.penetration)), std::string_view("A1"));
  EXPECT_NEAR(r.depth, 0.2f, 1e-5f);
  EXPECT_NEAR(glm::dot(r.penetrationAxis, b.axes[1]), 1.0f, 1e-5f);  // from the box to the segment
}

TEST(ObbSegment, ASegmentPastAnEdgeIsSeparatedByACrossAxis) {
  // In the turned box's frame the segment runs from (1.6, 0.5, 0) to (0.5, 1.6, 0), on the
  // line x + y = 2.1: past the edge x = y = 1 by 0.1 / sqrt(2), while its projections on the
  // three faces overlap the box's. Only A2 x d, along -(A0 + A1), separates.
  const Obb b = turnedBox({1, -2, 0.5f}, glm::vec3(1.0f), 0.9f, {1, 2, 3});
  auto world = [&](float x, float y, float z) { return b.center + b.axes * glm::vec3(x, y, z); };
  const Segment s{world(1.6f, 0.5f, 0.0f), world(0.5f, 1.6f, 0.0f)};
  SatTrace trace;
  const SatResult r = satObbSegment(b, s, trace, SatOptions{SatMode::Full});
  ASSERT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), std::string_view("A2xd"));
  EXPECT_EQ(r.separating.kind, AxisId::Kind::FaceACrossSegment);
  EXPECT_NEAR(r.gap, 0.1f / std::sqrt(2.0f), 1e-4f);
  ASSERT_EQ(trace.rows.size(), 6u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(trace.rows[static_cast<size_t>(i)].separating) << i;
    // The trace's axes are in world space: A_i, and A_i x d.
    EXPECT_NEAR(glm::length(glm::cross(trace.rows[static_cast<size_t>(i)].axis, b.axes[i])), 0.0f, 1e-5f);
  }
  EXPECT_EQ(std::string(label(trace.rows[3].id)), std::string_view("A0xd"));
  EXPECT_NEAR(glm::length(glm::cross(trace.rows[5].axis, b.axes[0] + b.axes[1])), 0.0f, 1e-5f);
  EXPECT_FALSE(slabSegmentObb(s, b).overlap);
}

TEST(ObbSegment, AZeroLengthSegmentIsAPoint) {
  const Obb b = turnedBox({0, 0, 0}, {1, 1, 1}, 0.4f, {0, 1, 0});
  const glm::vec3 inside = b.center + 0.9f * b.axes[0];
  const glm::vec3 outside = b.center + 1.1f * b.axes[0];
  EXPECT_TRUE(satObbSegment(b, Segment{inside, inside}).overlap);
  const SatResult r = satObbSegment(b, Segment{outside, outside});
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), std::string_view("A0"));
}

}  // namespace
}  // namespace satlab
