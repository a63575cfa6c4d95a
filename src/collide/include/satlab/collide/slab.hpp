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
// 2D: slabSegmentRect and slabSegmentOrientedRect (collide2d.hpp) run the same loop over two
// slabs.
// Frames: the loop works relative to the box's centre, along the box's axes (world X, Y, Z
// for an AABB); the hit point and normal are returned in world space, the trace rows are in
// the box's frame. SatMode::Full visits every slab after a rejection (for teaching); the
// verdict and the result do not change.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

/// What the slab loop finds, in the box's frame.
struct Slabs {
  bool overlap = false;
  float tmin = 0.0f, tmax = 0.0f;
  int enterAxis = -1;      ///< Slab that last raised tmin, -1 if none did (tmin == 0).
  float enterSign = 0.0f;  ///< Outward normal of the entry face = enterSign * that slab's axis.
};

/// The slab loop over the N slabs of a box centred at the origin of its frame, [-e, e]:
/// o is p0 - centre and d is p1 - p0, both in the box's frame. `slabId(i)` names slab i.
template <int N, class Rec, class SlabId>
Slabs slabLoop(const glm::vec<N, float>& o, const glm::vec<N, float>& d, const glm::vec<N, float>& e,
               const SlabId& slabId, Rec& rec, const SatOptions& opt) {
  Slabs out;
  float tmin = 0.0f;  // a segment: t starts at 0 ...
  float tmax = 1.0f;  // ... and ends at 1
  bool miss = false;
  for (int i = 0; i < N; ++i) {
    const bool parallel = std::abs(d[i]) < kSlabParallelEpsilon;
    float t1 = 0.0f, t2 = 0.0f;
    bool rejects;
    if (parallel) {
      // Parallel to the slab: no hit if the origin is outside it, else no constraint on t.
      // No 1 / d_i is formed, so no 0 * infinity or 0 / 0 arises.
      rejects = !(o[i] >= -e[i] && o[i] <= e[i]);
    } else {
      // t at the planes x_i = -e_i and x_i = +e_i; the nearer one is the entry.
      const float inv = 1.0f / d[i];
      const float ta = (-e[i] - o[i]) * inv;
      const float tb = (e[i] - o[i]) * inv;
      t1 = std::min(ta, tb);
      t2 = std::max(ta, tb);
      if (t1 > tmin) {
        tmin = t1;
        out.enterAxis = i;
        // Moving in +i the segment enters through the -e_i face, else through the +e_i face
        // (from the sign of d_i: on a flat box ta == tb and their order says nothing).
        out.enterSign = d[i] > 0.0f ? -1.0f : 1.0f;
      }
      if (t2 < tmax) tmax = t2;
      rejects = tmin > tmax;
    }
    rejects = rejects && !miss;  // only the first rejection is the rejecting slab
    if constexpr (Rec::kEnabled) {
      const bool inside = o[i] >= -e[i] && o[i] <= e[i];  // p0 lies in the slab
      rec.slabAxis(SlabAxisRow{i, slabId(i), o[i], d[i], -e[i], e[i], parallel, inside, t1, t2, tmin, tmax, rejects});
    }
    if (rejects) {
      miss = true;
      if (opt.mode == SatMode::EarlyExit || !Rec::kEnabled) break;  // Full only shows a recorder the rest
    }
  }
  if (!miss) {
    out.overlap = true;
    out.tmin = tmin;
    out.tmax = tmax;
  }
  return out;
}

/// A point of a 3D test as it is, of a 2D test in the plane z = 0.
inline glm::vec3 inWorld3(const glm::vec3& p) { return p; }
inline glm::vec3 inWorld3(const glm::vec2& p) { return glm::vec3(p, 0.0f); }

/// The SegmentHit of a slab loop; `entryNormal(axis, sign)` is the outward world normal of
/// the face the segment entered through.
template <class Point, class NormalFn>
SegmentHit segmentHit(const Slabs& slabs, const Point& p0, const Point& p1, const NormalFn& entryNormal) {
  SegmentHit hit;
  if (!slabs.overlap) return hit;
  hit.overlap = true;
  hit.tEnter = slabs.tmin;
  hit.tExit = slabs.tmax;
  hit.enterPoint = inWorld3(p0 + slabs.tmin * (p1 - p0));
  if (slabs.enterAxis >= 0) hit.enterNormal = entryNormal(slabs.enterAxis, slabs.enterSign);
  return hit;
}

}  // namespace detail

/// Segment–AABB slab test (the Recast & Detour slab post). Trace rows: slabs X, Y, Z.
/// opt.mode: SatMode::Full visits every slab after a rejection (for teaching).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit slabSegmentAabb(const Segment& seg, const Aabb& box, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.slabBegin(TestId::SegmentAabb);
  const detail::Slabs slabs =
      detail::slabLoop<3>(seg.p0 - box.center, seg.p1 - seg.p0, box.half, AxisId::world, rec, opt);
  if constexpr (Rec::kEnabled) rec.slabEnd(slabs.overlap, slabs.tmin, slabs.tmax);
  // The entry face's normal is +-1 on one world axis (the other components stay +0).
  return detail::segmentHit(slabs, seg.p0, seg.p1, [](int axis, float sign) {
    glm::vec3 n(0.0f);
    n[axis] = sign;
    return n;
  });
}

/// Segment–OBB slab test in the box frame. Trace rows: slabs B0, B1, B2 (box frame).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SegmentHit slabSegmentObb(const Segment& seg, const Obb& box, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.slabBegin(TestId::SegmentObb);
  // Into the box frame: coordinates along the box's axes (the transpose of its rotation).
  const glm::vec3 rel = seg.p0 - box.center;
  const glm::vec3 dir = seg.p1 - seg.p0;
  const glm::vec3 o(glm::dot(rel, box.axes[0]), glm::dot(rel, box.axes[1]), glm::dot(rel, box.axes[2]));
  const glm::vec3 d(glm::dot(dir, box.axes[0]), glm::dot(dir, box.axes[1]), glm::dot(dir, box.axes[2]));
  const detail::Slabs slabs = detail::slabLoop<3>(o, d, box.half, AxisId::faceB, rec, opt);
  if constexpr (Rec::kEnabled) rec.slabEnd(slabs.overlap, slabs.tmin, slabs.tmax);
  return detail::segmentHit(slabs, seg.p0, seg.p1, [&box](int axis, float sign) { return sign * box.axes[axis]; });
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SegmentHit slabSegmentAabb(const Segment& seg, const Aabb& box);
SegmentHit slabSegmentObb(const Segment& seg, const Obb& box);

}  // namespace satlab
