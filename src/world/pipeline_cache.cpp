#include "world/pipeline_cache.hpp"

#include <algorithm>

namespace satlab {

namespace {

/// Less used first: the lower count, then the longer unseen, then the key (a total order,
/// so evictions do not depend on the hash map's order).
bool lessUsed(const std::pair<AabbPairCache::Entry, std::uint64_t>& x,
              const std::pair<AabbPairCache::Entry, std::uint64_t>& y) {
  if (x.first.collisions != y.first.collisions) return x.first.collisions < y.first.collisions;
  if (x.first.seenFrame != y.first.seenFrame) return x.first.seenFrame < y.first.seenFrame;
  return x.second < y.second;
}

}  // namespace

namespace {
std::size_t hashOf(std::uint64_t key) {
  // Fibonacci hashing: the multiply spreads neighbouring pairs over the whole table.
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 17);
}
}  // namespace

void AabbPairCache::clear() {
  size_ = 0;
  items_.clear();
  freePlaces_.clear();
  index_.clear();
  victims_.clear();
}

std::size_t AabbPairCache::slotOf(std::uint64_t key) const {
  const std::size_t mask = index_.size() - 1;
  std::size_t s = hashOf(key) & mask;
  while (index_[s] != kNoPlace && items_[index_[s]].key != key) s = (s + 1) & mask;
  return s;
}

AabbPairCache::Place AabbPairCache::placeOf(std::uint64_t key) const {
  return index_.empty() ? kNoPlace : index_[slotOf(key)];
}

void AabbPairCache::growIndex() {
  const std::size_t size = index_.empty() ? 64 : index_.size() * 2;
  index_.assign(size, kNoPlace);
  for (Place p = 0; p < items_.size(); ++p) {
    if (items_[p].live) index_[slotOf(items_[p].key)] = p;
  }
}

void AabbPairCache::erase(Place place) {
  // Backward-shift deletion: each later entry of the probe run moves into the hole when its
  // home slot is at or before the hole (cyclically), so lookups need no tombstones.
  const std::size_t mask = index_.size() - 1;
  std::size_t hole = slotOf(items_[place].key);
  for (std::size_t next = (hole + 1) & mask; index_[next] != kNoPlace; next = (next + 1) & mask) {
    const std::size_t home = hashOf(items_[index_[next]].key) & mask;
    if (((next - home) & mask) >= ((next - hole) & mask)) {
      index_[hole] = index_[next];
      hole = next;
    }
  }
  index_[hole] = kNoPlace;
  items_[place].live = false;
  freePlaces_.push_back(place);
  --size_;
}

AabbPairCache::Place AabbPairCache::touchPlace(std::uint64_t key, std::uint64_t frame,
                                               std::vector<std::uint64_t>& evicted, bool& known) {
  Place p = placeOf(key);
  known = p != kNoPlace;
  if (!known) {
    while (size_ >= capacity_) evicted.push_back(evictOne(key));
    if (2 * (size_ + 1) > index_.size()) growIndex();
    if (freePlaces_.empty()) {
      p = static_cast<Place>(items_.size());
      items_.emplace_back();
    } else {
      p = freePlaces_.back();
      freePlaces_.pop_back();
    }
    items_[p] = Item{key, Entry{}, true};
    index_[slotOf(key)] = p;
    ++size_;
  }
  items_[p].entry.seenFrame = frame;
  return p;
}

std::uint64_t AabbPairCache::evictOne(std::uint64_t keep) {
  for (;;) {
    if (victims_.empty()) {
      // One pass: the least used eighth of the list, least used last (popped first).
      victims_.reserve(size_);
      for (const Item& item : items_) {
        if (item.live && item.key != keep) victims_.emplace_back(item.entry, item.key);
      }
      const std::size_t batch = std::max<std::size_t>(1, victims_.size() / 8);
      if (victims_.size() > batch) {
        std::nth_element(victims_.begin(), victims_.begin() + static_cast<std::ptrdiff_t>(batch), victims_.end(),
                         lessUsed);
        victims_.resize(batch);
      }
      std::sort(victims_.begin(), victims_.end(), [](const auto& x, const auto& y) { return lessUsed(y, x); });
    }
    const auto [snapshot, key] = victims_.back();
    victims_.pop_back();
    const Place p = placeOf(key);
    // A candidate that was removed, or used since the pass, is no longer the least used.
    if (p == kNoPlace || key == keep || items_[p].entry.collisions != snapshot.collisions ||
        items_[p].entry.seenFrame != snapshot.seenFrame) {
      continue;
    }
    erase(p);
    return key;
  }
}

void TriangleCache::beginFrame() {
  for (auto& [key, entry] : entries_) entry.used = false;
}

TriangleCache::Entry* TriangleCache::lookup(std::uint64_t key) {
  auto it = entries_.find(key);
  if (it == entries_.end()) return nullptr;
  it->second.used = true;
  return &it->second;
}

bool TriangleCache::store(std::uint64_t key, const Entry& entry, std::uint64_t frame) {
  bool evicted = false;
  auto it = entries_.find(key);
  if (it == entries_.end() && entries_.size() >= capacity_) {
    // The victim: not used this frame, oldest timestamp; else the oldest of all.
    auto victim = entries_.end();
    for (auto v = entries_.begin(); v != entries_.end(); ++v) {
      if (victim == entries_.end()) {
        victim = v;
        continue;
      }
      const bool better = v->second.used != victim->second.used ? !v->second.used
                                                                : (v->second.timestamp != victim->second.timestamp
                                                                       ? v->second.timestamp < victim->second.timestamp
                                                                       : v->first < victim->first);
      if (better) victim = v;
    }
    entries_.erase(victim);
    evicted = true;
  }
  Entry& e = entries_[key];
  e = entry;
  e.used = true;
  e.timestamp = frame;
  return evicted;
}

}  // namespace satlab
