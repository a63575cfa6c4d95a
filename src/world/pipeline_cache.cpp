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

AabbPairCache::Entry& AabbPairCache::touch(std::uint64_t key, std::uint64_t frame,
                                           std::vector<std::uint64_t>& evicted) {
  auto it = entries_.find(key);
  if (it != entries_.end()) {
    it->second.seenFrame = frame;
    return it->second;
  }
  while (entries_.size() >= capacity_) evicted.push_back(evictOne(key));
  Entry& e = entries_[key];
  e.seenFrame = frame;
  return e;
}

std::uint64_t AabbPairCache::evictOne(std::uint64_t keep) {
  for (;;) {
    if (victims_.empty()) {
      // One pass: the least used eighth of the list, least used last (popped first).
      victims_.reserve(entries_.size());
      for (const auto& [key, entry] : entries_) {
        if (key != keep) victims_.emplace_back(entry, key);
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
    auto it = entries_.find(key);
    // A candidate that was removed, or used since the pass, is no longer the least used.
    if (it == entries_.end() || key == keep || it->second.collisions != snapshot.collisions ||
        it->second.seenFrame != snapshot.seenFrame) {
      continue;
    }
    entries_.erase(it);
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
