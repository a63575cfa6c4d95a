// 2D separating-axis tests: rect/rect, rect/rotated rect, rotated rect/rotated rect.
//
// Separating axis theorem for two convex polygons: they are disjoint iff some edge normal
// of either one separates their projections. A rectangle has two edge normals, its local
// axes, so two rectangles need at most 4 axes (2 when both are axis aligned, where the
// axes coincide). The "Using AABB" tutorial gives the axis-aligned form, |T.i| > A.E.i + B.E.i; the OBB wiki article and
// Ericson, Real-Time Collision Detection, 4.4.1 give the oriented form, which in 2D has no
// cross-product axes. The projection radius of a rectangle with unit axes u0, u1 and half
// extents h onto a unit axis L is h.x |u0 . L| + h.y |u1 . L| (Ericson 4.4.1, eq. for r_A).
//
// The traced instantiations evaluate that formula as written on every axis (exactTerms), and
// the trace rows show its terms. The untraced one (NoTrace2) computes the same numbers with
// the products known in advance (by 1 and by an exact 0) left out (fastTerms), and keeps the
// least penetration in locals; its results are bit-identical to the traced ones for finite
// inputs (tests/collide/test_2d_untraced.cpp; see fastTerms and SatBoxes2).
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "satlab/collide/collide2d.hpp"
#include "satlab/collide/hints.hpp"

namespace satlab {
namespace {

// A rectangle in the common form the test walks: centre, unit axes, half extents.
struct Box2 {
  glm::vec2 center;
  glm::vec2 u0;
  glm::vec2 u1;
  glm::vec2 half;
};

Box2 boxOf(const Rect2& r) { return Box2{r.center, glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f), r.half}; }

// axis1() is axis0() turned +90 degrees; turning the one normalised axis0() here gives the
// same bits and spares the second square root and division of calling both.
Box2 boxOf(const OrientedRect2& r) {
  const glm::vec2 u0 = r.axis0();
  return Box2{r.center, u0, glm::vec2(-u0.y, u0.x), r.half};
}

// Half-width of the box's projection onto the unit axis L. For an axis-aligned box and
// L = +X this is exactly half.x (the |0| term vanishes), so the X/Y test is the "Using AABB" tutorial's.
SATLAB_FORCE_INLINE float projectedRadius(const Box2& b, const glm::vec2& l) {
  return b.half.x * std::fabs(glm::dot(b.u0, l)) + b.half.y * std::fabs(glm::dot(b.u1, l));
}

// One axis's numbers: s = T . L (T = cB - cA, the "Using AABB" tutorial's centre offset), and the projected
// half-widths rA, rB. The axis separates iff |s| > rA + rB; equality (touching) is overlap.
struct AxisTerms2 {
  float s;
  float ra;
  float rb;
};

// The terms as the formula reads: what the trace rows show and every result is defined by.
SATLAB_FORCE_INLINE AxisTerms2 exactTerms(const Box2& a, const Box2& b, const glm::vec2& t, const glm::vec2& l) {
  return {glm::dot(t, l), projectedRadius(a, l), projectedRadius(b, l)};
}

// Axis I of a test, in its order: A's u0, u1, then B's u0, u1.
template <int I>
SATLAB_FORCE_INLINE const glm::vec2& axisOf(const Box2& a, const Box2& b) {
  if constexpr (I == 0)
    return a.u0;
  else if constexpr (I == 1)
    return a.u1;
  else if constexpr (I == 2)
    return b.u0;
  else
    return b.u1;
}

// The untraced terms of axis I: exactTerms with the products whose value is known in advance
// left out. kAlignedA / kAlignedB: that box is a Rect2 (u0 = +X, u1 = +Y exactly). Each
// dropped product is an exact 1 or an exact zero, so every term below equals exactTerms'
// as a number; only the sign of a zero can differ (x + (-0) vs x at x = +0, say):
//   - an axis-aligned L = e_i: 1 * x is x exactly and 0 * y is +-0, so T . L = T[i] up to
//     the sign of a zero, an aligned box's radius on it is half[i] likewise, and a rotated
//     box's is h.x |u0[i]| + h.y |u1[i]| exactly (under |.| the sign of a zero is gone);
//   - an aligned box's radius on a rotated axis L is h.x |L.x| + h.y |L.y|, exactly;
//   - a rotated box's radius on its own axis: u1 = (-u0.y, u0.x), so u0 . u1 is
//     -(u0.x u0.y) + u0.y u0.x = +0 exactly and the other extent's term is +-0, and
//     u1 . u1 = u0.y^2 + u0.x^2 is u0 . u0 (same two products, addition commutes): the
//     radius is h[k] n with n = u0 . u0 (>= 0, so |n| = n; not exactly 1, so it stays).
// The results read s only through |s| and s < 0, and compare sums of these terms, so they
// cannot tell a zero's sign; the one place that could is a zero depth, see SatBoxes2.
template <int I, bool kAlignedA, bool kAlignedB>
SATLAB_FORCE_INLINE AxisTerms2 fastTerms(const Box2& a, const Box2& b, const glm::vec2& t) {
  const glm::vec2& l = axisOf<I>(a, b);
  if constexpr (I < 2) {  // A's axis I
    if constexpr (kAlignedA) {
      const float rb = kAlignedB ? b.half[I] : b.half.x * std::fabs(b.u0[I]) + b.half.y * std::fabs(b.u1[I]);
      return {t[I], a.half[I], rb};
    } else {
      return {glm::dot(t, l), a.half[I] * glm::dot(a.u0, a.u0), projectedRadius(b, l)};
    }
  } else {  // B's axis I - 2 (B is never axis aligned when it has axes of its own)
    static_assert(!kAlignedB, "two rects share their axes: the test lists A's only");
    const float ra = kAlignedA ? a.half.x * std::fabs(l.x) + a.half.y * std::fabs(l.y) : projectedRadius(a, l);
    return {glm::dot(t, l), ra, b.half[I - 2] * glm::dot(b.u0, b.u0)};
  }
}

template <int kCount, class ShapeA, class ShapeB>
SatResult2 satBoxesExact(const ShapeA& sa, const ShapeB& sb, const std::string_view* labels);

// The one SAT test every 2D pair runs, over kCount axes (axisOf order) of the rects sa (A)
// and sb (B), each a Rect2 or an OrientedRect2 (a and b: the same as Box2s). Axes are
// visited in order, each by its own from<I>(), which hands on to from<I + 1>(), so the
// loop is unrolled and every axis index is a constant; the first separating axis decides
// (early out, the result built in place right there) unless the recorder asks for every
// axis. Until then the least penetration so far (the first one on ties) is kept in members,
// and the result is built once, in finish(): no field is written twice.
//
// kFast (the untraced instantiation) takes fastTerms, the others exactTerms, with one trace
// row per axis when Rec records. fastTerms equal exactTerms as numbers, so the verdict, the
// gap, every axis and the choice of least penetration are the same; the least depth is too,
// unless it is zero (that zero could carry the other sign) or NaN (only a non-finite input
// gives one). So the fast test takes the first axis's depth as the least so far without
// comparing it with infinity, and when the least depth is not positive it returns what the
// test gives with exactTerms instead (satBoxesExact, out of line): a touching pair pays for
// a second run, the others for one comparison.
template <int kCount, bool kFast, class Rec, class ShapeA, class ShapeB>
class SatBoxes2 {
 public:
  static constexpr bool kAlignedA = std::is_same_v<ShapeA, Rect2>;
  static constexpr bool kAlignedB = std::is_same_v<ShapeB, Rect2>;
  static_assert(kCount == (kAlignedB ? 2 : 4), "two rects share their axes: the test lists A's only");
  static_assert(!(kFast && Rec::kEnabled), "a trace shows exactTerms");

  SATLAB_FORCE_INLINE SatBoxes2(const ShapeA& sa, const ShapeB& sb, const Box2& a, const Box2& b,
                                const std::string_view* labels, Rec& rec)
      : sa_(sa), sb_(sb), a_(a), b_(b), labels_(labels), rec_(rec) {}

  /// Runs the test from axis I on (from<0>() is the whole test).
  template <int I>
  SATLAB_FORCE_INLINE SatResult2 from() {
    const glm::vec2 l = axisOf<I>(a_, b_);
    AxisTerms2 x;
    if constexpr (kFast) {
      x = fastTerms<I, kAlignedA, kAlignedB>(a_, b_, t_);
    } else {
      x = exactTerms(a_, b_, t_, l);
    }
    const float s = x.s, ra = x.ra, rb = x.rb;
    // Separated on L iff |T . L| > rA + rB; equality (touching) is overlap.
    const bool separating = std::fabs(s) > ra + rb;
    if constexpr (Rec::kEnabled) record(I, l, s, ra, rb, separating);

    // A to B orientation of L: the side of A on which B's centre lies.
    if (separating) {
      if (!separated_) {  // the first separating axis: the early-exit version stops here
        const glm::vec2 axis = s < 0.0f ? -l : l;
        const float gap = std::fabs(s) - (ra + rb);
        if (!rec_.evaluateAll()) {
          rec_.satEnd(false);
          return SatResult2{false, I, labels_[I], axis, gap};
        }
        separated_ = true;
        separatingIndex_ = I;
        separatingAxis_ = axis;
        gap_ = gap;
      }
    } else if (!separated_) {
      // Still overlapping on every axis so far: keep the least penetration.
      const float depth = (ra + rb) - std::fabs(s);
      if ((kFast && I == 0) || depth < bestDepth_) {
        bestDepth_ = depth;
        best_ = I;
        bestAxis_ = s < 0.0f ? -l : l;
      }
    }
    if constexpr (I + 1 < kCount) {
      return from<I + 1>();
    } else {
      return finish();
    }
  }

 private:
  SATLAB_FORCE_INLINE SatResult2 finish() {
    rec_.satEnd(!separated_);
    if (separated_) {
      return SatResult2{false, separatingIndex_, labels_[separatingIndex_], separatingAxis_, gap_};
    }
    if constexpr (kFast) {
      if (!(bestDepth_ > 0.0f)) return satBoxesExact<kCount>(sa_, sb_, labels_);
    } else {
      if (best_ < 0) return SatResult2{true};  // every depth NaN (non-finite input)
    }
    return SatResult2{true, -1, {}, glm::vec2(0.0f), 0.0f, best_, labels_[best_], bestAxis_, bestDepth_};
  }

  void record(int i, const glm::vec2& l, float s, float ra, float rb, bool separating) {
    SatAxisRow2 row;
    row.index = i;
    row.label = labels_[i];
    row.axis = l;
    row.centerDistance = s;
    row.radiusA = ra;
    row.radiusB = rb;
    const float ca = glm::dot(a_.center, l);
    const float cb = ca + s;
    row.minA = ca - ra;
    row.maxA = ca + ra;
    row.minB = cb - rb;
    row.maxB = cb + rb;
    row.gap = std::fabs(s) - ra - rb;
    row.separating = separating;
    rec_.satAxis(row);
  }

  const ShapeA& sa_;
  const ShapeB& sb_;
  const Box2& a_;
  const Box2& b_;
  const std::string_view* labels_;
  Rec& rec_;
  const glm::vec2 t_ = b_.center - a_.center;  // T, the centre-to-centre vector (the "Using AABB" tutorial)
  bool separated_ = false;                     // full mode, past the first separating axis: that axis,
  int separatingIndex_ = -1;
  glm::vec2 separatingAxis_{0.0f};                            // oriented from A to B,
  float gap_ = 0.0f;                                          // and the gap on it
  int best_ = -1;                                             // the least penetration so far,
  glm::vec2 bestAxis_{0.0f};                                  // oriented from A to B,
  float bestDepth_ = std::numeric_limits<float>::infinity();  // and its depth
};

template <int kCount, bool kFast, class Rec, class ShapeA, class ShapeB>
SATLAB_FORCE_INLINE SatResult2 satBoxes(const ShapeA& sa, const ShapeB& sb, const std::string_view* labels,
                                        std::string_view testName, Rec& rec) {
  rec.satBegin(testName);
  return SatBoxes2<kCount, kFast, Rec, ShapeA, ShapeB>(sa, sb, boxOf(sa), boxOf(sb), labels, rec).template from<0>();
}

// The fast test's fallback for a least depth that is not positive (see SatBoxes2): the test
// with exactTerms, untraced. Out of line, so that the hot code keeps its registers.
template <int kCount, class ShapeA, class ShapeB>
SATLAB_COLD SatResult2 satBoxesExact(const ShapeA& sa, const ShapeB& sb, const std::string_view* labels) {
  NoTrace2 rec;
  return satBoxes<kCount, false>(sa, sb, labels, {}, rec);
}

// The untraced instantiation is the fast one.
template <class Rec>
constexpr bool kFast = std::is_same_v<Rec, NoTrace2>;

// One implementation per pair; the templates and the untraced overloads below both call it,
// so the untraced overload is the whole test with no call in between.

// The "Using AABB" tutorial, AABB-AABB restricted to the plane: axes X and Y.
template <class Rec>
SATLAB_FORCE_INLINE SatResult2 rectRect(const Rect2& a, const Rect2& b, Rec& rec) {
  return satBoxes<2, kFast<Rec>>(a, b, kRectAxisLabels2.data(), "Rect2-Rect2", rec);
}

// Axes A0 = +X, A1 = +Y (the rect's), then B0, B1 (the rotated rect's local axes).
template <class Rec>
SATLAB_FORCE_INLINE SatResult2 rectOrientedRect(const Rect2& a, const OrientedRect2& b, Rec& rec) {
  return satBoxes<4, kFast<Rec>>(a, b, kRectPairAxisLabels2.data(), "Rect2-OrientedRect2", rec);
}

// Ericson 4.4.1 reduced to 2D: A0, A1, B0, B1; there are no edge-edge cross axes in 2D.
template <class Rec>
SATLAB_FORCE_INLINE SatResult2 orientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b, Rec& rec) {
  return satBoxes<4, kFast<Rec>>(a, b, kRectPairAxisLabels2.data(), "OrientedRect2-OrientedRect2", rec);
}

}  // namespace

template <class Rec>
SatResult2 overlapRectRect(const Rect2& a, const Rect2& b, Rec& rec) {
  return rectRect(a, b, rec);
}

template <class Rec>
SatResult2 overlapRectOrientedRect(const Rect2& a, const OrientedRect2& b, Rec& rec) {
  return rectOrientedRect(a, b, rec);
}

template <class Rec>
SatResult2 overlapOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b, Rec& rec) {
  return orientedRectOrientedRect(a, b, rec);
}

SatResult2 overlapRectRect(const Rect2& a, const Rect2& b) {
  NoTrace2 rec;
  return rectRect(a, b, rec);
}

SatResult2 overlapRectOrientedRect(const Rect2& a, const OrientedRect2& b) {
  NoTrace2 rec;
  return rectOrientedRect(a, b, rec);
}

SatResult2 overlapOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b) {
  NoTrace2 rec;
  return orientedRectOrientedRect(a, b, rec);
}

template SatResult2 overlapRectRect<NoTrace2>(const Rect2&, const Rect2&, NoTrace2&);
template SatResult2 overlapRectRect<SatTrace2>(const Rect2&, const Rect2&, SatTrace2&);
template SatResult2 overlapRectOrientedRect<NoTrace2>(const Rect2&, const OrientedRect2&, NoTrace2&);
template SatResult2 overlapRectOrientedRect<SatTrace2>(const Rect2&, const OrientedRect2&, SatTrace2&);
template SatResult2 overlapOrientedRectOrientedRect<NoTrace2>(const OrientedRect2&, const OrientedRect2&, NoTrace2&);
template SatResult2 overlapOrientedRectOrientedRect<SatTrace2>(const OrientedRect2&, const OrientedRect2&, SatTrace2&);

}  // namespace satlab
