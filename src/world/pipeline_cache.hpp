// The two frame-coherence caches of the 2010 bounding-box analysis paper ("Analysis of
// bounding-box algorithms for 3D collision detection", section 2), used by the two-phase
// pipeline (pipeline.hpp). Between two frames the shapes move little, so the set of pairs
// whose boxes collide, and where two meshes touch, change little too:
//
//   1. the AABB list: the pairs the first phase found with colliding boxes, each with a
//      collision count (frames in which its AABBs collided). When the list is full, the
//      least used pair (the lowest count; the longest unseen among equals) is evicted, so
//      the list stays bounded ("to keep the buffer from growing too large, the least
//      recently used algorithm deletes the pair that collides least often");
//   2. the OBB list: per pair, the last colliding triangle (pair), whether it collided,
//      whether the entry was used this frame, and a timestamp (the frame it was last
//      updated). The cached triangle is tested first; when it still collides, the answer
//      is given without walking the mesh's tree. When full, an unused entry with the oldest
//      timestamp is evicted.
//
// Both are plain containers keyed by the pair (a < b, shape indices); what the pipeline
// does with them is in pipeline.hpp. No GL, no timing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace satlab {

/// The key of the unordered pair (a, b): the smaller index in the high half.
inline std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) {
  if (b < a) std::swap(a, b);
  return (static_cast<std::uint64_t>(a) << 32) | b;
}
inline std::uint32_t pairKeyA(std::uint64_t key) { return static_cast<std::uint32_t>(key >> 32); }
inline std::uint32_t pairKeyB(std::uint64_t key) { return static_cast<std::uint32_t>(key & 0xffffffffu); }

/// Cache 1: the AABB list.
class AabbPairCache {
 public:
  struct Entry {
    std::uint64_t collisions = 0;  ///< frames in which the pair's AABBs collided
    std::uint64_t seenFrame = 0;   ///< the last frame the first phase found the pair
  };

  explicit AabbPairCache(std::size_t capacity = 4096) : capacity_(capacity < 1 ? 1 : capacity) {}

  std::size_t capacity() const { return capacity_; }
  /// Changes the capacity; a smaller one evicts at the next insert, not now.
  void setCapacity(std::size_t capacity) { capacity_ = capacity < 1 ? 1 : capacity; }
  std::size_t size() const { return entries_.size(); }
  void clear() {
    entries_.clear();
    victims_.clear();
  }

  Entry* find(std::uint64_t key) {
    auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
  }

  /// The entry of `key`, created (count 0) when missing. Creating one in a full list first
  /// evicts the least used other entry, whose key is appended to `evicted`.
  Entry& touch(std::uint64_t key, std::uint64_t frame, std::vector<std::uint64_t>& evicted);

  /// Removes the entries for which `drop(key, entry)` is true. O(size). Pointers to the
  /// entries kept stay valid until the next insert or removal.
  template <class Drop>
  void removeIf(Drop&& drop) {
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (drop(it->first, it->second)) {
        it = entries_.erase(it);
      } else {
        ++it;
      }
    }
  }

  /// Every entry, in no particular order: visit(key, entry).
  template <class Visit>
  void forEach(Visit&& visit) {
    for (auto& [key, entry] : entries_) visit(key, entry);
  }

 private:
  /// Evicts one entry other than `keep`: the lowest count, then the oldest seenFrame.
  std::uint64_t evictOne(std::uint64_t keep);

  std::size_t capacity_;
  std::unordered_map<std::uint64_t, Entry> entries_;
  /// The next eviction candidates, least used last: one O(size) pass picks a batch of them
  /// (an eighth of the list), so evictions cost O(1) amortised, not O(size) each.
  std::vector<std::pair<Entry, std::uint64_t>> victims_;
};

/// Cache 2: the OBB list.
class TriangleCache {
 public:
  struct Entry {
    /// The last colliding triangle (pair), as positions in the meshes' trees
    /// (BvTree::triangles, the order the tree walk tests them in), in the walk's roles
    /// (pair_tests.hpp): triangleA of the mesh walked (the first mesh of two), triangleB of
    /// the second mesh of two (0 against a shape that is not a mesh).
    std::uint32_t triangleA = 0, triangleB = 0;
    bool collided = false;        ///< bCollide: the pair collided when last tested
    bool used = false;            ///< bUse: the entry was looked up this frame
    std::uint64_t timestamp = 0;  ///< the frame the entry was last written
  };

  explicit TriangleCache(std::size_t capacity = 4096) : capacity_(capacity < 1 ? 1 : capacity) {}

  std::size_t capacity() const { return capacity_; }
  void setCapacity(std::size_t capacity) { capacity_ = capacity < 1 ? 1 : capacity; }
  std::size_t size() const { return entries_.size(); }
  void clear() { entries_.clear(); }

  /// Starts a frame: every entry's `used` flag is cleared.
  void beginFrame();

  /// The entry of `key` (marked used), or nullptr.
  Entry* lookup(std::uint64_t key);

  /// Writes the entry of `key` (used, stamped `frame`). Creating one in a full list evicts
  /// an entry first: one not used this frame with the oldest timestamp (the oldest of all
  /// when every entry was used); returns true when it did.
  bool store(std::uint64_t key, const Entry& entry, std::uint64_t frame);

 private:
  std::size_t capacity_;
  std::unordered_map<std::uint64_t, Entry> entries_;
};

}  // namespace satlab
