// A figure as vector shapes: what one drawing of the view and of the canvas pictures put on
// the screen, recorded at the same calls that draw it (docs/figures.md), in the figure's
// pixels (origin top left, y down). The scene renderer hands it every batch's primitives just
// before they go to OpenGL, projected with the same matrices (vector_projection.hpp); the label
// layer and the canvas pictures' painter hand it what they give ImGui's draw lists, scaled from
// ImGui's window units by uiScale. svg_writer.hpp writes it out. Pure data: no GL, no ImGui.
#pragma once

#include <glm/glm.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

struct VectorItem {
  enum class Kind {
    Line,        ///< a to b, `width` thick, round caps (or flat, `roundCaps` false); `dash`: period, on then off
    Polygon,     ///< `points`, filled with `fill`
    Dot,         ///< a disc at a, `radius`, filled
    Rect,        ///< a (top left) to b, filled with `fill` and/or outlined with `stroke`, corners `radius`
    Text,        ///< `text` with its top left at a, `size` high, baseline `ascent` below a, in `fill`, `width` wide
    GroupBegin,  ///< a named part of the figure (`text`: its id)
    GroupEnd,
    ClipBegin,  ///< what follows is cut to the rectangle a to b
    ClipEnd,
  };
  Kind kind = Kind::Line;
  glm::vec2 a{0.0f}, b{0.0f};
  std::vector<glm::vec2> points;
  glm::vec4 fill{0.0f};
  glm::vec4 stroke{0.0f};
  float width = 0.0f;
  float dash = 0.0f;
  float radius = 0.0f;
  float size = 0.0f;
  float ascent = 0.0f;
  bool roundCaps = true;
  std::string text;
};

/// Counts of what a figure holds, for reports and tests.
struct VectorCounts {
  std::size_t lines = 0, polygons = 0, dots = 0, rects = 0, texts = 0;
};

class VectorFigure {
 public:
  explicit VectorFigure(glm::vec2 sizePx) : size_(sizePx) {}
  glm::vec2 size() const { return size_; }

  /// Figure pixels per ImGui window unit: what ImGui-drawn parts (labels, canvas pictures)
  /// multiply their coordinates and sizes by (the figure's scale, 1x to 4x the window).
  float uiScale = 1.0f;
  glm::vec2 ui(glm::vec2 p) const { return p * uiScale; }

  void beginGroup(std::string_view id);
  void endGroup();
  /// Nothing is recorded for a colour that is fully transparent or a coordinate that is not finite.
  void line(glm::vec2 a, glm::vec2 b, const glm::vec4& color, float width, float dash = 0.0f, bool roundCaps = true);
  void polygon(std::vector<glm::vec2> points, const glm::vec4& fill);
  void dot(glm::vec2 center, float radius, const glm::vec4& fill);
  void rect(glm::vec2 lo, glm::vec2 hi, const glm::vec4& fill, float rounding = 0.0f);
  void rectOutline(glm::vec2 lo, glm::vec2 hi, const glm::vec4& stroke, float width, float rounding = 0.0f);
  /// `width`: how wide the screen's font draws it (0: unknown), so that the SVG's text takes
  /// the same room whatever font the viewer of the file has.
  void text(glm::vec2 topLeft, float size, float ascent, const glm::vec4& color, std::string_view text,
            float width = 0.0f);
  void pushClip(glm::vec2 lo, glm::vec2 hi);
  void popClip();

  const std::vector<VectorItem>& items() const { return items_; }
  VectorCounts counts() const;

 private:
  bool keep(const glm::vec4& color) const;
  glm::vec2 size_;
  std::vector<VectorItem> items_;
};

}  // namespace satlab
