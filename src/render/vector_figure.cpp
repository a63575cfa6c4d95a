#include "render/vector_figure.hpp"

#include <cmath>
#include <utility>

namespace satlab {

namespace {

bool finite(glm::vec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

}  // namespace

bool VectorFigure::keep(const glm::vec4& color) const { return color.a > 0.0f && std::isfinite(color.a); }

void VectorFigure::beginGroup(std::string_view id) {
  VectorItem it;
  it.kind = VectorItem::Kind::GroupBegin;
  it.text.assign(id.data(), id.size());
  items_.push_back(std::move(it));
}

void VectorFigure::endGroup() {
  VectorItem it;
  it.kind = VectorItem::Kind::GroupEnd;
  items_.push_back(std::move(it));
}

void VectorFigure::line(glm::vec2 a, glm::vec2 b, const glm::vec4& color, float width, float dash, bool roundCaps) {
  if (!keep(color) || !finite(a) || !finite(b) || !(width > 0.0f) || !std::isfinite(width)) return;
  VectorItem it;
  it.kind = VectorItem::Kind::Line;
  it.a = a;
  it.b = b;
  it.stroke = color;
  it.width = width;
  it.dash = std::isfinite(dash) && dash > 0.0f ? dash : 0.0f;
  it.roundCaps = roundCaps;
  items_.push_back(std::move(it));
}

void VectorFigure::polygon(std::vector<glm::vec2> points, const glm::vec4& fill) {
  if (!keep(fill) || points.size() < 3) return;
  for (const glm::vec2& p : points) {
    if (!finite(p)) return;
  }
  VectorItem it;
  it.kind = VectorItem::Kind::Polygon;
  it.points = std::move(points);
  it.fill = fill;
  items_.push_back(std::move(it));
}

void VectorFigure::dot(glm::vec2 center, float radius, const glm::vec4& fill) {
  if (!keep(fill) || !finite(center) || !(radius > 0.0f) || !std::isfinite(radius)) return;
  VectorItem it;
  it.kind = VectorItem::Kind::Dot;
  it.a = center;
  it.radius = radius;
  it.fill = fill;
  items_.push_back(std::move(it));
}

void VectorFigure::rect(glm::vec2 lo, glm::vec2 hi, const glm::vec4& fill, float rounding) {
  if (!keep(fill) || !finite(lo) || !finite(hi)) return;
  VectorItem it;
  it.kind = VectorItem::Kind::Rect;
  it.a = glm::min(lo, hi);
  it.b = glm::max(lo, hi);
  it.fill = fill;
  it.radius = std::isfinite(rounding) && rounding > 0.0f ? rounding : 0.0f;
  items_.push_back(std::move(it));
}

void VectorFigure::rectOutline(glm::vec2 lo, glm::vec2 hi, const glm::vec4& stroke, float width, float rounding) {
  if (!keep(stroke) || !finite(lo) || !finite(hi) || !(width > 0.0f) || !std::isfinite(width)) return;
  VectorItem it;
  it.kind = VectorItem::Kind::Rect;
  it.a = glm::min(lo, hi);
  it.b = glm::max(lo, hi);
  it.stroke = stroke;
  it.width = width;
  it.radius = std::isfinite(rounding) && rounding > 0.0f ? rounding : 0.0f;
  items_.push_back(std::move(it));
}

void VectorFigure::text(glm::vec2 topLeft, float size, float ascent, const glm::vec4& color, std::string_view text,
                        float width) {
  if (!keep(color) || !finite(topLeft) || !(size > 0.0f) || !std::isfinite(size) || text.empty()) return;
  VectorItem it;
  it.kind = VectorItem::Kind::Text;
  it.a = topLeft;
  it.size = size;
  it.ascent = std::isfinite(ascent) ? ascent : size * 0.8f;
  it.fill = color;
  it.width = std::isfinite(width) && width > 0.0f ? width : 0.0f;
  it.text.assign(text.data(), text.size());
  items_.push_back(std::move(it));
}

void VectorFigure::pushClip(glm::vec2 lo, glm::vec2 hi) {
  VectorItem it;
  it.kind = VectorItem::Kind::ClipBegin;
  it.a = finite(lo) ? lo : glm::vec2(0.0f);
  it.b = finite(hi) ? hi : size_;
  items_.push_back(std::move(it));
}

void VectorFigure::popClip() {
  VectorItem it;
  it.kind = VectorItem::Kind::ClipEnd;
  items_.push_back(std::move(it));
}

VectorCounts VectorFigure::counts() const {
  VectorCounts c;
  for (const VectorItem& it : items_) {
    switch (it.kind) {
      case VectorItem::Kind::Line: ++c.lines; break;
      case VectorItem::Kind::Polygon: ++c.polygons; break;
      case VectorItem::Kind::Dot: ++c.dots; break;
      case VectorItem::Kind::Rect: ++c.rects; break;
      case VectorItem::Kind::Text: ++c.texts; break;
      default: break;
    }
  }
  return c;
}

}  // namespace satlab
