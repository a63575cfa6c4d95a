// 2D separating-axis tests: rect/rect, rect/rotated rect, rotated rect/rotated rect.
//
// Separating axis theorem for two convex polygons: they are disjoint iff some edge normal
// of either one separates their projections. A rectangle has two edge normals, its local
// axes, so two rectangles need at most 4 axes (2 when both are axis aligned, where the
// axes coincide). Seed 000 gives the axis-aligned form, |T.i| > A.E.i + B.E.i; seed 003 and
// Ericson, Real-Time Collision Detection, 4.4.1 give the oriented form, which in 2D has no
// cross-product axes. The projection radius of a rectangle with unit axes u0, u1 and half
// extents h onto a unit axis L is h.x |u0 . L| + h.y |u1 . L| (Ericson 4.4.1, eq. for r_A).
#include <cmath>
#include <limits>

#include "collide/collide2d.hpp"

namespace satlab {
namespace {

// A rectangle in the common form the test walks: centre, unit axes, half extents.
struct Box2 {
  glm::vec2 center;
  glm::vec2 u0;
  glm::vec2 u1;
  glm::vec2 half;
};

Box2 boxOf(const Rect2& r) { return Box2{r.center, glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f), r.half}; }

// axis1() is axis0() turned +90 degrees; turning the one normalised axis0() here gives the
// same bits and spares the second square root and division of calling both.
Box2 boxOf(const OrientedRect2& r) {
  const glm::vec2 u0 = r.axis0();
  return Box2{r.center, u0, glm::vec2(-u0.y, u0.x), r.half};
}

// Half-width of the box's projection onto the unit axis L. For an axis-aligned box and
// L = +X this is exactly half.x (the |0| term vanishes), so the X/Y test is seed 000's.
float projectedRadius(const Box2& b, const glm::vec2& l) {
  return b.half.x * std::fabs(glm::dot(b.u0, l)) + b.half.y * std::fabs(glm::dot(b.u1, l));
}

// The one SAT loop every 2D pair runs. Axes are visited in the given order; the first
// separating one decides (early out) unless the recorder asks for every axis.
template <class Rec>
SatResult2 satBoxes(const Box2& a, const Box2& b, const glm::vec2* axes, const std::string_view* labels, int count,
                    std::string_view testName, Rec& rec) {
  rec.satBegin(testName);
  const glm::vec2 t = b.center - a.center;  // T, the centre-to-centre vector (seed 000)

  SatResult2 res;
  res.overlap = true;
  float bestDepth = std::numeric_limits<float>::infinity();

  for (int i = 0; i < count; ++i) {
    const glm::vec2 l = axes[i];
    const float s = glm::dot(t, l);  // T projected onto L
    const float ra = projectedRadius(a, l);
    const float rb = projectedRadius(b, l);
    // Separated on L iff |T . L| > rA + rB; equality (touching) is overlap.
    const bool separating = std::fabs(s) > ra + rb;

    if constexpr (Rec::kEnabled) {
      SatAxisRow2 row;
      row.index = i;
      row.label = labels[i];
      row.axis = l;
      row.centerDistance = s;
      row.radiusA = ra;
      row.radiusB = rb;
      const float ca = glm::dot(a.center, l);
      const float cb = ca + s;
      row.minA = ca - ra;
      row.maxA = ca + ra;
      row.minB = cb - rb;
      row.maxB = cb + rb;
      row.gap = std::fabs(s) - ra - rb;
      row.separating = separating;
      rec.satAxis(row);
    }

    // A to B orientation of L: the side of A on which B's centre lies.
    const glm::vec2 towardsB = s < 0.0f ? -l : l;
    if (separating) {
      if (res.overlap) {  // the first separating axis: the early-exit version stops here
        res = SatResult2{};
        res.separatingIndex = i;
        res.separatingLabel = labels[i];
        res.separatingAxis = towardsB;
        res.gap = std::fabs(s) - (ra + rb);
      }
      if (!rec.evaluateAll()) break;
    } else if (res.overlap) {
      // Still overlapping on every axis so far: keep the least penetration.
      const float depth = (ra + rb) - std::fabs(s);
      if (depth < bestDepth) {
        bestDepth = depth;
        res.penetrationIndex = i;
        res.penetrationLabel = labels[i];
        res.penetrationAxis = towardsB;
        res.depth = depth;
      }
    }
  }
  rec.satEnd(res.overlap);
  return res;
}

}  // namespace

// Seed 000, AABB-AABB restricted to the plane: axes X and Y.
template <class Rec>
SatResult2 overlapRectRect(const Rect2& a, const Rect2& b, Rec& rec) {
  const glm::vec2 axes[2] = {glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f)};
  return satBoxes(boxOf(a), boxOf(b), axes, kRectAxisLabels2.data(), 2, "Rect2-Rect2", rec);
}

// Axes A0 = +X, A1 = +Y (the rect's), then B0, B1 (the rotated rect's local axes).
template <class Rec>
SatResult2 overlapRectOrientedRect(const Rect2& a, const OrientedRect2& b, Rec& rec) {
  const Box2 bb = boxOf(b);
  const glm::vec2 axes[4] = {glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f), bb.u0, bb.u1};
  return satBoxes(boxOf(a), bb, axes, kRectPairAxisLabels2.data(), 4, "Rect2-OrientedRect2", rec);
}

// Ericson 4.4.1 reduced to 2D: A0, A1, B0, B1; there are no edge-edge cross axes in 2D.
template <class Rec>
SatResult2 overlapOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b, Rec& rec) {
  const Box2 ba = boxOf(a);
  const Box2 bb = boxOf(b);
  const glm::vec2 axes[4] = {ba.u0, ba.u1, bb.u0, bb.u1};
  return satBoxes(ba, bb, axes, kRectPairAxisLabels2.data(), 4, "OrientedRect2-OrientedRect2", rec);
}

SatResult2 overlapRectRect(const Rect2& a, const Rect2& b) {
  NoTrace2 rec;
  return overlapRectRect(a, b, rec);
}

SatResult2 overlapRectOrientedRect(const Rect2& a, const OrientedRect2& b) {
  NoTrace2 rec;
  return overlapRectOrientedRect(a, b, rec);
}

SatResult2 overlapOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b) {
  NoTrace2 rec;
  return overlapOrientedRectOrientedRect(a, b, rec);
}

template SatResult2 overlapRectRect<NoTrace2>(const Rect2&, const Rect2&, NoTrace2&);
template SatResult2 overlapRectRect<SatTrace2>(const Rect2&, const Rect2&, SatTrace2&);
template SatResult2 overlapRectOrientedRect<NoTrace2>(const Rect2&, const OrientedRect2&, NoTrace2&);
template SatResult2 overlapRectOrientedRect<SatTrace2>(const Rect2&, const OrientedRect2&, SatTrace2&);
template SatResult2 overlapOrientedRectOrientedRect<NoTrace2>(const OrientedRect2&, const OrientedRect2&, NoTrace2&);
template SatResult2 overlapOrientedRectOrientedRect<SatTrace2>(const OrientedRect2&, const OrientedRect2&, SatTrace2&);

}  // namespace satlab
