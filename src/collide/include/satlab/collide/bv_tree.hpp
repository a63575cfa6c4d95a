// satlab collision core: bounding-volume trees of a triangle mesh (an AABB tree and an OBB
// tree).
//
// S. Gottschalk, M. C. Lin, D. Manocha, "OBBTree: A Hierarchical Structure for Rapid
// Interference Detection" (SIGGRAPH 1996), built top-down:
//   1. fit a box around the node's triangles,
//   2. split the triangles in two by their centroids: those whose centroid lies below the
//      mean of the centroids along the box's longest axis go left, the others right,
//   3. build each half the same way, until a node holds BvBuildOptions::maxLeafTriangles.
// If the mean leaves one side empty (every centroid on one side of it, e.g. duplicate
// triangles), the triangles are split at the median centroid instead, half and half, so
// every split makes two non-empty nodes (this fallback is satlab's). Below depth
// kBvMeanSplitDepth every split is at the median, so a tree of n triangles is at most
// kBvMeanSplitDepth + ceil(log2 n) deep, whatever the mesh (mean splits alone can peel one
// triangle off at a time, n levels deep).
//
// The boxes:
//   AABB tree: the min and max of the node's vertices on the mesh frame's axes.
//   OBB tree:  the axes are the eigenvectors of the covariance of the node's triangles,
//              area-weighted as in the paper (each triangle counts as the continuous surface
//              it is, so how finely a part is tessellated cannot pull the axes); if the
//              node's triangles have no area between them, each vertex counts once (the
//              covariance of the 2010 bounding-box analysis paper, builders.hpp). The
//              extents are the vertices' min and max projections on those axes. (The paper
//              takes the covariance of the node's convex hull; that needs a hull per node.)
// The longest axis of a box is its axis with the largest half extent.
//
// Frames: a tree is built once on the mesh's vertices scaled by the pose's scale, still in
// the mesh frame (mesh.hpp); every box and triangle it stores is in that frame. A query
// (mesh_query.hpp) places it with the rest of the pose, centre and axes.
//
// Storage: flat arrays. nodes[0] is the root; a node's children are at nodes[left] and
// nodes[right]; the triangles of a subtree are a contiguous range of `triangles`, so a
// tree of n triangles holds at most 2n - 1 nodes and n triangles (memory proportional to
// n). Degenerate input is fine: an empty mesh gives an empty tree (no nodes), one triangle
// a single leaf, flat nodes flat boxes (zero half extents), and no box is NaN. A triangle
// with a non-finite vertex is left out of the tree (the triangle tests report no overlap
// for it anyway, triangle.hpp); so is one whose index is out of range.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/mesh.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// Which box a tree's nodes are.
enum class BvKind : std::uint8_t {
  Aabb,  ///< Axis-aligned in the mesh frame (the box's axes are the identity).
  Obb,   ///< Oriented: the axes of the node's triangles' covariance.
};

/// "AABB tree", "OBB tree".
const char* bvKindName(BvKind kind);

/// Below this depth a node is split at the mean of its centroids (the OBBTree paper); from
/// it on, at the median, which halves the node (the depth bound above).
inline constexpr int kBvMeanSplitDepth = 32;

struct BvBuildOptions {
  /// A node with at most this many triangles is a leaf (1: a triangle per leaf, as in the
  /// paper's trees). Values below 1 count
  /// as 1.
  int maxLeafTriangles = 1;
  /// Told, as each leaf is made, how many triangles are in leaves so far: how far the build
  /// has got, for an application's progress indicator. It may throw to stop the build.
  /// Null: nobody is told.
  void (*onPlaced)(void* context, std::size_t placed) = nullptr;
  void* context = nullptr;  ///< Handed to onPlaced.
};

/// One node of a tree. Its box is in the mesh frame (scaled vertices); for an AABB tree its
/// axes are the identity.
struct BvNode {
  Obb box{};
  std::int32_t left = -1;   ///< Index of the first child in BvTree::nodes; -1 for a leaf.
  std::int32_t right = -1;  ///< Index of the second child; -1 for a leaf.
  std::uint32_t first = 0;  ///< The node's triangles are BvTree::triangles[first, first + count).
  std::uint32_t count = 0;
  std::uint16_t depth = 0;  ///< 0 for the root.

  bool isLeaf() const { return left < 0; }
};

struct BvTree {
  BvKind kind = BvKind::Obb;
  glm::vec3 scale{1.0f};  ///< The scale the vertices were multiplied by (MeshPose::scale).
  std::vector<BvNode> nodes;
  /// The mesh's triangles, scaled, in the mesh frame, in leaf order (a subtree's triangles
  /// are contiguous).
  std::vector<Triangle> triangles;
  /// triangleIds[k] is the index in the mesh (TriangleMesh::triangle) of triangles[k].
  std::vector<std::uint32_t> triangleIds;
  int depth = 0;                 ///< The deepest node's depth (0 for one node or none).
  std::size_t leafCount = 0;     ///< Leaves.
  std::size_t meanSplits = 0;    ///< Inner nodes split at the mean of the centroids.
  std::size_t medianSplits = 0;  ///< Inner nodes split at the median (the mean failed, or below kBvMeanSplitDepth).

  bool empty() const { return nodes.empty(); }
  /// Bytes held by the three arrays (their capacity).
  std::size_t memoryBytes() const;
};

/// Builds the tree of `mesh` with its vertices multiplied by `scale` (see above). O(n log n)
/// for n triangles (each level fits and partitions every triangle once); no recursion.
BvTree buildBvTree(const TriangleMesh& mesh, BvKind kind, const glm::vec3& scale = glm::vec3(1.0f),
                   const BvBuildOptions& options = {});

/// The box of `node` in world space, placed by the rigid part of `pose` (centre and axes;
/// its scale is already in the tree): centre = pose.center + pose.axes * box.center,
/// axes = pose.axes * box.axes.
Obb worldBox(const BvNode& node, const MeshPose& pose);

/// A triangle of the tree in world space, placed the same way.
Triangle worldTriangle(const Triangle& meshFrameTriangle, const MeshPose& pose);

}  // namespace satlab
