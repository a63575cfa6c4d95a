// satlab benchmark: every 3D pair test of the collision core against a plain textbook
// implementation written here, on separated and overlapping inputs, as paired ratios
// (bench_common.hpp). Names are "<pair>/<inputs>/<B>_vs_<A>":
//   overlaps_vs_plain        the core's boolean, overlaps(a, b), against the textbook boolean
//   rich_vs_plain_rich       the core's untraced result (satObbObb(a, b), ...) against a
//                            textbook test that computes the same fields
//   traced_vs_rich           the test with its recorder against the untraced result
//   *_vs_plain_robust*       segment-sphere and segment-segment: against the plain code of
//                            the formula the core uses, where the book's float formula fails
//                            the core's accuracy tests (bench/README.md)
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "bench_common.hpp"
#include "core/core_calls.hpp"
#include "satlab/collide.hpp"

namespace satlab::bench {
namespace {

// ---------------------------------------------------------------------------------------
// Plain textbook implementations. Written for this file from the cited descriptions; they
// share no code with src/collide.
// ---------------------------------------------------------------------------------------

constexpr float kEps =
    1e-6f;  // the same epsilons the core uses (the large-scene AABB/OBB blog post, the Recast & Detour slab post)

// The book's Abs() per component. Not glm::abs, whose float version GCC compiles to a branch.
inline glm::vec3 absv(const glm::vec3& v) { return {std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}; }

// Ericson, Real-Time Collision Detection, 4.4.1 (TestOBBOBB): t and R in A's frame.
// Box B given by its centre offset t, rotation R (R[i][j] = Ai . Bj) and half extents.
inline bool plainBoxBox(const float t[3], const float R[3][3], const glm::vec3& ea, const glm::vec3& eb) {
  float absR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) absR[i][j] = std::fabs(R[i][j]) + kEps;
  float ra, rb;
  for (int i = 0; i < 3; ++i) {  // L = A0, A1, A2
    ra = ea[i];
    rb = eb[0] * absR[i][0] + eb[1] * absR[i][1] + eb[2] * absR[i][2];
    if (std::fabs(t[i]) > ra + rb) return false;
  }
  for (int j = 0; j < 3; ++j) {  // L = B0, B1, B2
    ra = ea[0] * absR[0][j] + ea[1] * absR[1][j] + ea[2] * absR[2][j];
    rb = eb[j];
    if (std::fabs(t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]) > ra + rb) return false;
  }
  // L = A0 x B0 ... A2 x B2, written out as in the book.
  ra = ea[1] * absR[2][0] + ea[2] * absR[1][0];
  rb = eb[1] * absR[0][2] + eb[2] * absR[0][1];
  if (std::fabs(t[2] * R[1][0] - t[1] * R[2][0]) > ra + rb) return false;
  ra = ea[1] * absR[2][1] + ea[2] * absR[1][1];
  rb = eb[0] * absR[0][2] + eb[2] * absR[0][0];
  if (std::fabs(t[2] * R[1][1] - t[1] * R[2][1]) > ra + rb) return false;
  ra = ea[1] * absR[2][2] + ea[2] * absR[1][2];
  rb = eb[0] * absR[0][1] + eb[1] * absR[0][0];
  if (std::fabs(t[2] * R[1][2] - t[1] * R[2][2]) > ra + rb) return false;
  ra = ea[0] * absR[2][0] + ea[2] * absR[0][0];
  rb = eb[1] * absR[1][2] + eb[2] * absR[1][1];
  if (std::fabs(t[0] * R[2][0] - t[2] * R[0][0]) > ra + rb) return false;
  ra = ea[0] * absR[2][1] + ea[2] * absR[0][1];
  rb = eb[0] * absR[1][2] + eb[2] * absR[1][0];
  if (std::fabs(t[0] * R[2][1] - t[2] * R[0][1]) > ra + rb) return false;
  ra = ea[0] * absR[2][2] + ea[2] * absR[0][2];
  rb = eb[0] * absR[1][1] + eb[1] * absR[1][0];
  if (std::fabs(t[0] * R[2][2] - t[2] * R[0][2]) > ra + rb) return false;
  ra = ea[0] * absR[1][0] + ea[1] * absR[0][0];
  rb = eb[1] * absR[2][2] + eb[2] * absR[2][1];
  if (std::fabs(t[1] * R[0][0] - t[0] * R[1][0]) > ra + rb) return false;
  ra = ea[0] * absR[1][1] + ea[1] * absR[0][1];
  rb = eb[0] * absR[2][2] + eb[2] * absR[2][0];
  if (std::fabs(t[1] * R[0][1] - t[0] * R[1][1]) > ra + rb) return false;
  ra = ea[0] * absR[1][2] + ea[1] * absR[0][2];
  rb = eb[0] * absR[2][1] + eb[1] * absR[2][0];
  if (std::fabs(t[1] * R[0][2] - t[0] * R[1][2]) > ra + rb) return false;
  return true;
}

inline void frameObbObb(const Obb& a, const Obb& b, float t[3], float R[3][3]) {
  const glm::vec3 d = b.center - a.center;
  for (int i = 0; i < 3; ++i) {
    t[i] = glm::dot(d, a.axes[i]);
    for (int j = 0; j < 3; ++j) R[i][j] = glm::dot(a.axes[i], b.axes[j]);
  }
}

inline void frameAabbObb(const Aabb& a, const Obb& b, float t[3], float R[3][3]) {
  const glm::vec3 d = b.center - a.center;
  for (int i = 0; i < 3; ++i) {
    t[i] = d[i];
    for (int j = 0; j < 3; ++j) R[i][j] = b.axes[j][i];
  }
}

SATLAB_BENCH_NOINLINE bool plainObbObb(const Obb& a, const Obb& b) {
  float t[3], R[3][3];
  frameObbObb(a, b, t, R);
  return plainBoxBox(t, R, a.half, b.half);
}

SATLAB_BENCH_NOINLINE bool plainAabbObb(const Aabb& a, const Obb& b) {
  float t[3], R[3][3];
  frameAabbObb(a, b, t, R);
  return plainBoxBox(t, R, a.half, b.half);
}

// Ericson 4.2.1 (centre-radius form): separated iff |ca_i - cb_i| > ra_i + rb_i on some i.
SATLAB_BENCH_NOINLINE bool plainAabbAabb(const Aabb& a, const Aabb& b) {
  if (std::fabs(a.center.x - b.center.x) > a.half.x + b.half.x) return false;
  if (std::fabs(a.center.y - b.center.y) > a.half.y + b.half.y) return false;
  if (std::fabs(a.center.z - b.center.z) > a.half.z + b.half.z) return false;
  return true;
}

// The textbook SAT that also keeps the least-penetration axis: for every axis L (raw, in
// A's frame), separated at the first |s| > rA + rB, with gap (|s| - rA - rB) / |L|;
// otherwise depth = (rA + rB - |s|) / |L| on non-degenerate axes, the least one wins (first
// on ties). The winning axis is taken to world space once, at the end.
struct PlainSat {
  SatResult& r;  // the caller's return object, built in place (NRVO: no copy on return)
  float best = std::numeric_limits<float>::max();
  AxisId bestId{};
  glm::vec3 bestLocal{0.0f};
  float bestSign = 1.0f;
  float bestLen = 1.0f;
  // Returns true when L separates (the caller returns).
  bool axis(AxisId id, float s, float rsum, const glm::vec3& l, float len) {
    const float sign = s < 0.0f ? -1.0f : 1.0f;
    if (std::fabs(s) > rsum) {
      r.separating = id;
      r.gap = (std::fabs(s) - rsum) / len;
      bestLocal = l;
      bestSign = sign;
      bestLen = len;
      return true;
    }
    if (len >= kDegenerateAxisLength) {
      const float depth = (rsum - std::fabs(s)) / len;
      if (depth < best) {
        best = depth;
        bestId = id;
        bestLocal = l;
        bestSign = sign;
        bestLen = len;
      }
    }
    return false;
  }
  template <class ToWorld>
  void finish(bool separated, const ToWorld& toWorld) {
    const glm::vec3 w = toWorld(bestLocal) * (bestSign / bestLen);
    if (separated) {
      r.separatingAxis = w;
    } else {
      r.overlap = true;
      r.penetration = bestId;
      r.penetrationAxis = w;
      r.depth = best;
    }
  }
};

template <class ToWorld>
inline SatResult plainBoxBoxRich(const float t[3], const float R[3][3], const glm::vec3& ea, const glm::vec3& eb,
                                 const glm::mat3& axesBLocal, const ToWorld& toWorld) {
  float absR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) absR[i][j] = std::fabs(R[i][j]) + kEps;
  SatResult res;
  PlainSat sat{res};
  for (int i = 0; i < 3; ++i) {  // L = A0, A1, A2
    const float rb = eb[0] * absR[i][0] + eb[1] * absR[i][1] + eb[2] * absR[i][2];
    glm::vec3 l(0.0f);
    l[i] = 1.0f;
    if (sat.axis(AxisId::faceA(i), t[i], ea[i] + rb, l, 1.0f)) {
      sat.finish(true, toWorld);
      return res;
    }
  }
  for (int j = 0; j < 3; ++j) {  // L = B0, B1, B2
    const float ra = ea[0] * absR[0][j] + ea[1] * absR[1][j] + ea[2] * absR[2][j];
    const float s = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
    if (sat.axis(AxisId::faceB(j), s, ra + eb[j], axesBLocal[j], 1.0f)) {
      sat.finish(true, toWorld);
      return res;
    }
  }
  for (int i = 0; i < 3; ++i) {  // L = Ai x Bj = e_i x (column j of R), in A's frame
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const float s = t[i2] * R[i1][j] - t[i1] * R[i2][j];
      const float ra = ea[i1] * absR[i2][j] + ea[i2] * absR[i1][j];
      const float rb = eb[j1] * absR[i][j2] + eb[j2] * absR[i][j1];
      glm::vec3 l(0.0f);
      l[i1] = -R[i2][j];
      l[i2] = R[i1][j];
      if (sat.axis(AxisId::edge(i, j), s, ra + rb, l, std::sqrt(l[i1] * l[i1] + l[i2] * l[i2]))) {
        sat.finish(true, toWorld);
        return res;
      }
    }
  }
  sat.finish(false, toWorld);
  return res;
}

SATLAB_BENCH_NOINLINE SatResult plainObbObbRich(const Obb& a, const Obb& b) {
  float t[3], R[3][3];
  frameObbObb(a, b, t, R);
  const glm::mat3 bLocal = glm::transpose(a.axes) * b.axes;  // B's axes in A's frame
  return plainBoxBoxRich(t, R, a.half, b.half, bLocal, [&a](const glm::vec3& v) { return a.axes * v; });
}

SATLAB_BENCH_NOINLINE SatResult plainAabbObbRich(const Aabb& a, const Obb& b) {
  float t[3], R[3][3];
  frameAabbObb(a, b, t, R);
  return plainBoxBoxRich(t, R, a.half, b.half, b.axes, [](const glm::vec3& v) { return v; });
}

SATLAB_BENCH_NOINLINE SatResult plainAabbAabbRich(const Aabb& a, const Aabb& b) {
  SatResult res;
  PlainSat sat{res};
  const auto world = [](const glm::vec3& v) { return v; };
  const glm::vec3 t = b.center - a.center;
  for (int i = 0; i < 3; ++i) {
    glm::vec3 l(0.0f);
    l[i] = 1.0f;
    if (sat.axis(AxisId::faceA(i), t[i], a.half[i] + b.half[i], l, 1.0f)) {
      sat.finish(true, world);
      return res;
    }
  }
  sat.finish(false, world);
  return res;
}

// Arvo (Graphics Gems, 1990): squared distance from the centre to the box, against r^2.
SATLAB_BENCH_NOINLINE bool plainAabbSphere(const Aabb& b, const Sphere& s) {
  float d2 = 0.0f;
  for (int i = 0; i < 3; ++i) {
    const float lo = b.center[i] - b.half[i], hi = b.center[i] + b.half[i];
    const float c = s.center[i];
    if (c < lo)
      d2 += (c - lo) * (c - lo);
    else if (c > hi)
      d2 += (c - hi) * (c - hi);
  }
  return d2 <= s.radius * s.radius;
}

SATLAB_BENCH_NOINLINE ClosestResult plainAabbSphereRich(const Aabb& b, const Sphere& s) {
  ClosestResult r;
  const glm::vec3 q = glm::clamp(s.center, b.center - b.half, b.center + b.half);
  const glm::vec3 v = s.center - q;
  r.closestPoint = q;
  r.distanceSquared = glm::dot(v, v);
  r.distance = std::sqrt(r.distanceSquared);
  r.overlap = r.distanceSquared <= s.radius * s.radius;
  return r;
}

// Ericson 5.1.4 / 5.2.5: Arvo in the box's frame.
SATLAB_BENCH_NOINLINE bool plainObbSphere(const Obb& b, const Sphere& s) {
  const glm::vec3 d = s.center - b.center;
  float d2 = 0.0f;
  for (int i = 0; i < 3; ++i) {
    const float x = glm::dot(d, b.axes[i]);
    if (x < -b.half[i])
      d2 += (x + b.half[i]) * (x + b.half[i]);
    else if (x > b.half[i])
      d2 += (x - b.half[i]) * (x - b.half[i]);
  }
  return d2 <= s.radius * s.radius;
}

SATLAB_BENCH_NOINLINE ClosestResult plainObbSphereRich(const Obb& b, const Sphere& s) {
  ClosestResult r;
  const glm::vec3 d = s.center - b.center;
  glm::vec3 q = b.center;
  float d2 = 0.0f;
  for (int i = 0; i < 3; ++i) {
    const float x = glm::dot(d, b.axes[i]);
    const float c = std::min(std::max(x, -b.half[i]), b.half[i]);
    d2 += (x - c) * (x - c);
    q += c * b.axes[i];
  }
  r.closestPoint = q;
  r.distanceSquared = d2;
  r.distance = std::sqrt(d2);
  r.overlap = d2 <= s.radius * s.radius;
  return r;
}

SATLAB_BENCH_NOINLINE bool plainSphereSphere(const Sphere& a, const Sphere& b) {
  const glm::vec3 d = b.center - a.center;
  const float r = a.radius + b.radius;
  return glm::dot(d, d) <= r * r;
}

SATLAB_BENCH_NOINLINE SphereSphereResult plainSphereSphereRich(const Sphere& a, const Sphere& b) {
  SphereSphereResult r;
  const glm::vec3 d = b.center - a.center;
  const float rs = a.radius + b.radius;
  const float d2 = glm::dot(d, d);
  r.overlap = d2 <= rs * rs;
  r.distance = std::sqrt(d2);
  r.depth = rs - r.distance;
  if (r.distance > 0.0f) r.normal = d / r.distance;
  return r;
}

// Kay–Kajiya slabs for a segment (Ericson 5.3.3 IntersectRayAABB with tmax = 1): the box
// given as centre o-relative corners lo, hi; p, d in the box's frame.
struct PlainSlab {
  bool hit = false;
  float tmin = 0.0f, tmax = 1.0f;
  int axis = -1;
  float sign = 0.0f;
};

inline PlainSlab plainSlab(const glm::vec3& p, const glm::vec3& d, const glm::vec3& lo, const glm::vec3& hi) {
  PlainSlab s;
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(d[i]) < kEps) {
      if (p[i] < lo[i] || p[i] > hi[i]) return s;
    } else {
      const float ood = 1.0f / d[i];
      float t1 = (lo[i] - p[i]) * ood;
      float t2 = (hi[i] - p[i]) * ood;
      float sign = -1.0f;
      if (t1 > t2) {
        std::swap(t1, t2);
        sign = 1.0f;
      }
      if (t1 > s.tmin) {
        s.tmin = t1;
        s.axis = i;
        s.sign = sign;
      }
      if (t2 < s.tmax) s.tmax = t2;
      if (s.tmin > s.tmax) return s;
    }
  }
  s.hit = true;
  return s;
}

inline bool plainSlabBool(const glm::vec3& p, const glm::vec3& d, const glm::vec3& lo, const glm::vec3& hi) {
  float tmin = 0.0f, tmax = 1.0f;
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(d[i]) < kEps) {
      if (p[i] < lo[i] || p[i] > hi[i]) return false;
    } else {
      const float ood = 1.0f / d[i];
      float t1 = (lo[i] - p[i]) * ood;
      float t2 = (hi[i] - p[i]) * ood;
      if (t1 > t2) std::swap(t1, t2);
      tmin = std::max(tmin, t1);
      tmax = std::min(tmax, t2);
      if (tmin > tmax) return false;
    }
  }
  return true;
}

SATLAB_BENCH_NOINLINE bool plainSegmentAabbSlab(const Segment& s, const Aabb& b) {
  return plainSlabBool(s.p0 - b.center, s.p1 - s.p0, -b.half, b.half);
}

SATLAB_BENCH_NOINLINE SegmentHit plainSegmentAabbSlabRich(const Segment& s, const Aabb& b) {
  const glm::vec3 d = s.p1 - s.p0;
  const PlainSlab k = plainSlab(s.p0 - b.center, d, -b.half, b.half);
  SegmentHit h;
  if (!k.hit) return h;
  h.overlap = true;
  h.tEnter = k.tmin;
  h.tExit = k.tmax;
  h.enterPoint = s.p0 + k.tmin * d;
  if (k.axis >= 0) h.enterNormal[k.axis] = k.sign;
  return h;
}

SATLAB_BENCH_NOINLINE bool plainSegmentObb(const Segment& s, const Obb& b) {
  const glm::vec3 rel = s.p0 - b.center, dw = s.p1 - s.p0;
  const glm::vec3 p(glm::dot(rel, b.axes[0]), glm::dot(rel, b.axes[1]), glm::dot(rel, b.axes[2]));
  const glm::vec3 d(glm::dot(dw, b.axes[0]), glm::dot(dw, b.axes[1]), glm::dot(dw, b.axes[2]));
  return plainSlabBool(p, d, -b.half, b.half);
}

SATLAB_BENCH_NOINLINE SegmentHit plainSegmentObbRich(const Segment& s, const Obb& b) {
  const glm::vec3 rel = s.p0 - b.center, dw = s.p1 - s.p0;
  const glm::vec3 p(glm::dot(rel, b.axes[0]), glm::dot(rel, b.axes[1]), glm::dot(rel, b.axes[2]));
  const glm::vec3 d(glm::dot(dw, b.axes[0]), glm::dot(dw, b.axes[1]), glm::dot(dw, b.axes[2]));
  const PlainSlab k = plainSlab(p, d, -b.half, b.half);
  SegmentHit h;
  if (!k.hit) return h;
  h.overlap = true;
  h.tEnter = k.tmin;
  h.tExit = k.tmax;
  h.enterPoint = s.p0 + k.tmin * dw;
  if (k.axis >= 0) h.enterNormal = k.sign * b.axes[k.axis];
  return h;
}

// Ericson 5.3.3 TestSegmentAABB (midpoint m, half vector h; without the book's epsilon,
// which the core's the "Using AABB" tutorial form does not have either), with the result
// fields of the core's.
SATLAB_BENCH_NOINLINE SatResult plainSegmentAabbSatRich(const Aabb& b, const Segment& s) {
  const glm::vec3 e = b.half;
  const glm::vec3 t = (s.p0 + s.p1) * 0.5f - b.center;
  const glm::vec3 d = s.p1 - s.p0;
  const glm::vec3 ad = absv(d);
  SatResult res;
  PlainSat sat{res};
  const auto world = [](const glm::vec3& v) { return v; };
  for (int i = 0; i < 3; ++i) {  // the box's faces X, Y, Z
    glm::vec3 l(0.0f);
    l[i] = 1.0f;
    if (sat.axis(AxisId::world(i), t[i], e[i] + 0.5f * ad[i], l, 1.0f)) {
      sat.finish(true, world);
      return res;
    }
  }
  for (int i = 0; i < 3; ++i) {  // e_i x d
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const float s1 = t[i2] * d[i1] - t[i1] * d[i2];
    glm::vec3 l(0.0f);
    l[i1] = -d[i2];
    l[i2] = d[i1];
    if (sat.axis(AxisId::worldCrossSegment(i), s1, e[i1] * ad[i2] + e[i2] * ad[i1], l,
                 std::sqrt(d[i1] * d[i1] + d[i2] * d[i2]))) {
      sat.finish(true, world);
      return res;
    }
  }
  sat.finish(false, world);
  return res;
}

// Ericson 5.1.2 + 4.3.1: closest point of the segment to the centre, against r^2.
SATLAB_BENCH_NOINLINE bool plainSegmentSphere(const Segment& s, const Sphere& c) {
  const glm::vec3 d = s.p1 - s.p0;
  const float dd = glm::dot(d, d);
  float t = dd > 0.0f ? glm::dot(c.center - s.p0, d) / dd : 0.0f;
  t = std::min(std::max(t, 0.0f), 1.0f);
  const glm::vec3 v = s.p0 + t * d - c.center;
  return glm::dot(v, v) <= c.radius * c.radius;
}

// Ericson 5.3.2 IntersectRaySphere, for a segment (non-unit d, t in [0, 1]), with the
// quadratic in `Real`. The textbook is float. In double, as the core computes it, it is the
// robust baseline: in float, b^2 - a c' cancels for long segments and distant spheres and
// moves the entry point by up to ~1e-3 (the test
// EntryPointOfDistantSpheresIsAccurateToFloatResolution); each product of two floats is
// exact in double. That is the plain code of the accuracy the core must meet.
template <class Real>
inline SegmentHit plainSegmentSphereHit(const Segment& s, const Sphere& c) {
  using Vec = glm::vec<3, Real>;
  SegmentHit h;
  const glm::vec3 df = s.p1 - s.p0;
  const Vec d(df), m(s.p0 - c.center);
  const Real r = c.radius;
  const Real a = glm::dot(d, d);
  const Real b = glm::dot(m, d);
  const Real cc = glm::dot(m, m) - r * r;
  if (cc > Real(0) && b > Real(0)) return h;
  if (cc <= Real(0)) {  // starts inside
    h.overlap = true;
    h.enterPoint = s.p0;
    if (a > Real(0)) h.tExit = std::min(float((-b + std::sqrt(std::max(b * b - a * cc, Real(0)))) / a), 1.0f);
    return h;
  }
  const Real disc = b * b - a * cc;
  if (disc < Real(0)) return h;
  const Real sq = std::sqrt(disc);
  const Real t0 = (-b - sq) / a;
  if (t0 > Real(1)) return h;
  h.overlap = true;
  h.tEnter = float(t0);
  h.tExit = std::min(float((-b + sq) / a), 1.0f);
  h.enterPoint = s.p0 + h.tEnter * df;
  h.enterNormal = glm::normalize(h.enterPoint - c.center);
  return h;
}

SATLAB_BENCH_NOINLINE SegmentHit plainSegmentSphereRich(const Segment& s, const Sphere& c) {
  return plainSegmentSphereHit<float>(s, c);
}

SATLAB_BENCH_NOINLINE SegmentHit plainSegmentSphereRobustRich(const Segment& s, const Sphere& c) {
  return plainSegmentSphereHit<double>(s, c);
}

// Ericson 5.1.9 ClosestPtSegmentSegment, then the distance against the same contact
// tolerance as the core (1e-6 scaled by the largest coordinate), so both decide alike where
// the formula is accurate enough. kRobust: the lines' s from cross products as the core
// takes it, s = ((q0 - p0) x d2).n / |n|^2 with n = d1 x d2, parallel below sin = 1e-6.
// The book's (b f - c e) / (a e - b^2) cancels in float for all but nearly perpendicular
// segments and then calls crossing segments apart (tests/collide/test_segment_segment.cpp,
// CrossingAtAnyAngle...); the robust form is the plain code of the test the core must pass.
template <bool kRobust>
inline float plainClosestSegSeg(const Segment& s1, const Segment& s2, float& s, float& t, glm::vec3& c1,
                                glm::vec3& c2) {
  const glm::vec3 d1 = s1.p1 - s1.p0, d2 = s2.p1 - s2.p0, r = s1.p0 - s2.p0;
  const float a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
  const float tiny = 1e-30f;
  if (a <= tiny && e <= tiny) {
    s = t = 0.0f;
  } else if (a <= tiny) {
    s = 0.0f;
    t = std::clamp(f / e, 0.0f, 1.0f);
  } else {
    const float c = glm::dot(d1, r);
    if (e <= tiny) {
      t = 0.0f;
      s = std::clamp(-c / a, 0.0f, 1.0f);
    } else {
      const float b = glm::dot(d1, d2);
      if constexpr (kRobust) {
        const glm::vec3 n = glm::cross(d1, d2);
        const float nn = glm::dot(n, n);
        s = nn > 1e-12f * a * e ? std::clamp(glm::dot(glm::cross(d2, r), n) / nn, 0.0f, 1.0f) : 0.0f;
      } else {
        const float denom = a * e - b * b;
        s = denom != 0.0f ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
      }
      t = (b * s + f) / e;
      if (t < 0.0f) {
        t = 0.0f;
        s = std::clamp(-c / a, 0.0f, 1.0f);
      } else if (t > 1.0f) {
        t = 1.0f;
        s = std::clamp((b - c) / a, 0.0f, 1.0f);
      }
    }
  }
  c1 = s1.p0 + d1 * s;
  c2 = s2.p0 + d2 * t;
  return glm::dot(c1 - c2, c1 - c2);
}

inline float plainContactTolerance(const Segment& a, const Segment& b) {
  const glm::vec3 m = glm::max(glm::max(absv(a.p0), absv(a.p1)), glm::max(absv(b.p0), absv(b.p1)));
  return 1e-6f * (1.0f + std::max(m.x, std::max(m.y, m.z)));
}

template <bool kRobust>
inline bool plainSegSegVerdict(const Segment& a, const Segment& b) {
  float s, t;
  glm::vec3 c1, c2;
  const float d2 = plainClosestSegSeg<kRobust>(a, b, s, t, c1, c2);
  const float tol = plainContactTolerance(a, b);
  return d2 <= tol * tol;
}

template <bool kRobust>
inline SegSegResult plainSegSegResult(const Segment& a, const Segment& b) {
  SegSegResult r;
  const float d2 = plainClosestSegSeg<kRobust>(a, b, r.s, r.t, r.pointA, r.pointB);
  const float tol = plainContactTolerance(a, b);
  r.overlap = d2 <= tol * tol;
  r.distance = std::sqrt(d2);
  return r;
}

SATLAB_BENCH_NOINLINE bool plainSegmentSegment(const Segment& a, const Segment& b) {
  return plainSegSegVerdict<false>(a, b);
}

SATLAB_BENCH_NOINLINE SegSegResult plainSegmentSegmentRich(const Segment& a, const Segment& b) {
  return plainSegSegResult<false>(a, b);
}

SATLAB_BENCH_NOINLINE bool plainSegmentSegmentRobust(const Segment& a, const Segment& b) {
  return plainSegSegVerdict<true>(a, b);
}

SATLAB_BENCH_NOINLINE SegSegResult plainSegmentSegmentRobustRich(const Segment& a, const Segment& b) {
  return plainSegSegResult<true>(a, b);
}

// The core's rich and traced calls are in core/core_calls.cpp (see there why).

// Inputs: randAabb, randObb, randSphere, randSegment (bench_common.hpp), centres spread so
// that roughly half of the random pairs overlap.

template <class A, class B, class MakeA, class MakeB>
auto sets(MakeA ma, MakeB mb) {
  return makeSets<A, B>([&] { return std::make_pair(ma(), mb()); },
                        [](const A& a, const B& b) { return overlaps(a, b); });
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);

  static const auto aabbAabb = sets<Aabb, Aabb>([] { return randAabb(2.5f); }, [] { return randAabb(2.5f); });
  static const auto aabbObb = sets<Aabb, Obb>([] { return randAabb(2.5f); }, [] { return randObb(2.5f); });
  static const auto obbObb = sets<Obb, Obb>([] { return randObb(2.5f); }, [] { return randObb(2.5f); });
  static const auto aabbSphere = sets<Aabb, Sphere>([] { return randAabb(2.5f); }, [] { return randSphere(2.5f); });
  static const auto obbSphere = sets<Obb, Sphere>([] { return randObb(2.5f); }, [] { return randSphere(2.5f); });
  static const auto sphereSphere_ =
      sets<Sphere, Sphere>([] { return randSphere(2.5f); }, [] { return randSphere(2.5f); });
  static const auto segAabb = sets<Segment, Aabb>([] { return randSegment(3.0f); }, [] { return randAabb(2.0f); });
  // Sorted by the SAT's own verdict (overlaps() is the slab test's).
  static const auto aabbSeg =
      makeSets<Aabb, Segment>([] { return std::make_pair(randAabb(2.0f), randSegment(3.0f)); },
                              [](const Aabb& a, const Segment& b) { return verdictSegmentAabbSat(a, b); });
  static const auto segObb = sets<Segment, Obb>([] { return randSegment(3.0f); }, [] { return randObb(2.0f); });
  static const auto segSphere =
      sets<Segment, Sphere>([] { return randSegment(3.0f); }, [] { return randSphere(2.0f); });
  static const auto segSeg = makeSets<Segment, Segment>(
      [] {
        // Random segments almost never touch, so half of the candidates cross by construction:
        // B runs through a point of A.
        const Segment a = randSegment(1.2f);
        if (rng().uniform(0.0f, 1.0f) < 0.5f) return std::make_pair(a, randSegment(1.2f));
        const glm::vec3 x = a.p0 + rng().uniform(0.0f, 1.0f) * (a.p1 - a.p0);
        const glm::vec3 d = rng().direction() * rng().uniform(0.5f, 4.0f);
        const float u = rng().uniform(0.0f, 1.0f);
        return std::make_pair(a, Segment{x - u * d, x + (1.0f - u) * d});
      },
      [](const Segment& a, const Segment& b) { return overlaps(a, b); });

  // Every variant is a lambda that calls its function directly (no call through a pointer).
#define SATLAB_FN(f) [](const auto& a, const auto& b) { return f(a, b); }
  const auto ov = SATLAB_FN(overlaps);

  // The core against the textbook, and the cost of recording.
  addPaired("AABB-AABB", aabbAabb, "plain", SATLAB_FN(plainAabbAabb), "overlaps", ov);
  addPaired("AABB-AABB", aabbAabb, "plain_rich", SATLAB_FN(plainAabbAabbRich), "rich", SATLAB_FN(richAabbAabb));
  addPaired("AABB-AABB", aabbAabb, "rich", SATLAB_FN(richAabbAabb), "traced", SATLAB_FN(tracedAabbAabb));

  addPaired("AABB-OBB", aabbObb, "plain", SATLAB_FN(plainAabbObb), "overlaps", ov);
  addPaired("AABB-OBB", aabbObb, "plain_rich", SATLAB_FN(plainAabbObbRich), "rich", SATLAB_FN(richAabbObb));
  addPaired("AABB-OBB", aabbObb, "rich", SATLAB_FN(richAabbObb), "traced", SATLAB_FN(tracedAabbObb));

  addPaired("OBB-OBB", obbObb, "plain", SATLAB_FN(plainObbObb), "overlaps", ov);
  addPaired("OBB-OBB", obbObb, "plain_rich", SATLAB_FN(plainObbObbRich), "rich", SATLAB_FN(richObbObb));
  addPaired("OBB-OBB", obbObb, "rich", SATLAB_FN(richObbObb), "traced", SATLAB_FN(tracedObbObb));

  addPaired("AABB-sphere", aabbSphere, "plain", SATLAB_FN(plainAabbSphere), "overlaps", ov);
  addPaired("AABB-sphere", aabbSphere, "plain_rich", SATLAB_FN(plainAabbSphereRich), "rich", SATLAB_FN(richAabbSphere));
  addPaired("AABB-sphere", aabbSphere, "rich", SATLAB_FN(richAabbSphere), "traced", SATLAB_FN(tracedAabbSphere));

  addPaired("OBB-sphere", obbSphere, "plain", SATLAB_FN(plainObbSphere), "overlaps", ov);
  addPaired("OBB-sphere", obbSphere, "plain_rich", SATLAB_FN(plainObbSphereRich), "rich", SATLAB_FN(richObbSphere));
  addPaired("OBB-sphere", obbSphere, "rich", SATLAB_FN(richObbSphere), "traced", SATLAB_FN(tracedObbSphere));

  addPaired("sphere-sphere", sphereSphere_, "plain", SATLAB_FN(plainSphereSphere), "overlaps", ov);
  addPaired("sphere-sphere", sphereSphere_, "plain_rich", SATLAB_FN(plainSphereSphereRich), "rich",
            SATLAB_FN(richSphereSphere));

  addPaired("segment-AABB-slab", segAabb, "plain", SATLAB_FN(plainSegmentAabbSlab), "overlaps", ov);
  addPaired("segment-AABB-slab", segAabb, "plain_rich", SATLAB_FN(plainSegmentAabbSlabRich), "rich",
            SATLAB_FN(richSegmentAabbSlab));
  addPaired("segment-AABB-slab", segAabb, "rich", SATLAB_FN(richSegmentAabbSlab), "traced",
            SATLAB_FN(tracedSegmentAabbSlab));

  addPaired("AABB-segment-SAT", aabbSeg, "plain_rich", SATLAB_FN(plainSegmentAabbSatRich), "rich",
            SATLAB_FN(richSegmentAabbSat));
  addPaired("AABB-segment-SAT", aabbSeg, "rich", SATLAB_FN(richSegmentAabbSat), "traced",
            SATLAB_FN(tracedSegmentAabbSat));

  addPaired("segment-OBB", segObb, "plain", SATLAB_FN(plainSegmentObb), "overlaps", ov);
  addPaired("segment-OBB", segObb, "plain_rich", SATLAB_FN(plainSegmentObbRich), "rich", SATLAB_FN(richSegmentObb));
  addPaired("segment-OBB", segObb, "rich", SATLAB_FN(richSegmentObb), "traced", SATLAB_FN(tracedSegmentObb));

  addPaired("segment-sphere", segSphere, "plain", SATLAB_FN(plainSegmentSphere), "overlaps", ov);
  addPaired("segment-sphere", segSphere, "plain_rich", SATLAB_FN(plainSegmentSphereRich), "rich",
            SATLAB_FN(richSegmentSphere));
  addPaired("segment-sphere", segSphere, "plain_robust_rich", SATLAB_FN(plainSegmentSphereRobustRich), "rich",
            SATLAB_FN(richSegmentSphere));
  addPaired("segment-sphere", segSphere, "rich", SATLAB_FN(richSegmentSphere), "traced",
            SATLAB_FN(tracedSegmentSphere));

  // The book's float formula for the lines' s calls a few touching segments apart (3 of the
  // 1024 overlapping inputs; see plainClosestSegSeg), hence `true`: allowed to differ.
  addPaired("segment-segment", segSeg, "plain", SATLAB_FN(plainSegmentSegment), "overlaps", ov, true);
  addPaired("segment-segment", segSeg, "plain_rich", SATLAB_FN(plainSegmentSegmentRich), "rich",
            SATLAB_FN(richSegmentSegment), true);
  addPaired("segment-segment", segSeg, "plain_robust", SATLAB_FN(plainSegmentSegmentRobust), "overlaps", ov);
  addPaired("segment-segment", segSeg, "plain_robust_rich", SATLAB_FN(plainSegmentSegmentRobustRich), "rich",
            SATLAB_FN(richSegmentSegment));
  addPaired("segment-segment", segSeg, "rich", SATLAB_FN(richSegmentSegment), "traced",
            SATLAB_FN(tracedSegmentSegment));

  return runMain();
}
