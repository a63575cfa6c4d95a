// satlab collision core: the mesh–mesh verdict computed for speed (the batch path of the
// mesh queries, beside the teaching code of mesh_query.hpp, which it leaves as it is).
//
// The same walk as meshMesh (mesh_query.hpp: the same node pairs in the same order, the same
// descent, stopping at the first colliding triangle pair), with three changes that only
// save work:
//   - it works in mesh A's frame, not in world space: B's frame is placed in A's once per
//     query (R = A^T B, T = A^T (cB - cA)), so a node pair costs one placement of B's box
//     (R times its axes, R times its centre plus T) instead of placing both boxes in the
//     world, and A's triangles are used as stored;
//   - before the 15 axes, the boxes' bounding spheres (radius |half|): spheres apart means
//     boxes apart, which rejects most far pairs for the price of a distance;
//   - the node and leaf tests are the core's verdicts, overlaps(Obb, Obb) and
//     overlaps(Triangle, Triangle) (overlaps.hpp), which compute nothing but the verdict.
// The verdict is meshMesh's: both test the same triangles with the same test, once placed in
// A's frame and once in world space, which differ only by float rounding (a pair that
// touches within a rounding may be called either way by either). Measured against FCL in
// bench/bench_mesh_fcl.cpp (docs/algorithms.md, "Bounding-volume trees").
#pragma once

#include "satlab/collide/bv_tree.hpp"
#include "satlab/collide/mesh.hpp"

namespace satlab {

/// Whether the two placed meshes touch: meshMesh(a, poseA, b, poseB).overlap, faster.
bool meshMeshOverlaps(const BvTree& a, const MeshPose& poseA, const BvTree& b, const MeshPose& poseB);

}  // namespace satlab
