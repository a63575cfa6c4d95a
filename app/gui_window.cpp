#include "gui_window.hpp"

#include "session.hpp"

#include "scene/atomic_file.hpp"
#include "scene/settings_file.hpp"
#include "ui/theme.hpp"

// The GL header (glad's on the desktop) must come before any other that includes GL's.
#include "render/gl.hpp"
// (keep)
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#ifdef __EMSCRIPTEN__
#include "imgui_webgl.hpp"

#include <emscripten/html5.h>
#endif

namespace satlab {

namespace {

std::string gLastGlfwError;

void onGlfwError(int code, const char* description) {
  gLastGlfwError = std::to_string(code) + ": " + (description ? description : "");
}

bool haveDisplay() {
#ifdef __EMSCRIPTEN__
  return true;  // the page's canvas
#endif
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

}  // namespace

namespace {
std::vector<std::string>& droppedFiles() {
  static std::vector<std::string> files;
  return files;
}
constexpr std::size_t kMaxDroppedFiles = 64;  // a drop of a whole folder's files is cut, not queued without end

void onDrop(GLFWwindow*, int count, const char** paths) {
  for (int i = 0; i < count && droppedFiles().size() < kMaxDroppedFiles; ++i) {
    if (paths[i] != nullptr) droppedFiles().emplace_back(paths[i]);
  }
}
}  // namespace

float GuiWindow::contentScaleOf(GLFWwindow* window) {
  float scale = 1.0f;
#ifdef __EMSCRIPTEN__
  // The page keeps the canvas at its CSS size times the device pixel ratio (web/page.js):
  // a frame is drawn in device pixels, and the UI is scaled by the ratio.
  (void)window;
  scale = static_cast<float>(emscripten_get_device_pixel_ratio());
#else
  float scaleX = 1.0f;
  if (window != nullptr) glfwGetWindowContentScale(window, &scaleX, &scale);
#endif
  return scale > 0.0f && scale < 16.0f ? scale : 1.0f;
}

void GuiWindow::addDroppedFile(const std::string& path) {
  if (droppedFiles().size() < kMaxDroppedFiles) droppedFiles().push_back(path);
}

std::vector<std::string> GuiWindow::takeDroppedFiles() {
  std::vector<std::string> out;
  out.swap(droppedFiles());
  return out;
}

GuiWindow::GuiWindow(const Options& options) {
  if (!haveDisplay()) {
    failure_ = Failure::NoDisplay;
    error_ = "no DISPLAY or WAYLAND_DISPLAY is set";
    return;
  }
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) {
    failure_ = Failure::NoDisplay;
    error_ = "GLFW could not start (" + gLastGlfwError + ")";
    return;
  }
  glfwUp_ = true;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // No multisampled window: every primitive is anti-aliased by its own shader, and on
  // software renderers (Mesa llvmpipe) a 4x window costs two thirds of a simple frame.
  // Screenshots use their own multisampled target (render_target.hpp).
  glfwWindowHint(GLFW_SAMPLES, 0);
#ifdef __EMSCRIPTEN__
  // An opaque canvas without a stencil buffer (nothing draws with one): the browser
  // composites it as is, which on software WebGL is a good part of a frame.
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
#endif
#ifndef __EMSCRIPTEN__
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
#endif
  glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
  window_ = glfwCreateWindow(options.width, options.height, "satlab", nullptr, nullptr);
  if (!window_) {
    failure_ = Failure::NoDisplay;
    error_ = "no OpenGL 3.3 core context (" + gLastGlfwError + ")";
    return;
  }
  glfwMakeContextCurrent(window_);
  glfwSetDropCallback(window_, onDrop);
  glfwSwapInterval(options.vsync ? 1 : 0);
#ifndef __EMSCRIPTEN__
  if (!gladLoadGL(glfwGetProcAddress)) {
    failure_ = Failure::NoGl;
    error_ = "could not load the OpenGL 3.3 functions";
    return;
  }
#endif

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imguiUp_ = true;
  // imgui.ini is read and written here, not by ImGui (which reads whatever is at the name,
  // whole, and writes over it in place): see loadLayout and saveLayout.
  ImGui::GetIO().IniFilename = nullptr;
  if (options.keepLayout) loadLayout();
  contentScale_ = contentScaleOf(window_);
  loadThemeFonts(contentScale_);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
#ifdef __EMSCRIPTEN__
  backendsUp_ = true;
  if (!webui::init(error_)) {  // the page's own UI renderer (web/imgui_webgl.hpp)
    failure_ = Failure::NoGl;
    return;
  }
#else
  ImGui_ImplOpenGL3_Init("#version 330 core");
#endif
  backendsUp_ = true;
}

void GuiWindow::loadLayout() {
  const std::string folder = configFolder();
  if (folder.empty()) return;
  iniPath_ = folder + "/imgui.ini";
  removeStaleTempFiles(iniPath_);  // left by a kill during a save
  const SettingsFileRead file = readSettingsFile(iniPath_);
  if (file.status == SettingsFileRead::Status::Ignored) {
    std::fprintf(stderr, "satlab: warning: %s; ignored, the default panel layout is used\n", file.problem.c_str());
    if (file.notRegular) iniPath_.clear();  // not satlab's file to replace either
  }
  if (file.status == SettingsFileRead::Status::Ok && !file.text.empty()) {
    ImGui::LoadIniSettingsFromMemory(file.text.data(), file.text.size());
  }
}

void GuiWindow::saveLayout() {
  ImGuiIO& io = ImGui::GetIO();
  io.WantSaveIniSettings = false;
  if (iniPath_.empty()) return;
  std::size_t size = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&size);
  const std::optional<std::string> error = writeFileAtomically(iniPath_, std::string_view(text, size));
  if (error && !layoutSaveFailed_) {
    std::fprintf(stderr, "satlab: warning: the panel layout is not saved: %s\n", error->c_str());
  }
  layoutSaveFailed_ = error.has_value();
}

void GuiWindow::saveLayoutWhenAsked() {
  // ImGui sets this a few seconds after a window moved or changed size (io.IniSavingRate).
  if (imguiUp_ && ImGui::GetIO().WantSaveIniSettings) saveLayout();
}

GuiWindow::~GuiWindow() {
  // At the end, as ImGui itself did: the layout once a frame has run.
  if (imguiUp_ && !iniPath_.empty() && ImGui::GetFrameCount() > 0) saveLayout();
  if (backendsUp_) {
#ifdef __EMSCRIPTEN__
    webui::shutdown();
#else
    ImGui_ImplOpenGL3_Shutdown();
#endif
    ImGui_ImplGlfw_Shutdown();
  }
  if (imguiUp_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  if (glfwUp_) glfwTerminate();
}

}  // namespace satlab
