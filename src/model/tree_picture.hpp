// The pipeline's dynamic AABB tree (satlab/collide/dynamic_tree.hpp) as the view draws it
// (ui/tree_overlay.hpp), one level at a time: every node at the chosen depth (a leaf that
// ends above that depth counts at its own depth, so every shape's box is inside a box of
// the level). With a shape chosen, its query's path: each node the query tested, in order,
// and whether its box overlapped the query box (the walk went on into it) or not (the whole
// subtree was skipped there).
#pragma once

#include "world/pipeline.hpp"

#include <vector>

namespace satlab {

struct TreePicture {
  int level = 0;                 ///< the depth, clamped to the tree's height
  std::vector<Aabb> levelBoxes;  ///< the fat boxes of the level's nodes
  struct PathStep {
    Aabb box;
    bool overlapped = false;
  };
  std::vector<PathStep> path;  ///< the query of the chosen shape, node by node
};

/// The level `level` of `pipeline`'s tree and, when `queryShape` is a shape in it, that
/// shape's query path through it. Empty while the tree is off or empty.
TreePicture treePicture(const CollisionPipeline& pipeline, int level, int queryShape);

}  // namespace satlab
