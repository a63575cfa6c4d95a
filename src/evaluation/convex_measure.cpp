#include "evaluation/convex_measure.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "satlab/collide/gjk.hpp"
#include "satlab/collide/support.hpp"

namespace satlab {

std::optional<ConvexShape> convexOfShape(const SceneShape& s, ConvexHull& hull) {
  return std::visit(
      [&hull](const auto& g) -> std::optional<ConvexShape> {
        using G = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<G, MeshShape>) {
          return std::nullopt;
        } else if constexpr (std::is_same_v<G, HullShape>) {
          hull = g.worldHull();
          if (hull.points.empty()) return std::nullopt;
          return convexOf(hull);
        } else {
          return convexOf(g);
        }
      },
      s.geometry);
}

namespace {

double largestCoordinate(const ConvexShape& s) {
  double m = s.radius;
  for (std::size_t i = 0; i < s.count(); ++i) {
    const glm::vec3 p = s.points()[i];
    m = std::max(m, double(std::max(std::abs(p.x), std::abs(p.y))) + s.radius);
  }
  return m;
}

/// The shape's prism across the XY plane: each point at z = -h and z = +h (`storage` keeps
/// the points the returned view refers to).
ConvexShape prism(const ConvexShape& s, float h, std::vector<glm::vec3>& storage) {
  storage.clear();
  for (std::size_t i = 0; i < s.count(); ++i) {
    const glm::vec3 p = s.points()[i];
    storage.push_back({p.x, p.y, -h});
    storage.push_back({p.x, p.y, h});
  }
  ConvexShape out;
  out.shared = storage.data();
  out.sharedCount = storage.size();
  out.radius = s.radius;
  return out;
}

}  // namespace

std::optional<ConvexResult> measureConvexPair(const SceneShape& a, const SceneShape& b, ViewMode view) {
  ConvexHull ha, hb;
  const std::optional<ConvexShape> ca = convexOfShape(a, ha), cb = convexOfShape(b, hb);
  if (!ca || !cb) return std::nullopt;
  if (view == ViewMode::ThreeD) return convexContact(*ca, *cb);
  // Taller than any depth in the plane: the depth is at most the two shapes' extent.
  const float h = static_cast<float>(4.0 * (1.0 + largestCoordinate(*ca) + largestCoordinate(*cb)));
  std::vector<glm::vec3> pa, pb;
  ConvexResult r = convexContact(prism(*ca, h, pa), prism(*cb, h, pb));
  r.pointA.z = r.pointB.z = 0.0f;
  r.normal.z = 0.0f;
  const float len = glm::length(r.normal);
  if (len > 0.0f) r.normal /= len;
  return r;
}

}  // namespace satlab
