// The window and its main loop: update -> draw -> UI -> present.
#include "input_script.hpp"
#include "options.hpp"
#include "viewer.hpp"

#include "session.hpp"
#include "ui/theme.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace satlab {

namespace {

constexpr int kUsageError = 2;
constexpr int kRuntimeError = 1;

std::string gLastGlfwError;

void onGlfwError(int code, const char* description) {
  gLastGlfwError = std::to_string(code) + ": " + (description ? description : "");
}

bool haveDisplay() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

void reportNoDisplay(const std::string& detail, const std::string& program) {
  std::fprintf(stderr,
               "satlab: cannot open a window: %s\n"
               "satlab needs a display. To run it headless, use a virtual X server:\n"
               "  xvfb-run -a %s SCENE --screenshot out.png\n",
               detail.c_str(), program.c_str());
}

/// imgui.ini lives in $XDG_CONFIG_HOME/satlab/ (default ~/.config/satlab/), never in the
/// working directory. Returns an empty string when no such folder can be made.
std::string imguiIniPath() {
  namespace fs = std::filesystem;
  fs::path base;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    base = fs::path(home) / ".config";
  } else {
    return {};
  }
  std::error_code ec;
  fs::create_directories(base / "satlab", ec);
  if (ec) return {};
  return (base / "satlab" / "imgui.ini").string();
}

/// Mean and 95th-percentile frame time of a --stats run (the first frame, which builds
/// every GL object, is left out).
void printFrameStats(std::vector<double> ms, int width, int height) {
  if (ms.size() > 1) ms.erase(ms.begin());
  if (ms.empty()) return;
  double sum = 0.0;
  for (double t : ms) sum += t;
  const double mean = sum / static_cast<double>(ms.size());
  std::sort(ms.begin(), ms.end());
  const size_t rank = static_cast<size_t>(std::ceil(0.95 * static_cast<double>(ms.size()))) - 1;
  const double p95 = ms[std::min(rank, ms.size() - 1)];
  std::printf("satlab: stats: %zu frames at %dx%d: mean %.2f ms, p95 %.2f ms, %.1f fps\n", ms.size(), width, height,
              mean, p95, mean > 0.0 ? 1000.0 / mean : 0.0);
  std::fflush(stdout);
}

}  // namespace

int runGui(const GuiOptions& options) {
  // Load the scene first: a bad file is a usage error whether or not there is a display.
  Viewer viewer;
  std::string error;
  if (!viewer.loadInitialScene(options.scenePath, error)) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());
    return kUsageError;
  }

  InputScript script;
  const bool scripted = !options.scriptPath.empty();
  if (scripted && !script.load(options.scriptPath, error)) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());
    return kUsageError;
  }

  const bool screenshotMode = !options.screenshotPath.empty();
  // A screenshot run's image: --size, then the size a script's "resize" asks for.
  int shotWidth = options.width, shotHeight = options.height;
  // A person at the window: settings, autosave and the recovery offer apply. Screenshot and
  // --stats runs are for machines and leave no trace.
  const bool interactive = !screenshotMode && !options.stats;
  int width = options.width, height = options.height;
  bool presentation = options.presentation;
  if (interactive) {
    const Settings settings = loadSettings();
    if (!options.sizeGiven) width = settings.windowWidth, height = settings.windowHeight;
    presentation = presentation || settings.presentation;
  }
  if (!haveDisplay()) {
    reportNoDisplay("no DISPLAY or WAYLAND_DISPLAY is set", options.program);
    return kUsageError;
  }
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) {
    reportNoDisplay("GLFW could not start (" + gLastGlfwError + ")", options.program);
    return kUsageError;
  }

  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // No multisampled window: every primitive is anti-aliased by its own shader, and on
  // software renderers (Mesa llvmpipe) a 4x window costs two thirds of a simple frame.
  // Screenshots use their own multisampled target (render_target.hpp).
  glfwWindowHint(GLFW_SAMPLES, 0);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // A screenshot renders offscreen at exactly the requested size: the window stays hidden
  // so the image does not depend on the screen it would have been shown on.
  glfwWindowHint(GLFW_VISIBLE, screenshotMode ? GLFW_FALSE : GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(width, height, "satlab", nullptr, nullptr);
  if (!window) {
    reportNoDisplay("no OpenGL 3.3 core context (" + gLastGlfwError + ")", options.program);
    glfwTerminate();
    return kUsageError;
  }
  glfwMakeContextCurrent(window);
  // Stats mode measures rendering, not the display's refresh: no vertical sync.
  glfwSwapInterval(screenshotMode || options.stats ? 0 : 1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::fprintf(stderr, "satlab: could not load the OpenGL 3.3 functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return kRuntimeError;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  static std::string iniPath;
  iniPath = screenshotMode ? std::string() : imguiIniPath();
  io.IniFilename = iniPath.empty() ? nullptr : iniPath.c_str();
  float scaleX = 1.0f, scaleY = 1.0f;
  glfwGetWindowContentScale(window, &scaleX, &scaleY);
  const float uiScale = scaleY > 0.0f ? scaleY : 1.0f;
  loadThemeFonts(uiScale);
  viewer.setTheme(presentation, uiScale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exitCode = 0;
  if (!viewer.initGl(error)) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());
    exitCode = kRuntimeError;
  }
  viewer.setWindow(window);
  viewer.startSession(interactive, options.restore);
  std::string title;

  int frame = 0;
  int minimizedFrames = 0;  // frames a script keeps the window "minimised"
  int minimizedSkips = 0;   // frames skipped because the framebuffer was 0 x 0
  std::vector<double> frameMs;
  if (options.stats) frameMs.reserve(static_cast<size_t>(options.frames));
  while (exitCode == 0) {
    const auto frameStart = std::chrono::steady_clock::now();
    glfwPollEvents();
    if (glfwWindowShouldClose(window)) {
      // Unsaved work: the viewer asks first; the window stays until the user decides.
      if (viewer.requestClose()) break;
      glfwSetWindowShouldClose(window, GLFW_FALSE);
    }
    if (const std::string t = viewer.windowTitle(); t != title) {
      title = t;
      glfwSetWindowTitle(window, title.c_str());
    }
    int fbW = 0, fbH = 0;
    glfwGetFramebufferSize(window, &fbW, &fbH);
    if (screenshotMode) {
      fbW = shotWidth;
      fbH = shotHeight;
    }
    if (minimizedFrames > 0) {
      // A script's "minimize": the same path as a real 0 x 0 framebuffer.
      --minimizedFrames;
      fbW = fbH = 0;
    }
    if (fbW <= 0 || fbH <= 0) {
      // Minimised: nothing to draw and no GL calls; sleep until something happens instead
      // of spinning.
      ++minimizedSkips;
      glfwWaitEventsTimeout(minimizedFrames > 0 ? 0.01 : 0.25);
      continue;
    }

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (screenshotMode) {
      io.DisplaySize = ImVec2(static_cast<float>(shotWidth), static_cast<float>(shotHeight));
      io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    }
    if (scripted) {
      script.apply();
      const InputScript::WindowRequest w = script.takeWindowRequest();
      if (w.resizeWidth > 0) {
        glfwSetWindowSize(window, w.resizeWidth, w.resizeHeight);
        if (screenshotMode) {  // the image is the window: it takes the new size from the next frame
          shotWidth = w.resizeWidth;
          shotHeight = w.resizeHeight;
        }
      }
      if (w.minimizeFrames > 0) minimizedFrames = w.minimizeFrames;
    }
    viewer.beforeFrame();  // style and font changes must happen outside a frame
    ImGui::NewFrame();

    viewer.update(fbW, fbH);                // input -> camera and scene
    viewer.draw(fbW, fbH, screenshotMode);  // scene -> batches -> GL
    viewer.drawUi();                        // panels
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++frame;
    if (viewer.windowScreenshotRequested()) {
      // F12: the whole window as the user sees it, panels included.
      const std::vector<std::uint8_t> rgba = viewer.captureRgba(fbW, fbH, screenshotMode);
      viewer.saveWindowScreenshot(rgba, fbW, fbH);
    }
    if (const GLenum glError = glGetError(); glError != GL_NO_ERROR) {
      std::fprintf(stderr, "satlab: OpenGL error 0x%04x in frame %d\n", glError, frame);
      if (screenshotMode) exitCode = kRuntimeError;
    }

    if (options.stats) {
      // CPU and GPU time together: wait for the GPU to finish the frame before the clock.
      if (!screenshotMode) glfwSwapBuffers(window);
      glFinish();
      frameMs.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frameStart).count());
      if (frame >= options.frames) {
        printFrameStats(frameMs, fbW, fbH);
        const RenderCounts& c = viewer.renderCounts();
        std::printf("satlab: stats: last frame simplified %zu shapes to their edges and %zu to dots (draw budget)\n",
                    c.fillsOverBudget, c.dotsOverBudget);
        std::fflush(stdout);
      }
      if (!screenshotMode) {
        if (frame >= options.frames) break;
        continue;
      }
    }

    if (screenshotMode && exitCode == 0 && frame >= options.frames && (!scripted || script.finished())) {
      if (!viewer.writeScreenshot(options.screenshotPath, error)) {
        std::fprintf(stderr, "satlab: %s\n", error.c_str());
        exitCode = kRuntimeError;
      } else {
        std::printf("satlab: wrote %s (%dx%d)\n", options.screenshotPath.c_str(), shotWidth, shotHeight);
      }
      break;
    }
    glfwSwapBuffers(window);
    // A script without --screenshot drives a normal session, which ends with the script.
    if (scripted && !screenshotMode && script.finished() && frame >= options.frames) break;
  }

  if (scripted) {
    std::printf("satlab: title: %s\n", viewer.windowTitle().c_str());
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window, &fw, &fh);
    std::printf("satlab: frames: %d drawn, %d skipped while minimised; framebuffer %dx%d\n", frame, minimizedSkips, fw,
                fh);
    std::printf("satlab: selection: %s\n", viewer.selectionText().c_str());
    std::printf("satlab: %s\n", viewer.expectationStatus().c_str());
    std::printf("satlab: %s\n", viewer.autosaveStatus().c_str());
    std::printf("satlab: %s\n", viewer.explorerStatus().c_str());
    std::printf("%s", viewer.shapePositions().c_str());
  }
  if (!options.saveScenePath.empty()) {
    if (const auto saveError = viewer.saveScene(options.saveScenePath)) {
      std::fprintf(stderr, "satlab: %s\n", saveError->c_str());
      if (exitCode == 0) exitCode = kRuntimeError;
    }
  }
  if (exitCode == 0) {
    int ww = width, wh = height;
    glfwGetWindowSize(window, &ww, &wh);
    viewer.endSession(ww, wh);
  }
  viewer.releaseGl();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exitCode;
}

}  // namespace satlab
