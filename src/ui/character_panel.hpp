// The character panel (docs/wall-sliding.md): the scene's character (its box, speed,
// iterations, the walls around it), the drive toggle and the paused step's controls, and
// the trace of the step shown: per iteration the move tried, the walls near its sweep, each
// contact's normal and depth (the deepest marked), v_n and v_t, the corrected move; then
// how the step ended. A "character" the scene cannot use shows its error here.
//
// It docks in the Explorer's place (ui/layout.hpp) while no pair is focused and no mesh is
// selected alone, and shares that window's collapsed state; every line wraps, so nothing is
// clipped at classroom sizes.
#pragma once

#include "document/scene.hpp"
#include "ui/character_drive.hpp"

#include <string>

namespace satlab {

/// The panel's title and id: "Character###Explorer.N" (the Explorer's window).
std::string characterPanelId();

/// Draws the panel for `drive` (active) in the Explorer's place.
void drawCharacterPanel(CharacterDrive& drive, const Scene& scene);

}  // namespace satlab
