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

#include <vector>

#include <glm/glm.hpp>

#include "collide/shapes2d.hpp"

namespace satlab {

// ---------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------

/// Result of a 2D separating-axis test (pair A, B).
struct SatResult2 {
  bool overlap = false;
  /// Separated: index (in the test's axis order) of the first separating axis.
  /// Overlapping: index of the minimum-penetration axis. -1 only for a default result.
  int axisIndex = -1;
  /// Label of that axis: "X" / "Y" for two axis-aligned rects, else "A0" "A1" "B0" "B1".
  const char* label = "";
  /// Unit axis. Separated: the first separating axis, oriented from A towards B.
  /// Overlapping: the minimum-penetration axis, oriented from A towards B (moving B by
  /// depth * axis separates the pair to touching). Centres that coincide on the axis give
  /// the axis as listed (+A0, +X, ...).
  glm::vec2 axis{0.0f};
  /// Overlapping: penetration depth along `axis` (>= 0; 0 when touching). Else 0.
  float depth = 0.0f;
  /// Separated: gap between the projections on the separating axis (> 0). Else 0.
  float gap = 0.0f;
};

/// Result of a 2D segment slab test. The segment is p(t) = p0 + t (p1 - p0), t in [0, 1].
struct SegmentHit2 {
  bool hit = false;
  /// On a hit: the parameter interval [tEnter, tExit] of the segment inside the rectangle,
  /// 0 <= tEnter <= tExit <= 1. tEnter == 0 when p0 is inside. Both 0 on a miss.
  float tEnter = 0.0f;
  float tExit = 0.0f;
  /// On a hit: p(tEnter).
  glm::vec2 point{0.0f};
  /// On a hit that enters through a side: the unit outward normal of that side (world
  /// frame); this includes p0 lying on a side while the segment moves inwards across it.
  /// Zero when p0 is otherwise inside the rectangle (nothing entered) or on a miss.
  glm::vec2 normal{0.0f};
  /// Local axis (0 = x, 1 = y) of the entered side; -1 when normal is zero.
  int enterAxis = -1;
};

/// Result of a closest-point query: the closest point of a shape X to a query point q (the
/// centre of the circle in the test). Overlap iff distanceSq <= radius^2 of the circle.
struct ClosestResult2 {
  bool overlap = false;
  /// The point of X nearest to q (q itself when q is inside X).
  glm::vec2 closest{0.0f};
  /// |q - closest|^2, no square root taken (Arvo). For two circles: see overlapCircleCircle.
  float distanceSq = 0.0f;
  /// Segment tests: the parameter of `closest` on the segment, in [0, 1]. Else 0.
  float t = 0.0f;
};

// ---------------------------------------------------------------------------------------
// Recorders
// ---------------------------------------------------------------------------------------

/// One candidate axis of a 2D SAT test. Projections are onto the unit axis `axis` as
/// listed by the test (not re-oriented), measured from the world origin.
struct SatAxisRow2 {
  const char* label = "";
  glm::vec2 axis{0.0f};
  float centerDistance = 0.0f;  // dot(B.center - A.center, axis), signed
  float radiusA = 0.0f;         // half-width of A's projection
  float radiusB = 0.0f;         // half-width of B's projection
  float minA = 0.0f, maxA = 0.0f;
  float minB = 0.0f, maxB = 0.0f;
  float gap = 0.0f;         // |centerDistance| - (radiusA + radiusB); > 0 separates
  bool separating = false;  // gap > 0 (touching, gap == 0, is not separating)
};

/// One axis of a 2D slab test, in the rectangle's frame.
struct SlabAxisRow2 {
  int axis = 0;                    // 0 = local x, 1 = local y
  float direction = 0.0f;          // component of p1 - p0 along the axis
  bool parallel = false;           // |direction| < kSlabParallelEps2: axis tested by containment
  bool inside = false;             // parallel only: p0 lies within the slab
  float t1 = 0.0f, t2 = 0.0f;      // non-parallel: near/far plane parameters, t1 <= t2
  float tMin = 0.0f, tMax = 0.0f;  // running interval after this axis
  bool rejects = false;            // this axis emptied the interval (or a parallel miss)
};

/// One axis of Arvo's closest-point sum (circle vs rect, in the rect's frame).
struct ClosestAxisRow2 {
  int axis = 0;               // 0 = local x, 1 = local y
  float coordinate = 0.0f;    // circle centre on this axis, relative to the rect centre
  float clamped = 0.0f;       // clamped into [-half, half]
  float contribution = 0.0f;  // (coordinate - clamped)^2, Arvo's per-axis term
};

/// The null recorder: empty inline members, compiled away. `evaluateAll()` is false, so
/// the SAT test stops at the first separating axis (seed 000 / Ericson 4.4.1 early out).
struct NoTrace2 {
  constexpr bool evaluateAll() const { return false; }
  void satAxis(const SatAxisRow2&) {}
  void satStop(int) {}
  void slabAxis(const SlabAxisRow2&) {}
  void slabReject(int) {}
  void closestAxis(const ClosestAxisRow2&) {}
};

/// Records every SAT axis. With `full = true` the test evaluates every axis even after the
/// first separating one (the verdict and result are unchanged); `stopIndex` is always the
/// row where the early-exit version stops: the first separating axis, or -1 if none.
struct SatTrace2 : NoTrace2 {
  bool full = false;
  std::vector<SatAxisRow2> rows;
  int stopIndex = -1;

  bool evaluateAll() const { return full; }
  void satAxis(const SatAxisRow2& r) { rows.push_back(r); }
  void satStop(int i) { stopIndex = i; }
};

/// Records every slab axis visited; `rejectingAxis` is the axis that made the segment
/// miss (-1 on a hit). With `full = true` both axes are visited even after a rejection.
struct SlabTrace2 : NoTrace2 {
  bool full = false;
  std::vector<SlabAxisRow2> rows;
  int rejectingAxis = -1;

  bool evaluateAll() const { return full; }
  void slabAxis(const SlabAxisRow2& r) { rows.push_back(r); }
  void slabReject(int axis) { rejectingAxis = axis; }
};

/// Records Arvo's per-axis contributions of a circle-vs-rect test.
struct ClosestTrace2 : NoTrace2 {
  std::vector<ClosestAxisRow2> rows;
  void closestAxis(const ClosestAxisRow2& r) { rows.push_back(r); }
};

// ---------------------------------------------------------------------------------------
// Separating-axis tests (collide2d_sat.cpp)
// ---------------------------------------------------------------------------------------

/// Two axis-aligned rects: axes X, Y (seed 000: separated iff |T.i| > A.E.i + B.E.i).
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

/// Seed 004's parallel threshold: a direction component with |d| < 1e-6 is parallel to
/// that slab and is tested by containment of p0 (no division, so never 0 * inf).
inline constexpr float kSlabParallelEps2 = 1e-6f;

/// Segment vs axis-aligned rect by the slab method (seed 004, 2D; Ericson 5.3.3).
template <class Rec>
SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r, Rec& rec);
SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r);

/// Segment vs rotated rect: the segment is taken into the rect's frame, the slab test of
/// intersectSegmentRect runs there, and the point and normal come back to world space.
/// Trace rows (direction, t values) are in the rect's frame; t is frame independent.
template <class Rec>
SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r, Rec& rec);
SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r);

// ---------------------------------------------------------------------------------------
// Closest-point tests (collide2d_closest.cpp)
// ---------------------------------------------------------------------------------------

/// Circle vs axis-aligned rect, Arvo's method in 2D (seed 000): the sum over axes of the
/// squared distance from the centre to the slab, compared with r^2. `closest` is the point
/// of the rect nearest the circle's centre.
template <class Rec>
ClosestResult2 overlapCircleRect(const Circle2& c, const Rect2& r, Rec& rec);
ClosestResult2 overlapCircleRect(const Circle2& c, const Rect2& r);

/// Circle vs rotated rect: Arvo in the rect's frame; `closest` in world space.
template <class Rec>
ClosestResult2 overlapCircleOrientedRect(const Circle2& c, const OrientedRect2& r, Rec& rec);
ClosestResult2 overlapCircleOrientedRect(const Circle2& c, const OrientedRect2& r);

/// Circle A vs circle B: overlap iff |cB - cA|^2 <= (rA + rB)^2. `closest` is the point of
/// disc B nearest A's centre and distanceSq its squared distance to A's centre (0 when A's
/// centre is inside B); overlap is decided on the centres, not on distanceSq.
ClosestResult2 overlapCircleCircle(const Circle2& a, const Circle2& b);

/// Circle vs segment: closest point of the segment to the circle's centre (Ericson 5.1.2),
/// overlap iff its squared distance <= r^2. `t` is its segment parameter.
ClosestResult2 overlapCircleSegment(const Circle2& c, const Segment2& s);

}  // namespace satlab
