// The batch narrow phase's AVX-512 kernels (batch_narrow.hpp): sixteen pairs at a time (one
// block), one lane of a 512-bit register per pair. Each lane does the scalar kernel's
// arithmetic (batch_narrow.cpp) operation for operation, as the AVX2 kernels do
// (batch_narrow_avx2.cpp), so each lane's verdict is overlaps()'s bit for bit. Above each
// vector block, its scalar meaning.
//
// What AVX-512 changes beside the width: a comparison writes a mask register, and a masked
// comparison ands its result into the mask it is given, so "no axis separates so far" is a
// mask carried through the axes (`kept = kept & !(|s| > ra + rb)`), with no or-instruction
// per axis; the verdict bytes come from the mask with one masked move and one masked store
// (nothing written past the last verdict).
//
// Only this file is compiled with -mavx512f -mavx512bw -mavx512vl (src/collide/CMakeLists.txt;
// with -ffp-contract=off, so no product and sum are fused), and it is called only when the
// processor has all three and the OS saves their registers (batch_narrow.cpp asks). Like the AVX2 file it uses no
// inline function of GLM or of the standard library (a weak symbol built here with AVX-512 instructions could be the
// one the linker keeps for the whole program): only intrinsics and its own internal functions.
#ifdef SATLAB_BATCH_AVX512

// GCC 12's AVX-512 intrinsics pass an uninitialised "undefined" register as the unused
// merge source of their unmasked forms, and -Wmaybe-uninitialized then warns inside GCC's
// own header where they are inlined: silenced for the header's lines alone.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "batch_narrow_kernels.hpp"

namespace satlab::batch_detail {

namespace {

using V = __m512;
using M = __mmask16;

constexpr M kAllLanes = 0xFFFF;

V bcast(float x) { return _mm512_set1_ps(x); }
V add(V a, V b) { return _mm512_add_ps(a, b); }
V sub(V a, V b) { return _mm512_sub_ps(a, b); }
V mul(V a, V b) { return _mm512_mul_ps(a, b); }
// std::abs(x): the sign bit cleared. -x: the sign bit flipped, as the scalar negation.
V vabs(V a) { return _mm512_abs_ps(a); }
V neg(V a) {
  return _mm512_castsi512_ps(
      _mm512_xor_si512(_mm512_castps_si512(a), _mm512_set1_epi32(static_cast<int>(0x80000000u))));
}
// kept & !(std::abs(s) > ra + rb): the lanes of `kept` that this axis does not separate
// (!(x > y) is true when either side is NaN, as the negated C++ comparison is).
M keep(M kept, V s, V ra, V rb) { return _mm512_mask_cmp_ps_mask(kept, vabs(s), add(ra, rb), _CMP_NGT_UQ); }

// One field of the sixteen shapes of a block (64-byte aligned).
V load(const float* p) { return _mm512_load_ps(p); }

// out[lane] = overlap ? 1 : 0 for the lanes < count (1 to 16).
void storeVerdicts(M overlap, std::uint8_t* out, std::size_t count) {
  const __m128i bytes = _mm_maskz_mov_epi8(overlap, _mm_set1_epi8(1));
  const M written = count >= 16 ? kAllLanes : static_cast<M>((1u << count) - 1u);
  _mm_mask_storeu_epi8(out, written, bytes);
}

// Runs kernel(block) -> overlap mask over the ceil(n / 16) blocks.
template <class Block, class Kernel>
void eachBlock(const Block* b, std::size_t n, std::uint8_t* out, Kernel kernel) {
  for (std::size_t i = 0; i < n; i += kLanes, ++b, out += kLanes) {
    const std::size_t count = n - i < kLanes ? n - i : kLanes;
    storeVerdicts(kernel(*b), out, count);
  }
}

[[gnu::always_inline]] inline M axesKeep(const V (&R)[3][3], const V (&AbsR)[3][3], const V (&t)[3], const V (&ea)[3],
                                         const V (&eb)[3]);

// Box A (an OBB, or with kWorldA an AABB) against the sixteen OBBs of block b: the lanes no
// axis separates (boxObbSeparated in batch_narrow.cpp, satBoxBox in sat_box.hpp).
template <bool kWorldA>
[[gnu::always_inline]] inline M boxObbOverlap(const BoxArg& a, const ObbBlock& b) {
  const float* A = a.axes;  // A[3 * i + k]: component k of Ai
  // R[i][j] = Ai . Bj = (Ai.x * Bj.x + Ai.y * Bj.y) + Ai.z * Bj.z  (kWorldA: R[i][j] = Bj[i])
  V Bj[9];
  for (int f = 0; f < 9; ++f) Bj[f] = load(b.axes[f]);
  V R[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      R[i][j] = kWorldA ? Bj[3 * j + i]
                        : add(add(mul(bcast(A[3 * i]), Bj[3 * j]), mul(bcast(A[3 * i + 1]), Bj[3 * j + 1])),
                              mul(bcast(A[3 * i + 2]), Bj[3 * j + 2]));
  // AbsR[i][j] = std::abs(R[i][j]) + epsilon
  const V eps = bcast(kDefaultSatEpsilon);
  V AbsR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) AbsR[i][j] = add(vabs(R[i][j]), eps);
  // d = cB - cA; t[i] = Ai . d = (Ai.x * d.x + Ai.y * d.y) + Ai.z * d.z  (kWorldA: t = d)
  const V d[3] = {sub(load(b.center[0]), bcast(a.c[0])), sub(load(b.center[1]), bcast(a.c[1])),
                  sub(load(b.center[2]), bcast(a.c[2]))};
  V t[3];
  for (int i = 0; i < 3; ++i)
    t[i] = kWorldA
               ? d[i]
               : add(add(mul(bcast(A[3 * i]), d[0]), mul(bcast(A[3 * i + 1]), d[1])), mul(bcast(A[3 * i + 2]), d[2]));
  const V ea[3] = {bcast(a.e[0]), bcast(a.e[1]), bcast(a.e[2])};
  const V eb[3] = {load(b.half[0]), load(b.half[1]), load(b.half[2])};
  return axesKeep(R, AbsR, t, ea, eb);
}

// satBoxBox's 15 axes for sixteen pairs, from R, AbsR, t and the half extents (axesSeparate
// in batch_narrow.cpp): the lanes no axis separates.
[[gnu::always_inline]] inline M axesKeep(const V (&R)[3][3], const V (&AbsR)[3][3], const V (&t)[3], const V (&ea)[3],
                                         const V (&eb)[3]) {
  // Three chains of masked comparisons instead of one (each waits for the mask before it):
  // the A faces, the B faces, then the edges of A0, A1 and A2.
  M keptA = kAllLanes, keptB = kAllLanes;
  // Axes L = A0, A1, A2:
  //   ra = ea[i]; rb = eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2];
  //   kept &= !(|t[i]| > ra + rb)
  for (int i = 0; i < 3; ++i) {
    const V rb = add(add(mul(eb[0], AbsR[i][0]), mul(eb[1], AbsR[i][1])), mul(eb[2], AbsR[i][2]));
    keptA = keep(keptA, t[i], ea[i], rb);
  }
  // Axes L = B0, B1, B2:
  //   ra = ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j]; rb = eb[j];
  //   s = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]; kept &= !(|s| > ra + rb)
  for (int j = 0; j < 3; ++j) {
    const V ra = add(add(mul(ea[0], AbsR[0][j]), mul(ea[1], AbsR[1][j])), mul(ea[2], AbsR[2][j]));
    const V s = add(add(mul(t[0], R[0][j]), mul(t[1], R[1][j])), mul(t[2], R[2][j]));
    keptB = keep(keptB, s, ra, eb[j]);
  }
  const M kept = static_cast<M>(keptA & keptB);
  // Where the six face axes already separate all sixteen pairs, the nine edge axes cannot
  // change a verdict: skip them (the teaching code's early exit, sixteen pairs at a time).
  if (kept == 0) return kept;

  // The nine edge-edge axes L = Ai x Bj, each line as in the scalar code:
  //   ra = ea[p] * AbsR[..][j] + ea[q] * AbsR[..][j]; rb = eb[u] * AbsR[i][..] + eb[v] * AbsR[i][..];
  //   s = t[m] * R[..][j] - t[n] * R[..][j]; kept &= !(|s| > ra + rb)
  M kept0 = kept, kept1 = kAllLanes, kept2 = kAllLanes;
  const auto edge = [](M& k, V raA, V raB, V rbA, V rbB, V sA, V sB) {
    k = keep(k, sub(sA, sB), add(raA, raB), add(rbA, rbB));
  };
  // L = A0 x B0: ra = ea1 AbsR20 + ea2 AbsR10, rb = eb1 AbsR02 + eb2 AbsR01, s = t2 R10 - t1 R20
  edge(kept0, mul(ea[1], AbsR[2][0]), mul(ea[2], AbsR[1][0]), mul(eb[1], AbsR[0][2]), mul(eb[2], AbsR[0][1]),
       mul(t[2], R[1][0]), mul(t[1], R[2][0]));
  // L = A0 x B1: ra = ea1 AbsR21 + ea2 AbsR11, rb = eb0 AbsR02 + eb2 AbsR00, s = t2 R11 - t1 R21
  edge(kept0, mul(ea[1], AbsR[2][1]), mul(ea[2], AbsR[1][1]), mul(eb[0], AbsR[0][2]), mul(eb[2], AbsR[0][0]),
       mul(t[2], R[1][1]), mul(t[1], R[2][1]));
  // L = A0 x B2: ra = ea1 AbsR22 + ea2 AbsR12, rb = eb0 AbsR01 + eb1 AbsR00, s = t2 R12 - t1 R22
  edge(kept0, mul(ea[1], AbsR[2][2]), mul(ea[2], AbsR[1][2]), mul(eb[0], AbsR[0][1]), mul(eb[1], AbsR[0][0]),
       mul(t[2], R[1][2]), mul(t[1], R[2][2]));
  // L = A1 x B0: ra = ea0 AbsR20 + ea2 AbsR00, rb = eb1 AbsR12 + eb2 AbsR11, s = t0 R20 - t2 R00
  edge(kept1, mul(ea[0], AbsR[2][0]), mul(ea[2], AbsR[0][0]), mul(eb[1], AbsR[1][2]), mul(eb[2], AbsR[1][1]),
       mul(t[0], R[2][0]), mul(t[2], R[0][0]));
  // L = A1 x B1: ra = ea0 AbsR21 + ea2 AbsR01, rb = eb0 AbsR12 + eb2 AbsR10, s = t0 R21 - t2 R01
  edge(kept1, mul(ea[0], AbsR[2][1]), mul(ea[2], AbsR[0][1]), mul(eb[0], AbsR[1][2]), mul(eb[2], AbsR[1][0]),
       mul(t[0], R[2][1]), mul(t[2], R[0][1]));
  // L = A1 x B2: ra = ea0 AbsR22 + ea2 AbsR02, rb = eb0 AbsR11 + eb1 AbsR10, s = t0 R22 - t2 R02
  edge(kept1, mul(ea[0], AbsR[2][2]), mul(ea[2], AbsR[0][2]), mul(eb[0], AbsR[1][1]), mul(eb[1], AbsR[1][0]),
       mul(t[0], R[2][2]), mul(t[2], R[0][2]));
  // L = A2 x B0: ra = ea0 AbsR10 + ea1 AbsR00, rb = eb1 AbsR22 + eb2 AbsR21, s = t1 R00 - t0 R10
  edge(kept2, mul(ea[0], AbsR[1][0]), mul(ea[1], AbsR[0][0]), mul(eb[1], AbsR[2][2]), mul(eb[2], AbsR[2][1]),
       mul(t[1], R[0][0]), mul(t[0], R[1][0]));
  // L = A2 x B1: ra = ea0 AbsR11 + ea1 AbsR01, rb = eb0 AbsR22 + eb2 AbsR20, s = t1 R01 - t0 R11
  edge(kept2, mul(ea[0], AbsR[1][1]), mul(ea[1], AbsR[0][1]), mul(eb[0], AbsR[2][2]), mul(eb[2], AbsR[2][0]),
       mul(t[1], R[0][1]), mul(t[0], R[1][1]));
  // L = A2 x B2: ra = ea0 AbsR12 + ea1 AbsR02, rb = eb0 AbsR21 + eb1 AbsR20, s = t1 R02 - t0 R12
  edge(kept2, mul(ea[0], AbsR[1][2]), mul(ea[1], AbsR[0][2]), mul(eb[0], AbsR[2][1]), mul(eb[1], AbsR[2][0]),
       mul(t[1], R[0][2]), mul(t[0], R[1][2]));
  return static_cast<M>(kept0 & kept1 & kept2);
}

// Arvo's sum for centres q in boxes [lo, hi] against r^2 (arvoOverlaps in batch_narrow.cpp):
//   v = std::min(std::max(q, lo), hi); delta = q - v; sum = (d0 * d0 + d1 * d1) + d2 * d2
//   overlap = sum <= r * r
// std::max(q, lo) is (q < lo ? lo : q), which is _mm512_max_ps(lo, q) (lo > q ? lo : q),
// NaN included; std::min(x, hi) is (hi < x ? hi : x), which is _mm512_min_ps(hi, x). The
// scalar sum starts from 0: 0 + d0 * d0 is d0 * d0 (a square is never -0).
M arvoOverlap(const V q[3], const V lo[3], const V hi[3], V r) {
  V sum = _mm512_setzero_ps();
  for (int i = 0; i < 3; ++i) {
    const V v = _mm512_min_ps(hi[i], _mm512_max_ps(lo[i], q[i]));
    const V delta = sub(q[i], v);
    sum = add(sum, mul(delta, delta));
  }
  return _mm512_cmp_ps_mask(sum, mul(r, r), _CMP_LE_OQ);
}

// The kernels, each a function object over one block (eachBlock).
template <bool kWorldA>
struct BoxObb {
  const BoxArg& a;
  M operator()(const ObbBlock& b) const { return boxObbOverlap<kWorldA>(a, b); }
};

// overlaps(Obb, Aabb) is satAabbObb(aabb, obb): box A is each AABB, box B the OBB a, so R and
// AbsR are the same for every lane.
struct AabbsObb {
  V R[3][3], AbsR[3][3], cb[3], eb[3];
  explicit AabbsObb(const BoxArg& a) {
    // R[i][j] = Bj[i] and AbsR[i][j] = std::abs(R[i][j]) + epsilon
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        R[i][j] = bcast(a.axes[3 * j + i]);
        AbsR[i][j] = add(vabs(R[i][j]), bcast(kDefaultSatEpsilon));
      }
    for (int k = 0; k < 3; ++k) {
      cb[k] = bcast(a.c[k]);
      eb[k] = bcast(a.e[k]);
    }
  }
  M operator()(const AabbBlock& k) const {
    // t = d = cB - cA (the AABB's axes are the world's); ea = the AABB's half extents
    const V t[3] = {sub(cb[0], load(k.center[0])), sub(cb[1], load(k.center[1])), sub(cb[2], load(k.center[2]))};
    const V ea[3] = {load(k.half[0]), load(k.half[1]), load(k.half[2])};
    return axesKeep(R, AbsR, t, ea, eb);
  }
};

struct AabbAabb {
  V ca[3], ea[3];
  explicit AabbAabb(const BoxArg& a) {
    for (int k = 0; k < 3; ++k) {
      ca[k] = bcast(a.c[k]);
      ea[k] = bcast(a.e[k]);
    }
  }
  M operator()(const AabbBlock& k) const {
    // kept &= !(|cB[i] - cA[i]| > eA[i] + eB[i]), i = 0, 1, 2
    M kept = kAllLanes;
    for (int i = 0; i < 3; ++i) kept = keep(kept, sub(load(k.center[i]), ca[i]), ea[i], load(k.half[i]));
    return kept;
  }
};

struct SphereSphere {
  V ca[3], ra;
  explicit SphereSphere(const SphereArg& a) : ca{bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])}, ra(bcast(a.r)) {}
  M operator()(const SphereBlock& k) const {
    // d = cB - cA; d2 = (dx * dx + dy * dy) + dz * dz; rs = rA + rB; overlap = d2 <= rs * rs
    const V dx = sub(load(k.center[0]), ca[0]), dy = sub(load(k.center[1]), ca[1]), dz = sub(load(k.center[2]), ca[2]);
    const V d2 = add(add(mul(dx, dx), mul(dy, dy)), mul(dz, dz));
    const V rs = add(ra, load(k.radius));
    return _mm512_cmp_ps_mask(d2, mul(rs, rs), _CMP_LE_OQ);
  }
};

struct SphereAabb {
  V q[3], r;
  explicit SphereAabb(const SphereArg& a) : q{bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])}, r(bcast(a.r)) {}
  M operator()(const AabbBlock& k) const {
    // lo = cB - eB, hi = cB + eB, then Arvo's sum of the sphere's centre
    V lo[3], hi[3];
    for (int i = 0; i < 3; ++i) {
      const V c = load(k.center[i]), e = load(k.half[i]);
      lo[i] = sub(c, e);
      hi[i] = add(c, e);
    }
    return arvoOverlap(q, lo, hi, r);
  }
};

struct SphereObb {
  V cs[3], r;
  explicit SphereObb(const SphereArg& a) : cs{bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])}, r(bcast(a.r)) {}
  M operator()(const ObbBlock& k) const {
    // rel = cS - cB; q[j] = (rel.x * Bj.x + rel.y * Bj.y) + rel.z * Bj.z; lo = -eB, hi = eB
    const V rel[3] = {sub(cs[0], load(k.center[0])), sub(cs[1], load(k.center[1])), sub(cs[2], load(k.center[2]))};
    V q[3], lo[3], hi[3];
    for (int j = 0; j < 3; ++j) {
      q[j] = add(add(mul(rel[0], load(k.axes[3 * j])), mul(rel[1], load(k.axes[3 * j + 1]))),
                 mul(rel[2], load(k.axes[3 * j + 2])));
      hi[j] = load(k.half[j]);
      lo[j] = neg(hi[j]);
    }
    return arvoOverlap(q, lo, hi, r);
  }
};

}  // namespace

void obbVsObbsAvx512(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, BoxObb<false>{a});
}

void aabbVsObbsAvx512(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, BoxObb<true>{a});
}

void obbVsAabbsAvx512(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, AabbsObb(a));
}

void aabbVsAabbsAvx512(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, AabbAabb(a));
}

void sphereVsSpheresAvx512(const SphereArg& a, const SphereBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, SphereSphere(a));
}

void sphereVsAabbsAvx512(const SphereArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, SphereAabb(a));
}

void sphereVsObbsAvx512(const SphereArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out, SphereObb(a));
}

}  // namespace satlab::batch_detail

#endif  // SATLAB_BATCH_AVX512
