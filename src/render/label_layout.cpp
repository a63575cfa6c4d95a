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

bool LabelPlacer::isFree(const Rect& r) const {
  int x0, y0, x1, y1;
  cellRange(r, x0, y0, x1, y1);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      for (int i : grid_[static_cast<size_t>(y * cols_ + x)]) {
        const Rect& o = placed_[static_cast<size_t>(i)];
        if (r.lo.x < o.hi.x && o.lo.x < r.hi.x && r.lo.y < o.hi.y && o.lo.y < r.hi.y) return false;
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

namespace {

bool finite2(const glm::vec2& v) { return std::isfinite(v.x) && std::isfinite(v.y); }

}  // namespace

void LabelPlacer::place(std::vector<LabelBox>& boxes, const glm::vec2& viewSize, float gap, int maxVisible) {
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

  order_.resize(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) order_[i] = static_cast<int>(i);
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return boxes[static_cast<size_t>(a)].priority > boxes[static_cast<size_t>(b)].priority;
  });

  // Candidate offsets from the preferred spot, in units of (half width, height + gap).
  static constexpr float kNudges[][2] = {{0, 0}, {0, -1}, {0, 1},   {1, 0}, {-1, 0}, {0, -2},
                                         {0, 2}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}, {0, -3}};
  int visible = 0;
  for (int index : order_) {
    LabelBox& b = boxes[static_cast<size_t>(index)];
    b.visible = false;
    if (visible >= maxVisible) continue;
    // NaN compares false with everything: such an anchor (or size) would pass the view test.
    if (!finite2(b.anchor) || !finite2(b.size) || !(b.size.x >= 0.0f) || !(b.size.y >= 0.0f)) continue;
    if (b.anchor.x < 0.0f || b.anchor.y < 0.0f || b.anchor.x > viewSize.x || b.anchor.y > viewSize.y) continue;
    const glm::vec2 preferred(b.anchor.x - b.size.x * 0.5f, b.anchor.y - b.size.y - gap);
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
      ++visible;
      break;
    }
  }
}

}  // namespace satlab
