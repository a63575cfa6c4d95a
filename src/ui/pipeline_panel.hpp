// The pipeline section of the pairs panel: what the two-phase pipeline (world/pipeline.hpp)
// did this frame and over the last frames, its toggles, and the two claims of the source
// articles measured live:
//   - "AABB test alone settled 91% of candidate pairs": the share of the pairs phase 1
//     looked at (the candidates after the tree) that it settled without the exact test, in
//     the last frame and over the frames kept;
//   - "caches: -9.8% time over the last 300 frames": measured against a shadow pipeline
//     that steps the same frames with both caches off while the section is open (the two
//     run one after the other in alternating order each frame, and must agree on every
//     verdict); the figure compares the two pipelines' own frame times (their thread's CPU
//     time) over the frames both ran, nothing estimated.
#pragma once

#include "model/live_pairs.hpp"

namespace satlab {

/// What the section asks of its owner (PairsPanel, which gives the options to LivePairs),
/// read after it is drawn.
struct PipelineSectionState {
  PipelineOptions options;  ///< the toggles as the user set them
  bool open = false;        ///< the section is open: the shadow pipeline runs
  bool changed = false;     ///< a toggle changed this frame: start both pipelines over
  bool drawTree = false;    ///< draw the tree in the view (ui/tree_overlay.hpp)
  int treeLevel = 0;        ///< the depth drawn
};

/// The share as a whole percent, for the claims' sentences ("91%").
int wholePercent(double share);

/// Draws the section (a collapsing header, closed at first) in the current window.
/// Reads the pipeline's frames from `live` (model/live_pairs.hpp).
void drawPipelineSection(const LivePairs& live, PipelineSectionState& state);

}  // namespace satlab
