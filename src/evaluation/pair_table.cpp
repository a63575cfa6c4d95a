#include "evaluation/pair_table.hpp"

#include "evaluation/pair_tests.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace satlab {

namespace {

using T = TestId;

// Rows and columns in the core's argument order: hull, capsule, sphere, AABB, OBB, segment,
// triangle, mesh. The hull tests take the hull first and the capsule tests the capsule
// (gjk.hpp, capsule.hpp), but against a mesh.
// Only the upper triangle (row <= column) is read: the shape of lower rank is the test's A.
// A mesh is always the test's B but against a mesh: its tree (the OBB tree, the paper's)
// is walked by the mesh query of that shape (mesh_query.hpp). Everything else about a test
// (its explorer, its name, its call) is its row in pair_tests.hpp.
// AABB-segment: the slab test decides and gives the t interval; the explorer can also step
// through the 6-axis SAT (ExplorerOptions::preferSlab), which pair evaluation uses to name
// the separating axis of a miss.
constexpr TestId k3d[8][8] = {
    {T::HullHull, T::HullCapsule, T::HullSphere, T::HullAabb, T::HullObb, T::HullSegment, T::HullTriangle,
     T::MeshHull},  // hull
    {T::None, T::CapsuleCapsule, T::CapsuleSphere, T::CapsuleAabb, T::CapsuleObb, T::CapsuleSegment, T::CapsuleTriangle,
     T::MeshCapsule},  // capsule
    {T::None, T::None, T::SphereSphere, T::SphereAabb, T::SphereObb, T::SegmentSphere, T::SphereTriangle,
     T::MeshSphere},                                                                                       // sphere
    {T::None, T::None, T::None, T::AabbAabb, T::AabbObb, T::SegmentAabb, T::AabbTriangle, T::MeshAabb},    // AABB
    {T::None, T::None, T::None, T::None, T::ObbObb, T::SegmentObb, T::ObbTriangle, T::MeshObb},            // OBB
    {T::None, T::None, T::None, T::None, T::None, T::SegmentSegment, T::SegmentTriangle, T::MeshSegment},  // segment
    {T::None, T::None, T::None, T::None, T::None, T::None, T::TriangleTriangle, T::MeshTriangle},          // triangle
    {T::None, T::None, T::None, T::None, T::None, T::None, T::None, T::MeshMesh},                          // mesh
};

// The same in the XY plane (circle, rect, rotated rect, segment). Circles with circles and
// segments, and segments with segments, take the 3D tests on the flattened shapes: in the
// plane they are the 2D tests already (their rows name them for the plane: planarCode).
// Triangles and meshes are never planar pairs (a pair with one takes the 3D rule,
// drawableInPlane).
constexpr TestId k2d[4][4] = {
    {T::SphereSphere, T::CircleRect, T::CircleOrientedRect, T::SegmentSphere},  // circle
    {T::None, T::RectRect, T::RectOrientedRect, T::SegmentRect},                // rect
    {T::None, T::None, T::OrientedRectOrientedRect, T::SegmentOrientedRect},    // rotated rect
    {T::None, T::None, T::None, T::SegmentSegment},                             // segment
};

bool drawableInPlane(const SceneShape& s) {
  // Tested as they are, in 3D: a capsule's pairs take the 3D tests (in a 2D scene it is a
  // stadium of the XY plane, drawn flat).
  if (s.kind() == ShapeKind::Triangle || s.kind() == ShapeKind::Mesh || s.kind() == ShapeKind::Capsule ||
      s.kind() == ShapeKind::Hull)
    return false;
  const auto* box = std::get_if<Obb>(&s.geometry);
  return box == nullptr || isRotationAboutZ(*box);
}

}  // namespace

PairRule pairRule(TestId test, bool planar) {
  return withPairTest(test, [&](auto row) {
    using R = decltype(row);
    if constexpr (!kIsPairTest<R>) {
      return PairRule{};
    } else {
      return PairRule{R::id, R::explorer, planar ? R::planarCode : R::code};
    }
  });
}

int coreArgumentRank(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Hull: return 0;
    case ShapeKind::Capsule: return 1;
    case ShapeKind::Sphere: return 2;
    case ShapeKind::Aabb: return 3;
    case ShapeKind::Obb: return 4;
    case ShapeKind::Segment: return 5;
    case ShapeKind::Triangle: return 6;
    case ShapeKind::Mesh: return 7;
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
  // The plane's table starts at the sphere (circle): a hull or a capsule is never a planar pair.
  plan.rule = pairRule(plan.planar ? k2d[lo - 2][hi - 2] : k3d[lo][hi], plan.planar);
  return plan;
}

}  // namespace satlab
