// Where the panels go. The five docked panels sit in columns against the window's edges
// (Lesson, Shapes and Pairs on the left; Inspector and Explorer on the right; in a narrow
// window all of them in one column on the left), each column as wide as the window allows
// and each panel as tall as its share of the column. A panel's title bar collapses it; the
// others in its column then share the height. What is left between the columns is the free
// part of the view: the camera frames the scene there, so no panel sits on the geometry.
//
// The geometry (computeLayout) is pure: no ImGui context, tested in tests/ui. placePanel()
// applies it to the next ImGui window; the app computes the layout once per frame
// (updateLayout) from the window's size and what the panels are showing.
//
// Panel identities: "Reset layout" bumps the generation: every panel then has a new ImGui
// id, so ImGui forgets its collapsed state and the defaults apply again.
#pragma once

#include "i18n/i18n.hpp"

#include <imgui.h>

#include <array>
#include <string>

namespace satlab {

enum class Panel { Lesson, Shapes, Pairs, Inspector, Explorer, Count };
inline constexpr int kPanelCount = static_cast<int>(Panel::Count);

/// The panel's title, which is also the root of its ImGui id.
const char* panelTitle(Panel panel);

struct LayoutInput {
  float width = 1280.0f, height = 720.0f;  // the window, in ImGui's (logical) pixels
  float top = 26.0f;                       // below the main menu bar
  float titleBar = 22.0f;                  // a collapsed panel's height
  float scale = 1.0f;                      // the UI scale (fonts, presentation mode)
  /// Two columns whatever the scale: presentation mode on a wide, tall window (a 1080p
  /// projector), where the scale alone would put every panel in one crowded column.
  bool twoColumns = false;
  /// Per panel: drawn this frame, and collapsed (by the user or by default).
  std::array<bool, kPanelCount> shown{};
  std::array<bool, kPanelCount> collapsed{};
  /// Per panel: the height its content asks for (0: as much as it gets). The lesson panel
  /// asks for its text, so that it need not scroll.
  std::array<float, kPanelCount> wanted{};
};

struct PanelPlace {
  ImVec2 pos{0.0f, 0.0f};
  ImVec2 size{0.0f, 0.0f};
};

struct Layout {
  std::array<PanelPlace, kPanelCount> place{};
  bool oneColumn = false;  // a narrow window: every panel on the left
  float leftWidth = 0.0f, rightWidth = 0.0f;
  /// The part of the window no docked panel covers (x from freeLeft to freeRight, below top).
  float freeLeft = 0.0f, freeRight = 0.0f;
};

/// Below this window width (logical pixels, at scale 1) the panels share one column
/// (unless LayoutInput::twoColumns).
inline constexpr float kOneColumnBelow = 1000.0f;
/// Whether the panels share one column in a window `width` wide at UI `scale` (twoColumns:
/// LayoutInput's).
inline bool oneColumnLayout(float width, float scale, bool twoColumns) {
  return !twoColumns && width < kOneColumnBelow * scale;
}
/// Presentation mode takes two columns on a window at least this wide (logical pixels) and
/// 1.6 times as wide as it is tall: a 1080p projector, not a 720p one (there two columns at
/// the presentation scale would leave the view a third of the width).
inline constexpr float kPresentationTwoColumnsFrom = 1600.0f;

/// Margin between panels and the window's edges.
inline constexpr float kPanelMargin = 6.0f;

/// Where each shown panel goes. Hostile sizes (NaN, negative, huge) give finite places
/// inside the window.
Layout computeLayout(const LayoutInput& in);

/// Which panels start collapsed in a new layout: with a lesson open, the shape list and
/// the inspector (the lesson and the explorer matter); in one column, all but the lesson
/// (or, without a lesson, the shape list) and the explorer.
bool collapsedByDefault(Panel panel, bool lesson, bool oneColumn);

/// The layout of this frame, computed by the app before the panels are drawn, and whether
/// it was computed for a lesson (the default collapsed states).
Layout& currentLayout();
bool& layoutHasLesson();

inline int& layoutGeneration() {
  static int generation = 0;
  return generation;
}

/// "Title###Title.N": the title shown (translated: `title` is marked N_ where it is
/// written), and an id, the English title, that changes with the layout generation only.
inline std::string panelId(const char* title) {
  return std::string(tr(title)) + "###" + title + "." + std::to_string(layoutGeneration());
}
inline std::string panelId(Panel panel) { return panelId(panelTitle(panel)); }

/// Puts the next ImGui window (the panel's Begin must follow) where the current layout has
/// it, with its default collapsed state the first time it appears.
void placePanel(Panel panel);
/// Flags of a docked panel: it stays where the layout puts it.
inline constexpr ImGuiWindowFlags kDockedPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize;

/// Whether each panel is collapsed now: as the user left it last frame, or its default
/// when it has not been drawn in this layout generation yet.
void readCollapsed(LayoutInput& in, bool lesson, bool oneColumn);

/// How much larger than their designed size panels open: the UI scale of the theme
/// (presentation mode, HiDPI). Changing it bumps the layout generation.
inline float& panelScale() {
  static float scale = 1.0f;
  return scale;
}

/// A designed panel size in logical pixels, at the current scale.
inline ImVec2 panelSize(float width, float height) { return ImVec2(width * panelScale(), height * panelScale()); }

/// The top of the area below the main menu bar (one frame high), plus a margin.
inline float panelTop() { return ImGui::GetFrameHeight() + 8.0f; }

}  // namespace satlab
