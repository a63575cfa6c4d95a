// The margin plot: the focused pair's deciding margin (evaluation/pair_margin.hpp) over a
// recording or a scene's motion, a strip beside the time bar. Above the zero line the
// shapes are apart by that much, below it they overlap that deep; each stretch is drawn in
// the colour of the axis that decides it, named in the legend; the flips are marked and the
// frame shown is a line. Hovering a frame shows its numbers; a click asks to go to it (the
// app shows the frame and turns the explorer to the deciding axis). The model computes the
// samples (model/margin_plot.hpp); this draws them.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "model/margin_plot.hpp"
#include "render/label_layout.hpp"

namespace satlab {

struct MarginPlotPlace {
  float left = 0.0f, right = 0.0f;
  float y = 0.0f;      ///< the edge it stands on: its lower edge, or with `below` its upper edge
  bool below = false;  ///< hangs down from `y` (under a time bar at the top)
  bool presentation = false;
};

struct MarginPlotAction {
  std::optional<std::size_t> goTo;  ///< a sample clicked
};

/// Draws the plot for `model`'s samples; `shown` is the sample of the frame shown (if any);
/// `sampleName(i)` names sample i ("frame 1041", "t = 0.50 s").
MarginPlotAction drawMarginPlot(const MarginPlotModel& model, std::optional<std::size_t> shown,
                                const std::function<std::string(std::size_t)>& sampleName,
                                const MarginPlotPlace& place);

/// The plot's height at the current style (for the layout, before it is drawn).
float marginPlotHeight(bool presentation);

/// Where the plot was drawn last frame (window pixels), if it was; and where its curve runs
/// (the canvas), for scripted runs.
std::optional<ScreenRect> marginPlotRect();
std::optional<ScreenRect> marginPlotCanvasRect();

/// A margin in words, in the window's language: "apart by 0.0021 on A2", "overlapping 0.06
/// on A2", "apart by 0.5 (nearest point)", "not measured".
std::string marginWords(const std::optional<PairMargin>& m);

/// One line for scripted runs: "margin plot: a / b, 120 of 120 samples, 2 flips, axes A2;
/// shown: overlapping 0.00966 on A2", or empty when none was drawn.
std::string marginPlotStatus(const MarginPlotModel& model, std::optional<std::size_t> shown);

}  // namespace satlab
