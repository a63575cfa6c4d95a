// The scene panel: what is loaded, its shapes with their colours and sizes, and the
// viewport's controls.
#pragma once

#include "scene/scene.hpp"

#include <string>

namespace satlab {

void drawScenePanel(const Scene& scene, const std::string& source);

}  // namespace satlab
