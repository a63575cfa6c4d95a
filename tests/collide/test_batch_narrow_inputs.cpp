// The batch narrow phase (batch_narrow.hpp) gives overlaps()'s verdict on every input, on
// each of its paths (scalar, and AVX2 and AVX-512 where the processor has them): random
// pairs, pairs on the touching boundary (found by bisection on the teaching verdict itself,
// then moved a few float steps either way), near-parallel and exactly parallel boxes, flat
// and point shapes, huge (1e9) and tiny (1e-20, 1e-30) ones, boxes far from the origin, and
// inputs outside the shapes' contract (axes not orthonormal, NaN and infinity), which must
// still agree. About 60,000 pairs per pair kind, each compared on every path.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "satlab/collide/batch_narrow.hpp"
#include "satlab/collide/overlaps.hpp"

namespace satlab {
namespace {

// Every level this processor has: scalar, and AVX2 and AVX-512 where present.
std::vector<SimdLevel> paths() {
  std::vector<SimdLevel> p;
  for (const SimdLevel level : {SimdLevel::Scalar, SimdLevel::Avx2, SimdLevel::Avx512})
    if (static_cast<int>(level) <= static_cast<int>(supportedSimdLevel())) p.push_back(level);
  return p;
}

// Puts the path the library chose back when a test ends.
struct RestoreSimdLevel {
  SimdLevel saved = simdLevel();
  ~RestoreSimdLevel() { setSimdLevel(saved); }
};

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}
  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }
  int index(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  glm::vec3 point(float e) { return {uniform(-e, e), uniform(-e, e), uniform(-e, e)}; }
  glm::vec3 direction() {
    glm::vec3 v;
    do v = point(1.0f);
    while (glm::dot(v, v) < 1e-3f || glm::dot(v, v) > 1.0f);
    return glm::normalize(v);
  }
  glm::mat3 rotation() {
    glm::quat q(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    if (glm::dot(q, q) < 1e-6f) q = glm::quat(1, 0, 0, 0);
    return glm::mat3_cast(glm::normalize(q));
  }
  // A rotation by `angle` about a random axis.
  glm::mat3 turn(float angle) { return glm::mat3_cast(glm::angleAxis(angle, direction())); }

 private:
  std::mt19937_64 rng_;
};

// A size at `scale`: each half extent (or the radius) in [0, scale], zero with probability
// `zero`.
float size(Gen& g, float scale, double zero) { return g.chance(zero) ? 0.0f : g.uniform(0.0f, scale); }
void randomize(Gen& g, Aabb& s, float scale, double zero) {
  for (int i = 0; i < 3; ++i) s.half[i] = size(g, scale, zero);
}
void randomize(Gen& g, Obb& s, float scale, double zero) {
  s.axes = g.rotation();
  for (int i = 0; i < 3; ++i) s.half[i] = size(g, scale, zero);
}
void randomize(Gen& g, Sphere& s, float scale, double zero) { s.radius = size(g, scale, zero); }

// The axes a near-parallel B is turned from: A's own (an AABB's are the world's).
glm::mat3 axesOf(const Obb& a) { return a.axes; }
glm::mat3 axesOf(const Aabb&) { return glm::mat3(1.0f); }
glm::mat3 axesOf(const Sphere&) { return glm::mat3(1.0f); }

// B at a near-parallel orientation: A's axes, columns permuted and signs flipped, turned by 0
// or by 10^-9 .. 10^-3 rad (below, at and above float's precision).
template <class S>
void nearParallel(Gen& g, const glm::mat3& base, S& b) {
  if constexpr (std::is_same_v<S, Obb>) {
    glm::mat3 m;
    const int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    const int p = g.index(6);
    for (int j = 0; j < 3; ++j) m[j] = base[perm[p][j]] * (g.chance(0.5) ? -1.0f : 1.0f);
    const float angle = g.chance(0.2) ? 0.0f : std::pow(10.0f, g.uniform(-9.0f, -3.0f));
    b.axes = angle == 0.0f ? m : g.turn(angle) * m;
  } else {
    (void)g, (void)base, (void)b;
  }
}

// A pair kind: A, the batch's shape B, its batch type and the batch call.
template <class A, class B, class Batch, void (*Call)(const A&, const Batch&, std::uint8_t*)>
struct Kind {
  using ShapeA = A;
  using ShapeB = B;
  using BatchB = Batch;
  static void call(const A& a, const Batch& b, std::uint8_t* out) { Call(a, b, out); }
};

// The inputs of one pair kind: groups of an A and the Bs it is tested against.
template <class K>
struct Group {
  typename K::ShapeA a;
  typename K::BatchB bs;
};

// B's centre on the line from A's centre along u at the float t where the teaching verdict
// flips (bisection from t = 0, where the centres coincide and the shapes overlap, to t = hi,
// apart), then 3 float steps either side of it: 8 pairs within a few ulps of touching.
template <class K>
void pushNearTouching(const typename K::ShapeA& a, typename K::ShapeB b, const glm::vec3& u, float hi,
                      typename K::BatchB& out) {
  const auto at = [&](float t) {
    typename K::ShapeB c = b;
    c.center = a.center + u * t;
    return c;
  };
  float lo = 0.0f;
  for (int k = 0; k < 200 && std::nextafter(lo, hi) < hi; ++k) {
    const float mid = lo + (hi - lo) * 0.5f;
    if (mid <= lo || mid >= hi) break;
    (overlaps(a, at(mid)) ? lo : hi) = mid;
  }
  float t = lo;
  for (int k = 0; k < 3; ++k) t = std::nextafter(t, -std::numeric_limits<float>::infinity());
  for (int k = 0; k < 8; ++k, t = std::nextafter(t, std::numeric_limits<float>::infinity())) out.push(at(t));
}

// Fills the groups of every input family for pair kind K.
template <class K>
std::vector<Group<K>> inputs(std::uint64_t seed) {
  using SA = typename K::ShapeA;
  using SB = typename K::ShapeB;
  Gen g(seed);
  std::vector<Group<K>> groups;
  const auto group = [&](float scale, glm::vec3 origin, double zero) -> Group<K>& {
    groups.emplace_back();
    Group<K>& gr = groups.back();
    gr.a.center = origin + g.point(scale);
    randomize(g, gr.a, scale, zero);
    return gr;
  };
  const auto shapeB = [&](float scale, double zero) {
    SB b;
    randomize(g, b, scale, zero);
    return b;
  };
  const float huge = 1e9f;
  struct Scale {
    float scale;
    glm::vec3 origin;
  };
  const Scale scales[] = {{1.0f, glm::vec3(0.0f)},
                          {huge, glm::vec3(0.0f)},
                          {1e-20f, glm::vec3(0.0f)},
                          {1e-30f, glm::vec3(0.0f)},
                          {1.0f, glm::vec3(huge, -huge, 0.5f * huge)},
                          {1.0f, glm::vec3(1e4f, 3e3f, -2e4f)}};
  for (const Scale& sc : scales) {
    const float s = sc.scale;
    // Random: B anywhere within 3 sizes of A (about half of them overlap at scale 1).
    for (int k = 0; k < 24; ++k) {
      Group<K>& gr = group(s, sc.origin, 0.05);
      for (int i = 0; i < 256; ++i) {
        SB b = shapeB(s, 0.05);
        b.center = gr.a.center + g.point(2.0f * s);
        gr.bs.push(b);
      }
    }
    // Near touching, random directions and the axes' own (faces, edges and corners meet).
    for (int k = 0; k < 16; ++k) {
      Group<K>& gr = group(s, sc.origin, 0.05);
      for (int i = 0; i < 32; ++i) {
        glm::vec3 u = g.direction();
        if (g.chance(0.3)) {
          u = glm::vec3(0.0f);
          u[g.index(3)] = g.chance(0.5) ? 1.0f : -1.0f;
        }
        pushNearTouching<K>(gr.a, shapeB(s, 0.05), u, 8.0f * s, gr.bs);
      }
    }
    // Near parallel and parallel, near touching; and flat boxes and points (half of the
    // sizes zero), near touching and at A's centre.
    for (int k = 0; k < 16; ++k) {
      Group<K>& gr = group(s, sc.origin, 0.0);
      // An OBB against AABBs: the OBB near the world's axes.
      if constexpr (std::is_same_v<SA, Obb> && !std::is_same_v<SB, Obb>) nearParallel(g, glm::mat3(1.0f), gr.a);
      for (int i = 0; i < 32; ++i) {
        SB b = shapeB(s, 0.0);
        nearParallel(g, axesOf(gr.a), b);
        pushNearTouching<K>(gr.a, b, g.chance(0.5) ? axesOf(gr.a)[g.index(3)] : g.direction(), 8.0f * s, gr.bs);
      }
    }
    for (int k = 0; k < 8; ++k) {
      Group<K>& gr = group(s, sc.origin, 0.5);
      for (int i = 0; i < 32; ++i) {
        SB b = shapeB(s, 0.5);
        if (g.chance(0.2)) {
          b.center = gr.a.center;
          gr.bs.push(b);
        }
        pushNearTouching<K>(gr.a, b, g.direction(), 8.0f * s, gr.bs);
      }
    }
  }
  // Outside the contract: axes not orthonormal, and NaN or infinity in any field.
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  for (int k = 0; k < 8; ++k) {
    Group<K>& gr = group(1.0f, glm::vec3(0.0f), 0.05);
    for (int i = 0; i < 256; ++i) {
      SB b = shapeB(1.0f, 0.05);
      b.center = gr.a.center + g.point(2.0f);
      if constexpr (std::is_same_v<SB, Obb>)
        for (int j = 0; j < 3; ++j) b.axes[j] = g.point(1.5f);
      if (g.chance(0.3)) {
        // Any one of the shape's floats (its fields are floats only, packed).
        float f[sizeof(SB) / sizeof(float)];
        std::memcpy(f, &b, sizeof f);
        f[g.index(static_cast<int>(sizeof(SB) / sizeof(float)))] = g.chance(0.5) ? nan : (g.chance(0.5) ? inf : -inf);
        std::memcpy(&b, f, sizeof f);
      }
      gr.bs.push(b);
    }
  }
  return groups;
}

std::string hex(float f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%a", static_cast<double>(f));
  return buf;
}
std::string describe(const Aabb& s) {
  return "aabb c(" + hex(s.center.x) + " " + hex(s.center.y) + " " + hex(s.center.z) + ") e(" + hex(s.half.x) + " " +
         hex(s.half.y) + " " + hex(s.half.z) + ")";
}
std::string describe(const Sphere& s) {
  return "sphere c(" + hex(s.center.x) + " " + hex(s.center.y) + " " + hex(s.center.z) + ") r " + hex(s.radius);
}
std::string describe(const Obb& s) {
  std::string axes;
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 3; ++k) axes += hex(s.axes[j][k]) + " ";
  return "obb c(" + hex(s.center.x) + " " + hex(s.center.y) + " " + hex(s.center.z) + ") axes(" + axes + ") e(" +
         hex(s.half.x) + " " + hex(s.half.y) + " " + hex(s.half.z) + ")";
}

// Compares every path's verdicts with overlaps() on every group; returns the pair count.
template <class K>
std::size_t expectAgreement(std::uint64_t seed) {
  RestoreSimdLevel restore;
  const std::vector<Group<K>> groups = inputs<K>(seed);
  std::size_t pairs = 0, overlapping = 0, reported = 0;
  std::vector<std::uint8_t> out;
  for (const Group<K>& gr : groups) {
    const std::size_t n = gr.bs.size();
    std::vector<std::uint8_t> expected(n);
    for (std::size_t i = 0; i < n; ++i) expected[i] = overlaps(gr.a, gr.bs[i]) ? 1 : 0;
    for (const SimdLevel level : paths()) {
      EXPECT_EQ(setSimdLevel(level), level);
      out.assign(n, 0xAB);
      K::call(gr.a, gr.bs, out.data());
      for (std::size_t i = 0; i < n; ++i) {
        if (out[i] == expected[i]) continue;
        ADD_FAILURE() << simdLevelName(level) << " path: " << int(out[i]) << ", overlaps(): " << int(expected[i])
                      << "\n  A " << describe(gr.a) << "\n  B " << describe(gr.bs[i]);
        if (++reported >= 5) return pairs;
      }
    }
    pairs += n;
    for (std::uint8_t e : expected) overlapping += e;
  }
  // The inputs are a test only if they hold both verdicts in numbers.
  EXPECT_GT(overlapping, pairs / 5);
  EXPECT_LT(overlapping, pairs - pairs / 5);
  std::printf("%zu pairs, %zu overlapping, paths:", pairs, overlapping);
  for (const SimdLevel level : paths()) std::printf(" %s", simdLevelName(level));
  std::printf("\n");
  return pairs;
}

using ObbObb = Kind<Obb, Obb, ObbBatch, obbVsObbs>;
using AabbObb = Kind<Aabb, Obb, ObbBatch, aabbVsObbs>;
using ObbAabb = Kind<Obb, Aabb, AabbBatch, obbVsAabbs>;
using AabbAabb = Kind<Aabb, Aabb, AabbBatch, aabbVsAabbs>;
using SphereSphere = Kind<Sphere, Sphere, SphereBatch, sphereVsSpheres>;
using SphereAabb = Kind<Sphere, Aabb, AabbBatch, sphereVsAabbs>;
using SphereObb = Kind<Sphere, Obb, ObbBatch, sphereVsObbs>;

TEST(BatchNarrowInputs, ObbVsObbsAgreesWithOverlapsOnEveryInput) { EXPECT_GT(expectAgreement<ObbObb>(1), 50000u); }
TEST(BatchNarrowInputs, AabbVsObbsAgreesWithOverlapsOnEveryInput) { EXPECT_GT(expectAgreement<AabbObb>(2), 50000u); }
TEST(BatchNarrowInputs, ObbVsAabbsAgreesWithOverlapsOnEveryInput) { EXPECT_GT(expectAgreement<ObbAabb>(7), 50000u); }
TEST(BatchNarrowInputs, AabbVsAabbsAgreesWithOverlapsOnEveryInput) { EXPECT_GT(expectAgreement<AabbAabb>(3), 50000u); }
TEST(BatchNarrowInputs, SphereVsSpheresAgreesWithOverlapsOnEveryInput) {
  EXPECT_GT(expectAgreement<SphereSphere>(4), 50000u);
}
TEST(BatchNarrowInputs, SphereVsAabbsAgreesWithOverlapsOnEveryInput) {
  EXPECT_GT(expectAgreement<SphereAabb>(5), 50000u);
}
TEST(BatchNarrowInputs, SphereVsObbsAgreesWithOverlapsOnEveryInput) {
  EXPECT_GT(expectAgreement<SphereObb>(6), 50000u);
}

}  // namespace
}  // namespace satlab
