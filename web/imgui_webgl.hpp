// Dear ImGui's draw lists drawn with WebGL 2, for the web page. The backend that comes
// with Dear ImGui (imgui_impl_opengl3) saves and restores about twenty pieces of GL state
// around every frame it draws; in a browser each of those reads is a round trip that waits
// for the GPU process to finish the frame so far (with software WebGL, most of a frame's
// time). This one reads nothing back: it sets the state it needs, draws, and leaves the
// scissor test off; the scene renderer sets its own state at the start of each frame.
#pragma once

#include <string>

struct ImDrawData;

namespace satlab::webui {

/// The program, the buffers and the font texture (after the fonts are loaded); false,
/// with `error` set, when a shader does not compile or link.
bool init(std::string& error);
/// Draws one frame's draw data into the bound framebuffer. Uploads the font atlas again
/// first if it has been rebuilt since.
void render(const ImDrawData* data);
/// The atlas was built again (ui/font_atlas.hpp): the next render uploads it, even where
/// the new pixels happen to sit at the old ones' address.
void fontAtlasRebuilt();
void shutdown();

}  // namespace satlab::webui
