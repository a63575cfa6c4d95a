// The two caches of the 2010 bounding-box analysis paper (world/pipeline_cache.hpp): the
// AABB list evicts the least used pair, the OBB list an unused entry with the oldest
// timestamp.
#include "world/pipeline_cache.hpp"

#include <gtest/gtest.h>

namespace satlab {
namespace {

TEST(PipelineCache, PairKeysAreUnordered) {
  EXPECT_EQ(pairKey(3, 9), pairKey(9, 3));
  EXPECT_EQ(pairKeyA(pairKey(9, 3)), 3u);
  EXPECT_EQ(pairKeyB(pairKey(9, 3)), 9u);
}

TEST(PipelineCache, AFullAabbListEvictsThePairThatCollidedLeast) {
  AabbPairCache cache(3);
  std::vector<std::uint64_t> evicted;
  cache.touch(pairKey(0, 1), 1, evicted).collisions = 5;
  cache.touch(pairKey(0, 2), 1, evicted).collisions = 1;  // least used
  cache.touch(pairKey(0, 3), 1, evicted).collisions = 9;
  EXPECT_TRUE(evicted.empty());
  cache.touch(pairKey(1, 2), 2, evicted);
  ASSERT_EQ(evicted.size(), 1u);
  EXPECT_EQ(evicted[0], pairKey(0, 2));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find(pairKey(0, 2)), nullptr);
  // Among equal counts the one seen longest ago goes; the new entry (count 0) is kept.
  evicted.clear();
  cache.find(pairKey(0, 1))->collisions = 0;
  cache.touch(pairKey(2, 3), 3, evicted);
  ASSERT_EQ(evicted.size(), 1u);
  EXPECT_EQ(evicted[0], pairKey(0, 1));
  EXPECT_NE(cache.find(pairKey(2, 3)), nullptr);
  EXPECT_NE(cache.find(pairKey(1, 2)), nullptr);
}

TEST(PipelineCache, TouchingAKnownPairKeepsItsCount) {
  AabbPairCache cache(2);
  std::vector<std::uint64_t> evicted;
  cache.touch(pairKey(4, 5), 1, evicted).collisions = 7;
  const AabbPairCache::Entry& e = cache.touch(pairKey(5, 4), 8, evicted);
  EXPECT_EQ(e.collisions, 7u);
  EXPECT_EQ(e.seenFrame, 8u);
  EXPECT_TRUE(evicted.empty());
}

TEST(PipelineCache, ManyEvictionsKeepTheListAtItsCapacity) {
  AabbPairCache cache(64);
  std::vector<std::uint64_t> evicted;
  for (std::uint32_t i = 0; i < 1000; ++i) cache.touch(pairKey(i, i + 1), i, evicted).collisions = i % 7;
  EXPECT_EQ(cache.size(), 64u);
  EXPECT_EQ(evicted.size(), 1000u - 64u);
}

TEST(PipelineCache, TheObbListEvictsAnUnusedEntryWithTheOldestTimestamp) {
  TriangleCache cache(2);
  TriangleCache::Entry e;
  e.collided = true;
  e.triangleA = 4;
  EXPECT_FALSE(cache.store(pairKey(0, 1), e, 1));
  EXPECT_FALSE(cache.store(pairKey(0, 2), e, 2));
  cache.beginFrame();
  ASSERT_NE(cache.lookup(pairKey(0, 1)), nullptr);  // used this frame, though older
  EXPECT_TRUE(cache.lookup(pairKey(0, 1))->used);
  EXPECT_TRUE(cache.store(pairKey(0, 3), e, 3));
  EXPECT_NE(cache.lookup(pairKey(0, 1)), nullptr);
  EXPECT_EQ(cache.lookup(pairKey(0, 2)), nullptr);
  const TriangleCache::Entry* kept = cache.lookup(pairKey(0, 3));
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->timestamp, 3u);
  EXPECT_EQ(kept->triangleA, 4u);
  cache.beginFrame();
  EXPECT_FALSE(kept->used);
}

}  // namespace
}  // namespace satlab
