// Between two frames (swept.hpp, advance.hpp): the times of impact against an independent
// reference, the GJK distance oracle (oracle_gjk.hpp, double precision, no SAT, slabs or
// quadratics), and the cases each test exists for.
//
// The reference: the shapes posed at time t are hulls; their distance d(t) is computed by
// GJK. For shapes moving straight d(t) is convex in t (the distance from a line to a convex
// set, the Minkowski difference), so its smallest value over the step is found by ternary
// search and the first contact by bisection before it. For turning shapes d(t) is sampled
// finely, then bisected. A pair counts as touching when its shapes shrunk by oracle::kBand
// still meet, as apart when they stay kBand of their size apart; the band between, grazing
// contacts, asks for no verdict.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <glm/gtc/quaternion.hpp>

#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

using oracle::Hull;
using HullAt = std::function<Hull(double)>;

Hull moved(Hull h, const glm::vec3& d, double t) {
  for (int i = 0; i < h.count; ++i) h.points[std::size_t(i)] += glm::dvec3(d) * t;
  return h;
}

Hull triangleHull(const Triangle& tri) {
  Hull h;
  h.count = 3;
  h.points[0] = glm::dvec3(tri.a);
  h.points[1] = glm::dvec3(tri.b);
  h.points[2] = glm::dvec3(tri.c);
  return h;
}

/// An OBB turned about its centre by the angle |w| t about w and moved by d t, by a
/// quaternion (not the core's Rodrigues matrix).
Hull turnedObb(const Obb& b, const StepMotion& m, double t) {
  const glm::dvec3 w(m.rotation);
  const double angle = glm::length(w) * t;
  const glm::dquat q = angle > 0.0 ? glm::angleAxis(angle, glm::normalize(w)) : glm::dquat(1.0, 0.0, 0.0, 0.0);
  Hull h;
  h.count = 8;
  const glm::dvec3 c = glm::dvec3(b.center) + glm::dvec3(m.displacement) * t;
  for (int i = 0; i < 8; ++i) {
    glm::dvec3 local(0.0);
    for (int k = 0; k < 3; ++k) local += ((i >> k) & 1 ? 1.0 : -1.0) * double(b.half[k]) * glm::dvec3(b.axes[k]);
    h.points[std::size_t(i)] = c + q * local;
  }
  return h;
}

struct Reference {
  bool robust = false;  ///< The shrunk shapes meet at some t: a contact no test may miss.
  bool apart = false;   ///< Apart by more than the band the whole step.
  double toi = -1.0;    ///< First contact (when robust or in the band and touching).
  double scale = 1.0;
};

double bisectFirstContact(const HullAt& a, const HullAt& b, double lo, double hi, double eps) {
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (oracle::distance(a(mid), b(mid)) <= eps ? hi : lo) = mid;
  }
  return hi;
}

/// The reference for shapes moving straight: d(t) convex.
Reference straightReference(const HullAt& a, const HullAt& b) {
  Reference ref;
  ref.scale = 1.0 + oracle::sizeOf(a(0.0)) + oracle::sizeOf(b(0.0));
  const double eps = 1e-12 * ref.scale;
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 80; ++i) {
    const double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
    if (oracle::distance(a(m1), b(m1)) < oracle::distance(a(m2), b(m2)))
      hi = m2;
    else
      lo = m1;
  }
  double best = 0.5 * (lo + hi);
  for (const double t : {0.0, 1.0})
    if (oracle::distance(a(t), b(t)) < oracle::distance(a(best), b(best))) best = t;
  const double dmin = oracle::distance(a(best), b(best));
  ref.apart = dmin > oracle::kBand * ref.scale;
  ref.robust = oracle::distance(oracle::shrunk(a(best), 1.0 - oracle::kBand),
                                oracle::shrunk(b(best), 1.0 - oracle::kBand)) <= eps;
  if (dmin <= eps) ref.toi = oracle::distance(a(0.0), b(0.0)) <= eps ? 0.0 : bisectFirstContact(a, b, 0.0, best, eps);
  return ref;
}

/// The reference for turning shapes: d(t) sampled at 4000 points, then bisected.
Reference sampledReference(const HullAt& a, const HullAt& b) {
  Reference ref;
  ref.scale = 1.0 + oracle::sizeOf(a(0.0)) + oracle::sizeOf(b(0.0));
  const double eps = 1e-12 * ref.scale;
  const int n = 4000;
  double dmin = 1e300;
  int bestK = 0;
  for (int k = 0; k <= n; ++k) {
    const double t = double(k) / n;
    const double d = oracle::distance(a(t), b(t));
    if (d < dmin) {
      dmin = d;
      bestK = k;
    }
    if (d <= eps) {
      ref.toi = k == 0 ? 0.0 : bisectFirstContact(a, b, double(k - 1) / n, t, eps);
      break;
    }
  }
  const double tb = double(bestK) / n;
  ref.apart = dmin > oracle::kBand * ref.scale;
  ref.robust =
      oracle::distance(oracle::shrunk(a(tb), 1.0 - oracle::kBand), oracle::shrunk(b(tb), 1.0 - oracle::kBand)) <= eps;
  return ref;
}

/// The checks every test's result gets against its reference.
void expectAgrees(const SweptHit& hit, const Reference& ref, const HullAt& a, const HullAt& b, double timeTolerance,
                  const std::string& what) {
  if (ref.robust) {
    ASSERT_TRUE(hit.hit) << what << ": missed a contact at t = " << ref.toi;
  }
  if (ref.apart) {
    ASSERT_FALSE(hit.hit) << what << ": a contact at t = " << hit.toi << " of shapes apart the whole step";
  }
  if (hit.hit) {
    EXPECT_GE(hit.toi, 0.0f) << what;
    EXPECT_LE(hit.toi, hit.tExit) << what;
    EXPECT_LE(hit.tExit, 1.0f) << what;
    // No false hit: at the reported time they touch (within float rounding of the inputs).
    EXPECT_LE(oracle::distance(a(hit.toi), b(hit.toi)), 1e-5 * ref.scale) << what << " toi " << hit.toi;
    if (ref.robust) {
      EXPECT_NEAR(hit.toi, ref.toi, timeTolerance) << what;
    }
    if (std::isfinite(hit.point.x) && hit.toi > 0.0f) {
      // The contact point is on both shapes at toi.
      const Hull p = oracle::hullOfPoint(hit.point);
      EXPECT_LE(oracle::distance(a(hit.toi), p), 1e-4 * ref.scale) << what;
      EXPECT_LE(oracle::distance(b(hit.toi), p), 1e-4 * ref.scale) << what;
      EXPECT_NEAR(glm::length(hit.normal), 1.0f, 1e-4f) << what;
    }
  }
}

glm::vec3 motion(testing::ShapeGen& g) { return g.point(3.0f); }

constexpr int kPairs = 400;
constexpr double kTime = 1e-5;

TEST(Swept, SatInTimeBoxesAgreeWithTheReference) {
  testing::ShapeGen g(testing::propertySeed());
  int hits = 0;
  for (int i = 0; i < kPairs; ++i) {
    const Obb a = g.obb(), b = g.obb();
    const glm::vec3 da = motion(g), db = motion(g);
    const HullAt ha = [&](double t) { return moved(oracle::hullOf(a), da, t); };
    const HullAt hb = [&](double t) { return moved(oracle::hullOf(b), db, t); };
    const SweptHit hit = sweptObbObb(a, da, b, db);
    expectAgrees(hit, straightReference(ha, hb), ha, hb, kTime, "OBB-OBB #" + std::to_string(i));
    hits += hit.hit;
    const Aabb c = g.aabb();
    const HullAt hc = [&](double t) { return moved(oracle::hullOf(c), da, t); };
    expectAgrees(sweptAabbObb(c, da, b, db), straightReference(hc, hb), hc, hb, kTime,
                 "AABB-OBB #" + std::to_string(i));
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(hits, kPairs / 10);
  EXPECT_LT(hits, kPairs * 9 / 10);
}

TEST(Swept, ASegmentAsAFlatBoxInTimeAgreesWithTheReference) {
  // A segment is a box of half extents (|d| / 2, 0, 0) along it: SAT in time over the 15 axes
  // of two boxes stays exact (the scene's segments go between frames this way).
  testing::ShapeGen g(testing::propertySeed() + 4);
  const auto flat = [](const Segment& s) {
    const glm::vec3 d = s.p1 - s.p0;
    const float length = glm::length(d);
    const glm::vec3 u = length > 0.0f ? d / length : glm::vec3(1, 0, 0);
    const glm::vec3 w = std::abs(u.x) < 0.5f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    const glm::vec3 v = glm::normalize(glm::cross(u, w));
    return Obb{0.5f * (s.p0 + s.p1), glm::mat3(u, v, glm::cross(u, v)), glm::vec3(0.5f * length, 0, 0)};
  };
  for (int i = 0; i < kPairs; ++i) {
    const Segment seg = g.segment(), other = g.segment();
    const Obb box = g.obb();
    const glm::vec3 ds = motion(g), db = motion(g);
    const HullAt hs = [&](double t) { return moved(oracle::hullOf(seg), ds, t); };
    const HullAt hb = [&](double t) { return moved(oracle::hullOf(box), db, t); };
    const HullAt ho = [&](double t) { return moved(oracle::hullOf(other), db, t); };
    expectAgrees(sweptObbObb(box, db, flat(seg), ds), straightReference(hb, hs), hb, hs, kTime,
                 "OBB-segment #" + std::to_string(i));
    expectAgrees(sweptObbObb(flat(seg), ds, flat(other), db), straightReference(hs, ho), hs, ho, kTime,
                 "segment-segment #" + std::to_string(i));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(Swept, AabbsInTimeAndAsARayAgreeWithTheReferenceAndEachOther) {
  testing::ShapeGen g(testing::propertySeed() + 1);
  for (int i = 0; i < kPairs; ++i) {
    const Aabb a = g.aabb(), b = g.aabb();
    const glm::vec3 da = motion(g), db = motion(g);
    const HullAt ha = [&](double t) { return moved(oracle::hullOf(a), da, t); };
    const HullAt hb = [&](double t) { return moved(oracle::hullOf(b), db, t); };
    const SweptHit sat = sweptAabbAabb(a, da, b, db);
    const SweptHit ray = sweptAabbAabbMinkowski(a, da, b, db);
    expectAgrees(sat, straightReference(ha, hb), ha, hb, kTime, "AABB-AABB #" + std::to_string(i));
    // The three slabs are the three axes: the same verdict, times, axis and normal (but
    // within the slab test's 1e-6 parallel tolerance).
    const glm::vec3 v = db - da;
    if (std::abs(v.x) >= 1e-5f && std::abs(v.y) >= 1e-5f && std::abs(v.z) >= 1e-5f) {
      ASSERT_EQ(sat.hit, ray.hit) << i;
      if (sat.hit) {
        EXPECT_NEAR(sat.toi, ray.toi, 1e-5f) << i;
        EXPECT_NEAR(sat.tExit, ray.tExit, 1e-5f) << i;
        EXPECT_EQ(sat.axis, ray.axis) << i;
        EXPECT_EQ(sat.normal, ray.normal) << i;
      }
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(Swept, MovingSpheresAgreeWithTheReference) {
  testing::ShapeGen g(testing::propertySeed() + 2);
  for (int i = 0; i < kPairs; ++i) {
    const Sphere s = g.sphere();
    const glm::vec3 ds = motion(g), db = motion(g);
    const HullAt hs = [&](double t) { return moved(oracle::hullOf(s), ds, t); };
    const Sphere o = g.sphere();
    const HullAt ho = [&](double t) { return moved(oracle::hullOf(o), db, t); };
    expectAgrees(sweptSphereSphere(s, ds, o, db), straightReference(hs, ho), hs, ho, kTime,
                 "sphere-sphere #" + std::to_string(i));
    const Aabb box = g.aabb();
    const HullAt hbox = [&](double t) { return moved(oracle::hullOf(box), db, t); };
    expectAgrees(sweptSphereAabb(s, ds, box, db), straightReference(hs, hbox), hs, hbox, kTime,
                 "sphere-AABB #" + std::to_string(i));
    const Obb obb = g.obb();
    const HullAt hobb = [&](double t) { return moved(oracle::hullOf(obb), db, t); };
    expectAgrees(sweptSphereObb(s, ds, obb, db), straightReference(hs, hobb), hs, hobb, kTime,
                 "sphere-OBB #" + std::to_string(i));
    Triangle tri{g.point(1.5f), g.point(1.5f), g.point(1.5f)};
    if (g.chance(0.05)) tri.c = 0.5f * (tri.a + tri.b);  // no area
    const HullAt htri = [&](double t) { return moved(triangleHull(tri), db, t); };
    expectAgrees(sweptSphereTriangle(s, ds, tri, db), straightReference(hs, htri), hs, htri, kTime,
                 "sphere-triangle #" + std::to_string(i));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(Swept, ConservativeAdvancementAgreesWithTheReference) {
  testing::ShapeGen g(testing::propertySeed() + 3);
  int hits = 0;
  for (int i = 0; i < 60; ++i) {
    const Obb a = g.obb(), b = g.obb();
    const StepMotion ma{motion(g), g.unitVector() * g.uniform(0.0f, 3.0f)};
    const StepMotion mb{motion(g), g.unitVector() * g.uniform(0.0f, 3.0f)};
    const HullAt ha = [&](double t) { return turnedObb(a, ma, t); };
    const HullAt hb = [&](double t) { return turnedObb(b, mb, t); };
    const SweptHit hit = advanceObbObb(a, ma, b, mb);
    hits += hit.hit;
    // Advancement stops within 1e-6 of the shapes' size of touching: its time is early by at
    // most the time they take to close that, which the sampled reference bounds loosely.
    expectAgrees(hit, sampledReference(ha, hb), ha, hb, 1e-4, "turning OBB-OBB #" + std::to_string(i));
    const Sphere s = g.sphere();
    const StepMotion ms{motion(g), glm::vec3(0.0f)};
    const HullAt hs = [&](double t) { return moved(oracle::hullOf(s), ms.displacement, t); };
    expectAgrees(advanceSphereObb(s, ms, b, mb), sampledReference(hs, hb), hs, hb, 1e-4,
                 "turning sphere-OBB #" + std::to_string(i));
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(hits, 5);
}

// ---- The cases each test exists for ---------------------------------------------------------

TEST(Swept, ACrateFallingThroughAThinFloorIsCaughtBetweenTheFrames) {
  const Aabb floor{{0, 0, 0}, {4, 4, 0.02f}};
  const Aabb crate{{0, 0, 3}, {0.5f, 0.5f, 0.5f}};
  const glm::vec3 fall{0, 0, -10};  // one step: from z = 3 to z = -7, apart at both ends
  EXPECT_FALSE(satAabbAabb(floor, crate).overlap);
  EXPECT_FALSE(satAabbAabb(floor, Aabb{crate.center + fall, crate.half}).overlap);
  SweptSatTrace trace;
  const SweptHit hit = sweptAabbAabb(floor, glm::vec3(0.0f), crate, fall, trace, SatOptions{SatMode::Full});
  ASSERT_TRUE(hit.hit);
  // The crate's bottom (2.5) meets the floor's top (0.02) after falling 2.48 of 10.
  EXPECT_NEAR(hit.toi, 0.248f, 1e-6f);
  EXPECT_NEAR(hit.tExit, 0.352f, 1e-6f);  // its top (3.5) leaves the floor's bottom (-0.02)
  EXPECT_EQ(label(hit.axis), "A2");
  EXPECT_EQ(hit.normal, glm::vec3(0, 0, 1));
  EXPECT_NEAR(hit.point.z, 0.02f, 1e-6f);
  // The trace: three axes; X and Y overlap the whole step (parallel), Z decides.
  ASSERT_EQ(trace.rows.size(), 3u);
  EXPECT_TRUE(trace.rows[0].parallel);
  EXPECT_TRUE(trace.rows[1].parallel);
  EXPECT_EQ(trace.decidingRow, 2);
  EXPECT_NEAR(trace.rows[2].t1, 0.248f, 1e-6f);
  // The same as a ray against the Minkowski sum.
  SlabTrace slabs;
  const SweptHit ray = sweptAabbAabbMinkowski(floor, glm::vec3(0.0f), crate, fall, slabs);
  EXPECT_NEAR(ray.toi, hit.toi, 1e-6f);
  EXPECT_EQ(ray.normal, hit.normal);
  ASSERT_EQ(slabs.rows.size(), 3u);
  EXPECT_FLOAT_EQ(slabs.rows[2].hi, 0.52f);  // the sum's half height: 0.02 + 0.5
}

TEST(Swept, TheLatestEntryDecidesAndAnAxisOutsideTheStepSeparates) {
  // B comes in diagonally: it enters A's X slab at t = 0.25 and its Y slab at 0.5.
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  const Aabb b{{3, 4, 0}, {1, 1, 1}};
  SweptSatTrace trace;
  const SweptHit hit = sweptAabbAabb(a, glm::vec3(0.0f), b, {-4, -4, 0}, trace, SatOptions{SatMode::Full});
  ASSERT_TRUE(hit.hit);
  EXPECT_FLOAT_EQ(trace.rows[0].t1, 0.25f);
  EXPECT_FLOAT_EQ(trace.rows[1].t1, 0.5f);
  EXPECT_FLOAT_EQ(hit.toi, 0.5f);
  EXPECT_EQ(label(hit.axis), "A1");
  EXPECT_EQ(hit.normal, glm::vec3(0, 1, 0));
  // Slower, it reaches the Y slab only after the step: Y rejects.
  SweptSatTrace slow;
  EXPECT_FALSE(sweptAabbAabb(a, glm::vec3(0.0f), b, {-1.5f, -1.5f, 0}, slow, SatOptions{SatMode::Full}).hit);
  EXPECT_EQ(slow.rejectingRow, 1);
  EXPECT_EQ(slow.rows.size(), 3u);
}

TEST(Swept, TracedEqualsUntraced) {
  testing::ShapeGen g(7);
  for (int i = 0; i < 200; ++i) {
    const Obb a = g.obb(), b = g.obb();
    const Sphere s = g.sphere();
    const glm::vec3 da = motion(g), db = motion(g);
    const Triangle tri{g.point(1.5f), g.point(1.5f), g.point(1.5f)};
    auto same = [&](const SweptHit& x, const SweptHit& y) {
      EXPECT_EQ(x.hit, y.hit);
      EXPECT_EQ(x.toi, y.toi);
      EXPECT_EQ(x.tExit, y.tExit);
      EXPECT_EQ(x.normal, y.normal);
      EXPECT_EQ(x.point, y.point);
      EXPECT_EQ(x.axis, y.axis);
    };
    SweptSatTrace st;
    same(sweptObbObb(a, da, b, db, st), sweptObbObb(a, da, b, db));
    EXPECT_EQ(st.hit, sweptObbObb(a, da, b, db).hit);
    SweptSphereBoxTrace bt;
    same(sweptSphereObb(s, da, b, db, bt), sweptSphereObb(s, da, b, db));
    SweptSphereTriangleTrace tt;
    same(sweptSphereTriangle(s, da, tri, db, tt), sweptSphereTriangle(s, da, tri, db));
    AdvanceTrace at;
    const StepMotion ma{da, g.unitVector()}, mb{db, glm::vec3(0.0f)};
    same(advanceObbObb(a, ma, b, mb, at), advanceObbObb(a, ma, b, mb));
    EXPECT_EQ(at.hit, advanceObbObb(a, ma, b, mb).hit);
  }
}

TEST(Swept, ASphereMissesTheCornerItsGrownBoxWouldCatch) {
  const Aabb box{{0, 0, 0}, {1, 1, 1}};
  // The centre passes 0.566 from the box's edge at x = y = 1: inside the box grown by 0.5
  // (square), outside the rounded one.
  const Sphere s{{1.4f, 1.4f, -5}, 0.5f};
  SweptSphereBoxTrace trace;
  EXPECT_FALSE(sweptSphereAabb(s, {0, 0, 10}, box, glm::vec3(0.0f), trace).hit);
  EXPECT_FALSE(trace.hit);
  EXPECT_GE(trace.rows.size(), 3u);  // below the box, beside it, above it
  // Nearer, it touches the rounded edge, not a face.
  const Sphere near{{1.3f, 1.3f, -5}, 0.5f};
  const SweptHit hit = sweptSphereAabb(near, {0, 0, 10}, box, glm::vec3(0.0f));
  ASSERT_TRUE(hit.hit);
  // It first touches the box's bottom corner edge region: the point is on the edge x = y = 1.
  EXPECT_NEAR(hit.point.x, 1.0f, 1e-6f);
  EXPECT_NEAR(hit.point.y, 1.0f, 1e-6f);
  // Diagonally onto a corner: |c - (1, 1, 1)| = 0.5 when sqrt(3) (2 - s) = 0.5.
  const Sphere diag{{3, 3, 3}, 0.5f};
  const SweptHit corner = sweptSphereAabb(diag, {-4, -4, -4}, box, glm::vec3(0.0f));
  ASSERT_TRUE(corner.hit);
  EXPECT_NEAR(corner.toi, (2.0 - 0.5 / std::sqrt(3.0)) / 4.0, 1e-6);
  EXPECT_NEAR(corner.point.x, 1.0f, 1e-6f);
  EXPECT_NEAR(corner.normal.x, -1.0f / std::sqrt(3.0f), 1e-6f);
}

TEST(Swept, ASphereThroughATriangleTouchesItsFaceEdgeOrCorner) {
  const Triangle tri{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  SweptSphereTriangleTrace trace;
  // Straight down through the face: the plane at 0.25 above it at t = (1 - 0.25) / 2.
  SweptHit hit = sweptSphereTriangle(Sphere{{0.5f, 0.5f, 1}, 0.25f}, {0, 0, -2}, tri, glm::vec3(0.0f), trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_NEAR(hit.toi, 0.375f, 1e-6f);
  EXPECT_EQ(label(trace.rows[std::size_t(trace.firstRow)].feature), "face");
  EXPECT_EQ(hit.normal, glm::vec3(0, 0, -1));
  // Down beside the hypotenuse, 0.2 from it: its edge, at the height where |(dx, dz)| = r.
  const float off = 0.2f / std::sqrt(2.0f);
  hit = sweptSphereTriangle(Sphere{{1 + off, 1 + off, 1}, 0.25f}, {0, 0, -2}, tri, glm::vec3(0.0f), trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(label(trace.rows[std::size_t(trace.firstRow)].feature), "bc");
  EXPECT_NEAR(hit.toi, (1.0 - std::sqrt(0.25 * 0.25 - 0.2 * 0.2)) / 2.0, 1e-6);
  // Past corner a, 0.42 from it: a miss (r 0.25).
  EXPECT_FALSE(sweptSphereTriangle(Sphere{{-0.3f, -0.3f, 1}, 0.25f}, {0, 0, -2}, tri, glm::vec3(0.0f)).hit);
  // The triangle moves instead: the same time.
  hit = sweptSphereTriangle(Sphere{{0.5f, 0.5f, 1}, 0.25f}, glm::vec3(0.0f), tri, {0, 0, 2});
  EXPECT_NEAR(hit.toi, 0.375f, 1e-6f);
  EXPECT_NEAR(hit.point.z, 0.75f, 1e-6f);
}

TEST(Swept, TwoSpheresMeetWhereTheirCentresAreRadiiApart) {
  // Head on: centres 10 apart, closing 20 a step, radii 1 + 2: t = (10 - 3) / 20.
  const SweptHit hit = sweptSphereSphere(Sphere{{0, 0, 0}, 1}, {10, 0, 0}, Sphere{{10, 0, 0}, 2}, {-10, 0, 0});
  ASSERT_TRUE(hit.hit);
  EXPECT_NEAR(hit.toi, 0.35f, 1e-6f);
  EXPECT_NEAR(hit.point.x, 4.5f, 1e-5f);  // A at 3.5, its surface towards B
  EXPECT_EQ(hit.normal, glm::vec3(1, 0, 0));
  // Touching at the start: toi 0 and no normal.
  const SweptHit start = sweptSphereSphere(Sphere{{0, 0, 0}, 1}, {1, 0, 0}, Sphere{{1, 0, 0}, 1}, glm::vec3(0.0f));
  EXPECT_TRUE(start.hit);
  EXPECT_EQ(start.toi, 0.0f);
  EXPECT_EQ(start.normal, glm::vec3(0.0f));
}

TEST(Swept, ASpinningBarPassesAWallThatOnlyAdvancementCatches) {
  // A bar 4 long turns a quarter turn about its centre in one step; a thin wall stands where
  // its tip sweeps. At both frames they are apart, and the bar does not move: a sweep of its
  // translation sees nothing.
  const Obb bar{{0, 0, 0}, glm::mat3(1.0f), {2, 0.1f, 0.1f}};
  const Obb wall{{1.51f, 1.0f, 0}, glm::mat3(1.0f), {0.01f, 0.5f, 1}};
  const StepMotion spin{glm::vec3(0.0f), {0, 0, 1.5707963f}};
  const StepMotion still{};
  EXPECT_FALSE(satObbObb(bar, wall).overlap);
  EXPECT_FALSE(sweptObbObb(bar, glm::vec3(0.0f), wall, glm::vec3(0.0f)).hit);
  AdvanceTrace trace;
  const SweptHit hit = advanceObbObb(bar, spin, wall, still, trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_FALSE(trace.exhausted);
  EXPECT_GT(trace.rows.size(), 2u);
  for (std::size_t k = 1; k < trace.rows.size(); ++k) {
    EXPECT_GT(trace.rows[k].t, trace.rows[k - 1].t);
    EXPECT_FLOAT_EQ(trace.rows[k].t, trace.rows[k - 1].t + trace.rows[k - 1].step);
  }
  const HullAt ha = [&](double t) { return turnedObb(bar, spin, t); };
  const HullAt hb = [&](double t) { return turnedObb(wall, still, t); };
  const Reference ref = sampledReference(ha, hb);
  ASSERT_TRUE(ref.robust);
  EXPECT_NEAR(hit.toi, ref.toi, 1e-5);
  EXPECT_LE(hit.toi, ref.toi);  // never after the contact
}

TEST(Swept, AdvancementKeepsItsDirectionAtATouchWithoutOne) {
  // A point (a sphere of radius 0) runs into a box a millionth wide that turns: it touches
  // where it is on the box, at distance 0, which names no direction; the normal is the one it
  // came from. (Found by the pair fuzz target.)
  const Sphere point{{-1, 0, 0}, 0.0f};
  const Obb speck{{0, 0, 0}, glm::mat3(1.0f), {1e-6f, 1e-6f, 1e-6f}};
  const SweptHit hit = advanceSphereObb(point, StepMotion{{2, 0, 0}, {}}, speck, StepMotion{{}, {0, 0, 1}});
  ASSERT_TRUE(hit.hit);
  EXPECT_NEAR(hit.toi, 0.5f, 1e-5f);
  // Unit, towards the box: the face it meets, turned half a radian by then.
  EXPECT_NEAR(glm::length(hit.normal), 1.0f, 1e-4f);
  EXPECT_GT(hit.normal.x, 0.85f);
  // A bar 6 long turning 1.35 radians a step, 0.001 from a point it closes in on at 0.002 a
  // step: the iterations run out, and the contact reported (the safe side) has a normal.
  AdvanceTrace trace;
  const Obb bar{{0, 0, 0.001f}, glm::mat3(1.0f), {3, 0, 0}};
  const Obb dot{{0, 0, 0}, glm::mat3(1.0f), {0, 0, 0}};
  const SweptHit slow = advanceObbObb(bar, StepMotion{{0, 0, -0.002f}, {0.3f, 1.1f, -0.7f}}, dot, StepMotion{}, trace);
  ASSERT_TRUE(slow.hit);
  EXPECT_NEAR(glm::length(slow.normal), 1.0f, 1e-4f);
}

TEST(Swept, NoMotionIsTheStaticVerdict) {
  testing::ShapeGen g(11);
  for (int i = 0; i < 200; ++i) {
    const Obb a = g.obb(), b = g.obb();
    const Sphere s = g.sphere();
    const glm::vec3 zero(0.0f);
    EXPECT_EQ(sweptObbObb(a, zero, b, zero).hit, satObbObb(a, b, SatOptions{SatMode::EarlyExit, 0.0f}).overlap) << i;
    EXPECT_EQ(sweptSphereObb(s, zero, b, zero).hit, closestSphereObb(s, b).overlap) << i;
    EXPECT_EQ(advanceSphereObb(s, StepMotion{}, b, StepMotion{}).hit, closestSphereObb(s, b).overlap) << i;
  }
}

// ---- Turning capsules ------------------------------------------------------------------------

/// A capsule turned about its midpoint by |w| t about w and moved by d t, by a quaternion:
/// the hull of its two core ends, grown by its radius.
Hull turnedCapsule(const Capsule& c, const StepMotion& m, double t) {
  const glm::dvec3 w(m.rotation);
  const double angle = glm::length(w) * t;
  const glm::dquat q = angle > 0.0 ? glm::angleAxis(angle, glm::normalize(w)) : glm::dquat(1.0, 0.0, 0.0, 0.0);
  const glm::dvec3 mid = 0.5 * (glm::dvec3(c.p0) + glm::dvec3(c.p1)) + glm::dvec3(m.displacement) * t;
  const glm::dvec3 half = q * (0.5 * (glm::dvec3(c.p1) - glm::dvec3(c.p0)));
  Hull h;
  h.count = 2;
  h.points[0] = mid - half;
  h.points[1] = mid + half;
  h.radius = c.radius;
  return h;
}

Capsule randomCapsule(testing::ShapeGen& g) {
  const glm::vec3 p0 = g.point(1.5f);
  return Capsule{p0, p0 + g.unitVector() * g.uniform(0.0f, 2.0f), g.uniform(0.0f, 0.6f)};
}

TEST(Swept, ConservativeAdvancementOfCapsulesAgreesWithTheReference) {
  testing::ShapeGen g(testing::propertySeed() + 5);
  int hits = 0, misses = 0;
  for (int i = 0; i < 60; ++i) {
    const Capsule a = randomCapsule(g), b = randomCapsule(g);
    const StepMotion ma{motion(g), g.unitVector() * g.uniform(0.0f, 3.0f)};
    const StepMotion mb{motion(g), g.unitVector() * g.uniform(0.0f, 3.0f)};
    const HullAt ha = [&](double t) { return turnedCapsule(a, ma, t); };
    const HullAt hb = [&](double t) { return turnedCapsule(b, mb, t); };
    const SweptHit hit = advanceCapsuleCapsule(a, ma, b, mb);
    (hit.hit ? hits : misses) += 1;
    expectAgrees(hit, sampledReference(ha, hb), ha, hb, 1e-4, "turning capsule-capsule #" + std::to_string(i));
    const Sphere s = g.sphere();
    const StepMotion ms{motion(g), glm::vec3(0.0f)};
    const HullAt hs = [&](double t) { return moved(oracle::hullOf(s), ms.displacement, t); };
    expectAgrees(advanceCapsuleSphere(a, ma, s, ms), sampledReference(ha, hs), ha, hs, 1e-4,
                 "turning capsule-sphere #" + std::to_string(i));
    const Obb box = g.obb();
    const HullAt hbox = [&](double t) { return turnedObb(box, mb, t); };
    expectAgrees(advanceCapsuleObb(a, ma, box, mb), sampledReference(ha, hbox), ha, hbox, 1e-4,
                 "turning capsule-OBB #" + std::to_string(i));
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(hits, 5);
  EXPECT_GT(misses, 5);
}

TEST(Swept, ACapsuleSwungPastAThinWallIsCaught) {
  // A character's capsule, lying along X, swings a quarter turn about its midpoint; a thin
  // wall stands where its end sweeps. Apart at both frames, it touches between them.
  const Capsule arm{{-2, 0, 0}, {2, 0, 0}, 0.1f};
  const Obb wall{{1.45f, 1.0f, 0}, glm::mat3(1.0f), {0.01f, 0.3f, 1}};
  const StepMotion spin{glm::vec3(0.0f), {0, 0, 1.5707963f}};
  EXPECT_FALSE(capsuleObb(arm, wall).overlap);
  EXPECT_FALSE(capsuleObb(detail::capsuleAt(arm, spin, 1.0), wall).overlap);
  AdvanceTrace trace;
  const SweptHit hit = advanceCapsuleObb(arm, spin, wall, StepMotion{}, trace);
  ASSERT_TRUE(hit.hit);
  EXPECT_EQ(trace.test, TestId::AdvanceCapsuleObb);
  EXPECT_GT(trace.rows.size(), 2u);
  const HullAt ha = [&](double t) { return turnedCapsule(arm, spin, t); };
  const HullAt hb = [&](double t) { return turnedObb(wall, StepMotion{}, t); };
  const Reference ref = sampledReference(ha, hb);
  ASSERT_TRUE(ref.robust);
  EXPECT_NEAR(hit.toi, ref.toi, 1e-5);
  EXPECT_LE(hit.toi, ref.toi);
  // Traced equals untraced, and without motion it is the static verdict.
  const SweptHit plain = advanceCapsuleObb(arm, spin, wall, StepMotion{});
  EXPECT_EQ(plain.toi, hit.toi);
  EXPECT_EQ(plain.point, hit.point);
  testing::ShapeGen g(13);
  for (int i = 0; i < 200; ++i) {
    const Capsule a = randomCapsule(g), b = randomCapsule(g);
    const Sphere s = g.sphere();
    const Obb box = g.obb();
    EXPECT_EQ(advanceCapsuleCapsule(a, StepMotion{}, b, StepMotion{}).hit, capsuleCapsule(a, b).overlap) << i;
    EXPECT_EQ(advanceCapsuleSphere(a, StepMotion{}, s, StepMotion{}).hit, capsuleSphere(a, s).overlap) << i;
    EXPECT_EQ(advanceCapsuleObb(a, StepMotion{}, box, StepMotion{}).hit, capsuleObb(a, box).overlap) << i;
  }
}

}  // namespace
}  // namespace satlab
