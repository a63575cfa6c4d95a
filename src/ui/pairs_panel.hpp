// The pairs panel: every pair of the scene with its verdict (model/live_pairs.hpp tests them
// live each frame); a click focuses one.
//
// The panel's filter (a name substring and a verdict) keeps a scene of hundreds of shapes
// readable; it appears once the list is longer than kFilterFromPairs rows. Its label
// setting (all / selected / none) is the panel's to show and the view's to apply: see
// labelMode() and showsShapeLabel().
#pragma once

#include "document/scene.hpp"
#include "evaluation/pair_eval.hpp"
#include "model/engine_verdicts.hpp"
#include "model/live_pairs.hpp"
#include "ui/elide_text.hpp"
#include "ui/pipeline_panel.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

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

/// The pairs panel: draws the live pairs (model/live_pairs.hpp) and sends the user's
/// choices back to them (the filter, the pipeline section's toggles). What it keeps is its
/// own: the label setting and the pipeline section's state.
class PairsPanel {
 public:
  /// Draws the panel. Returns true and sets (a, b) when a row was clicked. A filter changed
  /// in it is given to `live` once the panel is drawn (its rows follow in the next frame),
  /// a toggle of the pipeline section at once (applied at the next update).
  /// `hideFocusedVerdict`: a prediction about the focused pair is open (the explorer's
  /// "predict, then reveal"): its verdict, its reason and the counts are not shown yet.
  bool draw(LivePairs& live, const Scene& scene, int focusA, int focusB, int& a, int& b,
            bool hideFocusedVerdict = false);

  /// The pipeline section's state: open (the run without caches measures beside it), the
  /// tree drawn in the view and its level.
  const PipelineSectionState& pipelineSection() const { return section_; }

  /// The label setting chosen in the panel, for the view to apply each frame (the renderer
  /// draws the labels): None: no name labels; Selected: the selected and hovered shapes'
  /// only; All: as the renderer chooses (every shape, or the larger ones in a crowded
  /// scene). See showsShapeLabel.
  ShapeLabels labelMode() const { return labels_; }
  void setLabelMode(ShapeLabels mode) { labels_ = mode; }

  /// A recording with the engine's verdicts (pairs_panel_engine.cpp): the "engine vs exact"
  /// rows, and the engine's verdict on the focused pair in the frame shown beside the exact
  /// test's. Given each frame before draw(); the section is drawn while `rows` is not empty
  /// or `focused` is set.
  struct EngineSection {
    const std::vector<EngineVsExactRow>* rows = nullptr;
    std::size_t frame = 0;    ///< the frame shown (its rows are marked)
    std::string focusedPair;  ///< "crate / floor"
    std::optional<std::string> focusedEngine, focusedExact;
    /// Said first when not empty: how the pair list relates to the engine's shapes.
    std::string note;
  };
  void setEngineSection(EngineSection section) { engine_ = std::move(section); }
  /// The "engine vs exact" row clicked (an index into its rows), once.
  std::optional<std::size_t> takeEngineRowClicked() {
    std::optional<std::size_t> r = engineClicked_;
    engineClicked_.reset();
    return r;
  }

 private:
  void drawEngineSection();
  EngineSection engine_;
  std::optional<std::size_t> engineClicked_;
  void drawFilterRow(const LivePairs& live, PairFilter& filter, size_t listed);

  PipelineSectionState section_{livePipelineOptions()};
  ShapeLabels labels_ = ShapeLabels::All;
};

}  // namespace satlab
