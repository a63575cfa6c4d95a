// The lesson panel: the lesson's title and text for students, and previous/next lesson.
#pragma once

#include "scene/scene.hpp"

namespace satlab {

/// Draws the panel for a lesson `index` of `count` (index -1: the scene is not one of the
/// lessons, but has lesson text). Returns -1 or +1 when the user asked for the previous or
/// next lesson, else 0.
int drawLessonPanel(const Scene& scene, int index, int count);

}  // namespace satlab
