// Which shapes of a scene a second camera's frustum culls (scene_frustum.hpp), by both tests
// of the core (satlab/collide/frustum.hpp): the plane test, and the exact SAT test. AABBs and
// OBBs are tested as they are; every other shape (sphere, segment, triangle, mesh) by its
// world AABB (shapeBounds), as a renderer culls what it draws by a bounding volume: the
// plane and SAT verdicts are then those of the box, not of the shape inside it.
#pragma once

#include "document/scene.hpp"
#include "satlab/collide/frustum.hpp"

#include <vector>

namespace satlab {

struct ShapeCull {
  bool byBounds = false;  ///< tested by its world AABB (not an AABB or OBB itself)
  FrustumVerdict planes = FrustumVerdict::Inside;
  bool satOverlap = true;
  /// The plane test keeps it, the exact test culls it: a false positive of the plane test.
  bool falsePositive() const { return planes != FrustumVerdict::Outside && !satOverlap; }
  /// Culled by the exact test (what is dimmed in the view).
  bool culled() const { return !satOverlap; }
};

struct CullCounts {
  int shapes = 0;
  int inside = 0, intersecting = 0, culledByPlanes = 0;  ///< the plane test's verdicts
  int culledBySat = 0;
  int falsePositives = 0;  ///< kept by the plane test, culled by SAT
};

struct SceneCull {
  std::vector<ShapeCull> shapes;  ///< one per scene shape, in order
  CullCounts counts;
};

/// Both tests for every shape. Linear in the number of shapes.
SceneCull cullScene(const Scene& scene, const Frustum& frustum);

/// The box a shape is culled by: its own (AABB, OBB) or its world AABB, as an OBB.
Obb cullBoxOf(const SceneShape& shape, bool& byBounds);

/// Both tests for one shape, traced (the panel's plane-by-plane and axis-by-axis view).
ShapeCull traceShapeCull(const SceneShape& shape, const Frustum& frustum, FrustumTrace& trace);

}  // namespace satlab
