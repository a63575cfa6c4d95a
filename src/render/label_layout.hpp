// Greedy placement of screen-space labels so that they do not overlap. Pure geometry in
// pixels (x right, y down); no GL and no ImGui, so it is tested without a display.
#pragma once

#include <glm/glm.hpp>

#include <vector>

namespace satlab {

struct LabelBox {
  glm::vec2 anchor{0.0f};  ///< the point labelled; the label sits centred just above it
  glm::vec2 size{0.0f};    ///< the label's rectangle, backing included
  int priority = 0;        ///< higher is placed first (selected > hovered > others)
  // Results of LabelPlacer::place:
  glm::vec2 pos{0.0f};   ///< top-left corner of the placed rectangle
  bool visible = false;  ///< false when no free spot was found (or the cap was reached)
};

class LabelPlacer {
 public:
  /// Places `boxes` in order of priority (ties keep their order). Each label tries its
  /// preferred spot centred above the anchor, then spots nudged up, down, left and right
  /// by a label's height or half width (the nudge), and takes the first spot that
  /// overlaps no placed label by more than nothing (`gap` pixels kept between labels).
  /// Labels are kept inside [0, viewSize]; anchors outside the view are not labelled; at
  /// most `maxVisible` labels are placed. Reuses its storage: no allocation once warm.
  /// Hostile input is safe: an anchor or size that is not finite (or a negative size) is not
  /// placed; a view that is not a finite positive size places nothing; the lookup grid has
  /// at most 256 x 256 cells whatever the view's size. Placed rectangles are finite.
  void place(std::vector<LabelBox>& boxes, const glm::vec2& viewSize, float gap, int maxVisible);

 private:
  struct Rect {
    glm::vec2 lo, hi;
  };
  bool isFree(const Rect& r) const;
  void insert(const Rect& r);
  void cellRange(const Rect& r, int& x0, int& y0, int& x1, int& y1) const;

  float cell_ = 64.0f;
  int cols_ = 0, rows_ = 0;
  std::vector<std::vector<int>> grid_;  // per cell: indices into placed_
  std::vector<Rect> placed_;
  std::vector<int> order_;
};

}  // namespace satlab
