#include "render/marker.hpp"

#include <cmath>
#include <type_traits>
#include <variant>

namespace satlab {

bool isZeroSize(const ShapeGeometry& g, bool flat) {
  return std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Aabb> || std::is_same_v<T, Obb>) {
          return s.half.x == 0.0f && s.half.y == 0.0f && (flat || s.half.z == 0.0f);
        } else if constexpr (std::is_same_v<T, Sphere>) {
          return !(s.radius > 0.0f);
        } else if constexpr (std::is_same_v<T, Triangle>) {
          const auto same = [&](const glm::vec3& p, const glm::vec3& q) {
            return flat ? p.x == q.x && p.y == q.y : p == q;
          };
          return same(s.a, s.b) && same(s.b, s.c);
        } else if constexpr (kIsMeshLike<T>) {
          const MeshShape& m = meshBody(s);
          return !m.data || m.data->lo == m.data->hi;
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return !(s.radius > 0.0f) && (flat ? s.p0.x == s.p1.x && s.p0.y == s.p1.y : s.p0 == s.p1);
        } else {
          return flat ? s.p0.x == s.p1.x && s.p0.y == s.p1.y : s.p0 == s.p1;
        }
      },
      g);
}

void addPointMarker(LineBatch& lines, const glm::vec3& p, const glm::vec3& right, const glm::vec3& up, float worldPerPx,
                    float armPx, float widthPx, const glm::vec4& color) {
  const float reach = std::isfinite(worldPerPx) && worldPerPx > 0.0f ? worldPerPx * armPx * 0.7071f : 0.0f;
  const glm::vec3 d1 = (right + up) * reach, d2 = (right - up) * reach;
  lines.add(p - d1, p + d1, color, widthPx);
  lines.add(p - d2, p + d2, color, widthPx);
}

}  // namespace satlab
