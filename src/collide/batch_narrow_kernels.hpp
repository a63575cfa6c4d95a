// satlab collision core (internal, not installed): the batch narrow phase's kernels
// (batch_narrow.hpp), the scalar ones (batch_narrow.cpp), the AVX2 ones
// (batch_narrow_avx2.cpp, built only where CMake defines SATLAB_BATCH_AVX2) and the AVX-512
// ones (batch_narrow_avx512.cpp, only where it defines SATLAB_BATCH_AVX512).
//
// The fixed shape `a` comes as plain floats, so that the AVX2 file uses no inline function
// of GLM or of the standard library (see there); `b` is ceil(n / 16) blocks.
#pragma once

#include <cstddef>
#include <cstdint>

#include "satlab/collide/batch_narrow.hpp"
#include "satlab/collide/results.hpp"  // kDefaultSatEpsilon

namespace satlab::batch_detail {

/// A box: centre, axes (axes[3 * i + k] is component k of axis Ai; unused for an AABB,
/// whose axes are the world's) and half extents.
struct BoxArg {
  float c[3];
  float axes[9];
  float e[3];
};
struct SphereArg {
  float c[3];
  float r;
};

void obbVsObbsScalar(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
void aabbVsObbsScalar(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
void obbVsAabbsScalar(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void aabbVsAabbsScalar(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsSpheresScalar(const SphereArg& a, const SphereBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsAabbsScalar(const SphereArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsObbsScalar(const SphereArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);

#ifdef SATLAB_BATCH_AVX2
void obbVsObbsAvx2(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
void aabbVsObbsAvx2(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
void obbVsAabbsAvx2(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void aabbVsAabbsAvx2(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsSpheresAvx2(const SphereArg& a, const SphereBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsAabbsAvx2(const SphereArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsObbsAvx2(const SphereArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
#endif

#ifdef SATLAB_BATCH_AVX512
void obbVsObbsAvx512(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
void aabbVsObbsAvx512(const BoxArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
void obbVsAabbsAvx512(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void aabbVsAabbsAvx512(const BoxArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsSpheresAvx512(const SphereArg& a, const SphereBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsAabbsAvx512(const SphereArg& a, const AabbBlock* b, std::size_t n, std::uint8_t* out);
void sphereVsObbsAvx512(const SphereArg& a, const ObbBlock* b, std::size_t n, std::uint8_t* out);
#endif

}  // namespace satlab::batch_detail
