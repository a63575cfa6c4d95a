// The explorer's precision lens (evaluation/pair_margin.hpp): the focused pair's verdict by
// the core in float beside its test's formula in float, in double and exactly, and the core
// again with both shapes moved to the origin; the exact margin in units of the float spacing
// at the pair's position. In the view, where that spacing is wide enough to see, the float
// grid is drawn around the pair: the only places a coordinate there can take.
#pragma once

#include <string>

#include "document/scene.hpp"
#include "render/camera.hpp"
#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "ui/picking.hpp"

namespace satlab {

/// The section's body (the lens is computed afresh: one pair, exact arithmetic, well under a
/// millisecond for the formulas here). a != b, both in range.
void drawPrecisionSection(const Scene& scene, int a, int b);

/// "precision: float separated, double overlap, exact overlap, at the origin overlap; exact
/// margin -0.1 (-0.1 spacings of 1); float decided" for scripted runs.
std::string precisionStatus(const Scene& scene, int a, int b);

/// The float grid in the plane facing the camera through the pair's middle, where its lines
/// are at least kFloatGridMinPixels apart on screen; a label says how far apart they are.
/// Returns whether it drew.
bool drawFloatGrid(LineBatch& lines, const Scene& scene, int a, int b, const ViewMapping& view,
                   const OrbitCamera& camera, const glm::vec2& fbPerWindow, LabelLayer* labels);
inline constexpr float kFloatGridMinPixels = 6.0f;

}  // namespace satlab
