// satlab collision core (internal): the bookkeeping shared by every separating-axis test.
//
// A SAT test feeds each candidate axis L to SatRun::axis as three numbers measured along the
// raw (not normalised) L: s = (cB - cA) . L and the projected half-widths rA, rB. The axis
// separates when |s| > rA + rB (closed shapes: equality is touching, hence overlap).
// The world-space axis is passed as a callable and evaluated only when a recorder or the rich
// result needs it, so the boolean, untraced instantiation is the bare textbook comparison.
#pragma once

#include <cmath>
#include <limits>
#include <string_view>

#include "collide/results.hpp"
#include "collide/trace.hpp"

// Forces inlining where GCC's size heuristics would otherwise emit an out-of-line call that
// returns the whole SatResult through memory (bench/: the 15-axis box-box core called from
// overlaps() cost ~20 instructions per call that way). Code generation only; no result
// changes.
#if defined(__GNUC__) || defined(__clang__)
#define SATLAB_FORCE_INLINE inline __attribute__((always_inline))
#else
#define SATLAB_FORCE_INLINE inline
#endif

namespace satlab::detail {

/// kRich: fill the separating / penetration fields of SatResult. The `overlaps` fast path
/// instantiates <NoTrace, false>, which always exits early and only reports `overlap`.
template <class Rec, bool kRich>
class SatRun {
 public:
  SatRun(Rec& rec, const SatOptions& opt, const std::string_view* labels)
      : rec_(rec), opt_(opt), labels_(labels) {}

  /// Evaluates one axis; returns true when the test must return now (early exit).
  template <class AxisFn>
  bool axis(int index, float s, float ra, float rb, AxisFn&& worldAxis) {
    const bool separating = std::abs(s) > ra + rb;
    if constexpr (!kRich && !Rec::kEnabled) {
      // Production boolean path: stop at the first separating axis, nothing else.
      separated_ = separating;
      return separating;
    } else {
      if constexpr (Rec::kEnabled) {
        rec_.satAxis(index, labels_[index], worldAxis(), s, ra, rb, separating);
      }
      if (separating) {
        if (!separated_) {
          separated_ = true;
          if constexpr (kRich) {
            const glm::vec3 l = worldAxis();
            const float len = glm::length(l);
            result_.separatingIndex = index;
            result_.separatingLabel = labels_[index];
            // Oriented from A to B; a zero-length axis (possible only without the epsilon)
            // is reported as the zero vector rather than divided by zero.
            result_.separatingAxis = len > 0.0f ? l * ((s < 0.0f ? -1.0f : 1.0f) / len)
                                                : glm::vec3(0.0f);
          }
        }
        return opt_.mode == SatMode::EarlyExit;
      }
      if constexpr (kRich) {
        if (!separated_) considerPenetration(index, s, ra, rb, worldAxis());
      }
      return false;
    }
  }

  SatResult finish() {
    rec_.satEnd(!separated_);
    SatResult r{};
    if constexpr (kRich) {
      r = result_;
      if (separated_) {
        r.penetrationIndex = -1;
        r.penetrationLabel = {};
        r.penetrationAxis = glm::vec3(0.0f);
        r.depth = 0.0f;
      }
    }
    r.overlap = !separated_;
    return r;
  }

 private:
  // Depth along the unit axis is (rA + rB - |s|) / |L|. Degenerate axes (near-parallel
  // edges) carry no direction worth reporting and are skipped; the face axes never are.
  void considerPenetration(int index, float s, float ra, float rb, const glm::vec3& l) {
    const float len2 = glm::dot(l, l);
    if (len2 < kDegenerateAxisLength * kDegenerateAxisLength) return;
    const float len = std::sqrt(len2);
    const float depth = (ra + rb - std::abs(s)) / len;
    if (depth < bestDepth_) {
      bestDepth_ = depth;
      result_.penetrationIndex = index;
      result_.penetrationLabel = labels_[index];
      result_.penetrationAxis = l * ((s < 0.0f ? -1.0f : 1.0f) / len);
      result_.depth = depth;
    }
  }

  Rec& rec_;
  const SatOptions& opt_;
  const std::string_view* labels_;
  bool separated_ = false;
  SatResult result_{};
  float bestDepth_ = std::numeric_limits<float>::max();
};

}  // namespace satlab::detail
