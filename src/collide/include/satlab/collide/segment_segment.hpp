// satlab collision core: closest points of two segments.
//
// Ericson, Real-Time Collision Detection (2005), 5.1.9 "Closest Points of Two Line Segments":
// segment A is p0 + s d1, segment B is q0 + t d2, r = p0 - q0, a = d1.d1, b = d1.d2,
// c = d1.r, e = d2.d2, f = d2.r. The lines' closest s is clamped to [0, 1], t follows from s
// (t = (b s + f) / e) and, if t must be clamped, s is recomputed from the clamped t.
// Robustness beyond the book:
// - The lines' s is computed as ((q0 - p0) x d2) . n / |n|^2 with n = d1 x d2, since
//   |n|^2 = a e - b^2 does not cancel catastrophically for near-parallel segments the way
//   a e - b^2 does in float.
// - Segments with sin(angle) <= kSegmentParallelSine are parallel: s starts at 0 (any s is
//   optimal for exactly parallel lines; the clamping steps then find the right pair).
// - A segment with squared length <= kPointSegmentSquared is its start point.
// Contracts: no NaN for finite input. Two segments overlap (touch or cross) when their
// distance is <= kSegmentContactTolerance * (1 + the largest |coordinate| of the four
// endpoints): exact contact of two segments is not representable in float, so "touching"
// is measured against the rounding of the coordinates.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/segment_sphere.hpp"  // kPointSegmentSquared
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

inline constexpr float kSegmentParallelSine = 1e-6f;
inline constexpr float kSegmentContactTolerance = 1e-6f;

namespace detail {

inline float clamp01(float x) { return std::min(std::max(x, 0.0f), 1.0f); }

// std::abs, not glm::abs: GLM's float abs is `x >= 0 ? x : -x`, which GCC compiles to a
// branch per coordinate (12 here, taken at random); std::abs clears the sign bit.
inline glm::vec3 absOf(const glm::vec3& v) { return {std::abs(v.x), std::abs(v.y), std::abs(v.z)}; }

inline float segmentContactScale(const Segment& a, const Segment& b) {
  const glm::vec3 m = glm::max(glm::max(absOf(a.p0), absOf(a.p1)), glm::max(absOf(b.p0), absOf(b.p1)));
  return 1.0f + std::max(m.x, std::max(m.y, m.z));
}

}  // namespace detail

/// Segment–segment closest points (Ericson 5.1.9), s on A, t on B.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegSegResult closestSegmentSegment(const Segment& sa, const Segment& sb, Rec& rec) {
  const glm::vec3 d1 = sa.p1 - sa.p0;
  const glm::vec3 d2 = sb.p1 - sb.p0;
  const glm::vec3 r = sa.p0 - sb.p0;
  const float a = glm::dot(d1, d1);
  const float e = glm::dot(d2, d2);
  const float b = glm::dot(d1, d2);
  const float c = glm::dot(d1, r);
  const float f = glm::dot(d2, r);
  const bool pointA = a <= kPointSegmentSquared;
  const bool pointB = e <= kPointSegmentSquared;
  const glm::vec3 n = glm::cross(d1, d2);
  const float nn = glm::dot(n, n);
  const bool parallel = !pointA && !pointB && nn <= kSegmentParallelSine * kSegmentParallelSine * a * e;
  if constexpr (Rec::kEnabled) rec.segSegBegin(a, b, c, e, f, nn, parallel, pointA, pointB);

  float s = 0.0f;
  float t = 0.0f;
  if (pointA && pointB) {
    if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("both points: s = t = 0"), s, t);
  } else if (pointA) {
    t = detail::clamp01(f / e);  // closest point of B to the point p0
    if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("A is a point: t = clamp(f / e)"), s, t);
  } else if (pointB) {
    s = detail::clamp01(-c / a);  // closest point of A to the point q0
    if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("B is a point: s = clamp(-c / a)"), s, t);
  } else {
    if (!parallel) {
      s = detail::clamp01(glm::dot(glm::cross(d2, r), n) / nn);  // ((q0 - p0) x d2).n / |n|^2
      if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("s from the lines, clamped"), s, t);
    } else {
      if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("parallel: s = 0"), s, t);
    }
    t = (b * s + f) / e;
    if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("t = (b s + f) / e"), s, t);
    if (t < 0.0f) {
      t = 0.0f;
      s = detail::clamp01(-c / a);
      if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("t < 0: t = 0, s = clamp(-c / a)"), s, t);
    } else if (t > 1.0f) {
      t = 1.0f;
      s = detail::clamp01((b - c) / a);
      if constexpr (Rec::kEnabled) rec.segSegStep(std::string_view("t > 1: t = 1, s = clamp((b - c) / a)"), s, t);
    }
  }

  SegSegResult out;
  const glm::vec3 pa = sa.p0 + s * d1;
  const glm::vec3 pb = sb.p0 + t * d2;
  const glm::vec3 gap = pb - pa;
  const float dist2 = glm::dot(gap, gap);
  const float tol = kSegmentContactTolerance * detail::segmentContactScale(sa, sb);
  out.overlap = dist2 <= tol * tol;
  out.s = s;
  out.t = t;
  out.pointA = pa;
  out.pointB = pb;
  out.distance = std::sqrt(dist2);
  return out;
}

/// The untraced test: the same function with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SegSegResult closestSegmentSegment(const Segment& a, const Segment& b);

}  // namespace satlab
