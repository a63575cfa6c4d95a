#include "scene/pair_eval.hpp"

#include "satlab/collide.hpp"

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

/// Box axis labels seen from the other shape: A and B change roles, and Ai x Bj becomes
/// Bj x Ai = -(Aj' x Bi') in the new names, i.e. "AjxBi" (the vector is negated by the
/// caller). Labels without A/B (X, Y, Z, Xxd, ...) stay as they are.
std::string swapRoles(const std::string& label) {
  if (label.size() == 2 && (label[0] == 'A' || label[0] == 'B')) {
    return std::string(1, label[0] == 'A' ? 'B' : 'A') + label[1];
  }
  if (label.size() == 5 && label[0] == 'A' && label[2] == 'x' && label[3] == 'B') {
    return std::string("A") + label[4] + "xB" + label[1];
  }
  return label;
}

/// The result of the test run as (b, a), turned round to read as (a, b).
void flip(PairResult& r) {
  if (r.separatingAxis) {
    r.separatingAxis->label = swapRoles(r.separatingAxis->label);
    r.separatingAxis->axis = -r.separatingAxis->axis;
  }
  if (r.penetration) {
    r.penetration->label = swapRoles(r.penetration->label);
    r.penetration->axis = -r.penetration->axis;
  }
  std::swap(r.closestOnA, r.closestOnB);
}

void fromSat(const SatResult& s, const BoxD& x, const BoxD& y, PairResult& r) {
  r.overlap = s.overlap;
  if (!s.overlap) {
    r.separatingAxis = PairAxis{std::string(s.separatingLabel), s.separatingAxis,
                                lengthValue(projectionGap(x, y, s.separatingAxis))};
  } else if (s.penetrationIndex >= 0) {
    r.penetration = PairPenetration{std::string(s.penetrationLabel), s.penetrationAxis,
                                    lengthValue(-projectionGap(x, y, s.penetrationAxis))};
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

float segmentPointDistance(const Segment& seg, const glm::vec3& p) {
  return closestSegmentSegment(seg, Segment{p, p}).distance;
}

// ---- 3D, canonical argument orders ------------------------------------------------------

PairResult eval3d(const Aabb& a, const Aabb& b) {
  PairResult r;
  r.test = "sat_aabb_aabb";
  fromSat(satAabbAabb(a, b), boxOf(a), boxOf(b), r);
  return r;
}
PairResult eval3d(const Aabb& a, const Obb& b) {
  PairResult r;
  r.test = "sat_aabb_obb";
  fromSat(satAabbObb(a, b), boxOf(a), boxOf(b), r);
  return r;
}
PairResult eval3d(const Obb& a, const Obb& b) {
  PairResult r;
  r.test = "sat_obb_obb";
  fromSat(satObbObb(a, b), boxOf(a), boxOf(b), r);
  return r;
}
PairResult eval3d(const Aabb& box, const Segment& seg) {
  // The slab test (the Recast & Detour slab post) decides and gives the t-interval; the 6-axis SAT (the "Using AABB" tutorial)
  // names the separating axis when they miss. Both are exact away from a 1e-6 band around
  // slabs the segment runs parallel to (docs/algorithms.md).
  PairResult r;
  r.test = "slab_segment_aabb";
  fromSegmentHit(slabSegmentAabb(seg, box), r);
  if (!r.overlap) {
    const SatResult s = satAabbSegment(box, seg);
    if (!s.overlap) {
      r.separatingAxis = PairAxis{std::string(s.separatingLabel), s.separatingAxis,
                                  lengthValue(projectionGap(boxOf(box), boxOf(seg), s.separatingAxis))};
    }
  }
  return r;
}
PairResult eval3d(const Obb& box, const Segment& seg) {
  PairResult r;
  r.test = "slab_segment_obb";
  fromSegmentHit(slabSegmentObb(seg, box), r);
  return r;
}
/// Arvo's sphere-box verdict and the box point nearest the centre, with the gap or the
/// penetration measured (measureSphereBox).
PairResult fromClosest(const char* test, const ClosestResult& c, const glm::dvec3& centre, double radius,
                       const BoxD& box) {
  PairResult r;
  r.test = test;
  r.overlap = c.overlap;
  r.closestPoint = c.closestPoint;
  const SphereBoxMeasure m = measureSphereBox(centre, radius, box);
  r.distance = r.overlap ? 0.0f : lengthValue(m.distance);
  if (r.overlap) r.penetration = PairPenetration{"", unitValue(m.axis), lengthValue(m.depth)};
  return r;
}
PairResult eval3d(const Sphere& s, const Aabb& box) {
  return fromClosest("arvo_sphere_aabb", closestSphereAabb(s, box), glm::dvec3(s.center), s.radius, boxOf(box));
}
PairResult eval3d(const Sphere& s, const Obb& box) {
  return fromClosest("arvo_sphere_obb", closestSphereObb(s, box), glm::dvec3(s.center), s.radius, boxOf(box));
}
PairResult eval3d(const Sphere& a, const Sphere& b) {
  PairResult r;
  r.test = "sphere_sphere";
  const SphereSphereResult s = sphereSphere(a, b);
  r.overlap = s.overlap;
  const double d = glm::length(glm::dvec3(b.center) - glm::dvec3(a.center));
  const double gap = d - static_cast<double>(a.radius) - static_cast<double>(b.radius);
  r.distance = r.overlap ? 0.0f : lengthValue(gap);
  if (s.overlap) r.penetration = PairPenetration{"", s.normal, lengthValue(-gap)};
  return r;
}
PairResult eval3d(const Sphere& s, const Segment& seg) {
  PairResult r;
  r.test = "segment_sphere";
  fromSegmentHit(segmentSphere(seg, s), r);
  r.distance = std::max(0.0f, segmentPointDistance(seg, s.center) - s.radius);
  return r;
}
PairResult eval3d(const Segment& a, const Segment& b) {
  PairResult r;
  r.test = "segment_segment";
  const SegSegResult s = closestSegmentSegment(a, b);
  r.segmentPair = true;
  r.overlap = s.overlap;
  if (s.overlap) {
    r.tEnter = r.tExit = s.s;
  }
  r.distance = s.distance;
  r.closestOnA = s.pointA;
  r.closestOnB = s.pointB;
  return r;
}

/// Whether the core has a test for (X, Y) in this argument order.
template <class X, class Y, class = void>
struct HasEval3d : std::false_type {};
template <class X, class Y>
struct HasEval3d<X, Y, std::void_t<decltype(eval3d(std::declval<const X&>(), std::declval<const Y&>()))>>
    : std::true_type {};

PairResult evaluate3d(const SceneShape& first, const SceneShape& second) {
  const bool swap = coreArgumentRank(first.kind()) > coreArgumentRank(second.kind());
  const SceneShape& x = swap ? second : first;
  const SceneShape& y = swap ? first : second;
  PairResult r = std::visit(
      [](const auto& gx, const auto& gy) -> PairResult {
        using X = std::decay_t<decltype(gx)>;
        using Y = std::decay_t<decltype(gy)>;
        // Rank order guarantees a canonical pair; every canonical pair has a test.
        if constexpr (HasEval3d<X, Y>::value) {
          return eval3d(gx, gy);
        } else {
          return PairResult{};
        }
      },
      x.geometry, y.geometry);
  if (swap) flip(r);
  return r;
}

// ---- 2D ------------------------------------------------------------------------------------

struct Shape2 {
  enum class Kind { Rect, ORect, Circle, Seg } kind;
  Rect2 rect;
  OrientedRect2 orect;
  Circle2 circle;
  Segment2 seg;
};

/// The shape as seen in the XY plane; false when it is not a 2D shape (an OBB tilted out
/// of the plane).
bool to2d(const SceneShape& s, Shape2& out) {
  if (const auto* a = std::get_if<Aabb>(&s.geometry)) {
    out.kind = Shape2::Kind::Rect;
    out.rect = Rect2{glm::vec2(a->center), glm::vec2(a->half)};
    return true;
  }
  if (const auto* o = std::get_if<Obb>(&s.geometry)) {
    const glm::mat3& m = o->axes;
    if (std::abs(m[2].z) < 1.0f - 1e-6f || std::abs(m[0].z) > 1e-6f || std::abs(m[1].z) > 1e-6f) return false;
    out.kind = Shape2::Kind::ORect;
    out.orect = OrientedRect2{glm::vec2(o->center), glm::vec2(m[0].x, m[0].y), glm::vec2(o->half)};
    return true;
  }
  if (const auto* c = std::get_if<Sphere>(&s.geometry)) {
    out.kind = Shape2::Kind::Circle;
    out.circle = Circle2{glm::vec2(c->center), c->radius};
    return true;
  }
  const auto& g = std::get<Segment>(s.geometry);
  out.kind = Shape2::Kind::Seg;
  out.seg = Segment2{glm::vec2(g.p0), glm::vec2(g.p1)};
  return true;
}

void fromSat2(const SatResult2& s, const BoxD& x, const BoxD& y, PairResult& r) {
  r.overlap = s.overlap;
  if (!s.overlap) {
    const glm::vec3 axis(s.separatingAxis, 0.0f);
    r.separatingAxis = PairAxis{std::string(s.separatingLabel), axis, lengthValue(projectionGap(x, y, axis))};
  } else if (s.penetrationIndex >= 0) {
    const glm::vec3 axis(s.penetrationAxis, 0.0f);
    r.penetration = PairPenetration{std::string(s.penetrationLabel), axis, lengthValue(-projectionGap(x, y, axis))};
  }
}

void fromHit2(const SegmentHit2& h, PairResult& r) {
  r.segmentPair = true;
  r.overlap = h.overlap;
  if (h.overlap) {
    r.tEnter = h.tEnter;
    r.tExit = h.tExit;
  }
}

void fromClosest2(const ClosestResult2& c, const Circle2& circle, const BoxD& box, PairResult& r) {
  r.overlap = c.overlap;
  r.closestPoint = glm::vec3(c.closestPoint, 0.0f);
  const SphereBoxMeasure m =
      measureSphereBox(glm::dvec3(circle.center.x, circle.center.y, 0.0), circle.radius, box);
  r.distance = r.overlap ? 0.0f : lengthValue(m.distance);
  if (r.overlap) r.penetration = PairPenetration{"", unitValue(m.axis), lengthValue(m.depth)};
}

int rank2d(Shape2::Kind k) {
  switch (k) {
    case Shape2::Kind::Circle: return 0;
    case Shape2::Kind::Rect: return 1;
    case Shape2::Kind::ORect: return 2;
    case Shape2::Kind::Seg: return 3;
  }
  return 4;
}

/// x before y in rank order.
PairResult evaluate2dOrdered(const Shape2& x, const Shape2& y, const SceneShape& sx, const SceneShape& sy) {
  using K = Shape2::Kind;
  PairResult r;
  if (x.kind == K::Rect && y.kind == K::Rect) {
    r.test = "sat2d_rect_rect";
    fromSat2(overlapRectRect(x.rect, y.rect), boxOf(x.rect), boxOf(y.rect), r);
  } else if (x.kind == K::Rect && y.kind == K::ORect) {
    r.test = "sat2d_rect_orect";
    fromSat2(overlapRectOrientedRect(x.rect, y.orect), boxOf(x.rect), boxOf(y.orect), r);
  } else if (x.kind == K::ORect && y.kind == K::ORect) {
    r.test = "sat2d_orect_orect";
    fromSat2(overlapOrientedRectOrientedRect(x.orect, y.orect), boxOf(x.orect), boxOf(y.orect), r);
  } else if (x.kind == K::Rect && y.kind == K::Seg) {
    r.test = "slab2d_segment_rect";
    fromHit2(intersectSegmentRect(y.seg, x.rect), r);
  } else if (x.kind == K::ORect && y.kind == K::Seg) {
    r.test = "slab2d_segment_orect";
    fromHit2(intersectSegmentOrientedRect(y.seg, x.orect), r);
  } else if (x.kind == K::Circle && y.kind == K::Rect) {
    r.test = "arvo2d_circle_rect";
    fromClosest2(overlapCircleRect(x.circle, y.rect), x.circle, boxOf(y.rect), r);
  } else if (x.kind == K::Circle && y.kind == K::ORect) {
    r.test = "arvo2d_circle_orect";
    fromClosest2(overlapCircleOrientedRect(x.circle, y.orect), x.circle, boxOf(y.orect), r);
  } else if (x.kind == K::Circle && y.kind == K::Circle) {
    r.test = "circle_circle_2d";
    const ClosestResult2 c = overlapCircleCircle(x.circle, y.circle);
    r.overlap = c.overlap;
    const glm::dvec2 between = glm::dvec2(y.circle.center) - glm::dvec2(x.circle.center);
    const double d = glm::length(between);
    const double gap = d - static_cast<double>(x.circle.radius) - static_cast<double>(y.circle.radius);
    r.distance = r.overlap ? 0.0f : lengthValue(gap);
    if (r.overlap) {
      // From the first centre to the second; +X when they coincide (as sphereSphere).
      const glm::dvec3 n = d > 0.0 ? glm::dvec3(between / d, 0.0) : glm::dvec3(1.0, 0.0, 0.0);
      r.penetration = PairPenetration{"", unitValue(n), lengthValue(-gap)};
    }
  } else if (x.kind == K::Circle && y.kind == K::Seg) {
    r.test = "circle_segment_2d";
    // One test decides the pair and gives the part of the segment inside the disc: the
    // segment-sphere quadratic in the plane, the test the explorer steps through. (The 2D
    // closest point alone, in float, could call a pair overlapping whose quadratic has no
    // root at 1e9, where floats are 64 apart.) The closest point comes from the 2D test.
    const SegmentHit h = segmentSphere(std::get<Segment>(inXyPlane(sy).geometry), std::get<Sphere>(inXyPlane(sx).geometry));
    const ClosestResult2 c = overlapCircleSegment(x.circle, y.seg);
    r.overlap = h.overlap;
    r.segmentPair = true;
    r.closestPoint = glm::vec3(c.closestPoint, 0.0f);
    r.distance = h.overlap ? 0.0f : std::max(0.0f, c.distance - x.circle.radius);
    if (h.overlap) {
      r.tEnter = h.tEnter;
      r.tExit = h.tExit;
    }
  } else {
    // Two segments: the 3D closest-point test, in the plane.
    r = eval3d(std::get<Segment>(inXyPlane(sx).geometry), std::get<Segment>(inXyPlane(sy).geometry));
  }
  return r;
}

}  // namespace

int coreArgumentRank(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Sphere: return 0;
    case ShapeKind::Aabb: return 1;
    case ShapeKind::Obb: return 2;
    case ShapeKind::Segment: return 3;
  }
  return 4;
}

SceneShape inXyPlane(const SceneShape& shape) {
  SceneShape flat = shape;
  if (auto* c = std::get_if<Sphere>(&flat.geometry)) {
    c->center.z = 0.0f;
  } else if (auto* g = std::get_if<Segment>(&flat.geometry)) {
    g->p0.z = 0.0f;
    g->p1.z = 0.0f;
  }
  return flat;
}

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
  const SceneShape& first = scene.shapes[a];
  const SceneShape& second = scene.shapes[b];
  PairResult r;
  Shape2 f2, s2;
  if (scene.view == ViewMode::TwoD && to2d(first, f2) && to2d(second, s2)) {
    const bool swap = rank2d(f2.kind) > rank2d(s2.kind);
    r = swap ? evaluate2dOrdered(s2, f2, second, first) : evaluate2dOrdered(f2, s2, first, second);
    if (swap) flip(r);
  } else {
    r = evaluate3d(first, second);
  }
  r.a = a;
  r.b = b;
  dropNonFinite(r);
  return r;
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
    const std::string got = r.overlap ? std::string("overlap")
                                      : "separated" + (r.separatingAxis ? " on " + r.separatingAxis->label : "");
    if (ex.overlap && *ex.overlap != r.overlap) {
      out.push_back({e, pair + ": expected " + (*ex.overlap ? "overlap" : "separated") + ", got " + got});
      continue;
    }
    if (ex.separatingAxis) {
      const std::string actual = r.separatingAxis ? r.separatingAxis->label : std::string();
      if (actual != *ex.separatingAxis) {
        out.push_back({e, pair + ": expected separating axis " + *ex.separatingAxis + ", got " +
                              (actual.empty() ? got : actual)});
      }
    }
  }
  return out;
}

}  // namespace satlab
