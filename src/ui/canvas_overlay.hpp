// Pictures drawn on the canvas itself, in screen space, over the view and under the panels
// (ImGui's background draw list): the explorer's key picture of the current step (the SAT
// intervals on a number line, Arvo's sum bar, the slab t line) in a corner of the part of the
// window the panels leave free, so that presentation mode keeps it when the panels are hidden.
//
// Sizes follow the window height (a 1080p projector gets larger text than a 720p one; in
// presentation mode text is at least kCanvasPresentationText of the window height); colours
// are the current theme's panel colours (render/palette.hpp), drawn on the panel background,
// against which docs/contrast.md checks them, so both themes read.
#pragma once

#include "render/label_layout.hpp"
#include "render/vector_figure.hpp"

#include <imgui.h>
#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

/// Width and height of a screen rectangle (render/label_layout.hpp: [lo, hi], here in window
/// pixels, ImGui's coordinates: origin top left, y down).
inline float rectWidth(const ScreenRect& r) { return r.hi.x - r.lo.x; }
inline float rectHeight(const ScreenRect& r) { return r.hi.y - r.lo.y; }

/// Text height of the canvas pictures, as a fraction of the window height.
inline constexpr float kCanvasPresentationText = 0.032f;  // presentation: readable at 10 m
inline constexpr float kCanvasEverydayText = 0.022f;

/// The look of a canvas picture: sizes in window pixels, colours for the current theme.
struct CanvasStyle {
  float text = 15.0f;  // font size
  float pad = 8.0f;    // inner margin
  float line = 2.0f;   // line width
  float bar = 10.0f;   // thickness of an interval bar
  bool light = false;  // a light theme (dark ink on a light backing)
  ImU32 backing = 0;   // the picture's background
  ImU32 border = 0;
  ImU32 ink = 0;       // text and the number line
  ImU32 dim = 0;       // ticks, scale numbers, steps not reached yet
  ImU32 gap = 0;       // a gap (solid) ...
  ImU32 overlap = 0;   // ... and an overlap (dashed), each with its word
  ImU32 axis[3] = {};  // X, Y, Z (slab rows, Arvo's contributions)
  ImU32 marker = 0;    // r², the running interval
  /// The style for a window `windowHeight` pixels high, in the current theme's colours.
  static CanvasStyle current(float windowHeight, bool presentation);
  /// The style for drawing a picture inside a panel: the panel's own text size.
  static CanvasStyle inPanel();
  /// `rgb` (a shape's colour) as ink that reads on the backing: WCAG 3:1 for lines and bars,
  /// 4.5:1 for text.
  ImU32 legible(const glm::vec3& rgb) const;
  ImU32 legibleText(const glm::vec3& rgb) const;
};

/// Places a picture of `size` in the bottom-right corner of `area`, `margin` from its edges,
/// shrunk to fit the area when it is larger.
ScreenRect placeBottomRight(const ScreenRect& area, glm::vec2 size, float margin);

/// Maps the values [lo, hi] onto pixels [x0, x1]; values beyond are clamped to the ends.
struct NumberScale {
  float lo = 0.0f, hi = 1.0f, x0 = 0.0f, x1 = 1.0f;
  float x(float v) const;
  /// A round tick spacing giving about `count` ticks over [lo, hi] (1, 2 or 5 times 10^k).
  float tickStep(int count) const;
};

/// Drawing on a draw list in a canvas style. Every picture draws through these calls alone,
/// so that with a `recorder` (a figure for slides, docs/figures.md) what it draws is recorded
/// there too, as vector shapes.
class CanvasPainter {
 public:
  CanvasPainter(ImDrawList* list, const CanvasStyle& style, VectorFigure* recorder = nullptr)
      : dl_(list), st_(style), rec_(recorder) {}
  const CanvasStyle& style() const { return st_; }

  /// The picture's backing: a rounded, nearly opaque rectangle with a border.
  void backing(const ScreenRect& r) const;
  /// Text with its top-left at `at`, `scale` times the style's size; returns its width.
  float text(glm::vec2 at, ImU32 color, const std::string& s, float scale = 1.0f) const;
  /// Text centred on x.
  void textCentred(float x, float y, ImU32 color, const std::string& s, float scale = 1.0f) const;
  glm::vec2 measure(const std::string& s, float scale = 1.0f) const;
  /// A horizontal bar from x0 to x1 centred on y, at least as long as it is thick (a point
  /// shows as a square).
  void bar(float x0, float x1, float y, float thickness, ImU32 color) const;
  /// A bar over [a, b] on `scale`, with an arrowhead at an end that runs off the scale.
  void barOn(const NumberScale& scale, float a, float b, float y, float thickness, ImU32 color) const;
  /// A bar's outline only, dashed: for an overlap, told apart from a gap by more than colour.
  void dashedBox(float x0, float x1, float y0, float y1, ImU32 color) const;
  void line(glm::vec2 a, glm::vec2 b, ImU32 color, float width) const;
  /// A filled rectangle, and a rectangle's outline `width` wide.
  void rectFilled(glm::vec2 lo, glm::vec2 hi, ImU32 color) const;
  void rectOutline(glm::vec2 lo, glm::vec2 hi, ImU32 color, float width) const;
  /// Straight lines through `points` in turn (a plot's curve).
  void polyline(const std::vector<glm::vec2>& points, ImU32 color, float width) const;
  /// A filled triangle.
  void triangle(glm::vec2 a, glm::vec2 b, glm::vec2 c, ImU32 color) const;
  /// Cuts what follows to `r` until popClip.
  void pushClip(const ScreenRect& r) const;
  void popClip() const;
  /// The number line of `scale` at height y, with round ticks and their values below.
  void numberLine(const NumberScale& scale, float y, int ticks) const;

 private:
  ImDrawList* dl_;
  CanvasStyle st_;
  VectorFigure* rec_;
};

}  // namespace satlab
