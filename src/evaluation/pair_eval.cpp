#include "evaluation/pair_eval.hpp"

#include "evaluation/convex_measure.hpp"
#include "evaluation/pair_margin.hpp"

#include "evaluation/pair_tests.hpp"
#include "satlab/collide.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <type_traits>
#include <unordered_map>

namespace satlab {

namespace {

// ---- Measurements ------------------------------------------------------------------------
// The core decides each verdict (its epsilon guards the decision); the numbers reported
// with it are measured here, in double and without any epsilon, on the axis the core chose:
// both shapes projected onto the unit axis, their intervals' gap or overlap.

/// A box (or a segment, as a box with one half extent along it) in double.
struct BoxD {
  glm::dvec3 c{0.0};
  glm::dvec3 u[3] = {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)};
  glm::dvec3 h{0.0};
  int dims = 3;  // 2: a rectangle in the XY plane (u[2] and h.z unused)
};

BoxD boxOf(const Aabb& a) {
  BoxD b;
  b.c = glm::dvec3(a.center);
  b.h = glm::dvec3(a.half);
  return b;
}
BoxD boxOf(const Obb& o) {
  BoxD b;
  b.c = glm::dvec3(o.center);
  for (int i = 0; i < 3; ++i) b.u[i] = glm::dvec3(o.axes[i]);
  b.h = glm::dvec3(o.half);
  return b;
}
BoxD boxOf(const Rect2& r) {
  BoxD b;
  b.c = glm::dvec3(r.center.x, r.center.y, 0.0);
  b.h = glm::dvec3(r.half.x, r.half.y, 0.0);
  b.dims = 2;
  return b;
}
BoxD boxOf(const OrientedRect2& r) {
  BoxD b;
  b.c = glm::dvec3(r.center.x, r.center.y, 0.0);
  const glm::vec2 u0 = r.axis0(), u1 = r.axis1();
  b.u[0] = glm::dvec3(u0.x, u0.y, 0.0);
  b.u[1] = glm::dvec3(u1.x, u1.y, 0.0);
  b.h = glm::dvec3(r.half.x, r.half.y, 0.0);
  b.dims = 2;
  return b;
}
/// A segment as a box: its midpoint, half its length along its direction.
BoxD boxOf(const Segment& s) {
  BoxD b;
  const glm::dvec3 p0(s.p0), p1(s.p1);
  b.c = (p0 + p1) * 0.5;
  const glm::dvec3 half = (p1 - p0) * 0.5;
  const double len = glm::length(half);
  b.u[0] = len > 0.0 ? half / len : glm::dvec3(1, 0, 0);
  b.h = glm::dvec3(len, 0.0, 0.0);
  return b;
}

/// Half the width of the box's projection onto unit axis l: sum |l . u_i| h_i.
double radiusOn(const BoxD& b, const glm::dvec3& l) {
  double r = 0.0;
  for (int i = 0; i < b.dims; ++i) r += std::abs(glm::dot(l, b.u[i])) * b.h[i];
  return r;
}

/// The gap between the projections of x and y onto `axis` (any length; made unit here):
/// > 0 apart, < 0 overlapping by that much. 0 for a zero axis.
double projectionGap(const BoxD& x, const BoxD& y, const glm::vec3& axis) {
  glm::dvec3 l(axis);
  const double len = glm::length(l);
  if (!(len > 0.0) || !std::isfinite(len)) return 0.0;
  l /= len;
  return std::abs(glm::dot(y.c - x.c, l)) - radiusOn(x, l) - radiusOn(y, l);
}

/// A measured length (>= 0) as a float: never negative, NaN or infinite.
float lengthValue(double v) {
  if (!(v > 0.0)) return 0.0f;  // also NaN, which finite inputs never give
  return v > static_cast<double>(FLT_MAX) ? FLT_MAX : static_cast<float>(v);
}

/// Sphere (centre, radius) against a box, measured: the gap to the surface when the centre
/// is outside, and the penetration depth with the unit axis along which moving the box
/// by depth * axis leaves the two touching (from the sphere towards the box).
struct SphereBoxMeasure {
  double distance = 0.0;  // from the sphere's surface to the box, >= 0
  double depth = 0.0;     // >= 0
  glm::dvec3 axis{1.0, 0.0, 0.0};
  bool inside = false;  // the centre inside the box (or on its surface): out through the nearest face
};

SphereBoxMeasure measureSphereBox(const glm::dvec3& centre, double radius, const BoxD& box) {
  SphereBoxMeasure m;
  const glm::dvec3 rel = centre - box.c;
  glm::dvec3 toBox(0.0);  // from the centre to the box's nearest point
  double local[3] = {0.0, 0.0, 0.0};
  for (int i = 0; i < box.dims; ++i) {
    local[i] = glm::dot(rel, box.u[i]);
    const double q = std::clamp(local[i], -box.h[i], box.h[i]);
    toBox += (q - local[i]) * box.u[i];
  }
  const double dist = glm::length(toBox);
  if (dist > 0.0) {
    // Outside: r - distance, moving the box away from the centre.
    m.distance = std::max(0.0, dist - radius);
    m.depth = std::max(0.0, radius - dist);
    m.axis = toBox / dist;
    return m;
  }
  // Inside (or on the surface): out through the nearest face, r + the centre's depth
  // below it; the box moves against that face's outward normal.
  int face = 0;
  double below = box.h[0] - std::abs(local[0]);
  for (int i = 1; i < box.dims; ++i) {
    const double d = box.h[i] - std::abs(local[i]);
    if (d < below) {
      below = d;
      face = i;
    }
  }
  m.inside = true;
  m.depth = radius + std::max(0.0, below);
  m.axis = local[face] < 0.0 ? box.u[face] : -box.u[face];
  return m;
}

glm::vec3 unitValue(const glm::dvec3& v) { return glm::vec3(v); }

/// The result of the test run as (b, a), turned round to read as (a, b).
void flip(PairResult& r) {
  if (r.separatingAxis) {
    r.separatingAxis->id = withRolesSwapped(r.separatingAxis->id);
    r.separatingAxis->axis = -r.separatingAxis->axis;
  }
  if (r.penetration) {
    r.penetration->id = withRolesSwapped(r.penetration->id);
    r.penetration->axis = -r.penetration->axis;
  }
  std::swap(r.closestOnA, r.closestOnB);
  if (r.mesh) std::swap(r.mesh->triangleA, r.mesh->triangleB);
}

void fromSat(const SatResult& s, const BoxD& x, const BoxD& y, PairResult& r) {
  r.overlap = s.overlap;
  if (!s.overlap) {
    r.separatingAxis = PairAxis{s.separating, s.separatingAxis, lengthValue(projectionGap(x, y, s.separatingAxis))};
  } else if (s.penetration.valid()) {
    r.penetration =
        PairPenetration{s.penetration, s.penetrationAxis, lengthValue(-projectionGap(x, y, s.penetrationAxis))};
  }
}

void fromSegmentHit(const SegmentHit& h, PairResult& r) {
  r.segmentPair = true;
  r.overlap = h.overlap;
  if (h.overlap) {
    r.tEnter = h.tEnter;
    r.tExit = h.tExit;
  }
}

/// Arvo's sphere-box verdict and the box point nearest the centre, with the gap or the
/// penetration measured (measureSphereBox).
void fromClosest(const ClosestResult& c, const glm::dvec3& centre, double radius, const BoxD& box, PairResult& r) {
  r.overlap = c.overlap;
  r.closestPoint = c.closestPoint;
  const SphereBoxMeasure m = measureSphereBox(centre, radius, box);
  r.distance = r.overlap ? 0.0f : lengthValue(m.distance);
  if (r.overlap) {
    r.penetration = PairPenetration{AxisId{}, unitValue(m.axis), lengthValue(m.depth),
                                    m.inside ? kAlongNearestFace : kAlongNearestPoint};
  }
}

void fromSphereSphere(const SphereSphereResult& s, const Sphere& a, const Sphere& b, PairResult& r) {
  r.overlap = s.overlap;
  const double d = glm::length(glm::dvec3(b.center) - glm::dvec3(a.center));
  const double gap = d - static_cast<double>(a.radius) - static_cast<double>(b.radius);
  r.distance = r.overlap ? 0.0f : lengthValue(gap);
  if (s.overlap) r.penetration = PairPenetration{AxisId{}, s.normal, lengthValue(-gap), kAlongCentres};
}

void fromSegmentSegment(const SegSegResult& s, PairResult& r) {
  r.segmentPair = true;
  r.overlap = s.overlap;
  if (s.overlap) r.tEnter = r.tExit = s.s;
  r.distance = s.distance;
  r.closestOnA = s.pointA;
  r.closestOnB = s.pointB;
}

/// A triangle test's SAT result: its gap and depth are measured already, in double on the
/// unit axis from the projected vertices, without an epsilon (sat_triangle.hpp).
void fromTriangleSat(const SatResult& s, PairResult& r) {
  r.overlap = s.overlap;
  if (!s.overlap) {
    // Triangle-triangle decided as a segment (a triangle without area) names no axis.
    if (s.separating.valid()) r.separatingAxis = PairAxis{s.separating, s.separatingAxis, lengthValue(s.gap)};
  } else if (s.penetration.valid()) {
    r.penetration = PairPenetration{s.penetration, s.penetrationAxis, lengthValue(s.depth)};
  }
}

/// Sphere-triangle: the triangle's point nearest the centre, the gap to it, and when
/// overlapping the depth along the line from the centre to that point (r - distance).
void fromSphereTriangle(const ClosestResult& c, const Sphere& s, const Triangle& t, PairResult& r) {
  r.overlap = c.overlap;
  r.closestPoint = c.closestPoint;
  const double d = glm::length(glm::dvec3(c.closestPoint) - glm::dvec3(s.center));
  r.distance = r.overlap ? 0.0f : lengthValue(d - static_cast<double>(s.radius));
  if (!r.overlap) return;
  glm::dvec3 axis(0.0);
  std::string_view along = kAlongNearestPoint;
  if (d > 0.0) {
    axis = (glm::dvec3(c.closestPoint) - glm::dvec3(s.center)) / d;
  } else {
    const glm::dvec3 n = glm::cross(glm::dvec3(t.b) - glm::dvec3(t.a), glm::dvec3(t.c) - glm::dvec3(t.a));
    const double len = glm::length(n);
    if (!(len > 0.0)) return;  // the centre on a triangle without area: no direction to name
    axis = n / len;
    along = kAlongTriangleNormal;
  }
  r.penetration = PairPenetration{AxisId{}, unitValue(axis), lengthValue(static_cast<double>(s.radius) - d), along};
}

/// A capsule pair: the gap between the surfaces, the closest points on them (the cores'
/// closest points moved by each radius towards the other), and when overlapping the depth
/// along the line between the cores' closest points (none when the cores meet).
void fromCapsule(const CapsuleResult& c, float radiusA, float radiusB, PairResult& r) {
  r.overlap = c.overlap;
  const double radii = static_cast<double>(radiusA) + static_cast<double>(radiusB);
  const glm::dvec3 pa(c.pointA), pb(c.pointB);
  const double d = glm::length(pb - pa);
  r.distance = r.overlap ? 0.0f : lengthValue(d - radii);
  const glm::dvec3 n = d > 0.0 ? (pb - pa) / d : glm::dvec3(0.0);
  r.closestOnA = glm::vec3(pa + n * static_cast<double>(radiusA));
  r.closestOnB = glm::vec3(pb - n * static_cast<double>(radiusB));
  if (r.overlap && d > 0.0)
    r.penetration = PairPenetration{AxisId{}, unitValue(n), lengthValue(radii - d), kAlongCores};
}

/// A hull pair by GJK and EPA: the gap and the closest points on the surfaces, or the depth
/// along EPA's normal.
void fromConvex(const ConvexResult& c, PairResult& r) {
  r.overlap = c.overlap;
  r.distance = r.overlap ? 0.0f : lengthValue(static_cast<double>(c.distance));
  r.closestOnA = c.pointA;
  r.closestOnB = c.pointB;
  if (r.overlap && c.normal != glm::vec3(0.0f)) {
    r.penetration = PairPenetration{AxisId{}, unitValue(glm::dvec3(c.normal)),
                                    lengthValue(static_cast<double>(c.depth)), kAlongEpaNormal};
  }
}

/// The centre of a sphere or a circle, in double (a circle's z is 0).
glm::dvec3 centreOf(const Sphere& s) { return glm::dvec3(s.center); }
glm::dvec3 centreOf(const Circle2& c) { return glm::dvec3(c.center, 0.0); }

/// What evaluatePair reports of row R's result `res` on arguments a (the test's A) and b.
template <class R, class A, class B, class Result>
void measure(const A& a, const B& b, const Result& res, PairResult& r) {
  if constexpr (R::family == TestFamily::BoxSat) {
    fromSat(res, boxOf(a), boxOf(b), r);
  } else if constexpr (R::family == TestFamily::TriangleSat) {
    fromTriangleSat(res, r);
  } else if constexpr (R::family == TestFamily::Slab) {
    fromSegmentHit(res, r);
    if constexpr (kHasSatTwin<R>) {
      // The slab test (the Recast & Detour slab post) decides and gives the t interval; its
      // 6-axis SAT twin (the "Using AABB" tutorial) names the separating axis of a miss.
      // Both are exact away from a 1e-6 band around slabs the segment runs parallel to
      // (docs/algorithms.md).
      if (!r.overlap) {
        NoTrace none;
        const SatResult s = SatTwinOf<R>::type::run(a, b, none, PairTestOptions{});
        if (!s.overlap) {
          r.separatingAxis = PairAxis{s.separating, s.separatingAxis,
                                      lengthValue(projectionGap(boxOf(a), boxOf(b), s.separatingAxis))};
        }
      }
    }
  } else if constexpr (R::family == TestFamily::Closest) {
    if constexpr (std::is_same_v<B, Triangle>) {
      fromSphereTriangle(res, a, b, r);
    } else {
      fromClosest(res, centreOf(a), a.radius, boxOf(b), r);
    }
  } else if constexpr (R::family == TestFamily::SegmentSphere) {
    fromSegmentHit(res, r);
    r.distance = std::max(0.0f, closestSegmentSegment(b, Segment{a.center, a.center}).distance - a.radius);
  } else if constexpr (R::family == TestFamily::SphereSphere) {
    fromSphereSphere(res, a, b, r);
  } else if constexpr (R::family == TestFamily::SegmentSegment) {
    fromSegmentSegment(res, r);
  } else if constexpr (R::family == TestFamily::SegmentTriangle) {
    r.segmentPair = true;
    r.overlap = res.overlap;
    if (res.overlap) {
      r.tEnter = res.tEnter;
      r.tExit = res.tExit;
      r.closestPoint = res.enterPoint;
    }
  } else if constexpr (R::family == TestFamily::Capsule) {
    fromCapsule(res, a.radius, R::radiusB(b), r);
  } else if constexpr (R::family == TestFamily::Convex) {
    fromConvex(res, r);
  } else if constexpr (R::family == TestFamily::MeshTree) {
    if (!res) {
      r.tested = false;  // a mesh without triangles
      return;
    }
    const MeshQueryResult& q = *res;
    r.overlap = q.overlap;
    r.mesh = PairMeshStats{q.overlap ? q.first.triangleA : 0u, q.overlap ? q.first.triangleB : 0u, q.nodeTests,
                           q.nodesRejected, q.triangleTests};
  }
}

/// Runs `test` on x (its A) and y (its B): the geometry in the test's roles, and in the
/// plane for a planar rule's circles and segments.
PairResult run(TestId test, const ShapeGeometry& x, const ShapeGeometry& y) {
  PairResult r;
  withPairTest(test, [&](auto row) {
    using R = decltype(row);
    if constexpr (kIsPairTest<R>) {
      NoTrace none;
      const auto& a = R::a(x);
      const auto& b = R::b(y);
      measure<R>(a, b, R::run(a, b, none, PairTestOptions{}), r);
    }
  });
  return r;
}

}  // namespace

namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Leaves out what could not be computed (see PairResult): no NaN or infinity leaves here.
void dropNonFinite(PairResult& r) {
  auto fix = [](std::optional<float>& f) {
    if (f && !std::isfinite(*f)) f.reset();
  };
  auto fixVec = [](std::optional<glm::vec3>& v) {
    if (v && !finite(*v)) v.reset();
  };
  if (r.separatingAxis) {
    if (!finite(r.separatingAxis->axis)) r.separatingAxis->axis = glm::vec3(0.0f);
    if (!std::isfinite(r.separatingAxis->gap)) r.separatingAxis->gap = 0.0f;
  }
  if (r.penetration && (!finite(r.penetration->axis) || !std::isfinite(r.penetration->depth))) {
    r.penetration.reset();
  }
  fix(r.tEnter);
  fix(r.tExit);
  if (!r.tEnter || !r.tExit) {
    r.tEnter.reset();
    r.tExit.reset();
  }
  fix(r.distance);
  fixVec(r.closestPoint);
  fixVec(r.closestOnA);
  fixVec(r.closestOnB);
  if (!r.closestOnA || !r.closestOnB) {
    r.closestOnA.reset();
    r.closestOnB.reset();
  }
}

}  // namespace

std::string penetrationLabel(const PairPenetration& p) {
  if (p.id.valid()) return std::string(label(p.id));
  return std::string(p.along.empty() ? std::string_view("axis") : p.along);
}

PairResult evaluatePair(const Scene& scene, size_t a, size_t b) {
  const PairPlan plan = planPair(scene, a, b);
  const ShapeGeometry& x = scene.shapes[plan.first].geometry;
  const ShapeGeometry& y = scene.shapes[plan.second].geometry;
  PairResult r = plan.planar ? run(plan.rule.test, inXyPlane(x), inXyPlane(y)) : run(plan.rule.test, x, y);
  if (plan.rule.test == TestId::None) r.tested = false;
  if (plan.planar && plan.rule.test == TestId::SegmentSphere) {
    // A circle and a segment: the quadratic in the plane decides and gives the part of the
    // segment inside the disc (the test the explorer steps through; the 2D closest point
    // alone, in float, could call a pair overlapping whose quadratic has no root at 1e9,
    // where floats are 64 apart). The closest point and the gap come from the 2D test.
    const Circle2 c = circle2(std::get<Sphere>(x));
    const ClosestResult near = closestCircleSegment(c, segment2(std::get<Segment>(y)));
    r.closestPoint = near.closestPoint;
    r.distance = r.overlap ? 0.0f : std::max(0.0f, near.distance - c.radius);
  }
  r.test = plan.rule.test;
  r.code = plan.rule.code;
  r.swapped = plan.swapped;
  if (plan.swapped) flip(r);
  r.a = a;
  r.b = b;
  dropNonFinite(r);
  return r;
}

bool pairOverlaps(const Scene& scene, size_t a, size_t b) {
  // The test of evaluatePair on the same shapes in the same roles, its verdict alone.
  const PairPlan plan = planPair(scene, a, b);
  const auto verdict = [&](const ShapeGeometry& x, const ShapeGeometry& y) {
    return withPairTest(plan.rule.test, [&](auto row) {
      using R = decltype(row);
      if constexpr (!kIsPairTest<R>) {
        return false;
      } else {
        NoTrace none;
        const auto& ra = R::a(x);
        const auto& rb = R::b(y);
        const auto res = R::run(ra, rb, none, PairTestOptions{});
        if constexpr (R::family == TestFamily::MeshTree) {
          return res && res->overlap;
        } else {
          return res.overlap;
        }
      }
    });
  };
  const ShapeGeometry& x = scene.shapes[plan.first].geometry;
  const ShapeGeometry& y = scene.shapes[plan.second].geometry;
  return plan.planar ? verdict(inXyPlane(x), inXyPlane(y)) : verdict(x, y);
}

bool pairTested(const Scene& scene, size_t a, size_t b) {
  if (planPair(scene, a, b).rule.test == TestId::None) return false;
  for (size_t i : {a, b}) {
    const auto* m = meshBodyOf(scene.shapes[i].geometry);  // a mesh or a hull whose file was not read
    if (m && !m->data) return false;
  }
  return true;
}

std::vector<PairResult> evaluateAllPairs(const Scene& scene) {
  std::vector<PairResult> out;
  const size_t n = scene.shapes.size();
  out.reserve(n > 1 ? n * (n - 1) / 2 : 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) out.push_back(evaluatePair(scene, i, j));
  }
  return out;
}

namespace {

/// Whether an expectation's label names the separating axis of r (A = `a`, B = `b`): its
/// label, or for a face of an AABB (or an axis-aligned rectangle) the world axis it is, so
/// "X" names A0 of an AABB as "A0" does.
bool namesAxis(const std::string& expected, const PairResult& r, const SceneShape& a, const SceneShape& b) {
  if (!r.separatingAxis) return false;
  const AxisId id = r.separatingAxis->id;
  if (label(id) == expected) return true;
  const bool aabbFace = (id.kind == AxisId::Kind::FaceA && a.kind() == ShapeKind::Aabb) ||
                        (id.kind == AxisId::Kind::FaceB && b.kind() == ShapeKind::Aabb);
  return aabbFace && label(AxisId::world(id.i)) == expected;
}

}  // namespace

std::vector<ExpectationMismatch> checkExpectations(const Scene& scene) {
  std::vector<ExpectationMismatch> out;
  if (scene.expect.empty()) return out;
  std::unordered_map<std::string_view, size_t> byName;
  byName.reserve(scene.shapes.size());
  for (size_t i = 0; i < scene.shapes.size(); ++i) byName.emplace(scene.shapes[i].name, i);  // first one wins
  auto indexOf = [&](const std::string& name) -> std::optional<size_t> {
    const auto it = byName.find(name);
    if (it == byName.end()) return std::nullopt;
    return it->second;
  };
  for (size_t e = 0; e < scene.expect.size(); ++e) {
    const Expectation& ex = scene.expect[e];
    const std::string pair = ex.a + " / " + ex.b;
    const auto ia = indexOf(ex.a), ib = indexOf(ex.b);
    if (!ia || !ib) {
      out.push_back({e, pair + ": no shape called '" + (ia ? ex.b : ex.a) + "'"});
      continue;
    }
    if (*ia == *ib) {
      out.push_back({e, pair + ": a shape cannot be tested against itself"});
      continue;
    }
    const PairResult r = evaluatePair(scene, *ia, *ib);
    if (!r.tested) {
      out.push_back({e, pair + ": " + kNotTestedText});
      continue;
    }
    const std::string axis = r.separatingAxis ? std::string(label(r.separatingAxis->id)) : std::string();
    const std::string got = r.overlap ? std::string("overlap") : "separated" + (axis.empty() ? "" : " on " + axis);
    if (ex.overlap && *ex.overlap != r.overlap) {
      out.push_back({e, pair + ": expected " + (*ex.overlap ? "overlap" : "separated") + ", got " + got});
      continue;
    }
    if (ex.separatingAxis) {
      const std::string& actual = axis;
      if (!namesAxis(*ex.separatingAxis, r, scene.shapes[*ia], scene.shapes[*ib])) {
        out.push_back({e, pair + ": expected separating axis " + *ex.separatingAxis + ", got " +
                              (actual.empty() ? got : actual)});
      }
    }
    if (ex.exact) {
      // Float must not have decided the verdict: the exact formula's agrees.
      if (std::optional<std::string> failure = exactExpectationFailure(precisionLens(scene, *ia, *ib), pair)) {
        out.push_back({e, std::move(*failure)});
        continue;
      }
    }
    if (ex.maxDepth && r.overlap) {
      // The depth by GJK and EPA, whichever test gave the verdict.
      const std::optional<ConvexResult> m = measureConvexPair(scene.shapes[*ia], scene.shapes[*ib], scene.view);
      if (m && m->overlap && m->depth > *ex.maxDepth) {
        char buf[96];
        std::snprintf(buf, sizeof buf, ": depth %.6g is more than max_depth %.6g", double(m->depth),
                      double(*ex.maxDepth));
        out.push_back({e, pair + buf});
      }
    }
  }
  return out;
}

}  // namespace satlab
