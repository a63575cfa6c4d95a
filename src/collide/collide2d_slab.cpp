// 2D slab test: segment vs rectangle (axis aligned, or rotated in its own frame).
//
// The Recast & Detour slab post (its checkOverlapSegment): a rectangle is the intersection of
// an x-slab and a y-slab. The segment P(t) = p0 + t d, d = p1 - p0, crosses the two lines
// of slab i at t1 <= t2; it meets the rectangle iff the intervals overlap:
//   tMin = max(0, t1 of every axis), tMax = min(1, t2 of every axis), hit iff tMin <= tMax.
// When |d_i| < 1e-6 the segment is parallel to slab i: it misses if p0 is outside the
// slab, otherwise slab i does not constrain t. Also Ericson, Real-Time Collision
// Detection, 5.3.3 (intersecting a ray or segment against a box), after Kay and Kajiya.
#include <algorithm>
#include <cmath>

#include "satlab/collide/collide2d.hpp"
#include "satlab/collide/hints.hpp"

namespace satlab {
namespace {

// The segment and the rectangle in the rectangle's frame, axis by axis: the segment's origin
// p and direction d, the slab [lo, hi]. An axis-aligned rect's frame is the world's, and each
// number is computed when the loop reaches its axis (a test that stops at slab 0 computes
// nothing of slab 1): d = p1 - p0 and the corners, the Recast & Detour slab post's bmin and bmax (the values of
// Rect2::min() and max()).
struct WorldFrame {
  const Segment2& s;
  const Rect2& r;
  float origin(int i) const { return s.p0[i]; }
  float direction(int i) const { return s.p1[i] - s.p0[i]; }
  float lo(int i) const { return r.center[i] - r.half[i]; }
  float hi(int i) const { return r.center[i] + r.half[i]; }
  glm::vec2 origin() const { return s.p0; }
  glm::vec2 direction() const { return s.p1 - s.p0; }
};
// A rotated rect's own frame: the segment taken into it up front, the rect [-half, half].
struct LocalFrame {
  glm::vec2 p;
  glm::vec2 d;
  const glm::vec2& half;
  float origin(int i) const { return p[i]; }
  float direction(int i) const { return d[i]; }
  float lo(int i) const { return -half[i]; }
  float hi(int i) const { return half[i]; }
  glm::vec2 origin() const { return p; }
  glm::vec2 direction() const { return d; }
};

// The slab loop in the rectangle's frame (WorldFrame or LocalFrame). The returned point and
// normal are in that same frame.
template <class Rec, class Frame>
SATLAB_FORCE_INLINE SegmentHit2 slabLocal(const Frame& f, const std::string_view* labels, std::string_view testName,
                                          Rec& rec) {
  rec.slabBegin(testName);
  float tmin = 0.0f;  // a segment: t starts at 0 ...
  float tmax = 1.0f;  // ... and ends at 1 (the Recast & Detour slab post)
  int enterAxis = -1;
  bool miss = false;

  for (int i = 0; i < 2; ++i) {
    // The origin's coordinate p = f.origin(i) is read where it is used: a local copy of it
    // made GCC lay the loop out with more jumps (bench/, 2-3 instructions per call).
    const float d = f.direction(i);
    const bool parallel = std::fabs(d) < kSlabParallelEpsilon2;
    const float lo = f.lo(i), hi = f.hi(i);
    // lo <= p <= hi: the origin lies in the slab (what decides a parallel slab).
    const auto originInside = [&] { return f.origin(i) >= lo && f.origin(i) <= hi; };
    float t1 = 0.0f, t2 = 0.0f;
    bool rejects = false;
    if (parallel) {
      // Parallel to slab i: no hit if the origin is outside it, else no constraint on t.
      // No 1/d_i is formed, so a zero component never meets an infinite t (never 0 * inf).
      rejects = !originInside();
    } else {
      // t at the lines x_i = lo_i and x_i = hi_i; the nearer one is the entry.
      const float ta = (lo - f.origin(i)) / d;
      const float tb = (hi - f.origin(i)) / d;
      // Ordered by selects, not a swap: which of the two is nearer depends on the sign of
      // d_i, a branch random input makes unpredictable (as in slab.hpp).
      t1 = std::min(ta, tb);
      t2 = std::max(ta, tb);
      if (t1 > tmin) {  // the Recast & Detour slab post: tmin = max(tmin, t1); remember which side
        tmin = t1;
        enterAxis = i;
      }
      if (t2 < tmax) tmax = t2;
      rejects = tmin > tmax;
    }
    rejects = rejects && !miss;  // only the first rejection is the rejecting slab
    if constexpr (Rec::kEnabled) {
      SlabAxisRow2 row;
      row.index = i;
      row.label = labels[i];
      row.origin = f.origin(i);
      row.direction = d;
      row.lo = lo;
      row.hi = hi;
      row.parallel = parallel;
      row.originInside = originInside();
      row.t1 = t1;
      row.t2 = t2;
      row.tmin = tmin;
      row.tmax = tmax;
      row.rejects = rejects;
      rec.slabAxis(row);
    }
    if (rejects) {
      miss = true;
      if (!rec.evaluateAll()) break;
    }
  }

  SegmentHit2 hit;
  if (!miss) {
    hit.overlap = true;
    hit.tEnter = tmin;
    hit.tExit = tmax;
    hit.enterPoint = f.origin() + tmin * f.direction();
    if (enterAxis >= 0) {  // tmin > 0: the segment entered through side enterAxis
      hit.enterAxis = enterAxis;
      // Moving in +i the segment enters through the lo side (outward normal -e_i), else
      // through the hi side. Taken from the sign of d_i, not from the swap: on a flat rect
      // (lo == hi) t1 == t2 and the swap says nothing.
      hit.enterNormal[enterAxis] = f.direction(enterAxis) > 0.0f ? -1.0f : 1.0f;
    }
  }
  rec.slabEnd(hit.overlap, hit.tEnter, hit.tExit);
  return hit;
}

// One implementation per shape; the templates and the untraced overloads below both call
// it, so the untraced overload is the whole test with no call in between.

template <class Rec>
SATLAB_FORCE_INLINE SegmentHit2 segmentRect(const Segment2& s, const Rect2& r, Rec& rec) {
  // World frame is the rectangle's frame; the Recast & Detour slab post works with the corners bmin, bmax.
  return slabLocal(WorldFrame{s, r}, kRectSlabLabels2.data(), "Segment2-Rect2", rec);
}

template <class Rec>
SATLAB_FORCE_INLINE SegmentHit2 segmentOrientedRect(const Segment2& s, const OrientedRect2& r, Rec& rec) {
  // Into the rect's frame: coordinates along its unit axes, relative to its centre.
  // axis1() is axis0() turned +90 degrees: turning the one normalised axis gives the same
  // bits without a second square root and division.
  const glm::vec2 u0 = r.axis0();
  const glm::vec2 u1(-u0.y, u0.x);
  const glm::vec2 rel = s.p0 - r.center;
  const glm::vec2 dw = s.p1 - s.p0;
  const glm::vec2 p(glm::dot(rel, u0), glm::dot(rel, u1));
  const glm::vec2 d(glm::dot(dw, u0), glm::dot(dw, u1));
  SegmentHit2 hit = slabLocal(LocalFrame{p, d, r.half}, kOrientedSlabLabels2.data(), "Segment2-OrientedRect2", rec);
  if (hit.overlap) {
    // Back to world: the point from the world segment (t is frame independent), the
    // normal by the rotation.
    hit.enterPoint = s.p0 + hit.tEnter * dw;
    hit.enterNormal = hit.enterNormal.x * u0 + hit.enterNormal.y * u1;
  }
  return hit;
}

}  // namespace

template <class Rec>
SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r, Rec& rec) {
  return segmentRect(s, r, rec);
}

template <class Rec>
SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r, Rec& rec) {
  return segmentOrientedRect(s, r, rec);
}

SegmentHit2 intersectSegmentRect(const Segment2& s, const Rect2& r) {
  NoTrace2 rec;
  return segmentRect(s, r, rec);
}

SegmentHit2 intersectSegmentOrientedRect(const Segment2& s, const OrientedRect2& r) {
  NoTrace2 rec;
  return segmentOrientedRect(s, r, rec);
}

template SegmentHit2 intersectSegmentRect<NoTrace2>(const Segment2&, const Rect2&, NoTrace2&);
template SegmentHit2 intersectSegmentRect<SlabTrace2>(const Segment2&, const Rect2&, SlabTrace2&);
template SegmentHit2 intersectSegmentOrientedRect<NoTrace2>(const Segment2&, const OrientedRect2&, NoTrace2&);
template SegmentHit2 intersectSegmentOrientedRect<SlabTrace2>(const Segment2&, const OrientedRect2&, SlabTrace2&);

}  // namespace satlab
