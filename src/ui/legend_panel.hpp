// G: what the pictures mean. Every mark the view and the explorers draw, with a swatch in
// the colour the current theme draws it in (render/palette.hpp): outlines, dashes, markers,
// the axis line, the intervals, the gap and the overlap, the separating plane, the slabs,
// the clamp steps, and the table's grey and coloured rows.
#pragma once

namespace satlab {

/// Draws the legend while `open` (the close button clears it), in the free part of the view
/// between `freeLeft` and `freeRight` (window pixels), against its bottom edge.
void drawLegendPanel(bool& open, float freeLeft, float freeRight);

}  // namespace satlab
