// Evaluating the pairs of a scene with the collision core: the test the pair table
// (pair_table.hpp) gives each pair, and its result in one common form (used by `satlab
// check`, the pairs panel and the expectation check).
//
// Orientation: every vector in a PairResult points from the pair's first shape (`a`, the
// one asked for first; the file's earlier one for check and the pairs panel) to its second
// (`b`), and axes are named for that order (A = a, B = b). Where the core's test takes its
// arguments the other way round (an AABB before an OBB, a box before a segment), the
// result is turned round: vectors are negated, axes renamed with withRolesSwapped, and
// `swapped` says so (inTestRoles names an axis as the explorer does).
//
// 2D scenes test their pairs in the XY plane: 2 axes for two rectangles, 4 when one is
// rotated; an OBB that is not a rotation about Z falls back to the 3D tests (pair_table.hpp).
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_table.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

struct PairAxis {
  AxisId id;             // label(id): "A0xB1", "Xxd", "B0", ... (A = the pair's first shape)
  glm::vec3 axis{0.0f};  // unit, from a to b
  /// The gap between the two shapes' projections onto the unit axis (>= 0), measured in
  /// double without the test's epsilon: the shapes are at least this far apart.
  float gap = 0.0f;
};

/// What a penetration without a SAT axis is measured along (its label in `satlab check`):
/// the line through the two centres (sphere-sphere, circle-circle); the line from the
/// sphere's centre to the nearest point of the box or triangle (sphere-box, circle-rect,
/// sphere-triangle), or, with the centre inside the box, the normal of the box's nearest
/// face ("nearest face"), and with the centre in the triangle's plane, the triangle's normal
/// ("n", as the SAT tests name it); the line between the closest points of the cores
/// (capsule pairs: a capsule's core is its segment, a sphere's its centre); EPA's normal
/// (hull pairs, gjk.hpp).
inline constexpr std::string_view kAlongCentres = "centres";
inline constexpr std::string_view kAlongNearestPoint = "nearest point";
inline constexpr std::string_view kAlongNearestFace = "nearest face";
inline constexpr std::string_view kAlongTriangleNormal = "n";
inline constexpr std::string_view kAlongCores = "cores";
inline constexpr std::string_view kAlongEpaNormal = "EPA normal";

struct PairPenetration {
  AxisId id;             // the axis where the test names one (SAT pairs), else AxisId{}
  glm::vec3 axis{0.0f};  // unit, from a to b: moving b by depth * axis separates the pair
  /// >= 0, measured in double without the test's epsilon (the epsilon guards the verdict,
  /// not the measurement): box pairs, the overlap of the projections onto the axis the
  /// core chose; sphere/circle pairs, rA + rB - |cB - cA|; sphere-box, r - distance with
  /// the centre outside, r + the centre's depth below the nearest face with it inside.
  /// Touching pairs report 0.
  float depth = 0.0f;
  /// Where `id` names no axis: what the depth is measured along (one of the kAlong* names).
  std::string_view along{};
};

/// The penetration's label: its SAT axis (label(id), "A0", "A1xB2") where the test names
/// one, else what it is measured along ("centres", "cores", ...). Never empty.
std::string penetrationLabel(const PairPenetration& p);

/// What a mesh pair's tree walk did (mesh_query.hpp's MeshQueryResult).
struct PairMeshStats {
  /// The first colliding triangle found, by index in its mesh: of a's mesh (triangleA) and of
  /// b's (triangleB), when that shape is a mesh; valid when overlapping.
  std::uint32_t triangleA = 0, triangleB = 0;
  std::size_t nodeTests = 0, nodesRejected = 0, triangleTests = 0;
};

/// The result of one pair. Every number in it is finite: a value the evaluation cannot
/// compute (only possible for inputs beyond the loader's range) is left out (its optional
/// is empty; a vector inside a result is zero).
struct PairResult {
  size_t a = 0, b = 0;  // indices into Scene::shapes, a < b
  /// False for a pair no test covers yet (a mesh pair, pair_table.hpp): then `overlap` and
  /// everything else say nothing, and no consumer may report them as a verdict.
  bool tested = true;
  TestId test = TestId::None;  // the test that decided the verdict
  std::string_view code{};     // its name in `satlab check`, e.g. "sat_aabb_obb" (PairRule::code)
  /// The core took b as its A (pair_table.hpp): the explorer names the axes the other way.
  bool swapped = false;
  bool overlap = false;
  std::optional<PairAxis> separatingAxis;  // SAT pairs, when separated
  /// When overlapping: the SAT pairs (with a valid id), sphere, circle, capsule and hull
  /// pairs; never segment or mesh pairs.
  std::optional<PairPenetration> penetration;
  bool segmentPair = false;            // one shape is a segment: tEnter/tExit apply
  std::optional<float> tEnter, tExit;  // along the segment, when it meets the other shape
  /// Gap between the shapes (0 when touching or overlapping): sphere, circle and segment
  /// pairs (the SAT pairs' lower bound is separatingAxis->gap).
  std::optional<float> distance;
  /// sphere-box and sphere-triangle: the point nearest the sphere's centre; segment-triangle:
  /// where the segment meets the triangle.
  std::optional<glm::vec3> closestPoint;
  std::optional<glm::vec3> closestOnA, closestOnB;  // segment-segment: the closest points
  std::optional<PairMeshStats> mesh;                // mesh pairs
};

/// `axis` of a result named in the test's roles (A = the shape the core took first), as the
/// explorer names it; the result itself names it for the pair's order (A = r.a).
inline AxisId inTestRoles(const PairResult& r, AxisId axis) { return r.swapped ? withRolesSwapped(axis) : axis; }

/// Evaluates shapes a and b with the test the pair table gives them; results read from a
/// to b. a != b, both in range.
PairResult evaluatePair(const Scene& scene, size_t a, size_t b);

/// What a pair without a verdict shows in its place: a mesh shape without triangles (one
/// whose file was checked but not read, SceneLoadOptions::readMeshFiles).
inline constexpr const char* kNotTestedText = "not tested (the mesh's triangles are not loaded)";

/// Whether shapes a and b get a verdict: the pair table has a test for them and every mesh
/// of the pair holds its triangles.
bool pairTested(const Scene& scene, size_t a, size_t b);

/// The verdict alone of evaluatePair(scene, a, b): the same test on the same shapes in the
/// same roles, through overlaps(), which computes nothing else. False for a pair that is
/// not tested (pairTested). For the many pairs whose
/// numbers nobody reads (`satlab check` counts separated pairs without listing them).
bool pairOverlaps(const Scene& scene, size_t a, size_t b);

/// Every pair once, in file order: (0,1), (0,2), ..., (1,2), ... All n (n - 1) / 2 of them
/// are stored: for small scenes only (the pairs panel up to kListAllPairsUpTo shapes, the
/// gtest export, benchmarks). Large scenes go through the broad phase (broad_phase.hpp).
std::vector<PairResult> evaluateAllPairs(const Scene& scene);

/// An expectation of the scene that the current verdicts do not meet.
struct ExpectationMismatch {
  size_t index;         // into Scene::expect
  std::string message;  // e.g. "box_a / box_b: expected overlap, got separated on A0"
};

/// Checks Scene::expect against fresh verdicts. An expectation naming a missing shape is a
/// mismatch too. Names are looked up in a hash map (the first shape of a name counts):
/// O(shapes + expectations). Messages hold the names as written; escape them (printable)
/// before they reach a terminal.
std::vector<ExpectationMismatch> checkExpectations(const Scene& scene);

}  // namespace satlab
