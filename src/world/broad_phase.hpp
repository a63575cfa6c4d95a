// The broad phase shared by `satlab check` and the GUI's live pairs: conservative world
// bounds per shape and the pairs whose bounds overlap (the candidates), streamed in file
// order without storing n^2 of anything.
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
//   - segment-segment: contact within kSegmentContactTolerance (1e-6) * (1 + max |coord|);
//   - the slab tests' parallel rule (|d_i| < 1e-6 decided by p0): at most 1e-6 off;
//   - float rounding of the centre offsets and rotations: a few ulps of M.
// The margin is 32e-6 * (1 + M) per shape, over ten times what these need together.
//
// 2D scenes: the 2D tests ignore z, so the bounds do too (only x and y are compared), also
// for an OBB tilted out of the plane (its pairs take the 3D tests; comparing fewer axes
// only adds candidates).
//
// Candidates are found with a static bounding-volume tree (median splits, O(n log n) to
// build, O(n) memory); each shape's query returns its partners in O(log n + k) for
// well-spread scenes. Many shapes with identical bounds make every pair a candidate: n^2
// pairs, which a caller can stop early (forEachCandidate returns when told) and count
// cheaply (countCandidatesFrom, where whole subtrees lie inside a query).
#pragma once

#include "document/scene.hpp"

#include <cstdint>
#include <optional>
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

class BroadPhase {
 public:
  /// Bounds and tree for every shape of the scene (2D scenes compare x and y only).
  explicit BroadPhase(const Scene& scene);

  size_t size() const { return bounds_.size(); }
  bool usesZ() const { return useZ_; }
  const Bounds& bounds(size_t i) const { return bounds_[i]; }

  /// Whether the padded bounds of a and b overlap (touching counts). A pair for which this
  /// is false is separated.
  bool mayOverlap(size_t a, size_t b) const { return overlaps(bounds_[a], bounds_[b]); }

  /// Every b > a whose padded bounds overlap a's, ascending, into `out` (cleared first).
  void candidatesAfter(size_t a, std::vector<std::uint32_t>& out) const;

  /// Every candidate pair (a, b), a < b, with a >= firstA, in file order (a ascending,
  /// then b ascending). `visit(a, b)` returns false to stop; the call then returns false
  /// (true when every candidate was visited). Memory: one shape's candidates at a time.
  template <class Visit>
  bool forEachCandidate(Visit&& visit, size_t firstA = 0) const {
    std::vector<std::uint32_t> partners;
    for (size_t a = firstA; a < size(); ++a) {
      candidatesAfter(a, partners);
      for (const std::uint32_t b : partners) {
        if (!visit(a, static_cast<size_t>(b))) return false;
      }
    }
    return true;
  }

  /// The number of candidate pairs (a, b), a < b, with a >= firstA; nullopt when counting
  /// them would visit more than `budget` tree nodes and shapes (then not even a bound is
  /// known). Whole subtrees inside a query are counted without being visited, so many
  /// shapes with the same bounds count in O(n log n).
  std::optional<std::uint64_t> countCandidatesFrom(size_t firstA, std::uint64_t budget) const;

 private:
  struct Node {
    Bounds box;                                // of every shape below this node
    std::uint32_t first = 0;                   // leaves: the first item in order_
    std::uint32_t count = 0;                   // leaves: items (> 0); inner nodes: 0
    std::uint32_t left = 0, right = 0;         // inner nodes: children
    std::uint32_t minIndex = 0, maxIndex = 0;  // shape indices below this node
    std::uint32_t items = 0;                   // shapes below this node
  };

  bool overlaps(const Bounds& x, const Bounds& y) const {
    return x.lo.x <= y.hi.x && y.lo.x <= x.hi.x && x.lo.y <= y.hi.y && y.lo.y <= x.hi.y &&
           (!useZ_ || (x.lo.z <= y.hi.z && y.lo.z <= x.hi.z));
  }
  bool contains(const Bounds& outer, const Bounds& inner) const {
    return outer.lo.x <= inner.lo.x && inner.hi.x <= outer.hi.x && outer.lo.y <= inner.lo.y &&
           inner.hi.y <= outer.hi.y && (!useZ_ || (outer.lo.z <= inner.lo.z && inner.hi.z <= outer.hi.z));
  }
  std::uint32_t build(std::uint32_t begin, std::uint32_t end);

  bool useZ_ = true;
  std::vector<Bounds> bounds_;        // per shape, file order
  std::vector<std::uint32_t> order_;  // shape indices in leaf order
  std::vector<Node> nodes_;           // nodes_[0] is the root (when there are shapes)
};

}  // namespace satlab
