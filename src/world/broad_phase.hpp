// The broad phase: the one place that finds which pairs of a scene's shapes may touch. The
// two-phase pipeline (pipeline.hpp), `satlab check`, the recordings' verdicts and the live
// pairs all use it; the pipeline's caches sit on top of it.
//
// What it keeps: per shape its conservative bounds (below), and, over them, the overlapping
// pairs of a dynamic AABB tree (satlab/collide/dynamic_pairs.hpp: fat boxes, a move buffer,
// the pair set kept from one update to the next, the mechanism an engine's broad phase
// uses; bench/bench_broadphase.cpp measures it against Bullet's and Box2D's). update()
// takes the scene at this frame: the shapes whose bounds did not change cost one
// comparison, those that stay inside their fat box one containment test, and only those
// that leave it look for new pairs. A still scene updates in O(n), or in O(changed) when
// the caller lists the shapes that may have changed; one update from nothing builds the
// tree at once (median splits) and finds its pairs by one walk of the tree against itself,
// O(n log n + pairs).
//
// Conservative: every bound is padded by a margin that covers each tolerance of the exact
// tests (pair_eval), so a pair whose padded bounds do not overlap is certainly reported
// separated by the exact test; only candidates need the exact test. The margin of a shape
// whose largest |coordinate| (over its bound's corners) is M is kBoundsMargin * (1 + M):
//   - box-box SAT (the large-scene AABB/OBB blog post): |R| + 1e-6 inflates each face axis's radius by at most 1e-6
//     times the other box's half-extent sum (<= 3e-6 M). When the world bounds are apart,
//     a face axis separates by nearly that gap for boxes near the world axes, and rotated
//     boxes have looser world bounds. Measured: among 10^6 adversarial OBB pairs (near-
//     parallel edges, thin boxes, tilts from 0 to 45 degrees) placed at the very edge of
//     the test's overlap, the widest world-bounds gap was 6.9e-7 x the sum of both boxes'
//     half extents (tests/world/test_broad_phase.cpp repeats a smaller search);
//   - segment-segment and the capsule tests: contact within kSegmentContactTolerance (1e-6)
//     * (1 + max |coord|) beyond the radii (a capsule's bounds are its segment's grown by r);
//   - the slab tests' parallel rule (|d_i| < 1e-6 decided by p0): at most 1e-6 off;
//   - float rounding of the centre offsets and rotations: a few ulps of M.
// The margin is 32e-6 * (1 + M) per shape, over ten times what these need together.
//
// Candidates are the pairs whose padded bounds overlap. The tree's pairs (fat boxes
// overlap) are a superset of them; forEachCandidate filters and sorts them into file order.
//
// 2D scenes: the 2D tests ignore z, so the bounds do too (only x and y are compared; the
// tree holds them flat), also for an OBB tilted out of the plane (its pairs take the 3D
// tests; comparing fewer axes only adds candidates).
//
// Memory is O(shapes + pairs), and the pairs are bounded: past BroadPhaseOptions::maxPairs
// (by default 64 a shape, at least 2^20) an update stops and is `refused`. The tree is
// still there: forEachCandidate then streams the candidates shape by shape in file order
// with O(shapes) memory, one query per shape (a scene whose bounds all overlap has n^2
// candidates; a caller can stop early). A shape whose bounds the tree refuses (beyond float
// range; never for a loaded scene) stays outside the tree and pairs with every shape.
#pragma once

#include "document/scene.hpp"
#include "satlab/collide/dynamic_pairs.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace satlab {

/// Relative padding of the conservative bounds (see above).
inline constexpr float kBoundsMargin = 32e-6f;

struct Bounds {
  glm::vec3 lo{0.0f};
  glm::vec3 hi{0.0f};
};

/// The shape's world bounds (shapeBounds) padded by kBoundsMargin * (1 + max |coordinate|).
/// lo <= hi on every axis; huge values may pad to +-infinity, never to NaN.
Bounds conservativeBounds(const SceneShape& shape);

/// Whether two padded bounds overlap (touching counts); with useZ false x and y only.
inline bool boundsOverlap(const Bounds& x, const Bounds& y, bool useZ) {
  return x.lo.x <= y.hi.x && y.lo.x <= x.hi.x && x.lo.y <= y.hi.y && y.lo.y <= x.hi.y &&
         (!useZ || (x.lo.z <= y.hi.z && y.lo.z <= x.hi.z));
}

/// The most pairs a broad phase over `shapes` shapes keeps by default.
inline std::uint64_t defaultPairLimit(std::size_t shapes) {
  return std::max<std::uint64_t>(std::uint64_t{1} << 20, std::uint64_t{64} * shapes);
}

struct BroadPhaseOptions {
  /// On: the pairs are kept from one update to the next, and only the shapes that left their
  /// fat box look for new ones (frame coherence). Off: every shape looks again at every update.
  bool keepPairs = true;
  /// The most pairs (fat boxes overlapping) kept; 0: defaultPairLimit of the scene.
  std::uint64_t maxPairs = 0;
  /// A distance (>= 0) every bound is grown by besides its own padding: the most a shape's
  /// test may reach past its geometry (a recording's collision margins and tolerance).
  float padding = 0.0f;
};

/// What one update did.
struct BroadPhaseStep {
  std::uint64_t moved = 0;       ///< shapes whose bounds changed since the last update
  std::uint64_t reinserted = 0;  ///< of those, re-inserted in the tree (they left their fat box)
  std::uint64_t queried = 0;     ///< shapes that looked for new pairs in the tree
  std::uint64_t pairs = 0;       ///< pairs whose fat boxes overlap, after the update
  std::uint64_t begun = 0;       ///< of those, new in this update
  bool rebuilt = false;          ///< started from nothing (first update, or other shapes)
  bool refused = false;          ///< stopped past maxPairs: only the streamed candidates are known
};

class BroadPhase {
 public:
  BroadPhase();
  explicit BroadPhase(const BroadPhaseOptions& options);
  /// One update of `scene` with the default options: a single frame.
  explicit BroadPhase(const Scene& scene);
  ~BroadPhase();
  BroadPhase(BroadPhase&&) noexcept;
  BroadPhase& operator=(BroadPhase&&) noexcept;

  const BroadPhaseOptions& options() const { return options_; }
  /// Other options start over at the next update.
  void setOptions(const BroadPhaseOptions& options);

  /// Brings the bounds, the tree and the pairs to `scene` (this frame's pose). A scene with
  /// another number of shapes, other kinds or the other view starts over. `displacements`,
  /// when given, holds per shape its predicted motion over the next frame, which stretches
  /// its fat box; otherwise the motion since the last update is used. `changed`, when given,
  /// lists the shapes that may have changed since the last update (the moving ones; any
  /// order, repeats allowed): only those are read, so that a frame costs O(changed + pairs)
  /// instead of O(shapes). A shape left out must be exactly as it was.
  const BroadPhaseStep& update(const Scene& scene, const std::vector<glm::vec3>* displacements = nullptr,
                               const std::vector<std::uint32_t>* changed = nullptr);
  /// Forgets everything: the next update starts from nothing.
  void reset();
  const BroadPhaseStep& last() const { return last_; }

  size_t size() const { return bounds_.size(); }
  bool usesZ() const { return useZ_; }
  const Bounds& bounds(size_t i) const { return bounds_[i]; }

  /// Whether the padded bounds of a and b overlap (touching counts). A pair for which this
  /// is false is separated.
  bool mayOverlap(size_t a, size_t b) const { return overlaps(bounds_[a], bounds_[b]); }

  /// Every pair (a, b), a < b, whose fat boxes overlap, in no particular order, each once;
  /// visit(a, b) returns nothing. Nothing after a refused update.
  template <class Visit>
  void forEachPair(Visit&& visit) const {
    if (last_.refused) return;
    for (const ProxyPair& p : pairs_->pairs()) {
      std::uint32_t a = shapeOf_[static_cast<std::size_t>(p.a)], b = shapeOf_[static_cast<std::size_t>(p.b)];
      if (b < a) std::swap(a, b);
      visit(a, b);
    }
    forEachOutsiderPair([&](std::uint32_t a, std::uint32_t b) { visit(a, b); });
  }

  /// Every candidate pair (a, b), a < b, with a >= firstA, in file order (a ascending,
  /// then b ascending). `visit(a, b)` returns false to stop; the call then returns false
  /// (true when every candidate was visited). Memory: the candidates, or after a refused
  /// update one shape's candidates at a time.
  template <class Visit>
  bool forEachCandidate(Visit&& visit, size_t firstA = 0) const {
    if (!last_.refused) {
      std::vector<std::pair<std::uint32_t, std::uint32_t>> all;
      forEachPair([&](std::uint32_t a, std::uint32_t b) {
        if (a >= firstA && mayOverlap(a, b)) all.emplace_back(a, b);
      });
      std::sort(all.begin(), all.end());
      for (const auto& [a, b] : all) {
        if (!visit(static_cast<size_t>(a), static_cast<size_t>(b))) return false;
      }
      return true;
    }
    std::vector<std::uint32_t> partners;
    for (size_t a = firstA; a < size(); ++a) {
      candidatesAfter(a, partners);
      for (const std::uint32_t b : partners) {
        if (!visit(a, static_cast<size_t>(b))) return false;
      }
    }
    return true;
  }

  /// Every b > a whose padded bounds overlap a's, ascending, into `out` (cleared first),
  /// by one query of the tree.
  void candidatesAfter(size_t a, std::vector<std::uint32_t>& out) const;

  /// The number of candidate pairs (a, b), a < b, with a >= firstA. Counted from the pairs
  /// kept; after a refused update by a query per shape, and nullopt when that would look at
  /// more than `budget` shapes (then not even a bound is known).
  std::optional<std::uint64_t> countCandidatesFrom(size_t firstA, std::uint64_t budget) const;

  /// The tree (its leaves are the shapes' fat boxes) and each shape's proxy in it
  /// (DynamicAabbTree::kNull: outside the tree).
  const DynamicAabbTree& tree() const { return pairs_->tree(); }
  const std::vector<std::int32_t>& proxies() const { return proxy_; }

 private:
  bool overlaps(const Bounds& x, const Bounds& y) const { return boundsOverlap(x, y, useZ_); }
  /// The pairs of the shapes outside the tree: each with every other shape, once.
  template <class Visit>
  void forEachOutsiderPair(Visit&& visit) const {
    const auto n = static_cast<std::uint32_t>(size());
    for (const std::uint32_t o : outsiders_) {
      for (std::uint32_t j = 0; j < n; ++j) {
        if (j == o || (j < o && proxy_[j] == DynamicAabbTree::kNull)) continue;
        visit(std::min(o, j), std::max(o, j));
      }
    }
  }
  void rebuild(const Scene& scene);
  Bounds paddedBounds(const SceneShape& shape) const;  // conservativeBounds grown by options_.padding
  Aabb treeBox(const Bounds& b) const;
  /// Puts shape i in the tree with box `box`; proxy_[i] is kNull when the tree refuses it.
  void insertShape(std::uint32_t i, const Aabb& box, const glm::vec3& displacement);

  BroadPhaseOptions options_;
  std::unique_ptr<DynamicPairs> pairs_;
  bool built_ = false;
  bool useZ_ = true;
  std::vector<Bounds> bounds_;            // per shape, file order (padded)
  std::vector<Aabb> box_;                 // the same as the tree holds them (flat in 2D)
  std::vector<std::int32_t> proxy_;       // per shape: its proxy, or kNull
  std::vector<std::uint32_t> shapeOf_;    // per proxy (node index): its shape (the tree's userData, at hand)
  std::vector<std::uint32_t> outsiders_;  // shapes outside the tree, ascending
  std::vector<int> kinds_;                // ShapeKind per shape: a change starts over
  BroadPhaseStep last_;
};

}  // namespace satlab
