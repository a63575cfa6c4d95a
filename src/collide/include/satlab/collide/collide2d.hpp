// satlab collision core: the 2D tests of the whiteboard view (XY plane).
//
// Frames and units: world XY, scene units. All shapes are closed (touching overlaps; see
// shapes2d.hpp). No finite input produces NaN as long as coordinates, extents and radii
// stay within +-1e18, so that squares and sums of them remain finite floats; beyond that
// range an intermediate can overflow to infinity, and inf - inf or inf * 0 is NaN.
//
// Every test is written once, as a template on a recorder `Rec`:
//   - NoTrace2 has empty inline members: that instantiation is the production path.
//   - SatTrace2 / SlabTrace2 / ClosestTrace2 keep one row per step, for the explorers.
// The non-template overloads call the NoTrace2 instantiation. The templates are
// explicitly instantiated (in collide2d_*.cpp) for NoTrace2 and for the matching trace.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes2d.hpp"

namespace satlab {

// The field names below follow the 3D results and traces (SatResult, SegmentHit,
// ClosestResult, SatTrace, ...) so that the explorers can treat both alike.

// ---------------------------------------------------------------------------------------
// Axis labels: the string in a comment, a trace row and the UI is this very string.
// ---------------------------------------------------------------------------------------

/// Two axis-aligned rects: world X, Y.
inline constexpr std::array<std::string_view, 2> kRectAxisLabels2 = {"X", "Y"};
/// A pair with a rotated rect: A's local axes, then B's (an axis-aligned A has A0 = +X,
/// A1 = +Y).
inline constexpr std::array<std::string_view, 4> kRectPairAxisLabels2 = {"A0", "A1", "B0", "B1"};
/// Slabs of an axis-aligned rect (X, Y) and of a rotated rect (its local axes B0, B1; the
/// rect is the second argument of the slab tests, hence "B").
inline constexpr std::array<std::string_view, 2> kRectSlabLabels2 = {"X", "Y"};
inline constexpr std::array<std::string_view, 2> kOrientedSlabLabels2 = {"B0", "B1"};

/// The Recast & Detour slab post's parallel threshold: a direction component with |d| < 1e-6 is parallel to
/// that slab and is decided by containment of p0 (no division, so never 0 * inf).
inline constexpr float kSlabParallelEpsilon2 = 1e-6f;

// ---------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------

/// Result of a 2D separating-axis test between a first rect A and a second rect B.
struct SatResult2 {
  bool overlap = false;  ///< No axis separates (touching counts as overlap).
  /// First separating axis in the test's order: index, label, and the unit axis oriented
  /// from A's centre towards B's. -1 / "" / zero vector when overlapping.
  int separatingIndex = -1;
  std::string_view separatingLabel{};
  glm::vec2 separatingAxis{0.0f};
  /// Gap between the two projections on the separating axis (> 0); 0 when overlapping.
  float gap = 0.0f;
  /// When overlapping: the axis of least penetration (the first one in the test's order on
  /// ties), unit, pointing from A to B: moving B by depth * axis brings the pair to
  /// touching. When the centres coincide on that axis it is reported as listed (+X, +A0).
  /// -1 / "" / zero vector when separated.
  int penetrationIndex = -1;
  std::string_view penetrationLabel{};
  glm::vec2 penetrationAxis{0.0f};
  float depth = 0.0f;  ///< Penetration depth along penetrationAxis (>= 0); 0 when separated.
};

/// Part of a segment p0 + t (p1 - p0), t in [0, 1], inside a closed rectangle.
/// When overlap is false every other field is zero (enterAxis -1).
struct SegmentHit2 {
  bool overlap = false;
  float tEnter = 0.0f;         ///< First t inside the rect; 0 when p0 is inside or on it.
  float tExit = 0.0f;          ///< Last t inside the rect (<= 1); tEnter <= tExit.
  glm::vec2 enterPoint{0.0f};  ///< p0 + tEnter (p1 - p0).
  /// Outward unit normal of the side through which the segment enters (world frame). Zero
  /// vector exactly when tEnter == 0 (the segment starts inside or on the rect).
  glm::vec2 enterNormal{0.0f};
  int enterAxis = -1;  ///< Slab (0 or 1, in the rect's frame) of that side; -1 with no normal.
};

/// A circle against a shape X: the point of X closest to the circle's centre.
struct ClosestResult2 {
  bool overlap = false;          ///< distanceSquared <= radius^2 (circle-circle: see there).
  glm::vec2 closestPoint{0.0f};  ///< On or in X; the centre itself when it is inside X.
  float distance = 0.0f;         ///< |centre - closestPoint|; 0 when the centre is inside.
  float distanceSquared = 0.0f;  ///< Compared with radius^2 without a square root (Arvo).
  float t = 0.0f;                ///< Circle-segment: closestPoint's segment parameter. Else 0.
};

// ---------------------------------------------------------------------------------------
// Recorders
// ---------------------------------------------------------------------------------------

/// One candidate axis of a 2D SAT test. Lengths are along the unit axis, in world units.
struct SatAxisRow2 {
  int index = -1;                  ///< Position in the test's axis order.
  std::string_view label{};        ///< "X", "Y", "A0", "A1", "B0", "B1".
  glm::vec2 axis{0.0f};            ///< Unit axis as listed by the test (not re-oriented).
  float centerDistance = 0.0f;     ///< (cB - cA) . axis, signed.
  float radiusA = 0.0f;            ///< A's projected half-width.
  float radiusB = 0.0f;            ///< B's projected half-width.
  float minA = 0.0f, maxA = 0.0f;  ///< A's interval cA.axis -/+ radiusA.
  float minB = 0.0f, maxB = 0.0f;  ///< B's interval.
  float gap = 0.0f;                ///< |centerDistance| - radiusA - radiusB; > 0 separates.
  bool separating = false;         ///< The test's verdict for this axis (|s| > rA + rB).
};

/// One slab of a 2D slab test, in the rect's frame (a rotated rect's slabs are its axes).
struct SlabAxisRow2 {
  int index = -1;                  ///< 0 or 1.
  std::string_view label{};        ///< "X", "Y" (Rect2) or "B0", "B1" (OrientedRect2).
  float origin = 0.0f;             ///< p0's coordinate along the slab axis (rect frame).
  float direction = 0.0f;          ///< (p1 - p0)'s component along the slab axis.
  float lo = 0.0f, hi = 0.0f;      ///< The slab: lo <= x <= hi.
  bool parallel = false;           ///< |direction| < kSlabParallelEpsilon2: by containment.
  bool originInside = false;       ///< lo <= origin <= hi (what decides a parallel slab).
  float t1 = 0.0f, t2 = 0.0f;      ///< Entry and exit t of this slab (t1 <= t2); 0 if parallel.
  float tmin = 0.0f, tmax = 0.0f;  ///< Running interval after this slab.
  bool rejects = false;            ///< This slab emptied the interval (or a parallel miss).
};

/// One axis of Arvo's circle-rect sum, in the rect's frame.
struct ClosestAxisRow2 {
  int index = -1;
  std::string_view label{};    ///< As the slab labels: "X", "Y" or "B0", "B1".
  float center = 0.0f;         ///< The circle centre's coordinate.
  float lo = 0.0f, hi = 0.0f;  ///< The rect's extent on this axis.
  float clamped = 0.0f;        ///< The closest point's coordinate (center clamped to [lo, hi]).
  float contribution = 0.0f;   ///< (center - clamped)^2, this axis's share of the sum.
};

/// The null recorder: every member is empty and inline, and `kEnabled = false` lets the
/// tests skip building rows, so this instantiation compiles to the untraced test.
/// `evaluateAll()` is false: SAT stops at the first separating axis (early exit), the slab
/// test at the rejecting slab, as the Recast & Detour slab post does.
struct NoTrace2 {
  static constexpr bool kEnabled = false;
  static constexpr bool evaluateAll() { return false; }
  template <class... T>
  void satBegin(const T&...) {}
  template <class... T>
  void satAxis(const T&...) {}
  template <class... T>
  void satEnd(const T&...) {}
  template <class... T>
  void slabBegin(const T&...) {}
  template <class... T>
  void slabAxis(const T&...) {}
  template <class... T>
  void slabEnd(const T&...) {}
  template <class... T>
  void closestBegin(const T&...) {}
  template <class... T>
  void closestAxis(const T&...) {}
  template <class... T>
  void closestEnd(const T&...) {}
};

/// Records a 2D SAT test, one row per axis evaluated. Early exit (the default): the rows stop
/// at the first separating axis. `full = true`: every axis has a row; the verdict and the
/// result are unchanged. A recorder may be reused: satBegin clears it.
struct SatTrace2 {
  static constexpr bool kEnabled = true;
  bool full = false;
  std::string_view test{};  ///< "Rect2-Rect2", "Rect2-OrientedRect2", ...
  std::vector<SatAxisRow2> rows;
  int separatingRow = -1;  ///< First separating row, -1 if none.
  /// Row at which the early-exit (production) test returns: the first separating row, or the
  /// last row when no axis separates. Also reported in full mode.
  int stopRow = -1;
  bool overlap = false;

  bool evaluateAll() const { return full; }
  void satBegin(std::string_view testName) {
    test = testName;
    rows.clear();
    separatingRow = -1;
    stopRow = -1;
    overlap = false;
  }
  void satAxis(const SatAxisRow2& row) {
    rows.push_back(row);
    if (row.separating && separatingRow < 0) stopRow = separatingRow = static_cast<int>(rows.size()) - 1;
  }
  void satEnd(bool overlapResult) {
    overlap = overlapResult;
    if (stopRow < 0) stopRow = static_cast<int>(rows.size()) - 1;
  }
};

/// Records a 2D slab test, one row per slab visited (both with `full = true`, even after a
/// rejection). A recorder may be reused: slabBegin clears it.
struct SlabTrace2 {
  static constexpr bool kEnabled = true;
  bool full = false;
  std::string_view test{};  ///< "Segment2-Rect2", "Segment2-OrientedRect2".
  std::vector<SlabAxisRow2> rows;
  int rejectingAxis = -1;  ///< Index of the (first) rejecting slab, -1 when the segment hits.
  bool overlap = false;
  float tmin = 0.0f, tmax = 0.0f;  ///< Final interval (meaningful when overlap).

  bool evaluateAll() const { return full; }
  void slabBegin(std::string_view testName) {
    test = testName;
    rows.clear();
    rejectingAxis = -1;
    overlap = false;
    tmin = tmax = 0.0f;
  }
  void slabAxis(const SlabAxisRow2& row) {
    rows.push_back(row);
    if (row.rejects && rejectingAxis < 0) rejectingAxis = row.index;
  }
  void slabEnd(bool overlapResult, float tminFinal, float tmaxFinal) {
    overlap = overlapResult;
    tmin = tminFinal;
    tmax = tmaxFinal;
  }
};

/// Records Arvo's per-axis contributions of a circle-rect test. slabBegin-style reuse:
/// closestBegin clears it.
struct ClosestTrace2 {
  static constexpr bool kEnabled = true;
  std::string_view test{};  ///< "Circle2-Rect2", "Circle2-OrientedRect2".
  std::vector<ClosestAxisRow2> rows;
  float radiusSquared = 0.0f;
  float sum = 0.0f;  ///< Sum of contributions = squared distance from centre to rect.
  bool overlap = false;

  void closestBegin(std::string_view testName, float r2) {
    test = testName;
    rows.clear();
    radiusSquared = r2;
    sum = 0.0f;
    overlap = false;
  }
  void closestAxis(const ClosestAxisRow2& row) { rows.push_back(row); }
  void closestEnd(float sumSquared, bool overlapResult) {
    sum = sumSquared;
    overlap = overlapResult;
  }
};

// ---------------------------------------------------------------------------------------
// Separating-axis tests (collide2d_sat.cpp)
// ---------------------------------------------------------------------------------------

/// Two axis-aligned rects: axes X, Y (the "Using AABB" tutorial: separated iff |T.i| > A.E.i + B.E.i).
template <class Rec>
SatResult2 overlapRectRect(const Rect2& a, const Rect2& b, Rec& rec);
SatResult2 overlapRectRect(const Rect2& a, const Rect2& b);

/// Axis-aligned rect A vs rotated rect B: axes A0 = +X, A1 = +Y, B0, B1 (B's local axes).
template <class Rec>
SatResult2 overlapRectOrientedRect(const Rect2& a, const OrientedRect2& b, Rec& rec);
SatResult2 overlapRectOrientedRect(const Rect2& a, const OrientedRect2& b);

/// Two rotated rects: axes A0, A1, B0, B1 (each rect's local axes; Ericson 4.4.1 in 2D).
template <class Rec>
SatResult2 overlapOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b, Rec& rec);
SatResult2 overlapOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b);

// ---------------------------------------------------------------------------------------
// Slab tests (collide2d_slab.cpp)
// ---------------------------------------------------------------------------------------

/// Segment vs axis-aligned rect by the slab method (the Recast & Detour slab post, 2D; Ericson 5.3.3).
template <class Rec>
SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r, Rec& rec);
SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r);

/// Segment vs rotated rect: the segment is taken into the rect's frame, the slab test of
/// intersectSegmentRect runs there, and the point and normal come back to world space.
/// Trace rows (origin, direction, slab, t values) are in the rect's frame; t is frame
/// independent.
template <class Rec>
SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r, Rec& rec);
SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r);

// ---------------------------------------------------------------------------------------
// Closest-point tests (collide2d_closest.cpp)
// ---------------------------------------------------------------------------------------

/// Circle vs axis-aligned rect, Arvo's method in 2D (the "Using AABB" tutorial): the sum over axes of the
/// squared distance from the centre to the slab, compared with r^2. `closestPoint` is the
/// point of the rect nearest the circle's centre.
template <class Rec>
ClosestResult2 overlapCircleRect(const Circle2& c, const Rect2& r, Rec& rec);
ClosestResult2 overlapCircleRect(const Circle2& c, const Rect2& r);

/// Circle vs rotated rect: Arvo in the rect's frame; `closestPoint` in world space.
template <class Rec>
ClosestResult2 overlapCircleOrientedRect(const Circle2& c, const OrientedRect2& r, Rec& rec);
ClosestResult2 overlapCircleOrientedRect(const Circle2& c, const OrientedRect2& r);

/// Circle A vs circle B: overlap iff |cB - cA|^2 <= (rA + rB)^2. `closestPoint` is the point
/// of disc B nearest A's centre, `distance` / `distanceSquared` its distance to A's centre
/// (0 when A's centre is inside B); overlap is decided on the centres, not on those.
ClosestResult2 overlapCircleCircle(const Circle2& a, const Circle2& b);

/// Circle vs segment: closest point of the segment to the circle's centre (Ericson 5.1.2),
/// overlap iff its squared distance <= r^2. `t` is its segment parameter.
ClosestResult2 overlapCircleSegment(const Circle2& c, const Segment2& s);

}  // namespace satlab
