// Every pair of the scene, tested live each frame: the verdicts the pairs panel lists (and
// lets the user focus one of), the per-shape overlap flags the view marks shapes with, the
// two-phase pipeline stepped over the scene's frames and the run without caches that
// measures their saving, and the rows the panel's filter keeps. No ImGui and no GL here:
// the panel (ui/pairs_panel.hpp) draws what this holds and sends the user's choices back
// through the setters, which take effect at once (the filter) or at the next update (the
// pipeline's options).
//
// The filter (a name substring and a verdict) keeps a scene of hundreds of shapes readable;
// the panel shows it once the list is longer than kFilterFromPairs rows.
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_eval.hpp"
#include "world/pipeline.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

/// Scenes up to this many shapes have every pair evaluated and listed; larger ones use the
/// broad phase (world/broad_phase.hpp, the pipeline's, the cheap first phase of the large-scene blog post and the 2010
/// bounding-box analysis paper) and list the overlapping pairs.
inline constexpr size_t kListAllPairsUpTo = 64;

/// At most this many overlapping pairs are listed; testing stops at the next candidate.
inline constexpr size_t kMaxListedPairs = 100000;
/// At most this many candidate pairs get the exact test per update (a few hundred ms), so
/// that a scene whose bounds all overlap (n^2 candidates) keeps the app interactive.
inline constexpr std::uint64_t kMaxTestedPairs = 2000000;

/// The pipeline options the live pairs start with: the defaults, with at most
/// kMaxTestedPairs candidates a frame (a scene whose bounds all overlap stays interactive).
inline PipelineOptions livePipelineOptions() {
  PipelineOptions o;
  o.maxCandidates = kMaxTestedPairs;
  return o;
}

/// The filter row appears when more pairs than this are listed (or a filter is set).
inline constexpr size_t kFilterFromPairs = 6;

/// Which verdicts the pairs panel lists.
enum class PairVerdictFilter { All, Overlapping, Separated, ExpectationFailing };

/// What the pairs panel lists.
struct PairFilter {
  /// Listed when either shape's name contains it, ignoring ASCII case; empty: any name.
  std::string text;
  PairVerdictFilter verdict = PairVerdictFilter::All;

  bool active() const { return !text.empty() || verdict != PairVerdictFilter::All; }
  bool operator==(const PairFilter& o) const { return text == o.text && verdict == o.verdict; }
  bool operator!=(const PairFilter& o) const { return !(*this == o); }
};

/// True when `name` contains `needle`, ignoring ASCII case (bytes outside ASCII must match
/// exactly). An empty needle is in every name.
bool nameContains(std::string_view name, std::string_view needle);

/// The indices of the rows of `pairs` that `filter` keeps, in order. ExpectationFailing
/// keeps a pair when one of `mismatches` is an expectation naming its two shapes (either
/// way round). The text matches a shape's name, or its group when `groups` gives one (per
/// shape index: a recording's groups, "" for none). O(pairs x name length + mismatches).
std::vector<size_t> filterPairs(const Scene& scene, const std::vector<PairResult>& pairs,
                                const std::vector<ExpectationMismatch>& mismatches, const PairFilter& filter,
                                const std::vector<std::string_view>* groups = nullptr);

/// The saving of the caches over the frames both pipelines ran: 1 - main / shadow (their
/// summed frame times), and the number of frames compared; frames 0 when there are none.
struct CacheSaving {
  double share = 0;  ///< > 0: the caches saved this share of the time
  double mainMs = 0, shadowMs = 0;
  std::size_t frames = 0;
  bool verdictsAgree = true;
};
/// Compares the last frames both histories hold (the run without caches starts later).
CacheSaving measureCacheSaving(const std::deque<PipelineFrameStats>& main,
                               const std::deque<PipelineFrameStats>& shadow);

class LivePairs {
 public:
  /// Re-evaluates the scene's pairs when the scene changed since the last call (a
  /// fingerprint of every shape's numbers and the expectations decides) or the pipeline's
  /// options were set. Each such call also steps the two-phase pipeline (world/pipeline.hpp)
  /// one frame, and a moving scene larger than kListAllPairsUpTo takes its overlapping
  /// pairs from it: the pipeline's tree and caches carry over from frame to frame, where the
  /// broad phase would start afresh. The filter's rows follow.
  void update(const Scene& scene);

  /// The pipeline stepped by update() (its counts and history for the pipeline section).
  const CollisionPipeline& pipeline() const { return *pipeline_; }
  /// The last update listed the pipeline's overlapping pairs (a moving, large scene).
  bool usesPipeline() const { return usesPipeline_; }
  /// The pipeline's options as last set (livePipelineOptions() at first); set, they start
  /// both pipelines over at the next update.
  const PipelineOptions& pipelineOptions() const { return options_; }
  void setPipelineOptions(const PipelineOptions& o) {
    options_ = o;
    optionsChanged_ = true;
  }
  /// Whether the run without caches that measures their saving steps beside the pipeline
  /// (while the pipeline section is open or its picture is on the canvas); from the next
  /// update on.
  void setMeasuringCaches(bool on) { measureCaches_ = on; }
  /// That run, when it is stepping; nullptr otherwise.
  const CollisionPipeline* shadowPipeline() const { return shadow_.get(); }
  /// What the pipeline section and its picture read: the pipeline's last frame, the frames
  /// it keeps, those of the run without caches (nullptr when it is not stepping) and the
  /// height of the pipeline's tree.
  const PipelineFrameStats& pipelineFrame() const { return pipeline_->last(); }
  const std::deque<PipelineFrameStats>& pipelineHistory() const { return pipeline_->history(); }
  const std::deque<PipelineFrameStats>* shadowHistory() const { return shadow_ ? &shadow_->history() : nullptr; }
  int pipelineTreeHeight() const { return pipeline_->tree().height(); }

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

  /// What the panel lists. Setting it lists the rows of the last update again at once
  /// (`scene`: the scene of that update, for the shapes' names).
  const PairFilter& filter() const { return filter_; }
  void setFilter(const Scene& scene, PairFilter f);
  /// Each shape's group (by index; "" for none) that the filter's text matches besides its
  /// name: a recording's groups (world/recording.hpp), set with each frame shown; empty for a
  /// scene. The views must outlive the next update.
  void setShapeGroups(const Scene& scene, std::vector<std::string_view> groups);
  /// The rows the filter keeps: indices into pairs(), in order.
  const std::vector<size_t>& listedRows() const { return listed_; }

 private:
  // `changed`: the shapes that changed since the last step (nullptr: read every shape).
  void stepPipeline(const Scene& scene, const std::vector<std::uint32_t>* changed);

  std::vector<PairResult> pairs_;
  std::vector<std::string_view> groups_;
  std::vector<bool> overlapping_;
  std::vector<std::vector<int>> partners_;
  std::vector<ExpectationMismatch> mismatches_;
  std::uint64_t fingerprint_ = 0;
  std::vector<std::uint64_t> shapeHashes_;  // this update's, per shape
  std::vector<std::uint64_t> stepHashes_;   // those of the pipeline's last step
  std::uint64_t stepFrame_ = 0;             // the pipeline's frame number after that step
  std::vector<std::uint32_t> changed_;
  bool evaluated_ = false;
  bool all_ = true;
  size_t candidates_ = 0;
  size_t overlapCount_ = 0;
  bool truncated_ = false;
  std::optional<std::uint64_t> untestedCandidates_;
  size_t stopShape_ = 0, stopPartner_ = 0;
  // Shared, so that LivePairs stays copyable; only this object steps them.
  std::shared_ptr<CollisionPipeline> pipeline_ = std::make_shared<CollisionPipeline>(livePipelineOptions());
  std::shared_ptr<CollisionPipeline> shadow_;  // caches off, while measuring
  bool usesPipeline_ = false;
  PipelineOptions options_ = livePipelineOptions();
  bool optionsChanged_ = false;
  bool measureCaches_ = false;
  PairFilter filter_;
  std::vector<size_t> listed_;
};

}  // namespace satlab
