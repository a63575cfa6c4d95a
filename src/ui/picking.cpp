#include "ui/picking.hpp"

#include "render/marker.hpp"
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
        } else {
          return Segment{p(s.p0), p(s.p1)};
        }
      },
      g);
}

}  // namespace

PickHit pickShape(const Scene& scene, const ViewMapping& view, const glm::vec2& px, float tolerancePx) {
  const Segment worldRay = view.pickSegment(px);
  // The largest coordinate, not the length: squaring overflows at 1e19 and vanishes at 1e-19.
  const glm::vec3 d = glm::abs(worldRay.p1 - worldRay.p0);
  const float scale = std::max({d.x, d.y, d.z});
  if (!(scale > 0.0f) || !std::isfinite(scale)) return PickHit{};
  const Segment ray{glm::vec3(0.0f), (worldRay.p1 - worldRay.p0) / scale};
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
    }
    if (hit.overlap) {
      consider(i, hit.tEnter);
      continue;
    }
    // Thin things (segments, point spheres, point boxes): near enough on screen.
    if (const auto* seg = std::get_if<Segment>(&g)) {
      const Segment& w = std::get<Segment>(worldShape);
      if (pixelDistanceToSegment(view, px, w.p0, w.p1) <= tolerancePx) {
        const SegSegResult closest = closestSegmentSegment(ray, *seg);
        consider(i, closest.s);
      }
    } else if (const auto* s = std::get_if<Sphere>(&g)) {
      const glm::vec3 c = std::get<Sphere>(worldShape).center;
      if (pixelDistanceToSegment(view, px, c, c) <= tolerancePx) {
        consider(i, closestSegmentSegment(ray, Segment{s->center, s->center}).s);
      }
    } else if (isZeroSize(worldShape, false)) {
      // A box with no extent is drawn as a marker at its centre (render/marker.hpp).
      const auto centerOf = [](const ShapeGeometry& b) {
        return std::holds_alternative<Aabb>(b) ? std::get<Aabb>(b).center : std::get<Obb>(b).center;
      };
      const glm::vec3 c = centerOf(worldShape);
      if (pixelDistanceToSegment(view, px, c, c) <= tolerancePx) {
        const glm::vec3 r = centerOf(g);
        consider(i, closestSegmentSegment(ray, Segment{r, r}).s);
      }
    }
  }
  if (best.shape < 0) best.t = 1.0f;
  return best;
}

}  // namespace satlab
