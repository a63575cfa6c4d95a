#include "world/broad_phase.hpp"

#include "document/scene_edit.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace satlab {

namespace {

constexpr std::uint32_t kLeafSize = 4;

glm::vec3 centreOf(const Bounds& b) { return (b.lo + b.hi) * 0.5f; }

}  // namespace

Bounds conservativeBounds(const SceneShape& shape) {
  glm::vec3 lo, hi;
  shapeBounds(shape, lo, hi);
  // lo <= hi for every valid shape; min/max keeps it so whatever the rounding did.
  Bounds b{glm::min(lo, hi), glm::max(lo, hi)};
  float m = 0.0f;
  for (int i = 0; i < 3; ++i) m = std::max({m, std::abs(b.lo[i]), std::abs(b.hi[i])});
  // Finite inputs give finite or infinite bounds, never NaN; an infinite margin pads to
  // +-infinity, which only adds candidates.
  const float margin = kBoundsMargin * (1.0f + m);
  b.lo -= glm::vec3(margin);
  b.hi += glm::vec3(margin);
  return b;
}

BroadPhase::BroadPhase(const Scene& scene) : useZ_(scene.view != ViewMode::TwoD) {
  const size_t n = scene.shapes.size();
  bounds_.reserve(n);
  for (const SceneShape& s : scene.shapes) bounds_.push_back(conservativeBounds(s));
  if (n == 0) return;
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0u);
  nodes_.reserve(2 * (n / kLeafSize + 1));
  nodes_.emplace_back();
  build(0, static_cast<std::uint32_t>(n));
}

std::uint32_t BroadPhase::build(std::uint32_t begin, std::uint32_t end) {
  // nodes_[self] already exists (the caller made room for it).
  const std::uint32_t self = static_cast<std::uint32_t>(nodes_.size() - 1);
  Bounds box = bounds_[order_[begin]];
  glm::vec3 cLo = centreOf(box), cHi = cLo;
  std::uint32_t minIndex = order_[begin], maxIndex = order_[begin];
  for (std::uint32_t k = begin; k < end; ++k) {
    const std::uint32_t i = order_[k];
    box.lo = glm::min(box.lo, bounds_[i].lo);
    box.hi = glm::max(box.hi, bounds_[i].hi);
    const glm::vec3 c = centreOf(bounds_[i]);
    cLo = glm::min(cLo, c);
    cHi = glm::max(cHi, c);
    minIndex = std::min(minIndex, i);
    maxIndex = std::max(maxIndex, i);
  }
  {
    Node& node = nodes_[self];
    node.box = box;
    node.minIndex = minIndex;
    node.maxIndex = maxIndex;
    node.items = end - begin;
  }
  if (end - begin <= kLeafSize) {
    nodes_[self].first = begin;
    nodes_[self].count = end - begin;
    return self;
  }
  // Median split on the axis where the centres spread most. Ties (equal centres) are
  // broken by the shape index, so that shapes with identical bounds are split into index
  // ranges: a subtree then holds consecutive shapes, which countCandidatesFrom counts whole.
  int axis = 0;
  const glm::vec3 spread = cHi - cLo;
  const int axes = useZ_ ? 3 : 2;
  for (int k = 1; k < axes; ++k) {
    if (spread[k] > spread[axis]) axis = k;
  }
  const std::uint32_t mid = begin + (end - begin) / 2;
  std::nth_element(order_.begin() + begin, order_.begin() + mid, order_.begin() + end,
                   [&](std::uint32_t x, std::uint32_t y) {
                     const float cx = bounds_[x].lo[axis] + bounds_[x].hi[axis];
                     const float cy = bounds_[y].lo[axis] + bounds_[y].hi[axis];
                     // Infinite bounds can give inf - inf = NaN centres; NaN sorts last.
                     const bool nx = std::isnan(cx), ny = std::isnan(cy);
                     if (nx != ny) return ny;
                     if (!nx && cx != cy) return cx < cy;
                     return x < y;
                   });
  nodes_.emplace_back();
  const std::uint32_t left = build(begin, mid);
  nodes_.emplace_back();
  const std::uint32_t right = build(mid, end);
  nodes_[self].left = left;
  nodes_[self].right = right;
  return self;
}

void BroadPhase::candidatesAfter(size_t a, std::vector<std::uint32_t>& out) const {
  out.clear();
  if (nodes_.empty() || a + 1 >= size()) return;
  const Bounds& q = bounds_[a];
  const auto after = static_cast<std::uint32_t>(a);
  // Median splits keep the tree about log2(n / kLeafSize) deep: a small stack.
  std::uint32_t stack[128];
  size_t top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& node = nodes_[stack[--top]];
    if (node.maxIndex <= after || !overlaps(node.box, q)) continue;
    if (node.count > 0) {
      for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
        const std::uint32_t i = order_[k];
        if (i > after && overlaps(bounds_[i], q)) out.push_back(i);
      }
      continue;
    }
    stack[top++] = node.right;
    stack[top++] = node.left;
  }
  std::sort(out.begin(), out.end());
}

std::optional<std::uint64_t> BroadPhase::countCandidatesFrom(size_t firstA, std::uint64_t budget) const {
  std::uint64_t total = 0, work = 0;
  std::uint32_t stack[128];
  for (size_t a = firstA; a + 1 < size(); ++a) {
    const Bounds& q = bounds_[a];
    const auto after = static_cast<std::uint32_t>(a);
    size_t top = 0;
    stack[top++] = 0;
    while (top > 0) {
      if (++work > budget) return std::nullopt;
      const Node& node = nodes_[stack[--top]];
      if (node.maxIndex <= after || !overlaps(node.box, q)) continue;
      if (node.minIndex > after && contains(q, node.box)) {
        total += node.items;  // every shape below lies inside a's bounds
        continue;
      }
      if (node.count > 0) {
        work += node.count;
        for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
          const std::uint32_t i = order_[k];
          if (i > after && overlaps(bounds_[i], q)) ++total;
        }
        continue;
      }
      stack[top++] = node.right;
      stack[top++] = node.left;
    }
  }
  return total;
}

}  // namespace satlab
