// Text labels drawn with Dear ImGui over the 3D view: shape names, the explorers' numbers
// and the board pictures' names at projected positions, readable over any background (a
// rounded backing in the theme's labelChip, text in the given colour made legible on it by
// labelInk, with a thin outline: render/palette.hpp, checked in docs/contrast.md), laid out by
// LabelPlacer without overlaps and off the rectangles the caller blocks (the panels, the
// gizmo's handles).
#pragma once

#include "render/label_layout.hpp"
#include "render/line_batch.hpp"
#include "render/palette.hpp"

#include <glm/glm.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct ImDrawList;

namespace satlab {

class VectorFigure;

/// Longest label text shown, in bytes: a shape name of kMaxShownNameBytes and a suffix.
inline constexpr size_t kMaxLabelBytes = 96;

class LabelLayer {
 public:
  /// Forgets the queued labels and the rectangles blockLines added (keeps their storage);
  /// the scene renderer calls it at the start of each frame and after drawing the labels.
  void clear();
  /// Queues a label at `anchorPx` (framebuffer pixels, x right, y down). Text colour is
  /// `color`, lightened or darkened by draw() just enough to read on the theme's backing
  /// (labelInk). Text longer than kMaxLabelBytes is cut (display_text.hpp).
  void add(const glm::vec2& anchorPx, std::string_view text, const glm::vec4& color, int priority = 0);
  size_t size() const { return count_; }

  /// The rectangles no label may cover, in ImGui's window coordinates (the units of
  /// ImGui::GetWindowPos and GetWindowSize: logical pixels, origin top left, y down), e.g.
  /// every ImGui window on screen this frame (panels, menu bar, step bar). A label whose
  /// anchor lies under one moves just outside it, or is hidden when there is no room.
  /// Kept until the next call (clear() keeps them); call it every frame before draw(), with
  /// an empty list when nothing is in the way. Rectangles that are not finite are ignored.
  void setBlockedRects(const std::vector<ScreenRect>& windowRects);
  /// Keeps the labels off the lines `lines[first ...]` (e.g. the gizmo's handles, queued on
  /// the overlay; the highlighted edges of a board picture) as they are drawn with
  /// `viewProj` into a `viewportPx` framebuffer: each line's screen footprint, grown by half
  /// its width and `marginPx` (framebuffer pixels), becomes blocked rectangles, added to
  /// those of earlier calls until clear(). Call it each frame after queuing the lines (before
  /// they are flushed, which empties the batch). Lines that cannot be placed block nothing.
  void blockLines(const std::vector<LineInstance>& lines, size_t first, const glm::mat4& viewProj,
                  const glm::vec2& viewportPx, float marginPx);
  /// Rectangles (framebuffer pixels) that labels of at least `minPriority` keep clear of,
  /// e.g. the shapes an explorer's numbers are about: the numbers are placed first, off
  /// them (a leader line back to their anchor), and the other labels (the shapes' names)
  /// then keep off the numbers as usual but may sit on these rectangles. Until clear().
  void keepClear(const std::vector<ScreenRect>& framebufferRects, int minPriority);
  /// Labels the last draw() showed on a rectangle of setBlockedRects (none, unless the
  /// placer had no better spot): what tests assert on.
  size_t drawnUnderBlocked() const { return drawnUnderBlocked_; }
  /// Rectangles in ImGui's window coordinates (e.g. where the focused pair is on screen) whose
  /// labels draw() counts, without keeping labels off them (setBlockedRects does that). Kept
  /// until the next call.
  void setWatchedRects(const std::vector<ScreenRect>& windowRects) { watchedRects_ = windowRects; }
  /// Labels the last draw() showed over a rectangle of setWatchedRects.
  size_t drawnOverWatched() const { return drawnOverWatched_; }
  /// Labels of keepClear's priority the last draw() showed on one of its rectangles.
  size_t drawnOnKeptClear() const { return drawnOnKeptClear_; }
  /// Where the last draw() put label `i` (in the order queued), in ImGui's window
  /// coordinates; nullopt when it was hidden or there is no such label (for tests).
  std::optional<ScreenRect> placedRect(size_t i) const {
    if (i >= count_ || i >= boxes_.size() || !boxes_[i].visible) return std::nullopt;
    return ScreenRect{boxes_[i].pos, boxes_[i].pos + boxes_[i].size};
  }
  /// The rectangles drawn lines block, in framebuffer pixels (for tests).
  const std::vector<ScreenRect>& lineRects() const { return lineRects_; }

  /// Lays the labels out and draws them into `drawList` (an ImGui draw list, e.g.
  /// ImGui::GetBackgroundDrawList()); needs an ImGui frame. `fbPerWindow` converts
  /// framebuffer pixels to ImGui's window coordinates; the font is ImGui's current one,
  /// which the app already scales with the content scale. At most `maxVisible` labels, in
  /// the colours of `palette` (the theme of the view they are drawn on). With `recorder`,
  /// what is drawn is recorded there too (vector_figure.hpp).
  void draw(ImDrawList* drawList, const glm::vec2& viewportPx, const glm::vec2& fbPerWindow, int maxVisible,
            const Palette& palette, VectorFigure* recorder = nullptr);

 private:
  struct Item {
    std::string text;
    glm::vec4 color;
  };
  const LabelInk& inkOf(const glm::vec4& color, const Palette& palette);

  std::vector<Item> items_;      // the first count_ are live; the rest keep their strings' storage
  std::vector<LabelBox> boxes_;  // one per live label
  size_t count_ = 0;
  LabelPlacer placer_;
  std::vector<ScreenRect> windowRects_;  // ImGui window coordinates
  std::vector<ScreenRect> lineRects_;    // framebuffer pixels
  std::vector<ScreenRect> blocked_;      // both, in window coordinates, for the placer
  size_t drawnUnderBlocked_ = 0;
  std::vector<ScreenRect> watchedRects_;  // window coordinates
  size_t drawnOverWatched_ = 0;
  std::vector<ScreenRect> keepClear_;  // framebuffer pixels
  int keepClearPriority_ = 0;
  size_t drawnOnKeptClear_ = 0;
  std::vector<LabelBox> first_, rest_;  // the two passes of a draw with keepClear_
  // labelInk of each colour seen, for the palette last drawn with (a scene has few colours;
  // each answer costs two searches).
  const Palette* inkPalette_ = nullptr;
  std::unordered_map<std::uint64_t, LabelInk> inks_;
};

}  // namespace satlab
