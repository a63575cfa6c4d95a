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
// The verdict needs no square root and no division: outside and not approaching (c' > 0,
// b >= 0) misses; p0 inside or on the sphere (c' <= 0) hits; otherwise it hits iff D >= 0
// and the entry root (-b - sqrt(D)) / a is <= 1, tested as x = -b - a <= 0 or x^2 <= D.
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

namespace detail {

// The quadratic's coefficients, in double (see the top of this file).
struct SegmentSphereQuadratic {
  glm::dvec3 d, m;
  double r, a, b, c, disc;
  SegmentSphereQuadratic(const glm::vec3& df, const glm::vec3& mf, float radius)
      : d(df), m(mf), r(radius), a(glm::dot(d, d)), b(glm::dot(m, d)),
        c(glm::dot(m, m) - r * r), disc(b * b - a * c) {}  // disc >= b^2 when c <= 0
};

template <bool kRich>
inline SegmentHit segmentSphereCore(const Segment& seg, const Sphere& sph) {
  SegmentHit hit;
  const glm::vec3 d = seg.p1 - seg.p0;
  const SegmentSphereQuadratic q(d, seg.p0 - sph.center, sph.radius);
  const bool point = q.a <= kPointSegmentSquared;  // then p0 decides: inside or not
  if (q.c > 0.0 && q.b >= 0.0) return hit;  // outside and not approaching: the common miss
  if (q.c <= 0.0) {  // p0 inside or on the sphere: a hit from t = 0 to the larger root
    hit.overlap = true;
    if constexpr (kRich) {
      const float tOut = float((std::sqrt(q.disc) - q.b) / q.a);
      hit.tExit = point ? 1.0f : std::min(tOut, 1.0f);
      hit.enterPoint = seg.p0;
    }
    return hit;
  }
  // Outside and approaching (b < 0). The line misses, or enters beyond p1: the entry root
  // (-b - sqrt(disc)) / a > 1 iff x = -b - a > 0 and x^2 > disc (no square root needed).
  if ((q.disc < 0.0) | point) return hit;
  const double x = -q.b - q.a;
  if (x > 0.0 && x * x > q.disc) return hit;
  hit.overlap = true;
  if constexpr (kRich) {
    // b < 0 and 0 <= disc < b^2: 0 <= t0 <= 1, no clamp needed.
    const double sq = std::sqrt(q.disc);
    const double t0 = (-q.b - sq) / q.a;
    const float tEnter = float(t0);
    hit.tEnter = tEnter;
    hit.tExit = std::min(float((sq - q.b) / q.a), 1.0f);
    hit.enterPoint = seg.p0 + tEnter * d;
    // The entry point lies on the sphere, so the normal is (m + t0 d) / r, in double, with
    // no square root. A zero radius (a segment through the centre point) takes -d / |d|.
    // tEnter == 0 only when p0 lies on the sphere to within rounding (a c' negligible
    // against b^2); the normal then stays zero, as for a start on the surface.
    if (tEnter > 0.0f) {
      hit.enterNormal = q.r > 0.0 ? glm::vec3((q.m + t0 * q.d) * (1.0 / q.r))
                                  : d * (-1.0f / std::sqrt(float(q.a)));
    }
  }
  return hit;
}

template <class Rec, bool kRich>
inline SegmentHit segmentSphereImpl(const Segment& seg, const Sphere& sph, Rec& rec) {
  if constexpr (!Rec::kEnabled) {
    return segmentSphereCore<kRich>(seg, sph);
  } else {
    // The same function, then the same coefficients (bit for bit) for the recorder.
    const SegmentHit hit = segmentSphereCore<true>(seg, sph);
    const SegmentSphereQuadratic q(seg.p1 - seg.p0, seg.p0 - sph.center, sph.radius);
    const bool point = q.a <= kPointSegmentSquared;
    const bool roots = !point && q.disc >= 0.0;
    const double sq = roots ? std::sqrt(q.disc) : 0.0;
    rec.quadratic(float(q.a), float(q.b), float(q.c), point ? 0.0f : float(q.disc / q.a), point,
                  roots, roots ? float((-q.b - sq) / q.a) : 0.0f,
                  roots ? float((sq - q.b) / q.a) : 0.0f, hit.overlap);
    return hit;
  }
}

}  // namespace detail

/// Segment–sphere: the part of the segment inside the sphere.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit segmentSphere(const Segment& seg, const Sphere& sph, Rec& rec) {
  return detail::segmentSphereImpl<Rec, true>(seg, sph, rec);
}
inline SegmentHit segmentSphere(const Segment& seg, const Sphere& sph) {
  NoTrace none;
  return detail::segmentSphereImpl<NoTrace, true>(seg, sph, none);
}

}  // namespace satlab
