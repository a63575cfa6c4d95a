// Every pair of the scene, tested live each frame: the pairs panel lists them with their
// verdict and lets the user focus one; the per-shape overlap flags mark shapes in the view.
//
// The panel's filter (a name substring and a verdict) keeps a scene of hundreds of shapes
// readable; it appears once the list is longer than kFilterFromPairs rows. Its label
// setting (all / selected / none) is the panel's to show and the view's to apply: see
// labelMode() and showsShapeLabel().
#pragma once

#include "scene/pair_eval.hpp"
#include "scene/pipeline.hpp"
#include "scene/scene.hpp"
#include "ui/pipeline_panel.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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

/// The pipeline options the pairs panel starts with: the defaults, with at most
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
/// way round). O(pairs x name length + mismatches).
std::vector<size_t> filterPairs(const Scene& scene, const std::vector<PairResult>& pairs,
                                const std::vector<ExpectationMismatch>& mismatches, const PairFilter& filter);

/// The pairs panel's "why" column: the number that decides the verdict, in a few words
/// ("axis A1, gap 1.1", "depth 0.42 on A2xB1", "t [0.31, 0.86]", "gap 1.8", and for a
/// segment that misses a box, where there is no number, "no part inside"). Axes are named
/// in the test's roles, as the explorer names them. Empty only for a result that carries
/// nothing to say (none of the tests gives one).
std::string pairWhy(const PairResult& r);
/// The same in a sentence, for the row's tooltip.
std::string pairWhyInWords(const PairResult& r);

/// Which shapes get their name label in the view.
enum class ShapeLabels { All, Selected, None };
/// Whether a shape gets its name label under `mode`: every shape (All), the selected and
/// hovered ones (Selected), none (None).
bool showsShapeLabel(ShapeLabels mode, bool selected, bool hovered);

class LivePairs {
 public:
  /// Re-evaluates the scene's pairs when the scene changed since the last call (a
  /// fingerprint of every shape's numbers and the expectations decides). Each such call
  /// also steps the two-phase pipeline (scene/pipeline.hpp) one frame, and a moving scene
  /// larger than kListAllPairsUpTo takes its overlapping pairs from it: the pipeline's tree
  /// and caches carry over from frame to frame, where the broad phase would start afresh.
  void update(const Scene& scene);
  /// The pipeline stepped by update() (its counts and history for the pipeline section).
  const CollisionPipeline& pipeline() const { return *pipeline_; }
  /// The last update listed the pipeline's overlapping pairs (a moving, large scene).
  bool usesPipeline() const { return usesPipeline_; }
  /// The pipeline section's toggles and state (settable for tests and scripts; applied at
  /// the next update).
  const PipelineSectionState& pipelineSection() const { return section_; }
  void setPipelineOptions(const PipelineOptions& o) const {
    section_.options = o;
    section_.changed = true;
  }
  /// The run without caches that measures their saving steps beside the pipeline while the
  /// section is open, or while this is set (the pipeline's picture on the canvas shows it).
  void setMeasuringCaches(bool on) const { measureCaches_ = on; }
  /// That run, when it is stepping; nullptr otherwise.
  const CollisionPipeline* shadowPipeline() const { return shadow_.get(); }
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

  /// The pairs panel. Returns true and sets (a, b) when a row was clicked. The filter and
  /// label settings it shows are kept here (the panel's own state, changed while drawing).
  /// `hideFocusedVerdict`: a prediction about the focused pair is open (the explorer's
  /// "predict, then reveal"): its verdict, its reason and the counts are not shown yet.
  bool drawPanel(const Scene& scene, int focusA, int focusB, int& a, int& b, bool hideFocusedVerdict = false) const;

  /// What the panel lists (set by its filter row; settable for tests and scripts).
  const PairFilter& filter() const { return filter_; }
  void setFilter(PairFilter f) const { filter_ = std::move(f); }
  /// The rows listed under the current filter: indices into pairs().
  const std::vector<size_t>& listedRows(const Scene& scene) const;

  /// The label setting chosen in the panel, for the view to apply each frame (the renderer
  /// draws the labels): None: no name labels; Selected: the selected and hovered shapes'
  /// only; All: as the renderer chooses (every shape, or the larger ones in a crowded
  /// scene). See showsShapeLabel.
  ShapeLabels labelMode() const { return labels_; }
  void setLabelMode(ShapeLabels mode) const { labels_ = mode; }

 private:
  void drawFilterRow(size_t listed) const;

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
  std::uint64_t generation_ = 0;  // counts evaluations: the listed rows follow it
  void stepPipeline(const Scene& scene);
  // Shared, so that LivePairs stays copyable; only this object steps them.
  std::shared_ptr<CollisionPipeline> pipeline_ = std::make_shared<CollisionPipeline>(livePipelineOptions());
  std::shared_ptr<CollisionPipeline> shadow_;  // caches off, while the section is open
  bool usesPipeline_ = false;

  // The panel's own state. Mutable: the panel is drawn from a const LivePairs (the view
  // owns the verdicts), and these change only through its widgets and the setters.
  mutable PairFilter filter_;
  mutable PipelineSectionState section_{livePipelineOptions()};
  mutable bool measureCaches_ = false;
  mutable ShapeLabels labels_ = ShapeLabels::All;
  mutable std::vector<size_t> listed_;
  mutable PairFilter listedFilter_;
  mutable std::uint64_t listedGeneration_ = ~std::uint64_t{0};
};

}  // namespace satlab
