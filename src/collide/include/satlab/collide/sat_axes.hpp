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
#pragma once

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

  /// The axis divided by its length and oriented towards B. A zero-length axis (a separating
  /// one is possible only without the epsilon) stays the zero vector rather than being
  /// divided by zero.
  static glm::vec3 unitTowardsB(const glm::vec3& axis, float length, float s) {
    return length > 0.0f ? axis * ((s < 0.0f ? -1.0f : 1.0f) / length) : glm::vec3(0.0f);
  }

  bool test(AxisId id, float s, float ra, float rb, const glm::vec3& axis, float length) {
    const bool separating = std::abs(s) > ra + rb;
    if constexpr (Rec::kEnabled) rec_.satAxis(id, axis, s, ra, rb, separating);
    if (separating) {
      if (!separated_) {
        separated_ = true;
        const float gap = length > 0.0f ? (std::abs(s) - (ra + rb)) / length : 0.0f;
        separating_ = Kept{id, unitTowardsB(axis, length, s), gap};
      }
      // SatMode::Full only shows a recorder the rest of the axes: without one there is
      // nothing left to do.
      return earlyExit_ || !Rec::kEnabled;
    }
    if (!separated_ && length >= kDegenerateAxisLength) {
      const float depth = (ra + rb - std::abs(s)) / length;
      if (depth < least_.amount) least_ = Kept{id, unitTowardsB(axis, length, s), depth};
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
