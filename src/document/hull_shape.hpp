// satlab scene model: a convex hull shape, the hull of a set of points, with a pose.
//
// The hull is given as points ("points" inline, or a mesh "file" whose vertices they are)
// in its own frame and placed as a mesh is, world(p) = center + axes * (scale * p). Its
// surface, the corners and triangles a picture draws and the bounding volumes are built
// from, is built once from the points by the installed hull builder (the mesh layer's
// Qhull; setHullBuilder) and kept as a mesh body: moving, turning, scaling, drawing and
// picking a hull are a mesh's. GJK and EPA (satlab/collide/gjk.hpp) need only its corners.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

#include <glm/glm.hpp>

#include "document/mesh_shape.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The corners and the triangles of the hull of `points` (finite, at least one): a solid's
/// triangles counter-clockwise from outside, a flat set's polygon as a fan, a collinear
/// set's two end points and a single point without triangles.
using HullBuilder = std::function<TriangleMesh(const std::vector<glm::vec3>& points)>;

/// Installs the builder every hull's surface comes from (the app, `satlab check` and the
/// page install the mesh layer's; installMeshFileLoader does). Not thread-safe: install it
/// once at start-up. Without one a hull's surface is its points without triangles: its
/// tests are the same (GJK looks at every point), it has no faces to draw.
void setHullBuilder(HullBuilder builder);

/// The surface of the hull of `points` by the installed builder (see setHullBuilder).
std::shared_ptr<const MeshData> makeHullData(const std::vector<glm::vec3>& points);

/// Most points a hull may be given inline, or keep as corners.
inline constexpr std::size_t kMaxHullPoints = 100000;

struct HullShape {
  /// The hull's surface as a mesh (its corners and triangles) under the hull's pose;
  /// `body.file` is the mesh file the points came from, "" for inline points. Its data is
  /// null only for a file not read (SceneLoadOptions::readMeshFiles false).
  MeshShape body;
  /// The inline points as the file gave them, in the hull's frame (saving writes them back);
  /// null for a hull from a file.
  std::shared_ptr<const std::vector<glm::vec3>> points;

  /// The corners in the world: what GJK and EPA take. Empty without data.
  ConvexHull worldHull() const;
  /// The hull's edges as pairs of corner indices: its surface's folds (MeshData::folds),
  /// computed once with the surface's data.
  const std::vector<std::array<std::uint32_t, 2>>& edges() const;
  std::size_t cornerCount() const { return body.vertexCount(); }
};

/// A mesh shape or a hull: the geometries placed by a MeshPose.
template <class T>
inline constexpr bool kIsMeshLike = std::is_same_v<T, MeshShape> || std::is_same_v<T, HullShape>;

/// The mesh a mesh shape is, or a hull's body: where both are placed, drawn and picked alike.
inline MeshShape& meshBody(MeshShape& m) { return m; }
inline const MeshShape& meshBody(const MeshShape& m) { return m; }
inline MeshShape& meshBody(HullShape& h) { return h.body; }
inline const MeshShape& meshBody(const HullShape& h) { return h.body; }

}  // namespace satlab
