// The lesson panel: the lesson's title and text for students, and previous/next lesson.
#pragma once

#include "scene/scene.hpp"
#include "ui/long_text.hpp"

namespace satlab {

/// Draws the panel for a lesson `index` of `count` (index -1: the scene is not one of the
/// lessons, but has lesson text). Returns -1 or +1 when the user asked for the previous or
/// next lesson, else 0. `notes` keeps the wrapped notes between frames: notes of any length
/// cost only their visible lines; a title longer than kMaxShownTitleBytes * 2 is cut.
/// `wantedHeight` is set to the panel's height for its whole text (for the next layout).
int drawLessonPanel(const Scene& scene, int index, int count, WrappedTextView& notes, float& wantedHeight);

/// Presentation mode with the panels hidden: the lesson's title and text on a card at the
/// view's top left, in the presentation font (a share of the window's height, readable from
/// the back of a room), `widthShare` of the window wide. Returns the card's right edge in
/// window pixels (0 when nothing was drawn), for the camera to frame beside it.
float drawLessonCard(const Scene& scene, int index, int count, WrappedTextView& notes, float widthShare);

}  // namespace satlab
