#include "document/hull_shape.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace satlab {

namespace {
HullBuilder& installedHullBuilder() {
  static HullBuilder builder;
  return builder;
}
}  // namespace

void setHullBuilder(HullBuilder builder) { installedHullBuilder() = std::move(builder); }

std::shared_ptr<const MeshData> makeHullData(const std::vector<glm::vec3>& points) {
  const HullBuilder& builder = installedHullBuilder();
  if (builder) return makeMeshData(builder(points));
  TriangleMesh bare;
  bare.vertices = points;
  return makeMeshData(std::move(bare));
}

ConvexHull HullShape::worldHull() const {
  ConvexHull h;
  if (!body.data) return h;
  h.points.reserve(body.data->mesh.vertices.size());
  for (const glm::vec3& p : body.data->mesh.vertices) h.points.push_back(body.pose.toWorld(p));
  return h;
}

std::vector<std::array<std::uint32_t, 2>> HullShape::edges() const {
  std::vector<std::array<std::uint32_t, 2>> out;
  if (!body.data) return out;
  const TriangleMesh& m = body.data->mesh;
  if (m.triangleCount() == 0) {
    if (m.vertices.size() == 2) out.push_back({0u, 1u});
    return out;
  }
  // Each side with the normals of the faces on it (one for a flat hull's outline).
  std::map<std::array<std::uint32_t, 2>, std::vector<glm::vec3>> sides;
  for (std::size_t t = 0; t < m.triangleCount(); ++t) {
    const Triangle tri = m.triangle(t);
    const glm::vec3 n = glm::cross(tri.b - tri.a, tri.c - tri.a);
    const float len = glm::length(n);
    const glm::vec3 unit = len > 0.0f ? n / len : glm::vec3(0.0f);
    for (int k = 0; k < 3; ++k) {
      std::uint32_t i = m.indices[3 * t + static_cast<std::size_t>(k)],
                    j = m.indices[3 * t + static_cast<std::size_t>((k + 1) % 3)];
      if (i > j) std::swap(i, j);
      sides[{i, j}].push_back(unit);
    }
  }
  for (const auto& [side, normals] : sides) {
    const bool fold = normals.size() != 2 || glm::dot(normals[0], normals[1]) < 0.9999f;
    if (fold) out.push_back(side);
  }
  return out;
}

}  // namespace satlab
