// satlab collision core: one shape against many, for speed (the batch narrow phase).
//
// overlaps() (overlaps.hpp) is the teaching verdict: one pair at a time, the book's code,
// stopping at the first separating axis. A scene's narrow phase asks the same question of
// one shape against hundreds or thousands of others; this answers it for all of them in one
// call, sixteen at a time in 512-bit registers (AVX-512) or eight at a time in 256-bit ones
// (AVX2) when the processor has them, with a scalar path otherwise (chosen at run time: the
// library itself needs neither).
//
// The contract is overlaps()'s, bit for bit: out[i] == overlaps(a, b[i]) for every input,
// finite or not, touching and near-parallel included, with the same 1e-6 epsilon on |R|
// (SatOptions' default). All paths compute each axis of the teaching test with the same
// float operations in the same order (no fused multiply-add: the files are compiled with
// -ffp-contract=off and without -mfma); the vector paths compute every axis of 8 or 16 pairs
// where the teaching code stops at the first separating one, which changes when the work
// stops, never the verdict. tests/collide/test_batch_narrow*.cpp check it on a few
// hundred thousand random, touching, near-parallel, flat, huge and tiny inputs and on every
// count from 0 to 17; docs/batch-narrow.md has the measurements.
//
// Storage: structure of arrays in blocks of sixteen (one block = sixteen shapes, each field
// an array of sixteen floats, 64-byte aligned), so one 512-bit load reads one field of
// sixteen shapes and one 256-bit load one field of eight (half a block). The last block is
// padded with zero shapes, whose verdicts are computed and never written. Frames and units: world space, the scene's
// units, as for the shapes themselves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The instruction set the batch calls use, in increasing order.
enum class SimdLevel { Scalar, Avx2, Avx512 };

/// "scalar", "avx2" or "avx512".
const char* simdLevelName(SimdLevel level);

/// The path the batch calls take now. It starts at supportedSimdLevel(), or lower where the
/// environment variable SATLAB_SIMD names a lower level ("scalar", "avx2"); setSimdLevel
/// changes it. Thread-safe.
SimdLevel simdLevel();

/// The best level this processor and build support, asked once by __builtin_cpu_supports
/// (which also checks that the OS saves the registers): Avx512 where the processor has
/// AVX512F, AVX512BW and AVX512VL, Avx2 where it has AVX2, Scalar otherwise and where the
/// library was built without the vector kernels (off x86-64, or not with GCC or Clang).
SimdLevel supportedSimdLevel();

/// Chooses the path for every later batch call (tests and benchmarks force each level to
/// compare them): a level above supportedSimdLevel() gives that level instead. Returns the
/// level now in use. Thread-safe, but affects every thread.
SimdLevel setSimdLevel(SimdLevel level);

namespace batch_detail {

// Shapes per block: one AVX-512 register of floats, two AVX2 ones.
inline constexpr std::size_t kLanes = 16;

// One block of sixteen shapes: field[k][lane]. Plain data only: the vector kernels read
// these and nothing else from this header (batch_narrow_avx2.cpp says why).
struct alignas(64) AabbBlock {
  float center[3][kLanes];
  float half[3][kLanes];
};
struct alignas(64) ObbBlock {
  float center[3][kLanes];
  float axes[9][kLanes];  // axes[3 * j + k]: component k of the box's axis j (column j)
  float half[3][kLanes];
};
struct alignas(64) SphereBlock {
  float center[3][kLanes];
  float radius[kLanes];
};

// One lane of a block written from a shape, and read back.
inline void writeCenter(float (&c)[3][kLanes], std::size_t lane, const glm::vec3& v) {
  for (int k = 0; k < 3; ++k) c[k][lane] = v[k];
}
inline glm::vec3 readCenter(const float (&c)[3][kLanes], std::size_t lane) {
  return {c[0][lane], c[1][lane], c[2][lane]};
}
inline void writeLane(AabbBlock& b, std::size_t lane, const Aabb& s) {
  writeCenter(b.center, lane, s.center);
  writeCenter(b.half, lane, s.half);
}
inline Aabb readLane(const AabbBlock& b, std::size_t lane) {
  return {readCenter(b.center, lane), readCenter(b.half, lane)};
}
inline void writeLane(ObbBlock& b, std::size_t lane, const Obb& s) {
  writeCenter(b.center, lane, s.center);
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 3; ++k) b.axes[3 * j + k][lane] = s.axes[j][k];
  writeCenter(b.half, lane, s.half);
}
inline Obb readLane(const ObbBlock& b, std::size_t lane) {
  Obb s;
  s.center = readCenter(b.center, lane);
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 3; ++k) s.axes[j][k] = b.axes[3 * j + k][lane];
  s.half = readCenter(b.half, lane);
  return s;
}
inline void writeLane(SphereBlock& b, std::size_t lane, const Sphere& s) {
  writeCenter(b.center, lane, s.center);
  b.radius[lane] = s.radius;
}
inline Sphere readLane(const SphereBlock& b, std::size_t lane) { return {readCenter(b.center, lane), b.radius[lane]}; }

}  // namespace batch_detail

/// N shapes of one kind, in blocks of sixteen (see the top of this file). Value types: copy,
/// move and compare like a std::vector. Indices are those of push order.
template <class Shape, class Block>
class ShapeBatch {
 public:
  /// Appends one shape (its index is the size before the call).
  void push(const Shape& s) {
    if (size_ % batch_detail::kLanes == 0) blocks_.emplace_back();  // a zeroed block
    ++size_;
    set(size_ - 1, s);
  }
  /// Replaces shape i (i < size()), e.g. a mover's new pose.
  void set(std::size_t i, const Shape& s) {
    batch_detail::writeLane(blocks_[i / batch_detail::kLanes], i % batch_detail::kLanes, s);
  }
  /// Shape i as stored (i < size()).
  Shape operator[](std::size_t i) const {
    return batch_detail::readLane(blocks_[i / batch_detail::kLanes], i % batch_detail::kLanes);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() {
    blocks_.clear();
    size_ = 0;
  }
  /// Room for n shapes without reallocating.
  void reserve(std::size_t n) { blocks_.reserve((n + batch_detail::kLanes - 1) / batch_detail::kLanes); }

  /// The blocks: ceil(size() / 16) of them, the last padded with zero shapes.
  const Block* blocks() const { return blocks_.data(); }
  std::size_t blockCount() const { return blocks_.size(); }

 private:
  std::vector<Block> blocks_;  // over-aligned: C++17's allocator honours alignas(64)
  std::size_t size_ = 0;
};

using AabbBatch = ShapeBatch<Aabb, batch_detail::AabbBlock>;
using ObbBatch = ShapeBatch<Obb, batch_detail::ObbBlock>;
using SphereBatch = ShapeBatch<Sphere, batch_detail::SphereBlock>;

// The one-against-N verdicts. `out` holds b.size() bytes; out[i] = overlaps(a, b[i]) as 1 or
// 0. Nothing is written past b.size() (the padding's verdicts are dropped). An empty batch
// writes nothing.

/// out[i] = overlaps(a, b[i]): Ericson 4.4.1's 15 axes with |R| + 1e-6 (satObbObb).
void obbVsObbs(const Obb& a, const ObbBatch& b, std::uint8_t* out);
/// out[i] = overlaps(a, b[i]): the same test in the AABB's frame (satAabbObb).
void aabbVsObbs(const Aabb& a, const ObbBatch& b, std::uint8_t* out);
/// out[i] = overlaps(a, b[i]): each AABB as box A, the OBB as box B (satAabbObb(b[i], a)).
void obbVsAabbs(const Obb& a, const AabbBatch& b, std::uint8_t* out);
/// out[i] = overlaps(a, b[i]): three world axes (satAabbAabb).
void aabbVsAabbs(const Aabb& a, const AabbBatch& b, std::uint8_t* out);
/// out[i] = overlaps(a, b[i]): |cB - cA|^2 <= (rA + rB)^2 (sphereSphere).
void sphereVsSpheres(const Sphere& a, const SphereBatch& b, std::uint8_t* out);
/// out[i] = overlaps(a, b[i]): Arvo's sum against r^2 (closestSphereAabb).
void sphereVsAabbs(const Sphere& a, const AabbBatch& b, std::uint8_t* out);
/// out[i] = overlaps(a, b[i]): Arvo's sum in the box's frame (closestSphereObb).
void sphereVsObbs(const Sphere& a, const ObbBatch& b, std::uint8_t* out);

/// Appends to `indices` the i < n with verdicts[i] != 0, in increasing order (the overlapping
/// shapes of a batch call); skips eight zero verdicts at a time.
void appendOverlapIndices(const std::uint8_t* verdicts, std::size_t n, std::vector<std::uint32_t>& indices);

}  // namespace satlab
