// GJK and EPA (gjk.hpp) on every convex shape against two references written apart from
// them, both in double:
//  - the distance of separated pairs: the GJK oracle (oracle_gjk.hpp, which solves its
//    simplex by enumerating faces);
//  - the depth of overlapping pairs: the least support of A - B over every direction that
//    can be a face normal of A - B, the normals of A's point triples, of B's, and the cross
//    products of A's point differences with B's (the supports of A - B along any unit u are
//    at least the depth, and its face normals are among these), plus the radii;
// and the normal checked by moving B: by the depth and a little more along it they part, by
// a little less they still meet. Random pairs of hulls against every shape, degenerate
// and touching pairs, boxes against SAT (whose 15 axes are the faces of A - B), traced
// equals untraced.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using oracle::Truth;
using testing::ShapeGen;

/// A shape as both references see it: its core points and its radius.
struct Reference {
  std::vector<glm::dvec3> points;
  double radius = 0.0;
};

Reference referenceOf(const ConvexShape& s) {
  Reference r;
  for (std::size_t i = 0; i < s.count(); ++i) r.points.emplace_back(s.points()[i]);
  r.radius = s.radius;
  return r;
}

oracle::Hull oracleHull(const Reference& r) {
  oracle::Hull h;
  for (const glm::dvec3& p : r.points) h.points[static_cast<std::size_t>(h.count++)] = p;
  h.radius = r.radius;
  return h;
}

/// max over A of u.a - min over B of u.b: the support of A - B along u.
double supportOfDifference(const Reference& a, const Reference& b, const glm::dvec3& u) {
  double ma = -1e300, mb = 1e300;
  for (const glm::dvec3& p : a.points) ma = std::max(ma, glm::dot(u, p));
  for (const glm::dvec3& p : b.points) mb = std::min(mb, glm::dot(u, p));
  return ma - mb;
}

/// The depth of two overlapping shapes: the least support of the cores' A - B over every
/// direction that can be one of its face normals, plus the radii; for cores apart, the
/// radii less the cores' distance.
double referenceDepth(const Reference& a, const Reference& b) {
  // Cores apart (only with radii): the radii less the cores' distance.
  Reference ca = a, cb = b;
  ca.radius = cb.radius = 0.0;
  const double cores = oracle::distance(oracleHull(ca), oracleHull(cb));
  if (cores > 0.0) return a.radius + b.radius - cores;
  std::vector<glm::dvec3> dirs;
  const auto add = [&](const glm::dvec3& d) {
    const double len = glm::length(d);
    if (len > 1e-12) {
      dirs.push_back(d / len);
      dirs.push_back(-d / len);
    }
  };
  const auto triples = [&](const std::vector<glm::dvec3>& p) {
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::size_t j = i + 1; j < p.size(); ++j)
        for (std::size_t k = j + 1; k < p.size(); ++k) add(glm::cross(p[j] - p[i], p[k] - p[i]));
  };
  const auto differences = [](const std::vector<glm::dvec3>& p) {
    std::vector<glm::dvec3> d;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::size_t j = i + 1; j < p.size(); ++j) d.push_back(p[j] - p[i]);
    return d;
  };
  triples(a.points);
  triples(b.points);
  const std::vector<glm::dvec3> da = differences(a.points), db = differences(b.points);
  for (const glm::dvec3& x : da)
    for (const glm::dvec3& y : db) add(glm::cross(x, y));
  // A flat A - B (points, segments, one plane): a direction across it, where the depth is 0.
  for (const glm::dvec3& x : da)
    for (const glm::dvec3& y : da) add(glm::cross(x, y));
  for (const glm::dvec3& x : db)
    for (const glm::dvec3& y : db) add(glm::cross(x, y));
  std::vector<glm::dvec3> all = da;
  all.insert(all.end(), db.begin(), db.end());
  for (const glm::dvec3& x : all)
    for (const glm::dvec3& e : {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)}) add(glm::cross(x, e));
  if (all.empty())
    for (const glm::dvec3& e : {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)}) add(e);
  double best = 1e300;
  for (const glm::dvec3& u : dirs) best = std::min(best, supportOfDifference(a, b, u));
  return std::max(0.0, best) + a.radius + b.radius;
}

Reference moved(Reference r, const glm::dvec3& by) {
  for (glm::dvec3& p : r.points) p += by;
  return r;
}

double sizeOf(const Reference& r) {
  double m = 0.0;
  for (const glm::dvec3& p : r.points) m = std::max(m, std::max(std::abs(p.x), std::max(std::abs(p.y), std::abs(p.z))));
  return m + r.radius;
}

/// A random hull: 1 to 8 points about a centre; now and then all on a line or in a plane.
ConvexHull randomHull(ShapeGen& g, float spread = 0.7f) {
  ConvexHull h;
  const glm::vec3 c = g.point(spread);
  const int n = 1 + static_cast<int>(g.uniform(0.0f, 7.999f));
  const double kind = g.uniform(0.0f, 1.0f);
  const glm::vec3 u = g.unitVector(), v = glm::normalize(glm::cross(u, g.unitVector()));
  for (int i = 0; i < n; ++i) {
    if (kind < 0.05)
      h.points.push_back(c + u * g.uniform(-1.0f, 1.0f));
    else if (kind < 0.1)
      h.points.push_back(c + u * g.uniform(-1.0f, 1.0f) + v * g.uniform(-1.0f, 1.0f));
    else
      h.points.push_back(c + g.point(0.9f));
  }
  return h;
}

struct Tally {
  int apart = 0, overlapping = 0, band = 0, failures = 0;
  long iterations = 0, expansions = 0;
  int mostIterations = 0, mostExpansions = 0, calls = 0;
  std::string first;
  void fail(int i, const std::string& what) {
    if (failures++ == 0) first = "pair " + std::to_string(i) + ": " + what;
  }
};

/// Checks one pair against the references, counting into t.
void checkPair(int i, const ConvexShape& sa, const ConvexShape& sb, Tally& t) {
  const ConvexResult r = convexContact(sa, sb);
  ++t.calls;
  t.iterations += r.iterations;
  t.expansions += r.expansions;
  t.mostIterations = std::max(t.mostIterations, r.iterations);
  t.mostExpansions = std::max(t.mostExpansions, r.expansions);
  const Reference a = referenceOf(sa), b = referenceOf(sb);
  const oracle::Judged j = oracle::judge(oracleHull(a), oracleHull(b));
  const double scale = 1.0 + sizeOf(a) + sizeOf(b);
  const double tol = 2e-4 * scale;
  char buf[200];
  if (!std::isfinite(r.distance) || !std::isfinite(r.depth) || !std::isfinite(r.pointA.x) ||
      !std::isfinite(r.normal.x)) {
    t.fail(i, "not finite");
    return;
  }
  if (j.truth == Truth::Band) {
    ++t.band;
    return;
  }
  if (j.truth == Truth::Separated) {
    ++t.apart;
    if (r.overlap) return t.fail(i, "overlap where the oracle has them apart");
    if (std::abs(r.distance - j.distance) > tol) {
      std::snprintf(buf, sizeof buf, "distance %.7g, oracle %.7g", double(r.distance), j.distance);
      return t.fail(i, buf);
    }
    // The closest points lie on the shapes, their distance apart.
    if (std::abs(glm::length(r.pointB - r.pointA) - r.distance) > tol)
      return t.fail(i, "closest points not the distance apart");
    Reference pa{{glm::dvec3(r.pointA)}, 0.0}, pb{{glm::dvec3(r.pointB)}, 0.0};
    if (oracle::distance(oracleHull(pa), oracleHull(a)) > tol) return t.fail(i, "pointA not on A");
    if (oracle::distance(oracleHull(pb), oracleHull(b)) > tol) return t.fail(i, "pointB not on B");
    return;
  }
  ++t.overlapping;
  if (!r.overlap) return t.fail(i, "apart where the oracle has them meet");
  const double ref = referenceDepth(a, b);
  if (std::abs(r.depth - ref) > tol) {
    std::snprintf(buf, sizeof buf, "depth %.7g, reference %.7g (gjk %s, epa %s)", double(r.depth), ref,
                  std::string(label(r.gjkEnd)).c_str(), std::string(label(r.epaEnd)).c_str());
    return t.fail(i, buf);
  }
  // The normal: moving B by depth + margin along it parts them; by depth - margin it does not.
  const glm::dvec3 n(r.normal);
  if (std::abs(glm::length(n) - 1.0) > 1e-4) return t.fail(i, "normal not unit");
  const double margin = 1e-3 * scale;
  const double after = oracle::distance(oracleHull(a), oracleHull(moved(b, n * (double(r.depth) + margin))));
  if (after <= 0.0) return t.fail(i, "B moved by the depth along the normal still meets A");
  if (r.depth > margin) {
    const double before = oracle::distance(oracleHull(a), oracleHull(moved(b, n * (double(r.depth) - margin))));
    if (before > 1e-9 * scale) return t.fail(i, "B moved by less than the depth already parts");
  }
}

template <class MakeB>
Tally randomPairs(unsigned seed, int count, MakeB makeB) {
  ShapeGen g(seed);
  Tally t;
  for (int i = 0; i < count; ++i) {
    const ConvexHull h = randomHull(g);
    auto b = makeB(g);
    checkPair(i, convexOf(h), convexOf(b), t);
  }
  return t;
}

void report(const char* name, const Tally& t) {
  std::printf(
      "%s: %d apart, %d overlapping, %d in the band; GJK %.2f iterations a pair (at most %d), EPA %.2f "
      "expansions (at most %d)\n",
      name, t.apart, t.overlapping, t.band, double(t.iterations) / t.calls, t.mostIterations,
      double(t.expansions) / std::max(1, t.overlapping), t.mostExpansions);
  EXPECT_EQ(t.failures, 0) << name << ": " << t.failures << " failures, first " << t.first;
  EXPECT_GT(t.apart, 100) << name;
  EXPECT_GT(t.overlapping, 100) << name;
}

constexpr int kPairs = 3000;

TEST(Gjk, HullHullAgainstReferences) {
  report("hull-hull", randomPairs(11, kPairs, [](ShapeGen& g) { return randomHull(g); }));
}
TEST(Gjk, HullAabbAgainstReferences) {
  report("hull-AABB", randomPairs(12, kPairs, [](ShapeGen& g) { return g.aabb(0.7f); }));
}
TEST(Gjk, HullObbAgainstReferences) {
  report("hull-OBB", randomPairs(13, kPairs, [](ShapeGen& g) { return g.obb(1.2f); }));
}
TEST(Gjk, HullSphereAgainstReferences) {
  report("hull-sphere", randomPairs(14, kPairs, [](ShapeGen& g) { return g.sphere(0.7f); }));
}
TEST(Gjk, HullCapsuleAgainstReferences) {
  report("hull-capsule", randomPairs(15, kPairs, [](ShapeGen& g) {
           const glm::vec3 p0 = g.point(0.7f);
           return Capsule{p0, g.chance(0.05) ? p0 : p0 + g.unitVector() * g.uniform(0.05f, 1.5f),
                          g.chance(0.05) ? 0.0f : g.uniform(0.02f, 0.5f)};
         }));
}
TEST(Gjk, HullSegmentAgainstReferences) {
  report("hull-segment", randomPairs(16, kPairs, [](ShapeGen& g) { return g.segment(0.7f); }));
}
TEST(Gjk, HullTriangleAgainstReferences) {
  report("hull-triangle", randomPairs(17, kPairs, [](ShapeGen& g) {
           const glm::vec3 c = g.point(0.7f);
           return Triangle{c + g.point(0.9f), c + g.point(0.9f), c + g.point(0.9f)};
         }));
}

TEST(Gjk, BoxPairsAgainstReferencesFarFromTheOrigin) {
  // The same pairs a million units out: the tolerance grows with the coordinates.
  ShapeGen g(18);
  Tally t;
  const glm::vec3 far(1e5f, -2e5f, 3e5f);
  for (int i = 0; i < 2000; ++i) {
    Obb a = g.obb(1.2f), b = g.obb(1.2f);
    a.center += far;
    b.center += far;
    checkPair(i, convexOf(a), convexOf(b), t);
  }
  EXPECT_EQ(t.failures, 0) << t.first;
}

TEST(Gjk, SatDepthIsEpaDepthOnBoxes) {
  // SAT's 15 axes are the face normals of A - B for two boxes, so SAT's least overlap is
  // EPA's depth, and SAT's gap on a separating axis is at most GJK's distance.
  ShapeGen g(19);
  int overlapping = 0, apart = 0;
  for (int i = 0; i < 4000; ++i) {
    const Obb a = g.obb(1.0f), b = g.obb(1.0f);
    const SatResult s = satObbObb(a, b, SatOptions{SatMode::EarlyExit, 0.0f});
    const ConvexResult c = convexContact(convexOf(a), convexOf(b));
    const float scale = 1.0f + glm::length(a.center) + glm::length(b.center) + 4.0f;
    if (s.overlap != c.overlap) {
      // Only at touching, within the tolerance.
      EXPECT_LT(std::max(s.gap, std::max(c.distance, c.depth)), 1e-4f * scale) << "pair " << i;
      continue;
    }
    if (s.overlap) {
      ++overlapping;
      EXPECT_NEAR(s.depth, c.depth, 1e-4f * scale) << "pair " << i;
      EXPECT_GT(std::abs(glm::dot(s.penetrationAxis, c.normal)), 0.999f)
          << "pair " << i << " (or two faces tie)" << (std::abs(s.depth - c.depth) < 1e-4f ? "" : "");
    } else {
      ++apart;
      EXPECT_LE(s.gap, c.distance + 1e-4f * scale) << "pair " << i;
    }
  }
  EXPECT_GT(overlapping, 500);
  EXPECT_GT(apart, 500);
}

// ---- Degenerate and touching pairs ------------------------------------------------------

TEST(Gjk, BoxesFaceToFaceTouch) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}}, b{{2, 0.5f, 0}, {1, 1, 1}};
  const ConvexResult r = convexContact(convexOf(a), convexOf(b));
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.0f, 1e-5f);
  EXPECT_NEAR(std::abs(r.normal.x), 1.0f, 1e-5f);
}

TEST(Gjk, BoxesApartGiveTheGapAndClosestPoints) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}}, b{{3.5f, 0, 0}, {1, 1, 1}};
  const ConvexResult r = convexContact(convexOf(a), convexOf(b));
  EXPECT_FALSE(r.overlap);
  EXPECT_NEAR(r.distance, 1.5f, 1e-6f);
  EXPECT_NEAR(r.pointA.x, 1.0f, 1e-6f);
  EXPECT_NEAR(r.pointB.x, 2.5f, 1e-6f);
  EXPECT_NEAR(r.normal.x, 1.0f, 1e-6f);
  EXPECT_EQ(r.gjkEnd, GjkEnd::Converged);
}

TEST(Gjk, DeepBoxesGiveTheLeastOverlap) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}}, b{{0.5f, 0.1f, 0}, {1, 1, 1}};
  const ConvexResult r = convexContact(convexOf(a), convexOf(b));
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 1.5f, 1e-5f);
  EXPECT_NEAR(r.normal.x, 1.0f, 1e-5f);
  EXPECT_EQ(r.epaEnd, EpaEnd::Converged);
  EXPECT_NEAR(glm::length(r.pointA - r.pointB - r.depth * r.normal), 0.0f, 1e-5f);
}

TEST(Gjk, CoincidentPointsAndSpheres) {
  const Sphere p{{1, 2, 3}, 0.0f};
  ConvexResult r = convexContact(convexOf(p), convexOf(p));
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.depth, 0.0f);
  EXPECT_EQ(r.epaEnd, EpaEnd::Flat);
  const Sphere s{{1, 2, 3}, 0.5f}, t{{1, 2, 3}, 0.25f};
  r = convexContact(convexOf(s), convexOf(t));
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.75f, 1e-6f);
  EXPECT_NEAR(glm::length(r.normal), 1.0f, 1e-6f);
}

TEST(Gjk, SpheresApartAndWithinTheirRadii) {
  const Sphere a{{0, 0, 0}, 1.0f};
  ConvexResult r = convexContact(convexOf(a), convexOf(Sphere{{0, 3, 0}, 1.0f}));
  EXPECT_FALSE(r.overlap);
  EXPECT_NEAR(r.distance, 1.0f, 1e-6f);
  EXPECT_NEAR(r.pointA.y, 1.0f, 1e-6f);
  EXPECT_NEAR(r.pointB.y, 2.0f, 1e-6f);
  r = convexContact(convexOf(a), convexOf(Sphere{{0, 1.5f, 0}, 1.0f}));
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.5f, 1e-6f);
  EXPECT_NEAR(r.normal.y, 1.0f, 1e-6f);
  EXPECT_EQ(r.expansions, 0);  // the cores are apart: no EPA
}

TEST(Gjk, CoplanarTrianglesAndCrossingSegmentsAreFlat) {
  const Triangle a{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}}, b{{0.5f, 0.5f, 0}, {3, 0.5f, 0}, {0.5f, 3, 0}};
  ConvexResult r = convexContact(convexOf(a), convexOf(b));
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.0f, 1e-6f);
  EXPECT_NEAR(std::abs(r.normal.z), 1.0f, 1e-5f);
  const Segment s{{-1, 0, 0}, {1, 0, 0}}, u{{0, -1, 0}, {0, 1, 0}};
  r = convexContact(convexOf(s), convexOf(u));
  EXPECT_TRUE(r.overlap);
  EXPECT_NEAR(r.depth, 0.0f, 1e-6f);
  EXPECT_NEAR(std::abs(r.normal.z), 1.0f, 1e-5f);  // across the plane of the cross
  const Segment w{{0, -1, 0.5f}, {0, 1, 0.5f}};
  r = convexContact(convexOf(s), convexOf(w));
  EXPECT_FALSE(r.overlap);
  EXPECT_NEAR(r.distance, 0.5f, 1e-6f);
}

TEST(Gjk, RepeatedAndInteriorPointsChangeNothing) {
  ConvexHull cube;
  for (int i = 0; i < 8; ++i) cube.points.push_back({(i & 1) ? 1.f : -1.f, (i & 2) ? 1.f : -1.f, (i & 4) ? 1.f : -1.f});
  ConvexHull noisy = cube;
  for (int i = 0; i < 8; ++i) noisy.points.push_back(cube.points[static_cast<std::size_t>(i)]);
  noisy.points.push_back({0.2f, 0.1f, -0.3f});
  const Aabb box{{2.5f, 0.3f, 0.2f}, {1, 1, 1}};
  const ConvexResult a = hullAabb(cube, box), b = hullAabb(noisy, box),
                     c = convexContact(convexOf(Aabb{{0, 0, 0}, {1, 1, 1}}), convexOf(box));
  EXPECT_NEAR(a.distance, 0.5f, 1e-6f);
  EXPECT_NEAR(b.distance, a.distance, 1e-6f);
  EXPECT_NEAR(c.distance, a.distance, 1e-6f);
}

TEST(Gjk, EmptyShapesMeetNothing) {
  const ConvexHull empty;
  const ConvexResult r = hullSphere(empty, Sphere{{0, 0, 0}, 1.0f});
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(r.gjkEnd, GjkEnd::None);
  EXPECT_EQ(r.iterations, 0);
}

TEST(Gjk, NearlyParallelEdgesAndHugeAndTinyShapes) {
  // Two long boxes crossing at a hair's angle, tiny boxes, boxes at the edge of the
  // scene's range: finite, and the verdict that of SAT away from touching.
  ShapeGen g(20);
  for (int i = 0; i < 500; ++i) {
    const float angle = 1e-6f * float(i);
    Obb a{{0, 0, 0}, glm::mat3(1.0f), {5, 0.1f, 0.1f}};
    Obb b{{0, 0.15f + 0.1f * g.uniform(-1, 1), 0.0f}, glm::mat3(1.0f), {5, 0.1f, 0.1f}};
    b.axes[0] = {std::cos(angle), std::sin(angle), 0};
    b.axes[1] = {-std::sin(angle), std::cos(angle), 0};
    const ConvexResult c = convexContact(convexOf(a), convexOf(b));
    const SatResult s = satObbObb(a, b);
    ASSERT_TRUE(std::isfinite(c.distance) && std::isfinite(c.depth));
    if (std::abs(s.gap) > 1e-3f || s.depth > 1e-3f) {
      EXPECT_EQ(s.overlap, c.overlap) << i;
    }
  }
  for (float size : {1e-3f, 1e6f}) {
    const Aabb a{{0, 0, 0}, glm::vec3(size)}, b{{3 * size, 0, 0}, glm::vec3(size)};
    const ConvexResult r = convexContact(convexOf(a), convexOf(b));
    EXPECT_FALSE(r.overlap);
    EXPECT_NEAR(r.distance, size, size * 1e-5f);
  }
}

TEST(Gjk, TracedEqualsUntracedAndRecordsEveryStep) {
  ShapeGen g(21);
  for (int i = 0; i < 400; ++i) {
    const ConvexHull h = randomHull(g);
    const Obb b = g.obb(1.2f);
    GjkTrace trace;
    const ConvexResult t = hullObb(h, b, trace), u = hullObb(h, b);
    ASSERT_EQ(t.overlap, u.overlap);
    ASSERT_EQ(t.distance, u.distance);
    ASSERT_EQ(t.depth, u.depth);
    ASSERT_EQ(t.pointA, u.pointA);
    ASSERT_EQ(trace.test, TestId::HullObb);
    ASSERT_EQ(static_cast<int>(trace.iterations.size()), u.iterations);
    ASSERT_EQ(static_cast<int>(trace.expansions.size()), u.expansions);
    ASSERT_EQ(trace.gjkEnd, u.gjkEnd);
    ASSERT_EQ(trace.result.depth, u.depth);
    // |v| never grows from one iteration to the next; each row's lower bound is below it.
    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
      const GjkIterationRow& row = trace.iterations[k];
      EXPECT_LE(row.lowerBound, row.distance * (1 + 1e-5f) + 1e-6f);
      if (k > 0) {
        EXPECT_LE(row.distance, trace.iterations[k - 1].distance * (1 + 1e-5f) + 1e-6f);
      }
    }
    // EPA's depth bound only grows, and each row's polytope is closed (3 corners a face).
    for (std::size_t k = 0; k < trace.expansions.size(); ++k) {
      EXPECT_EQ(trace.expansions[k].triangles.size() % 3, 0u);
      if (k > 0) {
        EXPECT_GE(trace.expansions[k].distance, trace.expansions[k - 1].distance - 1e-5f);
      }
    }
  }
}

}  // namespace
}  // namespace satlab
