// The mesh explorer's walks as data (ui/explorer_mesh.hpp steps through them): a mesh
// pair's query through one kind of bounding-volume tree (Gottschalk, Lin, Manocha 1996,
// "OBBTree"; collide/mesh_query.hpp), run traced by the core, with each node row's verdict
// (rejected by an axis, descend, leaves), the triangle rows each leaf row led to, the trees
// and poses the rows' node numbers refer to; what a row says in words and the counts so far.
//
// Roles (evaluation/pair_tests.hpp): two meshes are A and B in the file's order, and a row's
// nodeA is a node of A's tree, nodeB of B's; against another shape the mesh is the test's
// B, yet the rows name its nodes nodeA (the core's TreeTrace: "the mesh's tree").
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_trace.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace satlab {

/// One query of the focused pair through one kind of tree, traced.
struct MeshWalk {
  BvKind kind = BvKind::Obb;
  TestId test = TestId::None;
  TreeTrace trace;
  MeshQueryResult result;
  /// The tree whose nodes the rows call nodeA, its mesh's scene index and pose; and the
  /// same for nodeB (mesh-mesh only; else null and -1).
  std::shared_ptr<const BvTree> treeA, treeB;
  int meshA = -1, meshB = -1;
  MeshPose poseA, poseB;
  /// For node row i: the triangle rows [first, second) it led to (empty unless Leaves).
  std::vector<std::pair<int, int>> leafTriangles;
  bool valid() const { return test != TestId::None && treeA != nullptr; }
};

/// Runs the query of `trace`'s pair (its test, its shapes in its roles) with trees of
/// `kind`, in `mode`: the walk the explorer draws for that kind. Invalid (test None) when
/// the pair is not a mesh pair or a mesh has no triangles.
MeshWalk runMeshWalk(const Scene& scene, const PairTrace& trace, BvKind kind, MeshQueryMode mode, float epsilon);

/// The boxes of every node at `depth` of `tree`, placed in the world by `pose`.
std::vector<Obb> meshLevelBoxes(const BvTree& tree, const MeshPose& pose, int depth);

/// What a node row says in words: "rejected by A1xB2 (gap 0.12)", "boxes overlap: open
/// A's node", "leaves: 2 triangle tests, 1 hit"; in the window's language, or (`translated`
/// false) in English, as the status line says it.
std::string meshWalkRowWords(const MeshWalk& walk, int row, bool translated = true);

/// The SAT row of the axis that rejected node row `row` (the node test run again,
/// traced through its row's nodeSat, evaluation/pair_tests.hpp), for the axis picture; computed
/// when asked (a traced SAT per rejected node each time a shape moves would be wasted); nullopt for an overlap or a
/// test without axes (the sphere's closest point, the segment's slabs).
std::optional<SatAxisRow> meshWalkRejectionAxis(const Scene& scene, const PairTrace& trace, const MeshWalk& walk,
                                                int row);

/// Node tests, rejections, triangle tests and hits in rows [0, step] of a walk.
struct MeshWalkCounts {
  int nodeTests = 0, rejected = 0, triangleTests = 0, hits = 0;
};
MeshWalkCounts meshWalkCountsUpTo(const MeshWalk& walk, int step);

/// The colliding triangles (pairs) found at node row `row` (a Leaves row; else 0).
int meshWalkRowHits(const MeshWalk& walk, int row);

}  // namespace satlab
