// What the picture of one separating-axis step measures: the two projected intervals of a
// trace row (SatAxisRow: A = [minA, maxA], B = [minB, maxB] along the axis) are either apart,
// with a gap between the facing ends, or they share a common part, and then B must move
// rA + rB - |s| along the axis to clear A: the push apart, the depth of the pair on this
// axis. The two are not the same number: with one interval inside the other the common part
// is the inner one's length while the push apart runs from B's near end past A's far end.
// The explorers' number line, the labels in the view and the predict feedback say these in
// words; this is the arithmetic, apart from any drawing.
#pragma once

#include "satlab/collide/trace.hpp"

namespace satlab {

struct IntervalMeasure {
  bool apart = false;  ///< a gap between the intervals (the row's own verdict may differ by its epsilon)
  float gap = 0.0f;    ///< apart: the gap's length, maxA < minB ? minB - maxA : minA - maxB
  float gapFrom = 0.0f, gapTo = 0.0f;  ///< apart: the facing ends, lower value first
  /// Not apart: the common part [commonFrom, commonTo] and its length.
  float commonFrom = 0.0f, commonTo = 0.0f;
  float common = 0.0f;
  /// Not apart: how far B moves to clear A, rA + rB - |s| (= -row.gap), and from where to
  /// where on the axis: B's near end (pushFrom) goes to A's far end (pushTo), in the
  /// direction from A's centre to B's (up the axis when s >= 0).
  float pushApart = 0.0f;
  float pushFrom = 0.0f, pushTo = 0.0f;
  /// One interval lies inside the other (the push apart is longer than the common part).
  bool contained = false;
};

/// The measure of row `r`. Values are the row's own (divided by |L| on a near-zero axis).
/// Touching ends (maxA == minB) are a common part of length 0, push apart 0.
IntervalMeasure measureIntervals(const SatAxisRow& r);

}  // namespace satlab
