// The batch narrow phase's AVX2 kernels (batch_narrow.hpp): eight pairs at a time (half a
// block of sixteen), one lane of a 256-bit register per pair, each lane the scalar kernel's arithmetic
// (batch_narrow.cpp) operation for operation, so each lane's verdict is overlaps()'s bit for
// bit. Above each vector block, its scalar meaning.
//
// Only this file is compiled with -mavx2 (src/collide/CMakeLists.txt; with -ffp-contract=off
// and no -mfma, so no product and sum are fused), and it is called only when the processor
// has AVX2 (batch_narrow.cpp asks). It therefore uses no inline function of GLM or of the
// standard library: such a function, compiled here with AVX2 instructions, would be a weak
// symbol the linker may keep for the whole program, and a processor without AVX2 would then
// fault in code that never asked for it. It reads the blocks' plain arrays and calls
// intrinsics and its own functions, which have internal linkage.
#ifdef SATLAB_BATCH_AVX2

#include <immintrin.h>

#include "batch_narrow_kernels.hpp"

namespace satlab::batch_detail {

namespace {

using V = __m256;

constexpr std::size_t kWidth = 8;  // lanes of a register: half a block

V bcast(float x) { return _mm256_set1_ps(x); }
V add(V a, V b) { return _mm256_add_ps(a, b); }
V sub(V a, V b) { return _mm256_sub_ps(a, b); }
V mul(V a, V b) { return _mm256_mul_ps(a, b); }
// std::abs(x): the sign bit cleared.
V vabs(V a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
// std::abs(s) > ra + rb (false when either side is NaN, as the C++ comparison is).
V separates(V s, V ra, V rb) { return _mm256_cmp_ps(vabs(s), add(ra, rb), _CMP_GT_OQ); }
V load(const float* p) { return _mm256_load_ps(p); }

// out[lane] = overlap ? 1 : 0 for the lanes < count (8 for a whole half block): the all-ones /
// all-zeros lanes of `overlap` packed into bytes.
void storeVerdicts(V overlap, std::uint8_t* out, std::size_t count) {
  const __m256i ones = _mm256_and_si256(_mm256_castps_si256(overlap), _mm256_set1_epi32(1));
  const __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(ones), _mm256_extracti128_si256(ones, 1));
  const __m128i bytes = _mm_packs_epi16(words, words);
  if (count == kWidth) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), bytes);
    return;
  }
  alignas(16) std::uint8_t tmp[16];
  _mm_store_si128(reinterpret_cast<__m128i*>(tmp), bytes);
  for (std::size_t k = 0; k < count; ++k) out[k] = tmp[k];
}

// overlap = !separated as lanes.
V notMask(V separated) { return _mm256_xor_ps(separated, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }

// Half kH of a block: lanes kH to kH + 7, each field of the half the eight floats at
// field + kH (a type, so that each half's loads have fixed offsets).
template <std::size_t kH>
struct Half {
  static constexpr std::size_t h = kH;
};

// Runs kernel(block, Half<0>) and kernel(block, Half<8>) -> overlap lanes over the
// ceil(n / 8) half blocks.
template <class Block, class Kernel>
void eachBlock(const Block* b, std::size_t n, std::uint8_t* out, Kernel kernel) {
  for (std::size_t i = 0; i < n; i += kLanes, ++b, out += kLanes) {
    const std::size_t left = n - i;
    storeVerdicts(kernel(*b, Half<0>{}), out, left < kWidth ? left : kWidth);
    if (left > kWidth)
      storeVerdicts(kernel(*b, Half<kWidth>{}), out + kWidth, left - kWidth < kWidth ? left - kWidth : kWidth);
  }
}

[[gnu::always_inline]] inline V axesSeparate(const V (&R)[3][3], const V (&AbsR)[3][3], const V (&t)[3],
                                             const V (&ea)[3], const V (&eb)[3]);

// Box A (an OBB, or with kWorldA an AABB) against the eight OBBs of block b from lane h:
// true lanes where some axis separates (boxObbSeparated in batch_narrow.cpp, satBoxBox in
// sat_box.hpp).
template <bool kWorldA, std::size_t h>
[[gnu::always_inline]] inline V boxObbSeparated(const BoxArg& a, const ObbBlock& b) {
  const float* A = a.axes;  // A[3 * i + k]: component k of Ai
  // R[i][j] = Ai . Bj = (Ai.x * Bj.x + Ai.y * Bj.y) + Ai.z * Bj.z  (kWorldA: R[i][j] = Bj[i])
  V R[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      R[i][j] = kWorldA ? load(b.axes[3 * j + i] + h)
                        : add(add(mul(bcast(A[3 * i]), load(b.axes[3 * j] + h)),
                                  mul(bcast(A[3 * i + 1]), load(b.axes[3 * j + 1] + h))),
                              mul(bcast(A[3 * i + 2]), load(b.axes[3 * j + 2] + h)));
  // AbsR[i][j] = std::abs(R[i][j]) + epsilon
  const V eps = bcast(kDefaultSatEpsilon);
  V AbsR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) AbsR[i][j] = add(vabs(R[i][j]), eps);
  // d = cB - cA; t[i] = Ai . d = (Ai.x * d.x + Ai.y * d.y) + Ai.z * d.z  (kWorldA: t = d)
  const V d[3] = {sub(load(b.center[0] + h), bcast(a.c[0])), sub(load(b.center[1] + h), bcast(a.c[1])),
                  sub(load(b.center[2] + h), bcast(a.c[2]))};
  V t[3];
  for (int i = 0; i < 3; ++i)
    t[i] = kWorldA
               ? d[i]
               : add(add(mul(bcast(A[3 * i]), d[0]), mul(bcast(A[3 * i + 1]), d[1])), mul(bcast(A[3 * i + 2]), d[2]));
  const V ea[3] = {bcast(a.e[0]), bcast(a.e[1]), bcast(a.e[2])};
  const V eb[3] = {load(b.half[0] + h), load(b.half[1] + h), load(b.half[2] + h)};
  return axesSeparate(R, AbsR, t, ea, eb);
}

// satBoxBox's 15 axes for eight pairs, from R, AbsR, t and the half extents (axesSeparate
// in batch_narrow.cpp): true lanes where some axis separates.
[[gnu::always_inline]] inline V axesSeparate(const V (&R)[3][3], const V (&AbsR)[3][3], const V (&t)[3],
                                             const V (&ea)[3], const V (&eb)[3]) {
  V sep = _mm256_setzero_ps();
  V s, ra, rb;
  // Axes L = A0, A1, A2:
  //   ra = ea[i]; rb = eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2];
  //   sep |= |t[i]| > ra + rb
  for (int i = 0; i < 3; ++i) {
    rb = add(add(mul(eb[0], AbsR[i][0]), mul(eb[1], AbsR[i][1])), mul(eb[2], AbsR[i][2]));
    sep = _mm256_or_ps(sep, separates(t[i], ea[i], rb));
  }
  // Axes L = B0, B1, B2:
  //   ra = ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j]; rb = eb[j];
  //   s = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]; sep |= |s| > ra + rb
  for (int j = 0; j < 3; ++j) {
    ra = add(add(mul(ea[0], AbsR[0][j]), mul(ea[1], AbsR[1][j])), mul(ea[2], AbsR[2][j]));
    s = add(add(mul(t[0], R[0][j]), mul(t[1], R[1][j])), mul(t[2], R[2][j]));
    sep = _mm256_or_ps(sep, separates(s, ra, eb[j]));
  }
  // Where the six face axes already separate all eight pairs, the nine edge axes cannot
  // change a verdict: skip them (a branch per block; the teaching code's early exit, eight
  // pairs at a time).
  if (_mm256_movemask_ps(sep) == 0xff) return sep;

  // The nine edge-edge axes L = Ai x Bj, each line as in the scalar code:
  //   ra = ea[p] * AbsR[..][j] + ea[q] * AbsR[..][j]; rb = eb[u] * AbsR[i][..] + eb[v] * AbsR[i][..];
  //   s = t[m] * R[..][j] - t[n] * R[..][j]; sep |= |s| > ra + rb
  const auto edge = [&sep](V raA, V raB, V rbA, V rbB, V sA, V sB) {
    sep = _mm256_or_ps(sep, separates(sub(sA, sB), add(raA, raB), add(rbA, rbB)));
  };
  // L = A0 x B0: ra = ea1 AbsR20 + ea2 AbsR10, rb = eb1 AbsR02 + eb2 AbsR01, s = t2 R10 - t1 R20
  edge(mul(ea[1], AbsR[2][0]), mul(ea[2], AbsR[1][0]), mul(eb[1], AbsR[0][2]), mul(eb[2], AbsR[0][1]),
       mul(t[2], R[1][0]), mul(t[1], R[2][0]));
  // L = A0 x B1: ra = ea1 AbsR21 + ea2 AbsR11, rb = eb0 AbsR02 + eb2 AbsR00, s = t2 R11 - t1 R21
  edge(mul(ea[1], AbsR[2][1]), mul(ea[2], AbsR[1][1]), mul(eb[0], AbsR[0][2]), mul(eb[2], AbsR[0][0]),
       mul(t[2], R[1][1]), mul(t[1], R[2][1]));
  // L = A0 x B2: ra = ea1 AbsR22 + ea2 AbsR12, rb = eb0 AbsR01 + eb1 AbsR00, s = t2 R12 - t1 R22
  edge(mul(ea[1], AbsR[2][2]), mul(ea[2], AbsR[1][2]), mul(eb[0], AbsR[0][1]), mul(eb[1], AbsR[0][0]),
       mul(t[2], R[1][2]), mul(t[1], R[2][2]));
  // L = A1 x B0: ra = ea0 AbsR20 + ea2 AbsR00, rb = eb1 AbsR12 + eb2 AbsR11, s = t0 R20 - t2 R00
  edge(mul(ea[0], AbsR[2][0]), mul(ea[2], AbsR[0][0]), mul(eb[1], AbsR[1][2]), mul(eb[2], AbsR[1][1]),
       mul(t[0], R[2][0]), mul(t[2], R[0][0]));
  // L = A1 x B1: ra = ea0 AbsR21 + ea2 AbsR01, rb = eb0 AbsR12 + eb2 AbsR10, s = t0 R21 - t2 R01
  edge(mul(ea[0], AbsR[2][1]), mul(ea[2], AbsR[0][1]), mul(eb[0], AbsR[1][2]), mul(eb[2], AbsR[1][0]),
       mul(t[0], R[2][1]), mul(t[2], R[0][1]));
  // L = A1 x B2: ra = ea0 AbsR22 + ea2 AbsR02, rb = eb0 AbsR11 + eb1 AbsR10, s = t0 R22 - t2 R02
  edge(mul(ea[0], AbsR[2][2]), mul(ea[2], AbsR[0][2]), mul(eb[0], AbsR[1][1]), mul(eb[1], AbsR[1][0]),
       mul(t[0], R[2][2]), mul(t[2], R[0][2]));
  // L = A2 x B0: ra = ea0 AbsR10 + ea1 AbsR00, rb = eb1 AbsR22 + eb2 AbsR21, s = t1 R00 - t0 R10
  edge(mul(ea[0], AbsR[1][0]), mul(ea[1], AbsR[0][0]), mul(eb[1], AbsR[2][2]), mul(eb[2], AbsR[2][1]),
       mul(t[1], R[0][0]), mul(t[0], R[1][0]));
  // L = A2 x B1: ra = ea0 AbsR11 + ea1 AbsR01, rb = eb0 AbsR22 + eb2 AbsR20, s = t1 R01 - t0 R11
  edge(mul(ea[0], AbsR[1][1]), mul(ea[1], AbsR[0][1]), mul(eb[0], AbsR[2][2]), mul(eb[2], AbsR[2][0]),
       mul(t[1], R[0][1]), mul(t[0], R[1][1]));
  // L = A2 x B2: ra = ea0 AbsR12 + ea1 AbsR02, rb = eb0 AbsR21 + eb1 AbsR20, s = t1 R02 - t0 R12
  edge(mul(ea[0], AbsR[1][2]), mul(ea[1], AbsR[0][2]), mul(eb[0], AbsR[2][1]), mul(eb[1], AbsR[2][0]),
       mul(t[1], R[0][2]), mul(t[0], R[1][2]));
  return sep;
}

// Arvo's sum for centres q in boxes [lo, hi] against r^2 (arvoOverlaps in batch_narrow.cpp):
//   v = std::min(std::max(q, lo), hi); delta = q - v; sum = (d0 * d0 + d1 * d1) + d2 * d2
//   overlap = sum <= r * r
// std::max(q, lo) is (q < lo ? lo : q), which is _mm256_max_ps(lo, q) (lo > q ? lo : q),
// NaN included; std::min(x, hi) is (hi < x ? hi : x), which is _mm256_min_ps(hi, x). The
// scalar sum starts from 0: 0 + d0 * d0 is d0 * d0 (a square is never -0).
V arvoOverlap(const V q[3], const V lo[3], const V hi[3], V r) {
  V sum = _mm256_setzero_ps();
  for (int i = 0; i < 3; ++i) {
    const V v = _mm256_min_ps(hi[i], _mm256_max_ps(lo[i], q[i]));
    const V delta = sub(q[i], v);
    sum = add(sum, mul(delta, delta));
  }
  return _mm256_cmp_ps(sum, mul(r, r), _CMP_LE_OQ);
}

}  // namespace

void obbVsObbsAvx2(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out,
            [&a](const ObbBlock& k, auto half) { return notMask(boxObbSeparated<false, decltype(half)::h>(a, k)); });
}

void aabbVsObbsAvx2(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachBlock(b, n, out,
            [&a](const ObbBlock& k, auto half) { return notMask(boxObbSeparated<true, decltype(half)::h>(a, k)); });
}

void obbVsAabbsAvx2(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  // overlaps(Obb, Aabb) is satAabbObb(aabb, obb): box A is each AABB, box B the OBB a.
  // R[i][j] = Bj[i] and AbsR[i][j] = std::abs(R[i][j]) + epsilon, the same for every lane
  V R[3][3], AbsR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      R[i][j] = bcast(a.axes[3 * j + i]);
      AbsR[i][j] = add(vabs(R[i][j]), bcast(kDefaultSatEpsilon));
    }
  const V cb[3] = {bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])};
  const V eb[3] = {bcast(a.e[0]), bcast(a.e[1]), bcast(a.e[2])};
  eachBlock(b, n, out, [&](const AabbBlock& k, auto half) {
    constexpr std::size_t h = decltype(half)::h;
    // t = d = cB - cA (the AABB's axes are the world's); ea = the AABB's half extents
    const V t[3] = {sub(cb[0], load(k.center[0] + h)), sub(cb[1], load(k.center[1] + h)),
                    sub(cb[2], load(k.center[2] + h))};
    const V ea[3] = {load(k.half[0] + h), load(k.half[1] + h), load(k.half[2] + h)};
    return notMask(axesSeparate(R, AbsR, t, ea, eb));
  });
}

void aabbVsAabbsAvx2(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  const V ca[3] = {bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])};
  const V ea[3] = {bcast(a.e[0]), bcast(a.e[1]), bcast(a.e[2])};
  eachBlock(b, n, out, [&](const AabbBlock& k, auto half) {
    constexpr std::size_t h = decltype(half)::h;
    // sep |= |cB[i] - cA[i]| > eA[i] + eB[i], i = 0, 1, 2
    V sep = _mm256_setzero_ps();
    for (int i = 0; i < 3; ++i)
      sep = _mm256_or_ps(sep, separates(sub(load(k.center[i] + h), ca[i]), ea[i], load(k.half[i] + h)));
    return notMask(sep);
  });
}

void sphereVsSpheresAvx2(const SphereArg& a, const SphereBlock* b, std::size_t n, std::uint8_t* out) {
  const V ca[3] = {bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])};
  const V ra = bcast(a.r);
  eachBlock(b, n, out, [&](const SphereBlock& k, auto half) {
    constexpr std::size_t h = decltype(half)::h;
    // d = cB - cA; d2 = (dx * dx + dy * dy) + dz * dz; rs = rA + rB; overlap = d2 <= rs * rs
    const V dx = sub(load(k.center[0] + h), ca[0]), dy = sub(load(k.center[1] + h), ca[1]),
            dz = sub(load(k.center[2] + h), ca[2]);
    const V d2 = add(add(mul(dx, dx), mul(dy, dy)), mul(dz, dz));
    const V rs = add(ra, load(k.radius + h));
    return _mm256_cmp_ps(d2, mul(rs, rs), _CMP_LE_OQ);
  });
}

void sphereVsAabbsAvx2(const SphereArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  const V q[3] = {bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])};
  const V r = bcast(a.r);
  eachBlock(b, n, out, [&](const AabbBlock& k, auto half) {
    constexpr std::size_t h = decltype(half)::h;
    // lo = cB - eB, hi = cB + eB, then Arvo's sum of the sphere's centre
    V lo[3], hi[3];
    for (int i = 0; i < 3; ++i) {
      lo[i] = sub(load(k.center[i] + h), load(k.half[i] + h));
      hi[i] = add(load(k.center[i] + h), load(k.half[i] + h));
    }
    return arvoOverlap(q, lo, hi, r);
  });
}

void sphereVsObbsAvx2(const SphereArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  const V cs[3] = {bcast(a.c[0]), bcast(a.c[1]), bcast(a.c[2])};
  const V r = bcast(a.r);
  const V signBit = _mm256_set1_ps(-0.0f);
  eachBlock(b, n, out, [&](const ObbBlock& k, auto half) {
    constexpr std::size_t h = decltype(half)::h;
    // rel = cS - cB; q[j] = (rel.x * Bj.x + rel.y * Bj.y) + rel.z * Bj.z; lo = -eB, hi = eB
    const V rel[3] = {sub(cs[0], load(k.center[0] + h)), sub(cs[1], load(k.center[1] + h)),
                      sub(cs[2], load(k.center[2] + h))};
    V q[3], lo[3], hi[3];
    for (int j = 0; j < 3; ++j) {
      q[j] = add(add(mul(rel[0], load(k.axes[3 * j] + h)), mul(rel[1], load(k.axes[3 * j + 1] + h))),
                 mul(rel[2], load(k.axes[3 * j + 2] + h)));
      hi[j] = load(k.half[j] + h);
      lo[j] = _mm256_xor_ps(hi[j], signBit);  // -e: the sign flipped, as the scalar negation
    }
    return arvoOverlap(q, lo, hi, r);
  });
}

}  // namespace satlab::batch_detail

#endif  // SATLAB_BATCH_AVX2
