#include "ui/picking.hpp"

#include "collide/collide.hpp"

#include <algorithm>
#include <limits>

namespace satlab {

bool ViewMapping::toPixel(const glm::vec3& world, glm::vec2& px) const {
  const glm::vec4 c = viewProj * glm::vec4(world, 1.0f);
  if (c.w <= 1e-6f) return false;
  const glm::vec2 ndc = glm::vec2(c) / c.w;
  px = glm::vec2((ndc.x * 0.5f + 0.5f) * viewportPx.x, (0.5f - ndc.y * 0.5f) * viewportPx.y);
  return true;
}

Segment ViewMapping::pickSegment(const glm::vec2& px) const {
  const glm::mat4 inv = glm::inverse(viewProj);
  const glm::vec2 ndc(px.x / viewportPx.x * 2.0f - 1.0f, 1.0f - px.y / viewportPx.y * 2.0f);
  glm::vec4 nearP = inv * glm::vec4(ndc, -1.0f, 1.0f);
  glm::vec4 farP = inv * glm::vec4(ndc, 1.0f, 1.0f);
  return Segment{glm::vec3(nearP) / nearP.w, glm::vec3(farP) / farP.w};
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

PickHit pickShape(const Scene& scene, const ViewMapping& view, const glm::vec2& px, float tolerancePx) {
  const Segment ray = view.pickSegment(px);
  PickHit best;
  best.t = std::numeric_limits<float>::max();
  auto consider = [&](int index, float t) {
    if (t < best.t) {
      best.shape = index;
      best.t = t;
      best.point = ray.p0 + (ray.p1 - ray.p0) * t;
    }
  };
  for (int i = 0; i < static_cast<int>(scene.shapes.size()); ++i) {
    const ShapeGeometry& g = scene.shapes[static_cast<size_t>(i)].geometry;
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
    // Thin things (segments, flat boxes seen edge-on, point spheres): near enough on screen.
    if (const auto* seg = std::get_if<Segment>(&g)) {
      if (pixelDistanceToSegment(view, px, seg->p0, seg->p1) <= tolerancePx) {
        const SegSegResult closest = closestSegmentSegment(ray, *seg);
        consider(i, closest.s);
      }
    } else if (const auto* s = std::get_if<Sphere>(&g)) {
      if (pixelDistanceToSegment(view, px, s->center, s->center) <= tolerancePx) {
        consider(i, closestSegmentSegment(ray, Segment{s->center, s->center}).s);
      }
    }
  }
  if (best.shape < 0) best.t = 1.0f;
  return best;
}

}  // namespace satlab
