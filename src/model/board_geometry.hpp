// What the board pictures beside the SAT explorer draw, as data (ui/board_pictures.hpp
// draws it): the separating plane of a SAT row, at the middle of the gap between the two
// projected intervals, sized to cover the pair; and for an edge x edge row (Ai x Bj of
// OBB-OBB and AABB-OBB, world axis x segment direction of AABB-segment), the two edges that
// make its axis, the edge of A along Ai and the edge of B along Bj that are each shape's
// support along the axis (the ones nearest each other: on a separating axis, the ones
// facing the plane). Everything comes from the focused pair's trace rows
// (evaluation/pair_trace.hpp) and the shapes' own corners; nothing here decides overlap.
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_trace.hpp"

#include <glm/glm.hpp>

#include <optional>
#include <string>
#include <vector>

namespace satlab {

/// The points of a shape that a projection's extremes come from: box corners or segment
/// ends (none for a sphere).
std::vector<glm::vec3> supportPoints(const SceneShape& shape);

/// The SAT row the separating plane is drawn for (`step`: the explorer's current row, -1
/// when none): the current step's row when its axis
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

}  // namespace satlab
