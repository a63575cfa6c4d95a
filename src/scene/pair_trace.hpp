// The traced run of one focused pair, for the explorers: the same core test the verdict
// came from, run with a recorder, plus what is needed to place its records in the world.
// 2D traces are converted to the 3D record types (z = 0) so one explorer draws both.
//
// Roles: the core's tests take their shapes in a fixed order (an AABB before an OBB, a
// sphere before a box, a box before a segment in the SAT); `shapeA` and `shapeB` are the
// scene indices in that order, so the records' "A" and "B" are exactly these shapes.
#pragma once

#include "satlab/collide.hpp"
#include "scene/scene.hpp"

#include <string>

namespace satlab {

enum class ExplorerKind {
  None,            // nothing focused, or a shape with itself
  Sat,             // box-box and AABB-segment (6 axes), 2D rectangles
  Slab,            // segment against AABB, OBB, rectangle
  Closest,         // sphere against AABB or OBB, circle against rectangle (Arvo)
  SegmentSphere,   // the quadratic's roots
  SphereSphere,
  SegmentSegment,
};

struct ExplorerOptions {
  SatMode mode = SatMode::EarlyExit;
  float epsilon = kDefaultSatEpsilon;
  /// For AABB-segment pairs: the slab test (the Recast & Detour slab post) instead of the 6-axis SAT (the "Using AABB" tutorial).
  bool preferSlab = true;
};

/// A box frame in which slab and closest-point records are expressed: point =
/// origin + axes * local.
struct RecordFrame {
  glm::vec3 origin{0.0f};
  glm::mat3 axes{1.0f};
};

struct PairTrace {
  ExplorerKind kind = ExplorerKind::None;
  std::string test;  // the recorder's test name, e.g. "OBB-OBB", "segment-AABB", "Rect2-Rect2"
  int shapeA = -1, shapeB = -1;  // scene indices, in the core's argument order
  bool overlap = false;
  bool twoD = false;

  SatTrace sat;
  SatResult satResult;
  SlabTrace slab;
  SegmentHit hit;            // slab and segment-sphere pairs
  Segment segment;           // the segment of a slab or segment-sphere pair, A of a segment pair
  Segment segmentB;          // B of a segment-segment pair (world)
  RecordFrame frame;         // the box frame of slab / closest records
  ClosestTrace closest;
  ClosestResult closestResult;
  float sphereRadius = 0.0f;
  SegmentSphereTrace quadratic;
  SphereSphereResult sphereSphere;
  SegSegTrace segSeg;
  SegSegResult segSegResult;
};

/// Runs the traced test for shapes `i` and `j` of the scene (either order): A is the shape
/// the core takes first (sphere, AABB, OBB, segment), and for two shapes of one type the
/// earlier one in the file, exactly as evaluatePair calls the test.
PairTrace tracePair(const Scene& scene, int i, int j, const ExplorerOptions& options);

/// "face of A", "face of B" or "edge x edge" for a box SAT label; "face" / "edge x d" for
/// the AABB-segment labels.
std::string axisKind(std::string_view label);

}  // namespace satlab
