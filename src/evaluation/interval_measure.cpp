#include "evaluation/interval_measure.hpp"

#include <algorithm>

namespace satlab {

IntervalMeasure measureIntervals(const SatAxisRow& r) {
  IntervalMeasure m;
  if (r.maxA < r.minB || r.maxB < r.minA) {
    m.apart = true;
    m.gapFrom = r.maxA < r.minB ? r.maxA : r.maxB;
    m.gapTo = r.maxA < r.minB ? r.minB : r.minA;
    m.gap = m.gapTo - m.gapFrom;
    return m;
  }
  m.commonFrom = std::max(r.minA, r.minB);
  m.commonTo = std::min(r.maxA, r.maxB);
  m.common = m.commonTo - m.commonFrom;
  // B moves the way its centre lies from A's: its near end to A's far end.
  const bool up = r.centerDistance >= 0.0f;
  m.pushFrom = up ? r.minB : r.maxB;
  m.pushTo = up ? r.maxA : r.minA;
  m.pushApart = up ? r.maxA - r.minB : r.maxB - r.minA;
  m.contained = (r.minA <= r.minB && r.maxB <= r.maxA) || (r.minB <= r.minA && r.maxA <= r.maxB);
  return m;
}

}  // namespace satlab
