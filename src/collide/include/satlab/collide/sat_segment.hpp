// satlab collision core: AABB–segment as a separating-axis test (the "Using AABB" tutorial).
//
// A segment is a degenerate OBB with one axis: its midpoint m, direction d = p1 - p0 and
// half vector h = d / 2. Six candidate axes, in canonical order (kSegmentAxisLabels):
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
#include "satlab/collide/sat_run.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

// L = e_I x d: L[I] = 0, L[I1] = -d[I2], L[I2] = d[I1].
template <int I>
inline glm::vec3 segmentCrossAxisDir(const glm::vec3& d) {
  constexpr int kI1 = (I + 1) % 3, kI2 = (I + 2) % 3;
  glm::vec3 l(0.0f);
  l[kI1] = -d[kI2];
  l[kI2] = d[kI1];
  return l;
}

template <int I, class Run>
inline bool segmentCrossAxis(Run& run, const glm::vec3& t, const glm::vec3& d, const glm::vec3& ad,
                             const glm::vec3& e) {
  constexpr int kI1 = (I + 1) % 3, kI2 = (I + 2) % 3;
  // L = e_I x d has L[I] = 0, L[I1] = -d[I2], L[I2] = d[I1].
  const float s = t[kI2] * d[kI1] - t[kI1] * d[kI2];
  const float ra = e[kI1] * ad[kI2] + e[kI2] * ad[kI1];
  return run.axis(3 + I, s, ra, ZeroRadius{}, [&] { return segmentCrossAxisDir<I>(d); });
}

// The six axes in canonical order; returns at the first axis the run stops at. ad = |d| per
// component; the segment's half-width on face axis i is |h_i| = 0.5 |d_i| (exact).
template <class Run>
SATLAB_FORCE_INLINE void aabbSegmentAxes(Run& run, const glm::vec3& t, const glm::vec3& d,
                                         const glm::vec3& e) {
  const glm::vec3 ad(std::abs(d.x), std::abs(d.y), std::abs(d.z));
  if (run.axis(0, t[0], e[0], 0.5f * ad[0], [] { return glm::vec3(1.0f, 0.0f, 0.0f); })) return;
  if (run.axis(1, t[1], e[1], 0.5f * ad[1], [] { return glm::vec3(0.0f, 1.0f, 0.0f); })) return;
  if (run.axis(2, t[2], e[2], 0.5f * ad[2], [] { return glm::vec3(0.0f, 0.0f, 1.0f); })) return;
  if (segmentCrossAxis<0>(run, t, d, ad, e)) return;
  if (segmentCrossAxis<1>(run, t, d, ad, e)) return;
  if (segmentCrossAxis<2>(run, t, d, ad, e)) return;
  // Untraced rich result, no axis separated: the deferred penetration search (sat_run.hpp).
  if (run.needsPenetrationPass()) {
    run.penetration(0, glm::vec3(1.0f, 0.0f, 0.0f));
    run.penetration(1, glm::vec3(0.0f, 1.0f, 0.0f));
    run.penetration(2, glm::vec3(0.0f, 0.0f, 1.0f));
    run.penetration(3, segmentCrossAxisDir<0>(d));
    run.penetration(4, segmentCrossAxisDir<1>(d));
    run.penetration(5, segmentCrossAxisDir<2>(d));
  }
}

template <class Rec, bool kRich>
SATLAB_FORCE_INLINE SatResult satAabbSegmentImpl(const Aabb& box, const Segment& seg, Rec& rec,
                                    const SatOptions& opt) {
  const glm::vec3 mid = (seg.p0 + seg.p1) * 0.5f;
  rec.satBegin(std::string_view("AABB-segment"), box.center, mid, opt);
  const glm::vec3 d = seg.p1 - seg.p0;
  const glm::vec3 t = mid - box.center;
  SatResult res;
  SatRun<Rec, kRich> run(rec, opt, kSegmentAxisLabels.data(), res, 3);
  aabbSegmentAxes(run, t, d, box.half);
  run.finish();
  return res;
}

}  // namespace detail

/// AABB–segment, 6-axis SAT of the "Using AABB" tutorial. The trace's centre B is the segment's midpoint.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbSegment(const Aabb& box, const Segment& seg, Rec& rec,
                         const SatOptions& opt = {}) {
  return detail::satAabbSegmentImpl<Rec, true>(box, seg, rec, opt);
}
SATLAB_FORCE_INLINE SatResult satAabbSegment(const Aabb& box, const Segment& seg, const SatOptions& opt = {}) {
  NoTrace none;
  return detail::satAabbSegmentImpl<NoTrace, true>(box, seg, none, opt);
}

}  // namespace satlab
