// satlab collision core (internal): the bookkeeping shared by every separating-axis test.
//
// A SAT test feeds each candidate axis L to SatRun::axis as three numbers measured along the
// raw (not normalised) L: s = (cB - cA) . L and the projected half-widths rA, rB. The axis
// separates when |s| > rA + rB (closed shapes: equality is touching, hence overlap).
// The world-space axis is passed as a callable and evaluated only when a recorder or the rich
// result needs it, so the boolean, untraced instantiation is the bare textbook comparison.
//
// The untraced rich instantiation (<NoTrace, true>) defers the penetration search: axis()
// only keeps |s|'s slack rA + rB - |s| and s per axis, the separating axis alone is
// normalised on an early exit, and when no axis separates the test calls
// penetration(index, worldAxis) once per axis, in canonical order, before finish(). The
// arithmetic is the same as the traced instantiation's per-axis search, so the results are
// bit-identical (tests/collide/test_sat_deferred.cpp).
//
// Face axes (a box's own axes; world X, Y, Z for an AABB) are unit by the shapes' contract,
// so they are reported as given and their depth is rA + rB - |s| itself; only the cross
// axes are normalised. The separated early exit of OBB-OBB does its bookkeeping out of line
// (kOutOfLine), which keeps that test's hot code's registers (bench/).
#pragma once

#include <cmath>
#include <limits>
#include <string_view>

#include "satlab/collide/hints.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab::detail {

/// The radius of a shape that projects to a single point on the axis (a segment on the axes
/// e_i x d): SatRun::axis then compares |s| with rA alone. rA + 0.0f is not rA to the compiler
/// (-0 + +0 is +0), so passing 0.0f would cost an addition per axis.
struct ZeroRadius {};
inline float radiusSum(float ra, float rb) { return ra + rb; }
inline float radiusSum(float ra, ZeroRadius) { return ra; }
inline float radiusValue(float r) { return r; }
inline float radiusValue(ZeroRadius) { return 0.0f; }

/// kRich: fill the separating / penetration fields of SatResult. The `overlaps` fast path
/// instantiates <NoTrace, false>, which always exits early and only reports `overlap`.
/// kOutOfLine: the separating axis's bookkeeping is a call rather than inlined. OBB-OBB uses
/// it: its early exits then keep their registers; the other tests, whose face axes are
/// world X, Y, Z, are faster with it inlined (bench/).
template <class Rec, bool kRich, bool kOutOfLine = false>
class SatRun {
 public:
  /// `out` is the caller's return object (returned by name, so the compiler builds it in
  /// place): the run writes the result straight into it.
  /// The first `unitAxes` axes are face axes, unit by contract (a box's own axes): they are
  /// reported as given, oriented, and their depth is not divided by a length.
  SatRun(Rec& rec, const SatOptions& opt, const std::string_view* labels, SatResult& out,
         int unitAxes)
      : rec_(rec), opt_(opt), labels_(labels), result_(out), unitAxes_(unitAxes) {}

  /// Evaluates one axis; returns true when the test must return now (early exit).
  /// `rb` is a float or ZeroRadius. kStoreOnExit changes only how the boolean path writes
  /// its verdict (the same value either way; see there).
  template <bool kStoreOnExit = false, class RadiusB, class AxisFn>
  bool axis(int index, float s, float ra, RadiusB rb, AxisFn&& worldAxis) {
    const bool separating = std::abs(s) > radiusSum(ra, rb);
    if constexpr (kBoolean) {
      // Production boolean path: stop at the first separating axis, nothing else. It keeps
      // the verdict itself rather than its negation, so no final negation is left to do.
      // kStoreOnExit (AABB-AABB): write it only on the exit. The same instructions, but GCC
      // then puts the first exit at the function's end, as in the textbook's code, rather
      // than right after its branch: AABB-AABB separated 1.06 to 0.99-1.00 against the
      // textbook (bench/). For the 15-axis tests this form costs instructions (AABB-OBB
      // 376 to 414 overlapping), so they keep the other.
      if constexpr (kStoreOnExit) {
        if (separating) overlap_ = false;
      } else {
        overlap_ = !separating;
      }
      return separating;
    } else {
      if constexpr (Rec::kEnabled) {
        rec_.satAxis(index, labels_[index], worldAxis(), s, ra, radiusValue(rb), separating);
      }
      if (separating) {
        if (!separated_) {
          separated_ = true;
          if constexpr (kRich) {
            if constexpr (kOutOfLine) {
              setSeparatingOutOfLine(index, s, worldAxis());
            } else {
              setSeparating(index, s, worldAxis());
            }
          }
        }
        return opt_.mode == SatMode::EarlyExit;
      }
      if constexpr (kDeferred) {
        // The same slack as the per-axis search below, evaluated here once.
        slack_[index] = radiusSum(ra, rb) - std::abs(s);
        s_[index] = s;
      } else if constexpr (kRich) {
        if (!separated_) keepIfLeast(index, radiusSum(ra, rb) - std::abs(s), s, worldAxis());
      }
      return false;
    }
  }

  /// True when the test must feed every axis to penetration() before finish(): the untraced
  /// rich instantiation, and no axis separated. Constant false for every other one.
  bool needsPenetrationPass() const {
    if constexpr (kDeferred) {
      return !separated_;
    } else {
      return false;
    }
  }

  /// The deferred penetration search for axis `index` (already passed to axis(), not
  /// separating), world axis `l`. Call in canonical order.
  SATLAB_FORCE_INLINE void penetration(int index, const glm::vec3& l) {
    if constexpr (kDeferred) {
      keepIfLeast(index, slack_[index], s_[index], l);
    } else {
      (void)index;
      (void)l;
    }
  }

  /// Completes the result (`out`, default-initialised by the caller) and tells the recorder.
  void finish() {
    rec_.satEnd(!separated_);
    if constexpr (kRich && !kDeferred) {
      // The per-axis search may have recorded a penetration before a later axis separated.
      if (separated_) {
        result_.penetrationIndex = -1;
        result_.penetrationLabel = {};
        result_.penetrationAxis = glm::vec3(0.0f);
        result_.depth = 0.0f;
      }
    }
    if constexpr (kBoolean) {
      result_.overlap = overlap_;
    } else {
      result_.overlap = !separated_;
    }
  }

 private:
  SATLAB_NOINLINE void setSeparatingOutOfLine(int index, float s, glm::vec3 l) {
    setSeparating(index, s, l);
  }
  SATLAB_FORCE_INLINE void setSeparating(int index, float s, glm::vec3 l) {
    result_.separatingIndex = index;
    result_.separatingLabel = labels_[index];
    // Oriented from A to B. A face axis is unit already; a cross axis is normalised, and a
    // zero-length one (possible only without the epsilon) is reported as the zero vector
    // rather than divided by zero.
    if (index < unitAxes_) {
      result_.separatingAxis = s < 0.0f ? -l : l;
    } else {
      const float len = glm::length(l);
      result_.separatingAxis =
          len > 0.0f ? l * ((s < 0.0f ? -1.0f : 1.0f) / len) : glm::vec3(0.0f);
    }
  }

  // Keeps axis `index` if its depth, slack / |L|, is the least so far (the first on ties).
  // Degenerate axes (near-parallel edges) carry no direction worth reporting and are
  // skipped; face axes are unit and never degenerate.
  SATLAB_FORCE_INLINE void keepIfLeast(int index, float slack, float s, const glm::vec3& l) {
    float depth = slack;
    glm::vec3 unit = l;
    if (index >= unitAxes_) {
      const float len2 = glm::dot(l, l);
      if (len2 < kDegenerateAxisLength * kDegenerateAxisLength) return;
      const float len = std::sqrt(len2);
      depth = slack / len;
      unit = l * (1.0f / len);
    }
    if (depth < bestDepth_) {
      bestDepth_ = depth;
      result_.penetrationIndex = index;
      result_.penetrationLabel = labels_[index];
      result_.penetrationAxis = s < 0.0f ? -unit : unit;
      result_.depth = depth;
    }
  }

  static constexpr bool kDeferred = kRich && !Rec::kEnabled;
  static constexpr bool kBoolean = !kRich && !Rec::kEnabled;
  static constexpr int kMaxAxes = 15;

  Rec& rec_;
  const SatOptions& opt_;
  const std::string_view* labels_;
  SatResult& result_;
  int unitAxes_;
  bool separated_ = false;
  bool overlap_ = true;  // the boolean path's verdict (kBoolean)
  float bestDepth_ = std::numeric_limits<float>::max();
  // Deferred search only (left uninitialised: each entry is written by axis() before
  // penetration() reads it).
  float slack_[kDeferred ? kMaxAxes : 1];
  float s_[kDeferred ? kMaxAxes : 1];
};

}  // namespace satlab::detail
