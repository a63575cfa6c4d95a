// Text labels drawn with Dear ImGui over the 3D view: shape names (and, later, numbers) at
// projected positions, readable over any background (dark rounded backing, text in the
// shape's colour with a thin dark outline), laid out without overlaps by LabelPlacer.
#pragma once

#include "render/label_layout.hpp"

#include <glm/glm.hpp>

#include <string>
#include <string_view>
#include <vector>

struct ImDrawList;

namespace satlab {

/// Longest label text shown, in bytes: a shape name of kMaxShownNameBytes and a suffix.
inline constexpr size_t kMaxLabelBytes = 96;

class LabelLayer {
 public:
  /// Forgets the queued labels (keeps their storage).
  void clear();
  /// Queues a label at `anchorPx` (framebuffer pixels, x right, y down). Text colour is
  /// `color`, lightened when too dark to read on the dark backing. Text longer than
  /// kMaxLabelBytes is cut (display_text.hpp).
  void add(const glm::vec2& anchorPx, std::string_view text, const glm::vec4& color, int priority = 0);
  size_t size() const { return count_; }

  /// Lays the labels out and draws them into `drawList` (an ImGui draw list, e.g.
  /// ImGui::GetBackgroundDrawList()); needs an ImGui frame. `fbPerWindow` converts
  /// framebuffer pixels to ImGui's window coordinates; the font is ImGui's current one,
  /// which the app already scales with the content scale. At most `maxVisible` labels.
  void draw(ImDrawList* drawList, const glm::vec2& viewportPx, const glm::vec2& fbPerWindow, int maxVisible);

 private:
  struct Item {
    std::string text;
    glm::vec4 color;
  };
  std::vector<Item> items_;      // the first count_ are live; the rest keep their strings' storage
  std::vector<LabelBox> boxes_;  // one per live label
  size_t count_ = 0;
  LabelPlacer placer_;
};

}  // namespace satlab
