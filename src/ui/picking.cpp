#include "ui/picking.hpp"

#include "render/view_setup.hpp"
#include "satlab/collide.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

namespace satlab {

namespace {

bool finite3(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

bool ViewMapping::toPixel(const glm::vec3& world, glm::vec2& px) const {
  return projectToPixel(viewProj, viewportPx, world, px);
}

Segment ViewMapping::pickSegment(const glm::vec2& px) const {
  // Double: inverting a view-projection of a scene 1e30 across (or 1e-30) in float
  // overflows or underflows in the cofactors.
  const Segment none{glm::vec3(0.0f), glm::vec3(0.0f)};
  const glm::dmat4 m(viewProj);
  const double det = glm::determinant(m);
  if (!std::isfinite(det) || det == 0.0) return none;
  const glm::dmat4 inv = glm::inverse(m);
  const double w = std::max(static_cast<double>(viewportPx.x), 1.0),
               h = std::max(static_cast<double>(viewportPx.y), 1.0);
  const glm::dvec2 ndc(static_cast<double>(px.x) / w * 2.0 - 1.0, 1.0 - static_cast<double>(px.y) / h * 2.0);
  const glm::dvec4 nearP = inv * glm::dvec4(ndc, -1.0, 1.0);
  const glm::dvec4 farP = inv * glm::dvec4(ndc, 1.0, 1.0);
  if (nearP.w == 0.0 || farP.w == 0.0) return none;
  const glm::dvec3 a = glm::dvec3(nearP) / nearP.w, b = glm::dvec3(farP) / farP.w;
  const double big = std::numeric_limits<float>::max();
  if (!finite3(a) || !finite3(b) || glm::any(glm::greaterThan(glm::abs(a), glm::dvec3(big))) ||
      glm::any(glm::greaterThan(glm::abs(b), glm::dvec3(big)))) {
    return none;
  }
  return Segment{glm::vec3(a), glm::vec3(b)};
}

float pixelDistanceToSegment(const ViewMapping& view, const glm::vec2& px, const glm::vec3& a, const glm::vec3& b) {
  glm::vec2 pa, pb;
  const bool okA = view.toPixel(a, pa);
  const bool okB = view.toPixel(b, pb);
  if (!okA && !okB) return std::numeric_limits<float>::max();
  if (!okA) pa = pb;
  if (!okB) pb = pa;
  const glm::vec2 d = pb - pa;
  const float len2 = glm::dot(d, d);
  const float t = len2 > 0.0f ? std::clamp(glm::dot(px - pa, d) / len2, 0.0f, 1.0f) : 0.0f;
  return glm::length(px - (pa + d * t));
}

namespace {

/// `g` in the frame where the pick ray runs from the origin with largest coordinate 1: the collision
/// tests' tolerances are absolute, so a scene 1e-30 across (or 1e30) is picked in a frame
/// of ordinary size. Parameters along the ray are the same in both frames.
ShapeGeometry toRayFrame(const ShapeGeometry& g, const glm::vec3& origin, float scale) {
  auto p = [&](const glm::vec3& v) { return (v - origin) / scale; };
  return std::visit(
      [&](const auto& s) -> ShapeGeometry {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          return Aabb{p(s.center), s.half / scale};
        } else if constexpr (std::is_same_v<T, Obb>) {
          return Obb{p(s.center), s.axes, s.half / scale};
        } else if constexpr (std::is_same_v<T, Sphere>) {
          return Sphere{p(s.center), s.radius / scale};
        } else if constexpr (std::is_same_v<T, Triangle>) {
          return Triangle{p(s.a), p(s.b), p(s.c)};
        } else if constexpr (kIsMeshLike<T>) {
          return s;  // picked in world space, through its tree (meshRayT)
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return Capsule{p(s.p0), p(s.p1), s.radius / scale};
        } else {
          return Segment{p(s.p0), p(s.p1)};
        }
      },
      g);
}

/// The smallest t at which the segment `ray` (world space) meets the mesh, through the
/// mesh's tree (which rules out its bounding box first), or a negative value for a miss.
float meshRayT(const MeshShape& mesh, const Segment& ray) {
  const std::shared_ptr<const BvTree> tree = mesh.tree();
  if (!tree) return -1.0f;
  if (!slabSegmentObb(ray, meshBoundsObb(mesh)).overlap) return -1.0f;
  MeshQueryOptions all;
  all.mode = MeshQueryMode::AllHits;
  const MeshQueryResult q = meshSegment(*tree, mesh.pose, ray, all);
  float best = -1.0f;
  for (const MeshHit& h : q.hits) {
    const SegmentTriangleHit hit = segmentTriangle(ray, mesh.worldTriangle(h.triangleA));
    if (hit.overlap && (best < 0.0f || hit.tEnter < best)) best = hit.tEnter;
  }
  return best;
}

/// True when an edge of the box `shape` passes within `tolerancePx` of `px` on screen.
bool nearOnScreen(const ViewMapping& view, const glm::vec2& px, const SceneShape& shape, float tolerancePx) {
  const bool isAabb = std::holds_alternative<Aabb>(shape.geometry);
  const glm::vec3 c = isAabb ? std::get<Aabb>(shape.geometry).center : std::get<Obb>(shape.geometry).center;
  const glm::vec3 h = isAabb ? std::get<Aabb>(shape.geometry).half : std::get<Obb>(shape.geometry).half;
  const glm::mat3 axes = isAabb ? glm::mat3(1.0f) : std::get<Obb>(shape.geometry).axes;
  glm::vec3 corner[8];
  for (int k = 0; k < 8; ++k) {
    corner[k] =
        c + axes[0] * ((k & 1) ? h.x : -h.x) + axes[1] * ((k & 2) ? h.y : -h.y) + axes[2] * ((k & 4) ? h.z : -h.z);
  }
  // Corners k and k ^ bit differ along one axis: those 12 pairs are the edges.
  for (int k = 0; k < 8; ++k) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if ((k & bit) == 0 && pixelDistanceToSegment(view, px, corner[k], corner[k | bit]) <= tolerancePx) return true;
    }
  }
  return false;
}

}  // namespace

PickHit pickShape(const Scene& scene, const ViewMapping& view, const glm::vec2& px, float tolerancePx) {
  const Segment worldRay = view.pickSegment(px);
  // The largest coordinate, not the length: squaring overflows at 1e19 and vanishes at 1e-19.
  const glm::vec3 d = glm::abs(worldRay.p1 - worldRay.p0);
  const float scale = std::max({d.x, d.y, d.z});
  if (!(scale > 0.0f) || !std::isfinite(scale)) return PickHit{};
  const Segment ray{glm::vec3(0.0f), (worldRay.p1 - worldRay.p0) / scale};
  // How far `tolerancePx` reaches from the ray at each depth (in the ray's frame): the ray
  // through a pixel that far to the side, minus this one, from the near to the far plane.
  const Segment side = view.pickSegment(px + glm::vec2(std::max(tolerancePx, 0.0f), 0.0f));
  const glm::vec3 reachNear = (side.p0 - worldRay.p0) / scale, reachFar = (side.p1 - worldRay.p1) / scale;
  PickHit best;
  best.t = std::numeric_limits<float>::max();
  auto consider = [&](int index, float t) {
    if (t < best.t) {
      best.shape = index;
      best.t = t;
      best.point = worldRay.p0 + (worldRay.p1 - worldRay.p0) * t;
    }
  };
  for (int i = 0; i < static_cast<int>(scene.shapes.size()); ++i) {
    const ShapeGeometry& worldShape = scene.shapes[static_cast<size_t>(i)].geometry;
    const ShapeGeometry g = toRayFrame(worldShape, worldRay.p0, scale);
    SegmentHit hit;
    if (const auto* a = std::get_if<Aabb>(&g)) {
      hit = slabSegmentAabb(ray, *a);
    } else if (const auto* o = std::get_if<Obb>(&g)) {
      hit = slabSegmentObb(ray, *o);
    } else if (const auto* s = std::get_if<Sphere>(&g)) {
      hit = segmentSphere(ray, *s);
    } else if (const auto* tri = std::get_if<Triangle>(&g)) {
      const SegmentTriangleHit h = segmentTriangle(ray, *tri);
      hit.overlap = h.overlap;
      hit.tEnter = h.tEnter;
    } else if (const auto* mesh = std::get_if<MeshShape>(&g)) {
      const float t = meshRayT(*mesh, worldRay);
      hit.overlap = t >= 0.0f;
      hit.tEnter = t;
    } else if (const auto* hull = std::get_if<HullShape>(&g)) {
      // Through its faces' tree; a hull without faces (a point, a segment) by its corners on screen below.
      const float t = meshRayT(hull->body, worldRay);
      hit.overlap = t >= 0.0f;
      hit.tEnter = t;
    } else if (const auto* cap = std::get_if<Capsule>(&g)) {
      // The ray's point nearest the capsule's core, moved back to about where the ray
      // enters the surface (exact beside the cylinder; the depth order is all it serves).
      const CapsuleResult r = capsuleSegment(*cap, ray);
      if (r.overlap) {
        const float rr = glm::dot(ray.p1, ray.p1);
        const float t = rr > 0.0f ? glm::dot(r.pointB, ray.p1) / rr : 0.0f;
        const float back = std::sqrt(std::max(cap->radius * cap->radius - r.distance * r.distance, 0.0f) / rr);
        hit.overlap = true;
        hit.tEnter = std::max(t - back, 0.0f);
      }
    }
    if (hit.overlap) {
      consider(i, hit.tEnter);
      continue;
    }
    // Thin things (segments, point spheres, small and flat boxes): near enough on screen.
    if (const auto* hull = std::get_if<HullShape>(&g)) {
      const bool faceless = hull->body.data && hull->body.data->mesh.triangleCount() == 0;
      const ConvexHull w = faceless ? hull->worldHull() : ConvexHull{};
      for (std::size_t k = 0; k < w.points.size() && k < 2; ++k) {
        const glm::vec3 q = w.points[k], r = w.points[(k + 1) % w.points.size()];
        if (pixelDistanceToSegment(view, px, q, r) <= tolerancePx) {
          consider(i, closestSegmentSegment(worldRay, Segment{q, r}).s);
          break;
        }
      }
    } else if (const auto* seg = std::get_if<Segment>(&g)) {
      const Segment& w = std::get<Segment>(worldShape);
      if (pixelDistanceToSegment(view, px, w.p0, w.p1) <= tolerancePx) {
        const SegSegResult closest = closestSegmentSegment(ray, *seg);
        consider(i, closest.s);
      }
    } else if (const auto* cap = std::get_if<Capsule>(&g)) {
      // A thin capsule: near its core on screen.
      const Capsule& w = std::get<Capsule>(worldShape);
      if (pixelDistanceToSegment(view, px, w.p0, w.p1) <= tolerancePx) {
        consider(i, closestSegmentSegment(ray, cap->segment()).s);
      }
    } else if (const auto* s = std::get_if<Sphere>(&g)) {
      const glm::vec3 c = std::get<Sphere>(worldShape).center;
      if (pixelDistanceToSegment(view, px, c, c) <= tolerancePx) {
        consider(i, closestSegmentSegment(ray, Segment{s->center, s->center}).s);
      }
    } else if (const auto* tri = std::get_if<Triangle>(&g)) {
      // A triangle seen edge-on (or without area): near one of its edges on screen.
      const Triangle& w = std::get<Triangle>(worldShape);
      const glm::vec3 p[3] = {w.a, w.b, w.c};
      for (int k = 0; k < 3; ++k) {
        if (pixelDistanceToSegment(view, px, p[k], p[(k + 1) % 3]) <= tolerancePx) {
          const glm::vec3 q[3] = {tri->a, tri->b, tri->c};
          consider(i, closestSegmentSegment(ray, Segment{q[k], q[(k + 1) % 3]}).s);
          break;
        }
      }
    } else if (std::holds_alternative<Aabb>(g) || std::holds_alternative<Obb>(g)) {
      // A box the ray misses is still picked when one of its edges passes within the
      // tolerance on screen: a box a few pixels across (drawn as a dot), a point box (drawn
      // as a marker), a flat box seen edge-on. The bounding sphere rules out the rest cheaply.
      const bool isAabb = std::holds_alternative<Aabb>(g);
      const glm::vec3 c = isAabb ? std::get<Aabb>(g).center : std::get<Obb>(g).center;
      const glm::vec3 h = isAabb ? std::get<Aabb>(g).half : std::get<Obb>(g).half;
      const float t = std::clamp(glm::dot(c, ray.p1) / glm::dot(ray.p1, ray.p1), 0.0f, 1.0f);
      const float reach = glm::length(glm::mix(reachNear, reachFar, t));
      if (!(glm::length(c - ray.p1 * t) <= glm::length(h) + reach)) continue;
      if (nearOnScreen(view, px, scene.shapes[static_cast<size_t>(i)], tolerancePx)) consider(i, t);
    }
  }
  if (best.shape < 0) best.t = 1.0f;
  return best;
}

}  // namespace satlab
