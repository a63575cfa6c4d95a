// Panel identities. "Reset layout" bumps the generation: every panel then has a new ImGui
// id, so ImGui forgets where the user put it and the defaults apply again.
#pragma once

#include <imgui.h>

#include <string>

namespace satlab {

inline int& layoutGeneration() {
  static int generation = 0;
  return generation;
}

/// "Title###Title.N": the title shown, and an id that changes with the layout generation.
inline std::string panelId(const char* title) {
  return std::string(title) + "###" + title + "." + std::to_string(layoutGeneration());
}

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
