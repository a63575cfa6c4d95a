// satlab collision core: separating-axis tests between boxes (AABB–AABB, AABB–OBB, OBB–OBB).
//
// Frames: inputs in world space. OBB–OBB works in the first box's frame (A): t is the
// centre offset cB - cA expressed in A's axes, and R[i][j] = Ai . Bj. Results and traces are
// reported in world space, every axis oriented from A to B.
//
// Axes, in the order tested: A0 A1 A2, B0 B1 B2, then Ai x Bj for i, j in 0..2 (A0xB0 A0xB1
// A0xB2 A1xB0 ... A2xB2). An AABB's axes are world X, Y, Z. The early-exit test returns at
// the first separating axis in this order. (The large-scene AABB/OBB blog post's code tests
// in the order A0 B0 A1 A2 B1 B2 ...; the verdict does not depend on the order.)
//
// Contracts: boxes are closed (touching overlaps: |s| <= rA + rB); zero half extents (flat or
// degenerate boxes) are valid; finite inputs give no NaN (a zero cross product gives s = 0
// and is never separating; with SatOptions::epsilon > 0 it is never near-falsely separating).
// OBB axes must be orthonormal to float precision.
#pragma once

#include <cmath>
#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_axes.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

namespace detail {

/// Box A's axes as satBoxBox reads them: an OBB's own (a glm::mat3, column i = Ai), or an
/// AABB's, WorldAxes (sat_axes.hpp), for which Ai . v is v[i] itself: no products by 0 and 1
/// (a float product by 0 is not 0 for every input, so the compiler cannot drop them).
inline float dotAxis(const glm::mat3& axes, int i, const glm::vec3& v) { return glm::dot(axes[i], v); }
inline float dotAxis(WorldAxes, int i, const glm::vec3& v) { return v[i]; }

}  // namespace detail

/// AABB–AABB on the three world axes (the "Using AABB" tutorial: separated on axis i when
/// |T_i| > Ea_i + Eb_i). Labels A0, A1, A2 (= X, Y, Z). opt.epsilon is unused.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbAabb(const Aabb& a, const Aabb& b, Rec& rec, const SatOptions& opt = {}) {
  if constexpr (Rec::kEnabled) rec.satBegin(TestId::AabbAabb, a.center, b.center, opt);
  detail::SatAxes<Rec> sat(rec, opt);
  for (int i = 0; i < 3; ++i) {
    const float t = b.center[i] - a.center[i];
    if (sat.face(AxisId::faceA(i), t, a.half[i], b.half[i], detail::WorldAxes{}[i])) break;
  }
  return sat.finish();
}

namespace detail {

/// Ericson, Real-Time Collision Detection (2005), 4.4.1 "OBB–OBB intersection" (TestOBBOBB),
/// with the |R| + epsilon of the large-scene AABB/OBB blog post. Box A is centre ca, axes
/// A (glm::mat3 or WorldAxes) and half extents ea; `test` names the pair for the recorder.
template <class Rec, class AxesA>
SatResult satBoxBox(TestId test, const glm::vec3& ca, const AxesA& A, const glm::vec3& ea, const Obb& b, Rec& rec,
                    const SatOptions& opt) {
  if constexpr (Rec::kEnabled) rec.satBegin(test, ca, b.center, opt);
  const glm::vec3& eb = b.half;

  // Rotation matrix expressing B in A's frame: R[i][j] = Ai . Bj.
  float R[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R[i][j] = dotAxis(A, i, b.axes[j]);

  // |R| + epsilon, the common subexpressions of the radii. Near-parallel edges make Ai x Bj
  // nearly zero, where rounding in R could make |s| exceed the radii; the epsilon inflates
  // every radius a little so that such an axis never separates falsely.
  float AbsR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) AbsR[i][j] = std::abs(R[i][j]) + opt.epsilon;

  // Translation, brought into A's frame.
  const glm::vec3 d = b.center - ca;
  const glm::vec3 t(dotAxis(A, 0, d), dotAxis(A, 1, d), dotAxis(A, 2, d));

  SatAxes<Rec> sat(rec, opt);
  float s, ra, rb;

  // Axes L = A0, A1, A2.
  for (int i = 0; i < 3; ++i) {
    ra = ea[i];
    rb = eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2];
    if (sat.face(AxisId::faceA(i), t[i], ra, rb, A[i])) return sat.finish();
  }

  // Axes L = B0, B1, B2.
  for (int j = 0; j < 3; ++j) {
    ra = ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j];
    rb = eb[j];
    s = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
    if (sat.face(AxisId::faceB(j), s, ra, rb, b.axes[j])) return sat.finish();
  }

  // The nine edge-edge axes L = Ai x Bj. In A's frame L = e_i x (column j of R), so
  // s = t . L and both radii are sums of two |R| terms (Ericson, table 4.1).
  // L = A0 x B0
  ra = ea[1] * AbsR[2][0] + ea[2] * AbsR[1][0];
  rb = eb[1] * AbsR[0][2] + eb[2] * AbsR[0][1];
  s = t[2] * R[1][0] - t[1] * R[2][0];
  if (sat.cross(AxisId::edge(0, 0), s, ra, rb, glm::cross(A[0], b.axes[0]))) return sat.finish();
  // L = A0 x B1
  ra = ea[1] * AbsR[2][1] + ea[2] * AbsR[1][1];
  rb = eb[0] * AbsR[0][2] + eb[2] * AbsR[0][0];
  s = t[2] * R[1][1] - t[1] * R[2][1];
  if (sat.cross(AxisId::edge(0, 1), s, ra, rb, glm::cross(A[0], b.axes[1]))) return sat.finish();
  // L = A0 x B2
  ra = ea[1] * AbsR[2][2] + ea[2] * AbsR[1][2];
  rb = eb[0] * AbsR[0][1] + eb[1] * AbsR[0][0];
  s = t[2] * R[1][2] - t[1] * R[2][2];
  if (sat.cross(AxisId::edge(0, 2), s, ra, rb, glm::cross(A[0], b.axes[2]))) return sat.finish();
  // L = A1 x B0
  ra = ea[0] * AbsR[2][0] + ea[2] * AbsR[0][0];
  rb = eb[1] * AbsR[1][2] + eb[2] * AbsR[1][1];
  s = t[0] * R[2][0] - t[2] * R[0][0];
  if (sat.cross(AxisId::edge(1, 0), s, ra, rb, glm::cross(A[1], b.axes[0]))) return sat.finish();
  // L = A1 x B1
  ra = ea[0] * AbsR[2][1] + ea[2] * AbsR[0][1];
  rb = eb[0] * AbsR[1][2] + eb[2] * AbsR[1][0];
  s = t[0] * R[2][1] - t[2] * R[0][1];
  if (sat.cross(AxisId::edge(1, 1), s, ra, rb, glm::cross(A[1], b.axes[1]))) return sat.finish();
  // L = A1 x B2
  ra = ea[0] * AbsR[2][2] + ea[2] * AbsR[0][2];
  rb = eb[0] * AbsR[1][1] + eb[1] * AbsR[1][0];
  s = t[0] * R[2][2] - t[2] * R[0][2];
  if (sat.cross(AxisId::edge(1, 2), s, ra, rb, glm::cross(A[1], b.axes[2]))) return sat.finish();
  // L = A2 x B0
  ra = ea[0] * AbsR[1][0] + ea[1] * AbsR[0][0];
  rb = eb[1] * AbsR[2][2] + eb[2] * AbsR[2][1];
  s = t[1] * R[0][0] - t[0] * R[1][0];
  if (sat.cross(AxisId::edge(2, 0), s, ra, rb, glm::cross(A[2], b.axes[0]))) return sat.finish();
  // L = A2 x B1
  ra = ea[0] * AbsR[1][1] + ea[1] * AbsR[0][1];
  rb = eb[0] * AbsR[2][2] + eb[2] * AbsR[2][0];
  s = t[1] * R[0][1] - t[0] * R[1][1];
  if (sat.cross(AxisId::edge(2, 1), s, ra, rb, glm::cross(A[2], b.axes[1]))) return sat.finish();
  // L = A2 x B2
  ra = ea[0] * AbsR[1][2] + ea[1] * AbsR[0][2];
  rb = eb[0] * AbsR[2][1] + eb[1] * AbsR[2][0];
  s = t[1] * R[0][2] - t[0] * R[1][2];
  if (sat.cross(AxisId::edge(2, 2), s, ra, rb, glm::cross(A[2], b.axes[2]))) return sat.finish();

  // No separating axis: the boxes overlap.
  return sat.finish();
}

}  // namespace detail

/// OBB–OBB, 15 axes (Ericson 4.4.1) in A's frame, |R| + epsilon.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satObbObb(const Obb& a, const Obb& b, Rec& rec, const SatOptions& opt = {}) {
  return detail::satBoxBox(TestId::ObbObb, a.center, a.axes, a.half, b, rec, opt);
}

/// AABB–OBB: the OBB–OBB test with the AABB as a box whose axes are world X, Y, Z, so that
/// A's frame is the world's (the large-scene AABB/OBB blog post works in the AABB's frame).
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbObb(const Aabb& a, const Obb& b, Rec& rec, const SatOptions& opt = {}) {
  return detail::satBoxBox(TestId::AabbObb, a.center, detail::WorldAxes{}, a.half, b, rec, opt);
}

/// The untraced tests: the same functions with the recorder's hooks compiled out, compiled
/// once in the library (untraced.cpp).
SatResult satAabbAabb(const Aabb& a, const Aabb& b, const SatOptions& opt = {});
SatResult satAabbObb(const Aabb& a, const Obb& b, const SatOptions& opt = {});
SatResult satObbObb(const Obb& a, const Obb& b, const SatOptions& opt = {});

}  // namespace satlab
