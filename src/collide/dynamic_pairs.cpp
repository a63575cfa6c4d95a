// The pair set of a dynamic AABB tree kept frame to frame (dynamic_pairs.hpp).
#include "satlab/collide/dynamic_pairs.hpp"

#include <algorithm>
#include <utility>

namespace satlab {

// ---- ProxyPairSet ----

std::uint64_t ProxyPairSet::key(std::int32_t a, std::int32_t b) {
  if (a > b) std::swap(a, b);
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
}

namespace {
std::size_t hashOf(std::uint64_t k) {
  // Fibonacci hashing: the multiply spreads neighbouring indices over the whole table.
  return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> 17);
}
}  // namespace

std::size_t ProxyPairSet::find(std::uint64_t k) const {
  std::size_t s = hashOf(k) & mask_;
  while (slots_[s].key != kEmpty && slots_[s].key != k) s = (s + 1) & mask_;
  return s;
}

std::size_t ProxyPairSet::slotsFor(std::size_t pairs) {
  std::size_t size = 64;
  while (size < 2 * (pairs + 1)) size *= 2;
  return size;
}

void ProxyPairSet::reindex(std::size_t size) const {
  slots_.assign(size, Slot{kEmpty, 0});
  mask_ = size - 1;
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    const std::uint64_t k = key(pairs_[i].a, pairs_[i].b);
    slots_[find(k)] = Slot{k, static_cast<std::uint32_t>(i)};
  }
  indexed_ = true;
}

void ProxyPairSet::grow() { reindex(slots_.empty() ? 64 : slots_.size() * 2); }

void ProxyPairSet::insertNew(std::int32_t a, std::int32_t b) {
  pairs_.push_back(a < b ? ProxyPair{a, b} : ProxyPair{b, a});
  indexed_ = false;
}

bool ProxyPairSet::insert(std::int32_t a, std::int32_t b) {
  ensureIndexed();
  if (2 * (pairs_.size() + 1) > slots_.size()) grow();
  const std::uint64_t k = key(a, b);
  const std::size_t s = find(k);
  if (slots_[s].key == k) return false;
  slots_[s] = Slot{k, static_cast<std::uint32_t>(pairs_.size())};
  pairs_.push_back(a < b ? ProxyPair{a, b} : ProxyPair{b, a});
  return true;
}

bool ProxyPairSet::contains(std::int32_t a, std::int32_t b) const {
  ensureIndexed();
  if (slots_.empty()) return false;
  const std::uint64_t k = key(a, b);
  return slots_[find(k)].key == k;
}

void ProxyPairSet::removeSlot(std::size_t slot) {
  // Backward-shift deletion: pull each later entry of the probe run into the hole when its
  // home slot is at or before the hole (cyclically), so lookups never need tombstones.
  std::size_t hole = slot;
  std::size_t next = (hole + 1) & mask_;
  while (slots_[next].key != kEmpty) {
    const std::size_t home = hashOf(slots_[next].key) & mask_;
    // Distance from home to next and from home to hole, along the probe direction.
    if (((next - home) & mask_) >= ((next - hole) & mask_)) {
      slots_[hole] = slots_[next];
      hole = next;
    }
    next = (next + 1) & mask_;
  }
  slots_[hole] = Slot{kEmpty, 0};
}

void ProxyPairSet::eraseAt(std::size_t index) {
  ensureIndexed();
  const ProxyPair gone = pairs_[index];
  removeSlot(find(key(gone.a, gone.b)));
  const std::size_t last = pairs_.size() - 1;
  if (index != last) {
    pairs_[index] = pairs_[last];
    slots_[find(key(pairs_[index].a, pairs_[index].b))].index = static_cast<std::uint32_t>(index);
  }
  pairs_.pop_back();
}

bool ProxyPairSet::erase(std::int32_t a, std::int32_t b) {
  ensureIndexed();
  if (slots_.empty()) return false;
  const std::size_t s = find(key(a, b));
  if (slots_[s].key == kEmpty) return false;
  eraseAt(slots_[s].index);
  return true;
}

void ProxyPairSet::clear() {
  pairs_.clear();
  slots_.clear();
  mask_ = 0;
  indexed_ = true;
}

// ---- DynamicPairs ----

std::int32_t DynamicPairs::insert(const Aabb& tight, std::uint32_t userData, const glm::vec3& displacement) {
  return tree_.insert(tight, userData, displacement);
}

void DynamicPairs::build(const std::vector<Aabb>& tight, std::vector<std::int32_t>& proxies) {
  clear();
  tree_.build(tight, proxies);
}

void DynamicPairs::remove(std::int32_t proxy) {
  if (!tree_.isProxy(proxy)) return;
  tree_.remove(proxy);
  // The index may be handed out again before update(); its old pairs are found by this
  // flag (a new proxy has no pairs until an update adds them).
  const std::size_t i = static_cast<std::size_t>(proxy);
  if (removed_.size() <= i) removed_.resize(tree_.nodeCapacity(), 0);
  removed_[i] = 1;
  anyRemoved_ = true;
}

bool DynamicPairs::move(std::int32_t proxy, const Aabb& tight, const glm::vec3& displacement) {
  return tree_.move(proxy, tight, displacement);
}

void DynamicPairs::update() { update(~std::size_t{0}); }

void DynamicPairs::clear() {
  tree_.clear();
  set_.clear();
  begun_.clear();
  ended_.clear();
  removed_.clear();
  anyRemoved_ = false;
}

bool DynamicPairs::update(std::size_t maxPairs) {
  begun_.clear();
  ended_.clear();
  // (1) and (2): one sweep over the set. A pair ends when a proxy of it was removed, or
  // when it has a moved proxy and the fat boxes no longer overlap.
  const bool anyMoved = !tree_.movedProxies().empty();
  if (anyRemoved_ || anyMoved) {
    const auto& pairs = set_.pairs();
    for (std::size_t i = 0; i < pairs.size();) {
      const ProxyPair p = pairs[i];
      bool ends = false;
      if (anyRemoved_ &&
          ((static_cast<std::size_t>(p.a) < removed_.size() && removed_[static_cast<std::size_t>(p.a)]) ||
           (static_cast<std::size_t>(p.b) < removed_.size() && removed_[static_cast<std::size_t>(p.b)]))) {
        ends = true;
      } else if ((tree_.wasMoved(p.a) || tree_.wasMoved(p.b)) && !tree_.fatOverlap(p.a, p.b)) {
        ends = true;
      }
      if (ends) {
        ended_.push_back(p);
        set_.eraseAt(i);  // the last pair moves to i: test it next
      } else {
        ++i;
      }
    }
    if (anyRemoved_) {
      std::fill(removed_.begin(), removed_.end(), 0);
      anyRemoved_ = false;
    }
  }
  bool full = set_.size() > maxPairs;
  if (set_.size() == 0 && tree_.movedProxies().size() == tree_.proxyCount()) {
    // From nothing: every pair is new, found by the tree against itself.
    tree_.forEachOverlappingPair([&](std::int32_t p, std::int32_t q) {
      set_.insertNew(p, q);  // each pair once: no lookup (the table is built when needed)
      begun_.push_back(p < q ? ProxyPair{p, q} : ProxyPair{q, p});
      full = set_.size() > maxPairs;
      return !full;
    });
    tree_.clearMoved();
    return !full;
  }
  // (3): the new pairs of each moved proxy.
  for (const std::int32_t p : tree_.movedProxies()) {
    if (full) break;
    tree_.queryOverlapping(p, [&](std::int32_t q) {
      // Both moved: the smaller index adds the pair, the other skips it.
      if (q < p && tree_.wasMoved(q)) return true;
      if (set_.insert(p, q)) begun_.push_back(p < q ? ProxyPair{p, q} : ProxyPair{q, p});
      full = set_.size() > maxPairs;
      return !full;
    });
  }
  tree_.clearMoved();
  return !full;
}

}  // namespace satlab
