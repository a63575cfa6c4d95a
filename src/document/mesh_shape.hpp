// satlab scene model: a mesh shape, triangles with a pose.
//
// The triangles live once, in a MeshData shared by every copy of the scene (the undo
// history, the autosave, the clipboard): a scene copy copies a pointer, never the
// vertices. A MeshData is immutable once built; editing a mesh shape edits its pose (the
// centre, the rotation and the scale of MeshPose), never its triangles.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "base/mesh_validate.hpp"
#include "satlab/collide/bv_tree.hpp"
#include "satlab/collide/mesh.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The triangles of a mesh in its own frame, and what is computed from them once.
struct MeshData {
  TriangleMesh mesh;   ///< indices checked in range, coordinates finite
  glm::vec3 lo{0.0f};  ///< the vertices' bounding box in the mesh frame
  glm::vec3 hi{0.0f};

  /// The bounding-volume tree of `kind` on the vertices scaled by `scale` (bv_tree.hpp):
  /// built on first use and kept, one per kind, until another scale is asked for (a new
  /// scale builds it again, as mesh.hpp says). Thread-safe.
  std::shared_ptr<const BvTree> tree(BvKind kind, const glm::vec3& scale) const;

  /// The folds as pairs of vertex indices: the sides between two triangles that are not in
  /// one plane, and the sides of one triangle only (a flat surface's outline); two vertices
  /// without triangles are one side. What a hull's surface draws as its edges (Qhull's
  /// facets come triangulated: the diagonals inside a face are no folds). Built on first use
  /// and kept. Thread-safe.
  const std::vector<std::array<std::uint32_t, 2>>& folds() const;

 private:
  mutable std::mutex treeMutex_;
  mutable std::shared_ptr<const BvTree> trees_[2];
  mutable std::once_flag foldsOnce_;
  mutable std::vector<std::array<std::uint32_t, 2>> folds_;
};

/// Builds the shared data of `mesh` (checked already by validateMesh, base/mesh_validate.hpp,
/// whose limits a scene's mesh meets, inline or from a file), with its bounds.
std::shared_ptr<const MeshData> makeMeshData(TriangleMesh mesh);

/// A mesh placed in the scene: world(p) = center + axes * (scale * p).
struct MeshShape {
  std::shared_ptr<const MeshData> data;  ///< never null in a loaded or edited scene
  MeshPose pose;
  /// Where the triangles came from: the scene file's "file" as written (relative to the
  /// scene's folder), or empty for "vertices" and "triangles" in the scene itself.
  std::string file;
  /// The file gave "scale" as one number: saving writes one number while the three are equal.
  bool uniformScaleGiven = false;

  std::size_t vertexCount() const { return data ? data->mesh.vertices.size() : 0; }
  std::size_t triangleCount() const { return data ? data->mesh.triangleCount() : 0; }
  /// Triangle i in world space.
  Triangle worldTriangle(std::size_t i) const;
  /// Its tree of `kind` for its current scale (built once, kept with its data), or null for
  /// a mesh without triangles. A scene's mesh pairs walk the OBB tree, the OBBTree paper's.
  std::shared_ptr<const BvTree> tree(BvKind kind = BvKind::Obb) const {
    return data ? data->tree(kind, pose.scale) : nullptr;
  }
};

struct Scene;

/// Builds now the OBB tree of each mesh shape of `scene` that has none for its scale yet
/// (what a frame would otherwise build when it first tests the mesh), one progress stage a
/// mesh: called by the work that opens a scene or imports a mesh, off the window's frame.
void buildMeshTrees(const Scene& scene);

/// The world-space bounding box of the mesh's eight bound corners (a box around the mesh
/// that follows its pose; not the tightest one).
void meshWorldBounds(const MeshShape& m, glm::vec3& lo, glm::vec3& hi);

/// The OBB of the mesh's frame bounds under its pose (centre, axes, scaled half extents).
Obb meshBoundsObb(const MeshShape& m);

}  // namespace satlab
