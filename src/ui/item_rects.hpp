// Where a few named widgets were drawn, for what drives satlab from outside: the web
// page's satlab.state() gives a browser test the explorer's Next button to click. Each
// entry is the last frame's rectangle in window pixels; nothing here changes what is drawn.
#pragma once

#include "render/label_layout.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace satlab {

/// Records the last ImGui item's rectangle under `name` (call right after the widget).
void rememberItem(const char* name);
/// The rectangle `name` had when drawn this frame or the last; nullopt when it was not.
std::optional<ScreenRect> rememberedItem(const std::string& name);
/// Every item drawn this frame or the last, by name.
std::vector<std::pair<std::string, ScreenRect>> rememberedItems();

}  // namespace satlab
