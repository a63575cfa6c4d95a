// Mesh pairs of a scene: the mesh query (mesh_query.hpp) the pair table names, run on the
// shapes in the table's roles: the other shape first (x), the mesh second (y); two meshes
// in the file's order. Shared by pair evaluation and pair traces (internal to src/scene).
#pragma once

#include <memory>
#include <type_traits>
#include <variant>

#include "satlab/collide.hpp"
#include "scene/scene.hpp"

namespace satlab {

/// The kind of tree a scene's mesh pairs walk: the OBB tree of the OBBTree paper.
inline constexpr BvKind kSceneMeshTree = BvKind::Obb;

/// The mesh test for a mesh against `other` (a mesh, or the shape tested with a mesh).
inline TestId meshTestFor(const ShapeGeometry& other) {
  switch (static_cast<ShapeKind>(other.index())) {
    case ShapeKind::Aabb: return TestId::MeshAabb;
    case ShapeKind::Obb: return TestId::MeshObb;
    case ShapeKind::Sphere: return TestId::MeshSphere;
    case ShapeKind::Segment: return TestId::MeshSegment;
    case ShapeKind::Triangle: return TestId::MeshTriangle;
    case ShapeKind::Mesh: return TestId::MeshMesh;
  }
  return TestId::None;
}

/// The mesh's tree for its current scale, or null for a mesh without triangles.
inline std::shared_ptr<const BvTree> sceneMeshTree(const MeshShape& m) {
  return m.data ? m.data->tree(kSceneMeshTree, m.pose.scale) : nullptr;
}

/// Runs the mesh query `test` with x first and the mesh y second (both meshes for
/// MeshMesh). False (and `out` untouched) when a mesh has no triangles or the shapes are
/// not those of the test. Rec: NoTrace, or a TreeTrace to record the walk.
template <class Rec>
bool runMeshQuery(TestId test, const ShapeGeometry& x, const ShapeGeometry& y, const MeshQueryOptions& opt, Rec&& rec,
                  MeshQueryResult& out) {
  const auto* mesh = std::get_if<MeshShape>(&y);
  if (!mesh) return false;
  const std::shared_ptr<const BvTree> tree = sceneMeshTree(*mesh);
  if (!tree) return false;
  const MeshPose& pose = mesh->pose;
  constexpr bool traced = std::decay_t<Rec>::kEnabled;
  const auto query = [&](auto&& call) {
    out = call();
    return true;
  };
  switch (test) {
    case TestId::MeshMesh: {
      const auto* other = std::get_if<MeshShape>(&x);
      if (!other) return false;
      const std::shared_ptr<const BvTree> treeA = sceneMeshTree(*other);
      if (!treeA) return false;
      return query([&] {
        if constexpr (traced)
          return meshMesh(*treeA, other->pose, *tree, pose, rec, opt);
        else
          return meshMesh(*treeA, other->pose, *tree, pose, opt);
      });
    }
    case TestId::MeshAabb:
      if (!std::holds_alternative<Aabb>(x)) return false;
      return query([&] {
        if constexpr (traced)
          return meshAabb(*tree, pose, std::get<Aabb>(x), rec, opt);
        else
          return meshAabb(*tree, pose, std::get<Aabb>(x), opt);
      });
    case TestId::MeshObb:
      if (!std::holds_alternative<Obb>(x)) return false;
      return query([&] {
        if constexpr (traced)
          return meshObb(*tree, pose, std::get<Obb>(x), rec, opt);
        else
          return meshObb(*tree, pose, std::get<Obb>(x), opt);
      });
    case TestId::MeshSphere:
      if (!std::holds_alternative<Sphere>(x)) return false;
      return query([&] {
        if constexpr (traced)
          return meshSphere(*tree, pose, std::get<Sphere>(x), rec, opt);
        else
          return meshSphere(*tree, pose, std::get<Sphere>(x), opt);
      });
    case TestId::MeshSegment:
      if (!std::holds_alternative<Segment>(x)) return false;
      return query([&] {
        if constexpr (traced)
          return meshSegment(*tree, pose, std::get<Segment>(x), rec, opt);
        else
          return meshSegment(*tree, pose, std::get<Segment>(x), opt);
      });
    case TestId::MeshTriangle:
      if (!std::holds_alternative<Triangle>(x)) return false;
      return query([&] {
        if constexpr (traced)
          return meshTriangle(*tree, pose, std::get<Triangle>(x), rec, opt);
        else
          return meshTriangle(*tree, pose, std::get<Triangle>(x), opt);
      });
    default: return false;
  }
}

}  // namespace satlab
