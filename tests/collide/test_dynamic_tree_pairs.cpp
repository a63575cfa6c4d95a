// The pair set kept by DynamicPairs against brute force over the fat boxes, with begin and
// end events that account for every change, and the hash set underneath it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <vector>

#include "satlab/collide/dynamic_pairs.hpp"

namespace satlab {
namespace {

using PairList = std::vector<ProxyPair>;

PairList sorted(PairList v) {
  std::sort(v.begin(), v.end());
  return v;
}

PairList brutePairs(const DynamicAabbTree& tree, const std::vector<std::int32_t>& live) {
  PairList out;
  for (std::size_t i = 0; i < live.size(); ++i)
    for (std::size_t j = i + 1; j < live.size(); ++j)
      if (tree.fatOverlap(live[i], live[j])) out.push_back({std::min(live[i], live[j]), std::max(live[i], live[j])});
  return sorted(out);
}

void runPairs(unsigned seed, int frames, int shapes, float moverShare, float world) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> pos(-world, world);
  std::uniform_real_distribution<float> size(0.1f, 1.5f);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::uniform_real_distribution<float> step(-0.3f, 0.3f);
  DynamicPairs pairs;
  std::vector<std::int32_t> live;
  std::vector<Aabb> tight;
  auto add = [&]() {
    const Aabb box{{pos(rng), pos(rng), pos(rng)}, {size(rng), size(rng), size(rng)}};
    const std::int32_t p = pairs.insert(box, 0u);
    ASSERT_NE(p, DynamicAabbTree::kNull);
    live.push_back(p);
    if (tight.size() <= static_cast<std::size_t>(p)) tight.resize(static_cast<std::size_t>(p) + 1);
    tight[static_cast<std::size_t>(p)] = box;
  };
  for (int i = 0; i < shapes; ++i) add();
  std::set<ProxyPair> previous;
  for (int f = 0; f < frames; ++f) {
    for (const std::int32_t p : live) {
      if (unit(rng) > moverShare) continue;
      const glm::vec3 d(step(rng), step(rng), step(rng));
      tight[static_cast<std::size_t>(p)].center += d;
      pairs.move(p, tight[static_cast<std::size_t>(p)], d);
    }
    // Now and then a shape goes and another comes (its index may be the freed one).
    if (f % 3 == 1 && !live.empty()) {
      const std::size_t k = std::uniform_int_distribution<std::size_t>(0, live.size() - 1)(rng);
      pairs.remove(live[k]);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
      add();
    }
    pairs.update();
    const PairList now = sorted(pairs.pairs());
    ASSERT_EQ(now, brutePairs(pairs.tree(), live)) << "frame " << f;
    ASSERT_TRUE(std::adjacent_find(now.begin(), now.end()) == now.end()) << "a pair listed twice";
    // previous - ended + begun == now, and each event is a real change.
    std::set<ProxyPair> replay = previous;
    for (const ProxyPair& e : pairs.ended()) ASSERT_EQ(replay.erase(e), 1u) << "ended a pair that was not there";
    for (const ProxyPair& b : pairs.begun()) ASSERT_TRUE(replay.insert(b).second) << "began a pair already there";
    ASSERT_EQ(PairList(replay.begin(), replay.end()), now) << "frame " << f;
    previous = std::set<ProxyPair>(now.begin(), now.end());
    ASSERT_TRUE(pairs.tree().movedProxies().empty());
  }
}

TEST(DynamicPairs, PairSetEqualsBruteForceEveryFrame) {
  for (unsigned seed = 1; seed <= 6; ++seed) runPairs(seed, 40, 120, 0.3f, 8.0f);
}

TEST(DynamicPairs, DenseScenePairSetEqualsBruteForce) { runPairs(42, 30, 300, 0.5f, 5.0f); }

TEST(DynamicPairs, ATreeBuiltAtOnceFindsThePairsOfBruteForceAndKeepsThemWhileShapesMove) {
  // 2,000 boxes, some piled on one spot (equal centres), one refused (a NaN): the tree
  // built at once is valid, the pairs found by the tree against itself are brute force's,
  // and moving a third of the boxes afterwards keeps them so.
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> pos(-20.0f, 20.0f);
  std::uniform_real_distribution<float> size(0.1f, 1.5f);
  std::vector<Aabb> tight;
  for (int i = 0; i < 2000; ++i) {
    const glm::vec3 c = i % 50 == 0 ? glm::vec3(1.0f) : glm::vec3(pos(rng), pos(rng), pos(rng));
    tight.push_back(Aabb{c, {size(rng), size(rng), size(rng)}});
  }
  tight[17].center.x = std::nanf("");
  DynamicPairs pairs;
  std::vector<std::int32_t> proxies;
  pairs.build(tight, proxies);
  ASSERT_EQ(proxies.size(), tight.size());
  EXPECT_EQ(proxies[17], DynamicAabbTree::kNull);
  std::vector<std::int32_t> live;
  for (std::size_t i = 0; i < tight.size(); ++i) {
    if (i == 17) continue;
    ASSERT_NE(proxies[i], DynamicAabbTree::kNull);
    EXPECT_EQ(pairs.tree().userData(proxies[i]), i);
    live.push_back(proxies[i]);
  }
  EXPECT_EQ(pairs.tree().validate(), "");
  EXPECT_EQ(pairs.tree().proxyCount(), live.size());
  EXPECT_LE(pairs.tree().height(), 16);  // median splits: log2(2000) rounded up, and a little
  pairs.update();
  EXPECT_EQ(sorted(pairs.pairs()), brutePairs(pairs.tree(), live));
  EXPECT_EQ(sorted(pairs.begun()), brutePairs(pairs.tree(), live));
  std::uniform_real_distribution<float> step(-0.5f, 0.5f);
  for (int f = 0; f < 5; ++f) {
    for (std::size_t i = 0; i < tight.size(); i += 3) {
      if (i == 17) continue;
      const glm::vec3 d(step(rng), step(rng), step(rng));
      tight[i].center += d;
      pairs.move(proxies[i], tight[i], d);
    }
    pairs.update();
    ASSERT_EQ(pairs.tree().validate(), "");
    ASSERT_EQ(sorted(pairs.pairs()), brutePairs(pairs.tree(), live)) << "frame " << f;
  }
}

TEST(DynamicPairs, ATreeAgainstItselfGivesEachOverlappingPairOnce) {
  // Boxes inserted one by one: the descent of the tree against itself finds brute force's
  // pairs, each once, and stops when told to.
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> pos(-6.0f, 6.0f);
  DynamicAabbTree tree;
  std::vector<std::int32_t> live;
  for (int i = 0; i < 400; ++i) live.push_back(tree.insert(Aabb{{pos(rng), pos(rng), pos(rng)}, glm::vec3(0.7f)}, 0u));
  PairList found;
  EXPECT_TRUE(tree.forEachOverlappingPair([&](std::int32_t a, std::int32_t b) {
    found.push_back({std::min(a, b), std::max(a, b)});
    return true;
  }));
  EXPECT_EQ(sorted(found), brutePairs(tree, live));
  ASSERT_GT(found.size(), 10u);
  int visited = 0;
  EXPECT_FALSE(tree.forEachOverlappingPair([&](std::int32_t, std::int32_t) { return ++visited < 10; }));
  EXPECT_EQ(visited, 10);
}

TEST(DynamicPairs, AStillSceneKeepsItsPairsAndReportsNoEvents) {
  DynamicPairs pairs;
  const std::int32_t a = pairs.insert(Aabb{{0, 0, 0}, {1, 1, 1}}, 0);
  const std::int32_t b = pairs.insert(Aabb{{1.5f, 0, 0}, {1, 1, 1}}, 1);
  pairs.insert(Aabb{{9, 0, 0}, {1, 1, 1}}, 2);
  pairs.update();
  ASSERT_EQ(pairs.begun().size(), 1u);
  EXPECT_EQ(pairs.begun()[0], (ProxyPair{std::min(a, b), std::max(a, b)}));
  pairs.move(a, Aabb{{0.02f, 0, 0}, {1, 1, 1}}, glm::vec3(0.02f, 0, 0));  // inside its fat box
  pairs.update();
  EXPECT_TRUE(pairs.begun().empty());
  EXPECT_TRUE(pairs.ended().empty());
  EXPECT_EQ(pairs.pairs().size(), 1u);
  pairs.move(b, Aabb{{5, 0, 0}, {1, 1, 1}}, glm::vec3(0.0f));
  pairs.update();
  EXPECT_EQ(pairs.ended().size(), 1u);
  EXPECT_TRUE(pairs.pairs().empty());
}

TEST(DynamicPairs, RemovedProxysPairsEndEvenWhenItsIndexIsReused) {
  DynamicPairs pairs;
  const std::int32_t a = pairs.insert(Aabb{{0, 0, 0}, {1, 1, 1}}, 0);
  const std::int32_t b = pairs.insert(Aabb{{1.5f, 0, 0}, {1, 1, 1}}, 1);
  pairs.update();
  ASSERT_TRUE(pairs.contains(a, b));
  pairs.remove(b);
  // Same place, new shape: the old pair must end and the new one begin.
  const std::int32_t c = pairs.insert(Aabb{{1.5f, 0, 0}, {1, 1, 1}}, 2);
  pairs.update();
  EXPECT_TRUE(pairs.contains(a, c));
  EXPECT_EQ(pairs.ended().size(), 1u);
  EXPECT_EQ(pairs.begun().size(), 1u);
  EXPECT_EQ(pairs.pairs().size(), 1u);
}

TEST(DynamicPairs, ATouchedProxyLooksAgainAndFindsNothingNew) {
  DynamicPairs pairs;
  std::vector<std::int32_t> live;
  for (int i = 0; i < 20; ++i) live.push_back(pairs.insert(Aabb{{0.5f * i, 0.0f, 0.0f}, glm::vec3(0.4f)}, 0u));
  pairs.update();
  const PairList before = sorted(pairs.pairs());
  EXPECT_EQ(before, brutePairs(pairs.tree(), live));
  for (const std::int32_t p : live) pairs.touch(p);
  EXPECT_EQ(pairs.tree().movedProxies().size(), live.size());
  pairs.update();
  EXPECT_TRUE(pairs.begun().empty());
  EXPECT_TRUE(pairs.ended().empty());
  EXPECT_EQ(sorted(pairs.pairs()), before);
  pairs.touch(12345);  // not a proxy: ignored
  EXPECT_TRUE(pairs.tree().movedProxies().empty());
}

TEST(DynamicPairs, AnUpdateStopsPastItsLimitOfPairs) {
  // 40 boxes in one place: 780 pairs.
  DynamicPairs pairs;
  std::vector<std::int32_t> live;
  for (int i = 0; i < 40; ++i) live.push_back(pairs.insert(Aabb{glm::vec3(0.0f), glm::vec3(1.0f)}, 0u));
  EXPECT_FALSE(pairs.update(100));
  EXPECT_LE(pairs.pairs().size(), 101u);
  EXPECT_TRUE(pairs.tree().movedProxies().empty());
  pairs.clear();
  EXPECT_EQ(pairs.tree().proxyCount(), 0u);
  EXPECT_TRUE(pairs.pairs().empty());
  live.clear();
  for (int i = 0; i < 40; ++i) live.push_back(pairs.insert(Aabb{glm::vec3(0.0f), glm::vec3(1.0f)}, 0u));
  EXPECT_TRUE(pairs.update(780));
  EXPECT_EQ(pairs.pairs().size(), 780u);
  EXPECT_EQ(sorted(pairs.pairs()), brutePairs(pairs.tree(), live));
}

TEST(ProxyPairSet, InsertEraseAndLookupAgreeWithStdSet) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> id(0, 200);
  ProxyPairSet set;
  std::set<ProxyPair> ref;
  for (int i = 0; i < 20000; ++i) {
    const int a = id(rng), b = id(rng);
    if (a == b) continue;
    const ProxyPair p{std::min(a, b), std::max(a, b)};
    if (i % 3 == 0) {
      ASSERT_EQ(set.erase(b, a), ref.erase(p) == 1);
    } else {
      ASSERT_EQ(set.insert(a, b), ref.insert(p).second);
    }
    ASSERT_EQ(set.size(), ref.size());
    if (i % 500 == 0) {
      for (int k = 0; k < 200; ++k) {
        const int x = id(rng), y = id(rng);
        ASSERT_EQ(set.contains(x, y), ref.count(ProxyPair{std::min(x, y), std::max(x, y)}) == 1);
      }
      ASSERT_EQ(std::set<ProxyPair>(set.pairs().begin(), set.pairs().end()), ref);
    }
  }
}

// Pairs added without a lookup (insertNew, as a tree's pairs found at once are) are found,
// refused again and erased like inserted ones once the table is built at first need.
TEST(ProxyPairSet, PairsAddedWithoutALookupAreIndexedAtFirstNeed) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> id(0, 300);
  ProxyPairSet set;
  std::set<ProxyPair> ref;
  for (int i = 0; i < 5000; ++i) {
    const int a = id(rng), b = id(rng);
    const ProxyPair p{std::min(a, b), std::max(a, b)};
    if (a == b || ref.count(p)) continue;
    set.insertNew(b, a);
    ref.insert(p);
  }
  ASSERT_EQ(set.size(), ref.size());
  for (const ProxyPair& p : ref) ASSERT_TRUE(set.contains(p.b, p.a));
  for (const ProxyPair& p : ref) ASSERT_FALSE(set.insert(p.a, p.b));
  for (int i = 0; i < 4000; ++i) {
    const int a = id(rng), b = id(rng);
    if (a == b) continue;
    const ProxyPair p{std::min(a, b), std::max(a, b)};
    if (i % 2 == 0) {
      ASSERT_EQ(set.erase(a, b), ref.erase(p) == 1);
    } else {
      ASSERT_EQ(set.insert(a, b), ref.insert(p).second);
    }
  }
  ASSERT_EQ(std::set<ProxyPair>(set.pairs().begin(), set.pairs().end()), ref);
  // Added again after lookups: indexed again at the next one.
  set.clear();
  set.insertNew(1, 2);
  EXPECT_TRUE(set.contains(2, 1));
  EXPECT_FALSE(set.erase(1, 3));
  EXPECT_TRUE(set.erase(2, 1));
  EXPECT_EQ(set.size(), 0u);
}

}  // namespace
}  // namespace satlab
