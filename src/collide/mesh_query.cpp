// satlab collision core: the untraced mesh queries (the NoTrace instantiations of
// mesh_query.hpp's templates, compiled once here) and the tree walk's recorder.
#include "satlab/collide/mesh_query.hpp"

#include "whole_function.hpp"

namespace satlab {

namespace {
NoTrace none;  // stateless: the hooks it would receive are compiled out
}  // namespace

SATLAB_WHOLE MeshQueryResult meshMesh(const BvTree& a, const MeshPose& poseA, const BvTree& b, const MeshPose& poseB,
                                      const MeshQueryOptions& opt) {
  return meshMesh(a, poseA, b, poseB, none, opt);
}
SATLAB_WHOLE MeshQueryResult meshAabb(const BvTree& tree, const MeshPose& pose, const Aabb& box,
                                      const MeshQueryOptions& opt) {
  return meshAabb(tree, pose, box, none, opt);
}
SATLAB_WHOLE MeshQueryResult meshObb(const BvTree& tree, const MeshPose& pose, const Obb& box,
                                     const MeshQueryOptions& opt) {
  return meshObb(tree, pose, box, none, opt);
}
SATLAB_WHOLE MeshQueryResult meshSphere(const BvTree& tree, const MeshPose& pose, const Sphere& sphere,
                                        const MeshQueryOptions& opt) {
  return meshSphere(tree, pose, sphere, none, opt);
}
SATLAB_WHOLE MeshQueryResult meshSegment(const BvTree& tree, const MeshPose& pose, const Segment& segment,
                                         const MeshQueryOptions& opt) {
  return meshSegment(tree, pose, segment, none, opt);
}
SATLAB_WHOLE MeshQueryResult meshTriangle(const BvTree& tree, const MeshPose& pose, const Triangle& triangle,
                                          const MeshQueryOptions& opt) {
  return meshTriangle(tree, pose, triangle, none, opt);
}

SATLAB_WHOLE MeshQueryResult meshCapsule(const BvTree& tree, const MeshPose& pose, const Capsule& capsule,
                                         const MeshQueryOptions& opt) {
  return meshCapsule(tree, pose, capsule, none, opt);
}

SATLAB_WHOLE MeshQueryResult meshHull(const BvTree& tree, const MeshPose& pose, const ConvexHull& hull,
                                      const MeshQueryOptions& opt) {
  return meshHull(tree, pose, hull, none, opt);
}

// The traced queries, instantiated here so that they compile under the core's warnings
// (CMakeLists.txt) even where no one calls them yet.
template MeshQueryResult meshMesh<TreeTrace>(const BvTree&, const MeshPose&, const BvTree&, const MeshPose&, TreeTrace&,
                                             const MeshQueryOptions&);
template MeshQueryResult meshAabb<TreeTrace>(const BvTree&, const MeshPose&, const Aabb&, TreeTrace&,
                                             const MeshQueryOptions&);
template MeshQueryResult meshObb<TreeTrace>(const BvTree&, const MeshPose&, const Obb&, TreeTrace&,
                                            const MeshQueryOptions&);
template MeshQueryResult meshSphere<TreeTrace>(const BvTree&, const MeshPose&, const Sphere&, TreeTrace&,
                                               const MeshQueryOptions&);
template MeshQueryResult meshSegment<TreeTrace>(const BvTree&, const MeshPose&, const Segment&, TreeTrace&,
                                                const MeshQueryOptions&);
template MeshQueryResult meshCapsule<TreeTrace>(const BvTree&, const MeshPose&, const Capsule&, TreeTrace&,
                                                const MeshQueryOptions&);
template MeshQueryResult meshHull<TreeTrace>(const BvTree&, const MeshPose&, const ConvexHull&, TreeTrace&,
                                             const MeshQueryOptions&);
template MeshQueryResult meshTriangle<TreeTrace>(const BvTree&, const MeshPose&, const Triangle&, TreeTrace&,
                                                 const MeshQueryOptions&);

void TreeTrace::treeBegin(TestId id, TestId node, TestId leaf, BvKind a, BvKind b, MeshQueryMode m) {
  test = id;
  nodeTest = node;
  leafTest = leaf;
  kindA = a;
  kindB = b;
  mode = m;
  nodes.clear();
  triangles.clear();
  hits.clear();
  overlap = false;
}

void TreeTrace::treeNode(const TreeNodeRow& row) { nodes.push_back(row); }
void TreeTrace::treeTriangle(const TreeTriangleRow& row) { triangles.push_back(row); }
void TreeTrace::treeHit(const MeshHit& hit) { hits.push_back(hit); }
void TreeTrace::treeEnd(bool overlapResult) { overlap = overlapResult; }

}  // namespace satlab
