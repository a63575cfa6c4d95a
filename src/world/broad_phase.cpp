#include "world/broad_phase.hpp"

#include "base/progress.hpp"

#include "document/scene_edit.hpp"

#include <cmath>

namespace satlab {

namespace {

bool sameBox(const Aabb& x, const Aabb& y) { return x.center == y.center && x.half == y.half; }

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

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

BroadPhase::BroadPhase() : BroadPhase(BroadPhaseOptions{}) {}

BroadPhase::BroadPhase(const BroadPhaseOptions& options)
    : options_(options), pairs_(std::make_unique<DynamicPairs>()) {}

BroadPhase::BroadPhase(const Scene& scene) : BroadPhase() { update(scene); }

BroadPhase::~BroadPhase() = default;
BroadPhase::BroadPhase(BroadPhase&&) noexcept = default;
BroadPhase& BroadPhase::operator=(BroadPhase&&) noexcept = default;

void BroadPhase::setOptions(const BroadPhaseOptions& options) {
  if (options.keepPairs != options_.keepPairs || options.maxPairs != options_.maxPairs ||
      options.padding != options_.padding)
    built_ = false;
  options_ = options;
}

void BroadPhase::reset() {
  built_ = false;
  last_ = BroadPhaseStep{};
}

Bounds BroadPhase::paddedBounds(const SceneShape& shape) const {
  Bounds b = conservativeBounds(shape);
  if (options_.padding > 0.0f) {
    b.lo -= glm::vec3(options_.padding);
    b.hi += glm::vec3(options_.padding);
  }
  return b;
}

Aabb BroadPhase::treeBox(const Bounds& b) const {
  glm::vec3 lo = b.lo, hi = b.hi;
  if (!useZ_) lo.z = hi.z = 0.0f;
  // Halved first: lo + hi passes float range for bounds beyond 1.7e38.
  return Aabb{lo * 0.5f + hi * 0.5f, hi * 0.5f - lo * 0.5f};
}

void BroadPhase::rebuild(const Scene& scene) {
  const size_t n = scene.shapes.size();
  useZ_ = scene.view != ViewMode::TwoD;
  kinds_.assign(n, 0);
  for (size_t i = 0; i < n; ++i) kinds_[i] = static_cast<int>(scene.shapes[i].kind());
  bounds_.resize(n);
  box_.resize(n);
  // The fat margin: a quarter of the median shape's largest half extent, so that a shape
  // that moves a little stays in its fat box whatever the scene's units. A tenth made a
  // level of 100,000 boxes (a fifth of them moving 0.01-0.1 units a frame, bench_broadphase)
  // re-insert half as many shapes again as a quarter (5,300 against 3,550 a frame) and took
  // twice the time; the wider boxes add candidates (40,000 against 31,000), each one an
  // AABB test.
  std::vector<float> sizes;
  sizes.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    if (i % 4096 == 0) progressCheck();  // a cancel stops a million shapes here (base/progress.hpp)
    bounds_[i] = paddedBounds(scene.shapes[i]);
    box_[i] = treeBox(bounds_[i]);
    sizes.push_back(std::max({box_[i].half.x, box_[i].half.y, box_[i].half.z}));
  }
  float margin = 0.1f;
  if (!sizes.empty()) {
    std::nth_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(sizes.size() / 2), sizes.end());
    const float median = sizes[sizes.size() / 2];
    if (std::isfinite(median) && median > 0.0f) margin = 0.25f * median;
  }
  DynamicAabbTree::Options tree;
  tree.margin = margin;
  pairs_ = std::make_unique<DynamicPairs>(tree);
  // The tree built at once over every shape (much faster than n insertions; the next
  // update finds the pairs by one descent of the tree against itself).
  pairs_->build(box_, proxy_);
  shapeOf_.assign(pairs_->tree().nodeCapacity(), 0);
  outsiders_.clear();
  for (size_t i = 0; i < n; ++i) {
    if (proxy_[i] == DynamicAabbTree::kNull) {
      outsiders_.push_back(static_cast<std::uint32_t>(i));
    } else {
      shapeOf_[static_cast<std::size_t>(proxy_[i])] = static_cast<std::uint32_t>(i);
    }
  }
  built_ = true;
}

void BroadPhase::insertShape(std::uint32_t i, const Aabb& box, const glm::vec3& displacement) {
  const std::int32_t proxy = pairs_->insert(box, i, displacement);
  proxy_[i] = proxy;
  if (proxy == DynamicAabbTree::kNull) return;
  const auto at = static_cast<std::size_t>(proxy);
  if (shapeOf_.size() <= at) shapeOf_.resize(std::max(at + 1, pairs_->tree().nodeCapacity()), 0);
  shapeOf_[at] = i;
}

const BroadPhaseStep& BroadPhase::update(const Scene& scene, const std::vector<glm::vec3>* displacements,
                                         const std::vector<std::uint32_t>* changed) {
  const size_t n = scene.shapes.size();
  bool same = built_ && kinds_.size() == n && useZ_ == (scene.view != ViewMode::TwoD);
  const auto sameKind = [&](size_t i) { return i < n && kinds_[i] == static_cast<int>(scene.shapes[i].kind()); };
  if (changed) {
    for (const std::uint32_t i : *changed) same = same && sameKind(i);
  } else {
    for (size_t i = 0; same && i < n; ++i) same = sameKind(i);
  }
  if (displacements && displacements->size() != n) displacements = nullptr;
  last_ = BroadPhaseStep{};
  if (!same) {
    rebuild(scene);
    last_.rebuilt = true;
  } else {
    bool outsidersChanged = false;
    const auto updateShape = [&](size_t i) {
      const Bounds b = paddedBounds(scene.shapes[i]);
      const Aabb box = treeBox(b);
      bounds_[i] = b;
      if (sameBox(box, box_[i])) return;
      ++last_.moved;
      glm::vec3 d = displacements ? (*displacements)[i] : box.center - box_[i].center;
      if (!finite(d)) d = glm::vec3(0.0f);
      box_[i] = box;
      std::int32_t& proxy = proxy_[i];
      if (proxy == DynamicAabbTree::kNull) {
        // Outside the tree: back in when its box is one the tree takes.
        insertShape(static_cast<std::uint32_t>(i), box, d);
        if (proxy != DynamicAabbTree::kNull) ++last_.reinserted, outsidersChanged = true;
      } else if (pairs_->move(proxy, box, d)) {
        ++last_.reinserted;
      } else if (!pairs_->tree().fatContains(proxy, box)) {
        // Not moved, yet not inside its fat box: a box the tree refuses (not finite, or
        // whose fat box would pass float range). The shape leaves the tree and pairs with
        // every shape.
        pairs_->remove(proxy);
        proxy = DynamicAabbTree::kNull;
        outsidersChanged = true;
      }
    };
    if (changed) {
      for (const std::uint32_t i : *changed) updateShape(i);
    } else {
      for (size_t i = 0; i < n; ++i) updateShape(i);
    }
    if (outsidersChanged) {
      outsiders_.clear();
      for (size_t i = 0; i < n; ++i) {
        if (proxy_[i] == DynamicAabbTree::kNull) outsiders_.push_back(static_cast<std::uint32_t>(i));
      }
    }
    if (!options_.keepPairs) {
      for (const std::int32_t p : proxy_) pairs_->touch(p);
    }
  }
  last_.queried = pairs_->tree().movedProxies().size();
  const std::uint64_t limit = options_.maxPairs > 0 ? options_.maxPairs : defaultPairLimit(n);
  std::uint64_t outsiderPairs = 0;
  for (size_t k = 0; k < outsiders_.size(); ++k) outsiderPairs += n - 1 - k;
  if (outsiderPairs > limit || !pairs_->update(static_cast<std::size_t>(limit - outsiderPairs))) {
    last_.refused = true;
    built_ = false;  // the pairs are incomplete: the next update starts over
    return last_;
  }
  last_.begun = pairs_->begun().size();
  last_.pairs = pairs_->pairs().size() + outsiderPairs;
  return last_;
}

void BroadPhase::candidatesAfter(size_t a, std::vector<std::uint32_t>& out) const {
  out.clear();
  if (a + 1 >= size()) return;
  const auto after = static_cast<std::uint32_t>(a);
  if (proxy_[a] == DynamicAabbTree::kNull) {
    for (size_t b = a + 1; b < size(); ++b) {
      if (mayOverlap(a, b)) out.push_back(static_cast<std::uint32_t>(b));
    }
    return;
  }
  // The tree's leaves are fat boxes around the padded bounds: querying with a's padded
  // bounds finds a superset, which the bounds then filter.
  const DynamicAabbTree& t = pairs_->tree();
  t.query(box_[a], [&](std::int32_t p) {
    const std::uint32_t b = t.userData(p);
    if (b > after && mayOverlap(a, b)) out.push_back(b);
    return true;
  });
  for (const std::uint32_t o : outsiders_) {
    if (o > after && mayOverlap(a, o)) out.push_back(o);
  }
  std::sort(out.begin(), out.end());
}

std::optional<std::uint64_t> BroadPhase::countCandidatesFrom(size_t firstA, std::uint64_t budget) const {
  std::uint64_t total = 0;
  if (!last_.refused) {
    forEachPair([&](std::uint32_t a, std::uint32_t b) {
      if (a >= firstA && mayOverlap(a, b)) ++total;
    });
    return total;
  }
  std::uint64_t work = 0;
  const DynamicAabbTree& t = pairs_->tree();
  for (size_t a = firstA; a + 1 < size(); ++a) {
    if (proxy_[a] == DynamicAabbTree::kNull) {
      work += size() - a;
      if (work > budget) return std::nullopt;
      for (size_t b = a + 1; b < size(); ++b) total += mayOverlap(a, b) ? 1 : 0;
      continue;
    }
    bool over = false;
    t.query(box_[a], [&](std::int32_t p) {
      if (++work > budget) {
        over = true;
        return false;
      }
      const std::uint32_t b = t.userData(p);
      if (b > a && mayOverlap(a, b)) ++total;
      return true;
    });
    if (over) return std::nullopt;
    for (const std::uint32_t o : outsiders_) total += (o > a && mayOverlap(a, o)) ? 1 : 0;
  }
  return total;
}

}  // namespace satlab
