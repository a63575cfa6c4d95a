// Spheres: against boxes (Arvo), against segments (the quadratic) and against spheres.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include <glm/gtc/matrix_transform.hpp>

#include "satlab/collide.hpp"

namespace satlab {
namespace {

constexpr float kTol = 1e-5f;
const Aabb kUnit{{0, 0, 0}, {1, 1, 1}};

TEST(SphereAabb, CentreInsideGivesDistanceZeroAndItselfAsClosestPoint) {
  const Sphere s{{0.2f, -0.3f, 0.9f}, 0.1f};
  const ClosestResult r = closestSphereAabb(s, kUnit);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.distance, 0.0f);
  EXPECT_EQ(r.closestPoint, s.center);
}

TEST(SphereAabb, NearACornerSumsThreeAxisContributions) {
  const Sphere s{{2, 3, -3}, 3.0f};  // offsets 1, 2, 2 from the corner: distance 3
  ClosestTrace trace;
  const ClosestResult r = closestSphereAabb(s, kUnit, trace);
  EXPECT_TRUE(r.overlap);  // exactly touching
  EXPECT_NEAR(r.distance, 3.0f, kTol);
  EXPECT_EQ(r.closestPoint, glm::vec3(1, 1, -1));
  ASSERT_EQ(trace.rows.size(), 3u);
  EXPECT_EQ(trace.rows[0].contribution, 1.0f);
  EXPECT_EQ(trace.rows[1].contribution, 4.0f);
  EXPECT_EQ(trace.rows[2].contribution, 4.0f);
  EXPECT_EQ(trace.sum, 9.0f);
  EXPECT_EQ(trace.radiusSquared, 9.0f);
  EXPECT_FALSE(overlaps(Sphere{s.center, 2.999f}, kUnit));
}

TEST(SphereAabb, FacingAFaceOnlyThatAxisContributes) {
  const Sphere s{{0.5f, 2.5f, 0}, 1.5f};
  ClosestTrace trace;
  const ClosestResult r = closestSphereAabb(s, kUnit, trace);
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.distance, 1.5f, kTol);
  EXPECT_EQ(trace.rows[0].contribution, 0.0f);
  EXPECT_EQ(trace.rows[2].contribution, 0.0f);
}

TEST(SphereAabb, PointSphereAndFlatBox) {
  const Aabb flat{{0, 0, 0}, {1, 0, 1}};
  EXPECT_TRUE(overlaps(Sphere{{0.5f, 0, 0.5f}, 0}, flat));
  EXPECT_FALSE(overlaps(Sphere{{0.5f, 1e-4f, 0.5f}, 0}, flat));
  EXPECT_TRUE(overlaps(Sphere{{0.5f, 1e-4f, 0.5f}, 1e-4f}, flat));
  EXPECT_TRUE(overlaps(flat, Sphere{{1, 0, 1}, 0}));  // the corner point itself
}

TEST(SphereObb, ArvoInTheBoxFrameReturnsAWorldClosestPoint) {
  Obb b;
  b.center = {5, 0, 0};
  b.half = {1, 2, 0.5f};
  b.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1)));
  // Box frame: B0 = +Y, B1 = -X. The world point 3 units out along B0 from the centre
  // is 2 units beyond the B0 face.
  const Sphere s{b.center + 3.0f * b.axes[0], 2.0f};
  ClosestTrace trace;
  const ClosestResult r = closestSphereObb(s, b, trace);
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.distance, 2.0f, kTol);
  EXPECT_NEAR(glm::length(r.closestPoint - (b.center + b.axes[0])), 0.0f, kTol);
  EXPECT_EQ(std::string(label(trace.rows[0].id)), std::string_view("B0"));
  EXPECT_NEAR(trace.rows[0].center, 3.0f, kTol);
  EXPECT_FALSE(overlaps(Sphere{s.center, 1.99f}, b));
}

TEST(SphereObb, FarFromOriginAt1e4) {
  Obb b;
  b.center = {1e4f, 1e4f, -1e4f};
  b.half = {1, 1, 1};
  b.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), 0.4f, glm::normalize(glm::vec3(1, 2, 3))));
  EXPECT_TRUE(overlaps(Sphere{b.center + 2.0f * b.axes[2], 1.01f}, b));
  EXPECT_FALSE(overlaps(Sphere{b.center + 2.0f * b.axes[2], 0.99f}, b));
}

TEST(SegmentSphere, ThroughTheCentreEntersAndExitsAtTheRadius) {
  const Sphere s{{0, 0, 0}, 1};
  const Segment seg{{-4, 0, 0}, {4, 0, 0}};
  SegmentSphereTrace trace;
  const SegmentHit h = segmentSphere(seg, s, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 3.0f / 8.0f, kTol);
  EXPECT_NEAR(h.tExit, 5.0f / 8.0f, kTol);
  EXPECT_NEAR(glm::length(h.enterNormal - glm::vec3(-1, 0, 0)), 0.0f, kTol);
  EXPECT_EQ(trace.a, 64.0f);
  EXPECT_EQ(trace.b, -32.0f);
  EXPECT_EQ(trace.c, 15.0f);
  EXPECT_TRUE(trace.hasRoots);
  EXPECT_NEAR(trace.t0, 3.0f / 8.0f, kTol);
  EXPECT_NEAR(trace.t1, 5.0f / 8.0f, kTol);
}

TEST(SegmentSphere, TangentSegmentTouches) {
  const Sphere s{{0, 0, 0}, 1};
  const SegmentHit h = segmentSphere(Segment{{-2, 1, 0}, {2, 1, 0}}, s);
  EXPECT_TRUE(h.overlap);
  EXPECT_NEAR(h.tEnter, 0.5f, 1e-3f);
  EXPECT_FALSE(overlaps(Segment{{-2, 1.0001f, 0}, {2, 1.0001f, 0}}, s));
}

TEST(SegmentSphere, StartsInsideHasTEnterZeroAndZeroNormal) {
  const Sphere s{{1, 1, 1}, 2};
  const SegmentHit h = segmentSphere(Segment{{1, 1, 1}, {1, 1, 9}}, s);
  ASSERT_TRUE(h.overlap);
  EXPECT_EQ(h.tEnter, 0.0f);
  EXPECT_EQ(h.enterNormal, glm::vec3(0.0f));
  EXPECT_NEAR(h.tExit, 0.25f, kTol);
}

TEST(SegmentSphere, EndsBeforeReachingOrPointsAway) {
  const Sphere s{{0, 0, 0}, 1};
  EXPECT_FALSE(overlaps(s, Segment{{-4, 0, 0}, {-1.01f, 0, 0}}));
  EXPECT_TRUE(overlaps(s, Segment{{-4, 0, 0}, {-1.0f, 0, 0}}));  // ends on the surface
  EXPECT_FALSE(overlaps(s, Segment{{-2, 0, 0}, {-9, 0, 0}}));    // moving away
}

TEST(SegmentSphere, ZeroLengthSegmentAndZeroRadius) {
  const Sphere s{{0, 0, 0}, 1};
  SegmentSphereTrace trace;
  const SegmentHit in = segmentSphere(Segment{{0.5f, 0, 0}, {0.5f, 0, 0}}, s, trace);
  EXPECT_TRUE(in.overlap);
  EXPECT_TRUE(trace.point);
  EXPECT_EQ(in.tExit, 1.0f);
  EXPECT_FALSE(segmentSphere(Segment{{1.5f, 0, 0}, {1.5f, 0, 0}}, s).overlap);
  EXPECT_TRUE(segmentSphere(Segment{{1, 0, 0}, {1, 0, 0}}, s).overlap);  // on the surface
  // A point sphere on the segment, and beside it.
  const SegmentHit p = segmentSphere(Segment{{-1, 0, 0}, {1, 0, 0}}, Sphere{{0, 0, 0}, 0});
  EXPECT_TRUE(p.overlap);
  EXPECT_NEAR(p.tEnter, 0.5f, kTol);
  EXPECT_FALSE(std::isnan(p.enterNormal.x));
  EXPECT_NEAR(glm::length(p.enterNormal), 1.0f, kTol);
  EXPECT_FALSE(overlaps(Segment{{-1, 1e-3f, 0}, {1, 1e-3f, 0}}, Sphere{{0, 0, 0}, 0}));
}

TEST(SegmentSphere, LongSegmentPassingJustInsideIsNotLostToCancellation) {
  // A 2e4-long segment passing 0.999 from the centre of a unit sphere at 1e4: b^2 - ac
  // would cancel (b^2 ~ 1e16 in float); the line-distance discriminant does not.
  const Sphere s{{1e4f, 0, 0}, 1};
  const Segment seg{{0, 0.999f, 0}, {2e4f, 0.999f, 0}};
  SegmentSphereTrace trace;
  const SegmentHit h = segmentSphere(seg, s, trace);
  EXPECT_TRUE(h.overlap);
  EXPECT_NEAR(trace.discriminant, 1.0f - 0.999f * 0.999f, 1e-4f);
  EXPECT_NEAR(h.tEnter, 0.5f, 1e-5f);
  EXPECT_FALSE(overlaps(Segment{{0, 1.001f, 0}, {2e4f, 1.001f, 0}}, s));
}

TEST(SegmentSphere, EntryPointOfDistantSpheresIsAccurateToFloatResolution) {
  // Segments 10^3 to 10^4 long hitting unit spheres far from p0, in random directions: the
  // entry point must match a long double solution of the same float inputs to within a few
  // float ulps of the coordinates (b^2 - a c' in float would be off by up to ~1e-3 here).
  std::uint32_t state = 12345u;
  const auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return float(state >> 8) / float(1u << 24);
  };
  int hits = 0;
  for (int i = 0; i < 2000; ++i) {
    const glm::vec3 c(next() * 2000.0f - 1000.0f, next() * 2000.0f - 1000.0f, next() * 2000.0f - 1000.0f);
    const glm::vec3 dir = glm::normalize(glm::vec3(next() - 0.5f, next() - 0.5f, next() - 0.5f));
    const float len = 1000.0f + next() * 9000.0f;
    const glm::vec3 off = (next() - 0.5f) * 1.9f * glm::normalize(glm::cross(dir, glm::vec3(0.3f, 0.7f, 0.2f)));
    const glm::vec3 p0 = c + off - dir * (len * (0.1f + 0.8f * next()));
    const Segment seg{p0, p0 + dir * len};
    const Sphere sph{c, 1.0f};
    const SegmentHit h = segmentSphere(seg, sph);
    // Reference: the same float differences, solved in long double.
    const glm::vec3 d = seg.p1 - seg.p0, m = seg.p0 - sph.center;
    long double a = 0, b = 0, mm = 0;
    for (int k = 0; k < 3; ++k) {
      a += (long double)d[k] * d[k];
      b += (long double)m[k] * d[k];
      mm += (long double)m[k] * m[k];
    }
    const long double disc = b * b - a * (mm - 1.0L);
    const bool expectHit = mm > 1.0L && b < 0 && disc >= 0 && (-b - std::sqrt(disc)) / a <= 1.0L;
    if (!expectHit) continue;
    ASSERT_TRUE(h.overlap) << i;
    ++hits;
    const long double t0 = (-b - std::sqrt(disc)) / a;
    for (int k = 0; k < 3; ++k) {
      const long double ref = (long double)seg.p0[k] + t0 * (long double)d[k];
      EXPECT_NEAR((double)h.enterPoint[k], (double)ref,
                  4.0 * std::ldexp(1.0, -23) * (1.0 + std::fabs((double)seg.p0[k]) + std::fabs((double)d[k])))
          << i;
    }
    EXPECT_NEAR(glm::length(h.enterNormal), 1.0f, 1e-5f) << i;
  }
  EXPECT_GT(hits, 1000);
}

TEST(SphereSphere, TangentSpheresOverlapWithZeroDepth) {
  const SphereSphereResult r = sphereSphere(Sphere{{0, 0, 0}, 1}, Sphere{{0, 3, 0}, 2});
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.distance, 3.0f);
  EXPECT_EQ(r.depth, 0.0f);
  EXPECT_EQ(r.normal, glm::vec3(0, 1, 0));
  EXPECT_FALSE(overlaps(Sphere{{0, 0, 0}, 1}, Sphere{{0, 3.001f, 0}, 2}));
}

TEST(SphereSphere, CoincidentCentresUseThePlusXNormal) {
  const SphereSphereResult r = sphereSphere(Sphere{{1, 1, 1}, 0}, Sphere{{1, 1, 1}, 0});
  EXPECT_TRUE(r.overlap);  // two equal points
  EXPECT_EQ(r.normal, glm::vec3(1, 0, 0));
  EXPECT_EQ(r.depth, 0.0f);
}

TEST(SphereSphere, ApartGivesNegativeDepth) {
  const SphereSphereResult r = sphereSphere(Sphere{{0, 0, 0}, 1}, Sphere{{-5, 0, 0}, 1});
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(r.depth, -3.0f);
  EXPECT_EQ(r.normal, glm::vec3(-1, 0, 0));
}

}  // namespace
}  // namespace satlab
