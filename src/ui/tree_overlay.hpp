// The pipeline's dynamic AABB tree drawn in the view, one level at a time, from its record
// (model/tree_picture.hpp): every box of the level as its 12 edges; with a shape selected,
// its query's path over the level, solid and thick where a node's box overlapped the query
// box (the walk went on into it), dashed where it did not (the whole subtree was skipped).
#pragma once

#include "model/tree_picture.hpp"
#include "render/line_batch.hpp"

namespace satlab {

/// What drawTreeOverlay queued.
struct TreeOverlayCounts {
  int boxes = 0;        ///< boxes of the level
  int pathTested = 0;   ///< nodes the query tested
  int pathEntered = 0;  ///< of those, nodes whose box overlapped the query box
};

/// Queues the level's boxes and the query's path (nothing for an empty picture).
TreeOverlayCounts drawTreeOverlay(const TreePicture& picture, LineBatch& batch, float pixelScale);

}  // namespace satlab
