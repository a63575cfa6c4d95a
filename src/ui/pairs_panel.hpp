// Every pair of the scene, tested live each frame: the pairs panel lists them with their
// verdict and lets the user focus one; the per-shape overlap flags mark shapes in the view.
#pragma once

#include "scene/pair_eval.hpp"
#include "scene/scene.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace satlab {

/// Scenes up to this many shapes have every pair evaluated and listed; larger ones use the
/// broad phase (scene/broad_phase.hpp, the cheap first phase of the large-scene blog post and the 2010 bounding-box
/// analysis paper) and list the overlapping pairs.
inline constexpr size_t kListAllPairsUpTo = 64;

/// At most this many overlapping pairs are listed; testing stops at the next candidate.
inline constexpr size_t kMaxListedPairs = 100000;
/// At most this many candidate pairs get the exact test per update (a few hundred ms), so
/// that a scene whose bounds all overlap (n^2 candidates) keeps the app interactive.
inline constexpr std::uint64_t kMaxTestedPairs = 2000000;

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
  /// Candidate pairs that got the exact test (large scenes; every pair for small ones).
  size_t candidateCount() const { return candidates_; }
  /// Listed pairs that overlap.
  size_t overlapCount() const { return overlapCount_; }

  /// Testing stopped at a cap (kMaxListedPairs overlapping, or kMaxTestedPairs tested):
  /// pairs after the stop (in file order) were not tested.
  bool truncated() const { return truncated_; }
  /// When truncated: the candidate pairs (bounds overlapping) not tested, when counting
  /// them was cheap enough; else empty.
  const std::optional<std::uint64_t>& untestedCandidates() const { return untestedCandidates_; }
  /// When truncated: testing stopped among the pairs of this shape (its first partner not
  /// tested is stopPartner), so every pair (a, b) after (stopShape, stopPartner) was not tested.
  size_t stopShape() const { return stopShape_; }
  size_t stopPartner() const { return stopPartner_; }

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
  size_t overlapCount_ = 0;
  bool truncated_ = false;
  std::optional<std::uint64_t> untestedCandidates_;
  size_t stopShape_ = 0, stopPartner_ = 0;
};

}  // namespace satlab
