// The pipeline section of the pairs panel: what the two-phase pipeline (scene/pipeline.hpp)
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

#include "scene/pipeline.hpp"

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

/// The saving of the caches over the frames both pipelines ran: 1 - main / shadow (their
/// summed frame times), and the number of frames compared; nullopt-like (frames 0) when
/// there are none.
struct CacheSaving {
  double share = 0;  ///< > 0: the caches saved this share of the time
  double mainMs = 0, shadowMs = 0;
  std::size_t frames = 0;
  bool verdictsAgree = true;
};
CacheSaving measureCacheSaving(const CollisionPipeline& main, const CollisionPipeline& shadow);

/// Draws the section (a collapsing header, closed at first) in the current window.
void drawPipelineSection(const CollisionPipeline& pipeline, const CollisionPipeline* shadow,
                         PipelineSectionState& state);

}  // namespace satlab
