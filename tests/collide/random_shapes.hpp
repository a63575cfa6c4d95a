// Random shapes for the property tests, from a seeded generator. The seed is fixed by
// default and overridable with the environment variable SATLAB_PROPERTY_SEED; tests print it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab::testing {

inline constexpr std::uint64_t kDefaultPropertySeed = 20261129;

inline std::uint64_t propertySeed() {
  if (const char* env = std::getenv("SATLAB_PROPERTY_SEED")) {
    return std::strtoull(env, nullptr, 10);
  }
  return kDefaultPropertySeed;
}

class ShapeGen {
 public:
  explicit ShapeGen(std::uint64_t seed) : rng_(seed) {}

  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }

  glm::vec3 point(float extent) {
    return {uniform(-extent, extent), uniform(-extent, extent), uniform(-extent, extent)};
  }
  glm::vec3 unitVector() {
    glm::vec3 v;
    do {
      v = point(1.0f);
    } while (glm::dot(v, v) < 1e-4f || glm::dot(v, v) > 1.0f);
    return glm::normalize(v);
  }
  // Half extents in [0.05, 1], each zero with probability 5% (flat boxes).
  glm::vec3 halfExtents() {
    glm::vec3 h;
    for (int i = 0; i < 3; ++i) h[i] = chance(0.05) ? 0.0f : uniform(0.05f, 1.0f);
    return h;
  }
  glm::mat3 rotation() {
    glm::quat q(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    if (glm::dot(q, q) < 1e-6f) q = glm::quat(1, 0, 0, 0);
    return glm::mat3_cast(glm::normalize(q));
  }

  Aabb aabb(float spread = 1.5f) { return Aabb{point(spread), halfExtents()}; }
  Obb obb(float spread = 1.5f) {
    Obb o;
    o.center = point(spread);
    o.axes = rotation();
    o.half = halfExtents();
    return o;
  }
  Sphere sphere(float spread = 1.5f) { return Sphere{point(spread), chance(0.05) ? 0.0f : uniform(0.05f, 1.0f)}; }
  // Midpoint in the spread, half length in [0, 1.5], zero length with probability 5%.
  Segment segment(float spread = 1.5f) {
    const glm::vec3 m = point(spread);
    if (chance(0.05)) return Segment{m, m};
    const glm::vec3 h = unitVector() * uniform(0.0f, 1.5f);
    return Segment{m - h, m + h};
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace satlab::testing
