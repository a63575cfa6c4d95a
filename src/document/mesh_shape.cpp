#include "document/mesh_shape.hpp"

#include <cmath>
#include <limits>

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
  if (!slot || slot->scale != scale) slot = std::make_shared<const BvTree>(buildBvTree(mesh, kind, scale));
  return slot;
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
