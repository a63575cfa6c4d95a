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

/// The top of the area below the main menu bar (one frame high), plus a margin.
inline float panelTop() { return ImGui::GetFrameHeight() + 8.0f; }

}  // namespace satlab
