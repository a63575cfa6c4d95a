// Look and feel: the everyday dark theme and the presentation mode for projectors (larger
// UI and text, a light high-contrast theme, thicker lines and bigger labels).
#pragma once

namespace satlab {

struct Theme {
  bool presentation = false;
  float uiScale = 1.0f;    // the window's content scale (HiDPI)
  float lineScale = 1.0f;  // multiplies every line width in the view
  float clear[3] = {0.13f, 0.14f, 0.16f};
  bool lightBackground = false;
};

/// Loads the UI fonts (DejaVu Sans when installed, else ImGui's own) at the content scale:
/// one for everyday use and one 1.75 times larger for presentation mode. Call once, before
/// the first frame.
void loadThemeFonts(float contentScale);

/// Applies the theme to ImGui's style and default font; returns what the view needs.
Theme applyTheme(bool presentation, float contentScale);

/// Presentation mode's UI size relative to the everyday one.
inline constexpr float kPresentationScale = 1.75f;

}  // namespace satlab
