// Figures for slides written to files (docs/figures.md): one figure of the step shown or of
// a chosen step, or one per explorer step, as PNG or SVG, for File > Export figure... and for
// `satlab SCENE --figure OUT.svg|OUT.png`. The drawing is SceneView::drawFigure's.
#pragma once

#include "scene_view.hpp"

#include "document/atomic_file.hpp"
#include "document/scene.hpp"
#include "render/figure_options.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

struct FigureRequest {
  std::string path;  ///< the file; with everyStep, each step's file is beside it (figureStepPath)
  FigureOptions options;
  int step = 0;                           ///< 0: the step shown; N: the explorer's step N (1-based)
  bool everyStep = false;                 ///< one figure per step of the explorer
  glm::vec2 windowSize{1280.0f, 720.0f};  ///< the window the figure is laid out as
};

struct FigureOutcome {
  bool ok = false;
  /// Not written because the request cannot be met as asked (no such step, a file name that
  /// is neither .png nor .svg, a size this OpenGL cannot render): on the command line a
  /// usage error (exit code 2); else writing failed (exit code 1).
  bool refused = false;
  std::string error;
  std::vector<std::string> written;  ///< the files, in step order
  /// For a command line's output and tests, one line per fact: "wrote F (1280x720 SVG: ...)",
  /// then each figure's "figure F: shape A at x,y" and "figure F: picture at x0,y0 to x1,y1"
  /// (figure pixels).
  std::vector<std::string> report;
};

/// Draws and writes what `request` asks, inside the ImGui frame (SceneView::drawFigure), the
/// explorer's step put back as it was. Files go through writeFileAtomically (`nonRegular` as
/// there), a missing folder is made; the first failure stops and is the outcome's error.
FigureOutcome exportFigures(SceneView& view, const Scene& scene, const FigureRequest& request,
                            NonRegularTarget nonRegular);

}  // namespace satlab
