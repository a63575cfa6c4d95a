// satlab collision core: segment against a box by the slab method.
//
// Kay & Kajiya (SIGGRAPH 1986) slabs, in the form of Williams et al., "An Efficient and
// Robust Ray-Box Intersection Algorithm" (JGT 2005), as given by the Recast & Detour slab post (its
// isectSegAABB). The segment is P(t) = p0 + t d, d = p1 - p0, t in [0, 1]. Each slab
// lo <= x_i <= hi is crossed at t1 <= t2; the running interval [tmin, tmax] starts at [0, 1],
// tmin = max(t1), tmax = min(t2), and the segment hits the box iff tmin <= tmax.
//
// Contracts:
// - Closed box: touching (tmin == tmax, or a start point on a face) is a hit.
// - A slab whose direction component is below kSlabParallelEpsilon (1e-6, the Recast & Detour slab post) in
//   magnitude is parallel: it is decided by whether p0 lies in the slab and never divides,
//   so no 0 * infinity or 0 / 0 arises. A zero-length segment is therefore the point p0.
//   This is the test's one approximation: a segment that drifts by less than 1e-6 across a
//   slab's plane is judged by p0 alone, so it can differ from the exact SAT (sat_segment.hpp)
//   within 1e-6 of touching, and nowhere else.
// - Flat boxes (zero half extents) are valid; finite inputs give no NaN.
// - SegmentHit: tEnter = tmin, tExit = tmax; enterNormal is the outward normal of the face
//   through which the segment enters, the zero vector when tEnter == 0 (p0 inside or on).
// Frames: slabSegmentObb works in the box frame (p0 - centre and d expressed in the box's
// axes); its hit point and normal are returned in world space; trace rows are in the box frame.
#pragma once

#include <cmath>
#include <type_traits>
#include <utility>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

struct SlabLocal {
  bool overlap = false;
  float tmin = 0.0f, tmax = 0.0f;
  int enterAxis = -1;      ///< Slab that last raised tmin, -1 if none did.
  float enterSign = 0.0f;  ///< Outward normal of the entry face = enterSign * axis.
};

// od(i, o_i, d_i) gives slab i's o_i (p0 relative to the box centre) and d_i (of p1 - p0),
// both in the box frame; the box is [-e, e]. Asked axis by axis, so that an early exit
// computes no more of the frame than it uses (and GCC holds no more of it in registers).
// kEntry: also track the entry slab (the rich result); the boolean test does not need it.
// The ordering of t1, t2 is a select, not a branch: on random input it is a coin toss the
// branch predictor would lose (bench/).
template <bool kEntry = true, class FrameFn, class Rec>
inline SlabLocal slabCore(const FrameFn& od, const glm::vec3& e, const std::string_view* labels,
                          Rec& rec) {
  SlabLocal out;
  float tmin = 0.0f;
  float tmax = 1.0f;
  for (int i = 0; i < 3; ++i) {
    float oi, di;
    od(i, oi, di);
    if (std::abs(di) < kSlabParallelEpsilon) {
      // Parallel to the slab: no hit if the origin is outside it, else no constraint on t.
      const bool inside = oi >= -e[i] && oi <= e[i];
      rec.slabAxis(i, labels[i], oi, di, -e[i], e[i], true, inside, 0.0f, 0.0f, tmin, tmax,
                   !inside);
      if (!inside) return out;
      continue;
    }
    // t at the planes x_i = -e_i and x_i = +e_i; the nearer one is the entry.
    const float inv = 1.0f / di;
    const float ta = (-e[i] - oi) * inv;
    const float tb = (e[i] - oi) * inv;
    const bool flip = ta > tb;  // d_i < 0: enters through the +e_i face
    const float t1 = flip ? tb : ta;
    const float t2 = flip ? ta : tb;
    if (t1 > tmin) {
      tmin = t1;
      if constexpr (kEntry) {
        out.enterAxis = i;
        out.enterSign = flip ? 1.0f : -1.0f;
      }
    }
    if (t2 < tmax) tmax = t2;
    const bool rejects = tmin > tmax;
    if constexpr (Rec::kEnabled) {
      const bool inside = oi >= -e[i] && oi <= e[i];
      rec.slabAxis(i, labels[i], oi, di, -e[i], e[i], false, inside, t1, t2, tmin, tmax,
                   rejects);
    }
    if (rejects) return out;
  }
  out.overlap = true;
  out.tmin = tmin;
  out.tmax = tmax;
  return out;
}

// `entryNormal(axis, sign)`: the outward world normal of the face entered through, the
// slab `axis`'s side `sign`.
template <class NormalFn>
inline SegmentHit makeSegmentHit(const SlabLocal& local, const Segment& seg,
                                 const NormalFn& entryNormal) {
  SegmentHit hit;
  if (!local.overlap) return hit;
  hit.overlap = true;
  hit.tEnter = local.tmin;
  hit.tExit = local.tmax;
  hit.enterPoint = seg.p0 + local.tmin * (seg.p1 - seg.p0);
  if (local.enterAxis >= 0) hit.enterNormal = entryNormal(local.enterAxis, local.enterSign);
  return hit;
}

template <bool kEntry = true, class Rec>
inline SlabLocal slabSegmentAabbLocal(const Segment& seg, const Aabb& box, Rec& rec) {
  rec.slabBegin(std::string_view("segment-AABB"));
  const auto od = [&](int i, float& oi, float& di) {
    oi = seg.p0[i] - box.center[i];
    di = seg.p1[i] - seg.p0[i];
  };
  const SlabLocal local = slabCore<kEntry>(od, box.half, kAabbSlabLabels.data(), rec);
  rec.slabEnd(local.overlap, local.tmin, local.tmax);
  return local;
}

template <bool kEntry = true, class Rec>
inline SlabLocal slabSegmentObbLocal(const Segment& seg, const Obb& box, Rec& rec) {
  rec.slabBegin(std::string_view("segment-OBB"));
  // Into the box frame: coordinates along the box's axes (transpose of the rotation).
  const glm::vec3 rel = seg.p0 - box.center;
  const glm::vec3 dir = seg.p1 - seg.p0;
  SlabLocal local;
  if constexpr (kEntry) {
    // The whole frame first: when the segment hits, the rich result runs all three slabs,
    // and the six dot products then overlap instead of each waiting in its slab's chain of
    // divisions (bench/: rich overlapping 1.11 computed slab by slab, 0.99-1.00 so).
    const glm::vec3 o(glm::dot(rel, box.axes[0]), glm::dot(rel, box.axes[1]),
                      glm::dot(rel, box.axes[2]));
    const glm::vec3 d(glm::dot(dir, box.axes[0]), glm::dot(dir, box.axes[1]),
                      glm::dot(dir, box.axes[2]));
    local = slabCore<kEntry>(
        [&](int i, float& oi, float& di) {
          oi = o[i];
          di = d[i];
        },
        box.half, kObbSlabLabels.data(), rec);
  } else {
    // The boolean mostly stops at its first slab or two: each slab's frame when it is reached.
    local = slabCore<kEntry>(
        [&](int i, float& oi, float& di) {
          oi = glm::dot(rel, box.axes[i]);
          di = glm::dot(dir, box.axes[i]);
        },
        box.half, kObbSlabLabels.data(), rec);
  }
  rec.slabEnd(local.overlap, local.tmin, local.tmax);
  return local;
}

}  // namespace detail

/// Segment–AABB slab test (the Recast & Detour slab post). Trace rows: slabs X, Y, Z.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit slabSegmentAabb(const Segment& seg, const Aabb& box, Rec& rec) {
  const detail::SlabLocal local = detail::slabSegmentAabbLocal(seg, box, rec);
  // The entry face's normal is +-1 on one world axis: that one component is set (the
  // others stay +0; multiplying a unit axis by the sign would make them -0 on a - face).
  return detail::makeSegmentHit(local, seg, [](int axis, float sign) {
    glm::vec3 n(0.0f);
    n[axis] = sign;
    return n;
  });
}
inline SegmentHit slabSegmentAabb(const Segment& seg, const Aabb& box) {
  NoTrace none;
  return slabSegmentAabb(seg, box, none);
}

/// Segment–OBB slab test in the box frame. Trace rows: slabs B0, B1, B2 (box frame).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit slabSegmentObb(const Segment& seg, const Obb& box, Rec& rec) {
  const detail::SlabLocal local = detail::slabSegmentObbLocal(seg, box, rec);
  return detail::makeSegmentHit(local, seg,
                                [&box](int axis, float sign) { return sign * box.axes[axis]; });
}
inline SegmentHit slabSegmentObb(const Segment& seg, const Obb& box) {
  NoTrace none;
  return slabSegmentObb(seg, box, none);
}

}  // namespace satlab
