// Evaluating a pair of scene shapes between two frames: how each one moves from its pose in
// the first frame to its pose in the second, which test between two frames the pair gets
// (swept_tests.hpp), and its result in the pair's order.
//
// Between two poses a shape moves straight at constant speed and turns at a constant rate
// about its centre, by the shortest rotation from the first pose's axes to the second's:
// the motion an engine's step makes, as far as two poses can tell. A pair where neither
// shape turns takes a test of shapes moving straight (exact); a pair where one turns (by
// more than kTurnEpsilon over the step) takes conservative advancement.
//
// Orientation: as in pair_eval.hpp, the result reads from the pair's first shape (a) to its
// second (b): the normal points from a to b, the axis is named with A = a, and `swapped`
// says the core took them the other way round.
#pragma once

#include <optional>
#include <string_view>
#include <variant>

#include "document/scene.hpp"
#include "satlab/collide.hpp"

namespace satlab {

/// A turn smaller than this (radians over the step) is no turn: a box whose axes were
/// re-orthonormalised moves straight.
inline constexpr double kTurnEpsilon = 1e-6;

/// How a shape moves from `before` to `after`: its centre's displacement and the shortest
/// rotation between its axes (zero when it does not turn). nullopt when the two are not one
/// shape moved: another kind, another size (half extents, radius, a triangle's edges), or a
/// kind that has no test between two frames (meshes).
std::optional<StepMotion> stepBetween(const ShapeGeometry& before, const ShapeGeometry& after);

/// The result of one pair over one step, t in [0, 1] from the first frame to the second.
struct SweptResult {
  /// False when no test between two frames covers the pair (see stepBetween and
  /// sweptTestFor): nothing else is set.
  bool tested = false;
  TestId test = TestId::None;
  std::string_view code{};  ///< Its name in `satlab check`, e.g. "swept_obb_obb".
  bool swapped = false;     ///< The core took b as its A.
  bool hit = false;         ///< They touch at some t in [0, 1].
  float toi = 0.0f;         ///< First contact (0 when they touch at the start).
  float tExit = 0.0f;       ///< Last contact (conservative advancement: toi).
  glm::vec3 normal{0.0f};   ///< Unit, from a to b at toi; zero when touching at the start.
  glm::vec3 point{0.0f};    ///< Where they touch at toi.
  AxisId axis{};            ///< SAT in time: the axis that decides toi, A = a.
};

/// Shapes a and b from their poses `a0`, `b0` in the first frame to `a1`, `b1` in the
/// second. `aFirstInFile`: a comes before b in the file (two shapes of one kind are taken in
/// file order, as the pair tests take them).
SweptResult evaluateSweep(const ShapeGeometry& a0, const ShapeGeometry& a1, const ShapeGeometry& b0,
                          const ShapeGeometry& b1, bool aFirstInFile = true);

/// The test and roles evaluateSweep uses, for the explorer: the test (None when not
/// covered), whether the core takes b first, and each shape's motion in the core's roles.
struct SweptPlan {
  TestId test = TestId::None;
  bool swapped = false;
  StepMotion first{}, second{};
};
SweptPlan planSweep(const ShapeGeometry& a0, const ShapeGeometry& a1, const ShapeGeometry& b0, const ShapeGeometry& b1,
                    bool aFirstInFile = true);

/// A shape's geometry at time t of its step (0 = `before`, 1 = its pose after the step): its
/// centre moved by t times the displacement and turned by t times the rotation about it (the
/// centre of motion.hpp: a box's or sphere's centre, a segment's or capsule's midpoint, a
/// triangle's first vertex, as stepBetween measures it). Meshes are returned unchanged.
ShapeGeometry poseAlongStep(const ShapeGeometry& before, const StepMotion& motion, float t);

/// The traced run of one pair between two frames, for the explorer: the plan, the result in
/// the pair's order, and the record of the test in the core's roles (the trace type its row
/// names), with the Minkowski record of two AABBs beside SAT in time's.
struct SweptRecord {
  SweptPlan plan;
  SweptResult result;
  /// The shapes in the test's roles at the step's start, and how each moves (plan.first,
  /// plan.second): A is the pair's b when plan.swapped.
  ShapeGeometry a0, b0;
  std::variant<std::monostate, SweptSatTrace, SlabTrace, SegmentSphereTrace, SweptSphereBoxTrace,
               SweptSphereTriangleTrace, AdvanceTrace>
      trace;
  std::optional<SlabTrace> minkowski;  ///< two AABBs: the same step as a ray against A + B
  /// Conservative advancement: what the test of the same shapes moving straight says when
  /// the turn is left out (a spinning bar whose centre stays put: no contact).
  std::optional<SweptHit> translationOnly;
};

/// The record of a (from a0 to a1) and b (from b0 to b1), as evaluateSweep tests them.
SweptRecord traceSweep(const ShapeGeometry& a0, const ShapeGeometry& a1, const ShapeGeometry& b0,
                       const ShapeGeometry& b1, bool aFirstInFile = true);

}  // namespace satlab
