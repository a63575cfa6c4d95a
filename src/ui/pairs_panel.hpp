// Every pair of the scene, tested live each frame: the pairs panel lists them with their
// verdict and lets the user focus one; the per-shape overlap flags mark shapes in the view.
#pragma once

#include "scene/pair_eval.hpp"
#include "scene/scene.hpp"

#include <cstdint>
#include <vector>

namespace satlab {

/// Scenes up to this many shapes have every pair evaluated and listed; larger ones use a
/// sweep over their bounds (seed 001/002's cheap first phase) and list overlapping pairs.
inline constexpr size_t kListAllPairsUpTo = 64;

class LivePairs {
 public:
  /// Re-evaluates the scene's pairs when the scene changed since the last call (a
  /// fingerprint of every shape's numbers and the expectations decides).
  void update(const Scene& scene);
  const std::vector<PairResult>& pairs() const { return pairs_; }
  /// Per shape: overlaps at least one other shape.
  const std::vector<bool>& overlapping() const { return overlapping_; }
  /// Per shape: the names of the shapes it overlaps, for labels ("overlaps box_b").
  const std::vector<std::vector<int>>& partners() const { return partners_; }
  bool listsAllPairs() const { return all_; }
  /// The scene's expectations that the live verdicts do not meet.
  const std::vector<ExpectationMismatch>& mismatches() const { return mismatches_; }
  size_t candidateCount() const { return candidates_; }

  /// The pairs panel. Returns true and sets (a, b) when a row was clicked.
  bool drawPanel(const Scene& scene, int focusA, int focusB, int& a, int& b) const;

 private:
  std::vector<PairResult> pairs_;
  std::vector<bool> overlapping_;
  std::vector<std::vector<int>> partners_;
  std::vector<ExpectationMismatch> mismatches_;
  std::uint64_t fingerprint_ = 0;
  bool evaluated_ = false;
  bool all_ = true;
  size_t candidates_ = 0;
};

}  // namespace satlab
