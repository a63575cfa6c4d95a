// The slide's picture in the view (docs/wall-sliding.md), for the iteration last run of the
// step the character panel shows:
//   - the character's box where the iteration tried it (start + move), dashed;
//   - each contact's normal, an arrow out of the wall from the face of that box which meets
//     it; the chosen (deepest) one thick and labelled with its depth, the others thin;
//   - from the character's centre: the move tried (dashed), its parts v_n (into the wall)
//     and v_t (along it), and the corrected move (thick), each labelled;
//   - once the step ends, a dot where the character ends.
// Moves are a few hundredths of a unit while driving, so the move arrows are drawn longer
// by characterArrowScale (the panel says by how much); normals are drawn at a fixed length.
// Colours come from the palette and every arrow is named by its label, not by its colour alone.
#pragma once

#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "render/palette.hpp"
#include "ui/character_drive.hpp"
#include "ui/picking.hpp"
#include "world/character.hpp"

namespace satlab {

struct CharacterOverlayView {
  ViewMapping mapping;
  glm::vec2 fbPerWindow{1.0f};
  float pixelScale = 1.0f;
  LabelLayer* labels = nullptr;  ///< nullptr: no labels
};

/// How much longer than true the move arrows are drawn: the wanted move drawn 3 times the
/// box's larger half extent in the plane, never shorter than true, at most 1000 times.
float characterArrowScale(const SlideTrace& trace, const Aabb& box);

/// The arrows of the step `drive` shows, around the scene's character. Returns the number of
/// lines queued (0 without a step to show).
size_t drawCharacterOverlay(const CharacterDrive& drive, const Scene& scene, LineBatch& batch,
                            const CharacterOverlayView& view, const Palette& palette);

}  // namespace satlab
