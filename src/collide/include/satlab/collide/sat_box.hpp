// satlab collision core: separating-axis tests between boxes (AABB–AABB, AABB–OBB, OBB–OBB).
//
// Frames: inputs in world space. The tests work in the first box's frame (A): t is the
// centre offset cB - cA expressed in A's axes, and R[i][j] = Ai . Bj. Results and traces are
// reported in world space, every axis oriented from A to B.
//
// Axes, in canonical order (kBoxAxisLabels): A0 A1 A2, B0 B1 B2, then Ai x Bj for i, j in
// 0..2 (A0xB0 A0xB1 A0xB2 A1xB0 ... A2xB2). An AABB's axes are world X, Y, Z. The early-exit
// test returns at the first separating axis in this order. (The large-scene AABB/OBB blog post's code tests in the
// order A0 B0 A1 A2 B1 B2 ...; the verdict does not depend on the order.)
//
// Contracts: boxes are closed (touching overlaps: |s| <= rA + rB); zero half extents (flat or
// degenerate boxes) are valid; finite inputs give no NaN (a zero cross product gives s = 0
// and is never separating; with SatOptions::epsilon > 0 it is never near-falsely separating).
// OBB axes must be orthonormal to float precision.
#pragma once

#include <type_traits>

#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_run.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {
namespace detail {

// Axis L = Ai x Bj, written in A's frame: L = ei x (column j of R). With I1 = I+1, I2 = I+2
// (mod 3):  s = t[I2] R[I1][J] - t[I1] R[I2][J],
//           rA = a[I1] |R[I2][J]| + a[I2] |R[I1][J]|,
//           rB = b[J1] |R[I][J2]| + b[J2] |R[I][J1]|    (Ericson 4.4.1, table 4.1).
// Ai x Bj in A's frame: L[I] = 0, L[I1] = -R[I2][J], L[I2] = R[I1][J].
template <int I, int J>
inline glm::vec3 edgeAxisLocal(const float (&r)[3][3]) {
  constexpr int kI1 = (I + 1) % 3, kI2 = (I + 2) % 3;
  glm::vec3 l(0.0f);
  l[kI1] = -r[kI2][J];
  l[kI2] = r[kI1][J];
  return l;
}

inline glm::vec3 unitAxis(int i) {
  glm::vec3 e(0.0f);
  e[i] = 1.0f;
  return e;
}

template <int I, int J, class Run, class ToWorld>
inline bool edgeAxis(Run& run, const glm::vec3& t, const float (&r)[3][3],
                     const float (&absR)[3][3], const glm::vec3& a, const glm::vec3& b,
                     const ToWorld& toWorld) {
  constexpr int kI1 = (I + 1) % 3, kI2 = (I + 2) % 3;
  constexpr int kJ1 = (J + 1) % 3, kJ2 = (J + 2) % 3;
  const float s = t[kI2] * r[kI1][J] - t[kI1] * r[kI2][J];
  const float ra = a[kI1] * absR[kI2][J] + a[kI2] * absR[kI1][J];
  const float rb = b[kJ1] * absR[I][kJ2] + b[kJ2] * absR[I][kJ1];
  return run.axis(6 + 3 * I + J, s, ra, rb, [&] { return toWorld(edgeAxisLocal<I, J>(r)); });
}

// The deferred penetration search over the 15 axes (sat_run.hpp), out of line: only
// overlapping pairs run it, and inlined it would crowd the registers of the early exits.
template <class Run, class ToWorld>
SATLAB_NOINLINE void boxBoxPenetration(Run& run, const float (&r)[3][3], const glm::mat3& axesB,
                                       const ToWorld& toWorld) {
  for (int i = 0; i < 3; ++i) run.penetration(i, toWorld(unitAxis(i)));
  for (int j = 0; j < 3; ++j) run.penetration(3 + j, axesB[j]);
  run.penetration(6, toWorld(edgeAxisLocal<0, 0>(r)));
  run.penetration(7, toWorld(edgeAxisLocal<0, 1>(r)));
  run.penetration(8, toWorld(edgeAxisLocal<0, 2>(r)));
  run.penetration(9, toWorld(edgeAxisLocal<1, 0>(r)));
  run.penetration(10, toWorld(edgeAxisLocal<1, 1>(r)));
  run.penetration(11, toWorld(edgeAxisLocal<1, 2>(r)));
  run.penetration(12, toWorld(edgeAxisLocal<2, 0>(r)));
  run.penetration(13, toWorld(edgeAxisLocal<2, 1>(r)));
  run.penetration(14, toWorld(edgeAxisLocal<2, 2>(r)));
}

// The 15 axes of Ericson, Real-Time Collision Detection (2005), 4.4.1 "OBB–OBB
// intersection", fed to `run` in canonical order; returns at the first axis the run stops at.
// `t`: cB - cA in A's frame. `r`: R[i][j] = Ai . Bj. `absR`: |R| + epsilon. `toWorld`:
// A-frame vector -> world.
template <class Run, class ToWorld>
SATLAB_FORCE_INLINE void boxBoxAxes(Run& run, const glm::vec3& t, const float (&r)[3][3],
                                    const float (&absR)[3][3], const glm::vec3& a,
                                    const glm::vec3& b, const glm::mat3& axesB,
                                    const ToWorld& toWorld) {
  // A0, A1, A2: s = t[i], rA = a[i], rB = sum_j b[j] |R[i][j]|.
  for (int i = 0; i < 3; ++i) {
    const float rb = b[0] * absR[i][0] + b[1] * absR[i][1] + b[2] * absR[i][2];
    if (run.axis(i, t[i], a[i], rb, [&] { return toWorld(unitAxis(i)); })) return;
  }
  // B0, B1, B2: s = t . Bj (in A's frame, column j of R), rA = sum_i a[i] |R[i][j]|, rB = b[j].
  for (int j = 0; j < 3; ++j) {
    const float s = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
    const float ra = a[0] * absR[0][j] + a[1] * absR[1][j] + a[2] * absR[2][j];
    if (run.axis(3 + j, s, ra, b[j], [&] { return axesB[j]; })) return;
  }
  // The nine edge-edge axes Ai x Bj.
  if (edgeAxis<0, 0>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<0, 1>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<0, 2>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<1, 0>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<1, 1>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<1, 2>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<2, 0>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<2, 1>(run, t, r, absR, a, b, toWorld)) return;
  if (edgeAxis<2, 2>(run, t, r, absR, a, b, toWorld)) return;
  // Untraced rich result, no axis separated: the penetration search, deferred until now so
  // that separated pairs normalise nothing but their separating axis (sat_run.hpp).
  if (run.needsPenetrationPass()) boxBoxPenetration(run, r, axesB, toWorld);
}

// OBB-OBB's `overlaps` fast path: the 15 axes (with the same |R| + epsilon as boxBoxCore)
// in a function of their own, called with the frame the caller computed, as the textbook
// code in bench/ is split. Inlined together with the frame, GCC kept the frame's values on
// the stack (over 100 stack accesses) and ran 512 instructions per overlapping call against
// the textbook's 473; split, 478 (docs/performance.md, change 16). The boolean run never
// asks for a world axis, so B's axes and the frame's rotation are not needed here.
SATLAB_NOINLINE inline bool boxBoxOverlaps(const glm::vec3& t, const float (&r)[3][3], const glm::vec3& a,
                                           const glm::vec3& b, float epsilon) {
  float absR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) absR[i][j] = std::abs(r[i][j]) + epsilon;
  NoTrace none;
  const SatOptions opt{};
  SatResult res;
  SatRun<NoTrace, false> run(none, opt, kBoxAxisLabels.data(), res, 6);
  const glm::mat3 noAxes(1.0f);
  boxBoxAxes(run, t, r, absR, a, b, noAxes, [](const glm::vec3& v) { return v; });
  run.finish();
  return res.overlap;
}

// The 15-axis test (boxBoxAxes) with the large-scene AABB/OBB blog post's |R| + epsilon (the OBB wiki article gives the same test but
// omits the nine cross axes, which makes it report overlap for some separated boxes).
template <class Rec, bool kRich, bool kOutOfLine, class ToWorld>
SATLAB_FORCE_INLINE SatResult boxBoxCore(const glm::vec3& t, const float (&r)[3][3], const glm::vec3& a,
                            const glm::vec3& b, const glm::mat3& axesB, const ToWorld& toWorld,
                            Rec& rec, const SatOptions& opt) {
  // |R| + epsilon: near-parallel edges make Ai x Bj nearly zero, where rounding in R can
  // make |s| exceed the radii; the epsilon inflates every radius a little (the large-scene AABB/OBB blog post).
  float absR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) absR[i][j] = std::abs(r[i][j]) + opt.epsilon;

  SatResult res;
  SatRun<Rec, kRich, kOutOfLine> run(rec, opt, kBoxAxisLabels.data(), res, 6);
  boxBoxAxes(run, t, r, absR, a, b, axesB, toWorld);
  run.finish();
  return res;
}

// OBB-OBB from its frame: the boolean fast path through boxBoxOverlaps, every other
// instantiation through boxBoxCore with the separating axis's bookkeeping out of line.
// (The choice is made here rather than inside boxBoxCore: made there, it moved GCC's
// inlining of AABB-OBB's rich test, 175 to 191 instructions per separated call.)
template <class Rec, bool kRich, class ToWorld>
SATLAB_FORCE_INLINE SatResult obbObbCore(const glm::vec3& t, const float (&r)[3][3], const glm::vec3& a,
                                         const glm::vec3& b, const glm::mat3& axesB, const ToWorld& toWorld,
                                         Rec& rec, const SatOptions& opt) {
  if constexpr (!kRich && !Rec::kEnabled) {
    SatResult res;
    res.overlap = boxBoxOverlaps(t, r, a, b, opt.epsilon);
    return res;
  } else {
    return boxBoxCore<Rec, kRich, true>(t, r, a, b, axesB, toWorld, rec, opt);
  }
}

// The "Using AABB" tutorial: two AABBs are separated on world axis i when |T_i| > Ea_i + Eb_i.
// T_i is formed axis by axis, so the early exit loads no more of either box than it needs.
template <class Run>
SATLAB_FORCE_INLINE void aabbAabbAxes(Run& run, const Aabb& a, const Aabb& b) {
  const auto axis = [&](auto i) {
    return run.template axis<true>(i, b.center[i] - a.center[i], a.half[i], b.half[i],
                                   [] { return unitAxis(decltype(i)::value); });
  };
  if (axis(std::integral_constant<int, 0>{})) return;
  if (axis(std::integral_constant<int, 1>{})) return;
  if (axis(std::integral_constant<int, 2>{})) return;
  if (run.needsPenetrationPass()) {
    run.penetration(0, unitAxis(0));
    run.penetration(1, unitAxis(1));
    run.penetration(2, unitAxis(2));
  }
}

template <class Rec, bool kRich>
SATLAB_FORCE_INLINE SatResult satAabbAabbImpl(const Aabb& a, const Aabb& b, Rec& rec, const SatOptions& opt) {
  rec.satBegin(std::string_view("AABB-AABB"), a.center, b.center, opt);
  SatResult res;
  SatRun<Rec, kRich> run(rec, opt, kBoxAxisLabels.data(), res, 3);
  aabbAabbAxes(run, a, b);
  run.finish();
  return res;
}

// The large-scene AABB/OBB blog post: the AABB is the reference frame, so t = T and R is the OBB's axis matrix itself.
template <class Rec, bool kRich>
SATLAB_FORCE_INLINE SatResult satAabbObbImpl(const Aabb& a, const Obb& b, Rec& rec, const SatOptions& opt) {
  rec.satBegin(std::string_view("AABB-OBB"), a.center, b.center, opt);
  const glm::vec3 t = b.center - a.center;
  float r[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = b.axes[j][i];
  // The separated bookkeeping inline: its face axes are world X, Y, Z (bench/).
  return boxBoxCore<Rec, kRich, false>(t, r, a.half, b.half, b.axes,
                                       [](const glm::vec3& v) { return v; }, rec, opt);
}

// Ericson 4.4.1: express B's axes and the centre offset in A's frame.
template <class Rec, bool kRich>
SATLAB_FORCE_INLINE SatResult satObbObbImpl(const Obb& a, const Obb& b, Rec& rec, const SatOptions& opt) {
  rec.satBegin(std::string_view("OBB-OBB"), a.center, b.center, opt);
  const glm::vec3 d = b.center - a.center;
  const glm::vec3 t(glm::dot(d, a.axes[0]), glm::dot(d, a.axes[1]), glm::dot(d, a.axes[2]));
  float r[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = glm::dot(a.axes[i], b.axes[j]);
  return obbObbCore<Rec, kRich>(t, r, a.half, b.half, b.axes,
                                [&a](const glm::vec3& v) { return a.axes * v; }, rec, opt);
}

}  // namespace detail

/// AABB–AABB on the three world axes (the "Using AABB" tutorial). Labels A0, A1, A2 (= X, Y, Z).
/// opt.mode matters only to a recorder; opt.epsilon is unused.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbAabb(const Aabb& a, const Aabb& b, Rec& rec, const SatOptions& opt = {}) {
  return detail::satAabbAabbImpl<Rec, true>(a, b, rec, opt);
}
SATLAB_FORCE_INLINE SatResult satAabbAabb(const Aabb& a, const Aabb& b, const SatOptions& opt = {}) {
  NoTrace none;
  return detail::satAabbAabbImpl<NoTrace, true>(a, b, none, opt);
}

/// AABB–OBB, 15 axes with the AABB as reference frame and the large-scene AABB/OBB blog post's |R| + epsilon.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satAabbObb(const Aabb& a, const Obb& b, Rec& rec, const SatOptions& opt = {}) {
  return detail::satAabbObbImpl<Rec, true>(a, b, rec, opt);
}
SATLAB_FORCE_INLINE SatResult satAabbObb(const Aabb& a, const Obb& b, const SatOptions& opt = {}) {
  NoTrace none;
  return detail::satAabbObbImpl<NoTrace, true>(a, b, none, opt);
}

/// OBB–OBB, 15 axes (Ericson 4.4.1) in A's frame, |R| + epsilon.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
SatResult satObbObb(const Obb& a, const Obb& b, Rec& rec, const SatOptions& opt = {}) {
  return detail::satObbObbImpl<Rec, true>(a, b, rec, opt);
}
SATLAB_FORCE_INLINE SatResult satObbObb(const Obb& a, const Obb& b, const SatOptions& opt = {}) {
  NoTrace none;
  return detail::satObbObbImpl<NoTrace, true>(a, b, none, opt);
}

}  // namespace satlab
