#include "render/wire_shapes.hpp"

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

/// Any unit vector perpendicular to unit `n`.
glm::vec3 perpendicular(const glm::vec3& n) {
  const glm::vec3 other = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  return glm::normalize(glm::cross(n, other));
}

}  // namespace

Silhouette sphereSilhouette(const Sphere& s, const glm::vec3& eye, const glm::vec3& viewDir, bool orthographic) {
  if (orthographic) return Silhouette{s.center, -glm::normalize(viewDir), s.radius};
  // Double: the squared distance overflows a float beyond about 1.8e19 (and underflows
  // below 1e-19), which would lose the outline of a large (or tiny) sphere.
  const glm::dvec3 toEye = glm::dvec3(eye) - glm::dvec3(s.center);
  const double d2 = glm::dot(toEye, toEye);
  const double r = s.radius, r2 = r * r;
  if (!std::isfinite(d2) || !(d2 > r2) || !(d2 > 0.0)) return Silhouette{s.center, -glm::normalize(viewDir), 0.0f};
  // The tangent cone from the eye touches the sphere on a circle nearer the eye than the
  // centre: offset r²/d along the eye direction, radius r·sqrt(1 - r²/d²).
  const double d = std::sqrt(d2);
  const glm::dvec3 n = toEye / d;
  return Silhouette{glm::vec3(glm::dvec3(s.center) + n * (r2 / d)), glm::vec3(n),
                    static_cast<float>(r * std::sqrt(std::max(0.0, 1.0 - r2 / d2)))};
}

void addBoxEdges(LineBatch& batch, const glm::vec3& c, const glm::mat3& axes, const glm::vec3& half,
                 const glm::vec4& color, float widthPx, float dashPx) {
  const glm::vec3 ex = axes[0] * half.x, ey = axes[1] * half.y, ez = axes[2] * half.z;
  glm::vec3 corner[8];
  for (int i = 0; i < 8; ++i) {
    corner[i] = c + ((i & 1) ? ex : -ex) + ((i & 2) ? ey : -ey) + ((i & 4) ? ez : -ez);
  }
  // Corners i and i ^ bit differ along one axis: those 12 pairs are the edges.
  for (int i = 0; i < 8; ++i) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if ((i & bit) == 0) batch.add(corner[i], corner[i | bit], color, widthPx, dashPx);
    }
  }
}

void addCircle(LineBatch& batch, const glm::vec3& center, const glm::vec3& normal, float r, const glm::vec4& color,
               float widthPx, int segments, float dashPx) {
  if (r <= 0.0f) return;
  const glm::vec3 u = perpendicular(normal);
  const glm::vec3 v = glm::cross(normal, u);
  glm::vec3 prev = center + u * r;
  for (int i = 1; i <= segments; ++i) {
    const float a = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(segments);
    const glm::vec3 p = center + (u * std::cos(a) + v * std::sin(a)) * r;
    batch.add(prev, p, color, widthPx, dashPx);
    prev = p;
  }
}

void addCapsuleOutline(LineBatch& batch, const Capsule& c, const glm::vec3& eye, const glm::vec3& viewDir,
                       bool orthographic, bool rings, const glm::vec4& color, float widthPx, int segments,
                       float dashPx) {
  const float r = c.radius;
  const glm::vec3 mid = 0.5f * (c.p0 + c.p1);
  const glm::vec3 d = c.p1 - c.p0;
  const float len = glm::length(d);
  const glm::vec3 look = orthographic || !(glm::length(mid - eye) > 0.0f) ? viewDir : mid - eye;
  const glm::vec3 side = len > 0.0f ? glm::cross(d, look) : glm::vec3(0.0f);
  const float sideLen = glm::length(side);
  if (!(len > 0.0f) || !(sideLen > 1e-6f * len * glm::length(look))) {
    // A point capsule (a sphere), or seen along its axis: the circle of its radius.
    addCircle(batch, mid, len > 0.0f ? d / len : -glm::normalize(viewDir), r, color, widthPx, segments, dashPx);
    return;
  }
  const glm::vec3 axis = d / len, s = side / sideLen * r;
  if (r > 0.0f) {
    batch.add(c.p0 + s, c.p1 + s, color, widthPx, dashPx);
    batch.add(c.p0 - s, c.p1 - s, color, widthPx, dashPx);
  } else {
    batch.add(c.p0, c.p1, color, widthPx, dashPx);
    return;
  }
  // The caps: half circles from +side round the end to -side.
  const int half = std::max(segments / 2, 4);
  for (int end = 0; end < 2; ++end) {
    const glm::vec3 centre = end == 0 ? c.p0 : c.p1;
    const glm::vec3 out = (end == 0 ? -axis : axis) * r;
    glm::vec3 prev = centre + s;
    for (int i = 1; i <= half; ++i) {
      const float a = glm::pi<float>() * static_cast<float>(i) / static_cast<float>(half);
      const glm::vec3 p = centre + s * std::cos(a) + out * std::sin(a);
      batch.add(prev, p, color, widthPx, dashPx);
      prev = p;
    }
    if (rings) addCircle(batch, centre, axis, r, color, widthPx * 0.6f, segments, dashPx);
  }
}

void addRectangle(LineBatch& batch, const glm::vec3& c, const glm::vec3& u, const glm::vec3& v, const glm::vec4& color,
                  float widthPx, float dashPx) {
  const glm::vec3 p[4] = {c - u - v, c + u - v, c + u + v, c - u + v};
  for (int i = 0; i < 4; ++i) batch.add(p[i], p[(i + 1) % 4], color, widthPx, dashPx);
}

int circleSegmentsFor(float radiusPx) {
  // A chord of angle a strays r (1 - cos(a/2)) from the arc; keep that under 0.2 px,
  // less than the anti-aliasing ramp of the line drawn over it.
  if (!(radiusPx > 1.0f)) return 8;
  const float halfAngle = std::acos(std::max(0.0f, 1.0f - 0.2f / radiusPx));
  const int n = static_cast<int>(std::ceil(glm::pi<float>() / std::max(halfAngle, 1e-4f)));
  return std::clamp(n, 8, 160);
}

float gridStepFor(float distance, const glm::vec3& target) {
  const float finest = OrbitCamera::minDistanceAt(target) * 0.1f;
  const float d = std::isfinite(distance) ? std::clamp(distance, OrbitCamera::kMinDistance, OrbitCamera::kMaxDistance)
                                          : OrbitCamera::kMaxDistance;
  const float step = std::pow(10.0f, std::floor(std::log10(d / 4.0f)));
  return std::isfinite(step) && step > finest ? step : finest;
}

void addGrid(LineBatch& batch, const glm::vec3& center, float extent, float step, float pixelScale,
             const glm::vec4& minor, const glm::vec4& major) {
  if (!std::isfinite(extent) || !std::isfinite(step) || !std::isfinite(center.x) || !std::isfinite(center.y)) return;
  step = std::max(step, 1e-30f);
  // Clamped as a float first: converting a float beyond int's range to int is undefined.
  const int n = static_cast<int>(std::clamp(extent / step, 1.0f, 200.0f));
  const float cx = std::round(center.x / step) * step;
  const float cy = std::round(center.y / step) * step;
  const float e = static_cast<float>(n) * step;
  // Every fifth line is major, counted from the origin; the count can be far beyond int's
  // range (a grid of small steps far from the origin), so it is taken modulo 5 in double.
  auto isMajorAt = [&](float coord) { return std::fmod(std::round(static_cast<double>(coord) / step), 5.0) == 0.0; };
  for (int i = -n; i <= n; ++i) {
    const float o = static_cast<float>(i) * step;
    const bool isMajor = isMajorAt(cx + o);
    const bool isMajorY = isMajorAt(cy + o);
    batch.add({cx + o, cy - e, 0.0f}, {cx + o, cy + e, 0.0f}, isMajor ? major : minor,
              (isMajor ? 1.5f : 1.0f) * pixelScale);
    batch.add({cx - e, cy + o, 0.0f}, {cx + e, cy + o, 0.0f}, isMajorY ? major : minor,
              (isMajorY ? 1.5f : 1.0f) * pixelScale);
  }
}

}  // namespace satlab
