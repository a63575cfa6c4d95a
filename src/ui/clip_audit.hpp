// What this frame's panels cut off: text or buttons running past a window's right edge, and
// table cells or headers wider than their column. ImGui clips both silently (a table header
// ends in "..."); this asks ImGui's own bookkeeping (how far each window's and column's
// content reached, against where it is clipped) so that tests can assert that every label
// fits. Scripted runs print the findings (app/gui.cpp).
#pragma once

#include <string>
#include <vector>

namespace satlab {

/// One finding: "Explorer: table ##axes, column verdict: content 84 px wide in 40 px"; in
/// a table that scrolls sideways, a column that is not wholly in view ("...: column verdict:
/// 64 px of 70 px out of view (the table scrolls sideways)").
/// Call after the frame's windows have ended (before ImGui::Render). Windows that scroll
/// horizontally, collapsed windows and tooltips are left out; so are the main menu bar (its
/// toolbar gives way by itself; the toast after it is printed too) and multi-line text
/// fields labelled "##edit..." (ImGui 1.86's editor does not wrap: it scrolls to the cursor).
std::vector<std::string> clippedContent();

/// Where this frame's windows and table columns are, as numbers (each window's place, size,
/// content size and scroll bars; each table column's width): equal in two frames in a row
/// when the panels have settled. Dear ImGui sizes an auto-resizing window, a table's columns
/// and a scroll bar from the frame before, so a picture taken in the first frames can catch
/// them half laid out; a run for machines takes its picture once this is still.
std::vector<float> layoutSignature();

}  // namespace satlab
