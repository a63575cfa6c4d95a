// satlab collision core: a triangle mesh and where it stands.
//
// A mesh is indexed triangles in its own frame (the mesh frame). A scene places it with a
// pose: a centre, a rotation (three unit axes, as an OBB has) and a scale per mesh axis,
//   world(p) = center + axes * (scale * p)   (scale multiplies each coordinate).
// The bounding-volume trees (bv_tree.hpp) are built once on the scaled vertices
// (scale * p, still in the mesh frame), so a query only carries the rigid part of the pose
// (centre and axes); a new scale builds the trees again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// Indexed triangles: triangle i is vertices[indices[3i]], vertices[indices[3i+1]],
/// vertices[indices[3i+2]]. Whoever builds one (the mesh loader, a scene's inline mesh)
/// checks that every index is in range and every coordinate finite; the functions of the
/// core that take a TriangleMesh rely on that.
struct TriangleMesh {
  std::vector<glm::vec3> vertices;
  std::vector<std::uint32_t> indices;

  std::size_t triangleCount() const { return indices.size() / 3; }
  Triangle triangle(std::size_t i) const {
    return Triangle{vertices[indices[3 * i]], vertices[indices[3 * i + 1]], vertices[indices[3 * i + 2]]};
  }
};

/// Where a mesh stands: world(p) = center + axes * (scale * p).
struct MeshPose {
  glm::vec3 center{0.0f};
  glm::mat3 axes{1.0f};  ///< columns are the mesh's unit axes in world space
  glm::vec3 scale{1.0f};

  glm::vec3 toWorld(const glm::vec3& p) const { return center + axes * (scale * p); }
};

}  // namespace satlab
