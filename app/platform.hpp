// What differs between the desktop and the web page, behind one interface: picking and
// saving files, the window's setup, the UI's renderer and the main loop. The app asks
// these functions and never the compiler which platform it runs on.
//
// app/platform_desktop.cpp implements them on the desktop (GLFW, glad, Dear ImGui's OpenGL
// backend, satlab's own file dialogs, a loop); web/platform_web.cpp in the browser (the
// page's file picker and downloads, WebGL 2, the page's UI renderer, the browser's
// animation frames). app/CMakeLists.txt compiles exactly one of them.
#pragma once

#include <functional>
#include <optional>
#include <string>

struct GLFWwindow;
struct ImDrawData;

namespace satlab {

class PageHost;

namespace platform {

// ---- Files ----

/// What a file picker is for.
enum class Pick { SceneOrMesh, Mesh };
/// Opens the platform's own file picker and returns true (the page: the chosen file
/// arrives later, like a dropped one); false where satlab asks for a path in its own
/// dialog (the desktop).
bool pickFile(Pick what);
/// Where a file the user saves or exports is written without a dialog: in the page, the
/// base name of `proposal` in the page's memory, to be handed to offerDownload once written (the browser asks where a
/// download goes). nullopt where the user chooses the path in satlab's dialog (the desktop).
std::optional<std::string> savePathWithoutDialog(const std::string& proposal);
/// A file just written, offered to the user: in the page, a download; nothing on the
/// desktop, where the file already is where the user chose.
void offerDownload(const std::string& path);

// ---- Before the window ----

/// Runs `body`, the load of the scene named on the command line (before any window opens, so
/// that a broken file is an error whether or not there is a display): on the desktop with
/// the command line's progress line on a terminal and Ctrl+C stopping it
/// (app/terminal_progress.hpp), "satlab: stopped (Ctrl+C)" and exit code 130 when stopped;
/// in the page as it is. Returns body's exit code.
int runBeforeWindow(const std::function<int()>& body);

// ---- The window ----

/// Whether there is somewhere to open a window (the desktop: DISPLAY or WAYLAND_DISPLAY;
/// the page: its canvas).
bool hasDisplay();
/// The platform's own GLFW window hints, given before the window is made.
void windowHints();
/// The GL functions for the current context (glad on the desktop; the browser's WebGL
/// needs none); false when they cannot be had.
bool loadGl();
/// A window's content scale (HiDPI; in the browser, the device pixel ratio), unchecked.
float contentScale(GLFWwindow* window);
/// Waits up to `seconds` for events while there is nothing to draw (a minimised window);
/// returns at once where the platform calls each frame itself.
void waitEvents(double seconds);
/// glGetError is asked every this many frames (in a browser it waits for the GPU
/// process to finish the frame).
int glErrorCheckInterval();

// ---- The UI's renderer (Dear ImGui's draw data into the bound framebuffer) ----

/// After ImGui's context and its GLFW backend; false with `error` when it cannot start.
bool uiRendererStart(std::string& error);
void uiRendererStop();
/// Before ImGui's NewFrame.
void uiNewFrame();
/// The font atlas was built again: the renderer's texture is made anew from it.
void uiFontsChanged();
void uiRender(ImDrawData* data);

// ---- The main loop ----

/// The app's frames, as the platform runs them.
struct MainLoop {
  /// One frame: false when the run is over.
  std::function<bool()> frame;
  /// What escaped a frame, where that does not end the program (the page, which has no
  /// process to end, goes on with its next frame; the desktop lets it reach main's guard).
  std::function<void(const std::string& what)> frameFailed;
};
/// Runs `loop`'s frames until one returns false. True when they have run to their end
/// here (the desktop); false, or never returning, where the platform calls them from now
/// on (the page, from the browser's animation frames, as long as it is open): whatever
/// they use must then outlive this call.
bool runMainLoop(MainLoop loop);

/// The page around the app: once after the session has started, and around each frame
/// (its requests before, its state and storage after). Nothing on the desktop.
void appStarted(PageHost& viewer);
void beforeFrame(PageHost& viewer);
void afterFrame(PageHost& viewer);

}  // namespace platform
}  // namespace satlab
