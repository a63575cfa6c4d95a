#include "document/mesh_shape.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "base/progress.hpp"
#include "document/scene.hpp"

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
  if (!slot || slot->scale != scale) {
    // Built where the work's progress is current, the indicator counts its triangles.
    BvBuildOptions options;
    options.onPlaced = [](void*, std::size_t placed) { progressAt(placed); };
    slot = std::make_shared<const BvTree>(buildBvTree(mesh, kind, scale, options));
  }
  return slot;
}

void buildMeshTrees(const Scene& scene) {
  for (const SceneShape& s : scene.shapes) {
    const MeshShape* m = std::get_if<MeshShape>(&s.geometry);
    if (m == nullptr || !m->data || m->triangleCount() == 0) continue;
    progressStage("Building the OBB tree of %s", s.name, m->triangleCount(), ProgressUnit::Triangles);
    m->tree(BvKind::Obb);
  }
}

const std::vector<std::array<std::uint32_t, 2>>& MeshData::folds() const {
  std::call_once(foldsOnce_, [this] {
    if (mesh.triangleCount() == 0) {
      if (mesh.vertices.size() == 2) folds_.push_back({0u, 1u});
      return;
    }
    // Each side with the normals of the triangles on it (one for an outline).
    std::map<std::array<std::uint32_t, 2>, std::vector<glm::vec3>> sides;
    for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
      const Triangle tri = mesh.triangle(t);
      const glm::vec3 n = glm::cross(tri.b - tri.a, tri.c - tri.a);
      const float len = glm::length(n);
      const glm::vec3 unit = len > 0.0f ? n / len : glm::vec3(0.0f);
      for (int k = 0; k < 3; ++k) {
        std::uint32_t i = mesh.indices[3 * t + static_cast<std::size_t>(k)],
                      j = mesh.indices[3 * t + static_cast<std::size_t>((k + 1) % 3)];
        if (i > j) std::swap(i, j);
        sides[{i, j}].push_back(unit);
      }
    }
    for (const auto& [side, normals] : sides) {
      if (normals.size() != 2 || glm::dot(normals[0], normals[1]) < 0.9999f) folds_.push_back(side);
    }
  });
  return folds_;
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
