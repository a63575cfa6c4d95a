// The browser's side of the platform seam (app/platform.hpp): the page's file picker and
// downloads, the page's canvas with WebGL 2, the page's own UI renderer
// (web/imgui_webgl.hpp) and the browser's animation frames for a loop. The page's requests
// and state around each frame are web/web_page.cpp's.
#include "platform.hpp"

#include "imgui_webgl.hpp"
#include "web_page.hpp"

#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <filesystem>
#include <new>
#include <stdexcept>
#include <system_error>
#include <utility>

// ---- app -> page ----
// clang-format off
EM_JS(void, js_pick_file, (int what), { satlabPage.pickFile(what); });
EM_JS(void, js_download, (const char* path, const char* name),
      { satlabPage.download(UTF8ToString(path), UTF8ToString(name)); });
// clang-format on

namespace satlab::platform {

namespace {
/// A file the user saves is written into the page's memory, in this folder, and then
/// downloaded.
constexpr const char* kDownloadFolder = "/downloads";
}  // namespace

bool pickFile(Pick what) {
  js_pick_file(what == Pick::Mesh ? 1 : 0);  // the chosen file arrives as a drop
  return true;
}

std::optional<std::string> savePathWithoutDialog(const std::string& proposal) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(kDownloadFolder, ec);
  return (fs::path(kDownloadFolder) / fs::path(proposal).filename()).string();
}

void offerDownload(const std::string& path) { js_download(path.c_str(), ""); }

int runBeforeWindow(const std::function<int()>& body) { return body(); }

bool hasDisplay() { return true; }  // the page's canvas

void windowHints() {
  // An opaque canvas without a stencil buffer (nothing draws with one): the browser
  // composites it as is, which on software WebGL is a good part of a frame.
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
}

bool loadGl() { return true; }  // WebGL 2's functions are emscripten's

float contentScale(GLFWwindow*) {
  // The page keeps the canvas at its CSS size times the device pixel ratio (web/page.js):
  // a frame is drawn in device pixels, and the UI is scaled by the ratio.
  return static_cast<float>(emscripten_get_device_pixel_ratio());
}

void waitEvents(double) {}  // the browser calls back each frame

int glErrorCheckInterval() { return 60; }  // once a second

bool uiRendererStart(std::string& error) { return webui::init(error); }
void uiRendererStop() { webui::shutdown(); }
void uiNewFrame() {}
void uiFontsChanged() { webui::fontAtlasRebuilt(); }
void uiRender(ImDrawData* data) { webui::render(data); }

bool runMainLoop(MainLoop loop) {
  // The page owns the loop: one frame per animation frame (emscripten_set_main_loop),
  // for as long as the page is open. The loop is never freed: the page's lifetime.
  auto* frames = new MainLoop(std::move(loop));
  emscripten_set_main_loop_arg(
      [](void* arg) {
        auto* l = static_cast<MainLoop*>(arg);
        // What escapes a frame is reported and the page goes on (a page has no process
        // to end).
        try {
          if (!l->frame()) emscripten_cancel_main_loop();
        } catch (const std::bad_alloc&) {
          l->frameFailed("out of memory");
        } catch (const std::exception& e) {
          l->frameFailed(std::string("internal error: ") + e.what());
        }
      },
      frames, 0, true);
  return false;
}

void appStarted(PageHost& viewer) { webPageStarted(viewer); }
void beforeFrame(PageHost& viewer) { webBeforeFrame(viewer); }
void afterFrame(PageHost& viewer) { webAfterFrame(viewer); }

}  // namespace satlab::platform
