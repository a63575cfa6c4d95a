#include "render/contrast.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

/// sRGB component -> linear light (WCAG 2.1's definition of relative luminance).
float linear(float c) {
  c = std::clamp(c, 0.0f, 1.0f);
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

/// The luminance `color` (with its alpha over `background`) must stay at or below (on a
/// light background) or reach (on a dark one) for `minRatio`.
float targetLuminance(const glm::vec3& background, float minRatio, bool light) {
  const float lb = relativeLuminance(background);
  return light ? (lb + 0.05f) / minRatio - 0.05f : minRatio * (lb + 0.05f) - 0.05f;
}

bool meets(const glm::vec4& c, const glm::vec3& background, float target, bool light) {
  const float l = relativeLuminance(over(c, background));
  return light ? l <= target : l >= target;
}

std::uint64_t keyOf(const glm::vec4& c) {
  std::uint64_t key = 0;
  for (int i = 0; i < 4; ++i) {
    const float v = std::isfinite(c[i]) ? std::clamp(c[i], 0.0f, 1.0f) : 0.0f;
    key = (key << 16) | static_cast<std::uint64_t>(std::lround(v * 65535.0f));
  }
  return key;
}

}  // namespace

float relativeLuminance(const glm::vec3& srgb) {
  return 0.2126f * linear(srgb.r) + 0.7152f * linear(srgb.g) + 0.0722f * linear(srgb.b);
}

float contrastRatio(const glm::vec3& a, const glm::vec3& b) {
  const float la = relativeLuminance(a), lb = relativeLuminance(b);
  return (std::max(la, lb) + 0.05f) / (std::min(la, lb) + 0.05f);
}

glm::vec3 over(const glm::vec4& color, const glm::vec3& background) {
  const float a = std::clamp(color.a, 0.0f, 1.0f);
  return glm::mix(background, glm::clamp(glm::vec3(color), 0.0f, 1.0f), a);
}

float contrastOver(const glm::vec4& color, const glm::vec3& background) {
  return contrastRatio(over(color, background), background);
}

bool isLightBackground(const glm::vec3& background) {
  // Black and white have equal contrast on a luminance of sqrt(1.05 * 0.05) - 0.05.
  return relativeLuminance(background) > 0.1791f;
}

glm::vec4 legibleOn(const glm::vec4& color, const glm::vec3& background, float minRatio) {
  const bool light = isLightBackground(background);
  const float target = targetLuminance(background, minRatio, light);
  glm::vec4 c = glm::clamp(color, glm::vec4(0.0f), glm::vec4(1.0f));
  if (!std::isfinite(color.r) || !std::isfinite(color.g) || !std::isfinite(color.b) || !std::isfinite(color.a)) {
    c = glm::vec4(0.5f, 0.5f, 0.5f, 1.0f);
  }
  if (meets(c, background, target, light)) return c;
  const glm::vec3 toward = light ? glm::vec3(0.0f) : glm::vec3(1.0f);
  // The luminance of the mix is monotonic in the mixing amount: bisect for the least one.
  auto mixed = [&](float t) { return glm::vec4(glm::mix(glm::vec3(c), toward, t), c.a); };
  if (meets(mixed(1.0f), background, target, light)) {
    float lo = 0.0f, hi = 1.0f;
    for (int i = 0; i < 24; ++i) {
      const float mid = 0.5f * (lo + hi);
      (meets(mixed(mid), background, target, light) ? hi : lo) = mid;
    }
    return mixed(hi);
  }
  // Too translucent even as black or white: raise the alpha as well.
  auto opaque = [&](float a) { return glm::vec4(toward, a); };
  float lo = c.a, hi = 1.0f;
  for (int i = 0; i < 24; ++i) {
    const float mid = 0.5f * (lo + hi);
    (meets(opaque(mid), background, target, light) ? hi : lo) = mid;
  }
  return opaque(hi);
}

glm::vec4 LegibleColors::get(const glm::vec4& color, const glm::vec3& background, float minRatio) {
  if (background != background_ || minRatio != ratio_ || cache_.size() > 4096) {
    cache_.clear();
    background_ = background;
    ratio_ = minRatio;
  }
  const std::uint64_t key = keyOf(color);
  const auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  const glm::vec4 c = legibleOn(color, background, minRatio);
  cache_.emplace(key, c);
  return c;
}

}  // namespace satlab
