// satlab collision core: what the pair tests return, their options and axis labels.
//
// Frames and units: every vector in a result is in world space, every length in the scene's
// units. Unit vectors are unit length unless a field's comment says when they are zero.
// Shapes are closed sets, so touching shapes overlap in every result below.
#pragma once

#include <array>
#include <string_view>

#include <glm/glm.hpp>

namespace satlab {

/// Canonical separating-axis order and labels for box pairs (AABB–AABB uses the first three,
/// AABB–OBB and OBB–OBB all fifteen). An AABB's axes A0, A1, A2 are world X, Y, Z. "AixBj"
/// is the cross product of edge directions Ai and Bj. The label in a comment, a trace row
/// and the UI is this very string.
inline constexpr std::array<std::string_view, 15> kBoxAxisLabels = {
    "A0",    "A1",    "A2",    "B0",    "B1",    "B2",    "A0xB0", "A0xB1",
    "A0xB2", "A1xB0", "A1xB1", "A1xB2", "A2xB0", "A2xB1", "A2xB2"};

/// Canonical axis order and labels of the AABB–segment SAT (the "Using AABB" tutorial): the box's three face
/// normals, then each of them crossed with the segment direction d = p1 - p0.
inline constexpr std::array<std::string_view, 6> kSegmentAxisLabels = {"X",   "Y",   "Z",
                                                                       "Xxd", "Yxd", "Zxd"};

/// Slab labels: an AABB's slabs are world X, Y, Z; an OBB's slabs are its local axes B0..B2
/// (the box is the second argument of the slab tests, hence "B").
inline constexpr std::array<std::string_view, 3> kAabbSlabLabels = {"X", "Y", "Z"};
inline constexpr std::array<std::string_view, 3> kObbSlabLabels = {"B0", "B1", "B2"};

/// A candidate SAT axis shorter than this (the boxes' axes are unit, so this is the sine of
/// the angle between the two crossed edges) is "degenerate": it is still tested, but it is
/// never reported as a penetration axis, and traces flag it.
inline constexpr float kDegenerateAxisLength = 1e-6f;

/// The large-scene AABB/OBB blog post / Ericson 4.4.1: the epsilon added to every |R| entry of the box–box tests.
inline constexpr float kDefaultSatEpsilon = 1e-6f;

/// The Recast & Detour slab post: a segment direction component smaller than this in magnitude makes the segment
/// parallel to that slab; the slab is then decided by whether the start point lies in it.
inline constexpr float kSlabParallelEpsilon = 1e-6f;

enum class SatMode {
  EarlyExit,  ///< Stop at the first separating axis (the production behaviour).
  Full,       ///< Evaluate every axis (for teaching); the verdict and result are unchanged.
};

struct SatOptions {
  SatMode mode = SatMode::EarlyExit;
  /// Added to each |R[i][j]| in AABB–OBB and OBB–OBB (the large-scene AABB/OBB blog post, Ericson 4.4.1) against
  /// near-parallel edges whose cross product is near zero. 0 reproduces the textbook test
  /// without the guard (see docs/algorithms.md, "The epsilon story"). Unused by the
  /// AABB–AABB and AABB–segment tests, which have no products of rotation entries.
  float epsilon = kDefaultSatEpsilon;
};

/// Result of a separating-axis test between a first shape A and a second shape B.
struct SatResult {
  bool overlap = false;  ///< No axis separates (touching counts as overlap).
  /// First separating axis in canonical order: index, label, and the unit axis oriented from
  /// A's centre towards B's. -1 / "" / zero vector when overlapping.
  int separatingIndex = -1;
  std::string_view separatingLabel{};
  glm::vec3 separatingAxis{0.0f};
  /// When overlapping: the non-degenerate axis of least penetration (the first one in
  /// canonical order on ties), unit, pointing from A to B (moving B by depth * axis separates
  /// the shapes, up to the epsilon inflation). -1 / "" / zero vector when separated.
  int penetrationIndex = -1;
  std::string_view penetrationLabel{};
  glm::vec3 penetrationAxis{0.0f};
  float depth = 0.0f;  ///< Penetration depth along penetrationAxis (>= 0); 0 when separated.
};

/// Part of a segment p0 + t (p1 - p0), t in [0, 1], inside a closed shape.
/// When overlap is false every other field is zero.
struct SegmentHit {
  bool overlap = false;
  float tEnter = 0.0f;  ///< First t inside the shape; 0 when p0 is inside or on the shape.
  float tExit = 0.0f;   ///< Last t inside the shape (<= 1); tEnter <= tExit.
  glm::vec3 enterPoint{0.0f};  ///< p0 + tEnter (p1 - p0).
  /// Outward unit surface normal at enterPoint. Zero vector exactly when tEnter == 0 (the
  /// segment starts inside or on the shape, so it does not enter through a face).
  glm::vec3 enterNormal{0.0f};
};

/// Sphere against a box: the point of the box closest to the sphere's centre.
struct ClosestResult {
  bool overlap = false;         ///< distanceSquared <= radius^2.
  glm::vec3 closestPoint{0.0f};  ///< On or in the box; the centre itself when it is inside.
  float distance = 0.0f;         ///< |centre - closestPoint|; 0 when the centre is inside.
  float distanceSquared = 0.0f;  ///< Arvo's sum, compared with radius^2 without a square root.
};

/// Closest points of segment A (p0 + s d1) and segment B (p0 + t d2), s, t in [0, 1].
struct SegSegResult {
  bool overlap = false;  ///< distance within kSegmentContactTolerance (see segment_segment.hpp).
  float s = 0.0f;
  float t = 0.0f;
  glm::vec3 pointA{0.0f};
  glm::vec3 pointB{0.0f};
  float distance = 0.0f;
};

struct SphereSphereResult {
  bool overlap = false;    ///< distance <= rA + rB.
  float distance = 0.0f;   ///< Between the centres.
  float depth = 0.0f;      ///< rA + rB - distance; negative when apart.
  glm::vec3 normal{1.0f, 0.0f, 0.0f};  ///< Unit, A's centre to B's; +X when the centres coincide.
};

}  // namespace satlab
