// The bounding-volume lab's panel (docs/bv-lab.md): for the one mesh selected, a legend and
// table of every volume (a checkbox to draw it, its volume, its ratio to the convex hull's,
// its build time, its measured update cost per frame), the spin toggle and its axis, the
// covariance OBB against the area-weighted one, and the spin plot: each shown volume's
// volume over a whole turn, in its colour, with a marker at the mesh's angle now.
//
// It docks in the Explorer's place (ui/layout.hpp), which is free while a single shape is
// selected (the explorer is about a pair), and shares that window's collapsed state. Every
// table falls back to narrower ones (the first column repeated) or to a list where its
// columns do not fit the panel, so nothing is clipped at any classroom size.
#pragma once

#include "document/scene.hpp"
#include "model/bv_lab.hpp"

#include <string>

namespace satlab {

/// The panel's title and id: "Bounding volumes###Explorer.N" (the Explorer's window).
std::string bvLabPanelId();

/// Draws the panel for `lab` (active) in the Explorer's place.
void drawBvLabPanel(BvLab& lab, const Scene& scene);

/// "12 ns", "3.4 µs", "1.8 ms", "2.10 s".
std::string formatSeconds(double seconds);
/// What the panel writes for a row's cost per frame: "O(vertices) 1.8 ms", "O(1) 40 ns",
/// "none (moved) 2 ns".
std::string formatUpdateCost(LabRow row, double seconds);

}  // namespace satlab
