// The main loop of a window: update -> draw -> UI -> present, and the runs for machines
// (--screenshot, --stats, --script) that drive the same loop.
#include "gui_window.hpp"
#include "input_script.hpp"
#include "options.hpp"
#include "viewer.hpp"

#include "session.hpp"
#include "ui/clip_audit.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace satlab {

namespace {

constexpr int kUsageError = 2;
constexpr int kRuntimeError = 1;

void reportNoDisplay(const std::string& detail, const std::string& program) {
  std::fprintf(stderr,
               "satlab: cannot open a window: %s\n"
               "satlab needs a display. To run it headless, use a virtual X server:\n"
               "  xvfb-run -a %s SCENE --screenshot out.png\n",
               detail.c_str(), program.c_str());
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

/// One run of the window, from the first frame to the last.
class GuiRun {
 public:
  GuiRun(const GuiOptions& options, Viewer& viewer, InputScript& script, GLFWwindow* window)
      : options_(options), viewer_(viewer), script_(script), window_(window) {
    shotWidth_ = options.width;
    shotHeight_ = options.height;
    if (options.stats) frameMs_.reserve(static_cast<size_t>(options.frames));
  }

  /// Frames until the window closes or the run's work is done; the exit code.
  int loop() {
    while (exitCode_ == 0) {
      const auto frameStart = std::chrono::steady_clock::now();
      glfwPollEvents();
      if (viewer_.quitRequested()) break;
      if (glfwWindowShouldClose(window_)) {
        // Unsaved work: the viewer asks first; the window stays until the user decides.
        if (viewer_.requestClose()) break;
        glfwSetWindowShouldClose(window_, GLFW_FALSE);
      }
      if (const std::string t = viewer_.windowTitle(); t != title_) {
        title_ = t;
        glfwSetWindowTitle(window_, title_.c_str());
      }
      int fbW = 0, fbH = 0;
      if (!frameSize(fbW, fbH)) continue;
      drawFrame(fbW, fbH);
      if (options_.stats && recordStats(frameStart, fbW, fbH)) break;
      if (options_.stats && !screenshotMode()) continue;
      if (screenshotDue()) {
        writeScreenshot();
        break;
      }
      glfwSwapBuffers(window_);
      // A script without --screenshot drives a normal session, which ends with the script.
      if (scripted() && !screenshotMode() && script_.finished() && frame_ >= options_.frames) break;
    }
    return exitCode_;
  }

  /// What a scripted run prints at its end, for tests and demos.
  void reportScriptedRun() {
    std::printf("satlab: title: %s\n", viewer_.windowTitle().c_str());
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window_, &fw, &fh);
    std::printf("satlab: frames: %d drawn, %d skipped while minimised; framebuffer %dx%d\n", frame_, minimizedSkips_,
                fw, fh);
    std::printf("satlab: selection: %s\n", viewer_.selectionText().c_str());
    std::printf("satlab: %s\n", viewer_.expectationStatus().c_str());
    std::printf("satlab: %s\n", viewer_.autosaveStatus().c_str());
    std::printf("satlab: %s\n", viewer_.explorerStatus().c_str());
    std::printf("%s", viewer_.bvLabReport().c_str());
    std::printf("%s", viewer_.frustumReport().c_str());
    std::printf("%s", viewer_.characterReport().c_str());
    std::printf("satlab: %s\n", viewer_.timeStatus().c_str());
    std::printf("%s", viewer_.shapePositions().c_str());
    std::printf("satlab: shape labels: %zu\n", viewer_.renderCounts().labels);
    std::printf("satlab: labels under windows: %zu\n", viewer_.labelsUnderWindows());
    if (clipped_.empty()) std::printf("satlab: clipped: none\n");
    for (const std::string& c : clipped_) std::printf("satlab: clipped: %s\n", c.c_str());
  }

 private:
  bool screenshotMode() const { return !options_.screenshotPath.empty(); }
  bool scripted() const { return !options_.scriptPath.empty(); }

  /// This frame's framebuffer size; false (after waiting a little) while there is nothing
  /// to draw into (minimised, really or by a script).
  bool frameSize(int& fbW, int& fbH) {
    glfwGetFramebufferSize(window_, &fbW, &fbH);
    if (screenshotMode()) {
      // A screenshot run's image: --size, then the size a script's "resize" asks for.
      fbW = shotWidth_;
      fbH = shotHeight_;
    }
    if (minimizedFrames_ > 0) {
      // A script's "minimize": the same path as a real 0 x 0 framebuffer.
      --minimizedFrames_;
      fbW = fbH = 0;
    }
    if (fbW > 0 && fbH > 0) return true;
    // Minimised: nothing to draw and no GL calls; sleep until something happens instead of
    // spinning.
    ++minimizedSkips_;
    glfwWaitEventsTimeout(minimizedFrames_ > 0 ? 0.01 : 0.25);
    return false;
  }

  void applyScript() {
    script_.apply();
    const InputScript::WindowRequest w = script_.takeWindowRequest();
    if (w.resizeWidth > 0) {
      glfwSetWindowSize(window_, w.resizeWidth, w.resizeHeight);
      if (screenshotMode()) {  // the image is the window: it takes the new size from the next frame
        shotWidth_ = w.resizeWidth;
        shotHeight_ = w.resizeHeight;
      }
    }
    if (w.minimizeFrames > 0) minimizedFrames_ = w.minimizeFrames;
    if (!w.dropPath.empty()) viewer_.dropFiles({w.dropPath});
  }

  void drawFrame(int fbW, int fbH) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    if (screenshotMode()) {
      io.DisplaySize = ImVec2(static_cast<float>(shotWidth_), static_cast<float>(shotHeight_));
      io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    }
    if (scripted()) applyScript();
    if (std::vector<std::string> dropped = GuiWindow::takeDroppedFiles(); !dropped.empty()) viewer_.dropFiles(dropped);
    viewer_.beforeFrame();  // style and font changes must happen outside a frame
    ImGui::NewFrame();
    viewer_.update(fbW, fbH);                     // input -> camera and scene
    viewer_.draw(fbW, fbH, screenshotMode());     // scene -> batches -> GL
    viewer_.drawUi();                             // panels
    if (scripted()) clipped_ = clippedContent();  // what the panels cut off, reported at the end
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++frame_;
    if (viewer_.windowScreenshotRequested()) {
      // F12: the whole window as the user sees it, panels included.
      const std::vector<std::uint8_t> rgba = viewer_.captureRgba(fbW, fbH, screenshotMode());
      viewer_.saveWindowScreenshot(rgba, fbW, fbH);
    }
    if (const GLenum glError = glGetError(); glError != GL_NO_ERROR) {
      std::fprintf(stderr, "satlab: OpenGL error 0x%04x in frame %d\n", glError, frame_);
      if (screenshotMode()) exitCode_ = kRuntimeError;
    }
  }

  /// --stats: the frame's time; true when the run has measured its frames and ends.
  bool recordStats(std::chrono::steady_clock::time_point frameStart, int fbW, int fbH) {
    // CPU and GPU time together: wait for the GPU to finish the frame before the clock.
    if (!screenshotMode()) glfwSwapBuffers(window_);
    glFinish();
    frameMs_.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frameStart).count());
    if (frame_ < options_.frames) return false;
    printFrameStats(frameMs_, fbW, fbH);
    const RenderCounts& c = viewer_.renderCounts();
    std::printf("satlab: stats: last frame simplified %zu shapes to their edges and %zu to dots (draw budget)\n",
                c.fillsOverBudget, c.dotsOverBudget);
    std::fflush(stdout);
    return !screenshotMode();
  }

  bool screenshotDue() const {
    return screenshotMode() && exitCode_ == 0 && frame_ >= options_.frames && (!scripted() || script_.finished());
  }

  void writeScreenshot() {
    std::string error;
    if (!viewer_.writeScreenshot(options_.screenshotPath, error)) {
      std::fprintf(stderr, "satlab: %s\n", error.c_str());
      exitCode_ = kRuntimeError;
    } else {
      std::printf("satlab: wrote %s (%dx%d)\n", options_.screenshotPath.c_str(), shotWidth_, shotHeight_);
    }
  }

  const GuiOptions& options_;
  Viewer& viewer_;
  InputScript& script_;
  GLFWwindow* window_;
  int exitCode_ = 0;
  int shotWidth_ = 0, shotHeight_ = 0;
  int frame_ = 0;
  int minimizedFrames_ = 0;  // frames a script keeps the window "minimised"
  int minimizedSkips_ = 0;   // frames skipped because the framebuffer was 0 x 0
  std::vector<double> frameMs_;
  std::string title_;
  std::vector<std::string> clipped_;  // the last frame's clipped text (ui/clip_audit.hpp)
};

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
  if (!options.scriptPath.empty() && !script.load(options.scriptPath, error)) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());
    return kUsageError;
  }

  const bool screenshotMode = !options.screenshotPath.empty();
  // A person at the window: settings, autosave and the recovery offer apply. Screenshot and
  // --stats runs are for machines and leave no trace.
  const bool interactive = !screenshotMode && !options.stats;
  GuiWindow::Options w;
  w.width = options.width;
  w.height = options.height;
  bool presentation = options.presentation;
  if (interactive) {
    const Settings settings = loadSettings();
    if (!options.sizeGiven) w.width = settings.windowWidth, w.height = settings.windowHeight;
    presentation = presentation || settings.presentation;
  }
  // A screenshot renders offscreen at exactly the requested size: the window stays hidden
  // so the image does not depend on the screen it would have been shown on.
  w.visible = !screenshotMode;
  // Stats mode measures rendering, not the display's refresh: no vertical sync.
  w.vsync = !screenshotMode && !options.stats;
  w.keepLayout = !screenshotMode;
  GuiWindow window(w);
  if (window.failure() == GuiWindow::Failure::NoDisplay) {
    reportNoDisplay(window.error(), options.program);
    return kUsageError;
  }
  if (window.failure() == GuiWindow::Failure::NoGl) {
    std::fprintf(stderr, "satlab: %s\n", window.error().c_str());
    return kRuntimeError;
  }

  viewer.setTheme(presentation, window.contentScale());
  int exitCode = 0;
  if (!viewer.initGl(error)) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());
    exitCode = kRuntimeError;
  }
  viewer.setWindow(window.handle());
  viewer.startSession(interactive, options.restore);
  GuiRun run(options, viewer, script, window.handle());
  if (exitCode == 0) exitCode = run.loop();
  if (!options.scriptPath.empty()) run.reportScriptedRun();
  if (!options.saveScenePath.empty()) {
    if (const auto saveError = viewer.saveScene(options.saveScenePath)) {
      std::fprintf(stderr, "satlab: %s\n", saveError->c_str());
      if (exitCode == 0) exitCode = kRuntimeError;
    }
  }
  if (exitCode == 0) {
    int ww = w.width, wh = w.height;
    glfwGetWindowSize(window.handle(), &ww, &wh);
    viewer.endSession(ww, wh);
  }
  viewer.releaseGl();  // while the context is still current; the window goes after
  return exitCode;
}

}  // namespace satlab
