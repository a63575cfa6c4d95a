// What the command line asked for.
#pragma once

#include "i18n/i18n.hpp"
#include "render/figure_options.hpp"

#include <cstdio>
#include <optional>
#include <string>

namespace satlab {

/// GuiOptions::figureStep for one figure per explorer step (--step all).
inline constexpr int kEveryFigureStep = -1;

/// The time a frame advances the scene in a run for machines (GuiOptions::fixedStep): 1/60 s,
/// as the O key's step.
inline constexpr float kFixedFrameSeconds = 1.0f / 60.0f;

struct GuiOptions {
  std::string program = "satlab";  // how satlab was started (argv[0]), for messages
  std::string scenePath;           // empty: the built-in default scene (scenes/default.json)
  std::string screenshotPath;      // non-empty: render, write this PNG, exit
  /// Where the PNG is written when that is not screenshotPath itself: a copy of standard
  /// output ("/dev/fd/N") when the picture goes there (main.cpp), so that satlab's own lines
  /// can go to standard error and the picture arrives alone.
  std::string screenshotTarget;
  int width = 1280;
  int height = 720;
  int frames = 3;             // frames rendered before the screenshot
  std::string scriptPath;     // non-empty: play these input events (see input_script.hpp)
  std::string saveScenePath;  // non-empty: write the scene here when satlab exits
  bool presentation = false;  // start in presentation mode
  /// Start in the student view (ui/student_view.hpp): the scene's lesson, or the first
  /// built-in lesson when no scene is named.
  bool student = false;
  bool restore = false;    // restore the crash-recovery file without asking
  bool sizeGiven = false;  // --size was on the command line (else: the saved size)
  bool stats = false;      // render `frames` frames, print frame-time statistics, exit
  /// Non-empty: render a figure for slides (docs/figures.md), write it here (.png or .svg),
  /// exit. The window is --size, the figure figureScale times its pixels.
  std::string figurePath;
  int figureStep = 0;  // 0: the step the scene opens on; N: the explorer's step N; kEveryFigureStep: all
  FigureOptions figure;
  /// Each frame advances the scene (motion, the character's drive, the lab's spin, ImGui's
  /// clock: double clicks, key repeat, autosave, toasts) by kFixedFrameSeconds rather than
  /// the wall clock's time since the last frame, so that a run gives the same result on an
  /// idle or a busy machine. Set for --script, --screenshot, --frames and --stats runs.
  bool fixedStep = false;
  /// > 0: listen for an engine's live recording on 127.0.0.1 at this port (--listen).
  int listenPort = 0;
  /// The window's language (--lang); unset: the one picked in View > Language, else the
  /// system's (i18n/i18n.hpp). The command line's own output stays English.
  std::optional<Language> language;
};

/// Runs the window. Returns the process exit code.
int runGui(const GuiOptions& options);

struct CheckOptions;  // check/check_report.hpp

/// `satlab check SCENE [--json] [--all-pairs]`: evaluates the pairs without a display (see
/// check/check_report.hpp). Exit code 0 when evaluated, 1 when an expectation of the scene
/// is not met, 2 when the scene is invalid.
int runCheck(const std::string& scenePath, const CheckOptions& options, std::FILE* out, std::FILE* err);

}  // namespace satlab
