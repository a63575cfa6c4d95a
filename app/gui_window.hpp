// The window and everything that must be set up around it before a frame can be drawn, and
// torn down in reverse order after the last: GLFW, an OpenGL 3.3 core context, the GL
// functions (glad), the ImGui context with its fonts, its .ini file (read and written here,
// not by ImGui) and its GLFW and OpenGL backends. One object: its constructor does it all
// or reports why not; its destructor undoes what was done, on every path out of runGui.
#pragma once

#include <string>
#include <vector>

struct GLFWwindow;

namespace satlab {

class GuiWindow {
 public:
  struct Options {
    int width = 1280, height = 720;
    bool visible = true;  // screenshot runs render offscreen from a hidden window
    bool vsync = true;
    bool keepLayout = true;  // imgui.ini in the config folder (off: screenshot runs leave no trace)
  };
  enum class Failure { None, NoDisplay, NoGl };

  explicit GuiWindow(const Options& options);
  ~GuiWindow();
  GuiWindow(const GuiWindow&) = delete;
  GuiWindow& operator=(const GuiWindow&) = delete;

  /// Failure::None when the window, the context and ImGui are ready; else `error()` says why.
  Failure failure() const { return failure_; }
  const std::string& error() const { return error_; }
  GLFWwindow* handle() const { return window_; }
  /// The window's content scale (HiDPI), at least something positive.
  float contentScale() const { return contentScale_; }
  /// A window's content scale (HiDPI; in the browser, the device pixel ratio).
  static float contentScaleOf(GLFWwindow* window);
  /// The files dropped onto the window since the last call (glfwSetDropCallback), in order.
  static std::vector<std::string> takeDroppedFiles();
  /// Queues a file as if it had been dropped (the web page's file picker and drops).
  static void addDroppedFile(const std::string& path);
  /// Writes the panel layout (imgui.ini) when ImGui asks for it (io.WantSaveIniSettings):
  /// call after each frame. It is written at the end too.
  void saveLayoutWhenAsked();

 private:
  GLFWwindow* window_ = nullptr;
  bool glfwUp_ = false;
  bool imguiUp_ = false;
  bool backendsUp_ = false;
  Failure failure_ = Failure::None;
  std::string error_;
  /// imgui.ini in the config folder, read with readSettingsFile (a regular file of at most
  /// 1 MiB, else ignored with a warning) and given to ImGui from memory.
  void loadLayout();
  /// imgui.ini written through writeFileAtomically (a file that is not a regular one is
  /// refused); a failure is warned about once until a save works again.
  void saveLayout();

  std::string iniPath_;  // empty: the layout is not kept (screenshot runs, no config folder)
  bool layoutSaveFailed_ = false;
  float contentScale_ = 1.0f;
};

}  // namespace satlab
