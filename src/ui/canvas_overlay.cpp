#include "ui/canvas_overlay.hpp"

#include "render/contrast.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }
glm::vec4 rgba(ImU32 c) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  return glm::vec4(v.x, v.y, v.z, v.w);
}

/// The backing: the theme's panel background, nearly opaque (the panel colours below are
/// checked against it, docs/contrast.md).
glm::vec3 backingColor() { return glm::vec3(currentPalette().panelBackground); }

}  // namespace

CanvasStyle CanvasStyle::current(float windowHeight, bool presentation) {
  const Palette& pal = currentPalette();
  CanvasStyle s;
  const float h = std::isfinite(windowHeight) && windowHeight > 0.0f ? windowHeight : 720.0f;
  // A share of the window height, whatever the UI font: the picture keeps its proportions
  // from a 600-row window to a 1080-row projector.
  s.text = std::max(12.0f, h * (presentation ? kCanvasPresentationText : kCanvasEverydayText));
  s.pad = s.text * 0.5f;
  s.line = std::max(1.5f, s.text * 0.09f);
  s.bar = s.text * 0.55f;
  const glm::vec3 bg = backingColor();
  s.light = isLightBackground(bg);
  s.backing = u32(glm::vec4(bg, 0.95f));
  s.border = ImGui::GetColorU32(ImGuiCol_Border);
  s.ink = u32(pal.panelText);
  s.dim = u32(pal.panelDimText);
  s.gap = u32(pal.separates);
  s.overlap = u32(pal.penetrates);
  for (int k = 0; k < 3; ++k) s.axis[k] = u32(pal.panelAxis[k]);
  s.marker = u32(pal.panelMarker);
  return s;
}

CanvasStyle CanvasStyle::inPanel() {
  CanvasStyle s = current(720.0f, false);
  const float scale = ImGui::GetFontSize() / s.text;
  s.text *= scale;
  s.pad = 0.0f;  // the panel's own margins
  s.line = std::max(1.5f, s.line * scale);
  s.bar *= scale;
  return s;
}

ImU32 CanvasStyle::legible(const glm::vec3& color) const {
  return u32(legibleOn(glm::vec4(glm::clamp(color, glm::vec3(0.0f), glm::vec3(1.0f)), 1.0f), backingColor(),
                       kMinLineContrast));
}

ImU32 CanvasStyle::legibleText(const glm::vec3& color) const {
  return u32(legibleOn(glm::vec4(glm::clamp(color, glm::vec3(0.0f), glm::vec3(1.0f)), 1.0f), backingColor(),
                       kMinTextContrast));
}

ScreenRect placeBottomRight(const ScreenRect& area, glm::vec2 size, float margin) {
  const float w = std::max(0.0f, std::min(size.x, rectWidth(area) - 2.0f * margin));
  const float h = std::max(0.0f, std::min(size.y, rectHeight(area) - 2.0f * margin));
  ScreenRect r;
  r.hi = area.hi - glm::vec2(margin);
  r.lo = r.hi - glm::vec2(w, h);
  return r;
}

float NumberScale::x(float v) const {
  const float span = hi - lo;
  if (!(span > 0.0f) || !std::isfinite(v)) return 0.5f * (x0 + x1);
  const float t = std::clamp((v - lo) / span, 0.0f, 1.0f);
  return x0 + t * (x1 - x0);
}

float NumberScale::tickStep(int count) const {
  const float span = hi - lo;
  if (!(span > 0.0f) || !std::isfinite(span) || count <= 0) return 1.0f;
  const float raw = span / static_cast<float>(count);
  const float p = std::pow(10.0f, std::floor(std::log10(raw)));
  for (float m : {1.0f, 2.0f, 5.0f}) {
    if (m * p >= raw) return m * p;
  }
  return 10.0f * p;
}

void CanvasPainter::backing(const ScreenRect& r) const {
  dl_->AddRectFilled(ImVec2(r.lo.x, r.lo.y), ImVec2(r.hi.x, r.hi.y), st_.backing, st_.pad * 0.6f);
  dl_->AddRect(ImVec2(r.lo.x, r.lo.y), ImVec2(r.hi.x, r.hi.y), st_.border, st_.pad * 0.6f, 0, 1.0f);
  if (rec_ != nullptr) {
    const float s = rec_->uiScale;
    rec_->rect(rec_->ui(r.lo), rec_->ui(r.hi), rgba(st_.backing), st_.pad * 0.6f * s);
    rec_->rectOutline(rec_->ui(r.lo), rec_->ui(r.hi), rgba(st_.border), s, st_.pad * 0.6f * s);
  }
}

glm::vec2 CanvasPainter::measure(const std::string& s, float scale) const {
  const ImVec2 v = ImGui::GetFont()->CalcTextSizeA(st_.text * scale, 1e6f, 0.0f, s.c_str());
  return glm::vec2(v.x, v.y);
}

float CanvasPainter::text(glm::vec2 at, ImU32 color, const std::string& s, float scale) const {
  ImFont* font = ImGui::GetFont();
  dl_->AddText(font, st_.text * scale, ImVec2(at.x, at.y), color, s.c_str());
  if (rec_ != nullptr) {
    const float size = st_.text * scale;
    const float ascent = font->Ascent * size / std::max(font->FontSize, 1.0f);
    rec_->text(rec_->ui(at), size * rec_->uiScale, ascent * rec_->uiScale, rgba(color), s,
               measure(s, scale).x * rec_->uiScale);
  }
  return measure(s, scale).x;
}

void CanvasPainter::textCentred(float x, float y, ImU32 color, const std::string& s, float scale) const {
  text(glm::vec2(x - measure(s, scale).x * 0.5f, y), color, s, scale);
}

void CanvasPainter::bar(float x0, float x1, float y, float thickness, ImU32 color) const {
  if (x1 < x0) std::swap(x0, x1);
  // An interval of (nearly) zero length is a point: a square as tall as the bar, not a hairline.
  if (x1 - x0 < thickness) {
    const float mid = 0.5f * (x0 + x1);
    x0 = mid - 0.5f * thickness, x1 = mid + 0.5f * thickness;
  }
  rectFilled(glm::vec2(x0, y - thickness * 0.5f), glm::vec2(x1, y + thickness * 0.5f), color);
}

void CanvasPainter::barOn(const NumberScale& scale, float a, float b, float y, float thickness, ImU32 color) const {
  if (b < a) std::swap(a, b);
  const float x0 = scale.x(a), x1 = scale.x(b);
  bar(x0, x1, y, thickness, color);
  const float head = thickness * 0.9f;
  if (a < scale.lo) triangle(glm::vec2(x0 - head, y), glm::vec2(x0, y - head), glm::vec2(x0, y + head), color);
  if (b > scale.hi) triangle(glm::vec2(x1 + head, y), glm::vec2(x1, y + head), glm::vec2(x1, y - head), color);
}

void CanvasPainter::dashedBox(float x0, float x1, float y0, float y1, ImU32 color) const {
  if (x1 < x0) std::swap(x0, x1);
  const float dash = st_.text * 0.3f;
  for (float x = x0; x < x1; x += dash * 2.0f) {
    const float e = std::min(x + dash, x1);
    line(glm::vec2(x, y0), glm::vec2(e, y0), color, st_.line);
    line(glm::vec2(x, y1), glm::vec2(e, y1), color, st_.line);
  }
  line(glm::vec2(x0, y0), glm::vec2(x0, y1), color, st_.line);
  line(glm::vec2(x1, y0), glm::vec2(x1, y1), color, st_.line);
}

void CanvasPainter::line(glm::vec2 a, glm::vec2 b, ImU32 color, float width) const {
  dl_->AddLine(ImVec2(a.x, a.y), ImVec2(b.x, b.y), color, width);
  // ImGui's thick lines end square at their end points: flat caps.
  if (rec_ != nullptr) rec_->line(rec_->ui(a), rec_->ui(b), rgba(color), width * rec_->uiScale, 0.0f, false);
}

void CanvasPainter::rectFilled(glm::vec2 lo, glm::vec2 hi, ImU32 color) const {
  dl_->AddRectFilled(ImVec2(lo.x, lo.y), ImVec2(hi.x, hi.y), color);
  if (rec_ != nullptr) rec_->rect(rec_->ui(lo), rec_->ui(hi), rgba(color));
}

void CanvasPainter::rectOutline(glm::vec2 lo, glm::vec2 hi, ImU32 color, float width) const {
  dl_->AddRect(ImVec2(lo.x, lo.y), ImVec2(hi.x, hi.y), color, 0.0f, 0, width);
  if (rec_ != nullptr) rec_->rectOutline(rec_->ui(lo), rec_->ui(hi), rgba(color), width * rec_->uiScale);
}

void CanvasPainter::polyline(const std::vector<glm::vec2>& points, ImU32 color, float width) const {
  if (points.size() < 2) return;
  std::vector<ImVec2> pts;
  pts.reserve(points.size());
  for (const glm::vec2& q : points) pts.emplace_back(q.x, q.y);
  dl_->AddPolyline(pts.data(), static_cast<int>(pts.size()), color, 0, width);
  if (rec_ != nullptr) {
    for (size_t i = 1; i < points.size(); ++i) {
      rec_->line(rec_->ui(points[i - 1]), rec_->ui(points[i]), rgba(color), width * rec_->uiScale);
    }
  }
}

void CanvasPainter::triangle(glm::vec2 a, glm::vec2 b, glm::vec2 c, ImU32 color) const {
  dl_->AddTriangleFilled(ImVec2(a.x, a.y), ImVec2(b.x, b.y), ImVec2(c.x, c.y), color);
  if (rec_ != nullptr) rec_->polygon({rec_->ui(a), rec_->ui(b), rec_->ui(c)}, rgba(color));
}

void CanvasPainter::pushClip(const ScreenRect& r) const {
  dl_->PushClipRect(ImVec2(r.lo.x, r.lo.y), ImVec2(r.hi.x, r.hi.y), true);
  if (rec_ != nullptr) rec_->pushClip(rec_->ui(r.lo), rec_->ui(r.hi));
}

void CanvasPainter::popClip() const {
  dl_->PopClipRect();
  if (rec_ != nullptr) rec_->popClip();
}

void CanvasPainter::numberLine(const NumberScale& s, float y, int ticks) const {
  line(glm::vec2(s.x0, y), glm::vec2(s.x1, y), st_.dim, st_.line * 0.75f);
  const float step = s.tickStep(ticks);
  if (!(step > 0.0f)) return;
  const float first = std::ceil(s.lo / step) * step;
  char buf[32];
  for (int i = 0; i < 40; ++i) {
    const float v = first + static_cast<float>(i) * step;
    if (v > s.hi + step * 1e-3f) break;
    const float x = s.x(v);
    line(glm::vec2(x, y - st_.text * 0.2f), glm::vec2(x, y + st_.text * 0.2f), st_.dim, st_.line * 0.75f);
    // Round away float noise: -0 and 1e-8 read as 0.
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(std::abs(v) < step * 1e-3f ? 0.0f : v));
    textCentred(x, y + st_.text * 0.25f, st_.dim, buf, 0.8f);
  }
}

}  // namespace satlab
