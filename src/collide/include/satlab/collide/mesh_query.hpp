// satlab collision core: a triangle mesh against a shape or another mesh, through the
// mesh's bounding-volume tree (bv_tree.hpp), traced.
//
// Gottschalk, Lin, Manocha, "OBBTree: A Hierarchical Structure for Rapid Interference
// Detection" (1996): test the roots' boxes; if they overlap, descend into the
// children and test them, down to the leaves, where the triangles themselves are tested.
// A box that does not touch the other shape rejects its whole subtree. Here:
//   - every node box is placed in world space by the mesh's rigid pose (worldBox), so an
//     AABB tree's box is an OBB in the world as soon as the mesh turns, and one node test
//     serves both kinds of tree;
//   - mesh–mesh descends, of two inner nodes, the one with the larger box (|half|^2, mesh A
//     on a tie), so the two boxes tested stay of a like size, until two leaves meet;
//   - the walk is depth first with an explicit stack (first child first), and stops at the
//     first colliding triangle pair unless MeshQueryMode::AllHits asks for every one.
//
// The tests it runs, each the core's own untraced test, in that test's roles (A, B):
//   query          node test                       leaf test
//   meshMesh       satObbObb(node of A, node of B)  satTriangleTriangle(triangle of A, of B)
//   meshAabb       satAabbObb(aabb, node)           satAabbTriangle(aabb, triangle)
//   meshObb        satObbObb(obb, node)             satObbTriangle(obb, triangle)
//   meshSphere     closestSphereObb(sphere, node)   closestSphereTriangle(sphere, triangle)
//   meshSegment    slabSegmentObb(segment, node)    segmentTriangle(segment, triangle)
//   meshTriangle   satObbTriangle(node, triangle)   satTriangleTriangle(triangle of the mesh, triangle)
//   meshCapsule    capsuleObb(capsule, node)        capsuleTriangle(capsule, triangle)
//   meshHull       hullObb(hull, node)              hullTriangle(hull, triangle)   (GJK/EPA)
// A TreeTrace names the axes of its rows in those roles (the A of "A0xB1" is the node test's
// first argument). The verdict is the leaf tests' verdict on the triangles; the node tests
// only skip triangle pairs they prove apart (a box contains its node's triangles, padded by
// a few float roundings, bv_tree.cpp), so it equals testing every triangle against the
// shape (tests/collide/test_mesh_query.cpp checks that on random meshes), but for a pair
// that touches within a float rounding of its world coordinates, where placing the box and
// the triangle each rounds on its own and either answer is as right as the other.
//
// Frames: the shapes are in world space; the mesh is its tree placed by pose.center and
// pose.axes (pose.scale is not read: the tree was built with it, BvTree::scale). Closed
// shapes: touching overlaps. An empty tree overlaps nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/bv_tree.hpp"
#include "satlab/collide/capsule.hpp"
#include "satlab/collide/closest_triangle.hpp"
#include "satlab/collide/gjk.hpp"
#include "satlab/collide/mesh.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_box.hpp"
#include "satlab/collide/sat_triangle.hpp"
#include "satlab/collide/segment_triangle.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle_triangle.hpp"

namespace satlab {

enum class MeshQueryMode : std::uint8_t {
  FirstHit,  ///< Stop at the first colliding triangle (pair): the production behaviour.
  AllHits,   ///< Find every colliding triangle (pair); the verdict is the same.
};

struct MeshQueryOptions {
  MeshQueryMode mode = MeshQueryMode::FirstHit;
  /// Passed to the node and leaf tests (the box–box epsilon; the mode is always EarlyExit).
  float epsilon = kDefaultSatEpsilon;
};

/// A colliding triangle (pair), by index in the mesh (TriangleMesh::triangle).
struct MeshHit {
  std::uint32_t triangleA = 0;  ///< Of the mesh (mesh A in meshMesh).
  std::uint32_t triangleB = 0;  ///< Of mesh B in meshMesh; 0 against a shape.
  friend bool operator==(const MeshHit& x, const MeshHit& y) {
    return x.triangleA == y.triangleA && x.triangleB == y.triangleB;
  }
};

struct MeshQueryResult {
  bool overlap = false;  ///< Some triangle (pair) overlaps (touching counts).
  MeshHit first{};       ///< The first colliding triangle (pair) found; valid when overlap.
  /// AllHits: every colliding triangle (pair), in the order found (each once). FirstHit:
  /// empty (the one found is `first`).
  std::vector<MeshHit> hits;
  std::size_t nodeTests = 0;      ///< Node tests run (node pairs in meshMesh).
  std::size_t nodesRejected = 0;  ///< Node tests that proved their subtrees apart.
  std::size_t triangleTests = 0;  ///< Leaf tests run.
};

/// What happened at one node (pair) of the walk.
enum class TreeStep : std::uint8_t {
  Rejected,  ///< The node test separated: the subtree(s) are skipped.
  DescendA,  ///< The boxes overlap: the children of A's node are visited next.
  DescendB,  ///< ... the children of B's node (meshMesh only).
  Leaves,    ///< The boxes overlap and both are leaves: their triangles are tested.
};

/// One node test, in the order run.
struct TreeNodeRow {
  std::int32_t nodeA = -1;  ///< Node of the mesh's tree (mesh A's in meshMesh).
  std::int32_t nodeB = -1;  ///< Node of mesh B's tree in meshMesh; -1 against a shape.
  int depthA = 0, depthB = 0;
  TreeStep step = TreeStep::Rejected;
  /// When rejected: the separating axis of a SAT node test, or the rejecting slab of
  /// slabSegmentObb (B0, B1, B2: the node box's axes); AxisId{} for the sphere.
  AxisId axis{};
  /// When rejected: the SAT gap on that axis, or for the sphere its distance to the box
  /// minus its radius; 0 for the segment.
  float gap = 0.0f;
};

/// One leaf test.
struct TreeTriangleRow {
  std::uint32_t triangleA = 0;          ///< Mesh index of the mesh's triangle (mesh A's).
  std::uint32_t triangleB = 0;          ///< Mesh index of mesh B's triangle; 0 against a shape.
  std::int32_t nodeA = -1, nodeB = -1;  ///< The leaves they came from (nodeB -1 against a shape).
  bool overlap = false;
  /// When apart: the separating axis of a SAT leaf test (AxisId{} for the sphere and the
  /// segment) and its gap (the sphere: distance minus radius).
  AxisId axis{};
  float gap = 0.0f;
};

/// Records a tree walk for the explorer: every node (pair) tested with its depth and what
/// it led to, every triangle test and its verdict, the colliding triangles.
struct TreeTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;      ///< MeshMesh, MeshAabb, ...
  TestId nodeTest = TestId::None;  ///< The core test run on the nodes (ObbObb, AabbObb, ...).
  TestId leafTest = TestId::None;  ///< The core test run at the leaves (TriangleTriangle, ...).
  BvKind kindA = BvKind::Obb;      ///< The mesh's tree kind (mesh A's).
  BvKind kindB = BvKind::Obb;      ///< Mesh B's (meshMesh); kindA otherwise.
  MeshQueryMode mode = MeshQueryMode::FirstHit;
  std::vector<TreeNodeRow> nodes;
  std::vector<TreeTriangleRow> triangles;
  std::vector<MeshHit> hits;  ///< Every hit found, in order (one in FirstHit mode).
  bool overlap = false;

  void treeBegin(TestId id, TestId node, TestId leaf, BvKind a, BvKind b, MeshQueryMode m);
  void treeNode(const TreeNodeRow& row);
  void treeTriangle(const TreeTriangleRow& row);
  void treeHit(const MeshHit& hit);
  void treeEnd(bool overlapResult);
};

namespace detail {

/// A node or leaf test's verdict, with what a trace shows of a rejection.
struct MeshTestVerdict {
  bool overlap = false;
  AxisId axis{};
  float gap = 0.0f;
};

inline MeshTestVerdict verdictOf(const SatResult& r) { return {r.overlap, r.separating, r.gap}; }
inline MeshTestVerdict verdictOf(const ClosestResult& r, float radius) {
  return {r.overlap, AxisId{}, r.overlap ? 0.0f : r.distance - radius};
}

/// The walk of one tree against a shape. `nodeTest(const Obb& worldBox)` and
/// `leafTest(const Triangle& worldTriangle)` return a MeshTestVerdict.
template <class Rec, class NodeTest, class LeafTest>
MeshQueryResult walkTreeShape(TestId test, TestId nodeId, TestId leafId, const BvTree& tree, const MeshPose& pose,
                              const NodeTest& nodeTest, const LeafTest& leafTest, Rec& rec,
                              const MeshQueryOptions& opt) {
  if constexpr (Rec::kEnabled) rec.treeBegin(test, nodeId, leafId, tree.kind, tree.kind, opt.mode);
  MeshQueryResult out;
  if (tree.empty()) {
    if constexpr (Rec::kEnabled) rec.treeEnd(false);
    return out;
  }
  // Depth first: a node's second child waits on the stack while its first is walked, so
  // the stack holds at most one node per level, plus one.
  std::vector<std::int32_t> stack;
  stack.reserve(static_cast<std::size_t>(tree.depth) + 2);
  stack.push_back(0);
  while (!stack.empty()) {
    const std::int32_t n = stack.back();
    stack.pop_back();
    const BvNode& node = tree.nodes[static_cast<std::size_t>(n)];
    ++out.nodeTests;
    const MeshTestVerdict box = nodeTest(worldBox(node, pose));
    TreeNodeRow row;
    if constexpr (Rec::kEnabled) {
      row.nodeA = n;
      row.depthA = node.depth;
      row.axis = box.axis;
      row.gap = box.gap;
    }
    if (!box.overlap) {
      ++out.nodesRejected;
      if constexpr (Rec::kEnabled) rec.treeNode(row);
      continue;
    }
    if (!node.isLeaf()) {
      if constexpr (Rec::kEnabled) {
        row.step = TreeStep::DescendA;
        row.axis = AxisId{};
        row.gap = 0.0f;
        rec.treeNode(row);
      }
      stack.push_back(node.right);
      stack.push_back(node.left);
      continue;
    }
    if constexpr (Rec::kEnabled) {
      row.step = TreeStep::Leaves;
      row.axis = AxisId{};
      row.gap = 0.0f;
      rec.treeNode(row);
    }
    for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
      ++out.triangleTests;
      const MeshTestVerdict tri = leafTest(worldTriangle(tree.triangles[k], pose));
      const MeshHit hit{tree.triangleIds[k], 0};
      if constexpr (Rec::kEnabled) {
        rec.treeTriangle(TreeTriangleRow{hit.triangleA, 0, n, -1, tri.overlap, tri.axis, tri.gap});
      }
      if (!tri.overlap) continue;
      if (!out.overlap) out.first = hit;
      out.overlap = true;
      if constexpr (Rec::kEnabled) rec.treeHit(hit);
      if (opt.mode == MeshQueryMode::FirstHit) {
        if constexpr (Rec::kEnabled) rec.treeEnd(true);
        return out;
      }
      out.hits.push_back(hit);
    }
  }
  if constexpr (Rec::kEnabled) rec.treeEnd(out.overlap);
  return out;
}

/// |half|^2: which of two boxes is larger, for the descent.
inline float boxSizeSquared(const Obb& box) { return glm::dot(box.half, box.half); }

}  // namespace detail

/// Mesh against mesh: the two trees (either kind each) walked together, node boxes by
/// satObbObb in world space, triangle pairs by satTriangleTriangle.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshMesh(const BvTree& a, const MeshPose& poseA, const BvTree& b, const MeshPose& poseB, Rec& rec,
                         const MeshQueryOptions& opt = {}) {
  if constexpr (Rec::kEnabled) {
    rec.treeBegin(TestId::MeshMesh, TestId::ObbObb, TestId::TriangleTriangle, a.kind, b.kind, opt.mode);
  }
  MeshQueryResult out;
  if (a.empty() || b.empty()) {
    if constexpr (Rec::kEnabled) rec.treeEnd(false);
    return out;
  }
  const SatOptions sat{SatMode::EarlyExit, opt.epsilon};
  struct NodePair {
    std::int32_t a, b;
  };
  // Each step replaces one pair by two that are one level deeper on one side, so the stack
  // holds at most one waiting pair per level of either tree, plus one.
  std::vector<NodePair> stack;
  stack.reserve(static_cast<std::size_t>(a.depth + b.depth) + 2);
  stack.push_back({0, 0});
  while (!stack.empty()) {
    const NodePair p = stack.back();
    stack.pop_back();
    const BvNode& na = a.nodes[static_cast<std::size_t>(p.a)];
    const BvNode& nb = b.nodes[static_cast<std::size_t>(p.b)];
    ++out.nodeTests;
    const SatResult box = satObbObb(worldBox(na, poseA), worldBox(nb, poseB), sat);
    TreeNodeRow row;
    if constexpr (Rec::kEnabled) {
      row.nodeA = p.a;
      row.nodeB = p.b;
      row.depthA = na.depth;
      row.depthB = nb.depth;
    }
    if (!box.overlap) {
      ++out.nodesRejected;
      if constexpr (Rec::kEnabled) {
        row.axis = box.separating;
        row.gap = box.gap;
        rec.treeNode(row);
      }
      continue;
    }
    if (!na.isLeaf() || !nb.isLeaf()) {
      // Descend A when B is a leaf, or when both are inner nodes and A's box is the larger.
      const bool descendA =
          nb.isLeaf() || (!na.isLeaf() && detail::boxSizeSquared(na.box) >= detail::boxSizeSquared(nb.box));
      if constexpr (Rec::kEnabled) {
        row.step = descendA ? TreeStep::DescendA : TreeStep::DescendB;
        rec.treeNode(row);
      }
      if (descendA) {
        stack.push_back({na.right, p.b});
        stack.push_back({na.left, p.b});
      } else {
        stack.push_back({p.a, nb.right});
        stack.push_back({p.a, nb.left});
      }
      continue;
    }
    if constexpr (Rec::kEnabled) {
      row.step = TreeStep::Leaves;
      rec.treeNode(row);
    }
    for (std::uint32_t i = na.first; i < na.first + na.count; ++i) {
      const Triangle ta = worldTriangle(a.triangles[i], poseA);
      for (std::uint32_t j = nb.first; j < nb.first + nb.count; ++j) {
        ++out.triangleTests;
        const SatResult tri = satTriangleTriangle(ta, worldTriangle(b.triangles[j], poseB), sat);
        const MeshHit hit{a.triangleIds[i], b.triangleIds[j]};
        if constexpr (Rec::kEnabled) {
          rec.treeTriangle(
              TreeTriangleRow{hit.triangleA, hit.triangleB, p.a, p.b, tri.overlap, tri.separating, tri.gap});
        }
        if (!tri.overlap) continue;
        if (!out.overlap) out.first = hit;
        out.overlap = true;
        if constexpr (Rec::kEnabled) rec.treeHit(hit);
        if (opt.mode == MeshQueryMode::FirstHit) {
          if constexpr (Rec::kEnabled) rec.treeEnd(true);
          return out;
        }
        out.hits.push_back(hit);
      }
    }
  }
  if constexpr (Rec::kEnabled) rec.treeEnd(out.overlap);
  return out;
}

/// Mesh against an AABB: satAabbObb(box, node), then satAabbTriangle(box, triangle).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshAabb(const BvTree& tree, const MeshPose& pose, const Aabb& box, Rec& rec,
                         const MeshQueryOptions& opt = {}) {
  const SatOptions sat{SatMode::EarlyExit, opt.epsilon};
  return detail::walkTreeShape(
      TestId::MeshAabb, TestId::AabbObb, TestId::AabbTriangle, tree, pose,
      [&](const Obb& node) { return detail::verdictOf(satAabbObb(box, node, sat)); },
      [&](const Triangle& tri) { return detail::verdictOf(satAabbTriangle(box, tri, sat)); }, rec, opt);
}

/// Mesh against an OBB: satObbObb(box, node), then satObbTriangle(box, triangle).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshObb(const BvTree& tree, const MeshPose& pose, const Obb& box, Rec& rec,
                        const MeshQueryOptions& opt = {}) {
  const SatOptions sat{SatMode::EarlyExit, opt.epsilon};
  return detail::walkTreeShape(
      TestId::MeshObb, TestId::ObbObb, TestId::ObbTriangle, tree, pose,
      [&](const Obb& node) { return detail::verdictOf(satObbObb(box, node, sat)); },
      [&](const Triangle& tri) { return detail::verdictOf(satObbTriangle(box, tri, sat)); }, rec, opt);
}

/// Mesh against a sphere: closestSphereObb(sphere, node), then closestSphereTriangle.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshSphere(const BvTree& tree, const MeshPose& pose, const Sphere& sphere, Rec& rec,
                           const MeshQueryOptions& opt = {}) {
  return detail::walkTreeShape(
      TestId::MeshSphere, TestId::SphereObb, TestId::SphereTriangle, tree, pose,
      [&](const Obb& node) { return detail::verdictOf(closestSphereObb(sphere, node), sphere.radius); },
      [&](const Triangle& tri) { return detail::verdictOf(closestSphereTriangle(sphere, tri), sphere.radius); }, rec,
      opt);
}

/// Mesh against a segment: slabSegmentObb(segment, node), then segmentTriangle.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshSegment(const BvTree& tree, const MeshPose& pose, const Segment& segment, Rec& rec,
                            const MeshQueryOptions& opt = {}) {
  return detail::walkTreeShape(
      TestId::MeshSegment, TestId::SegmentObb, TestId::SegmentTriangle, tree, pose,
      [&](const Obb& node) {
        if constexpr (Rec::kEnabled) {
          // Traced: the slab recorder says which slab rejected (the untraced hit does not).
          SlabTrace slabs;
          const SegmentHit hit = slabSegmentObb(segment, node, slabs);
          detail::MeshTestVerdict v{hit.overlap, AxisId{}, 0.0f};
          if (!hit.overlap && slabs.rejectingAxis >= 0) {
            v.axis = slabs.rows[static_cast<std::size_t>(slabs.rejectingAxis)].id;
          }
          return v;
        } else {
          return detail::MeshTestVerdict{slabSegmentObb(segment, node).overlap, AxisId{}, 0.0f};
        }
      },
      [&](const Triangle& tri) {
        return detail::MeshTestVerdict{segmentTriangle(segment, tri).overlap, AxisId{}, 0.0f};
      },
      rec, opt);
}

/// Mesh against a triangle: satObbTriangle(node, triangle), then satTriangleTriangle(the
/// mesh's triangle, triangle).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshTriangle(const BvTree& tree, const MeshPose& pose, const Triangle& triangle, Rec& rec,
                             const MeshQueryOptions& opt = {}) {
  const SatOptions sat{SatMode::EarlyExit, opt.epsilon};
  return detail::walkTreeShape(
      TestId::MeshTriangle, TestId::ObbTriangle, TestId::TriangleTriangle, tree, pose,
      [&](const Obb& node) { return detail::verdictOf(satObbTriangle(node, triangle, sat)); },
      [&](const Triangle& tri) { return detail::verdictOf(satTriangleTriangle(tri, triangle, sat)); }, rec, opt);
}

/// Mesh against a capsule: capsuleObb(capsule, node), then capsuleTriangle(capsule, triangle);
/// a rejection's gap is the distance between the surfaces.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshCapsule(const BvTree& tree, const MeshPose& pose, const Capsule& capsule, Rec& rec,
                            const MeshQueryOptions& opt = {}) {
  const auto verdict = [&](const CapsuleResult& r) {
    return detail::MeshTestVerdict{r.overlap, AxisId{}, r.overlap ? 0.0f : r.distance - capsule.radius};
  };
  return detail::walkTreeShape(
      TestId::MeshCapsule, TestId::CapsuleObb, TestId::CapsuleTriangle, tree, pose,
      [&](const Obb& node) { return verdict(capsuleObb(capsule, node)); },
      [&](const Triangle& tri) { return verdict(capsuleTriangle(capsule, tri)); }, rec, opt);
}

/// Mesh against a convex hull: hullObb(hull, node), then hullTriangle(hull, triangle), both by
/// GJK (gjk.hpp); a rejection's gap is the distance between the surfaces.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
MeshQueryResult meshHull(const BvTree& tree, const MeshPose& pose, const ConvexHull& hull, Rec& rec,
                         const MeshQueryOptions& opt = {}) {
  const auto verdict = [](const ConvexResult& r) {
    return detail::MeshTestVerdict{r.overlap, AxisId{}, r.overlap ? 0.0f : r.distance};
  };
  return detail::walkTreeShape(
      TestId::MeshHull, TestId::HullObb, TestId::HullTriangle, tree, pose,
      [&](const Obb& node) { return verdict(hullObb(hull, node)); },
      [&](const Triangle& tri) { return verdict(hullTriangle(hull, tri)); }, rec, opt);
}

/// The untraced queries: the same functions with the recorder's hooks compiled out,
/// compiled once in the library (mesh_query.cpp).
MeshQueryResult meshMesh(const BvTree& a, const MeshPose& poseA, const BvTree& b, const MeshPose& poseB,
                         const MeshQueryOptions& opt = {});
MeshQueryResult meshAabb(const BvTree& tree, const MeshPose& pose, const Aabb& box, const MeshQueryOptions& opt = {});
MeshQueryResult meshObb(const BvTree& tree, const MeshPose& pose, const Obb& box, const MeshQueryOptions& opt = {});
MeshQueryResult meshSphere(const BvTree& tree, const MeshPose& pose, const Sphere& sphere,
                           const MeshQueryOptions& opt = {});
MeshQueryResult meshSegment(const BvTree& tree, const MeshPose& pose, const Segment& segment,
                            const MeshQueryOptions& opt = {});
MeshQueryResult meshTriangle(const BvTree& tree, const MeshPose& pose, const Triangle& triangle,
                             const MeshQueryOptions& opt = {});
MeshQueryResult meshCapsule(const BvTree& tree, const MeshPose& pose, const Capsule& capsule,
                            const MeshQueryOptions& opt = {});
MeshQueryResult meshHull(const BvTree& tree, const MeshPose& pose, const ConvexHull& hull,
                         const MeshQueryOptions& opt = {});

}  // namespace satlab
