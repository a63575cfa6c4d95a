// Look and feel: the everyday dark theme and the presentation mode for projectors (larger
// UI and text, a light high-contrast theme, thicker lines and bigger labels). The colours of
// both themes are in render/palette.hpp and meet WCAG contrast (docs/contrast.md).
#pragma once

#include "render/palette.hpp"

#include <imgui.h>

#include <vector>

namespace satlab {

struct Theme {
  bool presentation = false;
  float uiScale = 1.0f;    // the window's content scale (HiDPI)
  float lineScale = 1.0f;  // multiplies every line width in the view (at kLineScaleHeightPx)
  float clear[3] = {0.13f, 0.14f, 0.16f};
  bool lightBackground = false;
  /// The theme's colours: the view's, the gizmo's, the explorers' (view and panel).
  const Palette* palette = &darkPalette();

  /// Framebuffer pixels per logical pixel for the view's lines (RenderSettings::pixelScale)
  /// in a view `fbHeightPx` tall on a screen of content scale `contentScale`. Presentation
  /// mode scales with the height, so that a line is as thick a part of the projected
  /// picture at 1080 rows as at 720 (lineScale at kLineScaleHeightPx rows); the everyday
  /// theme keeps lines as thin as the screen's own scale.
  float linePixelScale(float contentScale, float fbHeightPx) const;
};

/// The window height at which presentation lines are lineScale times the everyday ones.
inline constexpr float kLineScaleHeightPx = 720.0f;

/// Loads the UI fonts (DejaVu Sans when installed, else ImGui's own, with a CJK font merged
/// in: ui/font_atlas.hpp) at the content scale: one for everyday use and one 1.75 times
/// larger for presentation mode. Call once, before the first frame.
void loadThemeFonts(float contentScale);

/// Applies the theme to ImGui's style and default font; returns what the view needs.
Theme applyTheme(bool presentation, float contentScale);

/// Presentation mode's UI size relative to the everyday one.
inline constexpr float kPresentationScale = 1.75f;

/// The palette of the theme applyTheme applied last (the dark one before any): the colours
/// the gizmo and the explorers draw with, like ImGui's own style, global to the UI.
const Palette& currentPalette();

/// While it lives, currentPalette() is `palette`: a figure for slides drawn on another
/// background than the theme's (docs/figures.md; a dark view exported on white takes the
/// light palette, so that its overlays and picture read on the slide).
class PaletteOverride {
 public:
  explicit PaletteOverride(const Palette& palette);
  ~PaletteOverride();
  PaletteOverride(const PaletteOverride&) = delete;
  PaletteOverride& operator=(const PaletteOverride&) = delete;

 private:
  const Palette* previous_;
};

/// `color` as text that reads (4.5:1, WCAG) on the current style's `background` colour
/// (ImGuiCol_WindowBg for panels, ImGuiCol_MenuBarBg for the menu bar): unchanged when it
/// already does, else darkened (light theme) or lightened (dark theme) just enough. For
/// the few status colours the panels print (OVERLAP, expectations met / not met, warnings).
ImVec4 readableText(const glm::vec4& color, ImGuiCol background = ImGuiCol_WindowBg);

/// ImGui's style colours for the theme, before any scaling (applyTheme applies them).
ImGuiStyle themeStyle(bool presentation);

/// The style's text and widget colours against what they are drawn on (window, buttons,
/// headers, title and menu bars, tables; composited over the view background), for the
/// contrast table beside paletteChecks. Needs no ImGui context.
std::vector<ContrastCheck> themeChecks(bool presentation);

}  // namespace satlab
