// The broad phase: conservative (a pair it culls is separated by the exact test, also at
// the very edge of each test's tolerance), complete (its candidates are exactly the pairs
// whose padded bounds overlap), in file order, stoppable, kept from frame to frame, and
// bounded (past its limit of pairs it streams the candidates instead).
#include "evaluation/pair_eval.hpp"
#include "world/broad_phase.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

namespace satlab::test {
namespace {

glm::mat3 rotation(const glm::vec3& axis, float radians) {
  return glm::mat3(glm::rotate(glm::mat4(1.0f), radians, glm::normalize(axis)));
}

SceneShape shape(std::string name, ShapeGeometry g) {
  SceneShape s;
  s.name = std::move(name);
  s.geometry = g;
  return s;
}

void translate(SceneShape& s, const glm::vec3& d) {
  std::visit(
      [&](auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Segment> || std::is_same_v<T, Capsule>) {
          g.p0 += d;
          g.p1 += d;
        } else if constexpr (std::is_same_v<T, Triangle>) {
          g.a += d;
          g.b += d;
          g.c += d;
        } else if constexpr (kIsMeshLike<T>) {
          meshBody(g).pose.center += d;
        } else {
          g.center += d;
        }
      },
      s.geometry);
}

/// A random shape of `kind` around `at`, of size about `scale`; OBBs are rotated close to
/// `base` (near-parallel edges are where the SAT epsilon matters most). In 2D, in the plane.
SceneShape randomShape(std::mt19937& rng, int kind, const glm::vec3& at, float scale, const glm::mat3& base,
                       bool twoD) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), p(0.02f, 1.0f);
  auto rvec = [&] { return glm::vec3(u(rng), u(rng), twoD ? 0.0f : u(rng)); };
  auto half = [&] {
    glm::vec3 h(p(rng), p(rng), twoD ? 0.0f : p(rng));
    if (rng() % 3 == 0) h.y *= 0.01f;  // thin
    return h * scale;
  };
  switch (kind) {
    case 0: return shape("a", Aabb{at, half()});
    case 1: {
      const float tiny = std::pow(10.0f, -1.0f - 4.0f * (u(rng) * 0.5f + 0.5f));
      const glm::mat3 axes = twoD ? rotation({0, 0, 1}, u(rng) * 3.14f)
                                  : base * rotation(rvec() + glm::vec3(0.0f, 0.0f, 1e-3f), rng() % 2 ? tiny : u(rng));
      return shape("o", Obb{at, axes, half()});
    }
    case 2: return shape("s", Sphere{at, p(rng) * scale});
    default: {
      const glm::vec3 d = rvec() * scale;
      // Sometimes nearly parallel to an axis: the slab tests' parallel rule.
      glm::vec3 dd = d;
      if (rng() % 2) dd[static_cast<int>(rng() % (twoD ? 2 : 3))] *= 1e-7f;
      return shape("g", Segment{at - dd, at + dd});
    }
  }
}

/// Pairs of every type combination placed at the edge of the exact test's verdict (found
/// by bisection along a random direction): the pair on the overlapping side must be a
/// candidate. A culled pair the exact test calls overlapping would be a wrong verdict.
void edgeOfOverlapSearch(bool twoD, int rounds) {
  std::mt19937 rng(twoD ? 7u : 3u);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  int overlapsSeen = 0;
  for (int it = 0; it < rounds; ++it) {
    const int ka = static_cast<int>(rng() % 4), kb = static_cast<int>(rng() % 4);
    const float scales[] = {1e-3f, 1.0f, 1e3f, 1e6f};
    const float scale = scales[rng() % 4];
    const glm::vec3 origin = glm::vec3(u(rng), u(rng), twoD ? 0.0f : u(rng)) * (rng() % 2 ? 1e5f * scale : 0.0f);
    const glm::mat3 base = rng() % 2 ? glm::mat3(1.0f) : rotation({u(rng), u(rng), u(rng) + 2.0f}, u(rng) * 3.14f);
    Scene scene;
    scene.view = twoD ? ViewMode::TwoD : ViewMode::ThreeD;
    scene.shapes.push_back(randomShape(rng, ka, origin, scale, base, twoD));
    scene.shapes.push_back(randomShape(rng, kb, origin, scale, base, twoD));
    scene.shapes[1].name = "b";
    glm::vec3 dir(u(rng), u(rng), twoD ? 0.0f : u(rng));
    if (rng() % 4 == 0) dir = glm::vec3(1.0f, 1e-3f * u(rng), twoD ? 0.0f : 1e-3f * u(rng));
    if (glm::length(dir) < 1e-3f) continue;
    dir = glm::normalize(dir);
    const SceneShape start = scene.shapes[1];
    auto at = [&](float t) {
      scene.shapes[1] = start;
      translate(scene.shapes[1], dir * t);
    };
    at(0.0f);
    if (!evaluatePair(scene, 0, 1).overlap) continue;
    float lo = 0.0f, hi = 8.0f * scale;
    at(hi);
    if (evaluatePair(scene, 0, 1).overlap) continue;
    for (int k = 0; k < 60; ++k) {
      const float mid = 0.5f * (lo + hi);
      at(mid);
      (evaluatePair(scene, 0, 1).overlap ? lo : hi) = mid;
    }
    at(lo);
    const PairResult r = evaluatePair(scene, 0, 1);
    if (!r.overlap) continue;
    ++overlapsSeen;
    const BroadPhase broad(scene);
    ASSERT_TRUE(broad.mayOverlap(0, 1)) << "round " << it << ": " << r.code
                                        << " overlaps at the edge, bounds culled it";
  }
  EXPECT_GT(overlapsSeen, rounds / 2);
}

TEST(BroadPhase, NeverCullsAPairTheExactTestCallsOverlapping3d) { edgeOfOverlapSearch(false, 20000); }
TEST(BroadPhase, NeverCullsAPairTheExactTestCallsOverlapping2d) { edgeOfOverlapSearch(true, 20000); }

Scene randomScene(std::mt19937& rng, size_t n, bool twoD, float spread) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  Scene scene;
  scene.view = twoD ? ViewMode::TwoD : ViewMode::ThreeD;
  for (size_t i = 0; i < n; ++i) {
    const glm::vec3 at(u(rng) * spread, u(rng) * spread, u(rng) * spread);  // z too: 2D must ignore it
    SceneShape s = randomShape(rng, static_cast<int>(rng() % 4), at, 1.0f, glm::mat3(1.0f), false);
    s.name = "s" + std::to_string(i);
    scene.shapes.push_back(std::move(s));
  }
  return scene;
}

TEST(BroadPhase, CandidatesAreExactlyThePairsWhoseBoundsOverlapInFileOrder) {
  std::mt19937 rng(11);
  for (const bool twoD : {false, true}) {
    for (const size_t n : {0u, 1u, 2u, 5u, 300u}) {
      const Scene scene = randomScene(rng, n, twoD, 6.0f);
      const BroadPhase broad(scene);
      std::vector<std::pair<size_t, size_t>> expected, got;
      for (size_t a = 0; a < n; ++a) {
        for (size_t b = a + 1; b < n; ++b) {
          if (broad.mayOverlap(a, b)) expected.emplace_back(a, b);
          // Conservative: the exact test agrees with every culled pair.
          if (!broad.mayOverlap(a, b)) {
            EXPECT_FALSE(evaluatePair(scene, a, b).overlap) << a << "," << b;
          }
        }
      }
      EXPECT_TRUE(broad.forEachCandidate([&](size_t a, size_t b) {
        got.emplace_back(a, b);
        return true;
      }));
      EXPECT_EQ(got, expected) << "n " << n << (twoD ? " 2D" : " 3D");  // file order: a, then b
      EXPECT_EQ(broad.countCandidatesFrom(0, 1u << 30), std::optional<std::uint64_t>(expected.size()));
      if (n == 300) {
        EXPECT_GT(expected.size(), 0u);
        EXPECT_LT(expected.size(), n * (n - 1) / 4);  // the scene is spread: the broad phase culls
        const size_t from = 120;
        const auto later = static_cast<std::uint64_t>(
            std::count_if(expected.begin(), expected.end(), [&](const auto& p) { return p.first >= from; }));
        EXPECT_EQ(broad.countCandidatesFrom(from, 1u << 30), std::optional<std::uint64_t>(later));
      }
    }
  }
}

TEST(BroadPhase, TwoDimensionalScenesIgnoreZ) {
  Scene scene;
  scene.view = ViewMode::TwoD;
  scene.shapes.push_back(shape("r", Aabb{glm::vec3(0, 0, 0), glm::vec3(1, 1, 0)}));
  scene.shapes.push_back(shape("c", Sphere{glm::vec3(1.5f, 0, 50), 1.0f}));
  ASSERT_TRUE(evaluatePair(scene, 0, 1).overlap);  // the 2D test reads x and y only
  EXPECT_TRUE(BroadPhase(scene).mayOverlap(0, 1));
  scene.view = ViewMode::ThreeD;
  EXPECT_FALSE(BroadPhase(scene).mayOverlap(0, 1));
  EXPECT_FALSE(evaluatePair(scene, 0, 1).overlap);
}

TEST(BroadPhase, StopsWhenTold) {
  Scene scene;
  for (int i = 0; i < 50; ++i) scene.shapes.push_back(shape("s" + std::to_string(i), Sphere{glm::vec3(0.0f), 1.0f}));
  const BroadPhase broad(scene);
  size_t seen = 0;
  EXPECT_FALSE(broad.forEachCandidate([&](size_t a, size_t b) {
    EXPECT_LT(a, b);
    return ++seen < 10;
  }));
  EXPECT_EQ(seen, 10u);
}

std::vector<std::pair<size_t, size_t>> candidatesOf(const BroadPhase& broad) {
  std::vector<std::pair<size_t, size_t>> out;
  broad.forEachCandidate([&](size_t a, size_t b) {
    out.emplace_back(a, b);
    return true;
  });
  return out;
}

std::vector<std::pair<size_t, size_t>> bruteCandidates(const BroadPhase& broad) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t a = 0; a < broad.size(); ++a) {
    for (size_t b = a + 1; b < broad.size(); ++b) {
      if (broad.mayOverlap(a, b)) out.emplace_back(a, b);
    }
  }
  return out;
}

TEST(BroadPhase, KeepsItsPairsFromFrameToFrameAndOnlyMovedShapesQuery) {
  for (const bool keep : {true, false}) {
    for (const bool twoD : {false, true}) {
      std::mt19937 rng(twoD ? 23 : 29);
      Scene scene = randomScene(rng, 200, twoD, 5.0f);
      BroadPhaseOptions options;
      options.keepPairs = keep;
      BroadPhase broad(options);
      std::uniform_real_distribution<float> step(-0.3f, 0.3f);
      for (int frame = 0; frame < 30; ++frame) {
        const BroadPhaseStep& s = broad.update(scene);
        ASSERT_FALSE(s.refused);
        EXPECT_EQ(s.rebuilt, frame == 0);
        EXPECT_EQ(candidatesOf(broad), bruteCandidates(broad)) << "frame " << frame;
        std::uint64_t pairs = 0;
        broad.forEachPair([&](std::uint32_t a, std::uint32_t b) {
          EXPECT_LT(a, b);
          ++pairs;
        });
        EXPECT_EQ(pairs, s.pairs);
        if (frame > 0) {
          EXPECT_EQ(s.queried, keep ? s.reinserted : scene.shapes.size()) << "frame " << frame;
        }
        // A fifth of the shapes move a little each frame (some leave their fat boxes).
        for (size_t i = static_cast<size_t>(frame) % 5; i < scene.shapes.size(); i += 5) {
          translate(scene.shapes[i], glm::vec3(step(rng), step(rng), step(rng)));
        }
      }
      const BroadPhaseStep still = broad.update(scene);
      const BroadPhaseStep again = broad.update(scene);
      EXPECT_EQ(again.moved, 0u);
      EXPECT_EQ(again.queried, keep ? 0u : scene.shapes.size());
      EXPECT_EQ(again.pairs, still.pairs);
      EXPECT_EQ(again.begun, 0u);  // queried again or not, nothing new
    }
  }
}

TEST(BroadPhase, OtherShapesStartOver) {
  std::mt19937 rng(31);
  Scene scene = randomScene(rng, 50, false, 4.0f);
  BroadPhase broad;
  broad.update(scene);
  EXPECT_FALSE(broad.update(scene).rebuilt);
  scene.shapes.pop_back();
  EXPECT_TRUE(broad.update(scene).rebuilt);
  EXPECT_EQ(candidatesOf(broad), bruteCandidates(broad));
  scene.view = ViewMode::TwoD;
  EXPECT_TRUE(broad.update(scene).rebuilt);
  EXPECT_EQ(candidatesOf(broad), bruteCandidates(broad));
}

TEST(BroadPhase, ShapesInOnePlaceAreRefusedThenStreamedInFileOrder) {
  // 3,000 identical spheres: 4,498,500 pairs, past the default limit (2^20): the update
  // stops, and the candidates are streamed from the tree shape by shape.
  Scene scene;
  const size_t n = 3000;
  for (size_t i = 0; i < n; ++i) scene.shapes.push_back(shape("s" + std::to_string(i), Sphere{glm::vec3(1.0f), 0.5f}));
  const BroadPhase broad(scene);
  EXPECT_TRUE(broad.last().refused);
  std::uint64_t seen = 0;
  size_t lastA = 0, lastB = 0;
  bool ordered = true;
  EXPECT_TRUE(broad.forEachCandidate([&](size_t a, size_t b) {
    if (seen > 0 && (a < lastA || (a == lastA && b <= lastB))) ordered = false;
    lastA = a;
    lastB = b;
    ++seen;
    return true;
  }));
  EXPECT_TRUE(ordered);
  EXPECT_EQ(seen, std::uint64_t{n} * (n - 1) / 2);
  EXPECT_EQ(broad.countCandidatesFrom(0, 1u << 30), std::optional<std::uint64_t>(seen));
  EXPECT_EQ(broad.countCandidatesFrom(n - 2, 1u << 30), std::optional<std::uint64_t>(1));
  EXPECT_EQ(broad.countCandidatesFrom(0, 100000), std::nullopt);  // over the budget: unknown
  // A limit of its own.
  BroadPhaseOptions small;
  small.maxPairs = 20000;
  BroadPhase limited(small);
  EXPECT_TRUE(limited.update(scene).refused);
  std::mt19937 rng(5);
  const Scene spread = randomScene(rng, 300, false, 6.0f);
  EXPECT_FALSE(limited.update(spread).refused);
  EXPECT_EQ(candidatesOf(limited), bruteCandidates(limited));
}

TEST(BroadPhase, AShapeTheTreeCannotMoveLeavesItAndStillFindsItsPairs) {
  // Shapes 1e38 wide: the fat margin is a quarter of the median, 2.5e37. Frame 2 moves the
  // first box so that its far side is at 3.35e38: its box is finite, but its fat box would
  // pass float range, so the tree cannot move it. It leaves the tree, pairs with every
  // shape, and finds the sphere it now covers. Frame 3 puts it back, into the tree.
  Scene scene;
  scene.shapes.push_back(shape("jump", Aabb{glm::vec3(0.0f), glm::vec3(1e38f, 1.0f, 1.0f)}));
  scene.shapes.push_back(shape("beside", Aabb{glm::vec3(0.0f, 10.0f, 0.0f), glm::vec3(1e38f, 1.0f, 1.0f)}));
  scene.shapes.push_back(shape("far", Sphere{glm::vec3(3.0e38f, 0.0f, 0.0f), 1.0f}));
  BroadPhase broad;
  broad.update(scene);
  ASSERT_NE(broad.proxies()[2], DynamicAabbTree::kNull);
  // At 1e38 the padding (32e-6 of the largest coordinate) is 3.2e33 on every side: the two
  // boxes 10 apart in y are candidates (the exact test separates them).
  const std::vector<std::pair<size_t, size_t>> side = {{0, 1}};
  EXPECT_EQ(candidatesOf(broad), side);
  Aabb& jump = std::get<Aabb>(scene.shapes[0].geometry);
  jump.center.x = 2.35e38f;
  EXPECT_FALSE(broad.update(scene).refused);
  EXPECT_EQ(broad.proxies()[0], DynamicAabbTree::kNull);
  const std::vector<std::pair<size_t, size_t>> found = {{0, 2}};
  EXPECT_EQ(bruteCandidates(broad), found);
  EXPECT_EQ(candidatesOf(broad), found);
  jump.center.x = 0.0f;
  broad.update(scene);
  EXPECT_EQ(candidatesOf(broad), side);
  EXPECT_NE(broad.proxies()[0], DynamicAabbTree::kNull);
}

TEST(BroadPhase, HugeAndTinyShapesGiveOrderedBoundsWithoutNaN) {
  Scene scene;
  scene.shapes.push_back(shape("big", Aabb{glm::vec3(3e38f, -3e38f, 0.0f), glm::vec3(3e38f)}));
  scene.shapes.push_back(shape("tiny", Sphere{glm::vec3(1e-30f), 1e-30f}));
  scene.shapes.push_back(shape("tilt", Obb{glm::vec3(1e38f), rotation({1, 2, 3}, 0.7f), glm::vec3(3e38f, 1.0f, 1.0f)}));
  const BroadPhase broad(scene);
  for (size_t i = 0; i < scene.shapes.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      EXPECT_FALSE(std::isnan(broad.bounds(i).lo[k]) || std::isnan(broad.bounds(i).hi[k])) << i;
      EXPECT_LE(broad.bounds(i).lo[k], broad.bounds(i).hi[k]) << i;
    }
  }
  // The tiny sphere's bounds keep the absolute part of the margin (1e-6 and more).
  EXPECT_LE(broad.bounds(1).lo.x, -1e-6f);
  EXPECT_TRUE(broad.mayOverlap(0, 2));
  // Bounds beyond float range stay out of the tree and pair with every shape.
  EXPECT_EQ(candidatesOf(broad), bruteCandidates(broad));
}

}  // namespace
}  // namespace satlab::test
