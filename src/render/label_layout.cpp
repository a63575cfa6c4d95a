#include "render/label_layout.hpp"

#include <algorithm>
#include <cmath>

namespace satlab {

void LabelPlacer::cellRange(const Rect& r, int& x0, int& y0, int& x1, int& y1) const {
  // Clamped as floats first: converting a float beyond int's range to int is undefined.
  auto cell = [&](float v, int count) {
    return static_cast<int>(std::clamp(std::floor(v / cell_), 0.0f, static_cast<float>(count - 1)));
  };
  x0 = cell(r.lo.x, cols_);
  y0 = cell(r.lo.y, rows_);
  x1 = cell(r.hi.x, cols_);
  y1 = cell(r.hi.y, rows_);
}

namespace {

bool intersects(const ScreenRect& a, const ScreenRect& b) {
  return a.lo.x < b.hi.x && b.lo.x < a.hi.x && a.lo.y < b.hi.y && b.lo.y < a.hi.y;
}

bool contains(const ScreenRect& r, const glm::vec2& p) {
  return p.x > r.lo.x && p.x < r.hi.x && p.y > r.lo.y && p.y < r.hi.y;
}

bool finite2(const glm::vec2& v) { return std::isfinite(v.x) && std::isfinite(v.y); }

/// Blocked rectangles over more cells than this are tested one by one instead of being
/// entered in every cell they cover (a full-height panel would fill a column of cells).
constexpr int kLargeCells = 16;

}  // namespace

bool LabelPlacer::isFree(const Rect& r) const {
  for (const Rect& o : large_) {
    if (intersects(r, o)) return false;
  }
  int x0, y0, x1, y1;
  cellRange(r, x0, y0, x1, y1);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      for (int i : grid_[static_cast<size_t>(y * cols_ + x)]) {
        if (intersects(r, placed_[static_cast<size_t>(i)])) return false;
      }
    }
  }
  return true;
}

void LabelPlacer::insert(const Rect& r) {
  const int index = static_cast<int>(placed_.size());
  placed_.push_back(r);
  int x0, y0, x1, y1;
  cellRange(r, x0, y0, x1, y1);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) grid_[static_cast<size_t>(y * cols_ + x)].push_back(index);
  }
}

bool LabelPlacer::tryAround(LabelBox& b, const glm::vec2& preferred, const glm::vec2& viewSize, float gap) {
  // Candidate offsets from the preferred spot, in units of (half width, height + gap), about
  // nearest first. The half steps sideways let a label slide into a gap between two panels
  // narrower than twice its width.
  static constexpr float kNudges[][2] = {{0, 0},  {0, -1},    {0, 1},      {0.5f, 0}, {-0.5f, 0}, {1, 0},
                                         {-1, 0}, {0.5f, -1}, {-0.5f, -1}, {0.5f, 1}, {-0.5f, 1}, {0, -2},
                                         {0, 2},  {1, -1},    {-1, -1},    {1, 1},    {-1, 1},    {0, -3}};
  const glm::vec2 step(b.size.x * 0.5f + gap, b.size.y + gap);
  for (const auto& n : kNudges) {
    glm::vec2 p = preferred + glm::vec2(n[0], n[1]) * step;
    p = glm::clamp(p, glm::vec2(0.0f), glm::max(viewSize - b.size, glm::vec2(0.0f)));
    // The gap is kept on every side by growing the rectangle tested, not the one drawn.
    const Rect test{p - glm::vec2(gap * 0.5f), p + b.size + glm::vec2(gap * 0.5f)};
    if (!isFree(test)) continue;
    insert(test);
    b.pos = p;
    b.visible = true;
    return true;
  }
  return false;
}

void LabelPlacer::place(std::vector<LabelBox>& boxes, const glm::vec2& viewSize, float gap, int maxVisible,
                        const std::vector<ScreenRect>& blocked) {
  for (LabelBox& b : boxes) b.visible = false;
  // A view that is not a finite, positive size has no room for anything.
  if (!finite2(viewSize) || !(viewSize.x > 0.0f) || !(viewSize.y > 0.0f) || !std::isfinite(gap)) return;
  gap = std::clamp(gap, 0.0f, 1000.0f);
  // At most kMaxCells cells a side, whatever the view's size: the grid's memory is bounded.
  constexpr float kMaxCells = 256.0f;
  cell_ = std::max({64.0f, viewSize.x / kMaxCells, viewSize.y / kMaxCells});
  cols_ = std::clamp(static_cast<int>(std::ceil(std::min(viewSize.x / cell_, kMaxCells))), 1, 256);
  rows_ = std::clamp(static_cast<int>(std::ceil(std::min(viewSize.y / cell_, kMaxCells))), 1, 256);
  const size_t cells = static_cast<size_t>(cols_) * static_cast<size_t>(rows_);
  if (grid_.size() < cells) grid_.resize(cells);
  for (auto& c : grid_) c.clear();
  placed_.clear();
  large_.clear();
  blocked_.clear();

  // The blocked rectangles, cut to the view (a label never leaves it) and grown by half the
  // gap, as placed labels are, so that the gap is kept between a label and a panel too.
  const Rect view{glm::vec2(0.0f), viewSize};
  for (const ScreenRect& given : blocked) {
    if (blocked_.size() >= kMaxBlocked) break;
    if (!finite2(given.lo) || !finite2(given.hi)) continue;
    Rect r{glm::min(given.lo, given.hi), glm::max(given.lo, given.hi)};
    if (!(r.lo.x < r.hi.x) || !(r.lo.y < r.hi.y) || !intersects(r, view)) continue;
    blocked_.push_back(r);
    r.lo = glm::max(r.lo, glm::vec2(0.0f)) - glm::vec2(gap * 0.5f);
    r.hi = glm::min(r.hi, viewSize) + glm::vec2(gap * 0.5f);
    int x0, y0, x1, y1;
    cellRange(r, x0, y0, x1, y1);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > kLargeCells) {
      large_.push_back(r);
    } else {
      insert(r);
    }
  }

  order_.resize(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) order_[i] = static_cast<int>(i);
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return boxes[static_cast<size_t>(a)].priority > boxes[static_cast<size_t>(b)].priority;
  });

  int visible = 0;
  for (int index : order_) {
    LabelBox& b = boxes[static_cast<size_t>(index)];
    b.visible = false;
    if (visible >= maxVisible) continue;
    // NaN compares false with everything: such an anchor (or size) would pass the view test.
    if (!finite2(b.anchor) || !finite2(b.size) || !(b.size.x >= 0.0f) || !(b.size.y >= 0.0f)) continue;
    if (b.anchor.x < 0.0f || b.anchor.y < 0.0f || b.anchor.x > viewSize.x || b.anchor.y > viewSize.y) continue;
    // What is labelled lies behind a panel: the label waits just outside the panel's
    // nearest side, level with the anchor (or above or below it, centred), and is hidden
    // when there is no room there.
    escapes_.clear();
    for (const Rect& r : blocked_) {
      if (!contains(r, b.anchor)) continue;
      const glm::vec2 a = b.anchor, s = b.size;
      escapes_.push_back({a.x - r.lo.x, {r.lo.x - gap - s.x, a.y - s.y * 0.5f}});
      escapes_.push_back({r.hi.x - a.x, {r.hi.x + gap, a.y - s.y * 0.5f}});
      escapes_.push_back({a.y - r.lo.y, {a.x - s.x * 0.5f, r.lo.y - gap - s.y}});
      escapes_.push_back({r.hi.y - a.y, {a.x - s.x * 0.5f, r.hi.y + gap}});
    }
    if (!escapes_.empty()) {
      std::stable_sort(escapes_.begin(), escapes_.end(),
                       [](const Escape& x, const Escape& y) { return x.distance < y.distance; });
      for (const Escape& e : escapes_) {
        if (tryAround(b, e.preferred, viewSize, gap)) break;
      }
    } else {
      tryAround(b, glm::vec2(b.anchor.x - b.size.x * 0.5f, b.anchor.y - b.size.y - gap), viewSize, gap);
    }
    if (b.visible) ++visible;
  }
}

}  // namespace satlab
