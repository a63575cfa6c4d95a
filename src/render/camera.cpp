#include "render/camera.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

constexpr float kMaxPitchDeg = 89.999f;
const OrbitCamera kDefaults{};

float clampOr(float v, float lo, float hi, float fallback) {
  return std::isfinite(v) ? std::clamp(v, lo, hi) : fallback;
}

/// The camera's fields moved into its working range (see camera.hpp).
OrbitCamera clamped(const OrbitCamera& c) {
  OrbitCamera out = c;
  out.clampToRange();
  return out;
}

}  // namespace

glm::mat4 lookAlong(const glm::vec3& eye, const glm::vec3& f, const glm::vec3& up) {
  const glm::vec3 s = glm::normalize(glm::cross(f, up));
  const glm::vec3 u = glm::cross(s, f);
  glm::mat4 m(1.0f);
  m[0][0] = s.x, m[1][0] = s.y, m[2][0] = s.z;
  m[0][1] = u.x, m[1][1] = u.y, m[2][1] = u.z;
  m[0][2] = -f.x, m[1][2] = -f.y, m[2][2] = -f.z;
  m[3][0] = -glm::dot(s, eye);
  m[3][1] = -glm::dot(u, eye);
  m[3][2] = glm::dot(f, eye);
  return m;
}

float OrbitCamera::minDistanceAt(const glm::vec3& target) {
  const float m = std::max({std::abs(target.x), std::abs(target.y), std::abs(target.z)});
  return std::isfinite(m) ? std::max(kMinDistance, m * 1e-5f) : kMinDistance;
}

void OrbitCamera::clampToRange() {
  for (int i = 0; i < 3; ++i) target[i] = clampOr(target[i], -kMaxTarget, kMaxTarget, 0.0f);
  yawDeg = std::isfinite(yawDeg) ? std::fmod(yawDeg, 360.0f) : kDefaults.yawDeg;
  pitchDeg = clampOr(pitchDeg, -kMaxPitchDeg, kMaxPitchDeg, kDefaults.pitchDeg);
  // Not nearer than the target's own float resolution allows: nearer, the eye and the
  // target are a few float steps apart, and an orthographic scale of 1 / distance times a
  // translation of |target| overflows.
  distance = std::clamp(std::isfinite(distance) ? distance : kDefaults.distance, minDistanceAt(target), kMaxDistance);
  fovYDeg = clampOr(fovYDeg, 1.0f, 170.0f, kDefaults.fovYDeg);
}

glm::vec3 OrbitCamera::forward() const {
  const float yaw = glm::radians(std::isfinite(yawDeg) ? std::fmod(yawDeg, 360.0f) : kDefaults.yawDeg);
  const float pitch = glm::radians(clampOr(pitchDeg, -kMaxPitchDeg, kMaxPitchDeg, kDefaults.pitchDeg));
  // Direction from the target to the eye, negated.
  const glm::vec3 toEye(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch));
  return -toEye;
}

glm::vec3 OrbitCamera::eye() const {
  const OrbitCamera c = clamped(*this);
  return c.target - c.forward() * c.distance;
}

glm::mat4 OrbitCamera::view() const {
  const OrbitCamera c = clamped(*this);
  return lookAlong(c.eye(), c.forward(), glm::vec3(0.0f, 0.0f, 1.0f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
  const OrbitCamera c = clamped(*this);
  aspect = clampOr(aspect, 1e-3f, 1e3f, 1.0f);
  const float d = c.distance;
  // Near and far follow the distance (the far plane 100 distances out, plus up to 100 units
  // of ground grid); their ratio stays below 1e5 so depth keeps its precision.
  const float nearZ = d * 1e-3f;
  const float farZ = d * 100.0f + std::min(100.0f, d * 1000.0f);
  const float tanHalf = std::tan(glm::radians(c.fovYDeg) * 0.5f);
  glm::mat4 m(0.0f);
  if (c.orthographic) {
    // glm::ortho(-h * aspect, h * aspect, -h, h, -farZ, farZ).
    const float h = d * tanHalf;
    m[0][0] = 1.0f / (h * aspect);
    m[1][1] = 1.0f / h;
    m[2][2] = -1.0f / farZ;
    m[3][3] = 1.0f;
    return m;
  }
  // glm::perspective, with -2 f n / (f - n) written as -2 n / (1 - n / f): f * n overflows
  // a float for distances beyond about 1e19.
  const float k = nearZ / farZ;
  m[0][0] = 1.0f / (aspect * tanHalf);
  m[1][1] = 1.0f / tanHalf;
  m[2][2] = -(1.0f + k) / (1.0f - k);
  m[2][3] = -1.0f;
  m[3][2] = -2.0f * nearZ / (1.0f - k);
  return m;
}

void OrbitCamera::orbit(float dxPx, float dyPx) {
  if (!std::isfinite(dxPx) || !std::isfinite(dyPx)) return;
  yawDeg -= dxPx * 0.3f;
  pitchDeg = std::clamp(pitchDeg + dyPx * 0.3f, -89.0f, 89.0f);
  yawDeg = std::fmod(yawDeg, 360.0f);
  clampToRange();
}

void OrbitCamera::pan(float dxPx, float dyPx, float heightPx) {
  if (!std::isfinite(dxPx) || !std::isfinite(dyPx)) return;
  clampToRange();
  const glm::vec3 f = forward();
  const glm::vec3 right = glm::normalize(glm::cross(f, glm::vec3(0.0f, 0.0f, 1.0f)));
  const glm::vec3 up = glm::cross(right, f);
  const float worldPerPx = 2.0f * distance * std::tan(glm::radians(fovYDeg) * 0.5f) /
                           std::max(std::isfinite(heightPx) ? heightPx : 1.0f, 1.0f);
  target += (-dxPx * right + dyPx * up) * worldPerPx;
  clampToRange();
}

void OrbitCamera::zoom(float steps) {
  if (!std::isfinite(steps)) return;
  clampToRange();
  const float d = static_cast<float>(static_cast<double>(distance) * std::pow(0.88, static_cast<double>(steps)));
  distance = clampOr(d, minDistanceAt(target), kMaxDistance, distance);
  clampToRange();
}

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi, float aspect) {
  clampToRange();
  const glm::dvec3 l(lo), h(hi);
  const bool finite = std::isfinite(l.x) && std::isfinite(l.y) && std::isfinite(l.z) && std::isfinite(h.x) &&
                      std::isfinite(h.y) && std::isfinite(h.z);
  const glm::dvec3 mid = finite ? (l + h) * 0.5 : glm::dvec3(0.0);
  for (int i = 0; i < 3; ++i) {
    target[i] = static_cast<float>(std::clamp(mid[i], -double(kMaxTarget), double(kMaxTarget)));
  }
  double radius = finite ? glm::length(h - l) * 0.5 : 0.0;
  if (!(radius > 0.0)) radius = 0.5;  // a point (or nothing) is framed as a small object
  const double halfFov = glm::radians(static_cast<double>(fovYDeg)) * 0.5;
  const double halfFovX = std::atan(std::tan(halfFov) * static_cast<double>(clampOr(aspect, 1e-3f, 1e3f, 1.0f)));
  const double d = radius / std::sin(std::min(halfFov, halfFovX)) * 1.05;
  distance = static_cast<float>(std::clamp(d, static_cast<double>(minDistanceAt(target)), double(kMaxDistance)));
  clampToRange();
}

}  // namespace satlab
