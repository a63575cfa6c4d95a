// Capsules (capsule.hpp) against every shape: the verdict and the distance between the
// cores against the GJK oracle (oracle_gjk.hpp: a capsule is the hull of its segment grown
// by its radius) on random pairs, the degenerate capsules (a point capsule is a sphere, a
// capsule of radius 0 its segment), parallel segments, and traced equals untraced.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <string>

#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using oracle::Truth;
using testing::ShapeGen;

constexpr int kPairs = 20000;

oracle::Hull hullOf(const Capsule& c) {
  oracle::Hull h = oracle::hullOf(Segment{c.p0, c.p1});
  h.radius = c.radius;
  return h;
}
oracle::Hull hullOf(const Sphere& s) { return oracle::hullOf(s); }
oracle::Hull hullOf(const Segment& s) { return oracle::hullOf(s); }
oracle::Hull hullOf(const Aabb& b) { return oracle::hullOf(b); }
oracle::Hull hullOf(const Obb& b) { return oracle::hullOf(b); }
oracle::Hull hullOf(const Triangle& t) { return testing::hullOf(t); }

/// The core of B as the oracle sees it: the hull without its radius.
oracle::Hull coreOf(oracle::Hull h) {
  h.radius = 0.0;
  return h;
}

/// A random capsule: 5% a point (a sphere), 5% of radius 0 (a segment), else a segment of
/// length up to 2 grown by up to 0.6.
Capsule randomCapsule(ShapeGen& g, float spread = 0.8f) {
  const glm::vec3 p0 = g.point(spread);
  const glm::vec3 p1 = g.chance(0.05) ? p0 : p0 + g.unitVector() * g.uniform(0.05f, 2.0f);
  const float r = g.chance(0.05) ? 0.0f : g.uniform(0.02f, 0.6f);
  return Capsule{p0, p1, r};
}

float radiusOf(const Sphere& s) { return s.radius; }
float radiusOf(const Capsule& c) { return c.radius; }
template <class B>
float radiusOf(const B&) {
  return 0.0f;
}

struct Tally {
  int overlapping = 0, apart = 0, band = 0, failures = 0;
  std::string first;
  void fail(int i, const std::string& what) {
    if (failures++ == 0) first = "pair " + std::to_string(i) + ": " + what;
  }
};

/// Runs `test` on kPairs random pairs: the verdict agrees with the oracle outside the
/// touching band, the cores' distance equals the oracle's distance between the cores (to
/// 1e-4 of the pair's size), and the reported points are that far apart; traced equals
/// untraced; overlaps() agrees in both orders.
template <class B, class Test, class Traced>
void runAgainstOracle(const char* name, std::uint64_t salt, const std::function<B(ShapeGen&)>& makeB, const Test& test,
                      const Traced& traced) {
  const std::uint64_t seed = testing::propertySeed();
  ShapeGen g(seed * 7919ull + salt);
  Tally t;
  for (int i = 0; i < kPairs; ++i) {
    const Capsule a = randomCapsule(g);
    const B b = makeB(g);
    const CapsuleResult r = test(a, b);
    const oracle::Hull ha = hullOf(a), hb = hullOf(b);
    const double scale = 1.0 + oracle::sizeOf(ha) + oracle::sizeOf(hb);
    const double coreDistance = oracle::distance(coreOf(ha), coreOf(hb));
    if (std::abs(double(r.distance) - coreDistance) > 1e-4 * scale)
      t.fail(i, "core distance " + std::to_string(r.distance) + " vs oracle " + std::to_string(coreDistance));
    if (std::abs(glm::length(r.pointB - r.pointA) - r.distance) > 1e-4f * float(scale))
      t.fail(i, "the points are not `distance` apart");
    if (!std::isfinite(r.distance) || !std::isfinite(r.s) || r.s < 0.0f || r.s > 1.0f) t.fail(i, "s or distance");
    CapsuleTrace tr;
    const CapsuleResult rt = traced(a, b, tr);
    if (rt.overlap != r.overlap || rt.distance != r.distance || rt.pointA != r.pointA || rt.pointB != r.pointB)
      t.fail(i, "traced differs from untraced");
    if (tr.overlap != r.overlap || tr.distance != r.distance || tr.bestRow < 0 ||
        tr.rows[std::size_t(tr.bestRow)].distance != r.distance)
      t.fail(i, "the record does not hold the result");
    if (overlaps(a, b) != r.overlap || overlaps(b, a) != r.overlap) t.fail(i, "overlaps() differs");
    const oracle::Judged j = oracle::judge(ha, hb);
    if (j.truth == Truth::Band) {
      ++t.band;
      continue;
    }
    const bool expected = j.truth == Truth::Overlap;
    (expected ? t.overlapping : t.apart) += 1;
    if (r.overlap != expected)
      t.fail(i, std::string("oracle says ") + (expected ? "overlap" : "apart") + " at distance " +
                    std::to_string(j.distance) + ", core distance " + std::to_string(r.distance) + " radii " +
                    std::to_string(a.radius + radiusOf(b)));
  }
  std::printf("[ capsule ] %s: seed %llu, %d overlapping, %d apart, %d in the band\n", name,
              static_cast<unsigned long long>(seed), t.overlapping, t.apart, t.band);
  EXPECT_EQ(t.failures, 0) << name << ": " << t.first;
  EXPECT_LT(t.band, kPairs / 100) << name;
  EXPECT_GT(t.overlapping, kPairs / 10) << name;
  EXPECT_GT(t.apart, kPairs / 10) << name;
}

TEST(CapsuleVsGjk, Sphere) {
  runAgainstOracle<Sphere>(
      "capsule-sphere", 1, [](ShapeGen& g) { return g.sphere(0.8f); },
      [](const Capsule& a, const Sphere& b) { return capsuleSphere(a, b); },
      [](const Capsule& a, const Sphere& b, CapsuleTrace& tr) { return capsuleSphere(a, b, tr); });
}

TEST(CapsuleVsGjk, Capsule) {
  runAgainstOracle<Capsule>(
      "capsule-capsule", 2,
      [](ShapeGen& g) {
        Capsule c = randomCapsule(g);
        if (g.chance(0.1)) c.p1 = c.p0 + g.uniform(-1.5f, 1.5f) * g.unitVector();  // any direction
        return c;
      },
      [](const Capsule& a, const Capsule& b) { return capsuleCapsule(a, b); },
      [](const Capsule& a, const Capsule& b, CapsuleTrace& tr) { return capsuleCapsule(a, b, tr); });
}

TEST(CapsuleVsGjk, Segment) {
  runAgainstOracle<Segment>(
      "capsule-segment", 3, [](ShapeGen& g) { return g.segment(0.8f); },
      [](const Capsule& a, const Segment& b) { return capsuleSegment(a, b); },
      [](const Capsule& a, const Segment& b, CapsuleTrace& tr) { return capsuleSegment(a, b, tr); });
}

TEST(CapsuleVsGjk, Aabb) {
  runAgainstOracle<Aabb>(
      "capsule-AABB", 4, [](ShapeGen& g) { return g.aabb(0.8f); },
      [](const Capsule& a, const Aabb& b) { return capsuleAabb(a, b); },
      [](const Capsule& a, const Aabb& b, CapsuleTrace& tr) { return capsuleAabb(a, b, tr); });
}

TEST(CapsuleVsGjk, Obb) {
  runAgainstOracle<Obb>(
      "capsule-OBB", 5, [](ShapeGen& g) { return g.obb(0.8f); },
      [](const Capsule& a, const Obb& b) { return capsuleObb(a, b); },
      [](const Capsule& a, const Obb& b, CapsuleTrace& tr) { return capsuleObb(a, b, tr); });
}

TEST(CapsuleVsGjk, Triangle) {
  runAgainstOracle<Triangle>(
      "capsule-triangle", 6, [](ShapeGen& g) { return testing::triangle(g, 0.8f); },
      [](const Capsule& a, const Triangle& b) { return capsuleTriangle(a, b); },
      [](const Capsule& a, const Triangle& b, CapsuleTrace& tr) { return capsuleTriangle(a, b, tr); });
}

// ---- Degenerate capsules ---------------------------------------------------------------------

TEST(CapsuleDegenerate, PointCapsuleIsASphere) {
  ShapeGen g(testing::propertySeed() + 11);
  int differ = 0;
  for (int i = 0; i < 5000; ++i) {
    const Sphere s = g.sphere(1.5f);
    const Capsule c{s.center, s.center, s.radius};
    const Sphere other = g.sphere(1.5f);
    const Aabb box = g.aabb(1.5f);
    const Obb obb = g.obb(1.5f);
    const Triangle tri = testing::triangle(g);
    // Away from touching (1e-4), a point capsule decides as the sphere it is.
    const auto agree = [&](bool capsuleVerdict, bool sphereVerdict, double gap) {
      if (std::abs(gap) > 1e-4 && capsuleVerdict != sphereVerdict) ++differ;
    };
    const CapsuleResult rs = capsuleSphere(c, other);
    agree(rs.overlap, sphereSphere(s, other).overlap, rs.distance - s.radius - other.radius);
    const CapsuleResult ra = capsuleAabb(c, box);
    agree(ra.overlap, closestSphereAabb(s, box).overlap, ra.distance - s.radius);
    const CapsuleResult ro = capsuleObb(c, obb);
    agree(ro.overlap, closestSphereObb(s, obb).overlap, ro.distance - s.radius);
    const CapsuleResult rt = capsuleTriangle(c, tri);
    agree(rt.overlap, closestSphereTriangle(s, tri).overlap, rt.distance - s.radius);
    EXPECT_EQ(rs.s, 0.0f);
  }
  EXPECT_EQ(differ, 0);
}

TEST(CapsuleDegenerate, ZeroRadiusIsItsSegment) {
  ShapeGen g(testing::propertySeed() + 12);
  for (int i = 0; i < 5000; ++i) {
    const Segment s = g.segment(1.5f);
    const Capsule c{s.p0, s.p1, 0.0f};
    const Segment other = g.segment(1.5f);
    const SegSegResult ss = closestSegmentSegment(s, other);
    const CapsuleResult cs = capsuleSegment(c, other);
    const CapsuleResult cc = capsuleCapsule(c, Capsule{other.p0, other.p1, 0.0f});
    // The same closest points, and the same verdict: segment-segment's tolerance.
    EXPECT_EQ(cs.overlap, ss.overlap);
    EXPECT_EQ(cc.overlap, ss.overlap);
    EXPECT_EQ(cs.distance, ss.distance);
    EXPECT_EQ(cs.pointA, ss.pointA);
    EXPECT_EQ(cs.pointB, ss.pointB);
    // Against a box, a segment through it: distance 0 exactly when the slab test hits.
    const Aabb box = g.aabb(1.5f);
    const SegmentHit hit = slabSegmentAabb(s, box);
    const CapsuleResult cb = capsuleAabb(c, box);
    if (hit.overlap) {
      EXPECT_TRUE(cb.overlap);
      EXPECT_EQ(cb.distance, 0.0f);
    }
  }
}

TEST(CapsuleCases, ParallelCapsulesSideBySide) {
  // Two upright capsules of radius 0.5 whose axes are 1 apart touch; 1.01 apart they do not.
  const Capsule a{{0, 0, 0}, {0, 2, 0}, 0.5f};
  const Capsule touching{{1, 0.5f, 0}, {1, 3, 0}, 0.5f};
  const Capsule apart{{1.01f, 0.5f, 0}, {1.01f, 3, 0}, 0.5f};
  const CapsuleResult r = capsuleCapsule(a, touching);
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.distance, 1.0f);
  EXPECT_FALSE(capsuleCapsule(a, apart).overlap);
  // End to end along one line: the caps touch.
  EXPECT_TRUE(capsuleCapsule(a, Capsule{{0, 3, 0}, {0, 5, 0}, 0.5f}).overlap);
  EXPECT_FALSE(capsuleCapsule(a, Capsule{{0, 3.01f, 0}, {0, 5, 0}, 0.5f}).overlap);
}

TEST(CapsuleCases, CharacterStandingOnABox) {
  // A character capsule whose bottom cap rests on the top face of a floor box.
  const Aabb floor{{0, -0.5f, 0}, {5, 0.5f, 5}};
  const Capsule standing{{0, 0.5f, 0}, {0, 1.5f, 0}, 0.5f};
  const CapsuleResult r = capsuleAabb(standing, floor);
  EXPECT_TRUE(r.overlap);
  EXPECT_FLOAT_EQ(r.distance, 0.5f);
  EXPECT_EQ(r.s, 0.0f);
  const Capsule hovering{{0, 0.51f, 0}, {0, 1.5f, 0}, 0.5f};
  EXPECT_FALSE(capsuleAabb(hovering, floor).overlap);
  // Lying along a box's edge, parallel to it: the edge candidate decides.
  const Capsule alongEdge{{-3, 0.3f, 5.3f}, {3, 0.3f, 5.3f}, 0.45f};
  const CapsuleResult e = capsuleAabb(alongEdge, floor);
  EXPECT_NEAR(e.distance, std::sqrt(0.3f * 0.3f + 0.3f * 0.3f), 1e-6f);
  EXPECT_TRUE(e.overlap);
}

TEST(CapsuleCases, AcrossATriangleAndBesideIt) {
  const Triangle t{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  // Through the face: distance 0.
  const CapsuleResult through = capsuleTriangle(Capsule{{0.5f, 0.5f, -1}, {0.5f, 0.5f, 1}, 0.1f}, t);
  EXPECT_TRUE(through.overlap);
  EXPECT_EQ(through.distance, 0.0f);
  // Crossing the plane beside the hypotenuse: the edge bc decides.
  const CapsuleResult beside = capsuleTriangle(Capsule{{1.5f, 1.5f, -1}, {1.5f, 1.5f, 1}, 0.75f}, t);
  EXPECT_NEAR(beside.distance, std::sqrt(2.0f) / 2.0f, 1e-6f);
  EXPECT_TRUE(beside.overlap);
  EXPECT_FALSE(capsuleTriangle(Capsule{{1.5f, 1.5f, -1}, {1.5f, 1.5f, 1}, 0.7f}, t).overlap);
  CapsuleTrace tr;
  capsuleTriangle(Capsule{{1.5f, 1.5f, -1}, {1.5f, 1.5f, 1}, 0.5f}, t, tr);
  ASSERT_GE(tr.bestRow, 0);
  EXPECT_EQ(tr.rows[std::size_t(tr.bestRow)].feature, "edge bc");
  EXPECT_EQ(tr.test, TestId::CapsuleTriangle);
}

TEST(CapsuleCases, TraceOfCapsuleCapsuleHoldsTheSegmentSteps) {
  CapsuleTrace tr;
  const CapsuleResult r = capsuleCapsule(Capsule{{0, 0, 0}, {2, 0, 0}, 0.2f}, Capsule{{1, 1, -1}, {1, 1, 1}, 0.3f}, tr);
  EXPECT_FALSE(r.overlap);
  EXPECT_FLOAT_EQ(r.distance, 1.0f);
  EXPECT_FALSE(tr.segSeg.steps.empty());
  EXPECT_EQ(tr.radiusA, 0.2f);
  EXPECT_EQ(tr.radiusB, 0.3f);
  EXPECT_EQ(testName(TestId::CapsuleCapsule), "capsule-capsule");
}

TEST(CapsuleCases, FiniteExtremesGiveNoNaN) {
  const float big = 1e18f;
  const Capsule c{{-big, 0, 0}, {big, 1, 0}, 1.0f};
  for (const CapsuleResult& r :
       {capsuleSphere(c, Sphere{{0, big, 0}, 1.0f}), capsuleAabb(c, Aabb{{0, big, 0}, {1, 1, 1}}),
        capsuleObb(c, Obb{{0, -big, 0}, glm::mat3(1.0f), {1, 1, 1}}),
        capsuleCapsule(c, Capsule{{0, 0, big}, {0, 0, -big}, 0.0f}),
        capsuleTriangle(c, Triangle{{0, 0, big}, {1, 0, big}, {0, 1, big}})}) {
    EXPECT_FALSE(std::isnan(r.distance));
    EXPECT_FALSE(std::isnan(r.pointA.x) || std::isnan(r.pointB.x));
  }
}

}  // namespace
}  // namespace satlab
