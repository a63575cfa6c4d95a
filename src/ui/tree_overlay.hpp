// The pipeline's dynamic AABB tree (satlab/collide/dynamic_tree.hpp) drawn in the view, one
// level at a time: every node at the chosen depth as its fat box's 12 edges (a leaf that
// ends above that depth is drawn at its own depth, so every shape's box is inside a box
// drawn). With a shape selected, its query's path is drawn over the level: each node the
// query tested, solid and thick where its box overlapped the query box (the walk went on
// into it), dashed where it did not (the whole subtree was skipped there).
#pragma once

#include "render/line_batch.hpp"
#include "scene/pipeline.hpp"

namespace satlab {

struct TreeOverlayOptions {
  bool show = false;    ///< draw the tree at all
  int level = 0;        ///< the depth drawn (0: the root's box); clamped to the tree's height
  int queryShape = -1;  ///< a shape whose query path is drawn over it, or -1
  float pixelScale = 1.0f;
};

/// What drawTreeOverlay queued.
struct TreeOverlayCounts {
  int boxes = 0;        ///< boxes of the level
  int pathTested = 0;   ///< nodes the query tested
  int pathEntered = 0;  ///< of those, nodes whose box overlapped the query box
};

/// Queues the level's boxes and the query's path. Nothing while the tree is off or empty.
TreeOverlayCounts drawTreeOverlay(const CollisionPipeline& pipeline, LineBatch& batch,
                                  const TreeOverlayOptions& options);

}  // namespace satlab
