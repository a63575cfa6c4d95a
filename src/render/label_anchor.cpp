#include "render/label_anchor.hpp"

#include "document/scene_edit.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

namespace satlab {

namespace {

/// How far up from the centre of the parallelogram c + s u + r v (|s|, |r| <= 1) its
/// outline is: the t with (0, t) = s u + r v and max(|s|, |r|) = 1. 0 when u and v span no
/// area (the parallelogram is a line or a point).
float reachUp(const glm::vec2& u, const glm::vec2& v) {
  const float det = u.x * v.y - u.y * v.x;
  if (!(std::abs(det) > 1e-30f) || !std::isfinite(det)) return 0.0f;
  // (s, r) = M^-1 (0, 1) with M = [u v]: the parallelogram's coordinates of a unit step up.
  const float s = -v.x / det, r = u.x / det;
  const float m = std::max(std::abs(s), std::abs(r));
  const float t = m > 0.0f ? 1.0f / m : 0.0f;
  return std::isfinite(t) ? t : 0.0f;
}

}  // namespace

glm::vec3 outlineTop2D(const SceneShape& shape) {
  const glm::vec3 c = shapeCenter(shape);
  const float up = std::visit(
      [](const auto& g) -> float {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          return g.half.y;
        } else if constexpr (std::is_same_v<T, Obb>) {
          // The rectangle the 2D view draws: the box's first two axes, Z dropped.
          return reachUp(glm::vec2(g.axes[0]) * g.half.x, glm::vec2(g.axes[1]) * g.half.y);
        } else if constexpr (std::is_same_v<T, Sphere>) {
          return g.radius;
        } else if constexpr (std::is_same_v<T, Triangle> || std::is_same_v<T, MeshShape> ||
                             std::is_same_v<T, Capsule>) {
          return -1.0f;  // from the bounds, below
        } else {
          return 0.0f;
        }
      },
      shape.geometry);
  if (up < 0.0f) {
    glm::vec3 lo, hi;
    shapeBounds(shape, lo, hi);
    return c + glm::vec3(0.0f, std::isfinite(hi.y - c.y) ? std::max(hi.y - c.y, 0.0f) : 0.0f, 0.0f);
  }
  return c + glm::vec3(0.0f, std::isfinite(up) ? std::max(up, 0.0f) : 0.0f, 0.0f);
}

}  // namespace satlab
