#include "render/label_layer.hpp"

#include "render/display_text.hpp"
#include "render/vector_figure.hpp"
#include "render/view_setup.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

ImU32 toImColor(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

/// A colour's red, green and blue to 16 bits each (alpha is not used: text is opaque).
std::uint64_t inkKey(const glm::vec4& c) {
  std::uint64_t key = 0;
  for (int i = 0; i < 3; ++i) {
    const float v = std::isfinite(c[i]) ? std::clamp(c[i], 0.0f, 1.0f) : 0.0f;
    key = (key << 16) | static_cast<std::uint64_t>(std::lround(v * 65535.0f));
  }
  return key;
}

}  // namespace

void LabelLayer::clear() {
  count_ = 0;
  boxes_.clear();
  lineRects_.clear();
  keepClear_.clear();
}

void LabelLayer::keepClear(const std::vector<ScreenRect>& framebufferRects, int minPriority) {
  for (const ScreenRect& r : framebufferRects) {
    if (std::isfinite(r.lo.x) && std::isfinite(r.lo.y) && std::isfinite(r.hi.x) && std::isfinite(r.hi.y)) {
      keepClear_.push_back(r);
    }
  }
  keepClearPriority_ = minPriority;
}

void LabelLayer::add(const glm::vec2& anchorPx, std::string_view text, const glm::vec4& color, int priority) {
  if (count_ == items_.size()) items_.emplace_back();
  Item& item = items_[count_];
  // A label is one short line: a long name is cut (and a control character is a space).
  if (needsOneLine(text, kMaxLabelBytes)) {
    item.text = oneLineText(text, kMaxLabelBytes);
  } else {
    item.text.assign(text.data(), text.size());
  }
  item.color = color;
  LabelBox& box = boxes_.emplace_back();
  box.anchor = anchorPx;
  box.priority = priority;
  ++count_;
}

const LabelInk& LabelLayer::inkOf(const glm::vec4& color, const Palette& palette) {
  if (inkPalette_ != &palette || inks_.size() > 4096) {
    inks_.clear();
    inkPalette_ = &palette;
  }
  const std::uint64_t key = inkKey(color);
  auto it = inks_.find(key);
  if (it == inks_.end()) it = inks_.emplace(key, labelInk(palette, color)).first;
  return it->second;
}

void LabelLayer::setBlockedRects(const std::vector<ScreenRect>& windowRects) { windowRects_ = windowRects; }

void LabelLayer::blockLines(const std::vector<LineInstance>& lines, size_t first, const glm::mat4& viewProj,
                            const glm::vec2& viewportPx, float marginPx) {
  if (!std::isfinite(marginPx)) marginPx = 0.0f;
  marginPx = std::clamp(marginPx, 0.0f, 100.0f);
  // A long line on a slant would block its whole bounding box: it is cut into pieces of
  // about kPiecePx, whose boxes hug it. The pieces of one line are capped, and so are the
  // rectangles in all (LabelPlacer keeps at most kMaxBlocked).
  constexpr float kPiecePx = 24.0f;
  constexpr int kMaxPieces = 32;
  for (size_t i = first; i < lines.size() && lineRects_.size() < LabelPlacer::kMaxBlocked; ++i) {
    const LineInstance& l = lines[i];
    glm::vec2 a, b;
    if (!projectToPixel(viewProj, viewportPx, l.a, a) || !projectToPixel(viewProj, viewportPx, l.b, b)) continue;
    const float grow = (std::isfinite(l.width) ? std::clamp(l.width, 0.0f, 100.0f) * 0.5f : 0.0f) + marginPx;
    const float length = glm::length(b - a);
    const int pieces = std::clamp(static_cast<int>(std::ceil(length / kPiecePx)), 1, kMaxPieces);
    for (int k = 0; k < pieces; ++k) {
      const glm::vec2 p = glm::mix(a, b, static_cast<float>(k) / static_cast<float>(pieces));
      const glm::vec2 q = glm::mix(a, b, static_cast<float>(k + 1) / static_cast<float>(pieces));
      lineRects_.push_back(ScreenRect{glm::min(p, q) - glm::vec2(grow), glm::max(p, q) + glm::vec2(grow)});
    }
  }
}

void LabelLayer::draw(ImDrawList* drawList, const glm::vec2& viewportPx, const glm::vec2& fbPerWindow, int maxVisible,
                      const Palette& palette, VectorFigure* recorder) {
  drawnUnderBlocked_ = 0;
  drawnOverWatched_ = 0;
  if (count_ == 0 || drawList == nullptr) return;
  const glm::vec2 toWindow(1.0f / std::max(fbPerWindow.x, 1e-6f), 1.0f / std::max(fbPerWindow.y, 1e-6f));
  const float padX = 5.0f, padY = 2.0f;
  std::vector<LabelBox>& boxes = boxes_;
  for (size_t i = 0; i < count_; ++i) {
    const ImVec2 t = ImGui::CalcTextSize(items_[i].text.c_str());
    boxes[i].anchor *= toWindow;
    boxes[i].size = glm::vec2(t.x + 2.0f * padX, t.y + 2.0f * padY);
  }
  blocked_.assign(windowRects_.begin(), windowRects_.end());
  for (const ScreenRect& r : lineRects_) blocked_.push_back(ScreenRect{r.lo * toWindow, r.hi * toWindow});
  drawnOnKeptClear_ = 0;
  if (keepClear_.empty()) {
    placer_.place(boxes, viewportPx * toWindow, 3.0f, maxVisible, blocked_);
  } else {
    // Two passes: the labels that keep clear, off those rectangles too; then the rest, off
    // what the first pass placed (as the placer keeps labels off each other).
    first_.clear();
    rest_.clear();
    for (size_t i = 0; i < count_; ++i) (boxes[i].priority >= keepClearPriority_ ? first_ : rest_).push_back(boxes[i]);
    const size_t windows = blocked_.size();
    for (const ScreenRect& r : keepClear_) blocked_.push_back(ScreenRect{r.lo * toWindow, r.hi * toWindow});
    placer_.place(first_, viewportPx * toWindow, 3.0f, maxVisible, blocked_);
    blocked_.resize(windows);
    int shown = 0;
    for (const LabelBox& b : first_) {
      if (!b.visible) continue;
      ++shown;
      blocked_.push_back(ScreenRect{b.pos, b.pos + b.size});
    }
    placer_.place(rest_, viewportPx * toWindow, 3.0f, std::max(0, maxVisible - shown), blocked_);
    // Back in the queued order (the draw below walks items_ and boxes together).
    size_t a = 0, c = 0;
    for (size_t i = 0; i < count_; ++i) boxes[i] = boxes[i].priority >= keepClearPriority_ ? first_[a++] : rest_[c++];
    for (const LabelBox& b : first_) {
      if (!b.visible) continue;
      for (const ScreenRect& r : keepClear_) {
        const glm::vec2 lo = r.lo * toWindow, hi = r.hi * toWindow;
        if (b.pos.x < hi.x && lo.x < b.pos.x + b.size.x && b.pos.y < hi.y && lo.y < b.pos.y + b.size.y) {
          ++drawnOnKeptClear_;
          break;
        }
      }
    }
  }

  const ImU32 backing = toImColor(palette.labelChip);
  const ImU32 border = toImColor(palette.labelBorder);
  const ImU32 outline = toImColor(palette.textOutline);
  const float fontSize = ImGui::GetFontSize();
  const float ascent = ImGui::GetFont()->Ascent * fontSize / std::max(ImGui::GetFont()->FontSize, 1.0f);
  for (size_t i = 0; i < count_; ++i) {
    const LabelBox& b = boxes[i];
    if (!b.visible) continue;
    const ImVec2 lo(b.pos.x, b.pos.y), hi(b.pos.x + b.size.x, b.pos.y + b.size.y);
    const auto over = [&](const std::vector<ScreenRect>& rects) {
      return std::any_of(rects.begin(), rects.end(), [&](const ScreenRect& r) {
        return lo.x < r.hi.x && r.lo.x < hi.x && lo.y < r.hi.y && r.lo.y < hi.y;
      });
    };
    if (over(windowRects_)) ++drawnUnderBlocked_;
    if (over(watchedRects_)) ++drawnOverWatched_;
    const LabelInk& ink = inkOf(items_[i].color, palette);
    // A leader line when the label had to move away from its anchor.
    const glm::vec2 centerBottom(b.pos.x + b.size.x * 0.5f, b.pos.y + b.size.y);
    if (glm::length(centerBottom - b.anchor) > b.size.y * 0.75f + 6.0f) {
      drawList->AddLine(ImVec2(b.anchor.x, b.anchor.y), ImVec2(centerBottom.x, centerBottom.y), toImColor(ink.leader),
                        1.0f);
    }
    drawList->AddRectFilled(lo, hi, backing, 4.0f);
    drawList->AddRect(lo, hi, border, 4.0f);
    const char* text = items_[i].text.c_str();
    const ImVec2 at(lo.x + padX, lo.y + padY);
    // A one-pixel drop outline (dark on the dark theme, light on the light one) keeps the
    // letters crisp against the backing's edge and whatever shows through it (one extra
    // pass, not four: text is most of the cost).
    drawList->AddText(ImVec2(at.x + 1.0f, at.y + 1.0f), outline, text);
    drawList->AddText(at, toImColor(ink.text), text);
    if (recorder != nullptr) {
      const float s = recorder->uiScale;
      if (glm::length(centerBottom - b.anchor) > b.size.y * 0.75f + 6.0f) {
        recorder->line(recorder->ui(b.anchor), recorder->ui(centerBottom), ink.leader, s, 0.0f, false);
      }
      recorder->rect(recorder->ui(glm::vec2(lo.x, lo.y)), recorder->ui(glm::vec2(hi.x, hi.y)), palette.labelChip,
                     4.0f * s);
      recorder->rectOutline(recorder->ui(glm::vec2(lo.x, lo.y)), recorder->ui(glm::vec2(hi.x, hi.y)),
                            palette.labelBorder, s, 4.0f * s);
      const float width = (b.size.x - 2.0f * padX) * s;  // the text's, as measured for the chip
      recorder->text(recorder->ui(glm::vec2(at.x + 1.0f, at.y + 1.0f)), fontSize * s, ascent * s, palette.textOutline,
                     items_[i].text, width);
      recorder->text(recorder->ui(glm::vec2(at.x, at.y)), fontSize * s, ascent * s, ink.text, items_[i].text, width);
    }
  }
}

}  // namespace satlab
