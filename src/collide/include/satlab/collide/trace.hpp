// satlab collision core: recorders, the seam between the tests and the explorers.
//
// Every pair test is one function template on a recorder `Rec`. Each place where the test
// has something to show is a hook,
//
//     if constexpr (Rec::kEnabled) rec.satAxis(...);
//
// so with NoTrace (kEnabled = false) the hooks compile out and the instantiation is the
// untraced test: the same code, line for line, minus the recording. The recording types
// below keep plain data (vectors of rows) that tests assert on and the UI draws. 2D tests
// record into the same types, with z = 0.
//
// A recorder may be reused: each *Begin call clears what it held.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The null recorder: the tests' hooks compile out.
struct NoTrace {
  static constexpr bool kEnabled = false;
};

/// One candidate axis of a separating-axis test. Lengths are along the unit axis, in world
/// units, except `rawAxis` and `length`, which describe the axis as the test built it.
struct SatAxisRow {
  int index = -1;           ///< Position in the test's order (0 = the first axis tested).
  AxisId id{};              ///< label(id): "A0", "A1xB2", "Zxd", ...
  glm::vec3 rawAxis{0.0f};  ///< L as built (a cross product is not normalised).
  glm::vec3 axis{0.0f};     ///< L / |L|; zero when |L| == 0.
  float length = 0.0f;      ///< |L|.
  /// |L| < kDegenerateAxisLength (near-parallel edges); in the triangle tests, the sine of the
  /// angle between the two vectors crossed is below it (sat_axes.hpp, SatAxes::intervals).
  bool degenerate = false;
  float centerDistance = 0.0f;     ///< (cB - cA) . axis, signed.
  float radiusA = 0.0f;            ///< A's projected half-width, as the test compares it
  float radiusB = 0.0f;            ///< (box-box radii include the epsilon inflation).
  float minA = 0.0f, maxA = 0.0f;  ///< A's interval cA.axis -/+ radiusA.
  float minB = 0.0f, maxB = 0.0f;  ///< B's interval.
  float gap = 0.0f;                ///< |centerDistance| - radiusA - radiusB; > 0 means separated.
  bool separating = false;         ///< The test's own verdict for this axis (|s| > rA + rB).
};

/// Records a SAT test: one row per axis evaluated. In SatMode::EarlyExit the rows stop at the
/// first separating axis; in SatMode::Full, or when the shapes overlap, every axis has a row.
struct SatTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  SatOptions options{};
  glm::vec3 centerA{0.0f}, centerB{0.0f};
  std::vector<SatAxisRow> rows;
  int separatingRow = -1;  ///< First separating row, -1 if none.
  /// Row at which the early-exit (production) test returns: the first separating row, or
  /// the last row when no axis separates. Also reported in SatMode::Full.
  int stopRow = -1;
  bool overlap = false;
  /// Triangle–triangle with a triangle that has no area: the pair was decided by this test
  /// instead (TestId::SegmentTriangle, the segment the flat triangle is), and there are no
  /// rows. TestId::None otherwise.
  TestId reducedTo = TestId::None;

  void satBegin(TestId id, const glm::vec3& a, const glm::vec3& b, const SatOptions& opt);
  /// `rawAxis` is the axis L in world space, as long as the test built it; s, ra and rb are
  /// measured along that raw L.
  void satAxis(AxisId id, const glm::vec3& rawAxis, float s, float ra, float rb, bool separating);
  /// The triangle tests' rows (sat_axes.hpp, SatAxes::intervals): both intervals along the raw
  /// world axis L, measured from centerA, in double; degenerate below `degenerateBelow`.
  void satIntervals(AxisId id, const glm::dvec3& rawAxis, double minA, double maxA, double minB, double maxB,
                    bool separating, double degenerateBelow);
  void satReduced(TestId decidedBy);
  void satEnd(bool overlapResult);

 private:
  void addRow(SatAxisRow row);
};

/// One slab of a slab test, in the box's frame (an OBB's slabs are its local axes).
struct SlabAxisRow {
  int index = -1;                  ///< Slab 0, 1 or 2 of the box (its frame's axis).
  AxisId id{};                     ///< "X", "Y", "Z" (AABB, rect) or "B0", "B1", "B2" (OBB, rotated rect).
  float origin = 0.0f;             ///< p0's coordinate along the slab axis (box frame).
  float direction = 0.0f;          ///< (p1 - p0)'s component along the slab axis.
  float lo = 0.0f, hi = 0.0f;      ///< The slab: lo <= x <= hi.
  bool parallel = false;           ///< |direction| < kSlabParallelEpsilon: decided by containment.
  bool originInside = false;       ///< lo <= origin <= hi (what decides a parallel slab).
  float t1 = 0.0f, t2 = 0.0f;      ///< Entry and exit t of this slab (t1 <= t2); 0 if parallel.
  float tmin = 0.0f, tmax = 0.0f;  ///< Running interval after this slab.
  bool rejects = false;            ///< This slab empties the interval (or excludes a parallel segment).
};

/// Records a slab test, one row per slab visited (every slab in SatMode::Full).
struct SlabTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  std::vector<SlabAxisRow> rows;
  int rejectingAxis = -1;  ///< Index of the (first) rejecting slab, -1 when the segment hits.
  bool overlap = false;
  float tmin = 0.0f, tmax = 0.0f;  ///< Final interval (meaningful when overlap).

  void slabBegin(TestId id);
  void slabAxis(const SlabAxisRow& row);
  void slabEnd(bool overlapResult, float tminFinal, float tmaxFinal);
};

/// One axis of Arvo's sphere–box test, in the box's frame.
struct ClosestAxisRow {
  int index = -1;
  AxisId id{};                 ///< As the slab rows: "X", "Y", "Z" or "B0", "B1", "B2".
  float center = 0.0f;         ///< The sphere centre's coordinate.
  float lo = 0.0f, hi = 0.0f;  ///< The box's extent on this axis.
  float clamped = 0.0f;        ///< The closest point's coordinate (center clamped to [lo, hi]).
  float contribution = 0.0f;   ///< (center - clamped)^2, this axis's share of the sum.
};

/// Sphere–triangle: where the closest point of the triangle to the centre p was found, and
/// the numbers that chose the region (Ericson 5.1.5, ClosestPtPointTriangle, whose names they
/// keep): d1 = ab.ap, d2 = ac.ap, d3 = ab.bp, d4 = ac.bp, d5 = ab.cp, d6 = ac.cp and
/// va = d3 d6 - d5 d4, vb = d5 d2 - d1 d6, vc = d1 d4 - d3 d2. The walk stops at the first
/// region that holds the point, so the numbers it did not reach stay 0.
struct TriangleRegionRecord {
  TriangleRegion region = TriangleRegion::None;
  float d1 = 0.0f, d2 = 0.0f, d3 = 0.0f, d4 = 0.0f, d5 = 0.0f, d6 = 0.0f;
  float va = 0.0f, vb = 0.0f, vc = 0.0f;
  /// The triangle has no area (closest_triangle.hpp): there is no face, and the closest
  /// point is the nearest of the three edges' (the d's and v's are not computed).
  bool noArea = false;
  /// Relative to the sphere's centre, which the test measures from: the world point is
  /// centre + closestPoint (ClosestResult::closestPoint).
  glm::vec3 closestPoint{0.0f};
  /// Barycentric coordinates (u, v, w) of closestPoint: u a + v b + w c, u + v + w = 1.
  glm::vec3 barycentric{0.0f};
};

struct ClosestTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  std::vector<ClosestAxisRow> rows;  ///< Arvo's axes (sphere–box); none for sphere–triangle.
  TriangleRegionRecord triangle;     ///< Sphere–triangle only.
  float radiusSquared = 0.0f;
  /// Arvo: the sum of contributions = squared distance from centre to box; sphere–triangle:
  /// the squared distance from the centre to the closest point.
  float sum = 0.0f;
  bool overlap = false;

  void closestBegin(TestId id, float r2);
  void closestAxis(const ClosestAxisRow& row);
  void closestTriangle(const TriangleRegionRecord& record);
  void closestEnd(float sumSquared, bool overlapResult);
};

/// Segment–sphere: the quadratic |p0 + t d - c|^2 = r^2 written a t^2 + 2 b t + c = 0.
struct SegmentSphereTrace {
  static constexpr bool kEnabled = true;
  float a = 0.0f;  ///< d . d
  float b = 0.0f;  ///< m . d, m = p0 - centre (half the usual linear coefficient)
  float c = 0.0f;  ///< m . m - r^2 (<= 0: p0 inside or on the sphere)
  /// Discriminant divided by a: r^2 minus the squared distance from the centre to the line,
  /// (b^2 - a c) / a computed in double (segment_sphere.hpp), so it does not cancel
  /// catastrophically for long or distant segments as it would in float.
  float discriminant = 0.0f;
  bool point = false;          ///< Zero-length segment, treated as the point p0 (no quadratic).
  bool hasRoots = false;       ///< discriminant >= 0 (the line meets the sphere).
  float t0 = 0.0f, t1 = 0.0f;  ///< Roots, t0 <= t1 (0 when !hasRoots).
  bool overlap = false;

  void quadratic(float qa, float qb, float qc, float disc, bool isPoint, bool roots, float root0, float root1,
                 bool overlapResult);
};

/// Segment–triangle by Möller–Trumbore (segment_triangle.hpp): the segment p0 + t d,
/// d = p1 - p0, against a + u e1 + v e2, e1 = b - a, e2 = c - a, solved by Cramer's rule
/// with the determinant det = e1 . (d x e2).
struct SegmentTriangleTrace {
  static constexpr bool kEnabled = true;
  glm::vec3 e1{0.0f}, e2{0.0f};  ///< b - a and c - a.
  glm::vec3 p{0.0f};             ///< d x e2.
  float det = 0.0f;              ///< e1 . p = -(d . n), n = e1 x e2.
  /// d runs parallel to the triangle's plane (|det| <= 1e-12 |d| |n|), or the triangle has
  /// no area: Cramer's rule says nothing, and the planes' sides or the closest points decide.
  bool parallel = false;
  bool noArea = false;  ///< The triangle has no area (closest_triangle.hpp).
  /// Where the line crosses the plane (not parallel): its u, v and t, each Cramer's numerator
  /// divided by det. Zero when parallel.
  float u = 0.0f, v = 0.0f, t = 0.0f;
  /// The test that decided: "u < 0", "u > 1", "v < 0", "u + v > 1", "t < 0", "t > 1" or
  /// "crosses" (not parallel); "off the plane" or "closest points" (parallel).
  std::string_view decidedBy{};
  bool overlap = false;

  void segTriDeterminant(const glm::vec3& edge1, const glm::vec3& edge2, const glm::vec3& pvec, float determinant,
                         bool isParallel, bool triangleNoArea);
  void segTriDecided(float bu, float bv, float bt, std::string_view what, bool overlapResult);
};

/// One step of the segment–segment clamping (Ericson 5.1.9).
struct SegSegStep {
  std::string_view what{};  ///< e.g. "s from lines", "t from s", "t clamped, s recomputed".
  float s = 0.0f, t = 0.0f;
};

struct SegSegTrace {
  static constexpr bool kEnabled = true;
  float a = 0.0f, b = 0.0f, c = 0.0f, e = 0.0f, f = 0.0f;  ///< Ericson's dot products.
  float crossSquared = 0.0f;                               ///< |d1 x d2|^2 = a e - b^2, computed without cancellation.
  bool parallel = false;                                   ///< Segments (near) parallel: s starts at 0.
  bool pointA = false, pointB = false;                     ///< Degenerate (zero-length) segments.
  std::vector<SegSegStep> steps;

  void segSegBegin(float qa, float qb, float qc, float qe, float qf, float nn, bool par, bool degA, bool degB);
  void segSegStep(std::string_view what, float s, float t);
};

// ---- Capsules (capsule.hpp) -----------------------------------------------------------------

/// One candidate pair of closest features of a capsule test: a point of A's core segment,
/// the nearest point of B's core to it, and their distance.
struct CapsuleCandidateRow {
  /// What the pair is: "centre" (sphere), "segments" (capsule, segment), "meets" (the
  /// segment meets the box or the triangle), "p0", "p1" (an endpoint against B), "edge 0"
  /// ... "edge 11" (the segment against an edge of the box or the triangle).
  std::string_view feature{};
  glm::vec3 onA{0.0f};  ///< On A's segment, world.
  glm::vec3 onB{0.0f};  ///< On B's core, world.
  float distance = 0.0f;
};

/// Records a capsule test: the candidates in the order tested (the least one decides),
/// the segment-segment record of capsule-capsule and capsule-segment, and the comparison
/// with the radii.
struct CapsuleTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  Segment segment{};  ///< A's core segment.
  float radiusA = 0.0f, radiusB = 0.0f;
  SegSegTrace segSeg;  ///< capsule-capsule, capsule-segment: Ericson 5.1.9's steps
  std::vector<CapsuleCandidateRow> rows;
  int bestRow = -1;        ///< The row with the least distance (the first on ties).
  float distance = 0.0f;   ///< Between the cores.
  float tolerance = 0.0f;  ///< The contact tolerance added to rA + rB.
  bool overlap = false;

  void capsuleBegin(TestId id, const Segment& core, float ra, float rb);
  void capsuleCandidate(std::string_view feature, const glm::vec3& onA, const glm::vec3& onB, float d);
  void capsuleEnd(float coreDistance, float contactTolerance, bool overlapResult);
};

// ---- Between two frames (swept.hpp, advance.hpp) ---------------------------------------------

/// One candidate axis of SAT in time: how the distance between the two boxes' projections
/// changes over the step, and when they overlap on it. Lengths along the unit axis, in
/// world units; times in steps (t in [0, 1] is the step).
struct SweptAxisRow {
  int index = -1;                        ///< Position in the test's order (A0 A1 A2 B0 B1 B2 A0xB0 ... A2xB2).
  AxisId id{};                           ///< label(id): "A0", "A1xB2", ...
  glm::vec3 axis{0.0f};                  ///< Unit, world; zero when degenerate.
  bool degenerate = false;               ///< A cross product of (near-)parallel edges: skipped, as it never separates.
  float distance = 0.0f;                 ///< s(0) = (cB - cA) . axis at t = 0, signed.
  float speed = 0.0f;                    ///< ds/dt = (dB - dA) . axis: s(t) = distance + speed t.
  float radiusA = 0.0f, radiusB = 0.0f;  ///< The boxes' projected half-widths (they do not turn).
  /// speed == 0: the projections keep their distance the whole step, overlapping on this
  /// axis always (|s| <= rA + rB) or never.
  bool parallel = false;
  /// When |s(t)| <= rA + rB, t1 <= t2, not clamped to the step (within +-1e9); for a parallel
  /// axis [0, 1] when they always overlap on it, else t1 = 1 > t2 = 0 (never).
  float t1 = 0.0f, t2 = 0.0f;
  float tEnter = 0.0f, tExit = 0.0f;  ///< The running interval after this axis (from [0, 1]).
  bool rejects = false;               ///< This axis empties the interval (the first one only).
};

/// Records SAT in time: one row per axis (every axis in SatMode::Full, else up to the first
/// that rejects).
struct SweptSatTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  std::vector<SweptAxisRow> rows;
  int decidingRow = -1;   ///< The row whose entry is the latest (decides toi); -1 if none enters after 0.
  int rejectingRow = -1;  ///< The first rejecting row, -1 on a hit.
  bool hit = false;
  float toi = 0.0f, tExit = 0.0f;  ///< The final interval (meaningful when hit).

  void sweptBegin(TestId id);
  void sweptAxis(const SweptAxisRow& row);
  void sweptEnd(bool hitResult, float tEnter, float tLeave, int deciding);
};

/// One piece of a moving sphere's path against a box: between two times at which the centre
/// crosses a slab's plane, the same box faces are nearest, and the squared distance from
/// the centre to the box, minus r^2, is one quadratic a t^2 + b t + c.
struct SweptPieceRow {
  float t0 = 0.0f, t1 = 0.0f;  ///< The piece of the step.
  /// Per box axis (box frame): -1 the centre is below the slab, 0 within it, +1 above.
  glm::ivec3 side{0};
  float a = 0.0f, b = 0.0f, c = 0.0f;
  bool touches = false;  ///< The quadratic reaches 0 within the piece: first contact.
  float t = 0.0f;        ///< That time (when touches).
};

/// Records a moving sphere against a box (AABB or OBB): the pieces of the path up to the one
/// where it first touches (every piece of the step on a miss).
struct SweptSphereBoxTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  float radius = 0.0f;
  std::vector<SweptPieceRow> rows;
  bool hit = false;
  float toi = 0.0f;

  void piecesBegin(TestId id, float r);
  void piece(const SweptPieceRow& row);
  void piecesEnd(bool hitResult, float t);
};

/// Which part of a triangle a moving sphere may first touch: its face, an edge or a corner.
enum class TriangleFeature : std::uint8_t { Face, EdgeAB, EdgeBC, EdgeCA, VertexA, VertexB, VertexC };

/// "face", "ab", "bc", "ca", "a", "b", "c".
std::string_view label(TriangleFeature feature);

struct SweptFeatureRow {
  TriangleFeature feature = TriangleFeature::Face;
  /// The sphere touches this feature during the step (the plane at distance r with its foot
  /// inside the triangle, the edge's cylinder with its foot on the edge, the corner's sphere).
  bool touches = false;
  float t = 0.0f;  ///< When it first touches (when touches).
};

/// Records a moving sphere against a triangle: whether it touches at t = 0, else all seven
/// features, and the one touched first.
struct SweptSphereTriangleTrace {
  static constexpr bool kEnabled = true;
  bool touchesAtStart = false;
  bool noArea = false;  ///< The triangle has no area: no face, its edges and corners decide.
  std::vector<SweptFeatureRow> rows;
  int firstRow = -1;  ///< The feature touched first, -1 on a miss or a touch at t = 0.
  bool hit = false;
  float toi = 0.0f;

  void featuresBegin(bool atStart, bool flat);
  void feature(const SweptFeatureRow& row);
  void featuresEnd(bool hitResult, float t, int first);
};

/// One iteration of conservative advancement: at time t the shapes are at least `distance`
/// apart along a direction n, and that gap closes no faster than `bound` (per step), so they
/// cannot touch before t + distance / bound.
struct AdvanceRow {
  float t = 0.0f;
  float distance = 0.0f;  ///< The lower bound on the distance at t (OBB-OBB: the largest SAT gap).
  AxisId axis{};          ///< OBB-OBB: the axis of that gap.
  float bound = 0.0f;     ///< |(dB - dA) . n| + |n x wA| RA + |n x wB| RB, the fastest closing.
  float step = 0.0f;      ///< distance / bound: the safe step.
};

struct AdvanceTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  float tolerance = 0.0f;  ///< The distance counted as touching.
  std::vector<AdvanceRow> rows;
  bool hit = false;
  float toi = 0.0f;
  /// The iterations ran out (kAdvanceMaxIterations) before the shapes came within the
  /// tolerance or passed the step's end: reported as a contact at the last t, the safe side.
  bool exhausted = false;

  void advanceBegin(TestId id, float tol);
  void advanceStep(const AdvanceRow& row);
  void advanceEnd(bool hitResult, float t, bool ranOut);
};

/// One vertex of GJK's simplex or EPA's polytope: a support point of A - B and the two
/// support points it is the difference of, w = a - b.
struct SupportPoint {
  glm::vec3 a{0.0f};
  glm::vec3 b{0.0f};
  glm::vec3 w{0.0f};
};

/// One GJK iteration (gjk.hpp): the simplex it starts from, v (its point closest to the
/// origin), the support point found along -v, and what the iteration made of it.
struct GjkIterationRow {
  int iteration = 0;                      ///< 1, 2, ...
  std::array<SupportPoint, 4> simplex{};  ///< the simplex before this iteration's point
  int simplexCount = 0;                   ///< 0 before the first iteration
  glm::vec3 v{0.0f};                      ///< its closest point to the origin (the start point at first)
  glm::vec3 direction{0.0f};              ///< -v, the search direction
  SupportPoint support{};                 ///< s_A(-v) - s_B(v)
  float distance = 0.0f;                  ///< |v|: an upper bound on the cores' distance
  float lowerBound = 0.0f;                ///< v . w / |v|: a lower bound (0 when negative)
  std::array<float, 4> lambda{};          ///< v's barycentric weights on the simplex after the point
  int keptCount = 0;                      ///< how many of the simplex's points the closest point kept
  std::array<SupportPoint, 4> kept{};     ///< the simplex after the point, reduced to v's support
  glm::vec3 closest{0.0f};                ///< the new v
};

/// One EPA expansion: the polytope, its face nearest the origin, and the support point
/// along that face's normal.
struct EpaExpansionRow {
  int expansion = 0;                 ///< 1, 2, ...
  std::vector<glm::vec3> triangles;  ///< the polytope's faces, 3 corners each, outward counter-clockwise
  int nearest = -1;                  ///< the nearest face (index into triangles / 3)
  glm::vec3 normal{0.0f};            ///< its outward unit normal
  float distance = 0.0f;             ///< the origin's distance to it: the depth so far (a lower bound)
  SupportPoint support{};            ///< the support point along the normal
  float gain = 0.0f;                 ///< support . normal - distance: how far the polytope grows
};

/// Records convexContact (gjk.hpp): GJK's iterations, why it stopped, then EPA's expansions
/// when the cores overlap.
struct GjkTrace {
  static constexpr bool kEnabled = true;
  TestId test = TestId::None;
  float radiusA = 0.0f, radiusB = 0.0f;
  std::vector<GjkIterationRow> iterations;
  GjkEnd gjkEnd = GjkEnd::None;
  float tolerance = 0.0f;  ///< the distance counted as touching
  std::vector<EpaExpansionRow> expansions;
  EpaEnd epaEnd = EpaEnd::None;
  ConvexResult result{};

  void gjkBegin(TestId id, float ra, float rb);
  void gjkIteration(const GjkIterationRow& row);
  void gjkStop(GjkEnd end, float tol);
  void epaExpansion(EpaExpansionRow row);
  void epaStop(EpaEnd end);
  void gjkResult(const ConvexResult& r);
};

namespace detail {
template <class T, class = void>
struct IsRecorder : std::false_type {};
template <class T>
struct IsRecorder<T, std::void_t<decltype(T::kEnabled)>> : std::true_type {};
}  // namespace detail

/// Used to keep the traced templates out of overload resolution for non-recorders.
template <class T>
inline constexpr bool kIsRecorder = detail::IsRecorder<T>::value;

}  // namespace satlab
