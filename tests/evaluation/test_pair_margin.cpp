// The deciding margin and the precision lens: the formulas in float, double and exact
// arithmetic (evaluation/pair_margin.hpp), checked against an independent exact computation.
//
// The independent computation scales every float input to an integer (x * 2^80, exact for
// the inputs generated here: none below 2^-40 in magnitude but zero) and decides each pair
// with Boost's big integers by another formula: Ericson's centre-and-radius form of the
// separating axes, the segment's separating axes in the box's frame instead of its slabs,
// the nearest point of the box by clamping, the minimum of the segment's quadratic. Pairs are
// placed where their verdict changes (found by bisection on the core's verdict) and moved a
// few units in the last place either side, at distances from 1 to 1e7 from the origin, so
// that many of them are pairs on which float and exact arithmetic disagree.
#include "evaluation/pair_margin.hpp"

#include "evaluation/pair_eval.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>
#include <boost/multiprecision/cpp_int.hpp>
#include <glm/gtc/quaternion.hpp>

#include <cmath>
#include <functional>
#include <random>

namespace satlab::test {
namespace {

using Big = boost::multiprecision::cpp_int;
constexpr int kScale = 80;

/// x * 2^kScale as an integer (exact: x is 0 or at least 2^-40 in magnitude).
Big big(float x) {
  if (x == 0.0f) return 0;
  int e = 0;
  const double m = std::frexp(double(x), &e);                   // x = m * 2^e, 0.5 <= |m| < 1
  const auto mant = static_cast<long long>(std::ldexp(m, 24));  // exact: 24 bits
  const int shift = e - 24 + kScale;
  EXPECT_GE(shift, 0) << x;
  Big v = Big(mant < 0 ? -mant : mant) << shift;
  return mant < 0 ? Big(-v) : v;
}

struct BV {
  Big x, y, z;
};
BV big(const glm::vec3& v) { return {big(v.x), big(v.y), big(v.z)}; }
BV sub(const BV& a, const BV& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Big dot(const BV& a, const BV& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
BV cross(const BV& a, const BV& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
Big babs(const Big& v) { return v < 0 ? Big(-v) : v; }
Big comp(const BV& v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

/// Ericson's separating axes, centre and radius (scale: s at 3K, radii at 4K; s is scaled up).
bool boxesOverlap(const glm::vec3& ca, const std::array<glm::vec3, 3>& ua, const glm::vec3& ha, const glm::vec3& cb,
                  const std::array<glm::vec3, 3>& ub, const glm::vec3& hb, bool facesOfAOnly, int dims) {
  const BV d = sub(big(cb), big(ca));
  BV A[3], B[3];
  for (int k = 0; k < 3; ++k) {
    A[k] = big(ua[k]);
    B[k] = big(ub[k]);
  }
  const Big one = Big(1) << kScale;
  const auto separates = [&](const BV& L, const Big& unit) {  // unit: 2^K for a face axis, 2^2K for a cross
    if (L.x == 0 && L.y == 0 && L.z == 0) return false;
    Big r = 0;
    for (int k = 0; k < dims; ++k) {
      r += babs(dot(L, A[k])) * big(ha[k]);
      r += babs(dot(L, B[k])) * big(hb[k]);
    }
    return babs(dot(L, d)) * one > r;
    (void)unit;
  };
  for (int k = 0; k < dims; ++k)
    if (separates(A[k], one)) return false;
  if (facesOfAOnly) return true;
  for (int k = 0; k < dims; ++k)
    if (separates(B[k], one)) return false;
  if (dims == 3)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (separates(cross(A[i], B[j]), one)) return false;
  return true;
}

/// The nearest point of the box by clamping, in the box's frame (p at 2K, h brought to 2K).
bool sphereBoxOverlap(const glm::vec3& c, float r, const glm::vec3& bc, const std::array<glm::vec3, 3>& u,
                      const glm::vec3& h, int dims) {
  const BV o = sub(big(c), big(bc));
  const Big one = Big(1) << kScale;
  Big d2 = 0;
  for (int k = 0; k < dims; ++k) {
    const Big p = dot(o, big(u[k]));
    const Big hk = big(h[k]) * one;
    const Big q = p > hk ? hk : (p < -hk ? Big(-hk) : p);
    d2 += (p - q) * (p - q);
  }
  const Big rr = big(r) * one;
  return d2 <= rr * rr;
}

/// The segment's separating axes in the box's frame: the faces and the faces crossed with
/// its direction (local coordinates at 2K).
bool segmentBoxOverlap(const glm::vec3& p0, const glm::vec3& p1, const glm::vec3& bc, const std::array<glm::vec3, 3>& u,
                       const glm::vec3& h, int dims) {
  const Big one = Big(1) << kScale;
  const BV o = sub(big(p0), big(bc)), dw = sub(big(p1), big(p0));
  Big p[3] = {0, 0, 0}, d[3] = {0, 0, 0}, hh[3] = {0, 0, 0};
  for (int k = 0; k < dims; ++k) {
    p[k] = dot(o, big(u[k]));
    d[k] = dot(dw, big(u[k]));
    hh[k] = big(h[k]) * one;
  }
  for (int k = 0; k < dims; ++k)  // |2p + d| <= 2h + |d|
    if (babs(2 * p[k] + d[k]) > 2 * hh[k] + babs(d[k])) return false;
  if (dims == 3) {
    const BV dl{d[0], d[1], d[2]}, m2{2 * p[0] + d[0], 2 * p[1] + d[1], 2 * p[2] + d[2]};
    for (int k = 0; k < 3; ++k) {
      BV e{0, 0, 0};
      (k == 0 ? e.x : (k == 1 ? e.y : e.z)) = 1;
      const BV L = cross(e, dl);
      Big r = 0;
      for (int j = 0; j < 3; ++j) r += babs(comp(L, j)) * hh[j];
      if (babs(dot(L, m2)) > 2 * r) return false;
    }
  } else {
    // In the plane the one more axis is the segment's normal.
    const BV L{-d[1], d[0], 0};
    Big r = babs(L.x) * hh[0] + babs(L.y) * hh[1];
    const BV m2{2 * p[0] + d[0], 2 * p[1] + d[1], 0};
    if (babs(dot(L, m2)) > 2 * r) return false;
  }
  return true;
}

bool spheresOverlap(const glm::vec3& ca, float ra, const glm::vec3& cb, float rb) {
  const BV d = sub(big(cb), big(ca));
  const Big r = big(ra) + big(rb);
  return dot(d, d) <= r * r;
}

/// The minimum over t in [0, 1] of |w + t d|^2, the quadratic's vertex or an end.
bool segmentSphereOverlap(const glm::vec3& c, float r, const glm::vec3& p0, const glm::vec3& p1) {
  const BV w = sub(big(p0), big(c)), d = sub(big(p1), big(p0));
  const Big dd = dot(d, d), wd = dot(w, d), ww = dot(w, w), rr = big(r) * big(r);
  if (dd == 0 || wd >= 0) return ww <= rr;
  if (-wd >= dd) {
    const BV e{w.x + d.x, w.y + d.y, w.z + d.z};
    return dot(e, e) <= rr;
  }
  return ww * dd - wd * wd <= rr * dd;
}

// ---- Generated pairs ----------------------------------------------------------------------

float tidy(float v) { return std::abs(v) < 1e-12f ? 0.0f : v; }

glm::mat3 randomAxes(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  const glm::quat q = glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
  glm::mat3 m = glm::mat3_cast(q);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) m[i][j] = tidy(m[i][j]);
  return m;
}

std::array<glm::vec3, 3> columns(const glm::mat3& m) { return {m[0], m[1], m[2]}; }
std::array<glm::vec3, 3> worldAxes() { return {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)}; }

Scene sceneOf(const ShapeGeometry& a, const ShapeGeometry& b, ViewMode view = ViewMode::ThreeD) {
  Scene s;
  s.view = view;
  SceneShape x, y;
  x.name = "a";
  x.geometry = a;
  y.name = "b";
  y.geometry = b;
  s.shapes = {x, y};
  return s;
}

/// Moves b along `dir` from `from` (overlapping) towards `from + dir * far` (apart), finds
/// the float position where the core's verdict changes, and returns positions near it.
std::vector<glm::vec3> nearFlip(const std::function<bool(const glm::vec3&)>& overlapsAt, const glm::vec3& from,
                                const glm::vec3& dir, float far, std::mt19937& rng) {
  double lo = 0.0, hi = far;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    const glm::vec3 p = from + dir * float(mid);
    (overlapsAt(p) ? lo : hi) = mid;
  }
  glm::vec3 p = from + dir * float(hi);
  std::vector<glm::vec3> out;
  std::uniform_int_distribution<int> steps(-3, 3);
  for (int i = 0; i < 4; ++i) {
    glm::vec3 q = p;
    for (int k = 0; k < 3; ++k) {
      const int n = steps(rng);
      for (int s = 0; s < std::abs(n); ++s) q[k] = std::nextafter(q[k], n > 0 ? 1e30f : -1e30f);
    }
    out.push_back(q);
  }
  return out;
}

glm::vec3 randomDirection(std::mt19937& rng, bool planar = false) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  glm::vec3 d(n(rng), n(rng), planar ? 0.0f : n(rng));
  return glm::normalize(d);
}

float randomOffset(std::mt19937& rng) {
  static const float kOffsets[] = {0.0f, 1.0f, 1e3f, 1e5f, 1e6f, 1e7f};
  return kOffsets[std::uniform_int_distribution<int>(0, 5)(rng)];
}

struct Tally {
  int pairs = 0, floatWrong = 0;
};

/// The exact formula agrees with the independent computation on the pair; counts the pairs
/// where the core's verdict differs from the exact one.
void checkPair(const Scene& s, bool independent, Tally& t, const std::string& what) {
  const std::optional<PairMargin> exact = formulaMargin(s, 0, 1, Arithmetic::Exact);
  ASSERT_TRUE(exact.has_value()) << what;
  EXPECT_EQ(exact->overlap, independent) << what << " margin " << exact->value;
  EXPECT_EQ(exact->overlap, exact->value <= 0.0) << what;
  const std::optional<PairMargin> swapped = formulaMargin(s, 1, 0, Arithmetic::Exact);
  ASSERT_TRUE(swapped.has_value());
  EXPECT_EQ(swapped->overlap, exact->overlap) << what;
  ++t.pairs;
  if (pairOverlaps(s, 0, 1) != exact->overlap) ++t.floatWrong;
}

TEST(PairMarginExact, AgreesWithAnIndependentExactComputation) {
  std::mt19937 rng(20261206);
  std::uniform_real_distribution<float> size(0.2f, 3.0f);
  Tally boxes, spheres, slabs, rects;
  for (int round = 0; round < 110; ++round) {
    const glm::vec3 at(randomOffset(rng), randomOffset(rng) * 0.5f, 0.0f);
    const glm::vec3 dir = randomDirection(rng);
    // Two boxes: AABB-AABB, AABB-OBB, OBB-OBB.
    for (int kind = 0; kind < 3; ++kind) {
      const glm::vec3 ha(size(rng), size(rng), size(rng)), hb(size(rng), size(rng), size(rng));
      const glm::mat3 ma = kind == 2 ? randomAxes(rng) : glm::mat3(1.0f),
                      mb = kind >= 1 ? randomAxes(rng) : glm::mat3(1.0f);
      const auto make = [&](const glm::vec3& cb) {
        const ShapeGeometry a = kind == 2 ? ShapeGeometry(Obb{at, ma, ha}) : ShapeGeometry(Aabb{at, ha});
        const ShapeGeometry b = kind >= 1 ? ShapeGeometry(Obb{cb, mb, hb}) : ShapeGeometry(Aabb{cb, hb});
        return sceneOf(a, b);
      };
      for (const glm::vec3& cb :
           nearFlip([&](const glm::vec3& p) { return pairOverlaps(make(p), 0, 1); }, at, dir, 12.0f, rng)) {
        const bool ind = boxesOverlap(at, kind == 2 ? columns(ma) : worldAxes(), ha, cb,
                                      kind >= 1 ? columns(mb) : worldAxes(), hb, kind == 0, 3);
        checkPair(make(cb), ind, boxes, "boxes " + std::to_string(kind));
      }
    }
    // A sphere against an AABB and an OBB.
    for (int kind = 0; kind < 2; ++kind) {
      const glm::vec3 h(size(rng), size(rng), size(rng));
      const float r = size(rng);
      const glm::mat3 m = kind == 1 ? randomAxes(rng) : glm::mat3(1.0f);
      const auto make = [&](const glm::vec3& c) {
        const ShapeGeometry box = kind == 1 ? ShapeGeometry(Obb{at, m, h}) : ShapeGeometry(Aabb{at, h});
        return sceneOf(Sphere{c, r}, box);
      };
      for (const glm::vec3& c :
           nearFlip([&](const glm::vec3& p) { return pairOverlaps(make(p), 0, 1); }, at, dir, 12.0f, rng)) {
        checkPair(make(c), sphereBoxOverlap(c, r, at, kind == 1 ? columns(m) : worldAxes(), h, 3), spheres,
                  "sphere-box");
      }
    }
    // Two spheres, a segment against a sphere.
    {
      const float ra = size(rng), rb = size(rng);
      const auto make = [&](const glm::vec3& c) { return sceneOf(Sphere{at, ra}, Sphere{c, rb}); };
      for (const glm::vec3& c :
           nearFlip([&](const glm::vec3& p) { return pairOverlaps(make(p), 0, 1); }, at, dir, 12.0f, rng))
        checkPair(make(c), spheresOverlap(at, ra, c, rb), spheres, "spheres");
      const glm::vec3 along = randomDirection(rng) * size(rng) * 2.0f;
      const auto makeSeg = [&](const glm::vec3& c) { return sceneOf(Sphere{at, ra}, Segment{c, c + along}); };
      for (const glm::vec3& c :
           nearFlip([&](const glm::vec3& p) { return pairOverlaps(makeSeg(p), 0, 1); }, at, dir, 20.0f, rng)) {
        const Segment g{c, c + along};
        checkPair(makeSeg(c), segmentSphereOverlap(at, ra, g.p0, g.p1), spheres, "segment-sphere");
      }
    }
    // A segment against an AABB and an OBB (the slabs).
    for (int kind = 0; kind < 2; ++kind) {
      const glm::vec3 h(size(rng), size(rng), size(rng));
      const glm::mat3 m = kind == 1 ? randomAxes(rng) : glm::mat3(1.0f);
      const glm::vec3 along = randomDirection(rng) * size(rng) * 2.0f;
      const auto make = [&](const glm::vec3& c) {
        const ShapeGeometry box = kind == 1 ? ShapeGeometry(Obb{at, m, h}) : ShapeGeometry(Aabb{at, h});
        return sceneOf(box, Segment{c, c + along});
      };
      for (const glm::vec3& c :
           nearFlip([&](const glm::vec3& p) { return pairOverlaps(make(p), 0, 1); }, at, dir, 20.0f, rng)) {
        const glm::vec3 p1 = c + along;
        checkPair(make(c), segmentBoxOverlap(c, p1, at, kind == 1 ? columns(m) : worldAxes(), h, 3), slabs,
                  "segment-box");
      }
    }
    // Two rotated rectangles of a 2D scene.
    {
      const float angA = std::uniform_real_distribution<float>(0.0f, 6.28f)(rng);
      const float angB = std::uniform_real_distribution<float>(0.0f, 6.28f)(rng);
      const glm::mat3 ma(glm::vec3(tidy(std::cos(angA)), tidy(std::sin(angA)), 0),
                         glm::vec3(tidy(-std::sin(angA)), tidy(std::cos(angA)), 0), glm::vec3(0, 0, 1));
      const glm::mat3 mb(glm::vec3(tidy(std::cos(angB)), tidy(std::sin(angB)), 0),
                         glm::vec3(tidy(-std::sin(angB)), tidy(std::cos(angB)), 0), glm::vec3(0, 0, 1));
      const glm::vec3 ha(size(rng), size(rng), 1.0f), hb(size(rng), size(rng), 1.0f);
      const glm::vec3 dir2 = randomDirection(rng, true);
      const auto make = [&](const glm::vec3& c) { return sceneOf(Obb{at, ma, ha}, Obb{c, mb, hb}, ViewMode::TwoD); };
      for (const glm::vec3& c :
           nearFlip([&](const glm::vec3& p) { return pairOverlaps(make(p), 0, 1); }, at, dir2, 12.0f, rng)) {
        // The plane's rectangles: the axes the core reads (axis0 normalised in float, axis1 from it).
        const OrientedRect2 a = orientedRect2(Obb{at, ma, ha}), b = orientedRect2(Obb{c, mb, hb});
        const std::array<glm::vec3, 3> ua = {glm::vec3(a.axis0(), 0.0f), glm::vec3(a.axis1(), 0.0f), glm::vec3(0)};
        const std::array<glm::vec3, 3> ub = {glm::vec3(b.axis0(), 0.0f), glm::vec3(b.axis1(), 0.0f), glm::vec3(0)};
        const glm::vec3 pa(at.x, at.y, 0.0f), pb(c.x, c.y, 0.0f);
        checkPair(make(c), boxesOverlap(pa, ua, ha, pb, ub, hb, false, 2), rects, "rectangles");
      }
    }
  }
  // Thousands of pairs in all, and among them pairs that float arithmetic decided wrongly.
  const int pairs = boxes.pairs + spheres.pairs + slabs.pairs + rects.pairs;
  EXPECT_GE(pairs, 4000);
  EXPECT_GT(boxes.floatWrong, 20) << "of " << boxes.pairs;
  EXPECT_GT(spheres.floatWrong + slabs.floatWrong, 20) << "of " << spheres.pairs + slabs.pairs;
  RecordProperty("pairs", pairs);
  std::printf("pairs: %d (boxes %d, %d decided wrongly in float; spheres %d, %d; slabs %d, %d; rectangles %d, %d)\n",
              pairs, boxes.pairs, boxes.floatWrong, spheres.pairs, spheres.floatWrong, slabs.pairs, slabs.floatWrong,
              rects.pairs, rects.floatWrong);
}

TEST(PairMargin, TheWidestGapAndTheLeastDepth) {
  const Scene apart = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[2.5,1.5,0],"half_extents":[1,1,1]}]})");
  const std::optional<PairMargin> m = decidingMargin(apart, 0, 1);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->overlap);
  EXPECT_NEAR(m->value, 0.5, 1e-9);  // X gives 0.5, Y -0.5: the widest gap is X's
  EXPECT_EQ(m->label(), "A0");
  EXPECT_EQ(marginInWords(*m), "apart by 0.5 on A0");
  const Scene in = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[1.5,1.9,0],"half_extents":[1,1,1]}]})");
  const std::optional<PairMargin> d = decidingMargin(in, 0, 1);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->overlap);
  EXPECT_NEAR(d->value, -0.1, 1e-6);  // Y overlaps 0.1, X 0.5: the least depth
  EXPECT_EQ(d->label(), "A1");
  EXPECT_EQ(marginInWords(*d), "overlapping 0.1 on A1");
}

TEST(PairMargin, NamesAxesForThePairsOrder) {
  // An OBB before an AABB: the core takes the AABB first, the margin names axes for the
  // file's order (B = the AABB), as the pairs panel does.
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"tilt","type":"obb","center":[3.5,0.2,0],"half_extents":[1,0.5,0.5],"euler_deg":[0,0,45]},
    {"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]}]})");
  const std::optional<PairMargin> m = decidingMargin(s, 0, 1);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->overlap);
  EXPECT_EQ(m->label().front(), 'B');
  EXPECT_EQ(decidingMargin(s, 1, 0)->label().front(), 'A');
}

TEST(PairMargin, SlabsArvoAndSpheres) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"through","type":"segment","p0":[-3,0,0],"p1":[3,0,0]},
    {"name":"beside","type":"segment","p0":[-3,1.5,0],"p1":[3,1.5,0]},
    {"name":"ball","type":"sphere","center":[0,2.5,0],"radius":1},
    {"name":"inner","type":"sphere","center":[0.7,0,0],"radius":0.1}]})");
  // The segment is inside for t in [1/3, 2/3] of its 6 units: 2 units deep.
  std::optional<PairMargin> m = decidingMargin(s, 0, 1);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->overlap);
  EXPECT_NEAR(m->value, -2.0, 1e-6);
  // Parallel to the X slab, 0.5 outside Y's.
  m = decidingMargin(s, 0, 2);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->overlap);
  EXPECT_NEAR(m->value, 0.5, 1e-6);
  EXPECT_EQ(m->label(), "Y");
  // Arvo: 1.5 from the box, radius 1.
  m = decidingMargin(s, 0, 3);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->overlap);
  EXPECT_NEAR(m->value, 0.5, 1e-6);
  EXPECT_EQ(m->label(), "nearest point");
  // A centre inside: r + its depth below the nearest face (0.3), 0.4 deep.
  m = decidingMargin(s, 0, 4);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->overlap);
  EXPECT_NEAR(m->value, -0.4, 1e-6);
  EXPECT_EQ(m->label(), "X");
  // A segment and a sphere: 1.5 - 1 = 0.5 apart.
  m = decidingMargin(s, 2, 3);
  ASSERT_TRUE(m);
  EXPECT_NEAR(m->value, 0.0, 1e-6);
  EXPECT_TRUE(m->overlap);  // 2.5 - 1.5 = 1 = r: touching overlaps
}

TEST(PairMargin, TestsWithoutAFormulaUseGjk) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"c","type":"capsule","p0":[0,0,0],"p1":[0,2,0],"radius":0.5},
    {"name":"s","type":"sphere","center":[2,1,0],"radius":0.5}]})");
  EXPECT_FALSE(hasMarginFormula(s, 0, 1));
  EXPECT_FALSE(formulaMargin(s, 0, 1, Arithmetic::Exact));
  const std::optional<PairMargin> m = decidingMargin(s, 0, 1);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->overlap);
  EXPECT_NEAR(m->value, 1.0, 1e-4);
  EXPECT_EQ(m->label(), "GJK");
}

TEST(PrecisionLens, ASphereFarFromTheOriginIsDecidedByFloat) {
  // The box's max face is at 1e7 + 0.5, which float cannot hold: the core computes it as
  // 1e7 (ties to even), 2 from the centre, more than the radius 1.6; exactly it is 1.5.
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"ball","type":"sphere","center":[10000002,0,0],"radius":1.6},
    {"name":"box","type":"aabb","center":[10000000,0,0],"half_extents":[0.5,0.5,0.5]}]})");
  const PrecisionLens lens = precisionLens(s, 0, 1);
  EXPECT_FALSE(lens.floatOverlap);
  ASSERT_TRUE(lens.exact && lens.inDouble && lens.inFloat && lens.atOrigin);
  EXPECT_TRUE(lens.exact->overlap);
  EXPECT_NEAR(lens.exact->value, -0.1, 1e-6);
  EXPECT_TRUE(lens.inDouble->overlap);
  // The formula in float works in the box's frame, where 2 - 0.5 is exact: it says overlap.
  // The core computes the box's corners first, and 1e7 + 0.5 is already rounded.
  EXPECT_TRUE(lens.inFloat->overlap);
  EXPECT_TRUE(lens.originOverlap);  // near the origin float has the bits
  EXPECT_TRUE(lens.floatDecided());
  EXPECT_TRUE(lens.disagree());
  EXPECT_EQ(lens.spacing, 1.0);  // floats are 1 apart between 2^23 and 2^24
  ASSERT_TRUE(lens.marginUlps);
  EXPECT_NEAR(*lens.marginUlps, -0.1, 1e-6);
}

TEST(PrecisionLens, NearTheOriginEveryoneAgrees) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[10,20,30]},
    {"name":"b","type":"obb","center":[2.5,0.5,0.2],"half_extents":[1,0.5,0.5],"euler_deg":[0,45,0]}]})");
  const PrecisionLens lens = precisionLens(s, 0, 1);
  ASSERT_TRUE(lens.exact);
  EXPECT_FALSE(lens.disagree());
  EXPECT_FALSE(lens.floatDecided());
  EXPECT_EQ(lens.code, "sat_obb_obb");
  EXPECT_LT(lens.spacing, 1e-6);
}

TEST(PrecisionLens, TheEpsilonMakesAHairlineGapAnOverlap) {
  // Two OBBs a hair apart on a face axis: the core's |R| + epsilon widens B's radius by
  // 3 epsilon, more than the gap of about 1e-6 (lesson 9), so float says overlap; exactly
  // they are apart.
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]},
    {"name":"b","type":"obb","center":[2.000001,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]}]})");
  const PrecisionLens lens = precisionLens(s, 0, 1);
  ASSERT_TRUE(lens.exact);
  EXPECT_FALSE(lens.exact->overlap);
  EXPECT_TRUE(lens.floatOverlap);
  EXPECT_TRUE(lens.floatDecided());
}

TEST(PrecisionLens, TrianglesHaveTheirSeparatingAxes) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"t","type":"triangle","points":[[0,0,0],[1,0,0],[0,1,0]]},
    {"name":"u","type":"triangle","points":[[0,0,0.5],[1,0,0.5],[0,1,-0.5]]}]})");
  const PrecisionLens lens = precisionLens(s, 0, 1);
  ASSERT_TRUE(lens.exact);
  EXPECT_TRUE(lens.exact->overlap);
  EXPECT_EQ(lens.floatOverlap, lens.exact->overlap);
  EXPECT_FALSE(lens.disagree());
}

TEST(PrecisionLens, CapsulesHaveNoExactVerdict) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"c","type":"capsule","p0":[0,0,0],"p1":[0,2,0],"radius":0.5},
    {"name":"s","type":"sphere","center":[2,1,0],"radius":0.5}]})");
  const PrecisionLens lens = precisionLens(s, 0, 1);
  EXPECT_FALSE(lens.exact);
  EXPECT_FALSE(lens.inDouble);
  EXPECT_FALSE(lens.floatDecided());
  EXPECT_FALSE(lens.originOverlap);
  EXPECT_FALSE(lens.marginUlps);
}

}  // namespace
}  // namespace satlab::test
