// The pictures a teacher draws on the board beside the SAT explorer's intervals:
//   - the separating plane: for an axis that separates, the plane perpendicular to it at the
//     middle of the gap, a translucent quad sized to cover the pair (in the 2D view, a line);
//   - for an edge x edge axis (Ai x Bj of OBB-OBB and AABB-OBB, world axis x segment
//     direction of AABB-segment), the two edges that make it: the edge of A along Ai and
//     the edge of B along Bj nearest each other along the axis, drawn thick and named.
// Everything comes from the focused pair's trace rows (scene/pair_trace.hpp) and the
// shapes' own corners; nothing here decides overlap. Labels go through the view's one
// label layer, so they keep off each other, the panels and the gizmo. The colours are the
// theme's (render/palette.hpp: separatingPlane, separatingPlaneFill, edgeHalo), checked in
// docs/contrast.md; the edges keep their shapes' colours.
#pragma once

#include "render/fill_batch.hpp"
#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "scene/pair_trace.hpp"
#include "scene/scene.hpp"
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

/// The SAT row the separating plane is drawn for: the current step's row when its axis
/// separates, else (revealResult) the first separating row of the trace; -1 when there is
/// none (the pair overlaps and the step does not separate, the trace is not a SAT trace, the
/// row's axis is degenerate, i.e. a cross product of near-parallel edges).
int separatingPlaneRow(const PairTrace& trace, int step, bool revealResult);

/// The edge x edge row whose edges are highlighted: the current step's row when it is one,
/// else the plane's row when that is one; -1 when neither is (or its axis is degenerate).
int crossEdgesRow(const PairTrace& trace, int step, bool revealResult);

/// The separating plane of one SAT row: the points p with dot(p, normal) at the middle of
/// the gap between the two projected intervals.
struct SeparatingPlane {
  glm::vec3 center{0.0f};
  glm::vec3 normal{0.0f};  ///< unit, from A's side towards B's
  glm::vec3 halfU{0.0f};   ///< the quad's half extents in the plane; in 2D the line's half length
  glm::vec3 halfV{0.0f};   ///< zero in 2D (a line)
  bool line = false;       ///< the 2D view: a line in the XY plane
};

/// The plane of `row` of the trace, sized to cover both shapes' extents in it plus a margin;
/// nullopt when the row does not separate its intervals (overlap, touching), its axis is
/// zero or degenerate, or a number is not finite. Every field is finite when given.
std::optional<SeparatingPlane> separatingPlane(const Scene& scene, const PairTrace& trace, int row);

/// The two edges behind an edge x edge axis.
struct CrossEdges {
  glm::vec3 a0{0.0f}, a1{0.0f};  ///< A's edge along A's axis i
  glm::vec3 b0{0.0f}, b1{0.0f};  ///< B's edge along B's axis j (a segment: the segment itself)
  std::string axisA, axisB;      ///< "A2" and "B1" (AABB-segment: "X" and "d")
};

/// For an edge x edge row: of A's four edges along Ai, the one farthest towards B along the
/// axis; of B's four along Bj, the one farthest towards A (ties go to the side facing the
/// other shape's centre). nullopt for other rows, degenerate axes and non-finite numbers.
std::optional<CrossEdges> crossAxisEdges(const Scene& scene, const PairTrace& trace, int row);

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
