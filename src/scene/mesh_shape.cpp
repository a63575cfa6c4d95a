#include "scene/mesh_shape.hpp"

#include <cmath>
#include <limits>

#include "scene/scene.hpp"

namespace satlab {

std::shared_ptr<const MeshData> makeMeshData(TriangleMesh mesh) {
  auto data = std::make_shared<MeshData>();
  data->mesh = std::move(mesh);
  if (!data->mesh.vertices.empty()) {
    data->lo = glm::vec3(std::numeric_limits<float>::max());
    data->hi = -data->lo;
    for (const glm::vec3& v : data->mesh.vertices) {
      data->lo = glm::min(data->lo, v);
      data->hi = glm::max(data->hi, v);
    }
  }
  return data;
}

std::shared_ptr<const BvTree> MeshData::tree(BvKind kind, const glm::vec3& scale) const {
  const int k = kind == BvKind::Aabb ? 0 : 1;
  std::lock_guard<std::mutex> lock(treeMutex_);
  std::shared_ptr<const BvTree>& slot = trees_[k];
  if (!slot || slot->scale != scale) slot = std::make_shared<const BvTree>(buildBvTree(mesh, kind, scale));
  return slot;
}

std::optional<std::string> meshProblem(const TriangleMesh& mesh, std::string* where) {
  const auto at = [&](std::string place, std::string why) -> std::optional<std::string> {
    if (where) *where = std::move(place);
    return why;
  };
  if (mesh.vertices.empty()) return at("", "a mesh needs at least one vertex");
  if (mesh.vertices.size() > kMaxSceneMeshVertices) {
    return at("", "too many vertices (" + std::to_string(mesh.vertices.size()) + "; the limit is " +
                      std::to_string(kMaxSceneMeshVertices) + ")");
  }
  if (mesh.indices.empty() || mesh.indices.size() % 3 != 0) {
    return at("", "a mesh needs at least one triangle, three indices each");
  }
  if (mesh.triangleCount() > kMaxSceneMeshTriangles) {
    return at("", "too many triangles (" + std::to_string(mesh.triangleCount()) + "; the limit is " +
                      std::to_string(kMaxSceneMeshTriangles) + ")");
  }
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    for (glm::length_t k = 0; k < 3; ++k) {
      const float v = mesh.vertices[i][k];
      if (!std::isfinite(v) || std::abs(v) > kMaxSceneCoordinate) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
        return at("vertices[" + std::to_string(i) + "][" + std::to_string(k) + "]",
                  std::string(buf) + " is not a finite coordinate within |v| <= 1e9");
      }
    }
  }
  for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
    if (mesh.indices[i] >= mesh.vertices.size()) {
      return at("triangles[" + std::to_string(i / 3) + "][" + std::to_string(i % 3) + "]",
                "index " + std::to_string(mesh.indices[i]) + " is out of range (the mesh has " +
                    std::to_string(mesh.vertices.size()) + " vertices)");
    }
  }
  return std::nullopt;
}

Triangle MeshShape::worldTriangle(std::size_t i) const {
  const Triangle t = data->mesh.triangle(i);
  return Triangle{pose.toWorld(t.a), pose.toWorld(t.b), pose.toWorld(t.c)};
}

Obb meshBoundsObb(const MeshShape& m) {
  Obb box;
  box.axes = m.pose.axes;
  if (!m.data) {
    box.center = m.pose.center;
    return box;
  }
  const glm::vec3 mid = (m.data->lo + m.data->hi) * 0.5f;
  box.center = m.pose.toWorld(mid);
  box.half = glm::abs(m.pose.scale * (m.data->hi - m.data->lo) * 0.5f);
  return box;
}

void meshWorldBounds(const MeshShape& m, glm::vec3& lo, glm::vec3& hi) {
  const Obb box = meshBoundsObb(m);
  glm::vec3 r(0.0f);
  for (int i = 0; i < 3; ++i) r += glm::abs(box.axes[i]) * box.half[i];
  lo = box.center - r;
  hi = box.center + r;
}

}  // namespace satlab
