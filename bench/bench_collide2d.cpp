// satlab benchmark: the 2D pair tests of the collision core (collide2d.hpp), on separated
// and overlapping inputs, beside a plain textbook implementation written here.
//
// The 2D core has no separate boolean fast path: its untraced entry points (NoTrace2) return
// the rich result. Variants ("<pair>/<set>/<variant>"):
//   plain         textbook boolean test written below
//   plain_rich    textbook test computing what the core's result holds (first separating
//                 axis and gap, or least-penetration axis and depth; t interval, entry point
//                 and normal; closest point and distance)
//   rich          the core's untraced test (overlapRectRect(a, b), ...)
//   traced        with SatTrace2 / SlabTrace2 / ClosestTrace2 (early exit)
//   traced_full   SatTrace2 / SlabTrace2 with full = true (every axis / slab)
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "bench_common.hpp"
#include "satlab/collide/collide2d.hpp"

namespace satlab::bench {
namespace {

constexpr float kEps = 1e-6f;

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

// 2D SAT over the edge normals of two boxes (Ericson 4.4.1 without cross axes).
struct PlainBox2 {
  glm::vec2 c, u0, u1, h;
};
inline float plainRadius(const PlainBox2& b, const glm::vec2& l) {
  return b.h.x * std::fabs(glm::dot(b.u0, l)) + b.h.y * std::fabs(glm::dot(b.u1, l));
}

inline bool plainSat2(const PlainBox2& a, const PlainBox2& b, const glm::vec2* axes, int n) {
  const glm::vec2 t = b.c - a.c;
  for (int i = 0; i < n; ++i) {
    if (std::fabs(glm::dot(t, axes[i])) > plainRadius(a, axes[i]) + plainRadius(b, axes[i])) return false;
  }
  return true;
}

inline SatResult2 plainSat2Rich(const PlainBox2& a, const PlainBox2& b, const glm::vec2* axes,
                                const std::string_view* labels, int n) {
  SatResult2 r;
  const glm::vec2 t = b.c - a.c;
  float best = std::numeric_limits<float>::infinity();
  for (int i = 0; i < n; ++i) {
    const float s = glm::dot(t, axes[i]);
    const float rs = plainRadius(a, axes[i]) + plainRadius(b, axes[i]);
    const float gap = std::fabs(s) - rs;
    if (gap > 0.0f) {  // one result object throughout, so it is built in place (NRVO)
      r = SatResult2{};
      r.separatingIndex = i;
      r.separatingLabel = labels[i];
      r.separatingAxis = s < 0.0f ? -axes[i] : axes[i];
      r.gap = gap;
      return r;
    }
    if (-gap < best) {
      best = -gap;
      r.penetrationIndex = i;
    }
  }
  r.overlap = true;
  const float s = glm::dot(t, axes[r.penetrationIndex]);
  r.penetrationLabel = labels[r.penetrationIndex];
  r.penetrationAxis = s < 0.0f ? -axes[r.penetrationIndex] : axes[r.penetrationIndex];
  r.depth = best;
  return r;
}

SATLAB_BENCH_NOINLINE SatResult2 plainRectRectRich(const Rect2& a, const Rect2& b) {
  SatResult2 r;
  const glm::vec2 t = b.center - a.center;
  float best = std::numeric_limits<float>::infinity();
  for (int i = 0; i < 2; ++i) {
    const float gap = std::fabs(t[i]) - (a.half[i] + b.half[i]);
    // Built whole (not by writing one component of a stored vector), so reading it back
    // does not stall on store forwarding.
    const float sign = t[i] < 0.0f ? -1.0f : 1.0f;
    const glm::vec2 l = i == 0 ? glm::vec2(sign, 0.0f) : glm::vec2(0.0f, sign);
    if (gap > 0.0f) {  // one result object throughout, so it is built in place (NRVO)
      r = SatResult2{};
      r.separatingIndex = i;
      r.separatingLabel = kRectAxisLabels2[i];
      r.separatingAxis = l;
      r.gap = gap;
      return r;
    }
    if (-gap < best) {
      best = -gap;
      r.penetrationIndex = i;
      r.penetrationAxis = l;
    }
  }
  r.overlap = true;
  r.penetrationLabel = kRectAxisLabels2[r.penetrationIndex];
  r.depth = best;
  return r;
}

inline PlainBox2 box(const Rect2& r) { return {r.center, {1.0f, 0.0f}, {0.0f, 1.0f}, r.half}; }
inline PlainBox2 box(const OrientedRect2& r) {
  PlainBox2 b{r.center, {}, {}, r.half};
  plainAxes(r, b.u0, b.u1);
  return b;
}

SATLAB_BENCH_NOINLINE bool plainRectOriented(const Rect2& a, const OrientedRect2& b) {
  const PlainBox2 ba = box(a), bb = box(b);
  const glm::vec2 axes[4] = {ba.u0, ba.u1, bb.u0, bb.u1};
  return plainSat2(ba, bb, axes, 4);
}
SATLAB_BENCH_NOINLINE SatResult2 plainRectOrientedRich(const Rect2& a, const OrientedRect2& b) {
  const PlainBox2 ba = box(a), bb = box(b);
  const glm::vec2 axes[4] = {ba.u0, ba.u1, bb.u0, bb.u1};
  return plainSat2Rich(ba, bb, axes, kRectPairAxisLabels2.data(), 4);
}
SATLAB_BENCH_NOINLINE bool plainOrientedOriented(const OrientedRect2& a, const OrientedRect2& b) {
  const PlainBox2 ba = box(a), bb = box(b);
  const glm::vec2 axes[4] = {ba.u0, ba.u1, bb.u0, bb.u1};
  return plainSat2(ba, bb, axes, 4);
}
SATLAB_BENCH_NOINLINE SatResult2 plainOrientedOrientedRich(const OrientedRect2& a,
                                                           const OrientedRect2& b) {
  const PlainBox2 ba = box(a), bb = box(b);
  const glm::vec2 axes[4] = {ba.u0, ba.u1, bb.u0, bb.u1};
  return plainSat2Rich(ba, bb, axes, kRectPairAxisLabels2.data(), 4);
}

// Kay–Kajiya slabs in 2D (Ericson 5.3.3 for a segment).
SATLAB_BENCH_NOINLINE bool plainSegmentRect(const Segment2& s, const Rect2& r) {
  const glm::vec2 lo = r.center - r.half, hi = r.center + r.half, d = s.p1 - s.p0;
  float tmin = 0.0f, tmax = 1.0f;
  for (int i = 0; i < 2; ++i) {
    if (std::fabs(d[i]) < kEps) {
      if (s.p0[i] < lo[i] || s.p0[i] > hi[i]) return false;
    } else {
      float t1 = (lo[i] - s.p0[i]) / d[i], t2 = (hi[i] - s.p0[i]) / d[i];
      if (t1 > t2) std::swap(t1, t2);
      tmin = std::max(tmin, t1);
      tmax = std::min(tmax, t2);
      if (tmin > tmax) return false;
    }
  }
  return true;
}

SATLAB_BENCH_NOINLINE SegmentHit2 plainSegmentRectRich(const Segment2& s, const Rect2& r) {
  const glm::vec2 lo = r.center - r.half, hi = r.center + r.half, d = s.p1 - s.p0;
  float tmin = 0.0f, tmax = 1.0f;
  int axis = -1;
  for (int i = 0; i < 2; ++i) {
    if (std::fabs(d[i]) < kEps) {
      if (s.p0[i] < lo[i] || s.p0[i] > hi[i]) return {};
    } else {
      float t1 = (lo[i] - s.p0[i]) / d[i], t2 = (hi[i] - s.p0[i]) / d[i];
      if (t1 > t2) std::swap(t1, t2);
      if (t1 > tmin) {
        tmin = t1;
        axis = i;
      }
      tmax = std::min(tmax, t2);
      if (tmin > tmax) return {};
    }
  }
  SegmentHit2 h;
  h.overlap = true;
  h.tEnter = tmin;
  h.tExit = tmax;
  h.enterPoint = s.p0 + tmin * d;
  if (axis >= 0) {
    h.enterAxis = axis;
    h.enterNormal[axis] = d[axis] > 0.0f ? -1.0f : 1.0f;
  }
  return h;
}

// Arvo in 2D.
SATLAB_BENCH_NOINLINE bool plainCircleRect(const Circle2& c, const Rect2& r) {
  float d2 = 0.0f;
  for (int i = 0; i < 2; ++i) {
    const float lo = r.center[i] - r.half[i], hi = r.center[i] + r.half[i], x = c.center[i];
    if (x < lo) d2 += (x - lo) * (x - lo);
    else if (x > hi) d2 += (x - hi) * (x - hi);
  }
  return d2 <= c.radius * c.radius;
}

SATLAB_BENCH_NOINLINE ClosestResult2 plainCircleRectRich(const Circle2& c, const Rect2& r) {
  ClosestResult2 res;
  res.closestPoint = glm::clamp(c.center, r.center - r.half, r.center + r.half);
  const glm::vec2 v = c.center - res.closestPoint;
  res.distanceSquared = glm::dot(v, v);
  res.distance = std::sqrt(res.distanceSquared);
  res.overlap = res.distanceSquared <= c.radius * c.radius;
  return res;
}

// ---------------------------------------------------------------------------------------
// The core (each 2D entry point is already out of line, in collide2d_*.cpp).
// ---------------------------------------------------------------------------------------

template <class Rec>
Rec& recorder(bool full) {
  static thread_local Rec rec;
  rec.full = full;
  return rec;
}
ClosestTrace2& closestRecorder() {
  static thread_local ClosestTrace2 rec;
  return rec;
}

Random& rng() {
  static Random r(20261129u);
  return r;
}
Rect2 randRect() { return Rect2{rng().vec2(-2.5f, 2.5f), rng().vec2(0.2f, 1.5f)}; }
OrientedRect2 randOriented() {
  return OrientedRect2::fromAngle(rng().vec2(-2.5f, 2.5f), rng().uniform(-3.14159f, 3.14159f),
                                  rng().vec2(0.2f, 1.5f));
}
Circle2 randCircle() { return Circle2{rng().vec2(-2.5f, 2.5f), rng().uniform(0.2f, 1.5f)}; }
Segment2 randSegment() {
  const glm::vec2 p0 = rng().vec2(-3.0f, 3.0f);
  const float a = rng().uniform(-3.14159f, 3.14159f);
  return Segment2{p0, p0 + glm::vec2(std::cos(a), std::sin(a)) * rng().uniform(0.5f, 4.0f)};
}

template <class A, class B, class MakeA, class MakeB, class Ov>
auto sets(MakeA ma, MakeB mb, Ov ov) {
  return makeSets<A, B>([&] { return std::make_pair(ma(), mb()); }, ov);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);

#define SATLAB_FN(f) [](const auto& a, const auto& b) { return f(a, b); }
  static const auto rr = sets<Rect2, Rect2>(randRect, randRect, [](auto& a, auto& b) {
    return overlapRectRect(a, b).overlap;
  });
  static const auto ro = sets<Rect2, OrientedRect2>(randRect, randOriented, [](auto& a, auto& b) {
    return overlapRectOrientedRect(a, b).overlap;
  });
  static const auto oo = sets<OrientedRect2, OrientedRect2>(randOriented, randOriented, [](auto& a, auto& b) {
    return overlapOrientedRectOrientedRect(a, b).overlap;
  });
  static const auto sr = sets<Segment2, Rect2>(randSegment, randRect, [](auto& a, auto& b) {
    return intersectSegmentRect(a, b).overlap;
  });
  static const auto cr = sets<Circle2, Rect2>(randCircle, randRect, [](auto& a, auto& b) {
    return overlapCircleRect(a, b).overlap;
  });

  // The core's variants, each written once and used by the single and the paired benchmarks.
  const auto rrRich = [](auto& a, auto& b) { return overlapRectRect(a, b); };
  const auto rrTraced = [](auto& a, auto& b) { return overlapRectRect(a, b, recorder<SatTrace2>(false)); };
  const auto rrFull = [](auto& a, auto& b) { return overlapRectRect(a, b, recorder<SatTrace2>(true)); };
  const auto roRich = [](auto& a, auto& b) { return overlapRectOrientedRect(a, b); };
  const auto roTraced = [](auto& a, auto& b) { return overlapRectOrientedRect(a, b, recorder<SatTrace2>(false)); };
  const auto roFull = [](auto& a, auto& b) { return overlapRectOrientedRect(a, b, recorder<SatTrace2>(true)); };
  const auto ooRich = [](auto& a, auto& b) { return overlapOrientedRectOrientedRect(a, b); };
  const auto ooTraced = [](auto& a, auto& b) {
    return overlapOrientedRectOrientedRect(a, b, recorder<SatTrace2>(false));
  };
  const auto ooFull = [](auto& a, auto& b) {
    return overlapOrientedRectOrientedRect(a, b, recorder<SatTrace2>(true));
  };
  const auto srRich = [](auto& a, auto& b) { return intersectSegmentRect(a, b); };
  const auto srTraced = [](auto& a, auto& b) { return intersectSegmentRect(a, b, recorder<SlabTrace2>(false)); };
  const auto srFull = [](auto& a, auto& b) { return intersectSegmentRect(a, b, recorder<SlabTrace2>(true)); };
  const auto crRich = [](auto& a, auto& b) { return overlapCircleRect(a, b); };
  const auto crTraced = [](auto& a, auto& b) { return overlapCircleRect(a, b, closestRecorder()); };

  add("rect-rect", rr, "plain", SATLAB_FN(plainRectRect));
  add("rect-rect", rr, "plain_rich", SATLAB_FN(plainRectRectRich));
  add("rect-rect", rr, "rich", rrRich);
  add("rect-rect", rr, "traced", rrTraced);
  add("rect-rect", rr, "traced_full", rrFull);

  add("rect-rotated", ro, "plain", SATLAB_FN(plainRectOriented));
  add("rect-rotated", ro, "plain_rich", SATLAB_FN(plainRectOrientedRich));
  add("rect-rotated", ro, "rich", roRich);
  add("rect-rotated", ro, "traced", roTraced);
  add("rect-rotated", ro, "traced_full", roFull);

  add("rotated-rotated", oo, "plain", SATLAB_FN(plainOrientedOriented));
  add("rotated-rotated", oo, "plain_rich", SATLAB_FN(plainOrientedOrientedRich));
  add("rotated-rotated", oo, "rich", ooRich);
  add("rotated-rotated", oo, "traced", ooTraced);
  add("rotated-rotated", oo, "traced_full", ooFull);

  add("segment-rect-slab", sr, "plain", SATLAB_FN(plainSegmentRect));
  add("segment-rect-slab", sr, "plain_rich", SATLAB_FN(plainSegmentRectRich));
  add("segment-rect-slab", sr, "rich", srRich);
  add("segment-rect-slab", sr, "traced", srTraced);
  add("segment-rect-slab", sr, "traced_full", srFull);

  add("circle-rect", cr, "plain", SATLAB_FN(plainCircleRect));
  add("circle-rect", cr, "plain_rich", SATLAB_FN(plainCircleRectRich));
  add("circle-rect", cr, "rich", crRich);
  add("circle-rect", cr, "traced", crTraced);

  // Paired ratios (runPaired in bench_common.hpp): the core against the textbook, timed in
  // alternating passes so that both see the same machine.
  addPaired("rect-rect", rr, "plain_rich", SATLAB_FN(plainRectRectRich), "rich", rrRich);
  addPaired("rect-rotated", ro, "plain_rich", SATLAB_FN(plainRectOrientedRich), "rich", roRich);
  addPaired("rotated-rotated", oo, "plain_rich", SATLAB_FN(plainOrientedOrientedRich), "rich", ooRich);
  addPaired("segment-rect-slab", sr, "plain_rich", SATLAB_FN(plainSegmentRectRich), "rich", srRich);
  addPaired("circle-rect", cr, "plain_rich", SATLAB_FN(plainCircleRectRich), "rich", crRich);

  // The cost of recording: each recorder against the untraced rich result, paired the same way.
  addPaired("rect-rect", rr, "rich", rrRich, "traced", rrTraced);
  addPaired("rect-rect", rr, "rich", rrRich, "traced_full", rrFull);
  addPaired("rect-rotated", ro, "rich", roRich, "traced", roTraced);
  addPaired("rect-rotated", ro, "rich", roRich, "traced_full", roFull);
  addPaired("rotated-rotated", oo, "rich", ooRich, "traced", ooTraced);
  addPaired("rotated-rotated", oo, "rich", ooRich, "traced_full", ooFull);
  addPaired("segment-rect-slab", sr, "rich", srRich, "traced", srTraced);
  addPaired("segment-rect-slab", sr, "rich", srRich, "traced_full", srFull);
  addPaired("circle-rect", cr, "rich", crRich, "traced", crTraced);

  if (countMode()) return 0;
  if (const int status = checkMode(); status >= 0) return status;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
