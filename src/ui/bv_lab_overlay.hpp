// The bounding-volume lab's picture in the view: each volume the lab shows, as a wire in its
// palette colour (render/palette.hpp, bv*), around the selected mesh at its pose this frame.
// Boxes by their 12 edges, spheres by their silhouette circle; the bounding cube and Ritter's
// sphere dashed, so that the two loosest volumes read apart from the boxes and the sphere
// near them even where hues are hard to tell. The loosest are queued first, the minimum OBB
// last, on top.
#pragma once

#include "model/bv_lab.hpp"
#include "render/line_batch.hpp"
#include "render/palette.hpp"
#include "render/view_setup.hpp"
#include "ui/picking.hpp"

namespace satlab {

/// The colour of a row's wire, swatch and plot line in `palette`.
glm::vec4 labRowColor(const Palette& palette, LabRow row);
/// True for the rows drawn dashed (the cube, Ritter's sphere).
bool labRowDashed(LabRow row);
/// The order rows are drawn in the view: loosest first.
extern const std::array<LabRow, kLabRows> kLabDrawOrder;

struct BvLabOverlayView {
  ViewSetup setup;      ///< the eye and direction, for the spheres' silhouettes
  ViewMapping mapping;  ///< for how many segments a circle needs on screen
  bool flat = false;    ///< a 2D scene: spheres as their circle on the XY plane
  float pixelScale = 1.0f;
};

/// Queues the wires of every shown volume of `lab` (nothing unless it is Ready). Returns
/// the number of volumes drawn.
int drawBvLabOverlay(const BvLab& lab, LineBatch& batch, const BvLabOverlayView& view, const Palette& palette);

}  // namespace satlab
