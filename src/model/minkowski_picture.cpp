#include "model/minkowski_picture.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "mesh/convex_hull.hpp"

namespace satlab {

namespace {

constexpr float kSameDirection = 1.0f - 1e-5f;

/// The SAT axis of two boxes that `n` lies along, or AxisId{}.
AxisId boxAxisOf(const glm::vec3& n, const glm::mat3& a, const glm::mat3& b) {
  for (int i = 0; i < 3; ++i)
    if (std::abs(glm::dot(n, glm::normalize(a[i]))) > kSameDirection) return AxisId::faceA(i);
  for (int j = 0; j < 3; ++j)
    if (std::abs(glm::dot(n, glm::normalize(b[j]))) > kSameDirection) return AxisId::faceB(j);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const glm::vec3 c = glm::cross(a[i], b[j]);
      const float len = glm::length(c);
      if (len > 1e-6f && std::abs(glm::dot(n, c / len)) > kSameDirection) return AxisId::edge(i, j);
    }
  return AxisId{};
}

/// Orders `pts` (in a plane with normal n) round their centroid.
void orderRound(std::vector<glm::vec3>& pts, const glm::vec3& n) {
  glm::vec3 c(0.0f);
  for (const glm::vec3& p : pts) c += p;
  c /= static_cast<float>(pts.size());
  const glm::vec3 u =
      glm::normalize(std::abs(n.x) < 0.9f ? glm::cross(n, glm::vec3(1, 0, 0)) : glm::cross(n, glm::vec3(0, 1, 0)));
  const glm::vec3 v = glm::cross(n, u);
  std::sort(pts.begin(), pts.end(), [&](const glm::vec3& p, const glm::vec3& q) {
    return std::atan2(glm::dot(p - c, v), glm::dot(p - c, u)) < std::atan2(glm::dot(q - c, v), glm::dot(q - c, u));
  });
}

}  // namespace

MinkowskiPicture minkowskiPicture(const ConvexShape& a, const ConvexShape& b, const glm::mat3* boxA,
                                  const glm::mat3* boxB) {
  MinkowskiPicture out;
  out.points = a.count() * b.count();
  if (a.count() == 0 || b.count() == 0 || out.points > kMaxMinkowskiPoints) return out;
  std::vector<glm::vec3> diff;
  diff.reserve(out.points);
  for (std::size_t i = 0; i < a.count(); ++i)
    for (std::size_t j = 0; j < b.count(); ++j) diff.push_back(a.points()[i] - b.points()[j]);
  const ConvexHullResult hull = convexHull(diff);
  out.valid = true;
  out.rounding = a.radius + b.radius;
  for (const glm::dvec3& p : hull.hull.vertices) out.corners.push_back(glm::vec3(p));
  const auto corner = [&](std::uint32_t i) { return out.corners[i]; };
  const bool boxes = boxA && boxB;
  if (hull.dimension == HullDimension::Point) {
    out.flat = true;
    return out;
  }
  if (hull.dimension == HullDimension::Segment) {
    out.flat = true;
    if (out.corners.size() >= 2) out.edges.push_back({out.corners[0], out.corners[1]});
    return out;
  }
  if (hull.dimension == HullDimension::Polygon) {
    // The polygon's sides, found as the triangle sides used once; each a face in the plane.
    out.flat = true;
    std::map<std::array<std::uint32_t, 2>, int> uses;
    glm::vec3 normal(0.0f), centroid(0.0f);
    for (const auto& t : hull.hull.triangles) {
      normal += glm::cross(corner(t[1]) - corner(t[0]), corner(t[2]) - corner(t[0]));
      for (int k = 0; k < 3; ++k) {
        std::uint32_t i = t[static_cast<std::size_t>(k)], j = t[static_cast<std::size_t>((k + 1) % 3)];
        if (i > j) std::swap(i, j);
        ++uses[{i, j}];
      }
    }
    for (const glm::vec3& p : out.corners) centroid += p;
    centroid /= static_cast<float>(std::max<std::size_t>(1, out.corners.size()));
    const float nl = glm::length(normal);
    normal = nl > 0.0f ? normal / nl : glm::vec3(0, 0, 1);
    for (const auto& [side, count] : uses) {
      if (count != 1) continue;
      const glm::vec3 p = corner(side[0]), q = corner(side[1]);
      out.edges.push_back({p, q});
      glm::vec3 n = glm::cross(q - p, normal);
      const float len = glm::length(n);
      if (!(len > 0.0f)) continue;
      n /= len;
      if (glm::dot(n, p - centroid) < 0.0f) n = -n;
      MinkowskiFace f;
      f.corners = {p, q};
      f.normal = n;
      f.offset = glm::dot(n, p);
      if (boxes) f.axis = boxAxisOf(n, *boxA, *boxB);
      out.faces.push_back(std::move(f));
    }
    return out;
  }
  // A solid: triangles grouped into faces by their plane, the folds between faces its edges.
  struct Group {
    glm::vec3 normal;
    float offset;
    std::vector<std::uint32_t> corners;
  };
  std::vector<Group> groups;
  std::vector<int> groupOf;
  float size = 1.0f;
  for (const glm::vec3& p : out.corners)
    size = std::max(size, std::max(std::abs(p.x), std::max(std::abs(p.y), std::abs(p.z))));
  for (const auto& t : hull.hull.triangles) {
    glm::vec3 n = glm::cross(corner(t[1]) - corner(t[0]), corner(t[2]) - corner(t[0]));
    const float len = glm::length(n);
    n = len > 0.0f ? n / len : glm::vec3(0.0f);
    const float off = glm::dot(n, corner(t[0]));
    int g = -1;
    for (std::size_t k = 0; k < groups.size(); ++k) {
      if (glm::dot(groups[k].normal, n) > kSameDirection && std::abs(groups[k].offset - off) <= 1e-5f * size) {
        g = static_cast<int>(k);
        break;
      }
    }
    if (g < 0) {
      groups.push_back({n, off, {}});
      g = static_cast<int>(groups.size()) - 1;
    }
    groupOf.push_back(g);
    for (std::uint32_t i : t) {
      auto& cs = groups[static_cast<std::size_t>(g)].corners;
      if (std::find(cs.begin(), cs.end(), i) == cs.end()) cs.push_back(i);
    }
  }
  std::map<std::array<std::uint32_t, 2>, std::vector<int>> sides;
  for (std::size_t t = 0; t < hull.hull.triangles.size(); ++t) {
    const auto& tri = hull.hull.triangles[t];
    for (int k = 0; k < 3; ++k) {
      std::uint32_t i = tri[static_cast<std::size_t>(k)], j = tri[static_cast<std::size_t>((k + 1) % 3)];
      if (i > j) std::swap(i, j);
      sides[{i, j}].push_back(groupOf[t]);
    }
  }
  for (const auto& [side, gs] : sides) {
    if (gs.size() != 2 || gs[0] != gs[1]) out.edges.push_back({corner(side[0]), corner(side[1])});
  }
  for (const Group& g : groups) {
    MinkowskiFace f;
    for (std::uint32_t i : g.corners) f.corners.push_back(corner(i));
    orderRound(f.corners, g.normal);
    f.normal = g.normal;
    f.offset = g.offset;
    if (boxes) f.axis = boxAxisOf(g.normal, *boxA, *boxB);
    out.faces.push_back(std::move(f));
  }
  return out;
}

int faceAlong(const MinkowskiPicture& picture, const glm::vec3& axis) {
  const float len = glm::length(axis);
  if (!(len > 0.0f)) return -1;
  const glm::vec3 n = axis / len;
  int best = -1;
  for (std::size_t k = 0; k < picture.faces.size(); ++k) {
    const MinkowskiFace& f = picture.faces[k];
    if (std::abs(glm::dot(f.normal, n)) <= kSameDirection) continue;
    if (best < 0 || f.offset < picture.faces[static_cast<std::size_t>(best)].offset) best = static_cast<int>(k);
  }
  return best;
}

}  // namespace satlab
