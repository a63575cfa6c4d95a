// The main loop of a window: update -> draw -> UI -> present, and the runs for machines
// (--screenshot, --stats, --script) that drive the same loop.
#include "gui_window.hpp"
#include "input_script.hpp"
#include "options.hpp"
#include "platform.hpp"
#include "viewer.hpp"

#include "check/output_check.hpp"
#include "document/json_path.hpp"
#include "i18n/i18n.hpp"
#include "session.hpp"
#include "ui/clip_audit.hpp"
#include "ui/font_atlas.hpp"
#include "ui/item_rects.hpp"
#include "ui/wrapped_text.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>
#include <imgui_internal.h>
#include "render/gl.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <new>
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
  flushOutput(stdout);
}

/// One run of the window, from the first frame to the last.
class GuiRun {
 public:
  GuiRun(const GuiOptions& options, Viewer& viewer, InputScript& script, GuiWindow& window)
      : options_(options), viewer_(viewer), script_(script), gui_(window), window_(window.handle()) {
    shotWidth_ = options.width;
    shotHeight_ = options.height;
    if (options.stats) frameMs_.reserve(static_cast<size_t>(options.frames));
    setWrapReport(!options.scriptPath.empty());
  }

  /// One frame: events, update, draw, UI, present. False when the run is over (the window
  /// closed, a screenshot written, a script ended): the platform's main loop calls this
  /// (platform.hpp: a loop on the desktop, the browser's animation frames in the page).
  bool frame() {
    if (exitCode_ != 0) return false;
    const auto frameStart = std::chrono::steady_clock::now();
    glfwPollEvents();
    if (viewer_.quitRequested()) return false;
    if (glfwWindowShouldClose(window_)) {
      // Unsaved work: the viewer asks first; the window stays until the user decides.
      if (viewer_.requestClose()) return false;
      glfwSetWindowShouldClose(window_, GLFW_FALSE);
    }
    if (const std::string t = viewer_.shownWindowTitle(); t != title_) {
      title_ = t;
      glfwSetWindowTitle(window_, title_.c_str());
    }
    int fbW = 0, fbH = 0;
    if (!frameSize(fbW, fbH)) return true;
    if (offscreen() && !offscreenReady(fbW, fbH)) return false;
    drawFrame(fbW, fbH);
    gui_.saveLayoutWhenAsked();
    if (options_.stats && recordStats(frameStart, fbW, fbH)) return false;
    if (options_.stats && !offscreen()) return true;
    if (screenshotDue()) {
      writeScreenshot();
      return false;
    }
    if (figureWritten_) return false;
    glfwSwapBuffers(window_);
    // A script without --screenshot drives a normal session, which ends with the script.
    if (scripted() && !offscreen() && script_.finished() && frame_ >= options_.frames) return false;
    return exitCode_ == 0;
  }
  int exitCode() const { return exitCode_; }

  /// What a scripted run prints at its end, for tests and demos.
  void reportScriptedRun() {
    std::printf("satlab: title: %s\n", viewer_.windowTitle().c_str());
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window_, &fw, &fh);
    std::printf("satlab: frames: %d drawn, %d skipped while minimised; framebuffer %dx%d\n", frame_, minimizedSkips_,
                fw, fh);
    std::printf("satlab: %s\n", viewer_.viewStatus().c_str());
    std::printf("satlab: selection: %s\n", viewer_.selectionText().c_str());
    std::printf("satlab: %s\n", viewer_.expectationStatus().c_str());
    std::printf("satlab: %s\n", viewer_.autosaveStatus().c_str());
    std::printf("satlab: %s\n", viewer_.explorerStatus().c_str());
    if (const std::string b = viewer_.betweenFramesStatus(); !b.empty()) std::printf("satlab: %s\n", b.c_str());
    if (const std::string picture = viewer_.pictureStatus(); !picture.empty()) {
      std::printf("satlab: %s\n", picture.c_str());
    }
    if (const std::string card = viewer_.lessonCardStatus(); !card.empty()) std::printf("satlab: %s\n", card.c_str());
    std::printf("%s", viewer_.bvLabReport().c_str());
    std::printf("%s", viewer_.frustumReport().c_str());
    std::printf("%s", viewer_.characterReport().c_str());
    std::printf("satlab: %s\n", viewer_.timeStatus().c_str());
    if (const std::string work = viewer_.workStatus(); !work.empty()) std::printf("satlab: %s\n", work.c_str());
    if (const std::string live = viewer_.liveStatus(); !live.empty()) std::printf("satlab: %s\n", live.c_str());
    if (const std::string bar = viewer_.timeBarStatus(); !bar.empty()) std::printf("satlab: %s\n", bar.c_str());
    if (const std::string plot = viewer_.marginPlotStatus(); !plot.empty()) std::printf("satlab: %s\n", plot.c_str());
    if (const std::string lens = viewer_.precisionStatus(); !lens.empty()) std::printf("satlab: %s\n", lens.c_str());
    std::printf("%s", viewer_.shapePositions().c_str());
    std::printf("satlab: shape labels: %zu\n", viewer_.renderCounts().labels);
    std::printf("satlab: labels under windows: %zu\n", viewer_.labelsUnderWindows());
    std::printf("satlab: %s\n", viewer_.focusedPairReport().c_str());
    std::printf("satlab: numbers on the pair: %zu\n", viewer_.labelsOnThePair());
    std::printf("satlab: %s\n", viewer_.axesWidgetReport().c_str());
    if (const std::string d = viewer_.fileDialogListing(); !d.empty())
      std::printf("satlab: file dialog: %s\n", d.c_str());
    const FontAtlasInfo fonts = fontAtlasInfo();
    // (No build time here: the report of a scripted run is the same on any machine.)
    std::printf("satlab: font atlas: %dx%d, %.1f MB, %d glyphs (%d CJK) in each of 2 sizes, %d builds\n", fonts.width,
                fonts.height, static_cast<double>(fonts.textureBytes) / (1024.0 * 1024.0), fonts.glyphs,
                fonts.cjkGlyphs, fonts.builds);
    std::printf("satlab: missing glyphs: %s\n", missingGlyphsReport(fallbackGlyphs_).c_str());
    {
      // The window's language and how much of its catalog translates (tests/app: a Russian
      // window is Russian; English has no catalog).
      int translated = 0;
      for (const CatalogEntry& e : builtInCatalog(uiLanguage()).entries)
        translated += !e.obsolete && !e.fuzzy && !e.msgstr.empty() && !e.msgstr[0].empty() ? 1 : 0;
      std::printf("satlab: language: %s, %d messages translated, the File menu reads \"%s\"\n",
                  languageCode(uiLanguage()), translated, tr("File"));
    }
    // (Made printable: the text is the scene's, a dropped file's name, a message.)
    for (const std::string& w : wrapped_) std::printf("satlab: wrapped: %s\n", printable(w, 1 << 20).c_str());
    // Where named controls were last drawn, for scripts to click (ui/item_rects.hpp).
    for (const auto& [name, r] : rememberedItems()) {
      std::printf("satlab: item %s at %.0f,%.0f to %.0f,%.0f\n", name.c_str(), static_cast<double>(r.lo.x),
                  static_cast<double>(r.lo.y), static_cast<double>(r.hi.x), static_cast<double>(r.hi.y));
    }
    bool anyClipped = false;
    const bool bothThemes = clippedSeen_[0][0] + clippedSeen_[1][0] + clippedSeen_[2][0] > 0 &&
                            clippedSeen_[0][1] + clippedSeen_[1][1] + clippedSeen_[2][1] > 0;
    for (Language lang : kLanguages) {
      for (int theme = 0; theme < 2; ++theme) {
        const int i = static_cast<int>(lang);
        if (!clippedSeen_[i][theme]) continue;
        // English in one theme as before; otherwise the findings say which language and, in
        // a run that showed both themes (F5), which theme: "[ru presentation] Explorer: ...".
        std::string tag = lang == Language::En ? "" : languageCode(lang);
        if (bothThemes) tag += std::string(tag.empty() ? "" : " ") + (theme == 1 ? "presentation" : "normal");
        if (!tag.empty()) tag = "[" + tag + "] ";
        for (const std::string& c : clipped_[i][theme]) std::printf("satlab: clipped: %s%s\n", tag.c_str(), c.c_str());
        anyClipped = anyClipped || !clipped_[i][theme].empty();
      }
    }
    if (!anyClipped) std::printf("satlab: clipped: none\n");
  }

 private:
  /// A run for machines that draws into an offscreen image of --size, the window hidden:
  /// --screenshot and --figure.
  bool offscreen() const { return !options_.screenshotPath.empty() || figureRun(); }
  bool figureRun() const { return !options_.figurePath.empty(); }
  bool scripted() const { return !options_.scriptPath.empty(); }

  /// A screenshot run's offscreen image at this frame's size (a script may resize it): when
  /// OpenGL cannot make it, the run ends with the reason, never with a picture of nothing.
  bool offscreenReady(int fbW, int fbH) {
    std::string error;
    if (viewer_.prepareOffscreen(fbW, fbH, error)) return true;
    std::fprintf(stderr, "satlab: cannot render the screenshot at %dx%d: %s\n", fbW, fbH, error.c_str());
    exitCode_ = kRuntimeError;
    return false;
  }

  /// This frame's framebuffer size; false (after waiting a little) while there is nothing
  /// to draw into (minimised, really or by a script).
  bool frameSize(int& fbW, int& fbH) {
    glfwGetFramebufferSize(window_, &fbW, &fbH);
    if (offscreen()) {
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
    platform::waitEvents(minimizedFrames_ > 0 ? 0.01 : 0.25);  // (the browser calls back each frame)
    return false;
  }

  void applyScript() {
    script_.apply();
    const InputScript::WindowRequest w = script_.takeWindowRequest();
    if (w.resizeWidth > 0) {
      glfwSetWindowSize(window_, w.resizeWidth, w.resizeHeight);
      if (offscreen()) {  // the image is the window: it takes the new size from the next frame
        shotWidth_ = w.resizeWidth;
        shotHeight_ = w.resizeHeight;
      }
    }
    if (w.minimizeFrames > 0) minimizedFrames_ = w.minimizeFrames;
    if (!w.dropPath.empty()) viewer_.dropFiles({w.dropPath});
    if (w.language >= 0) viewer_.setLanguage(static_cast<Language>(w.language));
    if (w.slowWork >= 0.0) viewer_.setSlowWork(w.slowWork);
  }

  void drawFrame(int fbW, int fbH) {
    platform::uiNewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    // The backend set the wall clock's time since the last frame; a run for machines takes a
    // fixed step instead (motion, the drive, the spin and ImGui's own clock all read it).
    if (options_.fixedStep) io.DeltaTime = kFixedFrameSeconds;
    if (offscreen()) {
      io.DisplaySize = ImVec2(static_cast<float>(shotWidth_), static_cast<float>(shotHeight_));
      io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    }
    if (scripted()) applyScript();
    if (std::vector<std::string> dropped = GuiWindow::takeDroppedFiles(); !dropped.empty()) viewer_.dropFiles(dropped);
    viewer_.beforeFrame();  // style and font changes must happen outside a frame
    if (updateFontAtlas(gui_.contentScale())) {
      // Text in use brought characters the atlas lacked: it was built again with them, and
      // the renderer's texture is made anew from it.
      platform::uiFontsChanged();
    }
    ImGui::NewFrame();
    viewer_.update(fbW, fbH);             // input -> camera and scene
    viewer_.draw(fbW, fbH, offscreen());  // scene -> batches -> GL
    viewer_.drawUi();                     // panels
    if (scripted()) wrapped_ = wrappedThisFrame();
    if (offscreen()) {
      // The picture waits for the panels to settle (ui/clip_audit.hpp): this frame's layout
      // is last frame's.
      std::vector<float> layout = layoutSignature();
      layoutStill_ = layout == layout_;
      layout_ = std::move(layout);
    }
    if (scripted()) {
      // What the panels cut off, reported at the end: the last settled frame of each language
      // in each theme (a run with a picture waits for the panels to settle), so that a script
      // that switches language (lang ru) and theme (F5) audits every screen it shows, each as
      // it is once laid out.
      const int lang = static_cast<int>(uiLanguage()), theme = viewer_.presentation() ? 1 : 0;
      if (!clippedStill_[lang][theme] || !offscreen() || layoutStill_) clipped_[lang][theme] = clippedContent();
      clippedSeen_[lang][theme] = true;
      clippedStill_[lang][theme] = clippedStill_[lang][theme] || (offscreen() && layoutStill_);
    }
    // Figures are drawn from this frame's state, inside the ImGui frame (their labels and
    // pictures are ImGui's): the dialog's, and --figure's in the run's last frame.
    viewer_.exportAskedFigure();
    if (figureRun() && exitCode_ == 0 && frame_ + 1 >= options_.frames && settled(frame_ + 1) &&
        (!scripted() || script_.finished())) {
      writeFigure(fbW, fbH);
    }
    ImGui::Render();
    if (scripted()) fallbackGlyphs_ = fallbackGlyphsDrawn(ImGui::GetDrawData());  // characters the atlas lacks
    platform::uiRender(ImGui::GetDrawData());
    ++frame_;
    if (viewer_.windowScreenshotRequested()) {
      // F12: the whole window as the user sees it, panels included.
      const std::vector<std::uint8_t> rgba = viewer_.captureRgba(fbW, fbH, offscreen());
      viewer_.saveWindowScreenshot(rgba, fbW, fbH);
    }
    // In a browser glGetError waits for the GPU process to finish the frame: there it is
    // asked once a second.
    const int glEvery = platform::glErrorCheckInterval();
    const bool askGl = glEvery <= 1 || frame_ % glEvery == 1;
    if (const GLenum glError = askGl ? glGetError() : GL_NO_ERROR; glError != GL_NO_ERROR) {
      std::fprintf(stderr, "satlab: OpenGL error 0x%04x in frame %d\n", glError, frame_);
      if (offscreen()) exitCode_ = kRuntimeError;
    }
  }

  /// --stats: the frame's time; true when the run has measured its frames and ends.
  bool recordStats(std::chrono::steady_clock::time_point frameStart, int fbW, int fbH) {
    // CPU and GPU time together: wait for the GPU to finish the frame before the clock.
    if (!offscreen()) glfwSwapBuffers(window_);
    glFinish();
    frameMs_.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frameStart).count());
    if (frame_ < options_.frames) return false;
    printFrameStats(frameMs_, fbW, fbH);
    const RenderCounts& c = viewer_.renderCounts();
    std::printf("satlab: stats: last frame simplified %zu shapes to their edges and %zu to dots (draw budget)\n",
                c.fillsOverBudget, c.dotsOverBudget);
    flushOutput(stdout);
    return !offscreen();
  }

  bool screenshotDue() const {
    return !options_.screenshotPath.empty() && exitCode_ == 0 && frame_ >= options_.frames && settled(frame_) &&
           (!scripted() || script_.finished());
  }

  /// A picture is taken once the panels are where they were the frame before (the first
  /// frames size windows, scroll bars and table columns from the one before), or after
  /// kSettleFramesAtMost more frames than asked, whatever still moves (a text that changes
  /// width as time plays).
  bool settled(int framesDrawn) const { return layoutStill_ || framesDrawn >= options_.frames + kSettleFramesAtMost; }
  static constexpr int kSettleFramesAtMost = 12;

  void writeScreenshot() {
    std::string error;
    const std::string& target = options_.screenshotTarget.empty() ? options_.screenshotPath : options_.screenshotTarget;
    if (!viewer_.writeScreenshot(target, error)) {
      // Named as the user wrote it, not as the copy of a descriptor it was written through.
      if (target != options_.screenshotPath && error.compare(0, target.size(), target) == 0) {
        error.replace(0, target.size(), options_.screenshotPath);
      }
      std::fprintf(stderr, "satlab: %s\n", error.c_str());
      exitCode_ = kRuntimeError;
    } else {
      std::printf("satlab: wrote %s (%dx%d)\n", options_.screenshotPath.c_str(), shotWidth_, shotHeight_);
    }
  }

  /// --figure: the figures of this frame, written, and what they hold said.
  void writeFigure(int fbW, int fbH) {
    FigureRequest request;
    request.path = options_.figurePath;
    request.options = options_.figure;
    request.step = options_.figureStep > 0 ? options_.figureStep : 0;
    request.everyStep = options_.figureStep == kEveryFigureStep;
    request.windowSize = glm::vec2(static_cast<float>(fbW), static_cast<float>(fbH));
    const FigureOutcome out = viewer_.exportFigure(request, NonRegularTarget::WriteInPlace);
    for (const std::string& line : out.report) std::printf("satlab: %s\n", line.c_str());
    if (!out.ok) {
      std::fprintf(stderr, "satlab: --figure: %s\n", out.error.c_str());
      exitCode_ = out.refused ? kUsageError : kRuntimeError;
    }
    flushOutput(stdout);
    figureWritten_ = true;
  }

  const GuiOptions& options_;
  Viewer& viewer_;
  InputScript& script_;
  GuiWindow& gui_;
  GLFWwindow* window_;
  int exitCode_ = 0;
  bool figureWritten_ = false;
  int shotWidth_ = 0, shotHeight_ = 0;
  int frame_ = 0;
  std::vector<float> layout_;  // where the panels were last frame (ui/clip_audit.hpp)
  bool layoutStill_ = false;   // and they are there again this frame
  int minimizedFrames_ = 0;    // frames a script keeps the window "minimised"
  int minimizedSkips_ = 0;     // frames skipped because the framebuffer was 0 x 0
  std::vector<double> frameMs_;
  std::string title_;
  // Each language's (En, Ru, Zh) last frame's clipped text in each theme (normal, presentation),
  // ui/clip_audit.hpp.
  std::vector<std::string> clipped_[3][2];
  bool clippedSeen_[3][2] = {};
  bool clippedStill_[3][2] = {};      // a settled frame of the language in the theme was audited
  std::vector<std::string> wrapped_;  // the last frame's texts that wrapped (ui/wrapped_text.hpp)
  int fallbackGlyphs_ = 0;            // the last frame's glyphs drawn as the fallback (ui/font_atlas.hpp)
};

/// Everything one run of the window holds, in the order it is made and the reverse of
/// the order it goes: the scene, the window (GLFW, GL, ImGui), the frames.
struct GuiApp {
  GuiOptions options;  // the run's (GuiRun keeps a reference to them)
  Viewer viewer;
  InputScript script;
  std::unique_ptr<GuiWindow> window;
  std::unique_ptr<GuiRun> run;
  GuiWindow::Options windowOptions;
  bool interactive = false;
};

/// Loads the scene and the script, opens the window and starts the session; the exit code
/// when that fails (app->run is then null).
int startGui(const GuiOptions& options, GuiApp& app) {
  // Load the scene first: a bad file is a usage error whether or not there is a display.
  Viewer& viewer = app.viewer;
  std::string error;
  // A million shapes take seconds: the terminal says how far they have got.
  bool loaded = false;
  const int code = platform::runBeforeWindow([&] {
    loaded = viewer.loadInitialScene(options.scenePath, error);
    return 0;
  });
  if (code != 0) return code;  // stopped by Ctrl+C
  if (!loaded) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());  // once the progress line is cleared
    return kUsageError;
  }
  if (!options.scriptPath.empty() && !app.script.load(options.scriptPath, error)) {
    std::fprintf(stderr, "satlab: %s\n", error.c_str());
    return kUsageError;
  }

  const bool screenshotMode = !options.screenshotPath.empty() || !options.figurePath.empty();
  // A person at the window: settings, autosave and the recovery offer apply. Screenshot and
  // --stats runs are for machines and leave no trace.
  app.interactive = !screenshotMode && !options.stats;
  GuiWindow::Options& w = app.windowOptions;
  w.width = options.width;
  w.height = options.height;
  bool presentation = options.presentation;
  Settings settings;
  if (app.interactive) {
    settings = loadSettings();  // once: a settings file it ignores is warned about once
    if (!options.sizeGiven) w.width = settings.windowWidth, w.height = settings.windowHeight;
    presentation = presentation || settings.presentation;
  }
  // --lang, else the language picked in View > Language, else the system's. A run for
  // machines (a screenshot, --stats) reads no settings: the system's or --lang decides.
  if (options.language) {
    setUiLanguage(*options.language);
  } else if (const auto picked = languageFromCode(settings.language); picked && !settings.language.empty()) {
    setUiLanguage(*picked);
  } else {
    setUiLanguage(languageFromEnvironment());
  }
  // A screenshot renders offscreen at exactly the requested size: the window stays hidden
  // so the image does not depend on the screen it would have been shown on.
  w.visible = !screenshotMode;
  // Stats mode measures rendering, not the display's refresh: no vertical sync.
  w.vsync = !screenshotMode && !options.stats;
  w.keepLayout = !screenshotMode;
  app.window = std::make_unique<GuiWindow>(w);
  GuiWindow& window = *app.window;
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
  } else if (screenshotMode && !viewer.prepareOffscreen(options.width, options.height, error)) {
    // Before any frame: a size this OpenGL cannot render is a wrong argument here.
    std::fprintf(stderr, "satlab: --size %dx%d: %s\n", options.width, options.height, error.c_str());
    return kUsageError;
  }
  viewer.setWindow(window.handle());
  viewer.setFixedStep(options.fixedStep);
  viewer.startSession(app.interactive, options.restore, settings);
  if (options.listenPort > 0 && !viewer.startListening(options.listenPort, error)) {
    std::fprintf(stderr, "satlab: --listen: cannot listen on %s\n", error.c_str());
    return kRuntimeError;
  }
  if (options.student) viewer.setStudentView(true, options.scenePath.empty());
  app.run = std::make_unique<GuiRun>(options, viewer, app.script, window);
  return exitCode;
}

/// After the last frame: the script's report, --save-scene, the session's end. (A page has
/// no last frame: it goes when its tab closes, and its autosave stays for the next visit.)
int finishGui(const GuiOptions& options, GuiApp& app, int exitCode) {
  Viewer& viewer = app.viewer;
  if (!options.scriptPath.empty() && app.run) app.run->reportScriptedRun();
  if (!options.saveScenePath.empty()) {
    flushOutput(stdout);  // --save-scene /dev/stdout comes after what was printed
    if (const auto saveError = viewer.saveScene(options.saveScenePath)) {
      std::fprintf(stderr, "satlab: %s\n", saveError->c_str());
      if (exitCode == 0) exitCode = kRuntimeError;
    }
  }
  if (exitCode == 0 && app.window) {
    int ww = app.windowOptions.width, wh = app.windowOptions.height;
    glfwGetWindowSize(app.window->handle(), &ww, &wh);
    viewer.endSession(ww, wh);
  }
  if (app.window && app.window->failure() == GuiWindow::Failure::None) {
    viewer.releaseGl();  // while the context is still current; the window goes after
  }
  return exitCode;
}

/// A frame that threw: the message on the console and in a dialog. The frame's ImGui
/// state is ended so that the next frame starts clean.
void reportFrameFailure(Viewer& viewer, const std::string& what) {
  std::fprintf(stderr, "satlab: %s\n", what.c_str());
  ImGuiContext* g = ImGui::GetCurrentContext();
  if (g != nullptr && g->WithinFrameScope) {
    ImGui::ErrorCheckEndFrameRecover(nullptr);
    ImGui::EndFrame();
  }
  viewer.showFrameFailure(what);
}

}  // namespace

int runGui(const GuiOptions& options) {
  // Shared with the frames: in the browser the page owns the loop and calls them after
  // this call has returned, and the app lives as long as the page (which has no last
  // frame: it goes when its tab closes, and its autosave stays for the next visit).
  const auto app = std::make_shared<GuiApp>();
  app->options = options;
  int exitCode = startGui(app->options, *app);
  if (exitCode == 0 && app->run) {
    platform::appStarted(app->viewer);
    platform::MainLoop loop;
    loop.frame = [app] {
      platform::beforeFrame(app->viewer);
      const bool more = app->run->frame();
      platform::afterFrame(app->viewer);
      return more;
    };
    loop.frameFailed = [app](const std::string& what) { reportFrameFailure(app->viewer, what); };
    if (!platform::runMainLoop(std::move(loop))) return 0;
    exitCode = app->run->exitCode();
  }
  return finishGui(app->options, *app, exitCode);
}

}  // namespace satlab
