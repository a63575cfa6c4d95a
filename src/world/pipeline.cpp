#include "world/pipeline.hpp"

#include "base/progress.hpp"

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

}  // namespace

CollisionPipeline::CollisionPipeline() : CollisionPipeline(PipelineOptions{}) {}

CollisionPipeline::CollisionPipeline(const PipelineOptions& options)
    : options_(options), aabbCache_(options.aabbCacheCapacity), triangleCache_(options.triangleCacheCapacity) {}

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
  BroadPhaseOptions broad;
  broad.keepPairs = options_.aabbCache;
  broad.maxPairs = options_.maxCandidates;
  broad_ = BroadPhase(broad);
  bounds_.clear();
  aabbCache_.clear();
  aabbCache_.setCapacity(options_.aabbCacheCapacity > 0 ? options_.aabbCacheCapacity
                                                        : std::max<std::size_t>(std::size_t{1} << 16, 8 * n));
  triangleCache_.clear();
  triangleCache_.setCapacity(options_.triangleCacheCapacity);
  lastWalkTests_.clear();
  leafIndex_.clear();
  built_ = true;
}

const PipelineFrameStats& CollisionPipeline::step(const Scene& scene, const std::vector<glm::vec3>* displacements,
                                                  const std::vector<std::uint32_t>* changed) {
  const Clock::time_point start = Clock::now();
  const size_t n = scene.shapes.size();
  bool same = built_ && kinds_.size() == n && useZ_ == (scene.view != ViewMode::TwoD);
  const auto sameKind = [&](size_t i) { return i < n && kinds_[i] == static_cast<int>(scene.shapes[i].kind()); };
  if (changed && options_.useTree) {
    for (const std::uint32_t i : *changed) same = same && sameKind(i);
  } else {
    for (size_t i = 0; same && i < n; ++i) same = sameKind(i);
  }
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
  } else if (!phaseTree(scene, displacements, changed, s)) {
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

const Bounds& CollisionPipeline::boundsOf(std::uint32_t i) const {
  return options_.useTree ? broad_.bounds(i) : bounds_[i];
}

bool CollisionPipeline::phaseTree(const Scene& scene, const std::vector<glm::vec3>* displacements,
                                  const std::vector<std::uint32_t>* changed, PipelineFrameStats& s) {
  const Clock::time_point start = Clock::now();
  candidates_.clear();
  evicted_.clear();
  if (!options_.useTree) {
    // No tree: every pair goes through the AABB test (phaseAabb loops over them).
    bounds_.resize(scene.shapes.size());
    for (size_t i = 0; i < scene.shapes.size(); ++i) bounds_[i] = conservativeBounds(scene.shapes[i]);
    s.afterTree = s.pairsPossible;
    s.treeMs = msSince(start);
    return options_.maxCandidates == 0 || s.pairsPossible <= options_.maxCandidates;
  }
  // The broad phase moves the shapes whose bounds changed, and those that left their fat
  // box (all of them with the AABB list off) look for new pairs.
  const BroadPhaseStep& b = broad_.update(scene, displacements, changed);
  s.proxiesMoved = b.moved;
  s.reinserted = b.reinserted;
  s.treeQueries = b.queried;
  if (b.refused) return false;
  broad_.forEachPair([&](std::uint32_t x, std::uint32_t y) {
    candidates_.push_back({pairKey(x, y), AabbPairCache::kNoPlace});
  });
  if (options_.aabbCache) {
    // The list keeps the candidates from frame to frame with their collision counts: a
    // candidate already there is a hit, a new one a miss (and may evict the least used).
    const std::uint64_t frame = frame_;
    for (Candidate& c : candidates_) {
      bool known = false;
      c.place = aabbCache_.touchPlace(c.key, frame, evicted_, known);
      if (known) {
        ++s.aabbHits;
      } else {
        ++s.aabbMisses;
      }
    }
    // Pairs that are no longer candidates leave the list.
    aabbCache_.removeIf([&](std::uint64_t, const AabbPairCache::Entry& e) { return e.seenFrame != frame; });
    s.aabbEvictions = evicted_.size();
  }
  s.afterTree = candidates_.size();
  s.treeMs = msSince(start);
  return options_.maxCandidates == 0 || s.afterTree <= options_.maxCandidates;
}

void CollisionPipeline::phaseAabb(const Scene& scene, PipelineFrameStats& s) {
  const Clock::time_point start = Clock::now();
  passed_.clear();
  const auto both = [&](std::uint32_t a, std::uint32_t b) {
    return kinds_[a] == static_cast<int>(ShapeKind::Aabb) && kinds_[b] == static_cast<int>(ShapeKind::Aabb);
  };
  const auto test = [&](std::uint32_t a, std::uint32_t b, AabbPairCache::Entry* entry) {
    if (!boundsOverlap(boundsOf(a), boundsOf(b), useZ_)) return;
    ++s.afterAabb;
    if (entry) ++entry->collisions;
    if (both(a, b)) {
      // Two AABBs: their AABB test is the exact test (on the boxes, without the padding):
      // the pair table's own row, sat_aabb_aabb (sat2d_rect_rect in a 2D scene), called on
      // the two boxes in file order as pairOverlaps calls it, without its table lookup.
      ++s.aabbSettled;
      const Aabb& x = std::get<Aabb>(scene.shapes[a].geometry);
      const Aabb& y = std::get<Aabb>(scene.shapes[b].geometry);
      NoTrace none;
      const bool overlap = useZ_ ? PairTest<TestId::AabbAabb>::run(x, y, none, PairTestOptions{}).overlap
                                 : PairTest<TestId::RectRect>::run(rect2(x), rect2(y), none, PairTestOptions{}).overlap;
      if (overlap) colliding_.emplace_back(a, b);
      return;
    }
    passed_.push_back(pairKey(a, b));
  };
  if (!options_.useTree) {
    const auto n = static_cast<std::uint32_t>(scene.shapes.size());
    for (std::uint32_t a = 0; a < n; ++a) {
      for (std::uint32_t b = a + 1; b < n; ++b) test(a, b, nullptr);
    }
  } else {
    // The candidates come in the broad phase's order; phase 2 takes its pairs in file order
    // (a ascending, then b), so that its caches see the same sequence whatever that was.
    std::size_t k = 0;
    for (const Candidate& c : candidates_) {
      if (k++ % 4096 == 0) progressCheck();  // a cancel stops a million candidates here
      test(pairKeyA(c.key), pairKeyB(c.key), options_.aabbCache ? aabbCache_.at(c.place, c.key) : nullptr);
    }
    std::sort(passed_.begin(), passed_.end());
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
    if (s.exactTests++ % 4096 == 0) progressCheck();
    const bool mesh = scene.shapes[a].kind() == ShapeKind::Mesh || scene.shapes[b].kind() == ShapeKind::Mesh;
    const bool hit = mesh ? exactMeshPair(scene, a, b, s) : pairOverlaps(scene, a, b);
    if (hit) colliding_.emplace_back(a, b);
  }
  if (!options_.exactPhase) s.exactTests = 0;
  s.exactMs = msSince(start);
}

}  // namespace satlab
