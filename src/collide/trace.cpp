// satlab collision core: the recording members of the trace types (see trace.hpp).
// These run only in traced instantiations, so they may normalise and allocate freely.
#include "satlab/collide/trace.hpp"

#include "satlab/collide.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

void SatTrace::satBegin(TestId id, const glm::vec3& a, const glm::vec3& b, const SatOptions& opt) {
  test = id;
  options = opt;
  centerA = a;
  centerB = b;
  rows.clear();
  separatingRow = -1;
  stopRow = -1;
  overlap = false;
  reducedTo = TestId::None;
}

void SatTrace::satAxis(AxisId id, const glm::vec3& rawAxis, float s, float ra, float rb, bool separating) {
  SatAxisRow row;
  row.id = id;
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
  addRow(row);
}

void SatTrace::satIntervals(AxisId id, const glm::dvec3& rawAxis, double minA, double maxA, double minB, double maxB,
                            bool separating, double degenerateBelow) {
  SatAxisRow row;
  row.id = id;
  // In double until the row is stored: a triangle test's raw axis and intervals may be far
  // beyond a float's range (products of three coordinates) while the unit numbers are not.
  const double length = glm::length(rawAxis);
  row.rawAxis = glm::vec3(rawAxis);
  row.length = static_cast<float>(length);
  row.degenerate = length == 0.0 || length < degenerateBelow;
  const double inv = length > 0.0 ? 1.0 / length : 1.0;  // a zero axis keeps its (zero) numbers
  const glm::dvec3 unit = length > 0.0 ? rawAxis * inv : glm::dvec3(0.0);
  row.axis = glm::vec3(unit);
  const double origin = glm::dot(glm::dvec3(centerA), unit);  // the intervals are measured from centre A
  row.minA = static_cast<float>(origin + minA * inv);
  row.maxA = static_cast<float>(origin + maxA * inv);
  row.minB = static_cast<float>(origin + minB * inv);
  row.maxB = static_cast<float>(origin + maxB * inv);
  row.centerDistance = static_cast<float>(0.5 * ((minB + maxB) - (minA + maxA)) * inv);
  row.radiusA = static_cast<float>(0.5 * (maxA - minA) * inv);
  row.radiusB = static_cast<float>(0.5 * (maxB - minB) * inv);
  row.gap = static_cast<float>(std::max(minB - maxA, minA - maxB) * inv);
  row.separating = separating;
  addRow(row);
}

void SatTrace::satReduced(TestId decidedBy) { reducedTo = decidedBy; }

void SatTrace::addRow(SatAxisRow row) {
  row.index = static_cast<int>(rows.size());
  rows.push_back(row);
  if (row.separating && separatingRow < 0) {
    separatingRow = row.index;
    stopRow = separatingRow;
  }
}

void SatTrace::satEnd(bool overlapResult) {
  overlap = overlapResult;
  if (stopRow < 0) stopRow = static_cast<int>(rows.size()) - 1;
}

void SlabTrace::slabBegin(TestId id) {
  test = id;
  rows.clear();
  rejectingAxis = -1;
  overlap = false;
  tmin = tmax = 0.0f;
}

void SlabTrace::slabAxis(const SlabAxisRow& row) {
  rows.push_back(row);
  if (row.rejects && rejectingAxis < 0) rejectingAxis = row.index;
}

void SlabTrace::slabEnd(bool overlapResult, float tminFinal, float tmaxFinal) {
  overlap = overlapResult;
  tmin = tminFinal;
  tmax = tmaxFinal;
}

void ClosestTrace::closestBegin(TestId id, float r2) {
  test = id;
  rows.clear();
  triangle = TriangleRegionRecord{};
  radiusSquared = r2;
  sum = 0.0f;
  overlap = false;
}

void ClosestTrace::closestAxis(const ClosestAxisRow& row) { rows.push_back(row); }

void ClosestTrace::closestTriangle(const TriangleRegionRecord& record) { triangle = record; }

void ClosestTrace::closestEnd(float sumSquared, bool overlapResult) {
  sum = sumSquared;
  overlap = overlapResult;
}

void SegmentSphereTrace::quadratic(float qa, float qb, float qc, float disc, bool isPoint, bool roots, float root0,
                                   float root1, bool overlapResult) {
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

void SegmentTriangleTrace::segTriDeterminant(const glm::vec3& edge1, const glm::vec3& edge2, const glm::vec3& pvec,
                                             float determinant, bool isParallel, bool triangleNoArea) {
  e1 = edge1;
  e2 = edge2;
  p = pvec;
  det = determinant;
  parallel = isParallel;
  noArea = triangleNoArea;
  u = v = t = 0.0f;
  decidedBy = {};
  overlap = false;
}

void SegmentTriangleTrace::segTriDecided(float bu, float bv, float bt, std::string_view what, bool overlapResult) {
  u = bu;
  v = bv;
  t = bt;
  decidedBy = what;
  overlap = overlapResult;
}

void SegSegTrace::segSegBegin(float qa, float qb, float qc, float qe, float qf, float nn, bool par, bool degA,
                              bool degB) {
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

void SegSegTrace::segSegStep(std::string_view what, float s, float t) { steps.push_back(SegSegStep{what, s, t}); }

void CapsuleTrace::capsuleBegin(TestId id, const Segment& core, float ra, float rb) {
  test = id;
  segment = core;
  radiusA = ra;
  radiusB = rb;
  segSeg = SegSegTrace{};
  rows.clear();
  bestRow = -1;
  distance = 0.0f;
  tolerance = 0.0f;
  overlap = false;
}

void CapsuleTrace::capsuleCandidate(std::string_view feature, const glm::vec3& onA, const glm::vec3& onB, float d) {
  if (bestRow < 0 || d < rows[static_cast<std::size_t>(bestRow)].distance) bestRow = static_cast<int>(rows.size());
  rows.push_back(CapsuleCandidateRow{feature, onA, onB, d});
}

void CapsuleTrace::capsuleEnd(float coreDistance, float contactTolerance, bool overlapResult) {
  distance = coreDistance;
  tolerance = contactTolerance;
  overlap = overlapResult;
}

// Every test with its recorder, instantiated once in the core's own build, so that the
// header templates are compiled under the core's warnings (CMakeLists.txt) even where no
// caller of the library instantiates them.
template SatResult satAabbAabb<SatTrace>(const Aabb&, const Aabb&, SatTrace&, const SatOptions&);
template SatResult satAabbObb<SatTrace>(const Aabb&, const Obb&, SatTrace&, const SatOptions&);
template SatResult satObbObb<SatTrace>(const Obb&, const Obb&, SatTrace&, const SatOptions&);
template SatResult satAabbSegment<SatTrace>(const Aabb&, const Segment&, SatTrace&, const SatOptions&);
template SatResult satObbSegment<SatTrace>(const Obb&, const Segment&, SatTrace&, const SatOptions&);
template SegmentHit slabSegmentAabb<SlabTrace>(const Segment&, const Aabb&, SlabTrace&, const SatOptions&);
template SegmentHit slabSegmentObb<SlabTrace>(const Segment&, const Obb&, SlabTrace&, const SatOptions&);
template ClosestResult closestSphereAabb<ClosestTrace>(const Sphere&, const Aabb&, ClosestTrace&);
template ClosestResult closestSphereObb<ClosestTrace>(const Sphere&, const Obb&, ClosestTrace&);
template SegmentHit segmentSphere<SegmentSphereTrace>(const Segment&, const Sphere&, SegmentSphereTrace&);
template SegSegResult closestSegmentSegment<SegSegTrace>(const Segment&, const Segment&, SegSegTrace&);
template SatResult satAabbTriangle<SatTrace>(const Aabb&, const Triangle&, SatTrace&, const SatOptions&);
template SatResult satObbTriangle<SatTrace>(const Obb&, const Triangle&, SatTrace&, const SatOptions&);
template ClosestResult closestSphereTriangle<ClosestTrace>(const Sphere&, const Triangle&, ClosestTrace&);
template SegmentTriangleHit segmentTriangle<SegmentTriangleTrace>(const Segment&, const Triangle&,
                                                                  SegmentTriangleTrace&);
template CapsuleResult capsuleSphere<CapsuleTrace>(const Capsule&, const Sphere&, CapsuleTrace&);
template CapsuleResult capsuleCapsule<CapsuleTrace>(const Capsule&, const Capsule&, CapsuleTrace&);
template CapsuleResult capsuleSegment<CapsuleTrace>(const Capsule&, const Segment&, CapsuleTrace&);
template CapsuleResult capsuleAabb<CapsuleTrace>(const Capsule&, const Aabb&, CapsuleTrace&);
template CapsuleResult capsuleObb<CapsuleTrace>(const Capsule&, const Obb&, CapsuleTrace&);
template CapsuleResult capsuleTriangle<CapsuleTrace>(const Capsule&, const Triangle&, CapsuleTrace&);
template SatResult satTriangleTriangle<SatTrace>(const Triangle&, const Triangle&, SatTrace&, const SatOptions&);
template SatResult satRectRect<SatTrace>(const Rect2&, const Rect2&, SatTrace&, const SatOptions&);
template SatResult satRectOrientedRect<SatTrace>(const Rect2&, const OrientedRect2&, SatTrace&, const SatOptions&);
template SatResult satOrientedRectOrientedRect<SatTrace>(const OrientedRect2&, const OrientedRect2&, SatTrace&,
                                                         const SatOptions&);
template SegmentHit slabSegmentRect<SlabTrace>(const Segment2&, const Rect2&, SlabTrace&, const SatOptions&);
template SegmentHit slabSegmentOrientedRect<SlabTrace>(const Segment2&, const OrientedRect2&, SlabTrace&,
                                                       const SatOptions&);
template ClosestResult closestCircleRect<ClosestTrace>(const Circle2&, const Rect2&, ClosestTrace&);
template ClosestResult closestCircleOrientedRect<ClosestTrace>(const Circle2&, const OrientedRect2&, ClosestTrace&);
template SweptHit sweptAabbAabb<SweptSatTrace>(const Aabb&, const glm::vec3&, const Aabb&, const glm::vec3&,
                                               SweptSatTrace&, const SatOptions&);
template SweptHit sweptAabbObb<SweptSatTrace>(const Aabb&, const glm::vec3&, const Obb&, const glm::vec3&,
                                              SweptSatTrace&, const SatOptions&);
template SweptHit sweptObbObb<SweptSatTrace>(const Obb&, const glm::vec3&, const Obb&, const glm::vec3&, SweptSatTrace&,
                                             const SatOptions&);
template SweptHit sweptAabbAabbMinkowski<SlabTrace>(const Aabb&, const glm::vec3&, const Aabb&, const glm::vec3&,
                                                    SlabTrace&, const SatOptions&);
template SweptHit sweptSphereSphere<SegmentSphereTrace>(const Sphere&, const glm::vec3&, const Sphere&,
                                                        const glm::vec3&, SegmentSphereTrace&);
template SweptHit sweptSphereAabb<SweptSphereBoxTrace>(const Sphere&, const glm::vec3&, const Aabb&, const glm::vec3&,
                                                       SweptSphereBoxTrace&);
template SweptHit sweptSphereObb<SweptSphereBoxTrace>(const Sphere&, const glm::vec3&, const Obb&, const glm::vec3&,
                                                      SweptSphereBoxTrace&);
template SweptHit sweptSphereTriangle<SweptSphereTriangleTrace>(const Sphere&, const glm::vec3&, const Triangle&,
                                                                const glm::vec3&, SweptSphereTriangleTrace&);
template SweptHit advanceObbObb<AdvanceTrace>(const Obb&, const StepMotion&, const Obb&, const StepMotion&,
                                              AdvanceTrace&);
template SweptHit advanceSphereObb<AdvanceTrace>(const Sphere&, const StepMotion&, const Obb&, const StepMotion&,
                                                 AdvanceTrace&);
template SweptHit advanceCapsuleCapsule<AdvanceTrace>(const Capsule&, const StepMotion&, const Capsule&,
                                                      const StepMotion&, AdvanceTrace&);
template SweptHit advanceCapsuleSphere<AdvanceTrace>(const Capsule&, const StepMotion&, const Sphere&,
                                                     const StepMotion&, AdvanceTrace&);
template SweptHit advanceCapsuleObb<AdvanceTrace>(const Capsule&, const StepMotion&, const Obb&, const StepMotion&,
                                                  AdvanceTrace&);

}  // namespace satlab

namespace satlab {

void SweptSatTrace::sweptBegin(TestId id) {
  test = id;
  rows.clear();
  decidingRow = -1;
  rejectingRow = -1;
  hit = false;
  toi = tExit = 0.0f;
}

void SweptSatTrace::sweptAxis(const SweptAxisRow& row) {
  if (row.rejects && rejectingRow < 0) rejectingRow = int(rows.size());
  rows.push_back(row);
}

void SweptSatTrace::sweptEnd(bool hitResult, float tEnter, float tLeave, int deciding) {
  hit = hitResult;
  toi = hitResult ? tEnter : 0.0f;
  tExit = hitResult ? tLeave : 0.0f;
  decidingRow = -1;
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (rows[k].index == deciding) decidingRow = int(k);
}

void SweptSphereBoxTrace::piecesBegin(TestId id, float r) {
  test = id;
  radius = r;
  rows.clear();
  hit = false;
  toi = 0.0f;
}

void SweptSphereBoxTrace::piece(const SweptPieceRow& row) { rows.push_back(row); }

void SweptSphereBoxTrace::piecesEnd(bool hitResult, float t) {
  hit = hitResult;
  toi = t;
}

std::string_view label(TriangleFeature feature) {
  switch (feature) {
    case TriangleFeature::Face: return "face";
    case TriangleFeature::EdgeAB: return "ab";
    case TriangleFeature::EdgeBC: return "bc";
    case TriangleFeature::EdgeCA: return "ca";
    case TriangleFeature::VertexA: return "a";
    case TriangleFeature::VertexB: return "b";
    case TriangleFeature::VertexC: return "c";
  }
  return "";
}

void SweptSphereTriangleTrace::featuresBegin(bool atStart, bool flat) {
  touchesAtStart = atStart;
  noArea = flat;
  rows.clear();
  firstRow = -1;
  hit = false;
  toi = 0.0f;
}

void SweptSphereTriangleTrace::feature(const SweptFeatureRow& row) { rows.push_back(row); }

void SweptSphereTriangleTrace::featuresEnd(bool hitResult, float t, int first) {
  hit = hitResult;
  toi = t;
  firstRow = first;
}

void AdvanceTrace::advanceBegin(TestId id, float tol) {
  test = id;
  tolerance = tol;
  rows.clear();
  hit = false;
  toi = 0.0f;
  exhausted = false;
}

void AdvanceTrace::advanceStep(const AdvanceRow& row) { rows.push_back(row); }

void AdvanceTrace::advanceEnd(bool hitResult, float t, bool ranOut) {
  hit = hitResult;
  toi = t;
  exhausted = ranOut;
}

void GjkTrace::gjkBegin(TestId id, float ra, float rb) {
  test = id;
  radiusA = ra;
  radiusB = rb;
  iterations.clear();
  gjkEnd = GjkEnd::None;
  tolerance = 0.0f;
  expansions.clear();
  epaEnd = EpaEnd::None;
  result = ConvexResult{};
}

void GjkTrace::gjkIteration(const GjkIterationRow& row) { iterations.push_back(row); }

void GjkTrace::gjkStop(GjkEnd end, float tol) {
  gjkEnd = end;
  tolerance = tol;
}

void GjkTrace::epaExpansion(EpaExpansionRow row) { expansions.push_back(std::move(row)); }

void GjkTrace::epaStop(EpaEnd end) { epaEnd = end; }

void GjkTrace::gjkResult(const ConvexResult& r) { result = r; }

}  // namespace satlab
