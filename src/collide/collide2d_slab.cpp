// 2D slab test: segment vs rectangle (axis aligned, or rotated in its own frame).
//
// Seed 004 (from Recast & Detour's checkOverlapSegment): a rectangle is the intersection of
// an x-slab and a y-slab. The segment P(t) = p0 + t d, d = p1 - p0, crosses the two lines
// of slab i at t1 <= t2; it meets the rectangle iff the intervals overlap:
//   tMin = max(0, t1 of every axis), tMax = min(1, t2 of every axis), hit iff tMin <= tMax.
// When |d_i| < 1e-6 the segment is parallel to slab i: it misses if p0 is outside the
// slab, otherwise slab i does not constrain t. Also Ericson, Real-Time Collision
// Detection, 5.3.3 (intersecting a ray or segment against a box), after Kay and Kajiya.
#include <cmath>

#include "collide/collide2d.hpp"

namespace satlab {
namespace {

// The slab loop in the rectangle's frame: p and d are the segment's start and direction,
// [lo, hi] the rectangle. The returned point and normal are in that same frame.
template <class Rec>
SegmentHit2 slabLocal(const glm::vec2& p, const glm::vec2& d, const glm::vec2& lo, const glm::vec2& hi, Rec& rec) {
  float tMin = 0.0f;  // a segment: t starts at 0 ...
  float tMax = 1.0f;  // ... and ends at 1 (seed 004)
  int enterAxis = -1;
  float enterSign = 0.0f;  // sign of the entered side's outward normal on enterAxis
  bool miss = false;

  for (int i = 0; i < 2; ++i) {
    SlabAxisRow2 row;
    row.axis = i;
    row.direction = d[i];
    bool rejects = false;
    if (std::fabs(d[i]) < kSlabParallelEps2) {
      // Parallel to slab i: decided by containment alone. No 1/d_i is formed, so a zero
      // component never meets an infinite t (never 0 * inf).
      row.parallel = true;
      row.inside = p[i] >= lo[i] && p[i] <= hi[i];
      rejects = !row.inside;
    } else {
      // The lines x_i = lo_i and x_i = hi_i; the near one is lo_i when moving in +i.
      float t1 = (lo[i] - p[i]) / d[i];
      float t2 = (hi[i] - p[i]) / d[i];
      // Moving in +i the segment enters through the lo side (outward normal -e_i), else
      // through the hi side. Decided by the sign of d_i, not by the swap below: on a flat
      // rect (lo == hi) t1 == t2 and the swap says nothing.
      const float sign = d[i] > 0.0f ? -1.0f : 1.0f;
      if (t1 > t2) {
        const float tmp = t1;
        t1 = t2;
        t2 = tmp;
      }
      row.t1 = t1;
      row.t2 = t2;
      if (t1 > tMin) {  // seed 004: tMin = max(tMin, t1); remember which side
        tMin = t1;
        enterAxis = i;
        enterSign = sign;
      } else if (t1 == 0.0f && tMin == 0.0f) {
        // p0 lies on the near side and the segment moves inwards: same interval, but the
        // side is named so a segment starting on the boundary still reports its normal.
        enterAxis = i;
        enterSign = sign;
      }
      if (t2 < tMax) tMax = t2;
      rejects = tMin > tMax;
    }
    row.tMin = tMin;
    row.tMax = tMax;
    row.rejects = rejects && !miss;
    rec.slabAxis(row);
    if (rejects && !miss) {
      miss = true;
      rec.slabReject(i);
      if (!rec.evaluateAll()) break;
    }
  }

  SegmentHit2 hit;
  if (miss) return hit;
  hit.hit = true;
  hit.tEnter = tMin;
  hit.tExit = tMax;
  hit.point = p + tMin * d;
  if (enterAxis >= 0) {
    hit.enterAxis = enterAxis;
    hit.normal[enterAxis] = enterSign;
  }
  return hit;
}

}  // namespace

template <class Rec>
SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r, Rec& rec) {
  // World frame is the rectangle's frame; seed 004 works with the corners bmin, bmax.
  return slabLocal(s.p0, s.p1 - s.p0, r.min(), r.max(), rec);
}

template <class Rec>
SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r, Rec& rec) {
  // Into the rect's frame: coordinates along its unit axes, relative to its centre.
  const glm::vec2 u0 = r.axis0();
  const glm::vec2 u1 = r.axis1();
  const glm::vec2 rel = s.p0 - r.center;
  const glm::vec2 dw = s.p1 - s.p0;
  const glm::vec2 p(glm::dot(rel, u0), glm::dot(rel, u1));
  const glm::vec2 d(glm::dot(dw, u0), glm::dot(dw, u1));
  SegmentHit2 hit = slabLocal(p, d, -r.half, r.half, rec);
  if (hit.hit) {
    // Back to world: the point from the world segment (t is frame independent), the
    // normal by the rotation.
    hit.point = s.p0 + hit.tEnter * dw;
    hit.normal = hit.normal.x * u0 + hit.normal.y * u1;
  }
  return hit;
}

SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r) {
  NoTrace2 rec;
  return intersectSegmentRect(s, r, rec);
}

SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r) {
  NoTrace2 rec;
  return intersectSegmentOrientedRect(s, r, rec);
}

template SegmentHit2 intersectSegmentRect<NoTrace2>(const Segment2&, const Rect2&, NoTrace2&);
template SegmentHit2 intersectSegmentRect<SlabTrace2>(const Segment2&, const Rect2&, SlabTrace2&);
template SegmentHit2 intersectSegmentOrientedRect<NoTrace2>(const Segment2&, const OrientedRect2&, NoTrace2&);
template SegmentHit2 intersectSegmentOrientedRect<SlabTrace2>(const Segment2&, const OrientedRect2&, SlabTrace2&);

}  // namespace satlab
