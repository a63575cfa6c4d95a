// What the app asks of the web page (web/web_page.cpp implements these in the browser
// build; the desktop build neither declares a use nor links them). A browser has no file
// dialogs and no writable folders the user can see: opening goes through the page's file
// picker, saving through a download.
#pragma once

#ifdef __EMSCRIPTEN__

#include <string>

namespace satlab::web {

/// What the page's file picker is for; the chosen file arrives like a dropped one.
enum class Pick { SceneOrMesh, Mesh };
void pickFile(Pick what);
/// Offers the file at `path` (in the page's memory file system) as a download named
/// `name` (its base name when empty).
void download(const std::string& path, const std::string& name = {});
/// The page's full-screen state follows presentation mode.
void setFullscreen(bool on);

}  // namespace satlab::web

#endif
