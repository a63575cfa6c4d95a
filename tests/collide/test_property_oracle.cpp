// Property tests: every pair test against the GJK distance oracle (oracle_gjk.hpp) on
// 100,000 random pairs per pair type (seed printed; override with SATLAB_PROPERTY_SEED).
//
// The touching band: exact contact is not decidable in float, so a pair is skipped when
// - the oracle distance is positive but below 1e-4 * (1 + size A + size B), or
// - the shapes intersect, but shrinking both by the factor 1 - 1e-4 about their centroids
//   separates them (they only just touch).
// Outside the band the verdicts must agree exactly, and the skipped share must stay < 1%.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <string>

#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

using testing::ShapeGen;

constexpr int kPairs = 100000;
using oracle::judge;
using oracle::Judged;
using oracle::kBand;
using oracle::Truth;
constexpr int kDeepChecks = 20000;  // pairs that also get the slower geometric checks

bool robustlyOverlapping(const oracle::Hull& a, const oracle::Hull& b) { return judge(a, b).truth == Truth::Overlap; }

struct Tally {
  int disagreements = 0;
  int skipped = 0;
  int overlapping = 0;
  std::string firstFailure;
  void fail(int i, const std::string& what) {
    if (disagreements++ == 0) firstFailure = "pair " + std::to_string(i) + ": " + what;
  }
};

// Runs `check(i, gen, tally)` kPairs times with a generator seeded for this pair type.
void runPairs(const char* name, std::uint64_t salt, const std::function<void(int, ShapeGen&, Tally&)>& check) {
  const std::uint64_t seed = testing::propertySeed();
  std::printf("[ property ] %s: seed %llu (SATLAB_PROPERTY_SEED), %d pairs\n", name,
              static_cast<unsigned long long>(seed), kPairs);
  ShapeGen gen(seed * 1000003ull + salt);
  Tally tally;
  for (int i = 0; i < kPairs; ++i) check(i, gen, tally);
  std::printf("[ property ] %s: %d overlapping, %d in the touching band, %d disagreements\n", name, tally.overlapping,
              tally.skipped, tally.disagreements);
  EXPECT_EQ(tally.disagreements, 0) << name << " seed " << seed << ": " << tally.firstFailure;
  EXPECT_LT(tally.skipped, kPairs / 100) << name;
  EXPECT_GT(tally.overlapping, kPairs / 10) << name << ": generator gives too few overlaps";
  EXPECT_LT(tally.overlapping, kPairs * 9 / 10) << name << ": generator gives too few misses";
}

// Verdict check shared by all pairs; returns the truth (Band means skipped).
template <class A, class B, class Rich>
Truth checkVerdict(int i, const A& a, const B& b, Tally& tally, const Rich& richOverlap, Judged* out = nullptr) {
  const Judged j = judge(oracle::hullOf(a), oracle::hullOf(b));
  if (out) *out = j;
  if (j.truth == Truth::Band) {
    ++tally.skipped;
    return j.truth;
  }
  const bool expected = j.truth == Truth::Overlap;
  if (expected) ++tally.overlapping;
  const bool ab = overlaps(a, b);
  const bool ba = overlaps(b, a);
  const bool rich = richOverlap();
  if (ab != expected || ba != expected || rich != expected) {
    tally.fail(i, "oracle distance " + std::to_string(j.distance) + " expects " +
                      (expected ? "overlap" : "separation") + ", overlaps(a,b)=" + std::to_string(ab) +
                      " overlaps(b,a)=" + std::to_string(ba) + " rich=" + std::to_string(rich));
  }
  return j.truth;
}

// For an overlapping SAT pair: moving B by depth + delta along the penetration axis
// separates the shapes, by depth - delta does not (the 15 / 6 axes contain every face
// normal of the Minkowski difference, so the least penetration is the true depth).
template <class A, class B>
void checkPenetration(int i, const A& a, B b, const SatResult& r, double scale, Tally& tally) {
  const float delta = static_cast<float>(2e-3 * scale);
  B out = b;
  B in = b;
  const glm::vec3 moveOut = (r.depth + delta) * r.penetrationAxis;
  const glm::vec3 moveIn = (r.depth - delta) * r.penetrationAxis;
  if constexpr (std::is_same_v<B, Segment>) {
    out.p0 += moveOut;
    out.p1 += moveOut;
    in.p0 += moveIn;
    in.p1 += moveIn;
  } else {
    out.center += moveOut;
    in.center += moveIn;
  }
  const double dOut = oracle::distance(oracle::hullOf(a), oracle::hullOf(out));
  if (!(dOut > 0.0)) tally.fail(i, "moving by depth + delta does not separate");
  if (r.depth > delta && !(oracle::distance(oracle::hullOf(a), oracle::hullOf(in)) <= 1e-12))
    tally.fail(i, "moving by depth - delta separates: depth too large");
}

// For a segment hit: the entry and exit points are in the shape, and the part of the
// segment before the entry does not overlap it robustly.
template <class Shape>
void checkSegmentHit(int i, const Segment& seg, const Shape& shape, const SegmentHit& h, double scale, Tally& tally) {
  const oracle::Hull hs = oracle::hullOf(shape);
  const glm::vec3 d = seg.p1 - seg.p0;
  const glm::vec3 exitPoint = seg.p0 + h.tExit * d;
  if (oracle::distance(oracle::hullOfPoint(h.enterPoint), hs) > kBand * scale)
    tally.fail(i, "entry point outside the shape");
  if (oracle::distance(oracle::hullOfPoint(exitPoint), hs) > kBand * scale)
    tally.fail(i, "exit point outside the shape");
  if (h.tEnter > 2e-3f) {
    const Segment before{seg.p0, seg.p0 + (h.tEnter - 1e-3f) * d};
    if (robustlyOverlapping(oracle::hullOf(before), hs)) tally.fail(i, "entered too late");
  }
  if (h.tEnter > 0.0f && std::abs(glm::length(h.enterNormal) - 1.0f) > 1e-4f) tally.fail(i, "entry normal not unit");
  if (h.tEnter == 0.0f && h.enterNormal != glm::vec3(0.0f)) tally.fail(i, "normal at t = 0");
}

TEST(PropertyVsGjk, AabbAabb) {
  runPairs("AABB-AABB", 1, [](int i, ShapeGen& g, Tally& t) {
    const Aabb a = g.aabb(), b = g.aabb();
    SatResult r;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, b, t, [&] { return (r = satAabbAabb(a, b)).overlap; }, &j);
    if (truth == Truth::Overlap && i < kDeepChecks) checkPenetration(i, a, b, r, j.scale, t);
  });
}

TEST(PropertyVsGjk, AabbObb) {
  runPairs("AABB-OBB", 2, [](int i, ShapeGen& g, Tally& t) {
    const Aabb a = g.aabb();
    const Obb b = g.obb();
    SatResult r;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, b, t, [&] { return (r = satAabbObb(a, b)).overlap; }, &j);
    if (truth == Truth::Overlap && i < kDeepChecks) checkPenetration(i, a, b, r, j.scale, t);
  });
}

TEST(PropertyVsGjk, ObbObb) {
  runPairs("OBB-OBB", 3, [](int i, ShapeGen& g, Tally& t) {
    const Obb a = g.obb(), b = g.obb();
    SatResult r;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, b, t, [&] { return (r = satObbObb(a, b)).overlap; }, &j);
    if (truth == Truth::Overlap && i < kDeepChecks) checkPenetration(i, a, b, r, j.scale, t);
  });
}

TEST(PropertyVsGjk, AabbSegmentSatAndSlab) {
  runPairs("AABB-segment", 4, [](int i, ShapeGen& g, Tally& t) {
    const Aabb a = g.aabb(1.0f);
    const Segment s = g.segment(1.0f);
    SatResult r;
    SegmentHit h;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, s, t,
        [&] {
          r = satAabbSegment(a, s);
          h = slabSegmentAabb(s, a);
          if (r.overlap != h.overlap) return !r.overlap;  // a SAT/slab split is a failure
          return r.overlap;
        },
        &j);
    if (truth == Truth::Overlap && i < kDeepChecks) {
      checkPenetration(i, a, s, r, j.scale, t);
      checkSegmentHit(i, s, a, h, j.scale, t);
    }
  });
}

TEST(PropertyVsGjk, ObbSegmentSatAndSlab) {
  runPairs("OBB-segment", 5, [](int i, ShapeGen& g, Tally& t) {
    const Obb a = g.obb(1.0f);
    const Segment s = g.segment(1.0f);
    SatResult r;
    SegmentHit h;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, s, t,
        [&] {
          r = satObbSegment(a, s);
          h = slabSegmentObb(s, a);
          if (r.overlap != h.overlap) return !r.overlap;  // a SAT/slab split is a failure
          return r.overlap;
        },
        &j);
    if (truth == Truth::Overlap && i < kDeepChecks) {
      checkPenetration(i, a, s, r, j.scale, t);
      checkSegmentHit(i, s, a, h, j.scale, t);
    }
  });
}

TEST(PropertyVsGjk, AabbSphere) {
  runPairs("AABB-sphere", 6, [](int i, ShapeGen& g, Tally& t) {
    const Aabb a = g.aabb();
    const Sphere s = g.sphere();
    ClosestResult r;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, s, t, [&] { return (r = closestSphereAabb(s, a)).overlap; }, &j);
    if (truth == Truth::Separated && std::abs(double(r.distance) - s.radius - j.distance) > kBand * j.scale)
      t.fail(i, "Arvo distance differs from the oracle");
  });
}

TEST(PropertyVsGjk, ObbSphere) {
  runPairs("OBB-sphere", 7, [](int i, ShapeGen& g, Tally& t) {
    const Obb a = g.obb();
    const Sphere s = g.sphere();
    ClosestResult r;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, s, t, [&] { return (r = closestSphereObb(s, a)).overlap; }, &j);
    if (truth == Truth::Separated && std::abs(double(r.distance) - s.radius - j.distance) > kBand * j.scale)
      t.fail(i, "Arvo distance differs from the oracle");
  });
}

TEST(PropertyVsGjk, SphereSphere) {
  runPairs("sphere-sphere", 8, [](int i, ShapeGen& g, Tally& t) {
    const Sphere a = g.sphere(), b = g.sphere();
    SphereSphereResult r;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, b, t, [&] { return (r = sphereSphere(a, b)).overlap; }, &j);
    if (truth == Truth::Separated && std::abs(-double(r.depth) - j.distance) > kBand * j.scale)
      t.fail(i, "sphere-sphere depth differs from the oracle");
  });
}

TEST(PropertyVsGjk, SegmentSphere) {
  runPairs("segment-sphere", 9, [](int i, ShapeGen& g, Tally& t) {
    const Sphere a = g.sphere(1.0f);
    const Segment s = g.segment(1.0f);
    SegmentHit h;
    Judged j{};
    const Truth truth = checkVerdict(
        i, a, s, t, [&] { return (h = segmentSphere(s, a)).overlap; }, &j);
    if (truth == Truth::Overlap && i < kDeepChecks) checkSegmentHit(i, s, a, h, j.scale, t);
  });
}

TEST(PropertyVsGjk, SegmentSegmentDistance) {
  // Random segments almost never touch, so 30% are moved to cross (up to the rounding of
  // the move, ~1e-7) and 10% made parallel. Distances are compared with the oracle; pairs
  // within 5e-7 of the oracle's contact must overlap, pairs beyond the band must not.
  runPairs("segment-segment", 10, [](int i, ShapeGen& g, Tally& t) {
    Segment a = g.segment(), b = g.segment();
    if (g.chance(0.3)) {
      // Make them cross: move b so that its point at some t lands on a point of a.
      const glm::vec3 pa = a.p0 + g.uniform(0, 1) * (a.p1 - a.p0);
      const glm::vec3 pb = b.p0 + g.uniform(0, 1) * (b.p1 - b.p0);
      b.p0 += pa - pb;
      b.p1 += pa - pb;
    }
    if (g.chance(0.1)) {  // parallel or anti-parallel
      const glm::vec3 off = g.point(0.5f);
      b = Segment{a.p0 + off, a.p0 + off + g.uniform(-1.5f, 1.5f) * (a.p1 - a.p0)};
    }
    SegSegResult r;
    const oracle::Hull ha = oracle::hullOf(a), hb = oracle::hullOf(b);
    const double d = oracle::distance(ha, hb);
    const double scale = 1.0 + oracle::sizeOf(ha) + oracle::sizeOf(hb);
    r = closestSegmentSegment(a, b);
    if (std::abs(double(r.distance) - d) > kBand * scale)
      t.fail(i, "distance " + std::to_string(r.distance) + " vs oracle " + std::to_string(d));
    if (std::abs(glm::length(r.pointB - r.pointA) - r.distance) > 1e-5f * float(scale))
      t.fail(i, "points do not match the distance");
    if (d > kBand * scale) {
      if (overlaps(a, b) || overlaps(b, a) || r.overlap) t.fail(i, "overlap while apart");
    } else if (d <= 5e-7) {
      ++t.overlapping;
      if (!overlaps(a, b) || !overlaps(b, a) || !r.overlap)
        t.fail(i, "crossing segments (oracle " + std::to_string(d) + ") do not overlap");
    } else {
      ++t.skipped;
    }
  });
}

}  // namespace
}  // namespace satlab
