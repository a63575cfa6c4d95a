#include "gui_window.hpp"

#include "platform.hpp"
#include "session.hpp"

#include "document/atomic_file.hpp"
#include "document/settings_file.hpp"
#include "ui/theme.hpp"

// The GL header (glad's on the desktop) must come before any other that includes GL's.
#include "render/gl.hpp"
// (keep)
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

namespace satlab {

namespace {

std::string gLastGlfwError;

void onGlfwError(int code, const char* description) {
  gLastGlfwError = std::to_string(code) + ": " + (description ? description : "");
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
  const float scale = platform::contentScale(window);
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
  if (!platform::hasDisplay()) {
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
  platform::windowHints();
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
  if (!platform::loadGl()) {
    failure_ = Failure::NoGl;
    error_ = "could not load the OpenGL 3.3 functions";
    return;
  }

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
  backendsUp_ = true;
  if (!platform::uiRendererStart(error_)) {  // Dear ImGui's OpenGL backend, or the page's own
    failure_ = Failure::NoGl;
    return;
  }
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
    platform::uiRendererStop();
    ImGui_ImplGlfw_Shutdown();
  }
  if (imguiUp_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  if (glfwUp_) glfwTerminate();
}

}  // namespace satlab
