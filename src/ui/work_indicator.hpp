// The indicator of long work (docs/progress.md): a small window in the middle of the window,
// over everything, that says what is being done and how far ("Opening level.json", "9.8 of
// 16.0 MB", "1.2 s, about 3 s left"), with a Cancel button; Esc cancels too. While it is up,
// the rest of the window keeps drawing but takes no input, so that nothing is edited that
// the work's result would replace.
#pragma once

#include <string>

#include "base/progress.hpp"

namespace satlab {

/// Draws the indicator of `progress` (call every frame while the work runs). True when the
/// user asked to cancel (the button, or Esc).
bool drawWorkIndicator(const ProgressSnapshot& progress);

/// What the indicator shows of the work, without its window and button: the lines of
/// model/work_text.hpp and a bar that fills (or, where the total is not known, a block that
/// moves to and fro). The bounding-volume lab's panel shows its build with it.
void drawWorkProgress(const ProgressSnapshot& progress);

/// Closes the indicator once the work has ended (call every frame while there is none).
void closeWorkIndicator();

}  // namespace satlab
