// satlab collision core: between two frames, for shapes that turn. Conservative advancement
// (Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", PhD thesis, 1996, 2.4;
// the form of Catto's "Continuous Collision", GDC 2013).
//
// Over a step t in [0, 1] each shape's centre moves straight by its displacement d, and the
// shape turns about its centre at a constant rate w (axis times angle, in radians, over the
// whole step). At time t the shapes are at least `distance` apart along a direction n (the
// separating direction the distance was measured along): their projections onto n are that
// far apart. Along the fixed n the centres close at (dB - dA) . n, and a point at r from its
// centre moves along n at (w x r) . n <= |n x w| R, R the distance to its farthest point; so
// the gap along n shrinks at most at
//     bound = |(dB - dA) . n| + |n x wA| RA + |n x wB| RB   (per step),
// and the gap along n is never more than the distance. So they cannot touch before
// t + distance / bound: advance to there, measure again, and stop when the distance is
// within the tolerance (the time of impact) or t passes 1 (no contact in the step). Each
// step is safe, so the first contact is never stepped over, whatever the shapes do between
// the frames; a bar that spins past a thin wall, which a sweep of its translation misses
// (swept.hpp), is caught. (Mirtich bounds the turn by w R alone; taking only its part
// across n makes the steps longer where a shape turns about n itself.)
//
// The distance: a sphere's from its centre to the box (clamped in the box frame, Arvo)
// minus r, exact. A capsule's is the capsule test's (capsule.hpp: the cores' distance minus
// the radii, exact, computed in float there); it turns about its core's midpoint, and its
// support along n is its core's plus r, so its R above is half its core's length. Two
// boxes: the largest gap over their 15 SAT axes (sat_box.hpp), which is at most their
// distance, so the step stays safe, and is 0 exactly when they touch (SAT is exact for
// boxes), so advancement still stops at the contact; it makes the steps a little shorter
// than the exact distance would.
//
// Contracts: toi is at most the true time of impact, and above it by no more than the time
// it takes the shapes to close the tolerance (1e-6 of their size); tExit is toi (only the
// first contact is found). Shapes that touch at t = 0 give toi = 0 and a zero normal.
// Computed in double. After kAdvanceMaxIterations steps without a verdict (shapes that close
// in far more slowly than they turn, for the whole step) the last t is reported as a
// contact, with the last direction measured as its normal: the safe side.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "satlab/collide/capsule.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/swept.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

/// How a shape moves over a step t in [0, 1]: its centre straight by `displacement`, and
/// turning about the centre by `rotation` (the axis times the angle in radians) at a
/// constant rate.
struct StepMotion {
  glm::vec3 displacement{0.0f};
  glm::vec3 rotation{0.0f};
};

/// Most iterations of conservative advancement in one step.
inline constexpr int kAdvanceMaxIterations = 10000;

/// The tolerance of conservative advancement, relative to the shapes' size.
inline constexpr double kAdvanceTolerance = 1e-6;

namespace detail {

/// The rotation by the angle |w| about w (Rodrigues' formula), in double.
inline glm::dmat3 rotationOf(const glm::dvec3& w) {
  const double angle = glm::length(w);
  if (angle == 0.0) return glm::dmat3(1.0);
  const glm::dvec3 k = w / angle;
  const double c = std::cos(angle), s = std::sin(angle), C = 1.0 - c;
  // Column-major: m[col][row].
  glm::dmat3 m;
  m[0] = glm::dvec3(c + k.x * k.x * C, k.y * k.x * C + k.z * s, k.z * k.x * C - k.y * s);
  m[1] = glm::dvec3(k.x * k.y * C - k.z * s, c + k.y * k.y * C, k.z * k.y * C + k.x * s);
  m[2] = glm::dvec3(k.x * k.z * C + k.y * s, k.y * k.z * C - k.x * s, c + k.z * k.z * C);
  return m;
}

/// The box at time t of its motion.
inline BoxD boxAt(const BoxD& b, const StepMotion& m, double t) {
  BoxD out = b;
  out.c = b.c + glm::dvec3(m.displacement) * t;
  out.axes = rotationOf(glm::dvec3(m.rotation) * t) * b.axes;
  return out;
}

/// The largest gap between two boxes over their 15 SAT axes (at most their distance; <= 0
/// when they touch), with its axis, oriented from A to B.
inline double largestGap(const BoxD& a, const BoxD& b, AxisId* id, glm::dvec3* axis) {
  const glm::dvec3 offset = b.c - a.c;
  double best = -1e300;
  for (int k = 0; k < 15; ++k) {
    glm::dvec3 L;
    AxisId kId;
    if (k < 3) {
      kId = AxisId::faceA(k);
      L = a.axes[k];
    } else if (k < 6) {
      kId = AxisId::faceB(k - 3);
      L = b.axes[k - 3];
    } else {
      kId = AxisId::edge((k - 6) / 3, (k - 6) % 3);
      L = glm::cross(a.axes[(k - 6) / 3], b.axes[(k - 6) % 3]);
    }
    const double length = glm::length(L);
    if (length < double(kDegenerateAxisLength)) continue;
    L /= length;
    const double s = glm::dot(offset, L);
    const double gap = std::abs(s) - projectedRadius(a, L) - projectedRadius(b, L);
    if (gap > best) {
      best = gap;
      *id = kId;
      *axis = s >= 0.0 ? L : -L;
    }
  }
  return best;
}

/// How fast two shapes moving as `ma` and `mb` (farthest points RA, RB from their centres)
/// can close a gap measured along the unit n (see the top of the file).
inline double closingBound(const glm::dvec3& n, const StepMotion& ma, const StepMotion& mb, double ra, double rb) {
  const glm::dvec3 v = glm::dvec3(mb.displacement) - glm::dvec3(ma.displacement);
  return std::abs(glm::dot(v, n)) + glm::length(glm::cross(n, glm::dvec3(ma.rotation))) * ra +
         glm::length(glm::cross(n, glm::dvec3(mb.rotation))) * rb;
}

/// The advancement loop. `measure(t, &normal, &point, &axis)` gives the distance (lower
/// bound) at t, the unit normal from A to B along which it was measured and a contact point
/// there; `bound(normal)` how fast that gap can close.
template <class Rec, class Measure, class Bound>
SweptHit advance(TestId test, double tolerance, const Measure& measure, const Bound& bound, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.advanceBegin(test, float(tolerance));
  SweptHit hit;
  double t = 0.0;
  bool ranOut = true;
  glm::dvec3 normal(0.0), point(0.0), approach(0.0);
  AxisId axis{};
  for (int iteration = 0; iteration < kAdvanceMaxIterations; ++iteration) {
    axis = AxisId{};
    const double distance = measure(t, &normal, &point, &axis);
    // A touch measured without a direction (a point on the box's surface, or inside it) keeps
    // the direction it came from.
    if (normal == glm::dvec3(0.0)) normal = approach;
    approach = normal;
    const bool touching = distance <= tolerance;
    const double closing = touching ? 0.0 : bound(normal);
    const double step = touching || closing <= 0.0 ? 0.0 : distance / closing;
    if constexpr (Rec::kEnabled) {
      AdvanceRow row;
      row.t = float(t);
      row.distance = float(distance);
      row.axis = axis;
      row.bound = float(closing);
      row.step = float(step);
      rec.advanceStep(row);
    }
    if (touching) {
      hit.hit = true;
      hit.toi = float(t);
      hit.tExit = hit.toi;
      hit.point = glm::vec3(point);
      if (hit.toi > 0.0f) {
        hit.normal = glm::vec3(normal);
        hit.axis = axis;
      }
      ranOut = false;
      break;
    }
    if (closing <= 0.0 || t + step > 1.0) {  // apart, and cannot meet before the step ends
      ranOut = false;
      break;
    }
    t += step;
  }
  if (ranOut) {
    // Closing in too slowly for the whole budget: the safe side is a contact at the last t.
    hit.hit = true;
    hit.toi = float(t);
    hit.tExit = hit.toi;
    hit.point = glm::vec3(point);
    if (hit.toi > 0.0f) {
      hit.normal = glm::vec3(normal);
      hit.axis = axis;
    }
  }
  if constexpr (Rec::kEnabled) rec.advanceEnd(hit.hit, hit.toi, ranOut);
  return hit;
}

/// A capsule at time t of its motion: its midpoint moved, its core turned about it.
inline Capsule capsuleAt(const Capsule& c, const StepMotion& m, double t) {
  const glm::dvec3 mid = 0.5 * (glm::dvec3(c.p0) + glm::dvec3(c.p1)) + glm::dvec3(m.displacement) * t;
  const glm::dvec3 half = rotationOf(glm::dvec3(m.rotation) * t) * (0.5 * (glm::dvec3(c.p1) - glm::dvec3(c.p0)));
  return Capsule{glm::vec3(mid - half), glm::vec3(mid + half), c.radius};
}

/// Half a capsule's core: how far its core reaches from the midpoint it turns about.
inline double coreReach(const Capsule& c) { return 0.5 * glm::length(glm::dvec3(c.p1) - glm::dvec3(c.p0)); }

/// A capsule test's result as advancement reads it: the surfaces' gap, the unit normal from
/// A's core to B's, a point between them on A's surface.
inline double capsuleGap(const CapsuleResult& r, double radiusA, double radiusB, glm::dvec3* normal,
                         glm::dvec3* point) {
  const glm::dvec3 pa(r.pointA), pb(r.pointB);
  const double d = glm::length(pb - pa);
  *normal = d > 0.0 ? (pb - pa) / d : glm::dvec3(0.0);
  *point = pa + *normal * radiusA;
  return double(r.distance) - radiusA - radiusB;
}

}  // namespace detail

/// Two turning OBBs (an AABB is an OBB with the world's axes).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit advanceObbObb(const Obb& a, const StepMotion& ma, const Obb& b, const StepMotion& mb, Rec& rec) {
  const detail::BoxD a0 = detail::boxD(a), b0 = detail::boxD(b);
  const double ra = glm::length(a0.e), rb = glm::length(b0.e);
  const double tolerance = kAdvanceTolerance * std::max(ra + rb, 1e-6);
  auto measure = [&](double t, glm::dvec3* normal, glm::dvec3* point, AxisId* axis) {
    const detail::BoxD at = detail::boxAt(a0, ma, t), bt = detail::boxAt(b0, mb, t);
    const double gap = detail::largestGap(at, bt, axis, normal);
    *point = detail::boxContactPoint(at, bt, *axis, *normal);
    return gap;
  };
  auto bound = [&](const glm::dvec3& n) { return detail::closingBound(n, ma, mb, ra, rb); };
  return detail::advance(TestId::AdvanceObbObb, tolerance, measure, bound, rec);
}

/// A sphere (A) against a turning OBB (B); the sphere's own turning does not change it.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit advanceSphereObb(const Sphere& s, const StepMotion& ms, const Obb& b, const StepMotion& mb, Rec& rec) {
  const detail::BoxD b0 = detail::boxD(b);
  const double rb = glm::length(b0.e);
  const double tolerance = kAdvanceTolerance * std::max(double(s.radius) + rb, 1e-6);
  auto measure = [&](double t, glm::dvec3* normal, glm::dvec3* point, AxisId*) {
    const detail::BoxD bt = detail::boxAt(b0, mb, t);
    const glm::dvec3 c = glm::dvec3(s.center) + glm::dvec3(ms.displacement) * t;
    const glm::dvec3 q = detail::clampToBox(bt, c);
    const double d = glm::length(q - c);
    *normal = d > 0.0 ? (q - c) / d : glm::dvec3(0.0);
    *point = q;
    return d - double(s.radius);
  };
  // The sphere's turn moves none of its points off the sphere: RA = 0.
  auto bound = [&](const glm::dvec3& n) { return detail::closingBound(n, ms, mb, 0.0, rb); };
  return detail::advance(TestId::AdvanceSphereObb, tolerance, measure, bound, rec);
}

/// Two turning capsules, each about its midpoint: the distance by capsuleCapsule.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit advanceCapsuleCapsule(const Capsule& a, const StepMotion& ma, const Capsule& b, const StepMotion& mb,
                               Rec& rec) {
  // The cores' turns move them (a capsule's support along n is its core's plus r).
  auto bound = [&](const glm::dvec3& n) {
    return detail::closingBound(n, ma, mb, detail::coreReach(a), detail::coreReach(b));
  };
  const double size = detail::coreReach(a) + detail::coreReach(b) + double(a.radius) + double(b.radius);
  const double tolerance = kAdvanceTolerance * std::max(size, 1e-6);
  auto measure = [&](double t, glm::dvec3* normal, glm::dvec3* point, AxisId*) {
    const CapsuleResult r = capsuleCapsule(detail::capsuleAt(a, ma, t), detail::capsuleAt(b, mb, t));
    return detail::capsuleGap(r, a.radius, b.radius, normal, point);
  };
  return detail::advance(TestId::AdvanceCapsuleCapsule, tolerance, measure, bound, rec);
}

/// A turning capsule (A) against a sphere (B), whose own turning does not change it: the
/// distance by capsuleSphere.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit advanceCapsuleSphere(const Capsule& a, const StepMotion& ma, const Sphere& b, const StepMotion& mb, Rec& rec) {
  auto bound = [&](const glm::dvec3& n) { return detail::closingBound(n, ma, mb, detail::coreReach(a), 0.0); };
  const double size = detail::coreReach(a) + double(a.radius) + double(b.radius);
  const double tolerance = kAdvanceTolerance * std::max(size, 1e-6);
  auto measure = [&](double t, glm::dvec3* normal, glm::dvec3* point, AxisId*) {
    const Sphere bt{glm::vec3(glm::dvec3(b.center) + glm::dvec3(mb.displacement) * t), b.radius};
    const CapsuleResult r = capsuleSphere(detail::capsuleAt(a, ma, t), bt);
    return detail::capsuleGap(r, a.radius, b.radius, normal, point);
  };
  return detail::advance(TestId::AdvanceCapsuleSphere, tolerance, measure, bound, rec);
}

/// A turning capsule (A) against a turning OBB (B): the distance by capsuleObb.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit advanceCapsuleObb(const Capsule& a, const StepMotion& ma, const Obb& b, const StepMotion& mb, Rec& rec) {
  const detail::BoxD b0 = detail::boxD(b);
  const double rb = glm::length(b0.e);
  auto bound = [&](const glm::dvec3& n) { return detail::closingBound(n, ma, mb, detail::coreReach(a), rb); };
  const double tolerance = kAdvanceTolerance * std::max(detail::coreReach(a) + double(a.radius) + rb, 1e-6);
  auto measure = [&](double t, glm::dvec3* normal, glm::dvec3* point, AxisId*) {
    const detail::BoxD bt = detail::boxAt(b0, mb, t);
    const Obb box{glm::vec3(bt.c), glm::mat3(bt.axes), glm::vec3(bt.e)};
    const CapsuleResult r = capsuleObb(detail::capsuleAt(a, ma, t), box);
    return detail::capsuleGap(r, a.radius, 0.0, normal, point);
  };
  return detail::advance(TestId::AdvanceCapsuleObb, tolerance, measure, bound, rec);
}

/// The untraced tests (untraced.cpp).
SweptHit advanceObbObb(const Obb& a, const StepMotion& ma, const Obb& b, const StepMotion& mb);
SweptHit advanceSphereObb(const Sphere& s, const StepMotion& ms, const Obb& b, const StepMotion& mb);
SweptHit advanceCapsuleCapsule(const Capsule& a, const StepMotion& ma, const Capsule& b, const StepMotion& mb);
SweptHit advanceCapsuleSphere(const Capsule& a, const StepMotion& ma, const Sphere& b, const StepMotion& mb);
SweptHit advanceCapsuleObb(const Capsule& a, const StepMotion& ma, const Obb& b, const StepMotion& mb);

}  // namespace satlab
