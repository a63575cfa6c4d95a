// The triangle tests against the GJK distance oracle (oracle_gjk.hpp) on random float
// shapes (seed printed; override with SATLAB_PROPERTY_SEED), with the touching band of
// test_property_oracle.cpp: a pair is skipped when the oracle distance is positive but below
// 1e-4 * (1 + size A + size B), or when the shapes meet but the factor 1 - 1e-4 shrink
// separates them. Outside the band every verdict must agree, in both argument orders and in
// the rich result; depths, closest points and hit points are checked against the oracle too.
// Then nearly parallel edges (no epsilon needed) and shapes 1e4 from the origin.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using testing::hullOf;
using testing::ShapeGen;

constexpr int kPairs = 50000;
using oracle::judge;
using oracle::Judged;
using oracle::kBand;
using oracle::Truth;
constexpr int kDeepChecks = 10000;

oracle::Hull hull(const Triangle& t) { return hullOf(t); }
template <class S>
oracle::Hull hull(const S& s) {
  return oracle::hullOf(s);
}

struct Tally {
  int wrong = 0, skipped = 0, overlapping = 0;
  std::string first;
  void fail(int i, const std::string& what) {
    if (wrong++ == 0) first = "pair " + std::to_string(i) + ": " + what;
  }
};

void runPairs(const char* name, std::uint64_t salt, const std::function<void(int, ShapeGen&, Tally&)>& check) {
  const std::uint64_t seed = testing::propertySeed();
  ShapeGen gen(seed * 1000033ull + salt);
  Tally tally;
  for (int i = 0; i < kPairs; ++i) check(i, gen, tally);
  std::printf("[ property ] %s: seed %llu, %d pairs, %d overlapping, %d in the touching band, %d wrong\n", name,
              static_cast<unsigned long long>(seed), kPairs, tally.overlapping, tally.skipped, tally.wrong);
  EXPECT_EQ(tally.wrong, 0) << name << " seed " << seed << ": " << tally.first;
  EXPECT_LT(tally.skipped, kPairs / 100) << name;
  EXPECT_GT(tally.overlapping, kPairs / 10) << name;
  EXPECT_LT(tally.overlapping, kPairs * 9 / 10) << name;
}

/// The verdict of overlaps() both ways and of the rich test against the oracle.
template <class A, class B, class Rich>
Judged checkVerdict(int i, const A& a, const B& b, Tally& t, const Rich& rich) {
  const Judged j = judge(hull(a), hull(b));
  if (j.truth == Truth::Band) {
    ++t.skipped;
    return j;
  }
  const bool expected = j.truth == Truth::Overlap;
  t.overlapping += expected ? 1 : 0;
  const bool ab = overlaps(a, b), ba = overlaps(b, a), r = rich();
  if (ab != expected || ba != expected || r != expected) {
    t.fail(i, "oracle distance " + std::to_string(j.distance) + " expects " + (expected ? "overlap" : "separation") +
                  ", overlaps(a,b) " + std::to_string(ab) + ", overlaps(b,a) " + std::to_string(ba) + ", rich " +
                  std::to_string(r));
  }
  return j;
}

Triangle moved(Triangle t, const glm::vec3& by) { return Triangle{t.a + by, t.b + by, t.c + by}; }

/// Overlapping SAT pair: moving the triangle B by depth + delta along the penetration axis
/// separates the shapes, by depth - delta does not (the axes hold every face normal of the
/// Minkowski difference, so the least penetration is the true depth).
template <class A>
void checkDepth(int i, const A& a, const Triangle& b, const SatResult& r, double scale, Tally& t) {
  if (!r.penetration.valid()) {
    t.fail(i, "overlap without a penetration axis");
    return;
  }
  const float delta = static_cast<float>(2e-3 * scale);
  if (!(oracle::distance(hull(a), hull(moved(b, (r.depth + delta) * r.penetrationAxis))) > 0.0))
    t.fail(i, "moving by depth + delta does not separate (" + std::string(label(r.penetration)) + ")");
  if (r.depth > delta && !(oracle::distance(hull(a), hull(moved(b, (r.depth - delta) * r.penetrationAxis))) <= 1e-12))
    t.fail(i, "moving by depth - delta separates: depth too large (" + std::string(label(r.penetration)) + ")");
}

TEST(TrianglePropertyVsGjk, AabbTriangle) {
  runPairs("AABB-triangle", 1, [](int i, ShapeGen& g, Tally& t) {
    const Aabb box = g.aabb(0.8f);
    const Triangle tri = testing::triangle(g, 0.8f);
    const SatResult r = satAabbTriangle(box, tri);
    const Judged j = checkVerdict(i, box, tri, t, [&] { return r.overlap; });
    if (j.truth == Truth::Overlap && i < kDeepChecks) checkDepth(i, box, tri, r, j.scale, t);
    if (j.truth == Truth::Separated && !(double(r.gap) <= j.distance + 1e-6 * j.scale))
      t.fail(i, "gap on the axis exceeds the distance");
  });
}

TEST(TrianglePropertyVsGjk, ObbTriangle) {
  runPairs("OBB-triangle", 2, [](int i, ShapeGen& g, Tally& t) {
    const Obb box = g.obb(0.8f);
    const Triangle tri = testing::triangle(g, 0.8f);
    const SatResult r = satObbTriangle(box, tri);
    const Judged j = checkVerdict(i, box, tri, t, [&] { return r.overlap; });
    if (j.truth == Truth::Overlap && i < kDeepChecks) checkDepth(i, box, tri, r, j.scale, t);
  });
}

TEST(TrianglePropertyVsGjk, TriangleTriangle) {
  runPairs("triangle-triangle", 3, [](int i, ShapeGen& g, Tally& t) {
    const Triangle a = testing::triangle(g, 0.5f), b = testing::triangle(g, 0.5f);
    const SatResult r = satTriangleTriangle(a, b);
    const Judged j = checkVerdict(i, a, b, t, [&] { return r.overlap; });
    // A triangle without area is decided as a segment, with no axis.
    const bool flat = !r.penetration.valid() && !r.separating.valid();
    if (j.truth == Truth::Overlap && i < kDeepChecks && !flat) checkDepth(i, a, b, r, j.scale, t);
  });
}

TEST(TrianglePropertyVsGjk, SphereTriangleDistanceAndClosestPoint) {
  runPairs("sphere-triangle", 4, [](int i, ShapeGen& g, Tally& t) {
    const Sphere s = g.sphere(1.0f);
    const Triangle tri = testing::triangle(g, 1.0f);
    const ClosestResult r = closestSphereTriangle(s, tri);
    const Judged j = checkVerdict(i, s, tri, t, [&] { return r.overlap; });
    // The centre's distance to the triangle, from the oracle: to a precision far finer than
    // the band (the test computes it in double).
    const double d = oracle::distance(oracle::hullOfPoint(s.center), hull(tri));
    if (std::abs(double(r.distance) - d) > 1e-6 * j.scale)
      t.fail(i, "distance " + std::to_string(r.distance) + ", oracle " + std::to_string(d));
    if (oracle::distance(oracle::hullOfPoint(r.closestPoint), hull(tri)) > 1e-6 * j.scale)
      t.fail(i, "closest point off the triangle");
    if (std::abs(glm::length(r.closestPoint - s.center) - r.distance) > 1e-5f * float(j.scale))
      t.fail(i, "closest point not at the distance");
  });
}

TEST(TrianglePropertyVsGjk, SegmentTriangleHitPoints) {
  runPairs("segment-triangle", 5, [](int i, ShapeGen& g, Tally& t) {
    const Segment s = g.segment(0.3f);
    const Triangle tri = testing::triangle(g, 0.3f);
    const SegmentTriangleHit h = segmentTriangle(s, tri);
    const Judged j = checkVerdict(i, s, tri, t, [&] { return h.overlap; });
    if (!h.overlap) return;
    const oracle::Hull ht = hull(tri);
    const glm::vec3 d = s.p1 - s.p0;
    const double tol = 1e-5 * j.scale;
    if (oracle::distance(oracle::hullOfPoint(h.enterPoint), ht) > tol) t.fail(i, "entry point off the triangle");
    if (oracle::distance(oracle::hullOfPoint(s.p0 + h.tExit * d), ht) > tol) t.fail(i, "exit point off the triangle");
    if (!(0.0f <= h.tEnter && h.tEnter <= h.tExit && h.tExit <= 1.0f)) t.fail(i, "t outside 0 <= tEnter <= tExit <= 1");
    const glm::vec3 fromBary = (1.0f - h.u - h.v) * tri.a + h.u * tri.b + h.v * tri.c;
    if (glm::length(fromBary - h.enterPoint) > 1e-4f * float(j.scale)) t.fail(i, "u, v do not rebuild the point");
    if (h.enterNormal != glm::vec3(0.0f)) {
      if (std::abs(glm::length(h.enterNormal) - 1.0f) > 1e-5f) t.fail(i, "normal not unit");
      if (glm::dot(h.enterNormal, d) > 0.0f) t.fail(i, "normal faces away from the start");
    }
    if (h.tEnter > 2e-3f && j.truth == Truth::Overlap) {
      const Segment before{s.p0, s.p0 + (h.tEnter - 1e-3f) * d};
      if (judge(oracle::hullOf(before), ht).truth == Truth::Overlap) t.fail(i, "entered too late");
    }
  });
}

// ---- Nearly parallel edges ------------------------------------------------------------------

// A box and triangles with edges along the box's axes, turned by 0, 1e-9, 1e-6 and 1e-3 rad
// about three axes and moved over a grid of offsets: the box-box tests need their epsilon
// here (test_near_parallel.cpp); the triangle tests, which project vertices, need none.
TEST(TriangleNearParallel, NoWrongVerdictWithoutAnEpsilon) {
  int checked = 0, wrong = 0;
  std::string first;
  const glm::vec3 turnAxes[3] = {glm::normalize(glm::vec3(1, 2, 3)), glm::vec3(0, 0, 1),
                                 glm::normalize(glm::vec3(1, 1, 0))};
  const Triangle base{{-1, -1, 0}, {1, -1, 0}, {-1, 1, 0}};  // edges along X, Y and the diagonal
  for (float angle : {0.0f, 1e-9f, 1e-6f, 1e-3f}) {
    for (const glm::vec3& axis : turnAxes) {
      const glm::mat3 rot(glm::rotate(glm::mat4(1.0f), angle, axis));
      const Triangle turned{rot * base.a, rot * base.b, rot * base.c};
      for (int x = -6; x <= 6; ++x) {
        for (int y = -6; y <= 6; ++y) {
          for (int z = -6; z <= 6; ++z) {
            const glm::vec3 off = glm::vec3(float(x), float(y), float(z)) * 0.37f;
            const Triangle t = moved(turned, off);
            const Aabb box{{0, 0, 0}, {1, 1, 1}};
            const Obb obb{{0, 0, 0}, rot, {1, 1, 1}};  // the box turned with it: edges parallel
            const Judged jb = judge(oracle::hullOf(box), hull(t));
            if (jb.truth != Truth::Band) {
              ++checked;
              if (overlaps(box, t) != (jb.truth == Truth::Overlap)) {
                if (wrong++ == 0) first = "AABB, angle " + std::to_string(angle);
              }
            }
            const Triangle t2 = moved(base, off);
            const Judged jo = judge(oracle::hullOf(obb), hull(t2));
            if (jo.truth != Truth::Band) {
              ++checked;
              if (overlaps(obb, t2) != (jo.truth == Truth::Overlap)) {
                if (wrong++ == 0) first = "OBB, angle " + std::to_string(angle);
              }
            }
            const Judged jt = judge(hull(base), hull(t));
            if (jt.truth != Truth::Band) {
              ++checked;
              if (overlaps(base, t) != (jt.truth == Truth::Overlap) ||
                  overlaps(t, base) != (jt.truth == Truth::Overlap)) {
                if (wrong++ == 0) first = "triangle-triangle, angle " + std::to_string(angle);
              }
            }
          }
        }
      }
    }
  }
  std::printf("[ parallel ] %d pairs checked, %d wrong\n", checked, wrong);
  EXPECT_EQ(wrong, 0) << first;
  EXPECT_GT(checked, 70000);
}

// ---- Far from the origin ---------------------------------------------------------------------

// Around (1e4, -1e4, 1e4), where a float's spacing is ~1e-3: the touching band is 1e-2.
TEST(TriangleFarFromOrigin, At1e4AgreesWithOracle) {
  const glm::vec3 far(1e4f, -1e4f, 1e4f);
  ShapeGen g(testing::propertySeed() + 401);
  int checked = 0, wrong = 0;
  auto check = [&](const auto& x, const auto& y) {
    const oracle::Hull hx = hull(x), hy = hull(y);
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
    if (overlaps(x, y) != expected || overlaps(y, x) != expected) ++wrong;
  };
  for (int i = 0; i < 10000; ++i) {
    Aabb a = g.aabb(1.0f);
    Obb o = g.obb(1.0f);
    Sphere s = g.sphere(1.0f);
    Segment seg = g.segment(1.0f);
    a.center += far;
    o.center += far;
    s.center += far;
    seg.p0 += far;
    seg.p1 += far;
    const Triangle t = moved(testing::triangle(g, 1.0f), far), t2 = moved(testing::triangle(g, 1.0f), far);
    check(a, t);
    check(o, t);
    check(s, t);
    check(seg, t);
    check(t, t2);
  }
  std::printf("[ far      ] %d triangle pairs checked at 1e4, %d wrong\n", checked, wrong);
  EXPECT_EQ(wrong, 0) << "seed " << testing::propertySeed();
  EXPECT_GT(checked, 45000);
}

}  // namespace
}  // namespace satlab
