#include "document/hull_shape.hpp"

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

const std::vector<std::array<std::uint32_t, 2>>& HullShape::edges() const {
  static const std::vector<std::array<std::uint32_t, 2>> none;
  return body.data ? body.data->folds() : none;
}

}  // namespace satlab
