// The triangle tests against the exact integer oracle (exact_oracle.hpp) on shapes whose
// coordinates are multiples of 1/16 within [-8, 8]. On such inputs every product the tests
// form in double is exact (triangle.hpp), so their verdicts must be the oracle's on every
// pair, touching ones included: no band. Small ranges make touching, shared vertices,
// coplanar pairs and triangles without area common. Seed printed; override with
// SATLAB_PROPERTY_SEED.
//
// The two places where a test is not exact, and what is checked there instead:
// - segment–triangle with the segment in the triangle's plane, or a triangle without area,
//   is decided by closest points within the contact tolerance (segment_triangle.hpp). On this
//   grid two coplanar shapes that do not meet are at least 1e-4 apart, far outside it.
// - sphere–triangle's closest point on an edge or the face comes from a division, so a
//   sphere that touches exactly there may come out a rounding either way: pairs whose
//   squared distance is within 1e-12 of r^2 are counted, not judged (the share is printed;
//   touching at a vertex is exact and judged).
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <string>

#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using exact::Int;
using exact::IVec;
using testing::GridGen;
using testing::toFloat;

constexpr int kPairs = 30000;
constexpr int kTrianglePairs = 12000;  // the oracle enumerates 126 vertex candidates per pair

struct Count {
  int pairs = 0, overlapping = 0, wrong = 0, skipped = 0;
  std::string first;
  void fail(int i, const std::string& what) {
    if (wrong++ == 0) first = "pair " + std::to_string(i) + ": " + what;
  }
};

std::string str(const IVec& v) {
  return "(" + std::to_string(static_cast<long long>(v.x)) + ", " + std::to_string(static_cast<long long>(v.y)) + ", " +
         std::to_string(static_cast<long long>(v.z)) + ")";
}
std::string str(const exact::ITriangle& t) { return "{" + str(t.a) + " " + str(t.b) + " " + str(t.c) + "}"; }

void run(const char* name, std::uint64_t salt, const std::function<void(int, GridGen&, Count&)>& check,
         int pairs = kPairs) {
  const std::uint64_t seed = testing::propertySeed();
  GridGen gen(seed * 7919ull + salt);
  Count count;
  for (int i = 0; i < pairs; ++i) check(i, gen, count);
  std::printf("[ exact    ] %s: seed %llu, %d pairs, %d overlapping, %d not judged, %d wrong\n", name,
              static_cast<unsigned long long>(seed), count.pairs, count.overlapping, count.skipped, count.wrong);
  EXPECT_EQ(count.wrong, 0) << name << " seed " << seed << ": " << count.first;
  EXPECT_GT(count.overlapping, count.pairs / 10) << name << ": too few overlaps";
  EXPECT_LT(count.overlapping, count.pairs * 9 / 10) << name << ": too few misses";
}

/// A range for this pair: mostly small (coincidences), sometimes the whole grid.
int range(GridGen& g) { return g.chance(0.7) ? g.integer(2, 8) : 128; }

TEST(TriangleExact, AabbTriangleAgreesOnEveryGridPair) {
  run("AABB-triangle", 1, [](int i, GridGen& g, Count& c) {
    const int r = range(g);
    exact::ITriangle t = g.triangle(r);
    const IVec center = g.point(r);
    const IVec half{g.integer(0, r), g.integer(0, r), g.integer(0, r)};
    if (g.chance(0.15)) GridGen::flatten(t, g.integer(0, 2), g.integer(-r, r));  // in a plane of the box's faces
    const bool truth = exact::meet(exact::IBox{center - half, center + half}, t);
    const Aabb box{toFloat(center), toFloat(half)};
    const Triangle tri = toFloat(t);
    ++c.pairs;
    c.overlapping += truth ? 1 : 0;
    SatTrace full;
    const bool traced = satAabbTriangle(box, tri, full, SatOptions{SatMode::Full}).overlap;
    if (overlaps(box, tri) != truth || overlaps(tri, box) != truth || traced != truth) {
      c.fail(i,
             "box " + str(center) + " +- " + str(half) + ", triangle " + str(t) + ": exact " + std::to_string(truth));
    }
  });
}

TEST(TriangleExact, TriangleTriangleAgreesOnEveryGridPair) {
  run(
      "triangle-triangle", 2,
      [](int i, GridGen& g, Count& c) {
        const int r = range(g);
        exact::ITriangle ta = g.triangle(r), tb = g.triangle(r);
        if (g.chance(0.25)) {  // coplanar: both in one plane x, y or z = const
          const int axis = g.integer(0, 2), value = g.integer(-r, r);
          GridGen::flatten(ta, axis, value);
          GridGen::flatten(tb, axis, value);
        } else if (g.chance(0.1)) {  // parallel planes
          const int axis = g.integer(0, 2);
          GridGen::flatten(ta, axis, g.integer(-r, r));
          GridGen::flatten(tb, axis, g.integer(-r, r));
        }
        if (g.chance(0.1)) tb.a = ta.b;  // a shared vertex
        const bool truth = exact::meet(ta, tb);
        const Triangle a = toFloat(ta), b = toFloat(tb);
        ++c.pairs;
        c.overlapping += truth ? 1 : 0;
        SatTrace full;
        const bool traced = satTriangleTriangle(a, b, full, SatOptions{SatMode::Full}).overlap;
        if (overlaps(a, b) != truth || overlaps(b, a) != truth || traced != truth) {
          c.fail(i, "triangles " + str(ta) + " " + str(tb) + ": exact " + std::to_string(truth) + ", (a, b) " +
                        std::to_string(overlaps(a, b)) + ", (b, a) " + std::to_string(overlaps(b, a)));
        }
      },
      kTrianglePairs);
}

TEST(TriangleExact, SegmentTriangleAgreesOnEveryGridPairAndFindsItsT) {
  run("segment-triangle", 3, [](int i, GridGen& g, Count& c) {
    const int r = range(g);
    exact::ITriangle t = g.triangle(r);
    exact::ISegment s = g.segment(r);
    if (g.chance(0.25)) {  // the segment in the triangle's plane
      const int axis = g.integer(0, 2), value = g.integer(-r, r);
      GridGen::flatten(t, axis, value);
      GridGen::flatten(s.p0, axis, value);
      GridGen::flatten(s.p1, axis, value);
    }
    exact::Rational tEnter, tExit;
    const bool truth = exact::segmentOnTriangle(s, t, &tEnter, &tExit);
    const Segment seg = toFloat(s);
    const Triangle tri = toFloat(t);
    ++c.pairs;
    c.overlapping += truth ? 1 : 0;
    SegmentTriangleTrace trace;
    const SegmentTriangleHit hit = segmentTriangle(seg, tri, trace);
    const std::string what = "segment " + str(s.p0) + " " + str(s.p1) + ", triangle " + str(t);
    if (overlaps(seg, tri) != truth || overlaps(tri, seg) != truth || hit.overlap != truth) {
      c.fail(i, what + ": exact " + std::to_string(truth) + " (" + std::string(trace.decidedBy) + ")");
      return;
    }
    if (!truth) return;
    // Crossing the plane, t is a quotient of exact numbers: good to a float's rounding. In
    // the plane, closest points find it to within the contact tolerance over |d|.
    const float tol = trace.parallel ? 1e-3f : 1e-6f;
    if (std::abs(hit.tEnter - float(tEnter.value())) > tol || std::abs(hit.tExit - float(tExit.value())) > tol) {
      c.fail(i, what + ": t " + std::to_string(hit.tEnter) + ".." + std::to_string(hit.tExit) + ", exact " +
                    std::to_string(tEnter.value()) + ".." + std::to_string(tExit.value()));
    }
  });
}

TEST(TriangleExact, SphereTriangleAgreesOnEveryGridPairAwayFromTouchingOnAnEdgeOrFace) {
  run("sphere-triangle", 4, [](int i, GridGen& g, Count& c) {
    const int r = range(g);
    const exact::ITriangle t = g.triangle(r);
    const IVec center = g.point(r);
    const Int radius = g.integer(0, r);
    const exact::Rational d2 = exact::squaredDistance(center, t);
    const Int r2 = radius * radius;
    const bool truth = d2.num <= r2 * d2.den;
    const Sphere sphere{toFloat(center), float(radius) * testing::kGrid};
    const Triangle tri = toFloat(t);
    ClosestTrace trace;
    const ClosestResult res = closestSphereTriangle(sphere, tri, trace);
    // The squared distance, in world units (grid units times kGrid^2), to float precision.
    const double exactD2 = d2.value() * double(testing::kGrid) * double(testing::kGrid);
    if (std::abs(double(res.distanceSquared) - exactD2) > 1e-6 * (1.0 + exactD2)) {
      c.fail(i, "squared distance " + std::to_string(res.distanceSquared) + ", exact " + std::to_string(exactD2));
    }
    const Int diff = d2.num - r2 * d2.den;
    const bool atVertex = trace.triangle.region == TriangleRegion::VertexA ||
                          trace.triangle.region == TriangleRegion::VertexB ||
                          trace.triangle.region == TriangleRegion::VertexC;
    const Int margin = (r2 > 0 ? r2 : 1) * d2.den;  // 1e-12 of r^2 (or of 1), in the same units
    if (!(diff == 0 && atVertex) && (diff < 0 ? -diff : diff) * Int(1000000000000LL) <= margin) {
      ++c.skipped;
      return;
    }
    ++c.pairs;
    c.overlapping += truth ? 1 : 0;
    if (overlaps(sphere, tri) != truth || overlaps(tri, sphere) != truth || res.overlap != truth) {
      c.fail(i, "sphere " + str(center) + " r " + std::to_string(static_cast<long long>(radius)) + ", triangle " +
                    str(t) + ": exact " + std::to_string(truth) + ", region " +
                    std::string(label(trace.triangle.region)));
    }
  });
}

}  // namespace
}  // namespace satlab
