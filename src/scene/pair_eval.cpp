#include "scene/pair_eval.hpp"

#include "satlab/collide.hpp"
#include "scene/mesh_pairs.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string_view>
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
  if (r.overlap) r.penetration = PairPenetration{AxisId{}, unitValue(m.axis), lengthValue(m.depth)};
}

void fromSphereSphere(const Sphere& a, const Sphere& b, PairResult& r) {
  const SphereSphereResult s = sphereSphere(a, b);
  r.overlap = s.overlap;
  const double d = glm::length(glm::dvec3(b.center) - glm::dvec3(a.center));
  const double gap = d - static_cast<double>(a.radius) - static_cast<double>(b.radius);
  r.distance = r.overlap ? 0.0f : lengthValue(gap);
  if (s.overlap) r.penetration = PairPenetration{AxisId{}, s.normal, lengthValue(-gap)};
}

void fromSegmentSegment(const Segment& a, const Segment& b, PairResult& r) {
  const SegSegResult s = closestSegmentSegment(a, b);
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
  if (d > 0.0) {
    axis = (glm::dvec3(c.closestPoint) - glm::dvec3(s.center)) / d;
  } else {
    const glm::dvec3 n = glm::cross(glm::dvec3(t.b) - glm::dvec3(t.a), glm::dvec3(t.c) - glm::dvec3(t.a));
    const double len = glm::length(n);
    if (!(len > 0.0)) return;  // the centre on a triangle without area: no direction to name
    axis = n / len;
  }
  r.penetration = PairPenetration{AxisId{}, unitValue(axis), lengthValue(static_cast<double>(s.radius) - d)};
}

/// Runs `test` on x (its A) and y (its B): the geometry in the test's roles, and in the
/// plane for a planar rule's circles and segments.
PairResult run(TestId test, const ShapeGeometry& x, const ShapeGeometry& y) {
  PairResult r;
  switch (test) {
    case TestId::AabbAabb: {
      const Aabb &a = std::get<Aabb>(x), &b = std::get<Aabb>(y);
      fromSat(satAabbAabb(a, b), boxOf(a), boxOf(b), r);
      break;
    }
    case TestId::AabbObb: {
      const Aabb& a = std::get<Aabb>(x);
      const Obb& b = std::get<Obb>(y);
      fromSat(satAabbObb(a, b), boxOf(a), boxOf(b), r);
      break;
    }
    case TestId::ObbObb: {
      const Obb &a = std::get<Obb>(x), &b = std::get<Obb>(y);
      fromSat(satObbObb(a, b), boxOf(a), boxOf(b), r);
      break;
    }
    case TestId::SegmentAabb: {
      // The slab test (the Recast & Detour slab post) decides and gives the t interval; the
      // 6-axis SAT (the "Using AABB" tutorial) names the separating axis of a miss. Both are
      // exact away from a 1e-6 band around slabs the segment runs parallel to
      // (docs/algorithms.md).
      const Aabb& box = std::get<Aabb>(x);
      const Segment& seg = std::get<Segment>(y);
      fromSegmentHit(slabSegmentAabb(seg, box), r);
      if (!r.overlap) {
        const SatResult s = satAabbSegment(box, seg);
        if (!s.overlap) {
          r.separatingAxis = PairAxis{s.separating, s.separatingAxis,
                                      lengthValue(projectionGap(boxOf(box), boxOf(seg), s.separatingAxis))};
        }
      }
      break;
    }
    case TestId::SegmentObb: fromSegmentHit(slabSegmentObb(std::get<Segment>(y), std::get<Obb>(x)), r); break;
    case TestId::SphereAabb: {
      const Sphere& s = std::get<Sphere>(x);
      const Aabb& box = std::get<Aabb>(y);
      fromClosest(closestSphereAabb(s, box), glm::dvec3(s.center), s.radius, boxOf(box), r);
      break;
    }
    case TestId::SphereObb: {
      const Sphere& s = std::get<Sphere>(x);
      const Obb& box = std::get<Obb>(y);
      fromClosest(closestSphereObb(s, box), glm::dvec3(s.center), s.radius, boxOf(box), r);
      break;
    }
    case TestId::SphereSphere: fromSphereSphere(std::get<Sphere>(x), std::get<Sphere>(y), r); break;
    case TestId::SegmentSphere: {
      const Sphere& s = std::get<Sphere>(x);
      const Segment& seg = std::get<Segment>(y);
      fromSegmentHit(segmentSphere(seg, s), r);
      r.distance = std::max(0.0f, closestSegmentSegment(seg, Segment{s.center, s.center}).distance - s.radius);
      break;
    }
    case TestId::SegmentSegment: fromSegmentSegment(std::get<Segment>(x), std::get<Segment>(y), r); break;
    case TestId::RectRect: {
      const Rect2 a = rect2(std::get<Aabb>(x)), b = rect2(std::get<Aabb>(y));
      fromSat(satRectRect(a, b), boxOf(a), boxOf(b), r);
      break;
    }
    case TestId::RectOrientedRect: {
      const Rect2 a = rect2(std::get<Aabb>(x));
      const OrientedRect2 b = orientedRect2(std::get<Obb>(y));
      fromSat(satRectOrientedRect(a, b), boxOf(a), boxOf(b), r);
      break;
    }
    case TestId::OrientedRectOrientedRect: {
      const OrientedRect2 a = orientedRect2(std::get<Obb>(x)), b = orientedRect2(std::get<Obb>(y));
      fromSat(satOrientedRectOrientedRect(a, b), boxOf(a), boxOf(b), r);
      break;
    }
    case TestId::SegmentRect:
      fromSegmentHit(slabSegmentRect(segment2(std::get<Segment>(y)), rect2(std::get<Aabb>(x))), r);
      break;
    case TestId::SegmentOrientedRect:
      fromSegmentHit(slabSegmentOrientedRect(segment2(std::get<Segment>(y)), orientedRect2(std::get<Obb>(x))), r);
      break;
    case TestId::CircleRect: {
      const Circle2 c = circle2(std::get<Sphere>(x));
      const Rect2 box = rect2(std::get<Aabb>(y));
      fromClosest(closestCircleRect(c, box), glm::dvec3(c.center, 0.0), c.radius, boxOf(box), r);
      break;
    }
    case TestId::CircleOrientedRect: {
      const Circle2 c = circle2(std::get<Sphere>(x));
      const OrientedRect2 box = orientedRect2(std::get<Obb>(y));
      fromClosest(closestCircleOrientedRect(c, box), glm::dvec3(c.center, 0.0), c.radius, boxOf(box), r);
      break;
    }
    case TestId::AabbTriangle: fromTriangleSat(satAabbTriangle(std::get<Aabb>(x), std::get<Triangle>(y)), r); break;
    case TestId::ObbTriangle: fromTriangleSat(satObbTriangle(std::get<Obb>(x), std::get<Triangle>(y)), r); break;
    case TestId::TriangleTriangle:
      fromTriangleSat(satTriangleTriangle(std::get<Triangle>(x), std::get<Triangle>(y)), r);
      break;
    case TestId::SphereTriangle: {
      const Sphere& s = std::get<Sphere>(x);
      const Triangle& t = std::get<Triangle>(y);
      fromSphereTriangle(closestSphereTriangle(s, t), s, t, r);
      break;
    }
    case TestId::SegmentTriangle: {
      const SegmentTriangleHit h = segmentTriangle(std::get<Segment>(x), std::get<Triangle>(y));
      r.segmentPair = true;
      r.overlap = h.overlap;
      if (h.overlap) {
        r.tEnter = h.tEnter;
        r.tExit = h.tExit;
        r.closestPoint = h.enterPoint;
      }
      break;
    }
    case TestId::MeshMesh:
    case TestId::MeshAabb:
    case TestId::MeshObb:
    case TestId::MeshSphere:
    case TestId::MeshSegment:
    case TestId::MeshTriangle: {
      MeshQueryResult q;
      if (!runMeshQuery(test, x, y, MeshQueryOptions{}, NoTrace{}, q)) {
        r.tested = false;
        break;
      }
      r.overlap = q.overlap;
      r.mesh = PairMeshStats{q.overlap ? q.first.triangleA : 0u, q.overlap ? q.first.triangleB : 0u, q.nodeTests,
                             q.nodesRejected, q.triangleTests};
      break;
    }
    case TestId::AabbSegment:  // the explorer's alternative for AABB-segment (ExplorerOptions)
    case TestId::CircleCircle:
    case TestId::CircleSegment:
    case TestId::None: break;
  }
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

namespace {

/// overlaps() on two shapes of any kinds: one switch on the pair of kinds (a jump table),
/// so the verdict costs a branch and the test's call.
bool verdict3d(const ShapeGeometry& x, const ShapeGeometry& y) {
  using K = ShapeKind;
  constexpr auto pair = [](K p, K q) { return static_cast<int>(p) * kShapeKindCount + static_cast<int>(q); };
  const auto tri = [](const ShapeGeometry& g) -> const Triangle& { return *std::get_if<Triangle>(&g); };
  switch (pair(K(x.index()), K(y.index()))) {
    case pair(K::Aabb, K::Aabb): return overlaps(*std::get_if<Aabb>(&x), *std::get_if<Aabb>(&y));
    case pair(K::Aabb, K::Obb): return overlaps(*std::get_if<Aabb>(&x), *std::get_if<Obb>(&y));
    case pair(K::Aabb, K::Sphere): return overlaps(*std::get_if<Aabb>(&x), *std::get_if<Sphere>(&y));
    case pair(K::Aabb, K::Segment): return overlaps(*std::get_if<Aabb>(&x), *std::get_if<Segment>(&y));
    case pair(K::Obb, K::Aabb): return overlaps(*std::get_if<Obb>(&x), *std::get_if<Aabb>(&y));
    case pair(K::Obb, K::Obb): return overlaps(*std::get_if<Obb>(&x), *std::get_if<Obb>(&y));
    case pair(K::Obb, K::Sphere): return overlaps(*std::get_if<Obb>(&x), *std::get_if<Sphere>(&y));
    case pair(K::Obb, K::Segment): return overlaps(*std::get_if<Obb>(&x), *std::get_if<Segment>(&y));
    case pair(K::Sphere, K::Aabb): return overlaps(*std::get_if<Sphere>(&x), *std::get_if<Aabb>(&y));
    case pair(K::Sphere, K::Obb): return overlaps(*std::get_if<Sphere>(&x), *std::get_if<Obb>(&y));
    case pair(K::Sphere, K::Sphere): return overlaps(*std::get_if<Sphere>(&x), *std::get_if<Sphere>(&y));
    case pair(K::Sphere, K::Segment): return overlaps(*std::get_if<Sphere>(&x), *std::get_if<Segment>(&y));
    case pair(K::Segment, K::Aabb): return overlaps(*std::get_if<Segment>(&x), *std::get_if<Aabb>(&y));
    case pair(K::Segment, K::Obb): return overlaps(*std::get_if<Segment>(&x), *std::get_if<Obb>(&y));
    case pair(K::Segment, K::Sphere): return overlaps(*std::get_if<Segment>(&x), *std::get_if<Sphere>(&y));
    case pair(K::Segment, K::Segment): return overlaps(*std::get_if<Segment>(&x), *std::get_if<Segment>(&y));
    case pair(K::Aabb, K::Triangle): return overlaps(*std::get_if<Aabb>(&x), tri(y));
    case pair(K::Obb, K::Triangle): return overlaps(*std::get_if<Obb>(&x), tri(y));
    case pair(K::Sphere, K::Triangle): return overlaps(*std::get_if<Sphere>(&x), tri(y));
    case pair(K::Segment, K::Triangle): return overlaps(*std::get_if<Segment>(&x), tri(y));
    case pair(K::Triangle, K::Aabb): return overlaps(tri(x), *std::get_if<Aabb>(&y));
    case pair(K::Triangle, K::Obb): return overlaps(tri(x), *std::get_if<Obb>(&y));
    case pair(K::Triangle, K::Sphere): return overlaps(tri(x), *std::get_if<Sphere>(&y));
    case pair(K::Triangle, K::Segment): return overlaps(tri(x), *std::get_if<Segment>(&y));
    case pair(K::Triangle, K::Triangle): return overlaps(tri(x), tri(y));
    default: break;
  }
  // A mesh, in the pair table's roles: the other shape first, the mesh second (the file's
  // order for two meshes, which the caller gives).
  const bool meshX = std::holds_alternative<MeshShape>(x);
  const ShapeGeometry& first = meshX && !std::holds_alternative<MeshShape>(y) ? y : x;
  const ShapeGeometry& second = &first == &x ? y : x;
  MeshQueryResult q;
  return runMeshQuery(meshTestFor(first), first, second, MeshQueryOptions{}, NoTrace{}, q) && q.overlap;
}

/// The verdict of a 2D scene's pair in the XY plane, by the pair table's planar rules: the
/// 2D tests for a box with anything, the 3D tests on the flattened shapes for circles and
/// segments with each other.
bool verdictInPlane(const ShapeGeometry& x, const ShapeGeometry& y) {
  using K = ShapeKind;
  constexpr auto pair = [](K p, K q) { return static_cast<int>(p) * kShapeKindCount + static_cast<int>(q); };
  const auto box = [](const ShapeGeometry& g) -> const Aabb& { return *std::get_if<Aabb>(&g); };
  const auto obb = [](const ShapeGeometry& g) -> const Obb& { return *std::get_if<Obb>(&g); };
  const auto circle = [](const ShapeGeometry& g) { return circle2(*std::get_if<Sphere>(&g)); };
  const auto seg = [](const ShapeGeometry& g) { return segment2(*std::get_if<Segment>(&g)); };
  switch (pair(K(x.index()), K(y.index()))) {
    case pair(K::Aabb, K::Aabb): return overlaps(rect2(box(x)), rect2(box(y)));
    case pair(K::Aabb, K::Obb): return overlaps(rect2(box(x)), orientedRect2(obb(y)));
    case pair(K::Aabb, K::Sphere): return overlaps(rect2(box(x)), circle(y));
    case pair(K::Aabb, K::Segment): return overlaps(rect2(box(x)), seg(y));
    case pair(K::Obb, K::Aabb): return overlaps(orientedRect2(obb(x)), rect2(box(y)));
    case pair(K::Obb, K::Obb): return overlaps(orientedRect2(obb(x)), orientedRect2(obb(y)));
    case pair(K::Obb, K::Sphere): return overlaps(orientedRect2(obb(x)), circle(y));
    case pair(K::Obb, K::Segment): return overlaps(orientedRect2(obb(x)), seg(y));
    case pair(K::Sphere, K::Aabb): return overlaps(circle(x), rect2(box(y)));
    case pair(K::Sphere, K::Obb): return overlaps(circle(x), orientedRect2(obb(y)));
    case pair(K::Segment, K::Aabb): return overlaps(seg(x), rect2(box(y)));
    case pair(K::Segment, K::Obb): return overlaps(seg(x), orientedRect2(obb(y)));
    default: return verdict3d(inXyPlane(x), inXyPlane(y));  // circles and segments
  }
}

}  // namespace

bool pairOverlaps(const Scene& scene, size_t a, size_t b) {
  // overlaps() runs the pair table's test in either argument order (overlaps.hpp); two
  // shapes of one kind are tested in file order, as planPair has it.
  const ShapeGeometry& x = scene.shapes[std::min(a, b)].geometry;
  const ShapeGeometry& y = scene.shapes[std::max(a, b)].geometry;
  if (scene.view == ViewMode::ThreeD) return verdict3d(x, y);
  const auto inPlane = [](const ShapeGeometry& g) {
    if (std::holds_alternative<Triangle>(g) || std::holds_alternative<MeshShape>(g)) return false;
    const Obb* box = std::get_if<Obb>(&g);
    return box == nullptr || isRotationAboutZ(*box);
  };
  return inPlane(x) && inPlane(y) ? verdictInPlane(x, y) : verdict3d(x, y);
}

bool pairTested(const Scene& scene, size_t a, size_t b) {
  if (planPair(scene, a, b).rule.test == TestId::None) return false;
  for (size_t i : {a, b}) {
    const auto* m = std::get_if<MeshShape>(&scene.shapes[i].geometry);
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
  }
  return out;
}

}  // namespace satlab
