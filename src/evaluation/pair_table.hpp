// Which core test a pair of scene shapes gets: the one table that pair evaluation (the
// pairs panel, `satlab check`, expectations, the GoogleTest export) and pair traces (the
// explorers) both read, so a verdict and its explanation always come from the same test,
// with the same shapes in the same roles.
//
// Roles: the core's tests take their shapes in a fixed order, sphere before box, AABB
// before OBB, box before segment (closestSphereAabb, satAabbObb, slabSegmentObb's box, ...);
// for two shapes of one kind the earlier one in the file comes first. That first shape is
// the test's "A".
//
// 2D scenes test their shapes in the XY plane (rectangles, rotated rectangles, circles,
// segments). An OBB that is not a pure rotation about Z cannot be drawn in the plane, so a
// pair with one takes the 3D test on the shapes as they are; so does a pair with a
// triangle or a mesh, in any scene.
//
// Triangles: the core's triangle tests (sat_triangle.hpp, closest_triangle.hpp,
// segment_triangle.hpp, triangle_triangle.hpp), the triangle the test's B (but against a
// mesh). Meshes: the mesh queries through the mesh's OBB tree (mesh_query.hpp), the mesh
// the test's B (the earlier one A for two meshes).
#pragma once

#include <cstddef>
#include <string_view>

#include "document/scene.hpp"
#include "satlab/collide.hpp"

namespace satlab {

/// Which explorer steps through a test's record.
enum class ExplorerKind {
  None,           // nothing focused, or a shape with itself
  Sat,            // box-box and AABB-segment (6 axes), 2D rectangles, box- and triangle-triangle
  Slab,           // segment against AABB, OBB, rectangle
  Closest,        // sphere against AABB or OBB, circle against rectangle (Arvo); sphere-triangle
  SegmentSphere,  // the quadratic's roots
  SphereSphere,
  SegmentSegment,
  MeshTree,  // a mesh pair: the walk of the mesh's tree (PairTrace::tree)
  Capsule,   // a capsule against a sphere, a box or a triangle: the candidates of closest features
  Gjk,       // a hull against a convex shape: GJK's iterations and EPA's expansions in A - B
};

/// One row of the table.
struct PairRule {
  TestId test = TestId::None;  ///< The test that decides the verdict.
  ExplorerKind explorer = ExplorerKind::None;
  /// The test's name in `satlab check` output and its JSON, e.g. "sat_aabb_obb"; empty for
  /// a pair no test covers yet.
  std::string_view code{};
};

/// How one pair is tested: the rule, and the shapes in the test's roles.
struct PairPlan {
  PairRule rule;
  std::size_t first = 0;   ///< Scene index of the test's A.
  std::size_t second = 0;  ///< Scene index of the test's B.
  /// The test takes the pair's shapes in the opposite order to the one asked for.
  bool swapped = false;
  /// A 2D scene's pair tested in the XY plane: circles and segments with z = 0, boxes
  /// read in x and y only.
  bool planar = false;
};

/// The rule of `test` (its explorer and its name, from its row in pair_tests.hpp; `planar`:
/// as a 2D scene's pair in the plane takes it).
PairRule pairRule(TestId test, bool planar = false);

/// The plan for shapes i and j of the scene (i != j, both in range), asked for in that order.
PairPlan planPair(const Scene& scene, std::size_t i, std::size_t j);

/// The position of a shape type in the core's argument order (hull, capsule, sphere, AABB,
/// OBB, segment, triangle, mesh).
int coreArgumentRank(ShapeKind kind);

/// An OBB that is a pure rotation about Z (its third axis is +-Z to float precision): a
/// rotated rectangle of the XY plane.
bool isRotationAboutZ(const Obb& box);

/// The shape's geometry as a 2D pair sees it: spheres (circles) and segments get z = 0; boxes
/// are returned as they are (the 2D box tests read x and y only).
ShapeGeometry inXyPlane(const ShapeGeometry& geometry);

/// The shapes in 2D form, for the planar rules.
inline Rect2 rect2(const Aabb& a) { return Rect2{glm::vec2(a.center), glm::vec2(a.half)}; }
inline OrientedRect2 orientedRect2(const Obb& o) {
  return OrientedRect2{glm::vec2(o.center), glm::vec2(o.axes[0].x, o.axes[0].y), glm::vec2(o.half)};
}
inline Circle2 circle2(const Sphere& s) { return Circle2{glm::vec2(s.center), s.radius}; }
inline Segment2 segment2(const Segment& s) { return Segment2{glm::vec2(s.p0), glm::vec2(s.p1)}; }

}  // namespace satlab
