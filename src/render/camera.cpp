#include "render/camera.hpp"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace satlab {

glm::vec3 OrbitCamera::forward() const {
  const float yaw = glm::radians(yawDeg);
  const float pitch = glm::radians(pitchDeg);
  // Direction from the target to the eye, negated.
  const glm::vec3 toEye(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch));
  return -toEye;
}

glm::vec3 OrbitCamera::eye() const { return target - forward() * distance; }

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), target, glm::vec3(0.0f, 0.0f, 1.0f)); }

glm::mat4 OrbitCamera::projection(float aspect) const {
  aspect = std::max(aspect, 1e-3f);
  const float nearZ = std::max(distance * 1e-3f, 1e-3f);
  const float farZ = distance * 100.0f + 100.0f;
  if (orthographic) {
    const float h = distance * std::tan(glm::radians(fovYDeg) * 0.5f);
    return glm::ortho(-h * aspect, h * aspect, -h, h, -farZ, farZ);
  }
  return glm::perspective(glm::radians(fovYDeg), aspect, nearZ, farZ);
}

void OrbitCamera::orbit(float dxPx, float dyPx) {
  yawDeg -= dxPx * 0.3f;
  pitchDeg = std::clamp(pitchDeg + dyPx * 0.3f, -89.0f, 89.0f);
  yawDeg = std::fmod(yawDeg, 360.0f);
}

void OrbitCamera::pan(float dxPx, float dyPx, float heightPx) {
  const glm::vec3 f = forward();
  const glm::vec3 right = glm::normalize(glm::cross(f, glm::vec3(0.0f, 0.0f, 1.0f)));
  const glm::vec3 up = glm::cross(right, f);
  const float worldPerPx = 2.0f * distance * std::tan(glm::radians(fovYDeg) * 0.5f) / std::max(heightPx, 1.0f);
  target += (-dxPx * right + dyPx * up) * worldPerPx;
}

void OrbitCamera::zoom(float steps) { distance = std::clamp(distance * std::pow(0.88f, steps), 1e-3f, 1e6f); }

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi, float aspect) {
  target = (lo + hi) * 0.5f;
  const float radius = std::max(glm::length(hi - lo) * 0.5f, 0.5f);
  const float halfFov = glm::radians(fovYDeg) * 0.5f;
  const float halfFovX = std::atan(std::tan(halfFov) * std::max(aspect, 1e-3f));
  distance = radius / std::sin(std::min(halfFov, halfFovX)) * 1.05f;
}

}  // namespace satlab
