// Property tests for the 2D tests: 100,000 random pairs per test against an independent
// oracle written here in double precision (polygon vertex containment + edge crossing by
// orientation predicates; point-to-polygon distance; a quadratic for circle vs segment).
//
// Seed: SATLAB_PROPERTY_SEED in the environment, else a fixed default; it is printed.
// Band: a pair counts as "near touching" when the oracle's verdict changes between the
// shapes grown and shrunk by kBand (scene units; coordinates lie within about +-10, so
// float rounding is far below it). Disagreements are allowed only inside that band, and
// the band must stay a small fraction of the cases.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "axis_index.hpp"
#include "satlab/collide/collide2d.hpp"

namespace satlab {
namespace {

constexpr int kPairs = 100000;
constexpr double kBand = 1e-4;
constexpr double kPi = 3.14159265358979323846;

std::uint64_t propertySeed() {
  static const std::uint64_t seed = [] {
    std::uint64_t s = 20261129u;
    if (const char* env = std::getenv("SATLAB_PROPERTY_SEED")) s = std::strtoull(env, nullptr, 10);
    std::cout << "[ property ] SATLAB_PROPERTY_SEED=" << s << std::endl;
    return s;
  }();
  return seed;
}

// One generator per test, seeded from the run seed and the test's name, so each test is
// reproducible on its own.
class Gen {
 public:
  explicit Gen(const std::string& name) : rng_(propertySeed() ^ std::hash<std::string>{}(name)) {
    ::testing::Test::RecordProperty("property_seed", std::to_string(propertySeed()));
  }
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  bool chance(double p) { return uniform(0.0, 1.0) < p; }

  float coord() { return static_cast<float>(uniform(-5.0, 5.0)); }
  float extent() { return chance(0.08) ? 0.0f : static_cast<float>(uniform(0.0, 3.0)); }
  glm::vec2 point() { return {coord(), coord()}; }
  glm::vec2 half() { return {extent(), extent()}; }
  glm::vec2 rotation() {
    if (chance(0.1)) {  // exact quarter turns and eighth turns
      const int k = static_cast<int>(uniform(0.0, 8.0));
      if (k % 2 == 0) {
        const float c[4] = {1, 0, -1, 0}, s[4] = {0, 1, 0, -1};
        return {c[k / 2], s[k / 2]};
      }
      const double a = k * kPi / 4;
      return {static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))};
    }
    const double a = uniform(-kPi, kPi);
    return {static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))};
  }
  Rect2 rect() { return Rect2{point(), half()}; }
  OrientedRect2 orientedRect() { return OrientedRect2{point(), rotation(), half()}; }
  Circle2 circle() { return Circle2{point(), chance(0.05) ? 0.0f : static_cast<float>(uniform(0.0, 3.0))}; }
  Segment2 segment() {
    const glm::vec2 p0 = point();
    if (chance(0.03)) return Segment2{p0, p0};
    glm::vec2 p1 = point();
    if (chance(0.05)) p1.x = p0.x;  // exactly parallel to a slab
    if (chance(0.05)) p1.y = p0.y;
    return Segment2{p0, p1};
  }

 private:
  std::mt19937_64 rng_;
};

// ---- the oracle, in double -------------------------------------------------------------

struct V {
  double x, y;
};
V operator-(V a, V b) { return {a.x - b.x, a.y - b.y}; }
V operator+(V a, V b) { return {a.x + b.x, a.y + b.y}; }
V operator*(double s, V a) { return {s * a.x, s * a.y}; }
double dot(V a, V b) { return a.x * b.x + a.y * b.y; }
double cross(V a, V b) { return a.x * b.y - a.y * b.x; }
V toV(glm::vec2 v) { return {v.x, v.y}; }

// A rectangle as 4 CCW corners (possibly coincident when an extent is 0).
struct Quad {
  V c[4];
};

Quad quadOf(V center, V u0, V u1, double hx, double hy) {
  return Quad{
      {center - hx * u0 - hy * u1, center + hx * u0 - hy * u1, center + hx * u0 + hy * u1, center - hx * u0 + hy * u1}};
}
// The oracle reads the same normalised axes the shapes define (OrientedRect2::axis0()).
Quad quadOf(const Rect2& r, double grow = 0) {
  return quadOf(toV(r.center), {1, 0}, {0, 1}, std::max(0.0, r.half.x + grow), std::max(0.0, r.half.y + grow));
}
Quad quadOf(const OrientedRect2& r, double grow = 0) {
  const glm::vec2 u = r.axis0();
  return quadOf(toV(r.center), toV(u), {-static_cast<double>(u.y), u.x}, std::max(0.0, r.half.x + grow),
                std::max(0.0, r.half.y + grow));
}

int sign(double v) { return v > 0 ? 1 : (v < 0 ? -1 : 0); }
int orient(V a, V b, V c) { return sign(cross(b - a, c - a)); }
bool onSegmentBox(V a, V b, V p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}
// Closed segments ab and cd share a point (orientation predicates, collinear cases).
bool segmentsMeet(V a, V b, V c, V d) {
  const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  if (o1 == 0 && onSegmentBox(a, b, c)) return true;
  if (o2 == 0 && onSegmentBox(a, b, d)) return true;
  if (o3 == 0 && onSegmentBox(c, d, a)) return true;
  if (o4 == 0 && onSegmentBox(c, d, b)) return true;
  return false;
}
// Point in a closed, non-degenerate CCW quad: on the left of (or on) every edge.
bool quadIsDegenerate(const Quad& q) { return std::fabs(cross(q.c[1] - q.c[0], q.c[3] - q.c[0])) == 0.0; }
bool pointInQuad(V p, const Quad& q) {
  if (quadIsDegenerate(q)) {  // a segment or a point: on one of its edges
    for (int i = 0; i < 4; ++i) {
      if (orient(q.c[i], q.c[(i + 1) % 4], p) == 0 && onSegmentBox(q.c[i], q.c[(i + 1) % 4], p)) return true;
    }
    return false;
  }
  for (int i = 0; i < 4; ++i) {
    if (cross(q.c[(i + 1) % 4] - q.c[i], p - q.c[i]) < 0) return false;
  }
  return true;
}
bool quadsMeet(const Quad& a, const Quad& b) {
  for (const V& p : a.c)
    if (pointInQuad(p, b)) return true;
  for (const V& p : b.c)
    if (pointInQuad(p, a)) return true;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (segmentsMeet(a.c[i], a.c[(i + 1) % 4], b.c[j], b.c[(j + 1) % 4])) return true;
  return false;
}
bool segmentMeetsQuad(V p0, V p1, const Quad& q) {
  if (pointInQuad(p0, q) || pointInQuad(p1, q)) return true;
  for (int i = 0; i < 4; ++i)
    if (segmentsMeet(p0, p1, q.c[i], q.c[(i + 1) % 4])) return true;
  return false;
}
double pointSegmentDistance(V p, V a, V b) {
  const V d = b - a;
  const double dd = dot(d, d);
  double t = dd > 0 ? dot(p - a, d) / dd : 0.0;
  t = std::min(1.0, std::max(0.0, t));
  const V off = p - (a + t * d);
  return std::sqrt(dot(off, off));
}
double pointQuadDistance(V p, const Quad& q) {
  if (pointInQuad(p, q)) return 0.0;
  double best = 1e300;
  for (int i = 0; i < 4; ++i) best = std::min(best, pointSegmentDistance(p, q.c[i], q.c[(i + 1) % 4]));
  return best;
}

// Verdict with a band: 1 = robust overlap, 0 = robust separation, -1 = near touching.
template <class F>
int banded(F meetsWithGrowth) {
  const bool grown = meetsWithGrowth(kBand);
  const bool shrunk = meetsWithGrowth(-kBand);
  if (grown != shrunk) return -1;
  return shrunk ? 1 : 0;
}

struct Tally {
  int agree = 0;
  int inBand = 0;
  void check(int expected, bool got, const std::string& what, int i) {
    if (expected < 0) {
      ++inBand;
      return;
    }
    ++agree;
    ASSERT_EQ(expected == 1, got) << what << " disagrees with the oracle at pair " << i << " (seed " << propertySeed()
                                  << ")";
  }
  void finish() const {
    std::cout << "[ property ] " << agree << " decided, " << inBand << " near touching (band " << kBand << ")"
              << std::endl;
    EXPECT_LT(inBand, kPairs / 100) << "too many near-touching cases to be meaningful";
    EXPECT_GT(agree, kPairs * 99 / 100);
  }
};

void expectSameSat(const SatResult& a, const SatResult& b) {
  ASSERT_EQ(a.overlap, b.overlap);
  ASSERT_EQ(test::rectAxisIndex(a.separating), test::rectAxisIndex(b.separating));
  ASSERT_EQ(std::string(label(a.separating)), std::string(label(b.separating)));
  ASSERT_EQ(a.separatingAxis, b.separatingAxis);
  ASSERT_EQ(a.gap, b.gap);
  ASSERT_EQ(test::rectAxisIndex(a.penetration), test::rectAxisIndex(b.penetration));
  ASSERT_EQ(std::string(label(a.penetration)), std::string(label(b.penetration)));
  ASSERT_EQ(a.penetrationAxis, b.penetrationAxis);
  ASSERT_EQ(a.depth, b.depth);
}

// The traced versions (early exit and full) must agree bit for bit with the plain one, and
// the trace must tell the same story.
template <class F>
void checkTraced(const SatResult& plain, F run) {
  SatTrace early;
  expectSameSat(run(early, SatOptions{}), plain);
  SatTrace full;
  expectSameSat(run(full, SatOptions{SatMode::Full}), plain);
  ASSERT_EQ(early.stopRow, full.stopRow);
  ASSERT_EQ(early.separatingRow, full.separatingRow);
  ASSERT_EQ(early.overlap, plain.overlap);
  ASSERT_EQ(early.rows.size(), static_cast<std::size_t>(early.stopRow + 1));
  if (plain.overlap) {
    ASSERT_EQ(early.separatingRow, -1);
    ASSERT_EQ(early.rows.size(), full.rows.size());
  } else {
    ASSERT_EQ(early.separatingRow, test::rectAxisIndex(plain.separating));
    ASSERT_TRUE(early.rows.back().separating);
    ASSERT_EQ(std::string(label(early.rows.back().id)), std::string(label(plain.separating)));
  }
}

// For an overlapping result, B moved by (depth + band) along the axis must be clear of A,
// and moved by (depth - band) must still touch it (the axis is the minimum translation).
template <class QA, class QB>
void checkPenetration(const SatResult& r, const QA& qa, QB quadBMoved, int i) {
  if (!r.overlap) return;
  const V axis = toV(r.penetrationAxis);
  const double d = r.depth;
  ASSERT_FALSE(quadsMeet(qa, quadBMoved((d + 10 * kBand) * axis))) << "pair " << i;
  if (d > 10 * kBand) {
    ASSERT_TRUE(quadsMeet(qa, quadBMoved((d - 10 * kBand) * axis))) << "pair " << i;
  }
}

Quad shifted(Quad q, V by) {
  for (V& c : q.c) c = c + by;
  return q;
}

TEST(Property2Sat, RectRectAgreesWithPolygonOracle) {
  Gen gen("RectRect");
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const Rect2 a = gen.rect(), b = gen.rect();
    const SatResult r = satRectRect(a, b);
    tally.check(banded([&](double g) { return quadsMeet(quadOf(a, g), quadOf(b, g)); }), r.overlap, "rect/rect", i);
    if (i % 10 == 0) checkTraced(r, [&](SatTrace& t, const SatOptions& o) { return satRectRect(a, b, t, o); });
    checkPenetration(
        r, quadOf(a), [&](V by) { return shifted(quadOf(b), by); }, i);
    if (HasFatalFailure()) return;
  }
  tally.finish();
}

TEST(Property2Sat, RectOrientedRectAgreesWithPolygonOracle) {
  Gen gen("RectOriented");
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const Rect2 a = gen.rect();
    const OrientedRect2 b = gen.orientedRect();
    const SatResult r = satRectOrientedRect(a, b);
    tally.check(banded([&](double g) { return quadsMeet(quadOf(a, g), quadOf(b, g)); }), r.overlap, "rect/oriented", i);
    if (i % 10 == 0) checkTraced(r, [&](SatTrace& t, const SatOptions& o) { return satRectOrientedRect(a, b, t, o); });
    checkPenetration(
        r, quadOf(a), [&](V by) { return shifted(quadOf(b), by); }, i);
    if (HasFatalFailure()) return;
  }
  tally.finish();
}

TEST(Property2Sat, OrientedOrientedAgreesWithPolygonOracle) {
  Gen gen("OrientedOriented");
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const OrientedRect2 a = gen.orientedRect(), b = gen.orientedRect();
    const SatResult r = satOrientedRectOrientedRect(a, b);
    tally.check(banded([&](double g) { return quadsMeet(quadOf(a, g), quadOf(b, g)); }), r.overlap, "oriented/oriented",
                i);
    if (i % 10 == 0)
      checkTraced(r, [&](SatTrace& t, const SatOptions& o) { return satOrientedRectOrientedRect(a, b, t, o); });
    checkPenetration(
        r, quadOf(a), [&](V by) { return shifted(quadOf(b), by); }, i);
    if (HasFatalFailure()) return;
  }
  tally.finish();
}

// Slab results: hit agrees with the oracle; on a hit the entry and exit points lie in the
// (grown) rect, the interval is ordered inside [0, 1], a named side faces against the
// motion, and just before the entry / after the exit the segment is outside.
template <class Shape, class F, class FT>
void slabProperty(const char* name, Shape (Gen::*make)(), F run, FT runTraced) {
  Gen gen(name);
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const Shape r = (gen.*make)();
    const Segment2 s = gen.segment();
    const SegmentHit h = run(s, r);
    const V p0 = toV(s.p0), p1 = toV(s.p1);
    tally.check(banded([&](double g) { return segmentMeetsQuad(p0, p1, quadOf(r, g)); }), h.overlap, name, i);
    ASSERT_FALSE(std::isnan(h.tEnter) || std::isnan(h.tExit) || std::isnan(h.enterPoint.x) ||
                 std::isnan(h.enterNormal.x));
    if (h.overlap) {
      // As in 3D: an entry normal exactly when the segment starts outside.
      ASSERT_EQ(h.enterNormal == glm::vec3(0.0f), h.tEnter == 0.0f) << name << " pair " << i;
      ASSERT_LE(0.0f, h.tEnter);
      ASSERT_LE(h.tEnter, h.tExit);
      ASSERT_LE(h.tExit, 1.0f);
      const V d = p1 - p0;
      const double len = std::sqrt(dot(d, d));
      const Quad grown = quadOf(r, kBand);
      ASSERT_TRUE(pointInQuad(p0 + static_cast<double>(h.tEnter) * d, grown)) << name << " pair " << i;
      ASSERT_TRUE(pointInQuad(p0 + static_cast<double>(h.tExit) * d, grown)) << name << " pair " << i;
      if (h.enterNormal != glm::vec3(0.0f)) {
        ASSERT_LE(dot(toV(h.enterNormal), d), 1e-6 * len)
            << name << " pair " << i << " p0 " << p0.x << "," << p0.y << " p1 " << p1.x << "," << p1.y << " t "
            << h.tEnter << " n " << h.enterNormal.x << "," << h.enterNormal.y;
      }
      const Quad shrunk = quadOf(r, -kBand);
      const double dt = len > 0 ? 10 * kBand / len : 0.0;
      if (h.tEnter > dt) {
        ASSERT_FALSE(pointInQuad(p0 + (h.tEnter - dt) * d, shrunk)) << name << " " << i;
      }
      if (h.tExit < 1 - dt) {
        ASSERT_FALSE(pointInQuad(p0 + (h.tExit + dt) * d, shrunk)) << name << " " << i;
      }
    }
    if (::testing::Test::HasFatalFailure()) return;
    if (i % 10 == 0) {
      for (bool full : {false, true}) {
        SlabTrace trace;
        const SegmentHit t = runTraced(s, r, trace, SatOptions{full ? SatMode::Full : SatMode::EarlyExit});
        ASSERT_EQ(t.overlap, h.overlap);
        ASSERT_EQ(t.tEnter, h.tEnter);
        ASSERT_EQ(t.tExit, h.tExit);
        ASSERT_EQ(t.enterPoint, h.enterPoint);
        ASSERT_EQ(t.enterNormal, h.enterNormal);
        ASSERT_EQ(trace.rejectingAxis >= 0, !h.overlap);
        ASSERT_EQ(trace.overlap, h.overlap);
        if (full || h.overlap) {
          ASSERT_EQ(trace.rows.size(), 2u);
        }
      }
    }
  }
  tally.finish();
}

TEST(Property2Slab, SegmentRectAgreesWithPolygonOracle) {
  slabProperty<Rect2>(
      "SegmentRect", &Gen::rect, [](const Segment2& s, const Rect2& r) { return slabSegmentRect(s, r); },
      [](const Segment2& s, const Rect2& r, SlabTrace& t, const SatOptions& o) { return slabSegmentRect(s, r, t, o); });
}

TEST(Property2Slab, SegmentOrientedRectAgreesWithPolygonOracle) {
  slabProperty<OrientedRect2>(
      "SegmentOriented", &Gen::orientedRect,
      [](const Segment2& s, const OrientedRect2& r) { return slabSegmentOrientedRect(s, r); },
      [](const Segment2& s, const OrientedRect2& r, SlabTrace& t, const SatOptions& o) {
        return slabSegmentOrientedRect(s, r, t, o);
      });
}

// Circle vs rect: oracle is the double point-to-polygon distance compared with r.
template <class Shape, class F, class FT>
void circleRectProperty(const char* name, Shape (Gen::*make)(), F run, FT runTraced) {
  Gen gen(name);
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const Circle2 c = gen.circle();
    const Shape r = (gen.*make)();
    const ClosestResult res = run(c, r);
    const double dist = pointQuadDistance(toV(c.center), quadOf(r));
    tally.check(std::fabs(dist - c.radius) < kBand ? -1 : (dist <= c.radius ? 1 : 0), res.overlap, name, i);
    ASSERT_NEAR(std::sqrt(static_cast<double>(res.distanceSquared)), dist, 1e-4) << name << " pair " << i;
    ASSERT_NEAR(pointQuadDistance(toV(res.closestPoint), quadOf(r)), 0.0, 1e-4) << name << " pair " << i;
    if (::testing::Test::HasFatalFailure()) return;
    if (i % 10 == 0) {
      ClosestTrace trace;
      const ClosestResult t = runTraced(c, r, trace);
      ASSERT_EQ(t.overlap, res.overlap);
      ASSERT_EQ(t.distanceSquared, res.distanceSquared);
      ASSERT_EQ(t.closestPoint, res.closestPoint);
      ASSERT_EQ(trace.rows.size(), 2u);
      ASSERT_EQ(trace.sum, res.distanceSquared);
      ASSERT_EQ(trace.rows[0].contribution + trace.rows[1].contribution, res.distanceSquared);
    }
  }
  tally.finish();
}

TEST(Property2Closest, CircleRectAgreesWithDistanceOracle) {
  circleRectProperty<Rect2>(
      "CircleRect", &Gen::rect, [](const Circle2& c, const Rect2& r) { return closestCircleRect(c, r); },
      [](const Circle2& c, const Rect2& r, ClosestTrace& t) { return closestCircleRect(c, r, t); });
}

TEST(Property2Closest, CircleOrientedRectAgreesWithDistanceOracle) {
  circleRectProperty<OrientedRect2>(
      "CircleOriented", &Gen::orientedRect,
      [](const Circle2& c, const OrientedRect2& r) { return closestCircleOrientedRect(c, r); },
      [](const Circle2& c, const OrientedRect2& r, ClosestTrace& t) { return closestCircleOrientedRect(c, r, t); });
}

TEST(Property2Closest, CircleCircleAgreesWithDistanceOracle) {
  Gen gen("CircleCircle");
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const Circle2 a = gen.circle(), b = gen.circle();
    const ClosestResult r = closestCircleCircle(a, b);
    const double dist = std::hypot(double(a.center.x) - b.center.x, double(a.center.y) - b.center.y);
    const double rsum = double(a.radius) + b.radius;
    tally.check(std::fabs(dist - rsum) < kBand ? -1 : (dist <= rsum ? 1 : 0), r.overlap, "circle/circle", i);
    const double toB = std::max(0.0, dist - b.radius);
    ASSERT_NEAR(std::sqrt(static_cast<double>(r.distanceSquared)), toB, 1e-4);
    if (HasFatalFailure()) return;
  }
  tally.finish();
}

// Circle vs segment: the oracle solves |p0 + t d - c|^2 = r^2 for t (a quadratic) instead
// of projecting, and also accepts an endpoint inside the disc.
bool segmentMeetsDisc(V p0, V p1, V c, double r) {
  const V d = p1 - p0, m = p0 - c;
  if (dot(m, m) <= r * r) return true;
  const V e = p1 - c;
  if (dot(e, e) <= r * r) return true;
  const double a = dot(d, d), b = 2 * dot(m, d), cc = dot(m, m) - r * r;
  if (a == 0) return false;
  const double disc = b * b - 4 * a * cc;
  if (disc < 0) return false;
  const double t = (-b - std::sqrt(disc)) / (2 * a);  // first crossing; both endpoints are outside
  return t >= 0 && t <= 1;
}

TEST(Property2Closest, CircleSegmentAgreesWithQuadraticOracle) {
  Gen gen("CircleSegment");
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const Circle2 c = gen.circle();
    const Segment2 s = gen.segment();
    const ClosestResult r = closestCircleSegment(c, s);
    const V p0 = toV(s.p0), p1 = toV(s.p1), cc = toV(c.center);
    const double rr = c.radius;
    const int expected = banded([&](double g) { return segmentMeetsDisc(p0, p1, cc, std::max(0.0, rr + g)); });
    tally.check(expected, r.overlap, "circle/segment", i);
    ASSERT_GE(r.t, 0.0f);
    ASSERT_LE(r.t, 1.0f);
    if (HasFatalFailure()) return;
  }
  tally.finish();
}

}  // namespace
}  // namespace satlab
