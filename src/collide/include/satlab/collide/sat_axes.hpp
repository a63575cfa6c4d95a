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

template <class Rec>
class SatAxes {
 public:
  SatAxes(Rec& rec, const SatOptions& opt) : rec_(rec), opt_(opt) {}

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
    result_.overlap = !separated_;
    if (separated_) {  // a penetration kept from the axes before the separating one is void
      result_.penetration = AxisId{};
      result_.penetrationAxis = glm::vec3(0.0f);
      result_.depth = 0.0f;
    }
    if constexpr (Rec::kEnabled) rec_.satEnd(result_.overlap);
    return result_;
  }

 private:
  bool test(AxisId id, float s, float ra, float rb, const glm::vec3& axis, float length) {
    const bool separating = std::abs(s) > ra + rb;
    if constexpr (Rec::kEnabled) rec_.satAxis(id, axis, s, ra, rb, separating);
    // Oriented from A to B: B's centre lies on the + side of the reported axis.
    const float towardsB = s < 0.0f ? -1.0f : 1.0f;
    if (separating) {
      if (!separated_) {
        separated_ = true;
        result_.separating = id;
        // A zero-length axis (possible only without the epsilon) is reported as the zero
        // vector rather than divided by zero.
        if (length > 0.0f) {
          result_.separatingAxis = axis * (towardsB / length);
          result_.gap = (std::abs(s) - (ra + rb)) / length;
        }
      }
      return opt_.mode == SatMode::EarlyExit;
    }
    if (!separated_ && length >= kDegenerateAxisLength) {
      const float depth = (ra + rb - std::abs(s)) / length;
      if (depth < bestDepth_) {
        bestDepth_ = depth;
        result_.penetration = id;
        result_.penetrationAxis = axis * (towardsB / length);
        result_.depth = depth;
      }
    }
    return false;
  }

  Rec& rec_;
  const SatOptions& opt_;
  SatResult result_;
  bool separated_ = false;
  float bestDepth_ = std::numeric_limits<float>::infinity();
};

}  // namespace satlab::detail
