// Nearly parallel edges: why AABB–OBB and OBB–OBB add an epsilon to |R| (the large-scene AABB/OBB blog post,
// Ericson 4.4.1), shown by a case that the epsilon-less test gets wrong, and by sweeps of
// boxes rotated 0, 1e-9, 1e-6 and 1e-3 rad away from parallel.
#include <gtest/gtest.h>

#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>

#include "oracle_gjk.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

SatOptions withoutEpsilon() {
  SatOptions o;
  o.epsilon = 0.0f;
  return o;
}

// A unit cube, and B, a cube of the same size resting half-way into it from above, whose
// axes are A's except that B0 leans 1e-8 towards A1. 1e-8 is below float's epsilon
// (6e-8): B's axes are orthonormal to float precision (B0 . B1 = 1e-8, |B0| rounds to 1).
// The boxes overlap by 0.5 along Z. But A0 x B0 is the tiny vector (0, 0, 1e-8): along
// it s = t2 R10 - t1 R20 = 1.5e-8 while rA = a2 |R10| = 1e-8 and rB = b1 |R02| + b2 |R01|
// = 0, because the rounding-level lean of B0 is not matched by B1 leaning back (R01 = 0).
// So |s| > rA + rB: a false separating axis. With the epsilon, rA + rB >= 4e-6 > 1.5e-8.
struct LeaningPair {
  Aabb a{{0, 0, 0}, {1, 1, 1}};
  Obb b{{0, 0, 1.5f}, glm::mat3(glm::vec3(1, 1e-8f, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)), {1, 1, 1}};
};

TEST(NearParallelEdges, OracleSaysTheLeaningBoxesOverlap) {
  const LeaningPair p;
  EXPECT_EQ(oracle::distance(oracle::hullOf(p.a), oracle::hullOf(p.b)), 0.0);
}

TEST(NearParallelEdges, AabbObbWithoutEpsilonReportsFalseSeparationOnA0xB0) {
  const LeaningPair p;
  SatTrace trace;
  const SatResult wrong = satAabbObb(p.a, p.b, trace, withoutEpsilon());
  EXPECT_FALSE(wrong.overlap);  // wrong verdict
  EXPECT_EQ(std::string(label(wrong.separating)), std::string_view("A0xB0"));
  ASSERT_EQ(trace.rows.size(), 7u);  // A0..B2 overlap, then the false axis
  EXPECT_TRUE(trace.rows.back().degenerate);
  EXPECT_TRUE(trace.rows.back().separating);

  const SatResult right = satAabbObb(p.a, p.b);  // default epsilon 1e-6
  EXPECT_TRUE(right.overlap);
  EXPECT_TRUE(overlaps(p.a, p.b));
  EXPECT_TRUE(overlaps(p.b, p.a));
  EXPECT_NEAR(right.depth, 0.5f, 1e-4f);
  EXPECT_EQ(std::string(label(right.penetration)), std::string_view("A2"));
}

TEST(NearParallelEdges, ObbObbWithoutEpsilonReportsFalseSeparationOnA0xB0) {
  const LeaningPair p;
  const Obb a{p.a.center, glm::mat3(1.0f), p.a.half};
  const SatResult wrong = satObbObb(a, p.b, withoutEpsilon());
  EXPECT_FALSE(wrong.overlap);
  EXPECT_EQ(std::string(label(wrong.separating)), std::string_view("A0xB0"));
  const SatResult right = satObbObb(a, p.b);
  EXPECT_TRUE(right.overlap);
  EXPECT_TRUE(overlaps(a, p.b));
}

TEST(NearParallelEdges, FullTraceShowsEveryDegenerateAxisAndOnlyOneFalseOne) {
  const LeaningPair p;
  SatTrace trace;
  SatOptions opt = withoutEpsilon();
  opt.mode = SatMode::Full;
  satAabbObb(p.a, p.b, trace, opt);
  ASSERT_EQ(trace.rows.size(), 15u);
  EXPECT_EQ(trace.stopRow, 6);
  int degenerate = 0;
  for (const SatAxisRow& row : trace.rows) degenerate += row.degenerate ? 1 : 0;
  EXPECT_EQ(degenerate, 3);  // A0xB0, A1xB1, A2xB2: edges parallel to float precision
}

// Sweep: B is A rotated by `angle` about `axis`, placed at many offsets. Outside a band of
// 1e-3 around touching, the default test must agree with the GJK oracle at every angle.
struct SweepCount {
  int cases = 0;
  int wrongWithEpsilon = 0;
  int wrongWithoutEpsilon = 0;
};

SweepCount sweep(const Obb& a, float angle, const glm::vec3& axis, bool aabbFirst) {
  SweepCount count;
  const glm::mat3 turn = glm::mat3(glm::rotate(glm::mat4(1.0f), angle, glm::normalize(axis)));
  Obb b;
  b.axes = turn * a.axes;
  b.half = {0.6f, 0.9f, 1.3f};
  for (int ix = -6; ix <= 6; ++ix)
    for (int iy = -6; iy <= 6; ++iy)
      for (int iz = -6; iz <= 6; ++iz) {
        b.center = a.center + glm::vec3(ix, iy, iz) * 0.37f;
        const double d = oracle::distance(oracle::hullOf(a), oracle::hullOf(b));
        const bool robustOverlap = d == 0.0 && oracle::distance(oracle::shrunk(oracle::hullOf(a), 0.999),
                                                                oracle::shrunk(oracle::hullOf(b), 0.999)) == 0.0;
        if (!(d > 1e-3) && !robustOverlap) continue;
        ++count.cases;
        SatResult with, without;
        if (aabbFirst) {
          const Aabb box{a.center, a.half};
          with = satAabbObb(box, b);
          without = satAabbObb(box, b, withoutEpsilon());
        } else {
          with = satObbObb(a, b);
          without = satObbObb(a, b, withoutEpsilon());
        }
        if (with.overlap != robustOverlap) ++count.wrongWithEpsilon;
        if (without.overlap != robustOverlap) ++count.wrongWithoutEpsilon;
      }
  return count;
}

const float kAngles[] = {0.0f, 1e-9f, 1e-6f, 1e-3f};
const glm::vec3 kTurnAxes[] = {{0, 0, 1}, {1, 1, 0}, {1, 2, 3}};

TEST(NearParallelEdges, AabbObbSweepAtZeroTo1e3RadAgreesWithOracle) {
  const Obb a{{0.1f, -0.2f, 0.3f}, glm::mat3(1.0f), {1.0f, 0.8f, 0.5f}};
  for (float angle : kAngles)
    for (const glm::vec3& axis : kTurnAxes) {
      const SweepCount c = sweep(a, angle, axis, true);
      std::printf(
          "[ sweep    ] AABB-OBB angle %g axis (%g,%g,%g): %d cases, %d wrong with "
          "epsilon, %d wrong without\n",
          angle, axis.x, axis.y, axis.z, c.cases, c.wrongWithEpsilon, c.wrongWithoutEpsilon);
      EXPECT_GT(c.cases, 1000);
      EXPECT_EQ(c.wrongWithEpsilon, 0) << "angle " << angle;
    }
}

TEST(NearParallelEdges, ObbObbSweepAtZeroTo1e3RadAgreesWithOracle) {
  Obb a;
  a.center = {-0.3f, 0.2f, 0.1f};
  a.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), 0.8f, glm::normalize(glm::vec3(2, -1, 1))));
  a.half = {1.0f, 0.8f, 0.5f};
  for (float angle : kAngles)
    for (const glm::vec3& axis : kTurnAxes) {
      const SweepCount c = sweep(a, angle, axis, false);
      std::printf(
          "[ sweep    ] OBB-OBB angle %g axis (%g,%g,%g): %d cases, %d wrong with "
          "epsilon, %d wrong without\n",
          angle, axis.x, axis.y, axis.z, c.cases, c.wrongWithEpsilon, c.wrongWithoutEpsilon);
      EXPECT_GT(c.cases, 1000);
      EXPECT_EQ(c.wrongWithEpsilon, 0) << "angle " << angle;
    }
}

TEST(NearParallelEdges, ExactlyParallelIdentityObbMatchesTheAabb) {
  // An OBB with identity axes against the same AABB: the cross axes of parallel edges
  // (A0xB0, A1xB1, A2xB2) are exactly zero, never separating, and flagged degenerate in the
  // trace; the other six are face axes again (A0xB1 = A2, ...).
  const Aabb a{{1, 2, 3}, {0.5f, 1, 1.5f}};
  const Obb b{{1, 2, 3}, glm::mat3(1.0f), {0.5f, 1, 1.5f}};
  SatTrace trace;
  const SatResult r = satAabbObb(a, b, trace, withoutEpsilon());
  EXPECT_TRUE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 15u);
  for (int i = 6; i < 15; ++i) {
    const bool parallelEdges = (i - 6) / 3 == (i - 6) % 3;
    EXPECT_EQ(trace.rows[i].degenerate, parallelEdges) << std::string(label(trace.rows[i].id));
    EXPECT_EQ(trace.rows[i].length, parallelEdges ? 0.0f : 1.0f) << std::string(label(trace.rows[i].id));
    EXPECT_FALSE(trace.rows[i].separating);
  }
  EXPECT_NEAR(r.depth, 1.0f, 1e-6f);  // full overlap: least depth = 2 * 0.5 along A0
  EXPECT_EQ(std::string(label(r.penetration)), std::string_view("A0"));
}

}  // namespace
}  // namespace satlab
