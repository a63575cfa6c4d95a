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
///
/// Storage: the entries in one array whose places stay put until the entry is removed (a
/// removed entry's place is reused), and an open-addressing index from the pair's key to
/// its place (linear probing, removal by backward shift): a lookup is one probe of a flat
/// table, and the pipeline keeps each candidate's place from touch() to its AABB test.
class AabbPairCache {
 public:
  struct Entry {
    std::uint64_t collisions = 0;  ///< frames in which the pair's AABBs collided
    std::uint64_t seenFrame = 0;   ///< the last frame the first phase found the pair
  };
  /// Where an entry sits (until it is removed); kNoPlace: nowhere.
  using Place = std::uint32_t;
  static constexpr Place kNoPlace = ~Place{0};

  explicit AabbPairCache(std::size_t capacity = 4096) : capacity_(capacity < 1 ? 1 : capacity) {}

  std::size_t capacity() const { return capacity_; }
  /// Changes the capacity; a smaller one evicts at the next insert, not now.
  void setCapacity(std::size_t capacity) { capacity_ = capacity < 1 ? 1 : capacity; }
  std::size_t size() const { return size_; }
  void clear();

  Entry* find(std::uint64_t key) {
    const Place p = placeOf(key);
    return p == kNoPlace ? nullptr : &items_[p].entry;
  }

  /// The entry of `key`, created (count 0) when missing. Creating one in a full list first
  /// evicts the least used other entry, whose key is appended to `evicted`.
  Entry& touch(std::uint64_t key, std::uint64_t frame, std::vector<std::uint64_t>& evicted) {
    bool known = false;
    return items_[touchPlace(key, frame, evicted, known)].entry;
  }
  /// touch(), returning the entry's place; `known` says whether it was there already (a hit).
  Place touchPlace(std::uint64_t key, std::uint64_t frame, std::vector<std::uint64_t>& evicted, bool& known);
  /// The entry at `place` when it still holds `key` (it may have been evicted since, and its
  /// place given to another pair), else nullptr.
  Entry* at(Place place, std::uint64_t key) {
    return place < items_.size() && items_[place].live && items_[place].key == key ? &items_[place].entry : nullptr;
  }

  /// Removes the entries for which `drop(key, entry)` is true. O(size). The entries kept
  /// stay where they are.
  template <class Drop>
  void removeIf(Drop&& drop) {
    for (Place p = 0; p < items_.size(); ++p) {
      if (items_[p].live && drop(items_[p].key, static_cast<const Entry&>(items_[p].entry))) erase(p);
    }
  }

  /// Every entry, in no particular order: visit(key, entry).
  template <class Visit>
  void forEach(Visit&& visit) {
    for (Item& item : items_) {
      if (item.live) visit(item.key, item.entry);
    }
  }

 private:
  struct Item {
    std::uint64_t key = 0;
    Entry entry;
    bool live = false;
  };
  Place placeOf(std::uint64_t key) const;
  /// The index slot holding `key`, or the empty slot where it would go.
  std::size_t slotOf(std::uint64_t key) const;
  void erase(Place place);
  void growIndex();
  /// Evicts one entry other than `keep`: the lowest count, then the oldest seenFrame.
  std::uint64_t evictOne(std::uint64_t keep);

  std::size_t capacity_;
  std::size_t size_ = 0;
  std::vector<Item> items_;
  std::vector<Place> freePlaces_;
  std::vector<Place> index_;  // kNoPlace: empty; a power of two, at most half full
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
