#include "scene/pair_table.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace satlab {

namespace {

using E = ExplorerKind;

// Rows and columns in the core's argument order: sphere, AABB, OBB, segment, triangle, mesh.
// Only the upper triangle (row <= column) is read: the shape of lower rank is the test's A.
// A mesh is always the test's B but against a mesh: its tree (the OBB tree, the paper's)
// is walked by the mesh query of that shape (mesh_query.hpp).
constexpr PairRule k3d[6][6] = {
    // sphere
    {{TestId::SphereSphere, E::SphereSphere, "sphere_sphere"},
     {TestId::SphereAabb, E::Closest, "arvo_sphere_aabb"},
     {TestId::SphereObb, E::Closest, "arvo_sphere_obb"},
     {TestId::SegmentSphere, E::SegmentSphere, "segment_sphere"},
     {TestId::SphereTriangle, E::Closest, "closest_sphere_triangle"},
     {TestId::MeshSphere, E::MeshTree, "tree_mesh_sphere"}},
    // AABB. AABB-segment: the slab test decides and gives the t interval; the explorer can
    // also step through the 6-axis SAT (ExplorerOptions::preferSlab), which pair evaluation
    // uses to name the separating axis of a miss.
    {{},
     {TestId::AabbAabb, E::Sat, "sat_aabb_aabb"},
     {TestId::AabbObb, E::Sat, "sat_aabb_obb"},
     {TestId::SegmentAabb, E::Slab, "slab_segment_aabb"},
     {TestId::AabbTriangle, E::Sat, "sat_aabb_triangle"},
     {TestId::MeshAabb, E::MeshTree, "tree_mesh_aabb"}},
    // OBB
    {{},
     {},
     {TestId::ObbObb, E::Sat, "sat_obb_obb"},
     {TestId::SegmentObb, E::Slab, "slab_segment_obb"},
     {TestId::ObbTriangle, E::Sat, "sat_obb_triangle"},
     {TestId::MeshObb, E::MeshTree, "tree_mesh_obb"}},
    // segment
    {{},
     {},
     {},
     {TestId::SegmentSegment, E::SegmentSegment, "segment_segment"},
     {TestId::SegmentTriangle, E::None, "segment_triangle"},
     {TestId::MeshSegment, E::MeshTree, "tree_mesh_segment"}},
    // triangle
    {{},
     {},
     {},
     {},
     {TestId::TriangleTriangle, E::Sat, "sat_triangle_triangle"},
     {TestId::MeshTriangle, E::MeshTree, "tree_mesh_triangle"}},
    // mesh
    {{}, {}, {}, {}, {}, {TestId::MeshMesh, E::MeshTree, "tree_mesh_mesh"}},
};

// The same in the XY plane (circle, rect, rotated rect, segment). Circles with circles and
// segments, and segments with segments, take the 3D tests on the flattened shapes: in the
// plane they are the 2D tests already. Triangles and meshes are never planar pairs (a
// pair with one takes the 3D rule, drawableInPlane).
constexpr PairRule k2d[4][4] = {
    // circle
    {{TestId::SphereSphere, E::SphereSphere, "circle_circle_2d"},
     {TestId::CircleRect, E::Closest, "arvo2d_circle_rect"},
     {TestId::CircleOrientedRect, E::Closest, "arvo2d_circle_orect"},
     {TestId::SegmentSphere, E::SegmentSphere, "circle_segment_2d"}},
    // rect
    {{},
     {TestId::RectRect, E::Sat, "sat2d_rect_rect"},
     {TestId::RectOrientedRect, E::Sat, "sat2d_rect_orect"},
     {TestId::SegmentRect, E::Slab, "slab2d_segment_rect"}},
    // rotated rect
    {{},
     {},
     {TestId::OrientedRectOrientedRect, E::Sat, "sat2d_orect_orect"},
     {TestId::SegmentOrientedRect, E::Slab, "slab2d_segment_orect"}},
    // segment
    {{}, {}, {}, {TestId::SegmentSegment, E::SegmentSegment, "segment_segment"}},
};

bool drawableInPlane(const SceneShape& s) {
  if (s.kind() == ShapeKind::Triangle || s.kind() == ShapeKind::Mesh) return false;  // tested as they are, in 3D
  const auto* box = std::get_if<Obb>(&s.geometry);
  return box == nullptr || isRotationAboutZ(*box);
}

}  // namespace

int coreArgumentRank(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Sphere: return 0;
    case ShapeKind::Aabb: return 1;
    case ShapeKind::Obb: return 2;
    case ShapeKind::Segment: return 3;
    case ShapeKind::Triangle: return 4;
    case ShapeKind::Mesh: return 5;
  }
  return 0;
}

bool isRotationAboutZ(const Obb& box) {
  const glm::mat3& m = box.axes;
  return std::abs(m[2].z) >= 1.0f - 1e-6f && std::abs(m[0].z) <= 1e-6f && std::abs(m[1].z) <= 1e-6f;
}

ShapeGeometry inXyPlane(const ShapeGeometry& geometry) {
  ShapeGeometry flat = geometry;
  if (auto* c = std::get_if<Sphere>(&flat)) {
    c->center.z = 0.0f;
  } else if (auto* g = std::get_if<Segment>(&flat)) {
    g->p0.z = 0.0f;
    g->p1.z = 0.0f;
  }
  return flat;
}

PairPlan planPair(const Scene& scene, std::size_t i, std::size_t j) {
  const SceneShape& x = scene.shapes[i];
  const SceneShape& y = scene.shapes[j];
  const int rx = coreArgumentRank(x.kind()), ry = coreArgumentRank(y.kind());
  PairPlan plan;
  // The core's argument order, and for two shapes of one kind the file's order: at a
  // touching contact a float test can decide the other way when its shapes are swapped.
  plan.swapped = rx > ry || (rx == ry && i > j);
  plan.first = plan.swapped ? j : i;
  plan.second = plan.swapped ? i : j;
  plan.planar = scene.view == ViewMode::TwoD && drawableInPlane(x) && drawableInPlane(y);
  const int lo = std::min(rx, ry), hi = std::max(rx, ry);
  plan.rule = plan.planar ? k2d[lo][hi] : k3d[lo][hi];
  return plan;
}

}  // namespace satlab
