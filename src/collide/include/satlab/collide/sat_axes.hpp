// satlab collision core: the bookkeeping every separating-axis test shares.
//
// A SAT test walks its candidate axes in order and hands each one to SatAxes as the three
// numbers it compares along the axis L as built (not normalised): s = (cB - cA) . L and the
// projected half-widths rA and rB. The axis separates when |s| > rA + rB (closed shapes:
// equality is touching, hence overlap). SatAxes keeps
//   - the first separating axis, which is the result's separating axis, and
//   - while no axis has separated, the axis of least penetration: depth = (rA + rB - |s|) / |L|
//     (the first one on ties; degenerate axes, |L| < kDegenerateAxisLength, are skipped).
// It tells the test to stop at the first separating axis unless SatMode::Full asks for
// every axis; the verdict and the result are the same either way.
//
// The triangle tests hand it, instead, the two intervals they find by projecting vertices
// (`intervals`, in double): the axis separates when one interval ends before the other
// begins, and the numbers above follow from the intervals.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab::detail {

/// The world's axes X, Y, Z as a box's axes (an AABB's, an axis-aligned rect's):
/// WorldAxes{}[i] is unit axis i.
struct WorldAxes {
  glm::vec3 operator[](int i) const {
    glm::vec3 e(0.0f);
    e[i] = 1.0f;
    return e;
  }
};

template <class Rec>
class SatAxes {
 public:
  SatAxes(Rec& rec, const SatOptions& opt) : rec_(rec), earlyExit_(opt.mode == SatMode::EarlyExit) {}

  /// A face axis: one of a box's own axes, unit length by the shapes' contract. Returns
  /// true when the test must stop here.
  bool face(AxisId id, float s, float ra, float rb, const glm::vec3& axis) { return test(id, s, ra, rb, axis, 1.0f); }

  /// A cross axis, the cross product of two directions: its length is measured, and its
  /// numbers are divided by it for the result. Returns true when the test must stop here.
  bool cross(AxisId id, float s, float ra, float rb, const glm::vec3& axis) {
    return test(id, s, ra, rb, axis, glm::length(axis));
  }

  /// An axis on which the test has projected both shapes' vertices (the triangle tests,
  /// computed in double): A's interval [minA, maxA] and B's [minB, maxB] along the raw axis
  /// L, measured from the trace's centre A. They separate when one ends before the other
  /// begins (closed shapes: intervals that touch overlap). `length` is |L| (1 for a box's own
  /// axis); the axis is degenerate when it is zero or shorter than `degenerateBelow`, which
  /// the triangle tests set to kDegenerateAxisLength times the lengths of the two vectors
  /// crossed, so that it bounds the sine of their angle. Returns true when the test must stop.
  bool intervals(AxisId id, double minA, double maxA, double minB, double maxB, const glm::dvec3& axis, double length,
                 double degenerateBelow) {
    const bool separating = maxA < minB || maxB < minA;
    if constexpr (Rec::kEnabled) rec_.satIntervals(id, axis, minA, maxA, minB, maxB, separating, degenerateBelow);
    // The gap between the intervals when they are apart, the overlap (the depth) otherwise;
    // B lies on the + side of A when its interval's centre is further along L.
    const double margin = separating ? std::max(minB - maxA, minA - maxB) : std::min(maxA - minB, maxB - minA);
    const double towardsB = (minB + maxB) - (minA + maxA);
    return keep(id, separating, margin, axis, length, degenerateBelow, towardsB);
  }

  /// The result once the test has stopped, or has run out of axes.
  SatResult finish() {
    SatResult result;
    result.overlap = !separated_;
    if (separated_) {
      result.separating = separating_.id;
      result.separatingAxis = separating_.unit;
      result.gap = separating_.amount;
    } else if (least_.id.valid()) {
      result.penetration = least_.id;
      result.penetrationAxis = least_.unit;
      result.depth = least_.amount;
    }
    if constexpr (Rec::kEnabled) rec_.satEnd(result.overlap);
    return result;
  }

 private:
  /// An axis kept for the result: the first separating one, or the least penetration so far.
  struct Kept {
    AxisId id{};
    glm::vec3 unit{0.0f};  // the axis made unit, oriented from A to B (B's centre on its + side)
    float amount = std::numeric_limits<float>::infinity();  // the gap, or the depth
  };

  /// The axis divided by its length and oriented towards B (`towardsB`'s sign says on which
  /// side of A it lies). A zero-length axis (a separating one is possible only without the
  /// epsilon) stays the zero vector rather than being divided by zero.
  template <class Vec, class Real>
  static glm::vec3 unitTowardsB(const Vec& axis, Real length, Real towardsB) {
    return length > Real(0) ? glm::vec3(axis * ((towardsB < Real(0) ? Real(-1) : Real(1)) / length)) : glm::vec3(0.0f);
  }

  bool test(AxisId id, float s, float ra, float rb, const glm::vec3& axis, float length) {
    const bool separating = std::abs(s) > ra + rb;
    if constexpr (Rec::kEnabled) rec_.satAxis(id, axis, s, ra, rb, separating);
    const float margin = separating ? std::abs(s) - (ra + rb) : ra + rb - std::abs(s);
    return keep(id, separating, margin, axis, length, kDegenerateAxisLength, s);
  }

  /// Keeps the axis for the result: the first separating one with its gap, or, while none
  /// separates, the least penetration (`margin` is the gap or the depth along the raw axis).
  template <class Vec, class Real>
  bool keep(AxisId id, bool separating, Real margin, const Vec& axis, Real length, Real degenerateBelow,
            Real towardsB) {
    if (separating) {
      if (!separated_) {
        separated_ = true;
        const float gap = length > Real(0) ? float(margin / length) : 0.0f;
        separating_ = Kept{id, unitTowardsB(axis, length, towardsB), gap};
      }
      // SatMode::Full only shows a recorder the rest of the axes: without one there is
      // nothing left to do.
      return earlyExit_ || !Rec::kEnabled;
    }
    if (!separated_ && length >= degenerateBelow && length > Real(0)) {
      const float depth = float(margin / length);
      if (depth < least_.amount) least_ = Kept{id, unitTowardsB(axis, length, towardsB), depth};
    }
    return false;
  }

  Rec& rec_;
  const bool earlyExit_;  // stop at the first separating axis (SatMode::EarlyExit)
  bool separated_ = false;
  Kept separating_;
  Kept least_;  // while no axis separates
};

}  // namespace satlab::detail
