// satlab benchmark: the 2D pair tests of the collision core (collide2d.hpp) against a plain
// textbook implementation written here, on separated and overlapping inputs, as paired
// ratios (bench_common.hpp). Names are "<pair>/<inputs>/<B>_vs_<A>":
//   overlaps_vs_plain    the core's boolean, overlaps(a, b) for the 2D shapes, against the
//                        textbook boolean test
//   rich_vs_plain_rich   the core's untraced result against a textbook test that computes
//                        the same fields
//   traced_vs_rich       the test with its recorder against the untraced result
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "bench_common.hpp"
#include "core/core_calls.hpp"
#include "satlab/collide/collide2d.hpp"

namespace satlab::bench {
namespace {

// ---------------------------------------------------------------------------------------
// Plain textbook implementations. Written for this file from the cited descriptions; they
// share no code with src/collide.
// ---------------------------------------------------------------------------------------

constexpr float kEps = 1e-6f;  // the slab test's parallel epsilon (the Recast & Detour slab post)

inline glm::vec3 in3d(const glm::vec2& v) { return glm::vec3(v, 0.0f); }

// Unit axes of a rotated rect from its stored (cos, sin) pair, normalised once (the core's
// contract normalises it too, so both sides do the same work for the same answer).
inline void plainAxes(const OrientedRect2& r, glm::vec2& u0, glm::vec2& u1) {
  const float len2 = glm::dot(r.rotation, r.rotation);
  u0 = (len2 > 0.0f && std::isfinite(len2)) ? r.rotation / std::sqrt(len2) : glm::vec2(1.0f, 0.0f);
  u1 = glm::vec2(-u0.y, u0.x);
}

// The "Using AABB" tutorial / Ericson 4.2.1 in 2D.
SATLAB_BENCH_NOINLINE bool plainRectRect(const Rect2& a, const Rect2& b) {
  if (std::fabs(a.center.x - b.center.x) > a.half.x + b.half.x) return false;
  if (std::fabs(a.center.y - b.center.y) > a.half.y + b.half.y) return false;
  return true;
}

SATLAB_BENCH_NOINLINE SatResult plainRectRectRich(const Rect2& a, const Rect2& b) {
  SatResult r;
  const glm::vec2 t = b.center - a.center;
  float best = std::numeric_limits<float>::infinity();
  for (int i = 0; i < 2; ++i) {
    const float gap = std::fabs(t[i]) - (a.half[i] + b.half[i]);
    const float sign = t[i] < 0.0f ? -1.0f : 1.0f;
    const glm::vec3 l = i == 0 ? glm::vec3(sign, 0.0f, 0.0f) : glm::vec3(0.0f, sign, 0.0f);
    if (gap > 0.0f) {  // one result object throughout, so it is built in place (NRVO)
      r = SatResult{};
      r.separating = AxisId::faceA(i);
      r.separatingAxis = l;
      r.gap = gap;
      return r;
    }
    if (-gap < best) {
      best = -gap;
      r.penetration = AxisId::faceA(i);
      r.penetrationAxis = l;
    }
  }
  r.overlap = true;
  r.depth = best;
  return r;
}

// 2D SAT over the edge normals of two boxes (Ericson 4.4.1 without cross axes): A0, A1,
// B0, B1.
struct PlainBox2 {
  glm::vec2 c, u0, u1, h;
};
inline PlainBox2 box(const Rect2& r) { return {r.center, {1.0f, 0.0f}, {0.0f, 1.0f}, r.half}; }
inline PlainBox2 box(const OrientedRect2& r) {
  PlainBox2 b{r.center, {}, {}, r.half};
  plainAxes(r, b.u0, b.u1);
  return b;
}
inline float plainRadius(const PlainBox2& b, const glm::vec2& l) {
  return b.h.x * std::fabs(glm::dot(b.u0, l)) + b.h.y * std::fabs(glm::dot(b.u1, l));
}

inline bool plainSat2(const PlainBox2& a, const PlainBox2& b) {
  const glm::vec2 axes[4] = {a.u0, a.u1, b.u0, b.u1};
  const glm::vec2 t = b.c - a.c;
  for (const glm::vec2& l : axes) {
    if (std::fabs(glm::dot(t, l)) > plainRadius(a, l) + plainRadius(b, l)) return false;
  }
  return true;
}

inline SatResult plainSat2Rich(const PlainBox2& a, const PlainBox2& b) {
  const glm::vec2 axes[4] = {a.u0, a.u1, b.u0, b.u1};
  const AxisId ids[4] = {AxisId::faceA(0), AxisId::faceA(1), AxisId::faceB(0), AxisId::faceB(1)};
  SatResult r;
  const glm::vec2 t = b.c - a.c;
  float best = std::numeric_limits<float>::infinity();
  int bestAxis = 0;
  for (int i = 0; i < 4; ++i) {
    const float s = glm::dot(t, axes[i]);
    const float gap = std::fabs(s) - (plainRadius(a, axes[i]) + plainRadius(b, axes[i]));
    if (gap > 0.0f) {  // one result object throughout, so it is built in place (NRVO)
      r = SatResult{};
      r.separating = ids[i];
      r.separatingAxis = in3d(s < 0.0f ? -axes[i] : axes[i]);
      r.gap = gap;
      return r;
    }
    if (-gap < best) {
      best = -gap;
      bestAxis = i;
    }
  }
  r.overlap = true;
  const float s = glm::dot(t, axes[bestAxis]);
  r.penetration = ids[bestAxis];
  r.penetrationAxis = in3d(s < 0.0f ? -axes[bestAxis] : axes[bestAxis]);
  r.depth = best;
  return r;
}

SATLAB_BENCH_NOINLINE bool plainRectOriented(const Rect2& a, const OrientedRect2& b) {
  return plainSat2(box(a), box(b));
}
SATLAB_BENCH_NOINLINE SatResult plainRectOrientedRich(const Rect2& a, const OrientedRect2& b) {
  return plainSat2Rich(box(a), box(b));
}
SATLAB_BENCH_NOINLINE bool plainOrientedOriented(const OrientedRect2& a, const OrientedRect2& b) {
  return plainSat2(box(a), box(b));
}
SATLAB_BENCH_NOINLINE SatResult plainOrientedOrientedRich(const OrientedRect2& a, const OrientedRect2& b) {
  return plainSat2Rich(box(a), box(b));
}

// Kay–Kajiya slabs for a segment in 2D (Ericson 5.3.3, tmax = 1): p and d in the box's
// frame, the box [-h, h].
struct PlainSlab2 {
  bool hit = false;
  float tmin = 0.0f, tmax = 1.0f;
  int axis = -1;
  float sign = 0.0f;
};

inline bool plainSlab2Bool(const glm::vec2& p, const glm::vec2& d, const glm::vec2& h) {
  float tmin = 0.0f, tmax = 1.0f;
  for (int i = 0; i < 2; ++i) {
    if (std::fabs(d[i]) < kEps) {
      if (p[i] < -h[i] || p[i] > h[i]) return false;
    } else {
      const float ood = 1.0f / d[i];
      const float ta = (-h[i] - p[i]) * ood, tb = (h[i] - p[i]) * ood;
      tmin = std::max(tmin, std::min(ta, tb));
      tmax = std::min(tmax, std::max(ta, tb));
      if (tmin > tmax) return false;
    }
  }
  return true;
}

inline PlainSlab2 plainSlab2(const glm::vec2& p, const glm::vec2& d, const glm::vec2& h) {
  PlainSlab2 s;
  for (int i = 0; i < 2; ++i) {
    if (std::fabs(d[i]) < kEps) {
      if (p[i] < -h[i] || p[i] > h[i]) return s;
    } else {
      const float ood = 1.0f / d[i];
      const float ta = (-h[i] - p[i]) * ood, tb = (h[i] - p[i]) * ood;
      const float t1 = std::min(ta, tb), t2 = std::max(ta, tb);
      if (t1 > s.tmin) {
        s.tmin = t1;
        s.axis = i;
        s.sign = d[i] > 0.0f ? -1.0f : 1.0f;  // entering through the -h face when moving in +i
      }
      s.tmax = std::min(s.tmax, t2);
      if (s.tmin > s.tmax) return s;
    }
  }
  s.hit = true;
  return s;
}

SATLAB_BENCH_NOINLINE bool plainSegmentRect(const Segment2& s, const Rect2& r) {
  return plainSlab2Bool(s.p0 - r.center, s.p1 - s.p0, r.half);
}

SATLAB_BENCH_NOINLINE SegmentHit plainSegmentRectRich(const Segment2& s, const Rect2& r) {
  const glm::vec2 d = s.p1 - s.p0;
  const PlainSlab2 k = plainSlab2(s.p0 - r.center, d, r.half);
  SegmentHit h;
  if (!k.hit) return h;
  h.overlap = true;
  h.tEnter = k.tmin;
  h.tExit = k.tmax;
  h.enterPoint = in3d(s.p0 + k.tmin * d);
  if (k.axis >= 0) h.enterNormal[k.axis] = k.sign;
  return h;
}

// The same slabs in the rotated rect's frame (p0 - centre and d along its axes).
SATLAB_BENCH_NOINLINE bool plainSegmentOriented(const Segment2& s, const OrientedRect2& r) {
  glm::vec2 u0, u1;
  plainAxes(r, u0, u1);
  const glm::vec2 rel = s.p0 - r.center, dw = s.p1 - s.p0;
  return plainSlab2Bool({glm::dot(rel, u0), glm::dot(rel, u1)}, {glm::dot(dw, u0), glm::dot(dw, u1)}, r.half);
}

SATLAB_BENCH_NOINLINE SegmentHit plainSegmentOrientedRich(const Segment2& s, const OrientedRect2& r) {
  glm::vec2 u0, u1;
  plainAxes(r, u0, u1);
  const glm::vec2 rel = s.p0 - r.center, dw = s.p1 - s.p0;
  const PlainSlab2 k = plainSlab2({glm::dot(rel, u0), glm::dot(rel, u1)}, {glm::dot(dw, u0), glm::dot(dw, u1)}, r.half);
  SegmentHit h;
  if (!k.hit) return h;
  h.overlap = true;
  h.tEnter = k.tmin;
  h.tExit = k.tmax;
  h.enterPoint = in3d(s.p0 + k.tmin * dw);
  if (k.axis >= 0) h.enterNormal = in3d(k.sign * (k.axis == 0 ? u0 : u1));
  return h;
}

// Arvo (Graphics Gems, 1990) in 2D: squared distance from the centre to the box.
SATLAB_BENCH_NOINLINE bool plainCircleRect(const Circle2& c, const Rect2& r) {
  float d2 = 0.0f;
  for (int i = 0; i < 2; ++i) {
    const float lo = r.center[i] - r.half[i], hi = r.center[i] + r.half[i], x = c.center[i];
    if (x < lo)
      d2 += (x - lo) * (x - lo);
    else if (x > hi)
      d2 += (x - hi) * (x - hi);
  }
  return d2 <= c.radius * c.radius;
}

SATLAB_BENCH_NOINLINE ClosestResult plainCircleRectRich(const Circle2& c, const Rect2& r) {
  ClosestResult res;
  const glm::vec2 q = glm::clamp(c.center, r.center - r.half, r.center + r.half);
  const glm::vec2 v = c.center - q;
  res.closestPoint = in3d(q);
  res.distanceSquared = glm::dot(v, v);
  res.distance = std::sqrt(res.distanceSquared);
  res.overlap = res.distanceSquared <= c.radius * c.radius;
  return res;
}

// Arvo in the rotated rect's frame (Ericson 5.1.4 in 2D).
SATLAB_BENCH_NOINLINE bool plainCircleOriented(const Circle2& c, const OrientedRect2& r) {
  glm::vec2 u0, u1;
  plainAxes(r, u0, u1);
  const glm::vec2 d = c.center - r.center;
  const float x[2] = {glm::dot(d, u0), glm::dot(d, u1)};
  float d2 = 0.0f;
  for (int i = 0; i < 2; ++i) {
    if (x[i] < -r.half[i])
      d2 += (x[i] + r.half[i]) * (x[i] + r.half[i]);
    else if (x[i] > r.half[i])
      d2 += (x[i] - r.half[i]) * (x[i] - r.half[i]);
  }
  return d2 <= c.radius * c.radius;
}

SATLAB_BENCH_NOINLINE ClosestResult plainCircleOrientedRich(const Circle2& c, const OrientedRect2& r) {
  glm::vec2 u0, u1;
  plainAxes(r, u0, u1);
  const glm::vec2 d = c.center - r.center;
  const float x0 = glm::dot(d, u0), x1 = glm::dot(d, u1);
  const float q0 = std::min(std::max(x0, -r.half.x), r.half.x);
  const float q1 = std::min(std::max(x1, -r.half.y), r.half.y);
  ClosestResult res;
  res.distanceSquared = (x0 - q0) * (x0 - q0) + (x1 - q1) * (x1 - q1);
  res.closestPoint = in3d(r.center + q0 * u0 + q1 * u1);
  res.distance = std::sqrt(res.distanceSquared);
  res.overlap = res.distanceSquared <= c.radius * c.radius;
  return res;
}

// Ericson 4.3.1 in 2D: the centres' squared distance against (rA + rB)^2.
SATLAB_BENCH_NOINLINE bool plainCircleCircle(const Circle2& a, const Circle2& b) {
  const glm::vec2 d = a.center - b.center;
  const float r = a.radius + b.radius;
  return glm::dot(d, d) <= r * r;
}

// With the core's result fields: the point of disc B nearest A's centre and its distance.
SATLAB_BENCH_NOINLINE ClosestResult plainCircleCircleRich(const Circle2& a, const Circle2& b) {
  ClosestResult res;
  const glm::vec2 d = a.center - b.center;
  const float d2 = glm::dot(d, d);
  const float r = a.radius + b.radius;
  res.overlap = d2 <= r * r;
  if (d2 <= b.radius * b.radius) {
    res.closestPoint = in3d(a.center);
    return res;
  }
  const float dist = std::sqrt(d2);
  res.closestPoint = in3d(b.center + d * (b.radius / dist));
  res.distance = std::max(dist - b.radius, 0.0f);
  res.distanceSquared = res.distance * res.distance;
  return res;
}

// Ericson 5.1.2: the segment's point closest to the centre (t clamped to [0, 1]).
SATLAB_BENCH_NOINLINE bool plainCircleSegment(const Circle2& c, const Segment2& s) {
  const glm::vec2 d = s.p1 - s.p0;
  const float dd = glm::dot(d, d);
  float t = dd > 0.0f ? glm::dot(c.center - s.p0, d) / dd : 0.0f;
  t = std::min(std::max(t, 0.0f), 1.0f);
  const glm::vec2 v = s.p0 + t * d - c.center;
  return glm::dot(v, v) <= c.radius * c.radius;
}

SATLAB_BENCH_NOINLINE ClosestResult plainCircleSegmentRich(const Circle2& c, const Segment2& s) {
  const glm::vec2 d = s.p1 - s.p0;
  const float dd = glm::dot(d, d);
  float t = dd > 0.0f ? glm::dot(c.center - s.p0, d) / dd : 0.0f;
  t = std::min(std::max(t, 0.0f), 1.0f);
  const glm::vec2 q = s.p0 + t * d;
  const glm::vec2 v = c.center - q;
  ClosestResult res;
  res.t = t;
  res.closestPoint = in3d(q);
  res.distanceSquared = glm::dot(v, v);
  res.distance = std::sqrt(res.distanceSquared);
  res.overlap = res.distanceSquared <= c.radius * c.radius;
  return res;
}

// ---------------------------------------------------------------------------------------
// Inputs: rects with half extents in [0.2, 1.5] at random angles, circles of radius
// [0.2, 1.5], segments of length up to 4, spread so that roughly half of the pairs overlap.
// ---------------------------------------------------------------------------------------

Rect2 randRect() { return Rect2{rng().vec2(-2.5f, 2.5f), rng().vec2(0.2f, 1.5f)}; }
OrientedRect2 randOriented() {
  return OrientedRect2::fromAngle(rng().vec2(-2.5f, 2.5f), rng().uniform(-3.14159f, 3.14159f), rng().vec2(0.2f, 1.5f));
}
Circle2 randCircle() { return Circle2{rng().vec2(-2.5f, 2.5f), rng().uniform(0.2f, 1.5f)}; }
Segment2 randSegment2() {
  const glm::vec2 p0 = rng().vec2(-3.0f, 3.0f);
  const float a = rng().uniform(-3.14159f, 3.14159f);
  return Segment2{p0, p0 + glm::vec2(std::cos(a), std::sin(a)) * rng().uniform(0.5f, 4.0f)};
}

template <class A, class B, class MakeA, class MakeB, class Verdict>
auto sets(MakeA ma, MakeB mb, Verdict verdict) {
  return makeSets<A, B>([&] { return std::make_pair(ma(), mb()); }, verdict);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);

  static const auto rr = sets<Rect2, Rect2>(randRect, randRect, verdictRectRect);
  static const auto ro = sets<Rect2, OrientedRect2>(randRect, randOriented, verdictRectOrientedRect);
  static const auto oo =
      sets<OrientedRect2, OrientedRect2>(randOriented, randOriented, verdictOrientedRectOrientedRect);
  static const auto sr = sets<Segment2, Rect2>(randSegment2, randRect, verdictSegmentRect);
  static const auto so = sets<Segment2, OrientedRect2>(randSegment2, randOriented, verdictSegmentOrientedRect);
  static const auto cr = sets<Circle2, Rect2>(randCircle, randRect, verdictCircleRect);
  static const auto co = sets<Circle2, OrientedRect2>(randCircle, randOriented, verdictCircleOrientedRect);
  static const auto cc = sets<Circle2, Circle2>(randCircle, randCircle, verdictCircleCircle);
  static const auto cs = sets<Circle2, Segment2>(randCircle, randSegment2, verdictCircleSegment);

  // Every variant is a lambda that calls its function directly (no call through a pointer).
#define SATLAB_FN(f) [](const auto& a, const auto& b) { return f(a, b); }
#define SATLAB_ROWS(pair, set, plain, verdict, plainRich, rich)                     \
  addPaired(pair, set, "plain", SATLAB_FN(plain), "overlaps", SATLAB_FN(overlaps)); \
  addPaired(pair, set, "plain_rich", SATLAB_FN(plainRich), "rich", SATLAB_FN(rich))

  SATLAB_ROWS("rect-rect", rr, plainRectRect, verdictRectRect, plainRectRectRich, richRectRect);
  addPaired("rect-rect", rr, "rich", SATLAB_FN(richRectRect), "traced", SATLAB_FN(tracedRectRect));

  SATLAB_ROWS("rect-rotated", ro, plainRectOriented, verdictRectOrientedRect, plainRectOrientedRich,
              richRectOrientedRect);
  addPaired("rect-rotated", ro, "rich", SATLAB_FN(richRectOrientedRect), "traced", SATLAB_FN(tracedRectOrientedRect));

  SATLAB_ROWS("rotated-rotated", oo, plainOrientedOriented, verdictOrientedRectOrientedRect, plainOrientedOrientedRich,
              richOrientedRectOrientedRect);
  addPaired("rotated-rotated", oo, "rich", SATLAB_FN(richOrientedRectOrientedRect), "traced",
            SATLAB_FN(tracedOrientedRectOrientedRect));

  SATLAB_ROWS("segment-rect", sr, plainSegmentRect, verdictSegmentRect, plainSegmentRectRich, richSegmentRect);
  addPaired("segment-rect", sr, "rich", SATLAB_FN(richSegmentRect), "traced", SATLAB_FN(tracedSegmentRect));

  SATLAB_ROWS("segment-rotated", so, plainSegmentOriented, verdictSegmentOrientedRect, plainSegmentOrientedRich,
              richSegmentOrientedRect);
  addPaired("segment-rotated", so, "rich", SATLAB_FN(richSegmentOrientedRect), "traced",
            SATLAB_FN(tracedSegmentOrientedRect));

  SATLAB_ROWS("circle-rect", cr, plainCircleRect, verdictCircleRect, plainCircleRectRich, richCircleRect);
  addPaired("circle-rect", cr, "rich", SATLAB_FN(richCircleRect), "traced", SATLAB_FN(tracedCircleRect));

  SATLAB_ROWS("circle-rotated", co, plainCircleOriented, verdictCircleOrientedRect, plainCircleOrientedRich,
              richCircleOrientedRect);
  addPaired("circle-rotated", co, "rich", SATLAB_FN(richCircleOrientedRect), "traced",
            SATLAB_FN(tracedCircleOrientedRect));

  SATLAB_ROWS("circle-circle", cc, plainCircleCircle, verdictCircleCircle, plainCircleCircleRich, richCircleCircle);
  SATLAB_ROWS("circle-segment", cs, plainCircleSegment, verdictCircleSegment, plainCircleSegmentRich,
              richCircleSegment);

  return runMain();
}
