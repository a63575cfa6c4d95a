// satlab collision core: the recording members of the trace types (see trace.hpp).
// These run only in traced instantiations, so they may normalise and allocate freely.
#include "satlab/collide/trace.hpp"

#include <cmath>

namespace satlab {

void SatTrace::satBegin(std::string_view testName, const glm::vec3& a, const glm::vec3& b,
                        const SatOptions& opt) {
  test = testName;
  options = opt;
  centerA = a;
  centerB = b;
  rows.clear();
  separatingRow = -1;
  stopRow = -1;
  overlap = false;
}

void SatTrace::satAxis(int index, std::string_view label, const glm::vec3& rawAxis, float s,
                       float ra, float rb, bool separating) {
  SatAxisRow row;
  row.index = index;
  row.label = label;
  row.rawAxis = rawAxis;
  row.length = glm::length(rawAxis);
  row.degenerate = row.length < kDegenerateAxisLength;
  // The test compares |s| with ra + rb along the raw axis L; dividing all three by |L| gives
  // the same comparison in world units. A zero axis keeps the raw (zero) numbers.
  const float inv = row.length > 0.0f ? 1.0f / row.length : 1.0f;
  row.axis = row.length > 0.0f ? rawAxis * inv : glm::vec3(0.0f);
  row.centerDistance = s * inv;
  row.radiusA = ra * inv;
  row.radiusB = rb * inv;
  const float pa = glm::dot(centerA, row.axis);
  const float pb = pa + row.centerDistance;
  row.minA = pa - row.radiusA;
  row.maxA = pa + row.radiusA;
  row.minB = pb - row.radiusB;
  row.maxB = pb + row.radiusB;
  row.gap = std::abs(row.centerDistance) - row.radiusA - row.radiusB;
  row.separating = separating;
  rows.push_back(row);
  if (separating && separatingRow < 0) {
    separatingRow = static_cast<int>(rows.size()) - 1;
    stopRow = separatingRow;
  }
}

void SatTrace::satEnd(bool overlapResult) {
  overlap = overlapResult;
  if (stopRow < 0) stopRow = static_cast<int>(rows.size()) - 1;
}

void SlabTrace::slabBegin(std::string_view testName) {
  test = testName;
  rows.clear();
  rejectingAxis = -1;
  overlap = false;
  tmin = tmax = 0.0f;
}

void SlabTrace::slabAxis(int index, std::string_view label, float origin, float direction,
                         float lo, float hi, bool parallel, bool originInside, float t1,
                         float t2, float tminNow, float tmaxNow, bool rejects) {
  rows.push_back(SlabAxisRow{index, label, origin, direction, lo, hi, parallel, originInside,
                             t1, t2, tminNow, tmaxNow, rejects});
  if (rejects && rejectingAxis < 0) rejectingAxis = index;
}

void SlabTrace::slabEnd(bool overlapResult, float tminFinal, float tmaxFinal) {
  overlap = overlapResult;
  tmin = tminFinal;
  tmax = tmaxFinal;
}

void ClosestTrace::closestBegin(std::string_view testName, float r2) {
  test = testName;
  rows.clear();
  radiusSquared = r2;
  sum = 0.0f;
  overlap = false;
}

void ClosestTrace::closestAxis(int index, std::string_view label, float center, float lo,
                               float hi, float clamped, float contribution) {
  rows.push_back(ClosestAxisRow{index, label, center, lo, hi, clamped, contribution});
}

void ClosestTrace::closestEnd(float sumSquared, bool overlapResult) {
  sum = sumSquared;
  overlap = overlapResult;
}

void SegmentSphereTrace::quadratic(float qa, float qb, float qc, float disc, bool isPoint,
                                   bool roots, float root0, float root1, bool overlapResult) {
  a = qa;
  b = qb;
  c = qc;
  discriminant = disc;
  point = isPoint;
  hasRoots = roots;
  t0 = root0;
  t1 = root1;
  overlap = overlapResult;
}

void SegSegTrace::segSegBegin(float qa, float qb, float qc, float qe, float qf, float nn,
                              bool par, bool degA, bool degB) {
  a = qa;
  b = qb;
  c = qc;
  e = qe;
  f = qf;
  crossSquared = nn;
  parallel = par;
  pointA = degA;
  pointB = degB;
  steps.clear();
}

void SegSegTrace::segSegStep(std::string_view what, float s, float t) {
  steps.push_back(SegSegStep{what, s, t});
}

}  // namespace satlab
