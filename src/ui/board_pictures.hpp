// The pictures a teacher draws on the board beside the SAT explorer's intervals:
//   - the separating plane: for an axis that separates, the plane perpendicular to it at the
//     middle of the gap, a translucent quad sized to cover the pair (in the 2D view, a line);
//   - for an edge x edge axis (Ai x Bj of OBB-OBB and AABB-OBB, world axis x segment
//     direction of AABB-segment), the two edges that make it: the edge of A along Ai and
//     the edge of B along Bj nearest each other along the axis, drawn thick and named.
// Both come as data from model/board_geometry.hpp (the trace's rows and the shapes' own
// corners); nothing here computes geometry or decides overlap. Labels go through the view's one
// label layer, so they keep off each other, the panels and the gizmo. The colours are the
// theme's (render/palette.hpp: separatingPlane, separatingPlaneFill, edgeHalo), checked in
// docs/contrast.md; the edges keep their shapes' colours.
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_trace.hpp"
#include "model/board_geometry.hpp"
#include "render/fill_batch.hpp"
#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "ui/picking.hpp"

#include <glm/glm.hpp>

#include <optional>
#include <string>

namespace satlab {

struct BoardOptions {
  int step = -1;  ///< the explorer's current row; -1 when none
  /// Also show the result's separating plane while the current step's axis does not
  /// separate. false: only a stepped-to axis that separates shows one (for "predict, then
  /// reveal").
  bool revealResult = true;
  float pixelScale = 1.0f;                    ///< multiplies every line width (RenderSettings::pixelScale)
  glm::vec3 background{0.13f, 0.14f, 0.16f};  ///< the view's clear colour: picks the theme (paletteFor)
};

/// Queues the separating plane of separatingPlaneRow: its quad on `fills` and its outline on
/// `lines` (in 2D the line), and its name on `labels` ("separating plane, axis A1xB0").
/// Draws nothing for a trace that is not a SAT trace or has no such row.
void drawSeparatingPlane(LineBatch& lines, FillBatch& fills, LabelLayer& labels, const ViewMapping& view,
                         const Scene& scene, const PairTrace& trace, const BoardOptions& options);

/// Queues the two edges of crossEdgesRow, thick in their shapes' colours over a halo, and
/// their names ("edge of A along A2") at each edge's end highest on screen, so that the
/// name does not hide the edge it names.
void drawCrossAxisEdges(LineBatch& lines, LabelLayer& labels, const ViewMapping& view, const Scene& scene,
                        const PairTrace& trace, const BoardOptions& options);

/// Both of the above: the one call a view makes each frame, after the explorer's overlay and
/// before flushOverlay.
void drawBoardPictures(LineBatch& lines, FillBatch& fills, LabelLayer& labels, const ViewMapping& view,
                       const Scene& scene, const PairTrace& trace, const BoardOptions& options);

}  // namespace satlab
