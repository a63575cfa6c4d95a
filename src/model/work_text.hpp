// What long work is doing, in words (docs/progress.md): the window's indicator shows these
// lines in its language; the terminal's progress line, which stays English, prints the same
// functions (the command line never sets a language, so tr gives the English).
#pragma once

#include <string>

#include "base/progress.hpp"

namespace satlab {

/// What: "Opening level.json" (the stage, with its subject).
std::string workWhatText(const ProgressSnapshot& progress);
/// How far: "61,000 of 100,000 shapes", "9.8 of 16.0 MB"; empty when nothing is counted.
std::string workAmountText(const ProgressSnapshot& progress);
/// The time: "1.2 s, about 3 s left", or "1.2 s" alone where the rest cannot be told.
std::string workTimeText(const ProgressSnapshot& progress);

}  // namespace satlab
