// satlab collision core: segment against sphere, by the quadratic in t.
//
// |p0 + t d - c|^2 = r^2 with d = p1 - p0, m = p0 - c expands to a t^2 + 2 b t + c' = 0 with
// a = d.d, b = m.d, c' = m.m - r^2 (Ericson, Real-Time Collision Detection, 5.3.2, with the
// half-b form), whose discriminant is D = b^2 - a c' = a (r^2 - the squared distance from the
// centre to the line).
//
// Precision: in float, D cancels catastrophically when the segment is long or the sphere far
// from p0 (b^2 and a c' nearly equal, both of order a |m|^2). So a, b and c' are computed in
// double from the float differences d and m: a product of two floats is exact in double, so
// each dot product carries only the roundings of its two additions, and D's error is about
// 2^-51 a |m|^2, against D = a h^2 (h the half chord): D keeps float precision while
// |m|^2 / h^2 < 10^8, e.g. a unit sphere 10^4 from p0. The roots (-b -+ sqrt(D)) / a are
// computed in double too: their absolute error, about 2^-52 |b| / a, moves a point by about
// 2^-52 |m|, far below float resolution, so the textbook formula needs no stable rewrite.
//
// The verdict: p0 inside or on the sphere (c' <= 0) hits; outside, it hits iff the segment
// approaches (b < 0), the line meets the sphere (D >= 0) and enters before p1 (t0 <= 1).
//
// Contracts: closed sphere (tangent segments and endpoints on the surface hit); zero radius
// is a point; a segment with |d|^2 <= kPointSegmentSquared (1e-30) is the point p0; no NaN for
// finite input. SegmentHit: t in [0, 1]; tEnter == 0 with a zero normal when p0 is inside or
// on the sphere; otherwise enterNormal is the outward unit normal at the entry point,
// (m + t0 d) / r computed in double (the entry point lies on the sphere, so no square root is
// needed), or -d / |d| for a zero radius.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

/// Segments whose squared length is at most this are treated as their start point.
inline constexpr float kPointSegmentSquared = 1e-30f;

/// Segment–sphere: the part of the segment inside the sphere.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit segmentSphere(const Segment& seg, const Sphere& sph, Rec& rec) {
  // The quadratic's coefficients, in double from the float differences (see the top of
  // this file): a = d.d, b = m.d, c = m.m - r^2, disc = b^2 - a c (>= b^2 when c <= 0).
  const glm::vec3 df = seg.p1 - seg.p0;
  const glm::dvec3 d(df);
  const glm::dvec3 m(seg.p0 - sph.center);
  const double r = sph.radius;
  const double a = glm::dot(d, d);
  const double b = glm::dot(m, d);
  const double c = glm::dot(m, m) - r * r;
  const double disc = b * b - a * c;
  const bool point = a <= kPointSegmentSquared;  // a zero-length segment: p0 decides
  const bool meets = !point && disc >= 0.0;      // the line meets the sphere

  SegmentHit hit;
  if (c <= 0.0) {
    // p0 inside or on the sphere: a hit from t = 0 to the exit root.
    hit.overlap = true;
    hit.tExit = point ? 1.0f : std::min(float((std::sqrt(disc) - b) / a), 1.0f);
    hit.enterPoint = seg.p0;
  } else if (b < 0.0 && meets) {
    // Outside and approaching, and the line meets the sphere. It enters before p1 when
    // t0 = (-b - sqrt(disc)) / a <= 1, i.e. when x = -b - a <= 0 or x^2 <= disc: no
    // square root is needed to decide.
    const double x = -b - a;
    if (x <= 0.0 || x * x <= disc) {
      hit.overlap = true;
      // b < 0 and 0 <= disc < b^2 give 0 <= t0 <= 1, so no clamp is needed.
      const double sq = std::sqrt(disc);
      const double t0 = (-b - sq) / a;
      const float tEnter = float(t0);
      hit.tEnter = tEnter;
      hit.tExit = std::min(float((sq - b) / a), 1.0f);
      hit.enterPoint = seg.p0 + tEnter * df;
      // The entry point lies on the sphere, so the normal is (m + t0 d) / r, in double,
      // with no square root. A zero radius (a segment through the centre point) takes
      // -d / |d|. tEnter == 0 only when p0 lies on the sphere to within rounding (a c
      // negligible against b^2); the normal then stays zero, as for a start on the surface.
      if (tEnter > 0.0f) {
        hit.enterNormal = r > 0.0 ? glm::vec3((m + t0 * d) * (1.0 / r)) : df * (-1.0f / std::sqrt(float(a)));
      }
    }
  }
  // Otherwise it misses: outside and moving away (b >= 0), the line misses the sphere, or
  // it enters beyond p1.

  if constexpr (Rec::kEnabled) {
    // The recorder shows both roots of the line, whatever the verdict.
    const double sq = meets ? std::sqrt(disc) : 0.0;
    rec.quadratic(float(a), float(b), float(c), point ? 0.0f : float(disc / a), point, meets,
                  meets ? float((-b - sq) / a) : 0.0f, meets ? float((sq - b) / a) : 0.0f, hit.overlap);
  }
  return hit;
}

/// The untraced test: the same function with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SegmentHit segmentSphere(const Segment& seg, const Sphere& sph);

}  // namespace satlab
