// File > Export figure... (Ctrl+F12): a figure of the view for slides (docs/figures.md). The
// file's name says its format (.png or .svg; the format buttons change the extension), then
// the scale (1x to 4x the window), the background, whether the selection's halo and the
// explorer's picture are in it, and "every step": one file per explorer step beside the
// named one (NAME-step-01.png ...). A modal ImGui popup, drawn every frame while open.
#pragma once

#include "i18n/i18n.hpp"
#include "render/figure_options.hpp"

#include <optional>
#include <string>

namespace satlab {

/// The dialog's id; its window is dialogName(kFigureDialog) (ui/dialogs.hpp): this in English.
inline constexpr const char* kFigureDialog = N_("Export figure");

/// What the dialog shows about the view.
struct FigureDialogView {
  float windowWidth = 1280.0f, windowHeight = 720.0f;  ///< the window's pixels
  int steps = 0;                                       ///< the explorer's steps; 0: no pair with steps is focused
  bool hasPicture = false;                             ///< the explorer draws a picture of the step
  bool twoD = false;                                   ///< the scene's view is the 2D one (what SVG holds)
};

class FigureDialog {
 public:
  struct Request {
    std::string path;
    FigureOptions options;
    bool everyStep = false;
  };

  /// Opens the dialog; the file proposed is the last one chosen, else `proposal`.
  void open(const std::string& proposal);
  /// Opened and not yet closed (draw is then worth its view).
  bool shown() const;
  /// Every frame: the dialog while it is open; the request once Export (or Enter) is chosen.
  std::optional<Request> draw(const FigureDialogView& view);

 private:
  bool openNow_ = false;
  std::string path_;
  FigureOptions options_;
  bool everyStep_ = false;
};

}  // namespace satlab
