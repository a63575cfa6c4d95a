// The frustum tests (frustum.hpp): how frustums are built, named situations of culling, and
// both tests against the GJK distance oracle (oracle_gjk.hpp) on random frustums and boxes:
// the SAT test exact outside the touching band, the plane test conservative (it never culls
// a box that meets the frustum), with its false positives counted.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide/frustum.hpp"

namespace satlab {
namespace {

using oracle::Truth;
using testing::ShapeGen;

// A camera at (0, 0, 5) looking down -Z at the origin, 60 degrees high, square, near 1, far 9:
// the frustum spans z from 4 to -4; at z = 0 (distance 5) it is 5 tan 30 = 2.887 wide each side.
Frustum lookDownZ() {
  return frustumFromCamera(glm::vec3(0, 0, 5), glm::vec3(0), glm::vec3(0, 1, 0), 60.0f, 1.0f, 1.0f, 9.0f);
}

oracle::Hull hullOf(const Frustum& f) {
  oracle::Hull h;
  for (std::size_t k = 0; k < 8; ++k) h.points[k] = glm::dvec3(f.corners[k]);
  h.count = 8;
  return h;
}

Obb turned(const glm::vec3& c, const glm::vec3& half, float deg, const glm::vec3& about) {
  Obb b;
  b.center = c;
  b.half = half;
  b.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(deg), glm::normalize(about)));
  return b;
}

TEST(FrustumBuild, CameraAndViewProjectionMatrixGiveTheSameFrustum) {
  const glm::vec3 eye(1.0f, 2.0f, 6.0f), target(-0.5f, 0.2f, 0.0f), up(0.0f, 1.0f, 0.0f);
  const Frustum a = frustumFromCamera(eye, target, up, 50.0f, 1.6f, 0.5f, 20.0f);
  const glm::mat4 vp = glm::perspective(glm::radians(50.0f), 1.6f, 0.5f, 20.0f) * glm::lookAt(eye, target, up);
  const Frustum b = frustumFromViewProj(vp);
  for (std::size_t k = 0; k < 8; ++k) EXPECT_LT(glm::length(a.corners[k] - b.corners[k]), 1e-3f) << "corner " << k;
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_LT(glm::length(a.planes[i].normal - b.planes[i].normal), 1e-4f) << frustumPlaneName(static_cast<int>(i));
    EXPECT_NEAR(a.planes[i].offset, b.planes[i].offset, 1e-3f) << frustumPlaneName(static_cast<int>(i));
  }
}

TEST(FrustumBuild, EveryCornerLiesOnItsThreePlanesAndInsideTheOthers) {
  const Frustum f = lookDownZ();
  for (const glm::vec3& k : f.corners) {
    int on = 0;
    for (const Plane& p : f.planes) {
      const float d = p.distance(k);
      EXPECT_GE(d, -1e-4f);
      if (std::abs(d) < 1e-4f) ++on;
    }
    EXPECT_EQ(on, 3);
  }
  // The near plane faces away from the eye, into the view: normal -Z.
  EXPECT_NEAR(f.plane(FrustumPlaneId::Near).normal.z, -1.0f, 1e-6f);
  EXPECT_NEAR(f.plane(FrustumPlaneId::Far).normal.z, 1.0f, 1e-6f);
}

TEST(FrustumCull, ABoxAtTheCentreOfViewIsInside) {
  const Frustum f = lookDownZ();
  const Aabb b{glm::vec3(0.0f), glm::vec3(0.5f)};
  EXPECT_EQ(frustumAabbPlanes(f, b), FrustumVerdict::Inside);
  EXPECT_TRUE(frustumAabbSat(f, b).overlap);
  EXPECT_EQ(frustumObbPlanes(f, turned(b.center, b.half, 40.0f, {1, 1, 0})), FrustumVerdict::Inside);
}

TEST(FrustumCull, ABoxBehindTheCameraIsOutsideTheFirstSidePlane) {
  // Behind the eye every side plane has it on its outer side: the left plane, tested first, culls.
  const Frustum f = lookDownZ();
  const Aabb b{glm::vec3(0.0f, 0.0f, 7.0f), glm::vec3(0.5f)};
  FrustumTrace t;
  EXPECT_EQ(frustumAabbPlanes(f, b, t), FrustumVerdict::Outside);
  EXPECT_EQ(t.cullingPlane, static_cast<int>(FrustumPlaneId::Left));
  ASSERT_EQ(t.planes.size(), 1u);
  EXPECT_FALSE(frustumAabbSat(f, b).overlap);
}

TEST(FrustumCull, ABoxBeyondTheFarPlaneIsCulledByTheLastPlane) {
  const Frustum f = lookDownZ();
  const Aabb b{glm::vec3(0.0f, 0.0f, -6.0f), glm::vec3(0.5f)};
  FrustumTrace t;
  EXPECT_EQ(frustumAabbPlanes(f, b, t), FrustumVerdict::Outside);
  EXPECT_EQ(t.cullingPlane, static_cast<int>(FrustumPlaneId::Far));
  // The test stops at the plane that culls: the five before it have the box inside.
  ASSERT_EQ(t.planes.size(), 6u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(t.planes[i].verdict, FrustumVerdict::Inside) << i;
  EXPECT_EQ(t.planes.back().verdict, FrustumVerdict::Outside);
  EXPECT_NEAR(t.planes.back().pDistance, -1.5f, 1e-4f);  // the box's nearest face at z = -5.5, the far plane at -4
  const FrustumSatResult s = frustumAabbSat(f, b);
  EXPECT_FALSE(s.overlap);
  EXPECT_EQ(label(s.separating), "near");  // the near and far planes share one axis
}

TEST(FrustumCull, ABoxAcrossTheLeftPlaneIntersects) {
  const Frustum f = lookDownZ();
  const Aabb b{glm::vec3(-2.887f, 0.0f, 0.0f), glm::vec3(0.3f)};
  FrustumTrace t;
  EXPECT_EQ(frustumAabbPlanes(f, b, t), FrustumVerdict::Intersecting);
  ASSERT_EQ(t.planes.size(), 6u);
  EXPECT_EQ(t.planes[0].verdict, FrustumVerdict::Intersecting);  // left: the n-vertex is outside, the p-vertex in
  EXPECT_GT(t.planes[0].pDistance, 0.0f);
  EXPECT_LT(t.planes[0].nDistance, 0.0f);
  // The p-vertex is the corner furthest along the inward normal (+X mostly): x = -2.587.
  EXPECT_NEAR(t.planes[0].pVertex.x, -2.587f, 1e-4f);
  EXPECT_NEAR(t.planes[0].nVertex.x, -3.187f, 1e-4f);
  EXPECT_TRUE(frustumAabbSat(f, b).overlap);
}

TEST(FrustumCull, ABoxBeyondTheFarLeftEdgePassesThePlaneTestAndOnlySatCullsIt) {
  // Past the far plane and past the left plane, beside the edge where they meet: the left
  // plane and the far plane each cut the box, neither has it wholly outside, so the plane
  // test lets it through (the box's nearest corner, x = -5.3 at z = -3.95, is beyond the
  // left plane there: the frustum is 5.167 wide each side at that depth).
  const Frustum f = lookDownZ();
  const Aabb b{glm::vec3(-5.8f, 0.0f, -4.45f), glm::vec3(0.5f)};
  FrustumTrace planes;
  EXPECT_EQ(frustumAabbPlanes(f, b, planes), FrustumVerdict::Intersecting);
  EXPECT_EQ(planes.planes[static_cast<std::size_t>(FrustumPlaneId::Left)].verdict, FrustumVerdict::Intersecting);
  EXPECT_EQ(planes.planes[static_cast<std::size_t>(FrustumPlaneId::Far)].verdict, FrustumVerdict::Intersecting);
  FrustumTrace t;
  const FrustumSatResult s = frustumAabbSat(f, b, t);
  EXPECT_FALSE(s.overlap);
  // The right plane's normal separates: as a plane it has the box on its inner side, but the
  // whole frustum projected on that normal ends at the far-left edge, before the box begins.
  EXPECT_EQ(label(s.separating), "right");
  EXPECT_EQ(planes.planes[static_cast<std::size_t>(FrustumPlaneId::Right)].verdict, FrustumVerdict::Inside);
  ASSERT_EQ(t.separatingRow, static_cast<int>(t.axes.size()) - 1);
  const oracle::Judged j = oracle::judge(hullOf(f), oracle::hullOf(b));
  EXPECT_EQ(j.truth, Truth::Separated);
  EXPECT_GT(t.axes.back().gap, 0.0f);
  EXPECT_LE(t.axes.back().gap, j.distance + 1e-4);  // a separating axis's gap never exceeds the distance
}

TEST(FrustumCull, ATurnedBoxBeyondASideEdgeIsSeparatedByAnEdgeCrossAxis) {
  // A box turned 45 degrees about Z, just beyond the left-top side edge: the left and top
  // planes each cut it; neither a face of the frustum nor of the box separates; the edge
  // E3 (the left-top side edge) crossed with a box axis does.
  const Frustum f = lookDownZ();
  const Obb b = turned(glm::vec3(-3.35f, 3.35f, 0.0f), glm::vec3(0.3f, 0.3f, 0.3f), 45.0f, {1, 1, 1});
  FrustumTrace t;
  const FrustumVerdict v = frustumObbPlanes(f, b, t);
  const FrustumSatResult s = frustumObbSat(f, b);
  const oracle::Judged j = oracle::judge(hullOf(f), oracle::hullOf(b));
  EXPECT_EQ(v, FrustumVerdict::Intersecting);
  EXPECT_FALSE(s.overlap);
  EXPECT_EQ(label(s.separating), "E3xB0");
  EXPECT_EQ(j.truth, Truth::Separated);
}

TEST(FrustumCull, BoxAxesParallelToFrustumEdgesGiveDegenerateAxesThatNeverSeparate) {
  const Frustum f = lookDownZ();
  FrustumTrace t;
  EXPECT_TRUE(frustumAabbSat(f, Aabb{glm::vec3(0.0f), glm::vec3(1.0f)}, t).overlap);
  ASSERT_EQ(t.axes.size(), static_cast<std::size_t>(kFrustumSatAxes));
  int degenerate = 0;
  for (const FrustumSatRow& r : t.axes) {
    if (r.degenerate) {
      ++degenerate;
      EXPECT_FALSE(r.separating);
    }
  }
  EXPECT_EQ(degenerate, 2);  // Eh x X and Ev x Y
  EXPECT_EQ(label(t.axes[0].id), "left");
  EXPECT_EQ(label(t.axes[5].id), "B0");
  EXPECT_EQ(label(t.axes[8].id), "EhxB0");
}

TEST(FrustumCull, ATouchingBoxIsNotCulled) {
  // Closed solids: a box whose face lies on the far plane (z = -4) is not outside.
  const Frustum f = lookDownZ();
  const Aabb b{glm::vec3(0.0f, 0.0f, -4.5f), glm::vec3(0.5f)};
  EXPECT_NE(frustumAabbPlanes(f, b), FrustumVerdict::Outside);
  EXPECT_TRUE(frustumAabbSat(f, b).overlap);
}

TEST(FrustumCull, AFlatBoxIsAValidInput) {
  const Frustum f = lookDownZ();
  EXPECT_EQ(frustumAabbPlanes(f, Aabb{glm::vec3(0.0f), glm::vec3(0.0f)}), FrustumVerdict::Inside);
  EXPECT_FALSE(
      frustumObbSat(f, Obb{glm::vec3(0.0f, 0.0f, 20.0f), glm::mat3(1.0f), glm::vec3(1.0f, 0.0f, 1.0f)}).overlap);
}

TEST(FrustumTraceRows, TracedAndUntracedTestsAgreeAndTheRowsExplainTheVerdict) {
  ShapeGen gen(testing::propertySeed() + 7);
  const Frustum f = lookDownZ();
  for (int i = 0; i < 500; ++i) {
    const Obb b = gen.obb(5.0f);
    FrustumTrace t;
    const FrustumVerdict v = frustumObbPlanes(f, b, t);
    ASSERT_EQ(v, frustumObbPlanes(f, b));
    ASSERT_EQ(t.verdict, v);
    ASSERT_FALSE(t.planes.empty());
    for (const FrustumPlaneRow& r : t.planes) {
      // The p- and n-vertices are box corners at s + r and s - r from the plane.
      ASSERT_NEAR(r.equation.distance(r.pVertex), r.pDistance, 1e-4f);
      ASSERT_NEAR(r.equation.distance(r.nVertex), r.nDistance, 1e-4f);
    }
    if (v == FrustumVerdict::Outside) {
      ASSERT_EQ(t.planes.back().plane, t.cullingPlane);
    }
    const FrustumSatResult s = frustumObbSat(f, b, t);
    ASSERT_EQ(s.overlap, frustumObbSat(f, b).overlap);
    ASSERT_EQ(t.overlap, s.overlap);
    if (s.overlap) {
      ASSERT_EQ(t.axes.size(), static_cast<std::size_t>(kFrustumSatAxes));
    } else {
      ASSERT_EQ(t.axes[static_cast<std::size_t>(t.separatingRow)].id, s.separating);
    }
  }
}

// Random cameras and boxes around their frustums, judged by the oracle.
struct Tally {
  int pairs = 0, skipped = 0, overlapping = 0, separated = 0;
  int satWrong = 0, planeCulledOverlap = 0, planeInsideWrong = 0, falsePositives = 0;
  std::string first;
};

template <class Box, class Planes, class Sat>
Tally runAgainstOracle(std::uint64_t seed, Box makeBox, Planes planes, Sat sat) {
  ShapeGen gen(seed);
  Tally t;
  for (int i = 0; i < 3000; ++i) {
    const glm::vec3 eye = gen.point(3.0f);
    const glm::vec3 target = eye + gen.unitVector() * gen.uniform(1.0f, 4.0f);
    glm::vec3 up = gen.unitVector();
    if (glm::length(glm::cross(up, target - eye)) < 0.2f * glm::length(target - eye)) up = glm::vec3(0, 0, 1);
    if (glm::length(glm::cross(up, target - eye)) < 0.2f * glm::length(target - eye)) up = glm::vec3(1, 0, 0);
    const float nearD = gen.uniform(0.1f, 1.0f);
    const Frustum f = frustumFromCamera(eye, target, up, gen.uniform(20.0f, 110.0f), gen.uniform(0.5f, 2.0f), nearD,
                                        nearD + gen.uniform(1.0f, 6.0f));
    glm::vec3 mid(0.0f);
    for (const glm::vec3& k : f.corners) mid += k * 0.125f;
    const auto box = makeBox(gen, mid);
    const oracle::Judged j = oracle::judge(hullOf(f), oracle::hullOf(box));
    ++t.pairs;
    if (j.truth == Truth::Band) {
      ++t.skipped;
      continue;
    }
    const bool meets = j.truth == Truth::Overlap;
    t.overlapping += meets ? 1 : 0;
    t.separated += meets ? 0 : 1;
    const FrustumVerdict pv = planes(f, box);
    const bool sv = sat(f, box).overlap;
    auto fail = [&](int& count, const char* what) {
      if (count++ == 0 && t.first.empty()) t.first = "pair " + std::to_string(i) + ": " + what;
    };
    if (sv != meets) fail(t.satWrong, "SAT disagrees with the oracle");
    if (meets && pv == FrustumVerdict::Outside) fail(t.planeCulledOverlap, "the plane test culled a box that meets");
    if (!meets && pv != FrustumVerdict::Outside) ++t.falsePositives;
    if (pv == FrustumVerdict::Inside) {
      // Inside every plane: every corner of the box is in the frustum.
      const oracle::Hull h = oracle::hullOf(box);
      for (int k = 0; k < h.count; ++k) {
        for (const Plane& p : f.planes) {
          if (p.distance(glm::vec3(h.points[static_cast<std::size_t>(k)])) < -1e-3f)
            fail(t.planeInsideWrong, "Inside, but a corner is outside a plane");
        }
      }
    }
  }
  return t;
}

void expectSound(const Tally& t, const char* what) {
  std::printf(
      "%s: %d pairs, %d meet the frustum, %d separated, %d skipped (touching band); the plane test passes "
      "%d of the separated (false positives)\n",
      what, t.pairs, t.overlapping, t.separated, t.skipped, t.falsePositives);
  EXPECT_EQ(t.satWrong, 0) << t.first;
  EXPECT_EQ(t.planeCulledOverlap, 0) << t.first;
  EXPECT_EQ(t.planeInsideWrong, 0) << t.first;
  EXPECT_LT(t.skipped, t.pairs / 100);
  // The sample holds all three cases, and the plane test's false positives do occur.
  EXPECT_GT(t.overlapping, t.pairs / 10);
  EXPECT_GT(t.separated, t.pairs / 10);
  EXPECT_GT(t.falsePositives, 0);
  EXPECT_LT(t.falsePositives, t.separated);
}

TEST(FrustumOracle, AabbSatIsExactAndThePlaneTestNeverCullsABoxThatMeets) {
  const Tally t = runAgainstOracle(
      testing::propertySeed(),
      [](ShapeGen& g, const glm::vec3& mid) {
        return Aabb{mid + g.point(4.0f), g.halfExtents() * 1.5f};
      },
      [](const Frustum& f, const Aabb& b) { return frustumAabbPlanes(f, b); },
      [](const Frustum& f, const Aabb& b) { return frustumAabbSat(f, b); });
  expectSound(t, "frustum-AABB");
}

TEST(FrustumOracle, ObbSatIsExactAndThePlaneTestNeverCullsABoxThatMeets) {
  const Tally t = runAgainstOracle(
      testing::propertySeed() + 1,
      [](ShapeGen& g, const glm::vec3& mid) {
        Obb o;
        o.center = mid + g.point(4.0f);
        o.axes = g.rotation();
        o.half = g.halfExtents() * 1.5f;
        return o;
      },
      [](const Frustum& f, const Obb& b) { return frustumObbPlanes(f, b); },
      [](const Frustum& f, const Obb& b) { return frustumObbSat(f, b); });
  expectSound(t, "frustum-OBB");
}

}  // namespace
}  // namespace satlab
