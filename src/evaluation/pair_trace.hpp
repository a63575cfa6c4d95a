// The traced run of one focused pair, for the explorers: the test the pair table gives the
// pair (pair_table.hpp), the very one its verdict came from, run with a recorder, plus what
// is needed to place its records in the world. 2D tests record into the same types with
// z = 0, so one explorer draws both.
//
// Roles: `shapeA` and `shapeB` are the scene indices in the test's roles (pair_table.hpp),
// so the records' "A" and "B" are exactly these shapes.
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_table.hpp"
#include "evaluation/pair_tests.hpp"
#include "satlab/collide.hpp"

#include <string>

namespace satlab {

struct ExplorerOptions {
  SatMode mode = SatMode::EarlyExit;
  float epsilon = kDefaultSatEpsilon;
  /// For a box and a segment whose slab test (the Recast & Detour slab post) has a 6-axis SAT
  /// twin (the "Using AABB" tutorial; pair_tests.hpp's SatTwin): the slab test, or the SAT.
  bool preferSlab = true;
  /// The SAT explorer's picture: the Minkowski difference A - B with the current axis's face
  /// lit (its offset is the axis's gap), in place of the axis's number line.
  bool minkowski = false;
};

struct PairTrace {
  ExplorerKind kind = ExplorerKind::None;
  TestId test = TestId::None;     // the test recorded; testName(test): "OBB-OBB", "segment-AABB", ...
  TestId planned = TestId::None;  // the pair table's test: `test`, or the slab test whose SAT twin `test` is
  TestId satTwin = TestId::None;  // the SAT twin of the planned test, when it has one
  int shapeA = -1, shapeB = -1;   // scene indices, in the core's argument order
  bool overlap = false;
  bool twoD = false;

  SatTrace sat;
  SatResult satResult;
  SlabTrace slab;
  SegmentHit hit;     // slab and segment-sphere pairs
  Segment segment;    // the segment of a slab or segment-sphere pair, A of a segment pair
  Segment segmentB;   // B of a segment-segment pair (world)
  RecordFrame frame;  // the box frame of slab / closest records
  ClosestTrace closest;
  ClosestResult closestResult;
  float sphereRadius = 0.0f;
  SegmentSphereTrace quadratic;
  SphereSphereResult sphereSphere;
  SegSegTrace segSeg;
  SegSegResult segSegResult;
  /// Capsule pairs (TestFamily::Capsule): the capsule test's record and result. For
  /// capsule-capsule and capsule-segment, segSeg is the record's segment-segment steps,
  /// segSegResult its closest points with the capsule test's verdict, and radiusA, radiusB
  /// the radii (the segment-segment explorer shows them).
  CapsuleTrace capsule;
  CapsuleResult capsuleResult;
  bool capsulePair = false;
  float radiusA = 0.0f, radiusB = 0.0f;
  /// GJK and EPA on the pair in the test's roles, beside its test (convex_measure.hpp): for
  /// every pair of convex shapes, whatever test decided it; the SAT explorer sets them side by side.
  std::optional<ConvexResult> beside;
  /// Hull pairs (ExplorerKind::Gjk): GJK's iterations and EPA's expansions, and the result.
  GjkTrace gjk;
  ConvexResult convexResult;
  Triangle triangle;  // B of a segment-triangle pair (world)
  SegmentTriangleTrace segTri;
  SegmentTriangleHit segTriHit;
  /// Mesh pairs (ExplorerKind::MeshTree): the walk of the mesh's OBB tree (mesh_query.hpp),
  /// every colliding triangle (pair) when options.mode is SatMode::Full.
  TreeTrace tree;
  MeshQueryResult meshResult;
};

/// Runs the traced test for shapes `i` and `j` of the scene (either order), with the shapes
/// in the roles planPair gives them, exactly as evaluatePair calls the test.
PairTrace tracePair(const Scene& scene, int i, int j, const ExplorerOptions& options);

}  // namespace satlab
