// The batch narrow phase's containers and calls (batch_narrow.hpp): the blocks of sixteen,
// every count from 0 to 40 (whole blocks, half blocks and tails) on every path, nothing written past the
// last verdict, the run-time choice of path, and the index list. The verdicts on many inputs
// are test_batch_narrow_inputs.cpp's.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "satlab/collide/batch_narrow.hpp"
#include "satlab/collide/overlaps.hpp"

namespace satlab {
namespace {

struct RestoreSimdLevel {
  SimdLevel saved = simdLevel();
  ~RestoreSimdLevel() { setSimdLevel(saved); }
};

// Every level this processor has: scalar, and AVX2 and AVX-512 where present.
std::vector<SimdLevel> paths() {
  std::vector<SimdLevel> p;
  for (const SimdLevel level : {SimdLevel::Scalar, SimdLevel::Avx2, SimdLevel::Avx512})
    if (static_cast<int>(level) <= static_cast<int>(supportedSimdLevel())) p.push_back(level);
  return p;
}

Obb turnedBox(std::mt19937& gen, float spread) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), e(0.1f, 1.0f);
  const glm::quat q = glm::normalize(glm::quat(u(gen), u(gen), u(gen), u(gen)) + glm::quat(0.01f, 0, 0, 0));
  return Obb{spread * glm::vec3(u(gen), u(gen), u(gen)), glm::mat3_cast(q), glm::vec3(e(gen), e(gen), e(gen))};
}

TEST(BatchNarrow, ABatchKeepsItsShapesInPushOrderInAlignedBlocksOfSixteen) {
  std::mt19937 gen(7);
  ObbBatch b;
  EXPECT_TRUE(b.empty());
  b.reserve(20);
  std::vector<Obb> pushed;
  for (int i = 0; i < 19; ++i) {
    pushed.push_back(turnedBox(gen, 3.0f));
    b.push(pushed.back());
  }
  ASSERT_EQ(b.size(), 19u);
  EXPECT_EQ(b.blockCount(), 2u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.blocks()) % 64, 0u);
  for (std::size_t i = 0; i < pushed.size(); ++i) {
    EXPECT_EQ(b[i].center, pushed[i].center);
    EXPECT_EQ(b[i].axes, pushed[i].axes);
    EXPECT_EQ(b[i].half, pushed[i].half);
  }
  // The padding lanes of the last block are zero shapes.
  for (std::size_t lane = 3; lane < 16; ++lane) {
    EXPECT_EQ(b.blocks()[1].half[0][lane], 0.0f);
    EXPECT_EQ(b.blocks()[1].axes[0][lane], 0.0f);
  }
  const Obb moved{{9, 9, 9}, glm::mat3(1.0f), {1, 2, 3}};
  b.set(10, moved);
  EXPECT_EQ(b[10].center, moved.center);
  EXPECT_EQ(b[10].half, moved.half);
  EXPECT_EQ(b[11].center, pushed[11].center);
  b.clear();
  EXPECT_EQ(b.size(), 0u);
  EXPECT_EQ(b.blockCount(), 0u);
  b.push(moved);  // a new block after clear() is zeroed again
  EXPECT_EQ(b.blocks()[0].center[0][1], 0.0f);
}

TEST(BatchNarrow, SpheresAndAabbsReadBackAsPushed) {
  SphereBatch s;
  s.push(Sphere{{1, 2, 3}, 0.5f});
  s.push(Sphere{{-1, 0, 4}, 0.0f});
  EXPECT_EQ(s[1].center, glm::vec3(-1, 0, 4));
  EXPECT_EQ(s[0].radius, 0.5f);
  AabbBatch a;
  a.push(Aabb{{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(a[0].center, glm::vec3(1, 2, 3));
  EXPECT_EQ(a[0].half, glm::vec3(4, 5, 6));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.blocks()) % 64, 0u);
}

// Every count from 0 to 40: whole blocks of sixteen (16, 32), tails of 1 to 15 after 0, 1
// and 2 of them, and an empty batch; the AVX2 path takes half a block at a time, so its
// tails are 1 to 7 after whole halves. Each path writes exactly n verdicts (the guard bytes
// after them stay as they were).
template <class A, class B, class Batch, class Call, class MakeB>
void expectEveryCount(const A& a, MakeB makeB, Call call) {
  RestoreSimdLevel restore;
  std::mt19937 gen(11);
  for (std::size_t n = 0; n <= 40; ++n) {
    Batch batch;
    std::vector<std::uint8_t> expected;
    for (std::size_t i = 0; i < n; ++i) {
      const B b = makeB(gen);
      batch.push(b);
      expected.push_back(overlaps(a, b) ? 1 : 0);
    }
    for (const SimdLevel level : paths()) {
      setSimdLevel(level);
      std::vector<std::uint8_t> out(n + 16, 0xCD);
      call(a, batch, out.data());
      for (std::size_t i = 0; i < n; ++i)
        EXPECT_EQ(out[i], expected[i]) << simdLevelName(level) << " n " << n << " i " << i;
      for (std::size_t i = n; i < n + 16; ++i)
        EXPECT_EQ(out[i], 0xCD) << simdLevelName(level) << " n " << n << " wrote " << i;
    }
  }
}

TEST(BatchNarrow, EveryCountFromZeroToFortyOnEveryPath) {
  std::mt19937 g0(3);
  const Obb a = turnedBox(g0, 0.0f);
  const auto obb = [](std::mt19937& gen) { return turnedBox(gen, 2.0f); };
  const auto aabb = [](std::mt19937& gen) {
    const Obb o = turnedBox(gen, 2.0f);
    return Aabb{o.center, o.half};
  };
  const auto sphere = [](std::mt19937& gen) {
    const Obb o = turnedBox(gen, 2.0f);
    return Sphere{o.center, o.half.x};
  };
  const Aabb aa{a.center, a.half};
  const Sphere as{a.center, 1.0f};
  expectEveryCount<Obb, Obb, ObbBatch>(a, obb, obbVsObbs);
  expectEveryCount<Aabb, Obb, ObbBatch>(aa, obb, aabbVsObbs);
  expectEveryCount<Obb, Aabb, AabbBatch>(a, aabb, obbVsAabbs);
  expectEveryCount<Aabb, Aabb, AabbBatch>(aa, aabb, aabbVsAabbs);
  expectEveryCount<Sphere, Sphere, SphereBatch>(as, sphere, sphereVsSpheres);
  expectEveryCount<Sphere, Aabb, AabbBatch>(as, aabb, sphereVsAabbs);
  expectEveryCount<Sphere, Obb, ObbBatch>(as, obb, sphereVsObbs);
}

TEST(BatchNarrow, TouchingFacesAndTheEpsilonGiveTheTeachingVerdicts) {
  RestoreSimdLevel restore;
  // Unit cubes face to face at distance 2 (touching: overlap). The 1e-6 added to each |R|
  // widens B's radius on A0 to 1 + 3e-6, so at 2 + 2e-6 the boxes still overlap and at
  // 2 + 1e-5 they are apart; the AABB test has no epsilon, so one float step past 2 is apart.
  // And B turned 1e-8 off A1, the near-parallel pair the epsilon keeps overlapping
  // (test_near_parallel.cpp).
  const Obb a{{0, 0, 0}, glm::mat3(1.0f), {1, 1, 1}};
  ObbBatch b;
  b.push(Obb{{2, 0, 0}, glm::mat3(1.0f), {1, 1, 1}});
  b.push(Obb{{2.0f + 2e-6f, 0, 0}, glm::mat3(1.0f), {1, 1, 1}});
  b.push(Obb{{2.0f + 1e-5f, 0, 0}, glm::mat3(1.0f), {1, 1, 1}});
  b.push(Obb{{0, 0, 1.5f}, glm::mat3(glm::vec3(1, 1e-8f, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)), {1, 1, 1}});
  AabbBatch boxes;
  boxes.push(Aabb{{2, 0, 0}, {1, 1, 1}});
  boxes.push(Aabb{{std::nextafter(2.0f, 3.0f), 0, 0}, {1, 1, 1}});
  for (const SimdLevel level : paths()) {
    setSimdLevel(level);
    std::uint8_t out[4];
    obbVsObbs(a, b, out);
    EXPECT_EQ(std::vector<int>(out, out + 4), (std::vector<int>{1, 1, 0, 1})) << simdLevelName(level);
    aabbVsObbs(Aabb{a.center, a.half}, b, out);
    EXPECT_EQ(std::vector<int>(out, out + 4), (std::vector<int>{1, 1, 0, 1})) << simdLevelName(level);
    aabbVsAabbs(Aabb{a.center, a.half}, boxes, out);
    EXPECT_EQ(std::vector<int>(out, out + 2), (std::vector<int>{1, 0})) << simdLevelName(level);
  }
}

TEST(BatchNarrow, ThePathIsChosenAtRunTimeAndCanBeForcedToEachLevel) {
  RestoreSimdLevel restore;
  // The library starts on the best path the processor has (unless SATLAB_SIMD names a
  // lower one, as it does not in this test's environment).
  if (std::getenv("SATLAB_SIMD") == nullptr) {
    EXPECT_EQ(restore.saved, supportedSimdLevel());
  }
  // The processor's answer, asked here directly: AVX-512 only where all three subsets the
  // kernels use are present (and the OS saves their registers), AVX2 only where it is.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl");
  if (!avx512) {
    EXPECT_NE(supportedSimdLevel(), SimdLevel::Avx512);
  }
  if (!avx2) {
    EXPECT_EQ(supportedSimdLevel(), SimdLevel::Scalar);
  }
#endif
  // Each level at or below the processor's can be forced; one above gives what it has.
  for (const SimdLevel level : {SimdLevel::Scalar, SimdLevel::Avx2, SimdLevel::Avx512}) {
    const SimdLevel expected =
        static_cast<int>(level) <= static_cast<int>(supportedSimdLevel()) ? level : supportedSimdLevel();
    EXPECT_EQ(setSimdLevel(level), expected) << simdLevelName(level);
    EXPECT_EQ(simdLevel(), expected) << simdLevelName(level);
  }
  EXPECT_STREQ(simdLevelName(SimdLevel::Scalar), "scalar");
  EXPECT_STREQ(simdLevelName(SimdLevel::Avx2), "avx2");
  EXPECT_STREQ(simdLevelName(SimdLevel::Avx512), "avx512");
  std::printf("this processor: %s\n", simdLevelName(supportedSimdLevel()));
}

TEST(BatchNarrow, OverlapIndicesListTheNonZeroVerdictsInOrder) {
  std::vector<std::uint8_t> v(37, 0);
  v[0] = v[9] = v[16] = v[36] = 1;
  std::vector<std::uint32_t> idx{99};  // appended to, not replaced
  appendOverlapIndices(v.data(), v.size(), idx);
  EXPECT_EQ(idx, (std::vector<std::uint32_t>{99, 0, 9, 16, 36}));
  idx.clear();
  appendOverlapIndices(v.data(), 0, idx);
  EXPECT_TRUE(idx.empty());
}

}  // namespace
}  // namespace satlab
