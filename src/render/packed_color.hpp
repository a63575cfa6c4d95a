// A straight-alpha colour packed as RGBA8 (red in the low byte), as the batches hand it to
// the GPU (normalised unsigned bytes), and back.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>

namespace satlab {

/// Each component clamped to [0, 1] and rounded to a byte; NaN (which fails both of
/// clamp's comparisons and would reach lround) counts as 0.
inline std::uint32_t packColor(const glm::vec4& c) {
  auto byte = [](float v) {
    return static_cast<std::uint32_t>(std::lround(std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) * 255.0f : 0.0f));
  };
  return byte(c.r) | (byte(c.g) << 8) | (byte(c.b) << 16) | (byte(c.a) << 24);
}

inline glm::vec4 unpackColor(std::uint32_t c) {
  return glm::vec4(static_cast<float>(c & 255u), static_cast<float>((c >> 8) & 255u),
                   static_cast<float>((c >> 16) & 255u), static_cast<float>(c >> 24)) /
         255.0f;
}

}  // namespace satlab
