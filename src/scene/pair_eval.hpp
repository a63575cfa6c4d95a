// Evaluating the pairs of a scene with the collision core: which test each pair of shape
// types gets, and its result in one common form (used by `satlab check`, the pairs panel
// and the expectation check).
//
// Orientation: every vector in a PairResult points from the pair's first shape (`a`, the
// earlier one in file order) to its second (`b`). Where the core's test takes its
// arguments the other way round (an OBB before an AABB, a box before a segment), the
// result is turned round: vectors are negated and box axis labels are written for the
// pair's own order (A = the first shape, B = the second).
//
// 2D scenes use the 2D tests (rectangles, rotated rectangles, circles, segments in the XY
// plane): 2 axes for two rectangles, 4 when one is rotated. An OBB that is not a pure
// rotation about Z in a 2D scene falls back to the 3D tests.
#pragma once

#include "scene/scene.hpp"

#include <optional>
#include <string>
#include <vector>

namespace satlab {

struct PairAxis {
  std::string label;  // canonical axis label, e.g. "A0xB1", "Xxd", "B0"
  glm::vec3 axis{0.0f};  // unit, from a to b
};

struct PairPenetration {
  std::string label;     // the axis label where the test names one, else empty
  glm::vec3 axis{0.0f};  // unit, from a to b: moving b by depth * axis separates the pair
  float depth = 0.0f;
};

struct PairResult {
  size_t a = 0, b = 0;     // indices into Scene::shapes, a < b
  std::string test;        // the test that decided the verdict, e.g. "sat_aabb_obb"
  bool overlap = false;
  std::optional<PairAxis> separatingAxis;    // SAT pairs, when separated
  std::optional<PairPenetration> penetration;  // SAT and sphere-sphere pairs, when overlapping
  bool segmentPair = false;                  // one shape is a segment: tEnter/tExit apply
  std::optional<float> tEnter, tExit;        // along the segment, when it meets the other shape
  std::optional<float> distance;             // gap between the shapes (0 when touching or overlapping)
  std::optional<glm::vec3> closestPoint;     // sphere-box: the box point nearest the sphere's centre
  std::optional<glm::vec3> closestOnA, closestOnB;  // segment-segment: the closest points
};

/// The position of a shape type in the core's argument order (sphere, AABB, OBB, segment):
/// the core's pair functions take the lower-ranked shape first (closestSphereAabb,
/// satAabbObb, slabSegmentObb's box, ...). Pair evaluation and pair traces both follow it.
int coreArgumentRank(ShapeKind kind);

/// Evaluates shapes a and b (a before b in the scene) with the test for their types.
PairResult evaluatePair(const Scene& scene, size_t a, size_t b);

/// Every pair once, in file order: (0,1), (0,2), ..., (1,2), ...
std::vector<PairResult> evaluateAllPairs(const Scene& scene);

/// An expectation of the scene that the current verdicts do not meet.
struct ExpectationMismatch {
  size_t index;         // into Scene::expect
  std::string message;  // e.g. "box_a / box_b: expected overlap, got separated on A0"
};

/// Checks Scene::expect against fresh verdicts. An expectation naming a missing shape is a
/// mismatch too.
std::vector<ExpectationMismatch> checkExpectations(const Scene& scene);

}  // namespace satlab
