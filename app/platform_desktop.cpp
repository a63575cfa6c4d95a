// The desktop's side of the platform seam (platform.hpp): satlab's own file dialogs, an X11
// or Wayland window with an OpenGL 3.3 core context (glad), Dear ImGui's OpenGL backend and
// a loop.
#include "platform.hpp"
#include "terminal_progress.hpp"

// The GL header (glad's) must come before any other that includes GL's.
#include "render/gl.hpp"
// (keep)
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>

#include <cstdlib>

namespace satlab::platform {

bool pickFile(Pick) { return false; }

std::optional<std::string> savePathWithoutDialog(const std::string&) { return std::nullopt; }

void offerDownload(const std::string&) {}

int runBeforeWindow(const std::function<int()>& body) {
  return runWithProgress("satlab", "stopped (Ctrl+C)", terminalProgressWanted(stderr, false), stderr,
                         [&](std::FILE*, std::FILE*) { return body(); });
}

bool hasDisplay() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

void windowHints() { glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE); }

bool loadGl() { return gladLoadGL(glfwGetProcAddress) != 0; }

float contentScale(GLFWwindow* window) {
  float scaleX = 1.0f, scale = 1.0f;
  if (window != nullptr) glfwGetWindowContentScale(window, &scaleX, &scale);
  return scale;
}

void waitEvents(double seconds) { glfwWaitEventsTimeout(seconds); }

int glErrorCheckInterval() { return 1; }

bool uiRendererStart(std::string&) {
  ImGui_ImplOpenGL3_Init("#version 330 core");
  return true;
}

void uiRendererStop() { ImGui_ImplOpenGL3_Shutdown(); }

void uiNewFrame() { ImGui_ImplOpenGL3_NewFrame(); }

void uiFontsChanged() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void uiRender(ImDrawData* data) { ImGui_ImplOpenGL3_RenderDrawData(data); }

bool runMainLoop(MainLoop loop) {
  // What escapes a frame reaches main's guard, which ends satlab with the message.
  while (loop.frame()) {
  }
  return true;
}

void appStarted(PageHost&) {}
void beforeFrame(PageHost&) {}
void afterFrame(PageHost&) {}

}  // namespace satlab::platform
