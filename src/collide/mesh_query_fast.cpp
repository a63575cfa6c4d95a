// The mesh–mesh verdict computed for speed (mesh_query_fast.hpp says what it changes and
// why the verdict is meshMesh's).
#include "satlab/collide/mesh_query_fast.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "satlab/collide/overlaps.hpp"

namespace satlab {

bool meshMeshOverlaps(const BvTree& a, const MeshPose& poseA, const BvTree& b, const MeshPose& poseB) {
  if (a.empty() || b.empty()) return false;
  // B's mesh frame in A's: p_A = R p_B + T.
  const glm::mat3 At = glm::transpose(poseA.axes);
  const glm::mat3 R = At * poseB.axes;
  const glm::vec3 T = At * (poseB.center - poseA.center);

  struct NodePair {
    std::int32_t a, b;
  };
  std::vector<NodePair> stack;
  stack.reserve(static_cast<std::size_t>(a.depth + b.depth) + 2);
  stack.push_back({0, 0});
  while (!stack.empty()) {
    const NodePair p = stack.back();
    stack.pop_back();
    const BvNode& na = a.nodes[static_cast<std::size_t>(p.a)];
    const BvNode& nb = b.nodes[static_cast<std::size_t>(p.b)];
    const Obb boxB{R * nb.box.center + T, R * nb.box.axes, nb.box.half};
    // The bounding spheres first: apart, and so are the boxes.
    const glm::vec3 d = boxB.center - na.box.center;
    const float reach = glm::length(na.box.half) + glm::length(nb.box.half);
    if (glm::dot(d, d) > reach * reach) continue;
    if (!overlaps(na.box, boxB)) continue;
    if (!na.isLeaf() || !nb.isLeaf()) {
      // meshMesh's descent: A when B is a leaf, or when both are inner and A's box is larger.
      const bool descendA =
          nb.isLeaf() || (!na.isLeaf() && glm::dot(na.box.half, na.box.half) >= glm::dot(nb.box.half, nb.box.half));
      if (descendA) {
        stack.push_back({na.right, p.b});
        stack.push_back({na.left, p.b});
      } else {
        stack.push_back({p.a, nb.right});
        stack.push_back({p.a, nb.left});
      }
      continue;
    }
    for (std::uint32_t j = nb.first; j < nb.first + nb.count; ++j) {
      const Triangle& t = b.triangles[j];
      const Triangle tb{R * t.a + T, R * t.b + T, R * t.c + T};
      for (std::uint32_t i = na.first; i < na.first + na.count; ++i) {
        if (overlaps(a.triangles[i], tb)) return true;
      }
    }
  }
  return false;
}

}  // namespace satlab
