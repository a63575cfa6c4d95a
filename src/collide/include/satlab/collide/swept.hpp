// satlab collision core: between two frames. Two shapes that move straight, at constant
// speed and without turning, over a step t in [0, 1]: shape A by dA, shape B by dB. When do
// they first touch, and when do they part?
//
// Only the relative motion v = dB - dA matters: seen from A, B moves by v. Each test below
// is a static test of the articles turned into a test over time:
//
// - SAT in time (sweptAabbAabb, sweptAabbObb, sweptObbObb). The boxes do not turn, so the
//   15 candidate axes of OBB-OBB (Ericson 4.4.1) stay fixed, and so do the projected
//   half-widths rA and rB. On axis L the centres' distance is s(t) = s(0) + (v . L) t, and
//   the projections overlap while |s(t)| <= rA + rB: an interval of t, or always, or never.
//   The boxes touch while every axis overlaps, so they first touch at the latest entry and
//   part at the earliest exit: the slab test's tmin and tmax (slab.hpp), with one slab per
//   axis, in time instead of along a segment. The axis with the latest entry decides the
//   time of impact; an axis whose interval misses [0, 1], or the others', separates the
//   boxes for the whole step. (Separating-axis tests over time: Eberly, "Intersection of
//   Convex Objects: The Method of Separating Axes", 2001.)
// - The same question for two AABBs as a ray (sweptAabbAabbMinkowski): B touches A exactly
//   when B's centre is in A grown by B's half extents (their Minkowski sum, a box), so B's
//   centre moving by v is a segment, and the slab test of the articles (slab.hpp) answers.
//   Its three slabs are SAT in time's three axes, the same numbers seen the other way.
// - A moving sphere against a sphere (sweptSphereSphere): B's centre against the sphere of
//   radius rA + rB around A's centre, the segment-sphere quadratic (segment_sphere.hpp).
// - A moving sphere against a box (sweptSphereAabb, sweptSphereObb): the centre's path
//   against the box grown by r, whose edges and corners are rounded (Ericson 5.5.7): the
//   points within r of the box. In the box frame the squared distance from the centre to
//   the box is the sum, over the axes where the centre lies outside the box's slab, of the
//   squared distance to the slab. Between two times at which the centre crosses a slab's
//   plane (at most six in a step) the same slabs are outside, so the squared distance is one
//   quadratic in t; the first piece where it reaches r^2 gives the time of impact, exactly.
// - A moving sphere against a triangle (sweptSphereTriangle), as Fauerby ("Improved
//   Collision detection and Response", 2003) and Ericson 5.5.6 put it: the sphere first
//   touches the triangle's face (its plane at distance r, the foot inside the triangle), one
//   of its edges (the cylinder of radius r about the edge's line, the foot on the edge) or
//   one of its corners (a sphere of radius r): the earliest of the seven.
//
// Contracts: closed shapes, so touching counts; shapes that touch at t = 0 give toi = 0 and a
// zero normal. Each time is computed in double from the float inputs, so no product
// overflows and the times keep their digits. Flat boxes, point spheres and triangles without
// area are valid. The one approximation is SAT in time's, as in the static test: the cross
// axis of two edges within 1e-6 of parallel is skipped (the face axes then decide), so
// such boxes may be reported touching when they are apart by a sliver of that order.
// Frames: world space in, world space out.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "satlab/collide/closest_triangle.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/segment_sphere.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle.hpp"

namespace satlab {
namespace detail {

/// A box in double: centre, axes (column i is axis i) and half extents.
struct BoxD {
  glm::dvec3 c{0.0};
  glm::dmat3 axes{1.0};
  glm::dvec3 e{0.0};
};
inline BoxD boxD(const Aabb& b) { return BoxD{glm::dvec3(b.center), glm::dmat3(1.0), glm::dvec3(b.half)}; }
inline BoxD boxD(const Obb& b) { return BoxD{glm::dvec3(b.center), glm::dmat3(b.axes), glm::dvec3(b.half)}; }

/// The box's projected half-width on the unit axis L.
inline double projectedRadius(const BoxD& b, const glm::dvec3& L) {
  return b.e.x * std::abs(glm::dot(b.axes[0], L)) + b.e.y * std::abs(glm::dot(b.axes[1], L)) +
         b.e.z * std::abs(glm::dot(b.axes[2], L));
}

/// The point of the box closest to p (p clamped to the box in its frame).
inline glm::dvec3 clampToBox(const BoxD& b, const glm::dvec3& p) {
  glm::dvec3 q = b.c;
  for (int k = 0; k < 3; ++k) {
    const double x = glm::dot(p - b.c, b.axes[k]);
    q += std::min(std::max(x, -b.e[k]), b.e[k]) * b.axes[k];
  }
  return q;
}

/// The centre of the box's face, edge or corner that reaches furthest along `dir`: along an
/// axis (nearly) perpendicular to dir the feature spans the box, so its centre is there.
inline glm::dvec3 supportCentre(const BoxD& b, const glm::dvec3& dir) {
  glm::dvec3 q = b.c;
  for (int k = 0; k < 3; ++k) {
    const double d = glm::dot(b.axes[k], dir);
    if (std::abs(d) > 1e-9) q += (d > 0.0 ? b.e[k] : -b.e[k]) * b.axes[k];
  }
  return q;
}

/// The closest points of the segments p + s u and q + t w, s, t in [0, 1], in double
/// (Ericson 5.1.9); returns their midpoint.
inline glm::dvec3 segmentsMidpoint(const glm::dvec3& p, const glm::dvec3& u, const glm::dvec3& q, const glm::dvec3& w) {
  const glm::dvec3 r = p - q;
  const double a = glm::dot(u, u), e = glm::dot(w, w), f = glm::dot(w, r);
  double s = 0.0, t = 0.0;
  if (a <= 0.0 && e <= 0.0) return 0.5 * (p + q);
  if (a <= 0.0) {
    t = std::min(std::max(f / e, 0.0), 1.0);
  } else {
    const double c = glm::dot(u, r);
    if (e <= 0.0) {
      s = std::min(std::max(-c / a, 0.0), 1.0);
    } else {
      const double b = glm::dot(u, w), denom = a * e - b * b;
      s = denom > 0.0 ? std::min(std::max((b * f - c * e) / denom, 0.0), 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0.0) {
        t = 0.0;
        s = std::min(std::max(-c / a, 0.0), 1.0);
      } else if (t > 1.0) {
        t = 1.0;
        s = std::min(std::max((b - c) / a, 0.0), 1.0);
      }
    }
  }
  return 0.5 * ((p + s * u) + (q + t * w));
}

/// Where two boxes touch when axis `id` (oriented by the unit `n`, from A to B) decides: for
/// a face of A, the centre of B's nearest feature, clamped onto A; for a face of B, the same
/// the other way round; for an edge-edge axis, between the two supporting edges.
inline glm::dvec3 boxContactPoint(const BoxD& a, const BoxD& b, AxisId id, const glm::dvec3& n) {
  if (id.kind == AxisId::Kind::FaceB) return clampToBox(b, supportCentre(a, n));
  if (id.kind == AxisId::Kind::EdgeEdge) {
    const glm::dvec3 ca = supportCentre(a, n), cb = supportCentre(b, -n);
    const glm::dvec3 ua = a.axes[id.i] * a.e[id.i], ub = b.axes[id.j] * b.e[id.j];
    // Each supporting edge runs along its own axis, so that axis's coordinate is free.
    const glm::dvec3 pa = ca - (glm::dot(ca - a.c, a.axes[id.i])) * a.axes[id.i];
    const glm::dvec3 pb = cb - (glm::dot(cb - b.c, b.axes[id.j])) * b.axes[id.j];
    return segmentsMidpoint(pa - ua, 2.0 * ua, pb - ub, 2.0 * ub);
  }
  return clampToBox(a, supportCentre(b, -n));
}

/// A time for a trace row, within +-1e9 steps (an axis the centres cross very slowly).
inline float traceTime(double t) { return float(std::min(std::max(t, -1e9), 1e9)); }

/// SAT in time over the first `axisCount` axes of A0 A1 A2 B0 B1 B2 A0xB0 ... A2xB2 (3 for
/// two AABBs, whose B axes and cross axes repeat A's).
template <class Rec>
SweptHit sweptSat(TestId test, const BoxD& a, const glm::dvec3& da, const BoxD& b, const glm::dvec3& db, int axisCount,
                  Rec& rec, const SatOptions& opt) {
  if constexpr (Rec::kEnabled) rec.sweptBegin(test);
  const glm::dvec3 offset = b.c - a.c;  // s(0) is offset . L
  const glm::dvec3 v = db - da;         // ds/dt is v . L
  double tEnter = 0.0, tExit = 1.0;     // the step
  int deciding = -1;
  AxisId decidingId{};
  glm::dvec3 decidingNormal(0.0);
  bool miss = false;
  for (int k = 0; k < axisCount; ++k) {
    AxisId id;
    glm::dvec3 L;
    if (k < 3) {
      id = AxisId::faceA(k);
      L = a.axes[k];
    } else if (k < 6) {
      id = AxisId::faceB(k - 3);
      L = b.axes[k - 3];
    } else {
      const int i = (k - 6) / 3, j = (k - 6) % 3;
      id = AxisId::edge(i, j);
      L = glm::cross(a.axes[i], b.axes[j]);
    }
    const double length = glm::length(L);
    SweptAxisRow row;
    row.index = k;
    row.id = id;
    if (length < double(kDegenerateAxisLength)) {
      // Parallel edges: their cross axis never separates what the face axes do not.
      if constexpr (Rec::kEnabled) {
        row.degenerate = true;
        row.t1 = 0.0f;
        row.t2 = 1.0f;
        row.tEnter = float(tEnter);
        row.tExit = float(tExit);
        rec.sweptAxis(row);
      }
      continue;
    }
    L /= length;
    const double ra = projectedRadius(a, L), rb = projectedRadius(b, L), reach = ra + rb;
    const double s = glm::dot(offset, L), speed = glm::dot(v, L);
    double t1, t2;
    bool rejects;
    if (speed == 0.0) {
      // The projections keep their distance: they overlap on this axis always or never.
      const bool always = std::abs(s) <= reach;
      t1 = always ? 0.0 : 1.0;
      t2 = always ? 1.0 : 0.0;
      rejects = !always;
    } else {
      // |s + speed t| <= reach between the times s + speed t = -reach and = +reach.
      t1 = (-reach - s) / speed;
      t2 = (reach - s) / speed;
      if (t1 > t2) std::swap(t1, t2);
      if (t1 > tEnter) {
        tEnter = t1;
        deciding = k;
        decidingId = id;
        // Entering, |s| shrinks: s has the sign opposite to speed, so B lies on -speed's side.
        decidingNormal = speed > 0.0 ? -L : L;
      }
      if (t2 < tExit) tExit = t2;
      rejects = tEnter > tExit;
    }
    rejects = rejects && !miss;  // only the first rejection is the rejecting axis
    if constexpr (Rec::kEnabled) {
      row.axis = glm::vec3(L);
      row.distance = float(s);
      row.speed = float(speed);
      row.radiusA = float(ra);
      row.radiusB = float(rb);
      row.parallel = speed == 0.0;
      row.t1 = traceTime(t1);
      row.t2 = traceTime(t2);
      row.tEnter = traceTime(tEnter);
      row.tExit = traceTime(tExit);
      row.rejects = rejects;
      rec.sweptAxis(row);
    }
    if (rejects) {
      miss = true;
      if (opt.mode == SatMode::EarlyExit || !Rec::kEnabled) break;  // Full only shows a recorder the rest
    }
  }
  SweptHit hit;
  if (!miss) {
    hit.hit = true;
    hit.toi = float(tEnter);
    hit.tExit = float(tExit);
    if (deciding >= 0) {
      hit.axis = decidingId;
      hit.normal = glm::vec3(decidingNormal);
      BoxD at = a, bt = b;
      at.c += da * tEnter;
      bt.c += db * tEnter;
      hit.point = glm::vec3(boxContactPoint(at, bt, decidingId, decidingNormal));
    } else {
      hit.point = glm::vec3(0.5 * (clampToBox(a, b.c) + clampToBox(b, a.c)));
    }
  }
  if constexpr (Rec::kEnabled) rec.sweptEnd(hit.hit, hit.toi, hit.tExit, deciding);
  return hit;
}

/// The first t >= lo at which a t^2 + b t + c (a >= 0) reaches 0 within [lo, hi], given that
/// it is positive at lo; -1 if it does not. Roots by the form that does not cancel.
inline double firstRoot(double a, double b, double c, double lo, double hi) {
  double root;
  if (a == 0.0) {
    if (b >= 0.0) return -1.0;
    root = -c / b;
  } else {
    const double disc = b * b - 4.0 * a * c;
    if (disc < 0.0) return -1.0;
    const double q = -0.5 * (b + (b >= 0.0 ? 1.0 : -1.0) * std::sqrt(disc));
    const double r1 = q / a, r2 = q != 0.0 ? c / q : r1;
    root = std::min(r1, r2);
  }
  return root >= lo && root <= hi ? root : -1.0;
}

/// A point moving from o by d (t in [0, 1]), in the frame of the box [-e, e], against the box
/// grown by r: the first t at which it is within r of the box, or -1. The pieces go to `rec`.
/// `touchSide` receives the sides the point touches from (the pieces' `side`).
template <class Rec>
double sphereBoxFirstTouch(const glm::dvec3& o, const glm::dvec3& d, const glm::dvec3& e, double r, Rec& rec,
                           glm::ivec3* touchSide) {
  // The times in (0, 1) at which the point crosses a slab's plane.
  double cuts[8];
  int n = 0;
  cuts[n++] = 0.0;
  for (int k = 0; k < 3; ++k) {
    if (d[k] == 0.0) continue;
    for (const double plane : {-e[k], e[k]}) {
      const double t = (plane - o[k]) / d[k];
      if (t > 0.0 && t < 1.0) cuts[n++] = t;
    }
  }
  cuts[n++] = 1.0;
  for (int i = 1; i < n; ++i)  // at most eight: insertion sort
    for (int j = i; j > 0 && cuts[j] < cuts[j - 1]; --j) std::swap(cuts[j], cuts[j - 1]);
  for (int p = 0; p + 1 < n; ++p) {
    const double lo = cuts[p], hi = cuts[p + 1];
    if (hi <= lo) continue;  // a repeated cut
    // Which slabs the point is outside during this piece: read in its middle.
    const double mid = 0.5 * (lo + hi);
    double qa = 0.0, qb = 0.0, qc = -r * r;
    glm::ivec3 side(0);
    for (int k = 0; k < 3; ++k) {
      const double x = o[k] + d[k] * mid;
      if (x < -e[k] || x > e[k]) {
        const double plane = x < -e[k] ? -e[k] : e[k];
        side[k] = x < -e[k] ? -1 : 1;
        // (o + d t - plane)^2
        const double w = o[k] - plane;
        qa += d[k] * d[k];
        qb += 2.0 * d[k] * w;
        qc += w * w;
      }
    }
    const double atLo = (qa * lo + qb) * lo + qc;
    const double t = atLo <= 0.0 ? lo : firstRoot(qa, qb, qc, lo, hi);
    if constexpr (Rec::kEnabled) {
      SweptPieceRow row;
      row.t0 = float(lo);
      row.t1 = float(hi);
      row.side = side;
      row.a = float(qa);
      row.b = float(qb);
      row.c = float(qc);
      row.touches = t >= 0.0;
      row.t = t >= 0.0 ? float(t) : 0.0f;
      rec.piece(row);
    }
    if (t >= 0.0) {
      // The faces it came from: this piece's, or (touching at its very start) the last one's.
      if (side != glm::ivec3(0)) *touchSide = side;
      return t;
    }
    *touchSide = side;
  }
  return -1.0;
}

template <class Rec>
SweptHit sweptSphereBox(TestId test, const Sphere& s, const glm::vec3& ds, const BoxD& box, const glm::vec3& db,
                        Rec& rec) {
  // The centre relative to the box, in the box frame, and its motion relative to the box's.
  const glm::dvec3 rel = glm::dvec3(s.center) - box.c, v = glm::dvec3(ds) - glm::dvec3(db);
  const glm::dvec3 o(glm::dot(rel, box.axes[0]), glm::dot(rel, box.axes[1]), glm::dot(rel, box.axes[2]));
  const glm::dvec3 d(glm::dot(v, box.axes[0]), glm::dot(v, box.axes[1]), glm::dot(v, box.axes[2]));
  const double r = s.radius;
  if constexpr (Rec::kEnabled) rec.piecesBegin(test, s.radius);
  glm::ivec3 side(0), unused(0);
  const double toi = sphereBoxFirstTouch(o, d, box.e, r, rec, &side);
  SweptHit hit;
  if (toi >= 0.0) {
    NoTrace none;
    // They part when the reversed motion, from the end, first touches.
    const double back = sphereBoxFirstTouch(o + d, -d, box.e, r, none, &unused);
    hit.hit = true;
    hit.toi = float(toi);
    // A graze the two passes round differently (a point past a box of extents near 1e-38) is a
    // single touch: the parting never precedes the contact.
    hit.tExit = float(std::max(back >= 0.0 ? 1.0 - back : 1.0, toi));
    const glm::dvec3 p = o + d * toi;
    const glm::dvec3 q = glm::clamp(p, -box.e, box.e);
    const glm::dvec3 boxAt = box.c + glm::dvec3(db) * toi;
    hit.point = glm::vec3(boxAt + box.axes * q);
    const double gap = glm::length(q - p);
    if (toi > 0.0) {
      // A point sphere (r = 0) touches on the box's surface: into the faces it came from.
      const glm::dvec3 n = gap > 0.0 ? (q - p) / gap : -glm::normalize(glm::dvec3(side));
      hit.normal = glm::vec3(box.axes * n);
    }
  }
  if constexpr (Rec::kEnabled) rec.piecesEnd(hit.hit, hit.toi);
  return hit;
}

/// A point p moving by v (t in [0, 1]) against a triangle's features grown by r: the first t
/// at which it touches each feature, relative to the triangle; -1 where it does not.
template <class Rec>
double sphereTriangleFirstTouch(const glm::dvec3& p, const glm::dvec3& v, const TriangleD& tri, double r, bool noArea,
                                Rec& rec, int* first) {
  double best = -1.0;
  *first = -1;
  int rowIndex = 0;
  auto consider = [&](TriangleFeature feature, double t) {
    const bool touches = t >= 0.0 && t <= 1.0;
    if constexpr (Rec::kEnabled) {
      SweptFeatureRow row;
      row.feature = feature;
      row.touches = touches;
      row.t = touches ? float(t) : 0.0f;
      rec.feature(row);
    }
    if (touches && (best < 0.0 || t < best)) {
      best = t;
      *first = rowIndex;
    }
    ++rowIndex;
  };
  // The face: the plane at distance r on the side p starts, the foot inside the triangle.
  if (!noArea) {
    const glm::dvec3 nRaw = tri.normal();
    const glm::dvec3 n = nRaw / glm::length(nRaw);
    const double d0 = glm::dot(n, p - tri.v[0]), dv = glm::dot(n, v);
    const double target = d0 >= 0.0 ? r : -r;
    double t = -1.0;
    if ((d0 > r && dv < 0.0) || (d0 < -r && dv > 0.0)) {
      const double tp = (target - d0) / dv;
      const glm::dvec3 foot = p + v * tp - n * target;
      // Inside (or on) the triangle: on the inner side of each edge, seen along n.
      bool inside = true;
      for (int k = 0; k < 3; ++k)
        if (glm::dot(glm::cross(tri.edge(k), foot - tri.v[k]), n) < 0.0) inside = false;
      if (inside) t = tp;
    }
    consider(TriangleFeature::Face, t);
  }
  // The edges: |(m + v t) x e|^2 = r^2 |e|^2, m = p - start, the foot on the edge.
  const TriangleFeature edges[3] = {TriangleFeature::EdgeAB, TriangleFeature::EdgeBC, TriangleFeature::EdgeCA};
  for (int k = 0; k < 3; ++k) {
    const glm::dvec3 e = tri.edge(k), m = p - tri.v[k];
    const double ee = glm::dot(e, e);
    double t = -1.0;
    if (ee > 0.0) {
      const glm::dvec3 me = glm::cross(m, e), ve = glm::cross(v, e);
      const double qa = glm::dot(ve, ve), qb = 2.0 * glm::dot(me, ve), qc = glm::dot(me, me) - r * r * ee;
      const double root = qc > 0.0 ? firstRoot(qa, qb, qc, 0.0, 1.0) : -1.0;
      if (root >= 0.0) {
        const double foot = glm::dot(m + v * root, e) / ee;
        if (foot >= 0.0 && foot <= 1.0) t = root;
      }
    }
    consider(edges[k], t);
  }
  // The corners: |p + v t - corner|^2 = r^2.
  const TriangleFeature corners[3] = {TriangleFeature::VertexA, TriangleFeature::VertexB, TriangleFeature::VertexC};
  for (int k = 0; k < 3; ++k) {
    const glm::dvec3 m = p - tri.v[k];
    const double qc = glm::dot(m, m) - r * r;
    consider(corners[k], qc > 0.0 ? firstRoot(glm::dot(v, v), 2.0 * glm::dot(m, v), qc, 0.0, 1.0) : -1.0);
  }
  return best;
}

}  // namespace detail

// ---- SAT in time -------------------------------------------------------------------------

/// Two AABBs: SAT in time on the three world axes (A0 A1 A2 = X Y Z).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptAabbAabb(const Aabb& a, const glm::vec3& da, const Aabb& b, const glm::vec3& db, Rec& rec,
                       const SatOptions& opt = {}) {
  return detail::sweptSat(TestId::SweptAabbAabb, detail::boxD(a), glm::dvec3(da), detail::boxD(b), glm::dvec3(db), 3,
                          rec, opt);
}

/// An AABB and an OBB: SAT in time on the 15 axes (the AABB's are world X, Y, Z).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptAabbObb(const Aabb& a, const glm::vec3& da, const Obb& b, const glm::vec3& db, Rec& rec,
                      const SatOptions& opt = {}) {
  return detail::sweptSat(TestId::SweptAabbObb, detail::boxD(a), glm::dvec3(da), detail::boxD(b), glm::dvec3(db), 15,
                          rec, opt);
}

/// Two OBBs: SAT in time on the 15 axes.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptObbObb(const Obb& a, const glm::vec3& da, const Obb& b, const glm::vec3& db, Rec& rec,
                     const SatOptions& opt = {}) {
  return detail::sweptSat(TestId::SweptObbObb, detail::boxD(a), glm::dvec3(da), detail::boxD(b), glm::dvec3(db), 15,
                          rec, opt);
}

// ---- The same for two AABBs, as a ray against their Minkowski sum --------------------------

/// B's centre, moving by dB - dA, as a segment against A grown by B's half extents, by the
/// slab test (trace: its slabs X, Y, Z).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptAabbAabbMinkowski(const Aabb& a, const glm::vec3& da, const Aabb& b, const glm::vec3& db, Rec& rec,
                                const SatOptions& opt = {}) {
  const Aabb sum{a.center, a.half + b.half};
  const Segment path{b.center, b.center + (db - da)};
  const SegmentHit s = slabSegmentAabb(path, sum, rec, opt);
  SweptHit hit;
  if (!s.overlap) return hit;
  hit.hit = true;
  hit.toi = s.tEnter;
  hit.tExit = s.tExit;
  if (s.tEnter > 0.0f) {
    // The face of the sum that B's centre enters through is the face of A that B meets.
    hit.normal = s.enterNormal;
    const int axis = s.enterNormal.x != 0.0f ? 0 : s.enterNormal.y != 0.0f ? 1 : 2;
    hit.axis = AxisId::faceA(axis);
    detail::BoxD at = detail::boxD(a), bt = detail::boxD(b);
    at.c += glm::dvec3(da) * double(s.tEnter);
    bt.c += glm::dvec3(db) * double(s.tEnter);
    hit.point = glm::vec3(detail::boxContactPoint(at, bt, hit.axis, glm::dvec3(hit.normal)));
  } else {
    const detail::BoxD ad = detail::boxD(a), bd = detail::boxD(b);
    hit.point = glm::vec3(0.5 * (detail::clampToBox(ad, bd.c) + detail::clampToBox(bd, ad.c)));
  }
  return hit;
}

// ---- A moving sphere ------------------------------------------------------------------------

/// Two spheres: B's centre, moving by dB - dA, against the sphere of radius rA + rB about
/// A's centre (the segment-sphere quadratic, traced as that test).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptSphereSphere(const Sphere& a, const glm::vec3& da, const Sphere& b, const glm::vec3& db, Rec& rec) {
  const Sphere sum{a.center, a.radius + b.radius};
  const SegmentHit s = segmentSphere(Segment{b.center, b.center + (db - da)}, sum, rec);
  SweptHit hit;
  if (!s.overlap) return hit;
  hit.hit = true;
  hit.toi = s.tEnter;
  hit.tExit = s.tExit;
  const glm::dvec3 ca = glm::dvec3(a.center) + glm::dvec3(da) * double(s.tEnter);
  const glm::dvec3 cb = glm::dvec3(b.center) + glm::dvec3(db) * double(s.tEnter);
  const double between = glm::length(cb - ca);
  const glm::dvec3 n = between > 0.0 ? (cb - ca) / between : glm::dvec3(1.0, 0.0, 0.0);
  if (s.tEnter > 0.0f) hit.normal = glm::vec3(n);
  // On A's surface towards B (between the surfaces when they overlap at the start).
  hit.point = glm::vec3(ca + n * std::min(double(a.radius), between));
  return hit;
}

/// A sphere (A) against an AABB (B): the centre's path against the box grown by r.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptSphereAabb(const Sphere& s, const glm::vec3& ds, const Aabb& box, const glm::vec3& db, Rec& rec) {
  return detail::sweptSphereBox(TestId::SweptSphereAabb, s, ds, detail::boxD(box), db, rec);
}

/// A sphere (A) against an OBB (B): the same, in the box frame.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptSphereObb(const Sphere& s, const glm::vec3& ds, const Obb& box, const glm::vec3& db, Rec& rec) {
  return detail::sweptSphereBox(TestId::SweptSphereObb, s, ds, detail::boxD(box), db, rec);
}

/// A sphere (A) against a triangle (B): the first of its face, edges and corners it touches.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SweptHit sweptSphereTriangle(const Sphere& s, const glm::vec3& ds, const Triangle& tri, const glm::vec3& dt, Rec& rec) {
  // Relative to the triangle's first corner (and its motion), in double.
  const detail::TriangleD t = detail::toDouble(tri, tri.a);
  const glm::dvec3 p = glm::dvec3(s.center) - glm::dvec3(tri.a), v = glm::dvec3(ds) - glm::dvec3(dt);
  const double r = s.radius;
  const bool noArea = detail::hasNoArea(t.normal(), t.longestEdgeSquared());
  NoTrace none;
  const detail::ClosestOnTriangle start = detail::closestOnTriangle(p, t, none);
  const bool atStart = glm::dot(p - start.point, p - start.point) <= r * r;
  if constexpr (Rec::kEnabled) rec.featuresBegin(atStart, noArea);
  int first = -1;
  const double toi = atStart ? 0.0 : detail::sphereTriangleFirstTouch(p, v, t, r, noArea, rec, &first);
  SweptHit hit;
  if (toi >= 0.0) {
    int unused = -1;
    const double back = detail::sphereTriangleFirstTouch(p + v, -v, t, r, noArea, none, &unused);
    const detail::ClosestOnTriangle end = detail::closestOnTriangle(p + v, t, none);
    const bool atEnd = glm::dot(p + v - end.point, p + v - end.point) <= r * r;
    hit.hit = true;
    hit.toi = float(toi);
    hit.tExit = atEnd ? 1.0f : float(back >= 0.0 ? 1.0 - back : 1.0);
    const glm::dvec3 c = p + v * toi;
    const glm::dvec3 q = detail::closestOnTriangle(c, t, none).point;
    const glm::dvec3 shift = glm::dvec3(tri.a) + glm::dvec3(dt) * toi;  // the triangle at toi
    hit.point = glm::vec3(q + shift);
    const double gap = glm::length(q - c);
    if (toi > 0.0) {
      // A point sphere (r = 0) touches on the triangle: the normal against its motion.
      glm::dvec3 n = noArea ? v : t.normal();
      if (glm::dot(n, v) < 0.0) n = -n;
      hit.normal = glm::vec3(gap > 0.0 ? (q - c) / gap : glm::normalize(n));
    }
  }
  if constexpr (Rec::kEnabled) rec.featuresEnd(hit.hit, hit.toi, first);
  return hit;
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SweptHit sweptAabbAabb(const Aabb& a, const glm::vec3& da, const Aabb& b, const glm::vec3& db);
SweptHit sweptAabbObb(const Aabb& a, const glm::vec3& da, const Obb& b, const glm::vec3& db);
SweptHit sweptObbObb(const Obb& a, const glm::vec3& da, const Obb& b, const glm::vec3& db);
SweptHit sweptAabbAabbMinkowski(const Aabb& a, const glm::vec3& da, const Aabb& b, const glm::vec3& db);
SweptHit sweptSphereSphere(const Sphere& a, const glm::vec3& da, const Sphere& b, const glm::vec3& db);
SweptHit sweptSphereAabb(const Sphere& s, const glm::vec3& ds, const Aabb& box, const glm::vec3& db);
SweptHit sweptSphereObb(const Sphere& s, const glm::vec3& ds, const Obb& box, const glm::vec3& db);
SweptHit sweptSphereTriangle(const Sphere& s, const glm::vec3& ds, const Triangle& tri, const glm::vec3& dt);

}  // namespace satlab
