// The two-phase collision pipeline of the 2010 bounding-box analysis paper and the
// large-scene AABB/OBB blog post, run frame after frame on a scene in motion.
//
// Phase 1 rejects the pairs that cannot collide, cheaply:
//   - the broad phase (broad_phase.hpp: a dynamic AABB tree of fat boxes and the pairs it
//     keeps from frame to frame) gives the candidate pairs, those whose fat boxes overlap
//     ("after the tree"); each frame only the shapes whose box moved are moved in it, and
//     only those that left their fat box look for new pairs. With the tree off, every pair
//     of the scene is a candidate;
//   - the AABB test on the two shapes' tight world boxes (broad_phase.hpp's
//     conservativeBounds, padded by its margin, so that a pair this test calls apart is
//     certainly apart by the exact test): "after the AABB test". Two AABBs are settled
//     here: their AABB test is the exact test (run without the padding).
// Phase 2 runs the exact test (pair_eval's pairOverlaps, the pair table's test) only on
// the pairs that passed and where one shape carries a volume tighter than its AABB (an
// OBB, a sphere, a segment, a triangle, a mesh): "after the exact test" counts the pairs
// found colliding. With the exact phase off, a pair that passed phase 1 is reported as
// colliding (the AABB verdict: what phase 1 alone would answer).
//
// The frame-coherence caches (pipeline_cache.hpp), as the paper has them:
//   - the AABB list keeps the candidate pairs from frame to frame with their collision
//     counts: a candidate already in the list is a hit, a new one a miss, and a full list
//     evicts its least used pair (which stays a candidate: the broad phase keeps every
//     pair; only its count is forgotten). With the list on, the broad phase keeps its
//     pairs between frames, so that a shape that stays inside its fat box does not query
//     the tree; with it off every shape queries the tree every frame;
//   - the OBB list keeps, per mesh pair, the last colliding triangle (pair), whether it
//     collided, whether it was used this frame and a timestamp. The cached triangle (pair)
//     is tested first, with the same leaf test the tree walk would run on it; when it
//     collides the pair collides and the walk is skipped (a hit); otherwise the walk runs
//     (a miss) and its first colliding triangle is stored. Shapes that are not meshes have
//     no triangle to cache: their exact test always runs.
// Neither cache changes a verdict: the pipeline's verdicts equal pairOverlaps on every pair
// (tests/world/test_pipeline.cpp checks this with every combination of the toggles).
//
// Memory: O(shapes + candidates + cache capacities); nothing is n^2 except the pair loop
// with the tree off (kMaxPairsWithoutTree bounds it).
#pragma once

#include "document/scene.hpp"
#include "world/broad_phase.hpp"
#include "world/pipeline_cache.hpp"

#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

namespace satlab {

struct PipelineOptions {
  bool useTree = true;        ///< off: every pair goes through the AABB test
  bool aabbCache = true;      ///< cache 1, the AABB list
  bool triangleCache = true;  ///< cache 2, the OBB list with the last colliding triangle
  bool exactPhase = true;     ///< off: pairs that pass phase 1 count as colliding
  /// The AABB list's size. 0: chosen from the scene, 8 entries per shape and at least
  /// 65,536, so that a level's candidate pairs fit (a list smaller than one frame's
  /// candidates evicts pairs every frame, and their shapes query the tree again: a
  /// 100,000-shape level with a fixed 65,536 took 0.7 s a frame instead of milliseconds).
  std::size_t aabbCacheCapacity = 0;
  std::size_t triangleCacheCapacity = 4096;
  /// 0: no limit. Otherwise a frame that finds more candidate pairs than this stops and is
  /// reported `refused` (a scene whose boxes all overlap has n^2 of them; the app keeps
  /// interactive with a cap, as the pairs panel's own kMaxTestedPairs does).
  std::uint64_t maxCandidates = 0;

  bool operator==(const PipelineOptions& o) const {
    return useTree == o.useTree && aabbCache == o.aabbCache && triangleCache == o.triangleCache &&
           exactPhase == o.exactPhase && aabbCacheCapacity == o.aabbCacheCapacity &&
           triangleCacheCapacity == o.triangleCacheCapacity && maxCandidates == o.maxCandidates;
  }
  bool operator!=(const PipelineOptions& o) const { return !(*this == o); }
};

/// With the tree off, scenes with more pairs than this are not run (the frame would take
/// seconds): step() reports `refused`.
inline constexpr std::uint64_t kMaxPairsWithoutTree = 20u * 1000u * 1000u;

/// What one frame did.
struct PipelineFrameStats {
  std::uint64_t frame = 0;
  std::uint64_t pairsPossible = 0;  ///< n (n - 1) / 2
  std::uint64_t afterTree = 0;      ///< candidates: fat boxes overlap (all pairs, tree off)
  std::uint64_t afterAabb = 0;      ///< candidates whose tight AABBs collide
  std::uint64_t exactTests = 0;     ///< pairs sent to phase 2 (after AABB, with a tighter volume)
  std::uint64_t colliding = 0;      ///< "after the exact test": pairs found colliding
  std::uint64_t aabbSettled = 0;    ///< AABB-AABB pairs decided by their AABB test in phase 1
  std::uint64_t treeQueries = 0;    ///< shapes that queried the tree (or all pairs, tree off)
  std::uint64_t proxiesMoved = 0;   ///< shapes whose tight box changed
  std::uint64_t reinserted = 0;     ///< of those, re-inserted in the tree (left their fat box)
  // Cache 1 (the AABB list): candidates taken from the list without a query (hits), found
  // by a query (misses), and entries evicted.
  std::uint64_t aabbHits = 0, aabbMisses = 0, aabbEvictions = 0;
  // Cache 2 (the OBB list): mesh pairs settled by their cached triangle (hits), walked
  // (misses), entries evicted.
  std::uint64_t triangleHits = 0, triangleMisses = 0, triangleEvictions = 0;
  std::uint64_t meshPairs = 0;           ///< exact tests that were mesh pairs
  std::uint64_t triangleTestsSaved = 0;  ///< tree-walk leaf tests a hit skipped (as last walked)
  /// Time per phase and of the whole frame, in this thread's CPU time (ms).
  double treeMs = 0, aabbMs = 0, exactMs = 0, totalMs = 0;
  /// Nothing was decided: the tree is off on a scene above kMaxPairsWithoutTree, or the
  /// candidates went past PipelineOptions::maxCandidates. The next frame starts over.
  bool refused = false;

  /// Share of the candidates that phase 1 settled alone (rejected by the AABB test, or two
  /// AABBs): 1 - exactTests / afterTree; 1 when there are no candidates.
  double settledByAabbShare() const {
    return afterTree == 0 ? 1.0 : 1.0 - static_cast<double>(exactTests) / static_cast<double>(afterTree);
  }
};

/// How many frames of statistics a pipeline keeps (for the plots).
inline constexpr std::size_t kPipelineHistoryFrames = 300;

class CollisionPipeline {
 public:
  CollisionPipeline();
  explicit CollisionPipeline(const PipelineOptions& options);
  ~CollisionPipeline();
  CollisionPipeline(const CollisionPipeline&) = delete;
  CollisionPipeline& operator=(const CollisionPipeline&) = delete;

  const PipelineOptions& options() const { return options_; }
  /// Changing the tree or the cache toggles starts over (the tree and caches are rebuilt at
  /// the next step); the exact-phase toggle takes effect at once.
  void setOptions(const PipelineOptions& options);

  /// Runs one frame on `scene` (the shapes at this frame's pose). A scene with another
  /// number of shapes, or other kinds, starts over. `displacements`, when given, holds per
  /// shape its predicted motion over the next frame (motion.hpp's motionDisplacement), used
  /// to stretch its fat box; otherwise the motion since the last frame is used. `changed`,
  /// when given, lists the shapes that may have changed since the last frame (the moving
  /// ones): the others are not read again (BroadPhase::update), so that a frame of a level
  /// where few shapes move costs what they and the candidates cost, not what every shape does.
  const PipelineFrameStats& step(const Scene& scene, const std::vector<glm::vec3>* displacements = nullptr,
                                 const std::vector<std::uint32_t>* changed = nullptr);

  /// Forgets the tree, the caches and the history.
  void reset();

  /// The pairs found colliding in the last frame, (a, b) with a < b, ascending.
  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& colliding() const { return colliding_; }
  /// Per shape: collides with at least one other shape in the last frame.
  const std::vector<bool>& shapeColliding() const { return shapeColliding_; }
  const PipelineFrameStats& last() const { return last_; }
  /// The last kPipelineHistoryFrames frames, oldest first.
  const std::deque<PipelineFrameStats>& history() const { return history_; }
  /// The broad phase (empty while the tree is off): its tree, and per shape its proxy there.
  const BroadPhase& broadPhase() const { return broad_; }
  const DynamicAabbTree& tree() const { return broad_.tree(); }
  /// Shape index -> its proxy in tree() (DynamicAabbTree::kNull when not in the tree).
  const std::vector<std::int32_t>& proxies() const { return broad_.proxies(); }
  const AabbPairCache& aabbCache() const { return aabbCache_; }
  const TriangleCache& triangleCache() const { return triangleCache_; }

 private:
  void rebuild(const Scene& scene);
  bool phaseTree(const Scene& scene, const std::vector<glm::vec3>* displacements,
                 const std::vector<std::uint32_t>* changed, PipelineFrameStats& s);
  void phaseAabb(const Scene& scene, PipelineFrameStats& s);
  void phaseExact(const Scene& scene, PipelineFrameStats& s);
  bool exactMeshPair(const Scene& scene, std::uint32_t a, std::uint32_t b, PipelineFrameStats& s);
  /// exactMeshPair for mesh test R (pair_tests.hpp), `other` the test's A, `mesh` its B.
  template <class R, class A>
  bool exactMeshPairOf(const A& other, const MeshShape& mesh, std::uint64_t key, PipelineFrameStats& s);
  const std::vector<std::uint32_t>& leafPositions(const std::shared_ptr<const BvTree>& tree);
  /// This frame's padded bounds of shape i (the broad phase's; with the tree off, bounds_).
  const Bounds& boundsOf(std::uint32_t i) const;

  PipelineOptions options_;
  BroadPhase broad_;
  std::vector<Bounds> bounds_;  // with the tree off: this frame's padded bounds
  std::vector<int> kinds_;      // ShapeKind per shape: a change starts over
  bool built_ = false;
  bool useZ_ = true;
  std::uint64_t frame_ = 0;

  AabbPairCache aabbCache_;
  TriangleCache triangleCache_;
  struct Candidate {
    std::uint64_t key;
    AabbPairCache::Place place;  // where its entry was put in the AABB list this frame
  };
  std::vector<Candidate> candidates_;  // this frame's candidate pairs
  std::vector<std::uint64_t> passed_;  // those whose AABBs collide, needing phase 2
  std::vector<std::uint64_t> evicted_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> colliding_;
  std::vector<bool> shapeColliding_;
  struct LeafIndex {
    std::shared_ptr<const BvTree> tree;   // kept alive, so the key stays its address
    std::vector<std::uint32_t> position;  // mesh triangle index -> position in tree->triangles
  };
  std::unordered_map<const BvTree*, LeafIndex> leafIndex_;
  std::unordered_map<std::uint64_t, std::uint64_t> lastWalkTests_;  // per mesh pair
  PipelineFrameStats last_;
  std::deque<PipelineFrameStats> history_;
};

}  // namespace satlab
