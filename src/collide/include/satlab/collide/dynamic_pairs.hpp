// satlab collision core: the overlapping pairs of a dynamic AABB tree, kept frame to frame.
//
// What an engine's broad phase hands its narrow phase each frame: the set of proxy pairs
// whose fat boxes overlap. DynamicPairs keeps that set up to date the way Box2D 2.4 does
// (b2BroadPhase's move buffer, b2ContactManager's persistent contacts), in one place:
//   - move() (and insert()) put a proxy in the tree's move buffer only when its fat box
//     changed: a shape that moved a little inside its fat box costs one containment test;
//   - update() then (1) drops the pairs of removed proxies, (2) re-tests only the pairs
//     that have a moved proxy and drops those whose fat boxes no longer overlap ("ended"),
//     (3) queries the tree once per moved proxy and adds the pairs not yet in the set
//     ("begun"); two moved proxies that overlap are found once, by the smaller index.
// Between updates nothing else changes: a pair can only begin or end when a fat box does.
// An update from nothing (no pairs yet, every proxy moved: after build() or the first
// inserts) finds the pairs by one descent of the tree against itself instead of a query
// per proxy.
// The set is exact: after update() it holds every pair of live proxies whose fat boxes
// overlap (touching counts), each once, and nothing else (the tests check this against
// brute force).
//
// Cost per update: O(pairs) for the re-test sweep (a flag test per pair; the box test only
// for pairs with a moved proxy), plus a tree query per moved proxy. Memory O(proxies +
// pairs). remove() is O(1); the removed proxy's pairs go at the next update().
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "satlab/collide/dynamic_tree.hpp"

namespace satlab {

/// Two proxies, a < b.
struct ProxyPair {
  std::int32_t a;
  std::int32_t b;
  friend bool operator==(const ProxyPair& x, const ProxyPair& y) { return x.a == y.a && x.b == y.b; }
  friend bool operator<(const ProxyPair& x, const ProxyPair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; }
};

/// A set of proxy pairs: a dense array (for iteration) and an open-addressing hash table
/// from the pair to its place in the array (linear probing, deletion by backward shift).
class ProxyPairSet {
 public:
  /// Adds {min(a,b), max(a,b)}; returns false when it was already there.
  bool insert(std::int32_t a, std::int32_t b);
  /// Adds {min(a,b), max(a,b)}, which the caller knows is not there (a tree's pairs found
  /// at once, each once). The lookup table is built when it is first needed, at its final
  /// size: a scene checked once never builds it.
  void insertNew(std::int32_t a, std::int32_t b);
  /// Removes the pair; returns false when it was not there. The last pair fills its place.
  bool erase(std::int32_t a, std::int32_t b);
  /// Removes pairs()[index] (the last pair fills its place).
  void eraseAt(std::size_t index);
  bool contains(std::int32_t a, std::int32_t b) const;
  const std::vector<ProxyPair>& pairs() const { return pairs_; }
  std::size_t size() const { return pairs_.size(); }
  void clear();

 private:
  static std::uint64_t key(std::int32_t a, std::int32_t b);
  std::size_t find(std::uint64_t k) const;  // slot holding k, or the empty slot where it would go
  void grow();
  void reindex(std::size_t slots) const;  // the table of `slots` slots over pairs_
  void ensureIndexed() const {
    if (!indexed_) reindex(slotsFor(pairs_.size()));
  }
  static std::size_t slotsFor(std::size_t pairs);
  void removeSlot(std::size_t slot);

  struct Slot {
    std::uint64_t key;
    std::uint32_t index;
  };
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::vector<ProxyPair> pairs_;
  // The lookup table, built from pairs_ when first needed after insertNew (mutable: a
  // const lookup may build it).
  mutable std::vector<Slot> slots_;  // size a power of two, at most half full
  mutable std::size_t mask_ = 0;
  mutable bool indexed_ = true;
};

class DynamicPairs {
 public:
  DynamicPairs() = default;
  explicit DynamicPairs(const DynamicAabbTree::Options& options) : tree_(options) {}

  /// The tree's insert / remove / move (dynamic_tree.hpp), with the pair set kept in step.
  std::int32_t insert(const Aabb& tight, std::uint32_t userData, const glm::vec3& displacement = glm::vec3(0.0f));
  /// Starts over with the tree built at once over `tight` (DynamicAabbTree::build; userData
  /// i for tight[i]); the next update finds every pair.
  void build(const std::vector<Aabb>& tight, std::vector<std::int32_t>& proxies);
  void remove(std::int32_t proxy);
  bool move(std::int32_t proxy, const Aabb& tight, const glm::vec3& displacement);

  /// Has the proxy look for its pairs again at the next update, as if it had moved (a
  /// broad phase without frame coherence touches every proxy each frame).
  void touch(std::int32_t proxy) { tree_.touch(proxy); }

  /// Brings the pair set up to date with every insert, remove and move since the last
  /// update; begun() and ended() then list what changed (pairs of removed proxies are in
  /// ended(), with the proxy index they had).
  void update();
  /// update() that stops as soon as the set would hold more than `maxPairs` pairs (a
  /// scene whose boxes all overlap has n^2 of them) and returns false; the set is then
  /// incomplete and the caller starts over (clear()). True when the update finished.
  bool update(std::size_t maxPairs);
  /// Removes every proxy and pair.
  void clear();

  const std::vector<ProxyPair>& pairs() const { return set_.pairs(); }
  const std::vector<ProxyPair>& begun() const { return begun_; }
  const std::vector<ProxyPair>& ended() const { return ended_; }
  bool contains(std::int32_t a, std::int32_t b) const { return set_.contains(a, b); }
  const DynamicAabbTree& tree() const { return tree_; }

 private:
  DynamicAabbTree tree_;
  ProxyPairSet set_;
  std::vector<ProxyPair> begun_;
  std::vector<ProxyPair> ended_;
  std::vector<char> removed_;  // by proxy index: removed since the last update
  bool anyRemoved_ = false;
};

}  // namespace satlab
