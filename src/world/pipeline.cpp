#include "world/pipeline.hpp"

#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_tests.hpp"
#include "satlab/collide.hpp"
#include "world/broad_phase.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <variant>

namespace satlab {

namespace {

/// This thread's CPU time, in ms: phases are timed in the CPU time they took, so that a
/// loaded machine (other processes taking the core) does not count against one run of a
/// comparison more than the other.
double cpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

struct Clock {
  using time_point = double;
  static double now() { return cpuMs(); }
};

double msSince(double start) { return cpuMs() - start; }

bool overlapBoxes(const Aabb& x, const Aabb& y) {
  const glm::vec3 d = glm::abs(y.center - x.center);
  const glm::vec3 r = x.half + y.half;
  return d.x <= r.x && d.y <= r.y && d.z <= r.z;
}

bool sameBox(const Aabb& x, const Aabb& y) { return x.center == y.center && x.half == y.half; }

bool finiteBox(const Aabb& b) {
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(b.center[i]) || !std::isfinite(b.half[i])) return false;
  }
  return true;
}

}  // namespace

CollisionPipeline::CollisionPipeline() : CollisionPipeline(PipelineOptions{}) {}

CollisionPipeline::CollisionPipeline(const PipelineOptions& options)
    : options_(options),
      tree_(std::make_unique<DynamicAabbTree>()),
      aabbCache_(options.aabbCacheCapacity),
      triangleCache_(options.triangleCacheCapacity) {}

CollisionPipeline::~CollisionPipeline() = default;

void CollisionPipeline::setOptions(const PipelineOptions& options) {
  const bool restart = options.useTree != options_.useTree || options.aabbCache != options_.aabbCache ||
                       options.triangleCache != options_.triangleCache ||
                       options.aabbCacheCapacity != options_.aabbCacheCapacity ||
                       options.triangleCacheCapacity != options_.triangleCacheCapacity;
  options_ = options;
  if (restart) built_ = false;
}

void CollisionPipeline::reset() {
  built_ = false;
  frame_ = 0;
  history_.clear();
  last_ = PipelineFrameStats{};
  colliding_.clear();
  shapeColliding_.clear();
}

void CollisionPipeline::rebuild(const Scene& scene) {
  const size_t n = scene.shapes.size();
  useZ_ = scene.view != ViewMode::TwoD;
  kinds_.assign(n, 0);
  for (size_t i = 0; i < n; ++i) kinds_[i] = static_cast<int>(scene.shapes[i].kind());
  // The fat margin: a tenth of the median shape's largest half extent, so a shape that
  // moves a little stays in its fat box whatever the scene's units.
  std::vector<float> sizes;
  sizes.reserve(n);
  tight_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Bounds b = conservativeBounds(scene.shapes[i]);
    const glm::vec3 h = (b.hi - b.lo) * 0.5f;
    sizes.push_back(std::max({h.x, h.y, useZ_ ? h.z : 0.0f}));
  }
  float margin = 0.1f;
  if (!sizes.empty()) {
    std::nth_element(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(sizes.size() / 2), sizes.end());
    const float median = sizes[sizes.size() / 2];
    if (std::isfinite(median) && median > 0.0f) margin = 0.1f * median;
  }
  DynamicAabbTree::Options topt;
  topt.margin = margin;
  tree_ = std::make_unique<DynamicAabbTree>(topt);
  proxy_.assign(n, DynamicAabbTree::kNull);
  centre_.assign(n, glm::vec3(0.0f));
  dirty_.assign(n, 1);
  incomplete_.assign(n, 0);
  aabbCache_.clear();
  aabbCache_.setCapacity(options_.aabbCacheCapacity > 0 ? options_.aabbCacheCapacity
                                                        : std::max<std::size_t>(std::size_t{1} << 16, 8 * n));
  triangleCache_.clear();
  triangleCache_.setCapacity(options_.triangleCacheCapacity);
  lastWalkTests_.clear();
  leafIndex_.clear();
  built_ = true;
  firstFrame_ = true;
}

const PipelineFrameStats& CollisionPipeline::step(const Scene& scene, const std::vector<glm::vec3>* displacements) {
  const Clock::time_point start = Clock::now();
  const size_t n = scene.shapes.size();
  bool same = built_ && kinds_.size() == n && useZ_ == (scene.view != ViewMode::TwoD);
  for (size_t i = 0; same && i < n; ++i) same = kinds_[i] == static_cast<int>(scene.shapes[i].kind());
  if (!same) rebuild(scene);
  if (displacements && displacements->size() != n) displacements = nullptr;

  PipelineFrameStats s;
  s.frame = ++frame_;
  s.pairsPossible = n > 1 ? static_cast<std::uint64_t>(n) * (n - 1) / 2 : 0;
  colliding_.clear();
  shapeColliding_.assign(n, false);
  if (!options_.useTree && s.pairsPossible > kMaxPairsWithoutTree) {
    s.refused = true;
    built_ = false;  // the tree and list are not kept up to date while refused
  } else if (!phaseTree(scene, displacements, s)) {
    s.refused = true;
    built_ = false;
  } else {
    phaseAabb(scene, s);
    phaseExact(scene, s);
    std::sort(colliding_.begin(), colliding_.end());
    for (const auto& [a, b] : colliding_) shapeColliding_[a] = shapeColliding_[b] = true;
  }
  s.colliding = colliding_.size();
  s.totalMs = msSince(start);
  last_ = s;
  history_.push_back(s);
  while (history_.size() > kPipelineHistoryFrames) history_.pop_front();
  return last_;
}

void CollisionPipeline::queryPartners(std::uint32_t a, std::vector<std::uint32_t>& out) const {
  // The shapes whose pair with `a` is found from a's side (each pair once in a frame):
  // every partner that is clean, and a dirty partner only when it has the larger index.
  // A shape outside the tree (its box was refused, never for a loaded scene) pairs with
  // every shape from its own side.
  out.clear();
  const auto n = static_cast<std::uint32_t>(tight_.size());
  const bool outsider = options_.useTree && proxy_[a] == DynamicAabbTree::kNull;
  if (options_.useTree && !outsider) {
    tree_->query(tree_->fatBox(proxy_[a]), [&](std::int32_t p) {
      const std::uint32_t b = tree_->userData(p);
      if (b != a && !(dirty_[b] && b < a)) out.push_back(b);
      return true;
    });
    return;
  }
  for (std::uint32_t b = 0; b < n; ++b) {
    if (b == a) continue;
    if (outsider) {
      const bool otherOutsider = proxy_[b] == DynamicAabbTree::kNull;
      if (!(otherOutsider && b < a)) out.push_back(b);
      continue;
    }
    // Tree off: the list holds the pairs whose tight boxes collide.
    if (!(dirty_[b] && b < a) && overlapBoxes(tight_[a], tight_[b])) out.push_back(b);
  }
}

bool CollisionPipeline::phaseTree(const Scene& scene, const std::vector<glm::vec3>* displacements,
                                  PipelineFrameStats& s) {
  const Clock::time_point start = Clock::now();
  const size_t n = scene.shapes.size();
  candidates_.clear();
  evicted_.clear();
  // This frame's tight boxes; the shapes that moved, and of those the ones whose fat box
  // changed, are dirty (they query); the rest keep their pairs from the list.
  for (size_t i = 0; i < n; ++i) {
    Bounds b = conservativeBounds(scene.shapes[i]);
    if (!useZ_) b.lo.z = b.hi.z = 0.0f;
    const Aabb box{(b.lo + b.hi) * 0.5f, (b.hi - b.lo) * 0.5f};
    const bool moved = firstFrame_ || !sameBox(box, tight_[i]);
    const glm::vec3 previous = centre_[i];
    tight_[i] = box;
    centre_[i] = box.center;
    bool changed = firstFrame_;
    if (moved && !firstFrame_) {
      ++s.proxiesMoved;
      changed = true;
      if (options_.useTree && proxy_[i] != DynamicAabbTree::kNull) {
        glm::vec3 d = displacements ? (*displacements)[i] : box.center - previous;
        if (!std::isfinite(d.x) || !std::isfinite(d.y) || !std::isfinite(d.z)) d = glm::vec3(0.0f);
        if (tree_->move(proxy_[i], box, d)) {
          ++s.reinserted;
        } else if (finiteBox(box)) {
          changed = false;  // still inside its fat box: its pairs are the list's
        } else {
          // A box the tree refuses (beyond float range; never for a loaded scene) leaves
          // the tree: the shape then pairs with every shape.
          tree_->remove(proxy_[i]);
          proxy_[i] = DynamicAabbTree::kNull;
        }
      }
    }
    if (firstFrame_ && options_.useTree) {
      proxy_[i] = tree_->insert(box, static_cast<std::uint32_t>(i));
    }
    dirty_[i] = changed || incomplete_[i] || !options_.aabbCache ? 1 : 0;
    incomplete_[i] = 0;
  }
  firstFrame_ = false;
  if (!options_.useTree && !options_.aabbCache) {
    // Every pair goes through the AABB test (phaseAabb loops over them): nothing to find.
    s.afterTree = s.pairsPossible;
    s.treeQueries = 0;
    s.treeMs = msSince(start);
    return options_.maxCandidates == 0 || s.pairsPossible <= options_.maxCandidates;
  }
  std::vector<std::uint32_t> partners;
  std::uint64_t found = 0;
  const std::uint64_t frame = frame_;
  for (std::uint32_t a = 0; a < n; ++a) {
    if (!dirty_[a]) continue;
    ++s.treeQueries;
    queryPartners(a, partners);
    found += partners.size();
    if (options_.maxCandidates > 0 && found > options_.maxCandidates) return false;
    for (const std::uint32_t b : partners) {
      const std::uint64_t key = pairKey(a, b);
      if (options_.aabbCache) {
        aabbCache_.touch(key, frame, evicted_);
        ++s.aabbMisses;
      } else {
        candidates_.push_back({key, nullptr});
      }
    }
  }
  if (options_.aabbCache) {
    // Pairs of a dirty shape that its query did not find again are apart now.
    // Every pair left in the list is a candidate (one pass over the list does both).
    aabbCache_.removeIf([&](std::uint64_t key, AabbPairCache::Entry& e) {
      if (e.seenFrame != frame && (dirty_[pairKeyA(key)] || dirty_[pairKeyB(key)])) return true;
      candidates_.push_back({key, &e});
      return false;
    });
    s.aabbHits = candidates_.size() - std::min<std::uint64_t>(candidates_.size(), s.aabbMisses);
    // An evicted pair that is still a candidate is one this frame too, and its shapes query
    // again next frame, so that no candidate is lost.
    s.aabbEvictions = evicted_.size();
    std::sort(evicted_.begin(), evicted_.end());
    evicted_.erase(std::unique(evicted_.begin(), evicted_.end()), evicted_.end());
    for (const std::uint64_t key : evicted_) {
      if (aabbCache_.find(key)) continue;
      const std::uint32_t a = pairKeyA(key), b = pairKeyB(key);
      const bool stale = (dirty_[a] || dirty_[b]) && !(options_.useTree ? (proxy_[a] == DynamicAabbTree::kNull ||
                                                                           proxy_[b] == DynamicAabbTree::kNull ||
                                                                           tree_->fatOverlap(proxy_[a], proxy_[b]))
                                                                        : overlapBoxes(tight_[a], tight_[b]));
      if (stale) continue;
      candidates_.push_back({key, nullptr});
      incomplete_[a] = incomplete_[b] = 1;
    }
  }
  std::sort(candidates_.begin(), candidates_.end(),
            [](const Candidate& x, const Candidate& y) { return x.key < y.key; });
  s.afterTree = candidates_.size();
  s.treeMs = msSince(start);
  return options_.maxCandidates == 0 || s.afterTree <= options_.maxCandidates;
}

void CollisionPipeline::phaseAabb(const Scene& scene, PipelineFrameStats& s) {
  const Clock::time_point start = Clock::now();
  passed_.clear();
  const auto both = [&](std::uint32_t a, std::uint32_t b) {
    return scene.shapes[a].kind() == ShapeKind::Aabb && scene.shapes[b].kind() == ShapeKind::Aabb;
  };
  const auto test = [&](std::uint32_t a, std::uint32_t b, AabbPairCache::Entry* entry) {
    if (!overlapBoxes(tight_[a], tight_[b])) return;
    ++s.afterAabb;
    if (entry) ++entry->collisions;
    if (both(a, b)) {
      // Two AABBs: their AABB test is the exact test (on the boxes, without the padding).
      ++s.aabbSettled;
      if (pairOverlaps(scene, a, b)) colliding_.emplace_back(a, b);
      return;
    }
    passed_.push_back(pairKey(a, b));
  };
  if (!options_.useTree && !options_.aabbCache) {
    const auto n = static_cast<std::uint32_t>(scene.shapes.size());
    for (std::uint32_t a = 0; a < n; ++a) {
      for (std::uint32_t b = a + 1; b < n; ++b) test(a, b, nullptr);
    }
  } else {
    for (const Candidate& c : candidates_) test(pairKeyA(c.key), pairKeyB(c.key), c.entry);
  }
  s.aabbMs = msSince(start);
}

const std::vector<std::uint32_t>& CollisionPipeline::leafPositions(const std::shared_ptr<const BvTree>& tree) {
  auto it = leafIndex_.find(tree.get());
  if (it != leafIndex_.end() && it->second.tree == tree) return it->second.position;
  LeafIndex& index = leafIndex_[tree.get()];
  index.tree = tree;
  std::uint32_t count = 0;
  for (const std::uint32_t id : tree->triangleIds) count = std::max(count, id + 1);
  index.position.assign(count, 0);
  for (std::uint32_t k = 0; k < tree->triangleIds.size(); ++k) index.position[tree->triangleIds[k]] = k;
  return index.position;
}

bool CollisionPipeline::exactMeshPair(const Scene& scene, std::uint32_t a, std::uint32_t b, PipelineFrameStats& s) {
  // The roles of pair_eval's verdict (pair_table.hpp): the other shape first, the mesh
  // second; two meshes in the file's order (a < b).
  const PairPlan plan = planPair(scene, a, b);
  const ShapeGeometry& first = scene.shapes[plan.first].geometry;
  const ShapeGeometry& second = scene.shapes[plan.second].geometry;
  return withPairTest(plan.rule.test, [&](auto row) {
    using R = decltype(row);
    if constexpr (!kIsPairTest<R>) {
      return false;
    } else if constexpr (R::family != TestFamily::MeshTree) {
      return false;
    } else {
      return exactMeshPairOf<R>(R::a(first), R::b(second), pairKey(a, b), s);
    }
  });
}

template <class R, class A>
bool CollisionPipeline::exactMeshPairOf(const A& other, const MeshShape& mesh, std::uint64_t key,
                                        PipelineFrameStats& s) {
  // For two meshes the walk goes down the first one's tree with the second's beside it;
  // otherwise down the mesh's tree.
  constexpr bool twoMeshes = R::id == TestId::MeshMesh;
  const std::shared_ptr<const BvTree> tree = mesh.tree(BvKind::Obb);
  std::shared_ptr<const BvTree> treeA;
  MeshPose poseA = mesh.pose;
  if constexpr (twoMeshes) {
    treeA = other.tree(BvKind::Obb);
    poseA = other.pose;
  }
  if (!tree || (twoMeshes && !treeA)) return false;  // not tested: no verdict
  ++s.meshPairs;
  const std::shared_ptr<const BvTree>& walkedTree = twoMeshes ? treeA : tree;
  if (options_.triangleCache) {
    if (TriangleCache::Entry* e = triangleCache_.lookup(key); e && e->collided) {
      // The cached triangle (pair) first, by the leaf test the walk runs on it.
      const SatOptions sat{SatMode::EarlyExit, kDefaultSatEpsilon};
      bool hit = false;
      if (e->triangleA < walkedTree->triangles.size() && (!twoMeshes || e->triangleB < tree->triangles.size())) {
        const Triangle t = worldTriangle(walkedTree->triangles[e->triangleA], poseA);
        if constexpr (twoMeshes) {
          hit = R::leaf(t, worldTriangle(tree->triangles[e->triangleB], mesh.pose), sat);
        } else {
          hit = R::leaf(other, t, sat);
        }
      }
      if (hit) {
        ++s.triangleHits;
        const auto walked = lastWalkTests_.find(key);
        if (walked != lastWalkTests_.end() && walked->second > 1) s.triangleTestsSaved += walked->second - 1;
        e->timestamp = frame_;
        return true;
      }
    }
    ++s.triangleMisses;
  }
  NoTrace none;
  const std::optional<MeshQueryResult> q = R::run(other, mesh, none, PairTestOptions{});
  const bool overlap = q && q->overlap;
  if (options_.triangleCache) {
    TriangleCache::Entry e;
    e.collided = overlap;
    if (overlap) {
      const std::vector<std::uint32_t>& posA = leafPositions(walkedTree);
      e.triangleA = q->first.triangleA < posA.size() ? posA[q->first.triangleA] : 0;
      if (twoMeshes) {
        const std::vector<std::uint32_t>& posB = leafPositions(tree);
        e.triangleB = q->first.triangleB < posB.size() ? posB[q->first.triangleB] : 0;
      }
      lastWalkTests_[key] = q->triangleTests;
    }
    if (triangleCache_.store(key, e, frame_)) ++s.triangleEvictions;
  }
  return overlap;
}

void CollisionPipeline::phaseExact(const Scene& scene, PipelineFrameStats& s) {
  const Clock::time_point start = Clock::now();
  if (options_.triangleCache) triangleCache_.beginFrame();
  for (const std::uint64_t key : passed_) {
    const std::uint32_t a = pairKeyA(key), b = pairKeyB(key);
    if (!options_.exactPhase) {
      // Phase 1's answer alone: the boxes collide.
      colliding_.emplace_back(a, b);
      continue;
    }
    ++s.exactTests;
    const bool mesh = scene.shapes[a].kind() == ShapeKind::Mesh || scene.shapes[b].kind() == ShapeKind::Mesh;
    const bool hit = mesh ? exactMeshPair(scene, a, b, s) : pairOverlaps(scene, a, b);
    if (hit) colliding_.emplace_back(a, b);
  }
  if (!options_.exactPhase) s.exactTests = 0;
  s.exactMs = msSince(start);
}

}  // namespace satlab
