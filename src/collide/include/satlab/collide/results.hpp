// satlab collision core: the names of the tests and their axes, their options, and what
// they return. One set of types serves 2D and 3D: a 2D test reports its vectors in the XY
// plane with z = 0.
//
// Frames and units: every vector in a result is in world space, every length in the scene's
// units. Unit vectors are unit length unless a field's comment says when they are zero.
// Shapes are closed sets, so touching shapes overlap in every result below.
#pragma once

#include <cstdint>
#include <string_view>

#include <glm/glm.hpp>

namespace satlab {

// ---- Which test ----------------------------------------------------------------------------

/// Every pair test of the core. The first shape named is the test's first argument ("A").
enum class TestId : std::uint8_t {
  None,
  // 3D
  AabbAabb,        ///< satAabbAabb: 3 face axes
  AabbObb,         ///< satAabbObb: 15 axes
  ObbObb,          ///< satObbObb: 15 axes
  AabbSegment,     ///< satAabbSegment: 6 axes
  SegmentAabb,     ///< slabSegmentAabb: 3 slabs
  SegmentObb,      ///< slabSegmentObb: 3 slabs in the box frame
  ObbSegment,      ///< satObbSegment: 6 axes in the box frame
  SphereAabb,      ///< closestSphereAabb: Arvo
  SphereObb,       ///< closestSphereObb: Arvo in the box frame
  SegmentSphere,   ///< segmentSphere: the quadratic
  SphereSphere,    ///< sphereSphere
  SegmentSegment,  ///< closestSegmentSegment
  // 3D, against a triangle (the triangle second, the segment and the sphere first)
  AabbTriangle,      ///< satAabbTriangle: 13 axes (Akenine-Möller)
  ObbTriangle,       ///< satObbTriangle: 13 axes in the box frame
  SphereTriangle,    ///< closestSphereTriangle: closest point by Voronoi regions (Ericson 5.1.5)
  SegmentTriangle,   ///< segmentTriangle: Möller–Trumbore
  TriangleTriangle,  ///< satTriangleTriangle: 11 axes, 6 more when the triangles share a plane
  // 3D, a triangle mesh through its bounding-volume tree (mesh_query.hpp): the tree's boxes
  // against the other shape (or the other mesh's boxes), then the triangle tests at the leaves
  MeshMesh,      ///< meshMesh: node boxes by satObbObb, leaves by satTriangleTriangle
  MeshAabb,      ///< meshAabb: satAabbObb, then satAabbTriangle
  MeshObb,       ///< meshObb: satObbObb, then satObbTriangle
  MeshSphere,    ///< meshSphere: closestSphereObb, then closestSphereTriangle
  MeshSegment,   ///< meshSegment: slabSegmentObb, then segmentTriangle
  MeshTriangle,  ///< meshTriangle: satObbTriangle, then satTriangleTriangle
  // 2D (the XY plane)
  RectRect,                  ///< satRectRect: 2 axes
  RectOrientedRect,          ///< satRectOrientedRect: 4 axes
  OrientedRectOrientedRect,  ///< satOrientedRectOrientedRect: 4 axes
  SegmentRect,               ///< slabSegmentRect: 2 slabs
  SegmentOrientedRect,       ///< slabSegmentOrientedRect: 2 slabs in the rect frame
  CircleRect,                ///< closestCircleRect: Arvo
  CircleOrientedRect,        ///< closestCircleOrientedRect: Arvo in the rect frame
  CircleCircle,              ///< closestCircleCircle
  CircleSegment,             ///< closestCircleSegment
  // Between two frames (swept.hpp, advance.hpp): shapes that move over a step t in [0, 1],
  // the first shape named is A
  SweptAabbAabb,        ///< sweptAabbAabb: SAT in time, 3 axes
  SweptAabbObb,         ///< sweptAabbObb: SAT in time, 15 axes
  SweptObbObb,          ///< sweptObbObb: SAT in time, 15 axes
  MinkowskiAabbAabb,    ///< sweptAabbAabbMinkowski: B's centre as a segment against A grown by B, by slabs
  SweptSphereSphere,    ///< sweptSphereSphere: the quadratic of B's centre against a sphere of radius rA + rB
  SweptSphereAabb,      ///< sweptSphereAabb: the centre's path against the box grown by r, piece by piece
  SweptSphereObb,       ///< sweptSphereObb: the same in the box frame
  SweptSphereTriangle,  ///< sweptSphereTriangle: the face, the three edges and the three corners
  AdvanceObbObb,        ///< advanceObbObb: conservative advancement, turning boxes
  AdvanceSphereObb,     ///< advanceSphereObb: conservative advancement, a turning box
  // 3D, a capsule (capsule.hpp): the closest features of its core segment and the other
  // shape, against the radii; the capsule first (A), but against a mesh (the mesh is B)
  CapsuleSphere,    ///< capsuleSphere: the segment's point closest to the centre (Ericson 5.1.2)
  CapsuleCapsule,   ///< capsuleCapsule: the closest points of two segments (Ericson 5.1.9)
  CapsuleSegment,   ///< capsuleSegment: the same, B's radius 0
  CapsuleAabb,      ///< capsuleAabb: segment-box distance (slabs, Arvo's clamp, 12 edges)
  CapsuleObb,       ///< capsuleObb: the same in the box frame
  CapsuleTriangle,  ///< capsuleTriangle: segment-triangle distance (Möller–Trumbore, 5.1.5, 3 edges)
  MeshCapsule,      ///< meshCapsule: capsuleObb on the nodes, then capsuleTriangle
  // Between two frames, a capsule turning about its midpoint (advance.hpp)
  AdvanceCapsuleCapsule,  ///< advanceCapsuleCapsule: conservative advancement, capsuleCapsule's distance
  AdvanceCapsuleSphere,   ///< advanceCapsuleSphere: conservative advancement, capsuleSphere's distance
  AdvanceCapsuleObb,      ///< advanceCapsuleObb: conservative advancement, capsuleObb's distance
  // 3D, a convex hull (gjk.hpp): GJK for the distance, EPA for the depth, on the shapes'
  // support functions (support.hpp); the hull first (A), but against a mesh (the mesh is B)
  HullHull,      ///< convexContact: GJK, then EPA when the hulls overlap
  HullAabb,      ///< convexContact on the hull and the box's 8 corners
  HullObb,       ///< convexContact on the hull and the box's 8 corners
  HullSphere,    ///< convexContact on the hull and the centre, then the radius
  HullCapsule,   ///< convexContact on the hull and the core segment, then the radius
  HullSegment,   ///< convexContact on the hull and the segment's 2 ends
  HullTriangle,  ///< convexContact on the hull and the triangle's 3 corners
  MeshHull,      ///< meshHull: convexContact against the OBB tree's nodes, then its triangles
  /// GJK/EPA run on any two convex shapes beside their test of record (a box pair's SAT):
  /// convexContact without a pair of its own
  ConvexConvex,
};

/// The test as the explorers title it: "OBB-OBB", "segment-AABB", "Rect2-Rect2", ...
std::string_view testName(TestId test);

// ---- Which axis ----------------------------------------------------------------------------

/// One candidate axis of a test, by what it is made of; `label(axis)` spells it. The labels
/// are the ones a scene's expectations, the trace rows and the UI use:
///   FaceA i        "A0" "A1" "A2"      the first box's own axis i (an AABB's: world X, Y, Z)
///   FaceB i        "B0" "B1" "B2"      the second box's own axis i
///   EdgeEdge i, j  "A0xB0" ... "A2xB2" the cross product of A's axis i and B's axis j
///   World i        "X" "Y" "Z"         world axis i: the slabs and faces of an AABB against
///                                      a segment or a sphere
///   WorldCrossSegment i  "Xxd" "Yxd" "Zxd"  world axis i crossed with the segment's d
///   FaceACrossSegment i  "A0xd" "A1xd" "A2xd"  box A's axis i crossed with the segment's d
///   FaceBCrossSegment i  "B0xd" "B1xd" "B2xd"  the same with the box as B (the pair turned round)
/// Against a triangle, whose edges are e0 = b - a, e1 = c - b, e2 = a - c (shapes.hpp):
///   TriangleNormal  "n"                the triangle's normal (box–triangle)
///   WorldCrossEdge i, j  "Xxe0" ... "Zxe2"   world axis i x edge j (AABB–triangle)
///   FaceACrossEdge i, j  "A0xe0" ... "A2xe2" box A's axis i x edge j (OBB–triangle)
///   FaceBCrossEdge i, j  "B0xe0" ... "B2xe2" the same with the box as B (the pair turned round)
///   NormalA, NormalB     "nA" "nB"     the normals of triangles A and B (triangle–triangle)
///   EdgeACrossEdgeB i, j "eA0xeB0" ... "eA2xeB2"  edge i of A x edge j of B
///   EdgeNormalA i, EdgeNormalB i  "nAxeA0" ... "nBxeB2"  a triangle's normal x its edge i:
///                                 the edge's outward or inward normal in the triangle's plane
struct AxisId {
  enum class Kind : std::uint8_t {
    None,
    FaceA,
    FaceB,
    EdgeEdge,
    World,
    WorldCrossSegment,
    TriangleNormal,
    WorldCrossEdge,
    FaceACrossEdge,
    FaceBCrossEdge,
    NormalA,
    NormalB,
    EdgeACrossEdgeB,
    EdgeNormalA,
    EdgeNormalB,
    FaceACrossSegment,
    FaceBCrossSegment,
  };
  Kind kind = Kind::None;
  /// The axis of A (FaceA, EdgeEdge), of B (FaceB), of the world (World, WorldCrossSegment,
  /// WorldCrossEdge) or of the box (FaceACrossEdge, FaceBCrossEdge); the edge of A
  /// (EdgeACrossEdgeB, EdgeNormalA) or of B (EdgeNormalB).
  std::uint8_t i = 0;
  /// EdgeEdge: the axis of B; the *CrossEdge kinds: the triangle's edge; EdgeACrossEdgeB: the
  /// edge of B.
  std::uint8_t j = 0;

  static constexpr AxisId faceA(int axis) { return {Kind::FaceA, std::uint8_t(axis), 0}; }
  static constexpr AxisId faceB(int axis) { return {Kind::FaceB, std::uint8_t(axis), 0}; }
  static constexpr AxisId edge(int axisA, int axisB) {
    return {Kind::EdgeEdge, std::uint8_t(axisA), std::uint8_t(axisB)};
  }
  static constexpr AxisId world(int axis) { return {Kind::World, std::uint8_t(axis), 0}; }
  static constexpr AxisId worldCrossSegment(int axis) { return {Kind::WorldCrossSegment, std::uint8_t(axis), 0}; }
  static constexpr AxisId faceACrossSegment(int axis) { return {Kind::FaceACrossSegment, std::uint8_t(axis), 0}; }
  static constexpr AxisId faceBCrossSegment(int axis) { return {Kind::FaceBCrossSegment, std::uint8_t(axis), 0}; }
  static constexpr AxisId triangleNormal() { return {Kind::TriangleNormal, 0, 0}; }
  static constexpr AxisId worldCrossEdge(int axis, int edge) {
    return {Kind::WorldCrossEdge, std::uint8_t(axis), std::uint8_t(edge)};
  }
  static constexpr AxisId faceACrossEdge(int axis, int edge) {
    return {Kind::FaceACrossEdge, std::uint8_t(axis), std::uint8_t(edge)};
  }
  static constexpr AxisId faceBCrossEdge(int axis, int edge) {
    return {Kind::FaceBCrossEdge, std::uint8_t(axis), std::uint8_t(edge)};
  }
  static constexpr AxisId normalA() { return {Kind::NormalA, 0, 0}; }
  static constexpr AxisId normalB() { return {Kind::NormalB, 0, 0}; }
  static constexpr AxisId edgeACrossEdgeB(int edgeA, int edgeB) {
    return {Kind::EdgeACrossEdgeB, std::uint8_t(edgeA), std::uint8_t(edgeB)};
  }
  static constexpr AxisId edgeNormalA(int edge) { return {Kind::EdgeNormalA, std::uint8_t(edge), 0}; }
  static constexpr AxisId edgeNormalB(int edge) { return {Kind::EdgeNormalB, std::uint8_t(edge), 0}; }

  constexpr bool valid() const { return kind != Kind::None; }
  friend constexpr bool operator==(AxisId x, AxisId y) { return x.kind == y.kind && x.i == y.i && x.j == y.j; }
  friend constexpr bool operator!=(AxisId x, AxisId y) { return !(x == y); }
};

/// "A0", "A1xB2", "Xxd", "B1", ...; "" for AxisId{}. The one place an axis label is spelt.
std::string_view label(AxisId axis);

/// What the axis is, in words: "face of A", "face of B", "edge x edge", "face", "edge x d",
/// "triangle normal", ...
std::string_view axisKindName(AxisId axis);

/// The same axis named with A and B exchanged, for a pair shown in the other order: FaceA i
/// is FaceB i, and Ai x Bj is Bj x Ai, i.e. "AjxBi" once renamed (the vector is negated by
/// whoever turns the pair round); likewise Ai x ej is Bi x ej, nA is nB, eAi x eBj is
/// eAj x eBi and nA x eAi is nB x eBi. World axes and a lone triangle's own axes ("n",
/// "Xxe0") keep their names.
constexpr AxisId withRolesSwapped(AxisId axis) {
  switch (axis.kind) {
    case AxisId::Kind::FaceA: return AxisId::faceB(axis.i);
    case AxisId::Kind::FaceB: return AxisId::faceA(axis.i);
    case AxisId::Kind::EdgeEdge: return AxisId::edge(axis.j, axis.i);
    case AxisId::Kind::FaceACrossEdge: return AxisId::faceBCrossEdge(axis.i, axis.j);
    case AxisId::Kind::FaceBCrossEdge: return AxisId::faceACrossEdge(axis.i, axis.j);
    case AxisId::Kind::NormalA: return AxisId::normalB();
    case AxisId::Kind::NormalB: return AxisId::normalA();
    case AxisId::Kind::EdgeACrossEdgeB: return AxisId::edgeACrossEdgeB(axis.j, axis.i);
    case AxisId::Kind::EdgeNormalA: return AxisId::edgeNormalB(axis.i);
    case AxisId::Kind::EdgeNormalB: return AxisId::edgeNormalA(axis.i);
    case AxisId::Kind::FaceACrossSegment: return AxisId::faceBCrossSegment(axis.i);
    case AxisId::Kind::FaceBCrossSegment: return AxisId::faceACrossSegment(axis.i);
    default: return axis;
  }
}

/// The Voronoi region of a triangle abc in which a point's closest point lies (Ericson
/// 5.1.5): a vertex, an edge or the face. label() spells them "a", "b", "c", "ab", "ac",
/// "bc", "face"; "" for None.
enum class TriangleRegion : std::uint8_t { None, VertexA, VertexB, VertexC, EdgeAB, EdgeAC, EdgeBC, Face };

std::string_view label(TriangleRegion region);

// ---- Options and constants ------------------------------------------------------------------

/// A candidate SAT axis shorter than this (the boxes' axes are unit, so this is the sine of
/// the angle between the two crossed edges) is "degenerate": it is still tested, but it is
/// never reported as a penetration axis, and traces flag it.
inline constexpr float kDegenerateAxisLength = 1e-6f;

/// The large-scene AABB/OBB blog post / Ericson 4.4.1: the epsilon added to every |R| entry
/// of the box–box tests.
inline constexpr float kDefaultSatEpsilon = 1e-6f;

/// The Recast & Detour slab post: a segment direction component smaller than this in
/// magnitude makes the segment parallel to that slab; the slab is then decided by whether
/// the start point lies in it.
inline constexpr float kSlabParallelEpsilon = 1e-6f;

enum class SatMode {
  EarlyExit,  ///< Stop at the first separating axis or rejecting slab (the production behaviour).
  /// Evaluate every axis or slab, for a recorder to show (without one the test stops at the
  /// first separating axis anyway); the verdict and result are unchanged.
  Full,
};

/// Options of the separating-axis and slab tests, 2D and 3D.
struct SatOptions {
  SatMode mode = SatMode::EarlyExit;
  /// Added to each |R[i][j]| in AABB–OBB and OBB–OBB (the large-scene AABB/OBB blog post,
  /// Ericson 4.4.1) against near-parallel edges whose cross product is near zero. 0
  /// reproduces the textbook test without the guard (docs/algorithms.md, "The epsilon
  /// story"). The other tests have no products of rotation entries and ignore it; so do the
  /// triangle tests, which project every vertex onto each axis as built (sat_triangle.hpp says
  /// why that needs no epsilon).
  float epsilon = kDefaultSatEpsilon;
};

// ---- Results ---------------------------------------------------------------------------------

/// Result of a separating-axis test between a first shape A and a second shape B.
struct SatResult {
  bool overlap = false;  ///< No axis separates (touching counts as overlap).
  /// The first separating axis in the test's order, and that axis as a unit vector oriented
  /// from A's centre towards B's. AxisId{} and the zero vector when overlapping (and the
  /// zero vector for a zero-length cross axis, which only the epsilon 0 can make separate).
  /// The triangle tests leave every axis field empty for non-finite input, and
  /// triangle–triangle for a triangle without area (decided as a segment, without axes).
  AxisId separating{};
  glm::vec3 separatingAxis{0.0f};
  /// The gap between the two projections on the separating axis (> 0); 0 when overlapping.
  float gap = 0.0f;
  /// When overlapping: the non-degenerate axis of least penetration (the first one in the
  /// test's order on ties), unit, pointing from A to B (moving B by depth * axis separates the
  /// shapes, up to the epsilon inflation). AxisId{} and the zero vector when separated.
  AxisId penetration{};
  glm::vec3 penetrationAxis{0.0f};
  float depth = 0.0f;  ///< Penetration depth along penetrationAxis (>= 0); 0 when separated.
};

/// Part of a segment p0 + t (p1 - p0), t in [0, 1], inside a closed shape.
/// When overlap is false every other field is zero.
struct SegmentHit {
  bool overlap = false;
  float tEnter = 0.0f;         ///< First t inside the shape; 0 when p0 is inside or on the shape.
  float tExit = 0.0f;          ///< Last t inside the shape (<= 1); tEnter <= tExit.
  glm::vec3 enterPoint{0.0f};  ///< p0 + tEnter (p1 - p0).
  /// Outward unit surface normal at enterPoint. Zero vector exactly when tEnter == 0 (the
  /// segment starts inside or on the shape, so it does not enter through a face).
  glm::vec3 enterNormal{0.0f};
};

/// Part of a segment p0 + t (p1 - p0), t in [0, 1], on a triangle (segment_triangle.hpp).
/// A triangle is flat, so the segment meets it at one t (tEnter == tExit) unless it lies in
/// the triangle's plane. When overlap is false every other field is zero.
struct SegmentTriangleHit {
  bool overlap = false;
  float tEnter = 0.0f;         ///< First t on the triangle.
  float tExit = 0.0f;          ///< Last t on the triangle (>= tEnter).
  glm::vec3 enterPoint{0.0f};  ///< p0 + tEnter (p1 - p0).
  /// Barycentric coordinates of enterPoint as Möller–Trumbore finds them:
  /// enterPoint = (1 - u - v) a + u b + v c, u, v >= 0, u + v <= 1.
  float u = 0.0f, v = 0.0f;
  /// The triangle's unit normal on the side the segment comes from (against p1 - p0). Zero
  /// when the segment runs in the triangle's plane or the triangle has no area.
  glm::vec3 enterNormal{0.0f};
};

/// A sphere (circle) against a shape X: the point of X closest to the centre.
struct ClosestResult {
  bool overlap = false;          ///< distanceSquared <= radius^2.
  glm::vec3 closestPoint{0.0f};  ///< On or in X; the centre itself when it is inside X.
  float distance = 0.0f;         ///< |centre - closestPoint|; 0 when the centre is inside.
  float distanceSquared = 0.0f;  ///< Arvo's sum, compared with radius^2 without a square root.
  float t = 0.0f;                ///< Circle–segment: closestPoint's segment parameter; else 0.
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

/// Two shapes moving over a step, t in [0, 1] (swept.hpp, advance.hpp): when they first touch.
/// When hit is false every other field is zero.
struct SweptHit {
  bool hit = false;  ///< They touch at some t in [0, 1].
  float toi = 0.0f;  ///< The first such t, the time of impact; 0 when they touch at the start.
  /// The last such t (<= 1): the moving shapes touch during [toi, tExit]. Conservative
  /// advancement finds the first contact only: there tExit == toi.
  float tExit = 0.0f;
  /// At toi, unit, from A towards B: the direction B would be pushed to part them. Zero when
  /// they already touch at t = 0 (no contact is made during the step).
  glm::vec3 normal{0.0f};
  glm::vec3 point{0.0f};  ///< A point where they touch at toi, world, the shapes posed at toi.
  AxisId axis{};          ///< SAT in time: the axis whose entry is the latest, which decides toi.
};

/// A capsule (A) against a shape B (capsule.hpp): the closest points of A's core segment
/// and of B's core (B's segment for a capsule, its centre for a sphere, the shape itself for
/// a box or a triangle), and their distance, against the radii.
struct CapsuleResult {
  /// distance <= rA + rB + the contact tolerance (capsule.hpp): touching overlaps.
  bool overlap = false;
  /// Between the two cores (>= 0); 0 when A's segment meets a box or a triangle. The gap
  /// between the shapes' surfaces is max(0, distance - rA - rB).
  float distance = 0.0f;
  float s = 0.0f;          ///< pointA = p0 + s (p1 - p0), s in [0, 1].
  glm::vec3 pointA{0.0f};  ///< On A's segment.
  glm::vec3 pointB{0.0f};  ///< On B's core (on or in a box; on a triangle).
};

/// Why GJK stopped (gjk.hpp). label() spells each.
enum class GjkEnd : std::uint8_t {
  None,
  Converged,       ///< "distance converged": the support point adds less than the tolerance
  Enclosed,        ///< "origin enclosed": the simplex is a tetrahedron holding the origin
  Touching,        ///< "origin on the simplex": the closest point is the origin, within the tolerance
  NoProgress,      ///< "no progress": the support point is already in the simplex, or |v| grew
  IterationLimit,  ///< "iteration limit": kGjkMaxIterations ran out (reported as the last |v|)
};

/// Why EPA stopped (gjk.hpp). label() spells each.
enum class EpaEnd : std::uint8_t {
  None,
  Converged,       ///< "depth converged": the support point lies on the nearest face, within the tolerance
  Flat,            ///< "flat difference": A - B has no volume, so the depth is 0 across its plane
  NoProgress,      ///< "no progress": no face can see the new support point
  IterationLimit,  ///< "expansion limit": kEpaMaxExpansions ran out (the nearest face so far)
};

std::string_view label(GjkEnd end);
std::string_view label(EpaEnd end);

/// Two convex shapes by GJK and EPA (gjk.hpp): their distance and closest points when
/// apart, their penetration depth and normal when they overlap. Each shape is a core (its
/// points' hull) grown by a radius (support.hpp).
struct ConvexResult {
  /// The cores' distance <= rA + rB + the tolerance (gjk.hpp): touching overlaps.
  bool overlap = false;
  /// Between the surfaces (>= 0); 0 when overlapping.
  float distance = 0.0f;
  /// Apart: the closest points, on A's surface and on B's. Overlapping: the deepest points,
  /// A's surface point inside B and B's inside A, pointA - pointB = depth * normal.
  glm::vec3 pointA{0.0f};
  glm::vec3 pointB{0.0f};
  /// Unit, from A towards B: apart, pointB - pointA over the distance; overlapping, the
  /// direction moving B by depth separates them. Zero when the closest points coincide and no
  /// direction was measured (only for a pair touching exactly with no radius).
  glm::vec3 normal{0.0f};
  float depth = 0.0f;         ///< Overlapping: the penetration depth (>= 0); 0 when apart.
  float coreDistance = 0.0f;  ///< Between the cores (GJK's |v|); 0 when the cores meet.
  int iterations = 0;         ///< GJK's, each one support point of A - B
  int expansions = 0;         ///< EPA's (0 when EPA was not needed)
  GjkEnd gjkEnd = GjkEnd::None;
  EpaEnd epaEnd = EpaEnd::None;
};

struct SphereSphereResult {
  bool overlap = false;                ///< distance <= rA + rB.
  float distance = 0.0f;               ///< Between the centres.
  float depth = 0.0f;                  ///< rA + rB - distance; negative when apart.
  glm::vec3 normal{1.0f, 0.0f, 0.0f};  ///< Unit, A's centre to B's; +X when the centres coincide.
};

}  // namespace satlab
