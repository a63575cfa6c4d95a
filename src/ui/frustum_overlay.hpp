// The second camera's picture in the view (docs/frustum.md): the frustum's 12 edges and the
// lines from its eye to the near corners, in the palette's frustumWire; each false positive
// of the plane test outlined in falsePositive with a "false positive" label; and for the one
// shape traced, the face of the plane that culls it (or, when none does, of every plane it
// crosses), its p- and n-vertex on that plane, and the SAT axis that separates it.
#pragma once

#include "document/scene.hpp"
#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "render/palette.hpp"
#include "ui/frustum_panel.hpp"
#include "ui/picking.hpp"

namespace satlab {

struct FrustumOverlayView {
  ViewMapping mapping;  ///< for the labels' places
  float pixelScale = 1.0f;
};

/// Queues the picture of `culling` (nothing unless it is active). Returns the lines queued.
std::size_t drawFrustumOverlay(const FrustumCulling& culling, const Scene& scene, LineBatch& batch, LabelLayer* labels,
                               const FrustumOverlayView& view, const Palette& palette);

/// The corners (indices into Frustum::corners) of the face of plane `plane`, in order round it.
std::array<int, 4> frustumFaceCorners(int plane);

}  // namespace satlab
