// The triangle tests' contracts (triangle.hpp and each test's header): non-finite input gives
// no overlap and a zero result; degenerate, tiny and huge input gives no NaN; the verdict does
// not depend on the order of the arguments, of a triangle's vertices or of a segment's ends,
// nor on moving or scaling both shapes by an exact amount.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using testing::GridGen;
using testing::ShapeGen;
using testing::toFloat;

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const SatResult& r) {
  return finite(r.separatingAxis) && finite(r.penetrationAxis) && std::isfinite(r.gap) && std::isfinite(r.depth);
}
bool finite(const ClosestResult& r) {
  return finite(r.closestPoint) && std::isfinite(r.distance) && std::isfinite(r.distanceSquared);
}
bool finite(const SegmentTriangleHit& h) {
  return std::isfinite(h.tEnter) && std::isfinite(h.tExit) && finite(h.enterPoint) && std::isfinite(h.u) &&
         std::isfinite(h.v) && finite(h.enterNormal);
}
bool noNaN(const glm::vec3& v) { return !std::isnan(v.x) && !std::isnan(v.y) && !std::isnan(v.z); }
bool noNaN(const SatTrace& t) {
  for (const SatAxisRow& r : t.rows) {
    if (!noNaN(r.axis) || !noNaN(r.rawAxis) || std::isnan(r.length) || std::isnan(r.centerDistance) ||
        std::isnan(r.radiusA) || std::isnan(r.radiusB) || std::isnan(r.minA) || std::isnan(r.maxA) ||
        std::isnan(r.minB) || std::isnan(r.maxB) || std::isnan(r.gap)) {
      return false;
    }
  }
  return true;
}

bool isZero(const SatResult& r) {
  return !r.overlap && !r.separating.valid() && !r.penetration.valid() && r.separatingAxis == glm::vec3(0.0f) &&
         r.penetrationAxis == glm::vec3(0.0f) && r.gap == 0.0f && r.depth == 0.0f;
}
bool isZero(const ClosestResult& r) {
  return !r.overlap && r.closestPoint == glm::vec3(0.0f) && r.distance == 0.0f && r.distanceSquared == 0.0f;
}
bool isZero(const SegmentTriangleHit& h) {
  return !h.overlap && h.tEnter == 0.0f && h.tExit == 0.0f && h.enterPoint == glm::vec3(0.0f) && h.u == 0.0f &&
         h.v == 0.0f && h.enterNormal == glm::vec3(0.0f);
}

// Every triangle test, in both orders, on shapes that overlap but for one non-finite number.
TEST(TriangleContracts, ANaNOrAnInfinityAnywhereMeansNoOverlapAndAZeroResult) {
  const float bad[3] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity()};
  const Triangle tri{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}};
  const Aabb box{{0, 0, 0}, {1, 1, 1}};
  const Obb obb{{0, 0, 0}, glm::mat3(1.0f), {1, 1, 1}};
  const Sphere sphere{{0, 0, 0}, 1};
  const Segment seg{{0, 0, -1}, {0, 0, 1}};
  ASSERT_TRUE(overlaps(box, tri) && overlaps(obb, tri) && overlaps(sphere, tri) && overlaps(seg, tri) &&
              overlaps(tri, tri));
  for (const float x : bad) {
    for (int k = 0; k < 9; ++k) {  // one coordinate of one vertex
      Triangle t = tri;
      (k < 3 ? t.a : k < 6 ? t.b : t.c)[k % 3] = x;
      SatTrace st;
      EXPECT_TRUE(isZero(satAabbTriangle(box, t, st, SatOptions{SatMode::Full})));
      EXPECT_TRUE(st.rows.empty());
      EXPECT_FALSE(st.overlap);
      EXPECT_TRUE(isZero(satObbTriangle(obb, t)));
      EXPECT_TRUE(isZero(satTriangleTriangle(t, tri)));
      EXPECT_TRUE(isZero(satTriangleTriangle(tri, t, st)));
      EXPECT_TRUE(st.rows.empty());
      ClosestTrace ct;
      EXPECT_TRUE(isZero(closestSphereTriangle(sphere, t, ct)));
      EXPECT_FALSE(ct.overlap);
      SegmentTriangleTrace gt;
      EXPECT_TRUE(isZero(segmentTriangle(seg, t, gt)));
      EXPECT_EQ(gt.decidedBy, "not finite");
      EXPECT_FALSE(overlaps(box, t) || overlaps(t, box) || overlaps(obb, t) || overlaps(t, obb) ||
                   overlaps(sphere, t) || overlaps(t, sphere) || overlaps(seg, t) || overlaps(t, seg) ||
                   overlaps(t, tri) || overlaps(tri, t) || overlaps(t, t));
    }
    for (int k = 0; k < 3; ++k) {  // the other shape
      Aabb b = box;
      b.half[k] = x;
      Obb o = obb;
      o.axes[k][(k + 1) % 3] = x;
      Sphere s = sphere;
      s.center[k] = x;
      Segment g = seg;
      g.p1[k] = x;
      EXPECT_TRUE(isZero(satAabbTriangle(b, tri)));
      EXPECT_TRUE(isZero(satObbTriangle(o, tri)));
      EXPECT_TRUE(isZero(closestSphereTriangle(s, tri)));
      EXPECT_TRUE(isZero(segmentTriangle(g, tri)));
      EXPECT_FALSE(overlaps(b, tri) || overlaps(tri, o) || overlaps(s, tri) || overlaps(tri, g));
    }
    EXPECT_FALSE(overlaps(Sphere{{0, 0, 0}, x}, tri));
  }
}

// Degenerate triangles (a point, on a line, two equal vertices), flat boxes, points for
// spheres and segments, at every scale from 1e-30 to 1e30: results without NaN, traces
// without NaN; up to 1e15 without infinity either (beyond, a squared distance may exceed a
// float, as Arvo's sum does).
TEST(TriangleContracts, DegenerateTinyAndHugeInputGivesNoNaN) {
  ShapeGen g(testing::propertySeed() + 501);
  for (const float scale : {1e-30f, 1e-20f, 1e-6f, 1.0f, 1e6f, 1e15f, 1e30f}) {
    for (int i = 0; i < 3000; ++i) {
      Triangle t = testing::triangle(g), t2 = testing::triangle(g);
      switch (i % 5) {  // more degenerate ones than the generator gives
        case 0: t.b = t.c = t.a; break;
        case 1: t.c = t.a + 2.0f * (t.b - t.a); break;
        case 2: t.c = t.b; break;
        default: break;
      }
      Aabb box = g.aabb();
      Obb obb = g.obb();
      Sphere s = g.sphere();
      Segment seg = g.segment();
      if (i % 7 == 0) {
        box.half.z = 0.0f;
        s.radius = 0.0f;
        seg.p1 = seg.p0;
      }
      for (glm::vec3* p : {&t.a, &t.b, &t.c, &t2.a, &t2.b, &t2.c, &box.center, &box.half, &obb.center, &obb.half,
                           &s.center, &seg.p0, &seg.p1}) {
        *p *= scale;
      }
      s.radius *= scale;
      const bool noInf = scale <= 1e15f;
      SatTrace st;
      const SatResult ra = satAabbTriangle(box, t, st, SatOptions{SatMode::Full});
      ASSERT_TRUE(finite(ra)) << scale << " " << i;
      ASSERT_TRUE(noNaN(st)) << scale << " " << i;
      const SatResult ro = satObbTriangle(obb, t, st, SatOptions{SatMode::Full});
      ASSERT_TRUE(finite(ro)) << scale << " " << i;
      ASSERT_TRUE(noNaN(st)) << scale << " " << i;
      const SatResult rt = satTriangleTriangle(t, t2, st, SatOptions{SatMode::Full});
      ASSERT_TRUE(finite(rt)) << scale << " " << i;
      ASSERT_TRUE(noNaN(st)) << scale << " " << i;
      ClosestTrace ct;
      const ClosestResult rs = closestSphereTriangle(s, t, ct);
      ASSERT_TRUE(noNaN(rs.closestPoint) && !std::isnan(rs.distance) && !std::isnan(rs.distanceSquared)) << scale;
      ASSERT_TRUE(noNaN(ct.triangle.closestPoint) && noNaN(ct.triangle.barycentric)) << scale;
      if (noInf) {
        ASSERT_TRUE(finite(rs)) << scale << " " << i;
      }
      SegmentTriangleTrace gt;
      const SegmentTriangleHit h = segmentTriangle(seg, t, gt);
      ASSERT_TRUE(finite(h)) << scale << " " << i;
      ASSERT_TRUE(!std::isnan(gt.det) && !std::isnan(gt.u) && !std::isnan(gt.v) && !std::isnan(gt.t)) << scale;
    }
  }
}

// The same shapes in other orders: the verdicts are the same, on grid inputs where the tests
// are exact, so no rounding can tell the orders apart.
TEST(TriangleContracts, OrderOfArgumentsVerticesAndEndsDoesNotChangeTheVerdict) {
  GridGen g(testing::propertySeed() + 502);
  for (int i = 0; i < 20000; ++i) {
    const int r = g.chance(0.7) ? 4 : 64;
    const exact::ITriangle it = g.triangle(r), it2 = g.triangle(r);
    const Triangle t = toFloat(it), t2 = toFloat(it2);
    const exact::IVec c = g.point(r), h{g.integer(0, r), g.integer(0, r), g.integer(0, r)};
    const Aabb box{toFloat(c), toFloat(h)};
    const int radius = g.integer(0, r);
    const Sphere s{toFloat(c), float(radius) * testing::kGrid};
    // A sphere exactly touching an edge or the face is decided to a rounding, which the
    // order may change (closest_triangle.hpp); exactly touching ones are left out.
    const exact::Rational d2 = exact::squaredDistance(c, it);
    const bool sphereTouches = d2.num == exact::Int(radius) * radius * d2.den;
    const exact::ISegment is = g.segment(r);
    const Segment seg = toFloat(is), back{seg.p1, seg.p0};
    const Triangle perms[6] = {t, {t.b, t.c, t.a}, {t.c, t.a, t.b}, {t.a, t.c, t.b}, {t.c, t.b, t.a}, {t.b, t.a, t.c}};
    const bool vBox = overlaps(box, t), vSphere = overlaps(s, t), vSeg = overlaps(seg, t), vTri = overlaps(t, t2);
    ASSERT_EQ(vTri, overlaps(t2, t)) << i;
    ASSERT_EQ(vSeg, overlaps(back, t)) << i;
    for (const Triangle& p : perms) {
      ASSERT_EQ(overlaps(box, p), vBox) << i;
      ASSERT_EQ(overlaps(p, box), vBox) << i;
      if (!sphereTouches) {
        ASSERT_EQ(overlaps(s, p), vSphere) << i;
      }
      ASSERT_EQ(overlaps(seg, p), vSeg) << i;
      ASSERT_EQ(overlaps(p, t2), vTri) << i;
      ASSERT_EQ(overlaps(t2, p), vTri) << i;
    }
    // The reversed segment runs the same part backwards.
    const SegmentTriangleHit fwd = segmentTriangle(seg, t), rev = segmentTriangle(back, t);
    ASSERT_EQ(fwd.overlap, rev.overlap) << i;
    if (fwd.overlap) {
      ASSERT_NEAR(fwd.tEnter, 1.0f - rev.tExit, 1e-3f) << i;
      ASSERT_NEAR(fwd.tExit, 1.0f - rev.tEnter, 1e-3f) << i;
    }
    // Triangle-triangle both ways: the same depth (the axes differ in name only).
    const SatResult ab = satTriangleTriangle(t, t2), ba = satTriangleTriangle(t2, t);
    if (ab.overlap && ab.penetration.valid()) {
      ASSERT_NEAR(ab.depth, ba.depth, 1e-5f) << i;
    }
  }
}

// Moving both shapes by a multiple of the grid, or scaling both by a power of two, keeps
// every number the tests form exact: the verdicts cannot change.
TEST(TriangleContracts, MovingOrScalingBothShapesExactlyDoesNotChangeTheVerdict) {
  GridGen g(testing::propertySeed() + 503);
  for (int i = 0; i < 10000; ++i) {
    const int r = g.chance(0.7) ? 4 : 64;
    const exact::ITriangle it = g.triangle(r);
    const Triangle t = toFloat(it), t2 = toFloat(g.triangle(r));
    const exact::IVec c = g.point(r), h{g.integer(0, r), g.integer(0, r), g.integer(0, r)};
    const Aabb box{toFloat(c), toFloat(h)};
    const Obb obb{box.center, glm::mat3(1.0f), box.half};
    const int radius = g.integer(0, r);
    const Sphere s{toFloat(c), float(radius) * testing::kGrid};
    const exact::Rational d2 = exact::squaredDistance(c, it);
    const bool sphereTouches = d2.num == exact::Int(radius) * radius * d2.den;  // as above
    const Segment seg = toFloat(g.segment(r));
    auto verdicts = [&](const Aabb& b, const Obb& o, const Sphere& sp, const Segment& sg, const Triangle& x,
                        const Triangle& y) {
      return std::string() + char('0' + overlaps(b, x)) + char('0' + overlaps(o, x)) +
             (sphereTouches ? '-' : char('0' + overlaps(sp, x))) + char('0' + overlaps(sg, x)) +
             char('0' + overlaps(x, y));
    };
    const std::string base = verdicts(box, obb, s, seg, t, t2);
    // Moved by up to 8 units: the segment-triangle contact tolerance grows with the
    // coordinates, and stays far below the grid's smallest gap in a plane (1e-4) up to there.
    const glm::vec3 by = toFloat(g.point(128));
    auto mv = [&](Triangle x) { return Triangle{x.a + by, x.b + by, x.c + by}; };
    ASSERT_EQ(verdicts(Aabb{box.center + by, box.half}, Obb{obb.center + by, obb.axes, obb.half},
                       Sphere{s.center + by, s.radius}, Segment{seg.p0 + by, seg.p1 + by}, mv(t), mv(t2)),
              base)
        << i;
    for (const float k : {2.0f, 1024.0f, 0x1p40f}) {
      auto sc = [&](Triangle x) { return Triangle{x.a * k, x.b * k, x.c * k}; };
      ASSERT_EQ(verdicts(Aabb{box.center * k, box.half * k}, Obb{obb.center * k, obb.axes, obb.half * k},
                         Sphere{s.center * k, s.radius * k}, Segment{seg.p0 * k, seg.p1 * k}, sc(t), sc(t2)),
                base)
          << i << " scale " << k;
    }
  }
}

}  // namespace
}  // namespace satlab
