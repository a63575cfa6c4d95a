// Traces: the recorded rows match the verdicts, and the traced instantiation returns
// exactly what the untraced (production) one does, on random inputs.
#include <gtest/gtest.h>

#include <algorithm>

#include "axis_index.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

constexpr int kRandomPairs = 10000;

void expectSame(const SatResult& x, const SatResult& y) {
  ASSERT_EQ(x.overlap, y.overlap);
  ASSERT_EQ(test::boxAxisIndex(x.separating), test::boxAxisIndex(y.separating));
  ASSERT_EQ(std::string(label(x.separating)), std::string(label(y.separating)));
  ASSERT_EQ(x.separatingAxis, y.separatingAxis);
  ASSERT_EQ(test::boxAxisIndex(x.penetration), test::boxAxisIndex(y.penetration));
  ASSERT_EQ(std::string(label(x.penetration)), std::string(label(y.penetration)));
  ASSERT_EQ(x.penetrationAxis, y.penetrationAxis);
  ASSERT_EQ(x.depth, y.depth);
}

void expectSame(const SegmentHit& x, const SegmentHit& y) {
  ASSERT_EQ(x.overlap, y.overlap);
  ASSERT_EQ(x.tEnter, y.tEnter);
  ASSERT_EQ(x.tExit, y.tExit);
  ASSERT_EQ(x.enterPoint, y.enterPoint);
  ASSERT_EQ(x.enterNormal, y.enterNormal);
}

void expectSame(const ClosestResult& x, const ClosestResult& y) {
  ASSERT_EQ(x.overlap, y.overlap);
  ASSERT_EQ(x.closestPoint, y.closestPoint);
  ASSERT_EQ(x.distance, y.distance);
  ASSERT_EQ(x.distanceSquared, y.distanceSquared);
}

void expectSame(const SegSegResult& x, const SegSegResult& y) {
  ASSERT_EQ(x.overlap, y.overlap);
  ASSERT_EQ(x.s, y.s);
  ASSERT_EQ(x.t, y.t);
  ASSERT_EQ(x.pointA, y.pointA);
  ASSERT_EQ(x.pointB, y.pointB);
  ASSERT_EQ(x.distance, y.distance);
}

// The rows of a SAT trace agree with the result: where the early exit stops, which row
// separates, interval arithmetic, and the row count for the mode.
void expectRowsMatch(const SatTrace& tr, const SatResult& r, std::size_t axisCount, SatMode mode) {
  ASSERT_EQ(tr.overlap, r.overlap);
  if (r.overlap || mode == SatMode::Full) {
    ASSERT_EQ(tr.rows.size(), axisCount);
  } else {
    ASSERT_EQ(static_cast<int>(tr.rows.size()) - 1, tr.separatingRow);
  }
  for (std::size_t i = 0; i < tr.rows.size(); ++i) {
    const SatAxisRow& row = tr.rows[i];
    ASSERT_EQ(row.index, static_cast<int>(i));
    // Interval gap equals the comparison's margin (up to rounding).
    const float intervalGap = std::max(row.minB - row.maxA, row.minA - row.maxB);
    ASSERT_NEAR(intervalGap, row.gap, 1e-4f * (1.0f + std::abs(row.centerDistance)));
    if (row.separating) {
      ASSERT_GT(row.gap, -1e-5f);
    }
  }
  if (r.overlap) {
    ASSERT_EQ(tr.separatingRow, -1);
    ASSERT_EQ(tr.stopRow, static_cast<int>(axisCount) - 1);
    for (const SatAxisRow& row : tr.rows) ASSERT_FALSE(row.separating);
  } else {
    ASSERT_EQ(tr.separatingRow, test::boxAxisIndex(r.separating));
    ASSERT_EQ(tr.stopRow, test::boxAxisIndex(r.separating));
    ASSERT_EQ(std::string(label(tr.rows[tr.separatingRow].id)), std::string(label(r.separating)));
    for (int i = 0; i < tr.separatingRow; ++i) ASSERT_FALSE(tr.rows[i].separating);
  }
}

template <class A, class B, class Fn>
void checkSat(const A& a, const B& b, std::size_t axisCount, Fn&& test) {
  const SatResult plain = test(a, b, nullptr, SatMode::EarlyExit);
  SatTrace early, full;
  const SatResult tracedEarly = test(a, b, &early, SatMode::EarlyExit);
  const SatResult tracedFull = test(a, b, &full, SatMode::Full);
  expectSame(plain, tracedEarly);
  expectSame(plain, tracedFull);
  ASSERT_EQ(overlaps(a, b), plain.overlap);
  expectRowsMatch(early, plain, axisCount, SatMode::EarlyExit);
  expectRowsMatch(full, plain, axisCount, SatMode::Full);
  ASSERT_EQ(full.stopRow, early.stopRow);
}

template <class F>
auto satCaller(F f) {
  return [f](const auto& a, const auto& b, SatTrace* trace, SatMode mode) {
    SatOptions opt;
    opt.mode = mode;
    if (trace) return f(a, b, *trace, opt);
    NoTrace none;
    return f(a, b, none, opt);
  };
}

TEST(Traces, SatTracedEqualsUntracedOnRandomBoxes) {
  testing::ShapeGen g(testing::propertySeed() + 101);
  for (int i = 0; i < kRandomPairs; ++i) {
    const Aabb a = g.aabb(), a2 = g.aabb();
    const Obb b = g.obb(), b2 = g.obb();
    const Segment s = g.segment(1.0f);
    checkSat(a, a2, 3,
             satCaller([](auto& x, auto& y, auto& rec, const SatOptions& o) { return satAabbAabb(x, y, rec, o); }));
    checkSat(a, b, 15,
             satCaller([](auto& x, auto& y, auto& rec, const SatOptions& o) { return satAabbObb(x, y, rec, o); }));
    checkSat(b, b2, 15,
             satCaller([](auto& x, auto& y, auto& rec, const SatOptions& o) { return satObbObb(x, y, rec, o); }));
    checkSat(a, s, 6,
             satCaller([](auto& x, auto& y, auto& rec, const SatOptions& o) { return satAabbSegment(x, y, rec, o); }));
    checkSat(b, s, 6,
             satCaller([](auto& x, auto& y, auto& rec, const SatOptions& o) { return satObbSegment(x, y, rec, o); }));
    if (HasFatalFailure()) FAIL() << "pair " << i << " seed " << testing::propertySeed();
  }
}

TEST(Traces, SlabClosestQuadraticAndSegSegTracedEqualUntraced) {
  testing::ShapeGen g(testing::propertySeed() + 102);
  for (int i = 0; i < kRandomPairs; ++i) {
    const Aabb a = g.aabb(1.0f);
    const Obb b = g.obb(1.0f);
    const Sphere sp = g.sphere(1.0f);
    const Segment s = g.segment(1.0f), s2 = g.segment(1.0f);

    SlabTrace slab;
    const SegmentHit ha = slabSegmentAabb(s, a, slab);
    expectSame(ha, slabSegmentAabb(s, a));
    ASSERT_EQ(slab.overlap, ha.overlap);
    ASSERT_EQ(slab.rejectingAxis < 0, ha.overlap);
    ASSERT_EQ(slab.rows.size(), ha.overlap ? 3u : static_cast<std::size_t>(slab.rejectingAxis + 1));
    if (ha.overlap) {
      ASSERT_EQ(slab.tmin, ha.tEnter);
      ASSERT_EQ(slab.tmax, ha.tExit);
      ASSERT_EQ(slab.rows.back().tmin, ha.tEnter);
    }
    const SegmentHit hb = slabSegmentObb(s, b, slab);
    expectSame(hb, slabSegmentObb(s, b));
    ASSERT_EQ(slab.overlap, hb.overlap);

    ClosestTrace closest;
    const ClosestResult ca = closestSphereAabb(sp, a, closest);
    expectSame(ca, closestSphereAabb(sp, a));
    ASSERT_EQ(closest.sum, ca.distanceSquared);
    ASSERT_EQ(closest.rows.size(), 3u);
    ASSERT_EQ(closest.rows[0].contribution + closest.rows[1].contribution + closest.rows[2].contribution, closest.sum);
    const ClosestResult cb = closestSphereObb(sp, b, closest);
    expectSame(cb, closestSphereObb(sp, b));
    ASSERT_EQ(closest.overlap, cb.overlap);

    SegmentSphereTrace quad;
    const SegmentHit hs = segmentSphere(s, sp, quad);
    expectSame(hs, segmentSphere(s, sp));
    ASSERT_EQ(quad.overlap, hs.overlap);
    if (hs.overlap && hs.tEnter > 0.0f) {
      ASSERT_NEAR(hs.tEnter, quad.t0, 1e-6f);
    }

    SegSegTrace ss;
    const SegSegResult r = closestSegmentSegment(s, s2, ss);
    expectSame(r, closestSegmentSegment(s, s2));
    ASSERT_FALSE(ss.steps.empty());
    ASSERT_EQ(ss.steps.back().s, r.s);
    ASSERT_EQ(ss.steps.back().t, r.t);
    if (HasFatalFailure()) FAIL() << "pair " << i << " seed " << testing::propertySeed();
  }
}

TEST(Traces, OverlappingObbsGiveFifteenRowsNoneSeparating) {
  const Obb a{{0, 0, 0}, glm::mat3(1.0f), {1, 1, 1}};
  Obb b = a;
  b.center = {0.5f, 0.5f, 0.5f};
  SatTrace trace;
  const SatResult r = satObbObb(a, b, trace);
  EXPECT_TRUE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 15u);
  EXPECT_TRUE(std::none_of(trace.rows.begin(), trace.rows.end(), [](const SatAxisRow& row) { return row.separating; }));
  EXPECT_EQ(trace.stopRow, 14);
  EXPECT_EQ(trace.test, TestId::ObbObb);
  const char* const labels[15] = {"A0",    "A1",    "A2",    "B0",    "B1",    "B2",    "A0xB0", "A0xB1",
                                  "A0xB2", "A1xB0", "A1xB1", "A1xB2", "A2xB0", "A2xB1", "A2xB2"};
  for (int i = 0; i < 15; ++i) EXPECT_EQ(std::string(label(trace.rows[i].id)), labels[i]);
}

TEST(Traces, EarlyExitStopsAtTheSeparatingRowAndFullModeShowsTheRest) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  const Obb b{{0, 5, 0}, glm::mat3(1.0f), {1, 1, 1}};  // A1 separates
  SatTrace early;
  satAabbObb(a, b, early);
  ASSERT_EQ(early.rows.size(), 2u);
  EXPECT_EQ(early.stopRow, 1);
  EXPECT_EQ(std::string(label(early.rows[1].id)), std::string_view("A1"));
  EXPECT_NEAR(early.rows[1].gap, 3.0f, 1e-5f);
  EXPECT_NEAR(early.rows[1].minB, 4.0f, 1e-5f);
  EXPECT_NEAR(early.rows[1].maxA, 1.0f, 1e-5f);
  SatTrace full;
  SatOptions opt;
  opt.mode = SatMode::Full;
  satAabbObb(a, b, full, opt);
  ASSERT_EQ(full.rows.size(), 15u);
  EXPECT_EQ(full.stopRow, 1);
  EXPECT_TRUE(full.rows[4].separating);  // B1 = Y separates as well
  EXPECT_EQ(full.options.epsilon, kDefaultSatEpsilon);
}

TEST(Traces, ARecorderIsReusable) {
  SatTrace trace;
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  satAabbAabb(a, Aabb{{9, 0, 0}, {1, 1, 1}}, trace);
  EXPECT_EQ(trace.rows.size(), 1u);
  satAabbAabb(a, Aabb{{0, 0, 0}, {1, 1, 1}}, trace);
  EXPECT_EQ(trace.rows.size(), 3u);
  EXPECT_EQ(trace.separatingRow, -1);
  EXPECT_TRUE(trace.overlap);
}

}  // namespace
}  // namespace satlab
