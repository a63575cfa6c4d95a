// What a figure for slides is asked for (docs/figures.md): its format, chosen by the file's
// extension, its scale, background and what it shows; and the names of the files "every
// step" writes. Pure: no GL, no ImGui.
#pragma once

#include <glm/glm.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

enum class FigureFormat { Png, Svg };

enum class FigureBackground {
  Theme,        ///< the view's own, as on screen
  White,        ///< white, for a light slide (the view's colours chosen for a light background)
  Dark,         ///< the dark theme's background
  Transparent,  ///< none: a PNG with alpha, an SVG without a background rectangle
};

/// Figures are at most this many times the window's pixels.
inline constexpr int kMaxFigureScale = 4;

struct FigureOptions {
  int scale = 1;  ///< figure pixels per window pixel, 1 to kMaxFigureScale
  FigureBackground background = FigureBackground::Theme;
  bool selection = false;  ///< the selection's halo and brightness, as on screen
  bool picture = true;     ///< the explorer's picture of the step (number line, Arvo's bar, ...), when there is one
};

/// The format a file name asks for by its extension (".png", ".svg", any case); nullopt for
/// any other.
std::optional<FigureFormat> figureFormatOf(std::string_view path);

/// `path` with its extension made the format's (".png" or ".svg"); a name without one gets it.
std::string withFigureExtension(const std::string& path, FigureFormat format);

/// "white", "dark" or "transparent" (as written on the command line); nullopt for anything else.
std::optional<FigureBackground> figureBackgroundNamed(std::string_view name);
const char* figureBackgroundName(FigureBackground background);

/// The colour a figure is cleared to: `theme` (the view's background) for Theme and
/// Transparent (whose alpha is then 0), white, or the dark theme's background.
glm::vec4 figureBackgroundColor(FigureBackground background, const glm::vec3& theme);

/// The file of step `step` (1-based) of `count` when every step is written: beside `path`,
/// its name with "-step-" and the step, zero-padded to at least two digits (as many as
/// `count` has): "out/fig.svg", 3 of 15 -> "out/fig-step-03.svg".
std::string figureStepPath(const std::string& path, int step, int count);

}  // namespace satlab
