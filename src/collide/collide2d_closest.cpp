// 2D closest-point tests: circle vs rect (axis aligned or rotated), circle vs circle,
// circle vs segment. All compare squared distances, so none needs a square root to decide.
#include <algorithm>
#include <cmath>

#include "satlab/collide/collide2d.hpp"

namespace satlab {
namespace {

// Arvo's method (J. Arvo, "A simple method for box-sphere intersection testing", Graphics
// Gems, 1990; the "Using AABB" tutorial; Ericson, Real-Time Collision Detection, 5.1.3 and 5.2.5) in the
// rect's frame: q is the circle's centre relative to the rect's centre, in rect axes.
// On each axis where q lies outside the slab [-h, h], add the squared distance to the slab;
// clamping q into the rect gives the closest point at the same time.
template <class Rec>
ClosestResult2 arvoLocal(const glm::vec2& q, const glm::vec2& half, float radius, glm::vec2& clampedOut,
                         const std::string_view* labels, std::string_view testName, Rec& rec) {
  const float r2 = radius * radius;
  rec.closestBegin(testName, r2);
  float sum = 0.0f;
  for (int i = 0; i < 2; ++i) {
    const float clamped = std::min(std::max(q[i], -half[i]), half[i]);
    const float outside = q[i] - clamped;  // 0 inside the slab
    const float contribution = outside * outside;
    // 0 + c is c itself for c = x * x (never -0), so the sum starts at the first term.
    sum = i == 0 ? contribution : sum + contribution;
    clampedOut[i] = clamped;
    if constexpr (Rec::kEnabled) {
      ClosestAxisRow2 row;
      row.index = i;
      row.label = labels[i];
      row.center = q[i];
      row.lo = -half[i];
      row.hi = half[i];
      row.clamped = clamped;
      row.contribution = contribution;
      rec.closestAxis(row);
    }
  }
  ClosestResult2 res;
  res.distanceSquared = sum;
  res.distance = std::sqrt(sum);
  res.overlap = sum <= r2;  // touching overlaps
  rec.closestEnd(sum, res.overlap);
  return res;
}

}  // namespace

template <class Rec>
ClosestResult2 overlapCircleRect(const Circle2& c, const Rect2& r, Rec& rec) {
  glm::vec2 clamped(0.0f);
  ClosestResult2 res =
      arvoLocal(c.center - r.center, r.half, c.radius, clamped, kRectSlabLabels2.data(), "Circle2-Rect2", rec);
  res.closestPoint = r.center + clamped;
  return res;
}

template <class Rec>
ClosestResult2 overlapCircleOrientedRect(const Circle2& c, const OrientedRect2& r, Rec& rec) {
  // axis1() is axis0() turned +90 degrees: turning the one normalised axis gives the same
  // bits without a second square root and division.
  const glm::vec2 u0 = r.axis0();
  const glm::vec2 u1(-u0.y, u0.x);
  const glm::vec2 rel = c.center - r.center;
  const glm::vec2 q(glm::dot(rel, u0), glm::dot(rel, u1));
  glm::vec2 clamped(0.0f);
  ClosestResult2 res =
      arvoLocal(q, r.half, c.radius, clamped, kOrientedSlabLabels2.data(), "Circle2-OrientedRect2", rec);
  res.closestPoint = r.center + clamped.x * u0 + clamped.y * u1;
  return res;
}

ClosestResult2 overlapCircleRect(const Circle2& c, const Rect2& r) {
  NoTrace2 rec;
  return overlapCircleRect(c, r, rec);
}

ClosestResult2 overlapCircleOrientedRect(const Circle2& c, const OrientedRect2& r) {
  NoTrace2 rec;
  return overlapCircleOrientedRect(c, r, rec);
}

// Two discs meet iff the distance of their centres is at most rA + rB; squared, so exact
// at touching for representable inputs (Ericson 4.3.1, sphere-sphere, in 2D).
ClosestResult2 overlapCircleCircle(const Circle2& a, const Circle2& b) {
  const glm::vec2 d = a.center - b.center;
  const float d2 = glm::dot(d, d);
  const float rsum = a.radius + b.radius;
  ClosestResult2 res;
  res.overlap = d2 <= rsum * rsum;
  if (d2 <= b.radius * b.radius) {  // A's centre is inside disc B: it is its own closest
    res.closestPoint = a.center;
  } else {  // d2 > rB^2 >= 0, so the division is safe
    const float dist = std::sqrt(d2);
    res.closestPoint = b.center + d * (b.radius / dist);
    res.distance = std::max(dist - b.radius, 0.0f);
    res.distanceSquared = res.distance * res.distance;
  }
  return res;
}

// Closest point on a segment to a point (Ericson 5.1.2): project onto the line, clamp the
// parameter to [0, 1]. A zero-length segment is its point p0 (no division by zero).
ClosestResult2 overlapCircleSegment(const Circle2& c, const Segment2& s) {
  const glm::vec2 d = s.p1 - s.p0;
  const float dd = glm::dot(d, d);
  float t = 0.0f;
  if (dd > 0.0f) t = std::min(std::max(glm::dot(c.center - s.p0, d) / dd, 0.0f), 1.0f);
  ClosestResult2 res;
  res.t = t;
  res.closestPoint = s.p0 + t * d;
  const glm::vec2 off = c.center - res.closestPoint;
  res.distanceSquared = glm::dot(off, off);
  res.distance = std::sqrt(res.distanceSquared);
  res.overlap = res.distanceSquared <= c.radius * c.radius;
  return res;
}

template ClosestResult2 overlapCircleRect<NoTrace2>(const Circle2&, const Rect2&, NoTrace2&);
template ClosestResult2 overlapCircleRect<ClosestTrace2>(const Circle2&, const Rect2&, ClosestTrace2&);
template ClosestResult2 overlapCircleOrientedRect<NoTrace2>(const Circle2&, const OrientedRect2&, NoTrace2&);
template ClosestResult2 overlapCircleOrientedRect<ClosestTrace2>(const Circle2&, const OrientedRect2&, ClosestTrace2&);

}  // namespace satlab
