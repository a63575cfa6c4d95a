// satlab collision core: AABB–segment and OBB–segment as separating-axis tests (the "Using
// AABB" tutorial; Ericson, Real-Time Collision Detection, 5.3.3, TestSegmentAABB).
//
// A segment is a degenerate OBB with one axis: its midpoint m, direction d = p1 - p0 and
// half vector h = d / 2. Six candidate axes, in the order tested:
//   X, Y, Z      the box's face normals:  |T_i| > E_i + |h_i|  separates (T = m - centre),
//   Xxd, Yxd, Zxd  e_i x d:  |T . (e_i x d)| > E_{i+1} |d_{i+2}| + E_{i+2} |d_{i+1}|
//                  separates; the segment projects to a single point on these axes.
// A is the box and B the segment, so reported axes point from the box to the segment.
//
// Contracts: closed shapes (touching overlaps); a zero-length segment is a point (its cross
// axes are zero vectors with s = 0, never separating, and the face axes test the point);
// flat boxes are valid; no NaN for finite input. No epsilon is needed: e_i x d is built from
// the components of a single vector, so s and the radius scale together even when d is
// nearly parallel to e_i (SatOptions::epsilon is unused). Agrees with slabSegmentAabb
// (slab.hpp) except within float rounding of touching.
#pragma once

#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_axes.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

/// AABB–segment, the 6-axis SAT of the "Using AABB" tutorial. The trace's centre B is the
/// segment's midpoint.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbSegment(const Aabb& box, const Segment& seg, Rec& rec, const SatOptions& opt = {}) {
  // The segment as a box with one axis: midpoint m, direction d, half vector d / 2.
  const glm::vec3 m = (seg.p0 + seg.p1) * 0.5f;
  const glm::vec3 d = seg.p1 - seg.p0;
  const glm::vec3 t = m - box.center;
  const glm::vec3 e = box.half;
  const glm::vec3 ad(std::abs(d.x), std::abs(d.y), std::abs(d.z));
  if constexpr (Rec::kEnabled) rec.satBegin(TestId::AabbSegment, box.center, m, opt);
  detail::SatAxes<Rec> sat(rec, opt);

  // The box's face normals X, Y, Z: the segment's half-width on axis i is |d_i| / 2.
  const glm::mat3 world(1.0f);
  for (int i = 0; i < 3; ++i) {
    if (sat.face(AxisId::world(i), t[i], e[i], 0.5f * ad[i], world[i])) return sat.finish();
  }

  // e_i x d: L[i] = 0, L[i+1] = -d[i+2], L[i+2] = d[i+1]. The segment projects to a single
  // point on these axes, so its radius is 0.
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const float s = t[i2] * d[i1] - t[i1] * d[i2];
    const float ra = e[i1] * ad[i2] + e[i2] * ad[i1];
    if (sat.cross(AxisId::worldCrossSegment(i), s, ra, 0.0f, glm::cross(world[i], d))) return sat.finish();
  }
  return sat.finish();
}

/// The untraced test: the same function with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SatResult satAabbSegment(const Aabb& box, const Segment& seg, const SatOptions& opt = {});

/// OBB–segment: the same six axes in the box's frame. The segment's midpoint offset and
/// direction are written in the box's axes A0, A1, A2 (t_i = T . A_i, d_i = d . A_i), then
/// the tests are the AABB's: the faces A0, A1, A2, and A_i x d. The trace's axes are in
/// world space (A_i, and A_i x d), its centre B the segment's midpoint.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satObbSegment(const Obb& box, const Segment& seg, Rec& rec, const SatOptions& opt = {}) {
  const glm::vec3 m = (seg.p0 + seg.p1) * 0.5f;
  const glm::vec3 dWorld = seg.p1 - seg.p0;
  // In the box's frame: row vector times the axes (columns) gives (v . A0, v . A1, v . A2).
  const glm::vec3 t = (m - box.center) * box.axes;
  const glm::vec3 d = dWorld * box.axes;
  const glm::vec3 e = box.half;
  const glm::vec3 ad(std::abs(d.x), std::abs(d.y), std::abs(d.z));
  if constexpr (Rec::kEnabled) rec.satBegin(TestId::ObbSegment, box.center, m, opt);
  detail::SatAxes<Rec> sat(rec, opt);

  // The box's face normals A0, A1, A2: the segment's half-width on axis i is |d_i| / 2.
  for (int i = 0; i < 3; ++i) {
    if (sat.face(AxisId::faceA(i), t[i], e[i], 0.5f * ad[i], box.axes[i])) return sat.finish();
  }

  // A_i x d, written in the box's frame as e_i x d: the segment projects to a single point.
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const float s = t[i2] * d[i1] - t[i1] * d[i2];
    const float ra = e[i1] * ad[i2] + e[i2] * ad[i1];
    if (sat.cross(AxisId::faceACrossSegment(i), s, ra, 0.0f, glm::cross(box.axes[i], dWorld))) return sat.finish();
  }
  return sat.finish();
}

SatResult satObbSegment(const Obb& box, const Segment& seg, const SatOptions& opt = {});

}  // namespace satlab
