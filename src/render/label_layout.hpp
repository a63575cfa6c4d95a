// Greedy placement of screen-space labels so that they do not overlap each other nor the
// rectangles they must keep clear of (panels, the gizmo's handles). Pure geometry in pixels
// (x right, y down); no GL and no ImGui, so it is tested without a display.
#pragma once

#include <glm/glm.hpp>

#include <vector>

namespace satlab {

/// An axis-aligned rectangle of the screen, [lo, hi], in the placer's pixels.
struct ScreenRect {
  glm::vec2 lo{0.0f};
  glm::vec2 hi{0.0f};
};

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
  /// At most this many blocked rectangles are kept (the rest are ignored): the work and the
  /// lookup grid's memory stay bounded whatever the caller passes.
  static constexpr size_t kMaxBlocked = 1024;

  /// Places `boxes` in order of priority (ties keep their order). Each label tries its
  /// preferred spot centred above the anchor, then spots nudged up, down, left and right
  /// by a label's height or a quarter or half of its width (the nudge), and takes the first spot that
  /// overlaps no placed label and no rectangle of `blocked` (`gap` pixels kept from
  /// both). A label whose anchor lies under a blocked rectangle (the thing labelled is
  /// behind a panel) moves to the nearest spot just outside that rectangle's sides, with
  /// the same nudges around it; when none is free it is hidden. Labels are kept inside
  /// [0, viewSize]; anchors outside the view are not labelled; at most `maxVisible`
  /// labels are placed. Reuses its storage: no allocation once warm.
  /// Hostile input is safe: an anchor or size that is not finite (or a negative size) is not
  /// placed; a blocked rectangle that is not finite is ignored, one given with lo > hi is
  /// taken as the rectangle between its corners; a view that is not a finite positive size
  /// places nothing; the lookup grid has at most 256 x 256 cells whatever the view's size.
  /// Placed rectangles are finite.
  void place(std::vector<LabelBox>& boxes, const glm::vec2& viewSize, float gap, int maxVisible,
             const std::vector<ScreenRect>& blocked = {});

 private:
  using Rect = ScreenRect;
  bool isFree(const Rect& r) const;
  void insert(const Rect& r);
  void cellRange(const Rect& r, int& x0, int& y0, int& x1, int& y1) const;
  /// Tries the nudges around `preferred`; on success places the label there.
  bool tryAround(LabelBox& b, const glm::vec2& preferred, const glm::vec2& viewSize, float gap);

  float cell_ = 64.0f;
  int cols_ = 0, rows_ = 0;
  std::vector<std::vector<int>> grid_;  // per cell: indices into placed_
  std::vector<Rect> placed_;            // blocked rectangles (grown by the gap), then labels
  std::vector<Rect> large_;             // blocked rectangles over many cells, tested one by one
  std::vector<Rect> blocked_;           // the valid blocked rectangles, as given
  std::vector<int> order_;
  struct Escape {
    float distance;
    glm::vec2 preferred;
  };
  std::vector<Escape> escapes_;
};

}  // namespace satlab
