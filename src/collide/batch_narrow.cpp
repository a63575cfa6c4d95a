// The batch narrow phase (batch_narrow.hpp): the run-time choice of path, the scalar
// kernels, and the index list.
//
// The scalar kernels are the teaching tests' arithmetic, lane by lane over the blocks: for
// each pair the same float operations in the same order as satBoxBox (sat_box.hpp),
// satAabbAabb, sphereSphere and Arvo's sum (sphere_box.hpp), the box tests stopping at the
// first separating axis as the teaching code does. (The AVX2 and AVX-512 kernels compute
// every axis of 8 or 16 pairs and combine the separations, which changes when the work
// stops, never the verdict: the verdict is "no axis separates", whichever order the axes are
// looked at in.) This file is compiled with -ffp-contract=off (src/collide/CMakeLists.txt),
// so no product and sum become one fused multiply-add, which rounds once instead of twice.
#include "satlab/collide/batch_narrow.hpp"

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "batch_narrow_kernels.hpp"
#include "satlab/collide/results.hpp"

namespace satlab {

// ---- The path ----------------------------------------------------------------------------

namespace {

// __builtin_cpu_supports reports an AVX2 or AVX-512 feature only where the OS also saves
// its registers (GCC's and Clang's run-time libraries read XGETBV for that).
SimdLevel detectSimdLevel() {
#ifdef SATLAB_BATCH_AVX2
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2")) return SimdLevel::Scalar;
#ifdef SATLAB_BATCH_AVX512
  // The AVX-512 kernels use AVX512F (512-bit arithmetic), AVX512BW and AVX512VL (the
  // verdict bytes written from a mask).
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
    return SimdLevel::Avx512;
#endif
  return SimdLevel::Avx2;
#else
  return SimdLevel::Scalar;
#endif
}

// The level named by SATLAB_SIMD ("scalar", "avx2", "avx512"), or the highest one when it is
// unset or names none: the starting level is the lower of it and the processor's.
SimdLevel levelFromEnvironment() {
  const char* name = std::getenv("SATLAB_SIMD");
  if (name != nullptr) {
    for (const SimdLevel level : {SimdLevel::Scalar, SimdLevel::Avx2, SimdLevel::Avx512})
      if (std::strcmp(name, simdLevelName(level)) == 0) return level;
  }
  return SimdLevel::Avx512;
}

// `level`, or the processor's best where that is lower.
SimdLevel setSimdLevelLimit(SimdLevel level) {
  return static_cast<int>(level) <= static_cast<int>(supportedSimdLevel()) ? level : supportedSimdLevel();
}

std::atomic<int>& chosenLevel() {
  static std::atomic<int> level{static_cast<int>(setSimdLevelLimit(levelFromEnvironment()))};
  return level;
}

}  // namespace

const char* simdLevelName(SimdLevel level) {
  switch (level) {
    case SimdLevel::Avx2: return "avx2";
    case SimdLevel::Avx512: return "avx512";
    default: return "scalar";
  }
}

SimdLevel supportedSimdLevel() {
  static const SimdLevel supported = detectSimdLevel();
  return supported;
}

SimdLevel simdLevel() { return static_cast<SimdLevel>(chosenLevel().load(std::memory_order_relaxed)); }

SimdLevel setSimdLevel(SimdLevel level) {
  const SimdLevel use = setSimdLevelLimit(level);
  chosenLevel().store(static_cast<int>(use), std::memory_order_relaxed);
  return use;
}

namespace batch_detail {

// ---- The scalar kernels -------------------------------------------------------------------

namespace {

constexpr float kEps = kDefaultSatEpsilon;  // overlaps() uses SatOptions' default

// satBoxBox's 15 axes (sat_box.hpp) from R[i][j] = Ai . Bj, AbsR = |R| + epsilon, t (the
// centre offset in A's frame) and both half extents; true at the first axis that separates.
bool axesSeparate(const float (&R)[3][3], const float (&AbsR)[3][3], const float (&t)[3], const float (&ea)[3],
                  const float (&eb)[3]) {
  float s, ra, rb;
  // Axes L = A0, A1, A2.
  for (int i = 0; i < 3; ++i) {
    ra = ea[i];
    rb = eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2];
    if (std::abs(t[i]) > ra + rb) return true;
  }
  // Axes L = B0, B1, B2.
  for (int j = 0; j < 3; ++j) {
    ra = ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j];
    rb = eb[j];
    s = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
    if (std::abs(s) > ra + rb) return true;
  }
  // L = A0 x B0
  ra = ea[1] * AbsR[2][0] + ea[2] * AbsR[1][0];
  rb = eb[1] * AbsR[0][2] + eb[2] * AbsR[0][1];
  s = t[2] * R[1][0] - t[1] * R[2][0];
  if (std::abs(s) > ra + rb) return true;
  // L = A0 x B1
  ra = ea[1] * AbsR[2][1] + ea[2] * AbsR[1][1];
  rb = eb[0] * AbsR[0][2] + eb[2] * AbsR[0][0];
  s = t[2] * R[1][1] - t[1] * R[2][1];
  if (std::abs(s) > ra + rb) return true;
  // L = A0 x B2
  ra = ea[1] * AbsR[2][2] + ea[2] * AbsR[1][2];
  rb = eb[0] * AbsR[0][1] + eb[1] * AbsR[0][0];
  s = t[2] * R[1][2] - t[1] * R[2][2];
  if (std::abs(s) > ra + rb) return true;
  // L = A1 x B0
  ra = ea[0] * AbsR[2][0] + ea[2] * AbsR[0][0];
  rb = eb[1] * AbsR[1][2] + eb[2] * AbsR[1][1];
  s = t[0] * R[2][0] - t[2] * R[0][0];
  if (std::abs(s) > ra + rb) return true;
  // L = A1 x B1
  ra = ea[0] * AbsR[2][1] + ea[2] * AbsR[0][1];
  rb = eb[0] * AbsR[1][2] + eb[2] * AbsR[1][0];
  s = t[0] * R[2][1] - t[2] * R[0][1];
  if (std::abs(s) > ra + rb) return true;
  // L = A1 x B2
  ra = ea[0] * AbsR[2][2] + ea[2] * AbsR[0][2];
  rb = eb[0] * AbsR[1][1] + eb[1] * AbsR[1][0];
  s = t[0] * R[2][2] - t[2] * R[0][2];
  if (std::abs(s) > ra + rb) return true;
  // L = A2 x B0
  ra = ea[0] * AbsR[1][0] + ea[1] * AbsR[0][0];
  rb = eb[1] * AbsR[2][2] + eb[2] * AbsR[2][1];
  s = t[1] * R[0][0] - t[0] * R[1][0];
  if (std::abs(s) > ra + rb) return true;
  // L = A2 x B1
  ra = ea[0] * AbsR[1][1] + ea[1] * AbsR[0][1];
  rb = eb[0] * AbsR[2][2] + eb[2] * AbsR[2][0];
  s = t[1] * R[0][1] - t[0] * R[1][1];
  if (std::abs(s) > ra + rb) return true;
  // L = A2 x B2
  ra = ea[0] * AbsR[1][2] + ea[1] * AbsR[0][2];
  rb = eb[0] * AbsR[2][1] + eb[1] * AbsR[2][0];
  s = t[1] * R[0][2] - t[0] * R[1][2];
  return std::abs(s) > ra + rb;
}

// One pair of boxes, satBoxBox's arithmetic: box A (an OBB, or with kWorldA an AABB, whose
// axes are the world's: Ai . v is v[i]) against OBB `lane` of block b. True when some axis
// separates them.
template <bool kWorldA>
bool boxObbSeparated(const BoxArg& a, const ObbBlock& b, std::size_t l) {
  const float* A = a.axes;  // A[3 * i + k]: component k of Ai
  // R[i][j] = Ai . Bj, glm::dot's order: (x * x + y * y) + z * z.
  float R[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      R[i][j] = kWorldA ? b.axes[3 * j + i][l]
                        : A[3 * i] * b.axes[3 * j][l] + A[3 * i + 1] * b.axes[3 * j + 1][l] +
                              A[3 * i + 2] * b.axes[3 * j + 2][l];
  float AbsR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) AbsR[i][j] = std::abs(R[i][j]) + kEps;
  const float d[3] = {b.center[0][l] - a.c[0], b.center[1][l] - a.c[1], b.center[2][l] - a.c[2]};
  float t[3];
  for (int i = 0; i < 3; ++i) t[i] = kWorldA ? d[i] : A[3 * i] * d[0] + A[3 * i + 1] * d[1] + A[3 * i + 2] * d[2];
  const float ea[3] = {a.e[0], a.e[1], a.e[2]};
  const float eb[3] = {b.half[0][l], b.half[1][l], b.half[2][l]};
  return axesSeparate(R, AbsR, t, ea, eb);
}

// Arvo's sum (sphere_box.hpp, arvoSum) for centre q in the box [lo, hi] against r^2:
// v = min(max(q, lo), hi), delta = q - v, sum += delta * delta from 0.
bool arvoOverlaps(const float q[3], const float lo[3], const float hi[3], float r) {
  float sum = 0.0f;
  for (int i = 0; i < 3; ++i) {
    const float v = std::min(std::max(q[i], lo[i]), hi[i]);
    const float delta = q[i] - v;
    sum += delta * delta;
  }
  return sum <= r * r;
}

// Runs verdict(block, lane) over n shapes.
template <class Block, class Verdict>
void eachLane(const Block* b, std::size_t n, std::uint8_t* out, Verdict verdict) {
  for (std::size_t i = 0; i < n; ++i) out[i] = verdict(b[i / kLanes], i % kLanes) ? 1 : 0;
}

}  // namespace

void obbVsObbsScalar(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachLane(b, n, out, [&a](const ObbBlock& k, std::size_t l) { return !boxObbSeparated<false>(a, k, l); });
}

void aabbVsObbsScalar(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  eachLane(b, n, out, [&a](const ObbBlock& k, std::size_t l) { return !boxObbSeparated<true>(a, k, l); });
}

void obbVsAabbsScalar(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  // overlaps(Obb, Aabb) is satAabbObb(aabb, obb): box A is AABB `lane`, box B the OBB a, so
  // R[i][j] = Bj[i] and AbsR are the same for every lane, and t = d = cB - cA.
  float R[3][3], AbsR[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      R[i][j] = a.axes[3 * j + i];
      AbsR[i][j] = std::abs(R[i][j]) + kEps;
    }
  const float eb[3] = {a.e[0], a.e[1], a.e[2]};
  eachLane(b, n, out, [&](const AabbBlock& k, std::size_t l) {
    const float t[3] = {a.c[0] - k.center[0][l], a.c[1] - k.center[1][l], a.c[2] - k.center[2][l]};
    const float ea[3] = {k.half[0][l], k.half[1][l], k.half[2][l]};
    return !axesSeparate(R, AbsR, t, ea, eb);
  });
}

void aabbVsAabbsScalar(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  // satAabbAabb: t = cB[i] - cA[i], separated when |t| > eA[i] + eB[i].
  eachLane(b, n, out, [&a](const AabbBlock& k, std::size_t l) {
    bool sep = false;
    for (int i = 0; i < 3; ++i) sep |= std::abs(k.center[i][l] - a.c[i]) > a.e[i] + k.half[i][l];
    return !sep;
  });
}

void sphereVsSpheresScalar(const SphereArg& a, const SphereBlock* b, std::size_t n, std::uint8_t* out) {
  // sphereSphere: d = cB - cA, d . d (glm::dot's order) <= (rA + rB)^2.
  eachLane(b, n, out, [&a](const SphereBlock& k, std::size_t l) {
    const float dx = k.center[0][l] - a.c[0], dy = k.center[1][l] - a.c[1], dz = k.center[2][l] - a.c[2];
    const float d2 = dx * dx + dy * dy + dz * dz;
    const float rs = a.r + k.radius[l];
    return d2 <= rs * rs;
  });
}

void sphereVsAabbsScalar(const SphereArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out) {
  // closestSphereAabb: Arvo's sum in world space, the box as [c - e, c + e].
  eachLane(b, n, out, [&a](const AabbBlock& k, std::size_t l) {
    float lo[3], hi[3];
    for (int i = 0; i < 3; ++i) {
      lo[i] = k.center[i][l] - k.half[i][l];
      hi[i] = k.center[i][l] + k.half[i][l];
    }
    return arvoOverlaps(a.c, lo, hi, a.r);
  });
}

void sphereVsObbsScalar(const SphereArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out) {
  // closestSphereObb: the centre in the box's frame, q[j] = (cS - cB) . Bj, then Arvo's sum
  // against [-e, e].
  eachLane(b, n, out, [&a](const ObbBlock& k, std::size_t l) {
    const float rel[3] = {a.c[0] - k.center[0][l], a.c[1] - k.center[1][l], a.c[2] - k.center[2][l]};
    float q[3], lo[3], hi[3];
    for (int j = 0; j < 3; ++j) {
      q[j] = rel[0] * k.axes[3 * j][l] + rel[1] * k.axes[3 * j + 1][l] + rel[2] * k.axes[3 * j + 2][l];
      lo[j] = -k.half[j][l];
      hi[j] = k.half[j][l];
    }
    return arvoOverlaps(q, lo, hi, a.r);
  });
}

}  // namespace batch_detail

// ---- The calls ----------------------------------------------------------------------------

namespace {

batch_detail::BoxArg boxArg(const glm::vec3& c, const glm::mat3& axes, const glm::vec3& e) {
  batch_detail::BoxArg a{};
  for (int k = 0; k < 3; ++k) {
    a.c[k] = c[k];
    a.e[k] = e[k];
    for (int i = 0; i < 3; ++i) a.axes[3 * i + k] = axes[i][k];
  }
  return a;
}
batch_detail::SphereArg sphereArg(const Sphere& s) { return {{s.center.x, s.center.y, s.center.z}, s.radius}; }

#if defined(SATLAB_BATCH_AVX512)
#define SATLAB_BATCH_CALL(name, arg, b, out)                          \
  do {                                                                \
    const SimdLevel level = simdLevel();                              \
    if (level == SimdLevel::Avx512)                                   \
      batch_detail::name##Avx512(arg, (b).blocks(), (b).size(), out); \
    else if (level == SimdLevel::Avx2)                                \
      batch_detail::name##Avx2(arg, (b).blocks(), (b).size(), out);   \
    else                                                              \
      batch_detail::name##Scalar(arg, (b).blocks(), (b).size(), out); \
  } while (false)
#elif defined(SATLAB_BATCH_AVX2)
#define SATLAB_BATCH_CALL(name, arg, b, out)                          \
  do {                                                                \
    if (simdLevel() == SimdLevel::Avx2)                               \
      batch_detail::name##Avx2(arg, (b).blocks(), (b).size(), out);   \
    else                                                              \
      batch_detail::name##Scalar(arg, (b).blocks(), (b).size(), out); \
  } while (false)
#else
#define SATLAB_BATCH_CALL(name, arg, b, out) batch_detail::name##Scalar(arg, (b).blocks(), (b).size(), out)
#endif

}  // namespace

void obbVsObbs(const Obb& a, const ObbBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(obbVsObbs, boxArg(a.center, a.axes, a.half), b, out);
}
void obbVsAabbs(const Obb& a, const AabbBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(obbVsAabbs, boxArg(a.center, a.axes, a.half), b, out);
}
void aabbVsObbs(const Aabb& a, const ObbBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(aabbVsObbs, boxArg(a.center, glm::mat3(1.0f), a.half), b, out);
}
void aabbVsAabbs(const Aabb& a, const AabbBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(aabbVsAabbs, boxArg(a.center, glm::mat3(1.0f), a.half), b, out);
}
void sphereVsSpheres(const Sphere& a, const SphereBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(sphereVsSpheres, sphereArg(a), b, out);
}
void sphereVsAabbs(const Sphere& a, const AabbBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(sphereVsAabbs, sphereArg(a), b, out);
}
void sphereVsObbs(const Sphere& a, const ObbBatch& b, std::uint8_t* out) {
  SATLAB_BATCH_CALL(sphereVsObbs, sphereArg(a), b, out);
}

void appendOverlapIndices(const std::uint8_t* verdicts, std::size_t n, std::vector<std::uint32_t>& indices) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, verdicts + i, 8);
    if (word == 0) continue;
    for (std::size_t k = i; k < i + 8; ++k)
      if (verdicts[k]) indices.push_back(static_cast<std::uint32_t>(k));
  }
  for (; i < n; ++i)
    if (verdicts[i]) indices.push_back(static_cast<std::uint32_t>(i));
}

}  // namespace satlab
