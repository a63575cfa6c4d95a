// The app's half of the web page. The page's half is web/page.js (window.satlabPage);
// the two talk through the EM_JS functions below (app -> page) and the exported
// satlab_* functions at the end (page -> app), which only queue requests: the app acts
// on them between frames, in webBeforeFrame.
#include "web_page.hpp"

#include "page_host.hpp"

#include "i18n/i18n.hpp"

#include "document/recovery.hpp"
#include "document/scene_load.hpp"
#include "mesh/mesh_limits.hpp"
#include "mesh/mesh_load.hpp"
#include "world/recording.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <emscripten.h>
#include <imgui.h>
#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

// ---- app -> page ----
// (JavaScript inside C++: clang-format would split its operators.)
// clang-format off

EM_JS(void, js_set_fullscreen, (int on), { satlabPage.setFullscreen(!!on); });
EM_JS(void, js_share, (const char* text), { satlabPage.share(UTF8ToString(text)); });
EM_JS(void, js_clipboard_write, (const char* text), { satlabPage.writeClipboard(UTF8ToString(text)); });
EM_JS(void, js_storage_set, (const char* key, const char* value),
      { satlabPage.storageSet(UTF8ToString(key), UTF8ToString(value)); });
// The stored text (malloc'd, the caller frees it), or null.
EM_JS(char*, js_storage_get, (const char* key), {
  var v = satlabPage.storageGet(UTF8ToString(key));
  if (v == null) return 0;
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  if (p) stringToUTF8(v, p, n);
  return p;
});
EM_JS(void, js_storage_remove, (const char* key), { satlabPage.storageRemove(UTF8ToString(key)); });
// The canvas's drawing buffer follows its size on the page times the device pixel ratio,
// and GLFW's window with it (emscripten's GLFW reads its size from its own record).
EM_JS(int, js_fit_canvas, (), {
  var c = Module['canvas'];
  if (!c) return 0;
  var r = c.getBoundingClientRect();
  var dpr = window.devicePixelRatio || 1;
  var w = Math.max(16, Math.round(r.width * dpr)), h = Math.max(16, Math.round(r.height * dpr));
  if (c.width == w && c.height == h) return 0;
  c.width = w;
  c.height = h;
  if (typeof GLFW != 'undefined' && GLFW.active) {
    GLFW.active.width = w;
    GLFW.active.height = h;
  }
  return 1;
});
EM_JS(double, js_device_pixel_ratio, (), { return window.devicePixelRatio || 1; });
// The language the link names (#lang=ru), malloc'd; null when it names none.
EM_JS(char*, js_link_language, (), {
  var v = new URLSearchParams(location.hash.substring(1)).get("lang");
  if (v == null) return 0;
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  if (p) stringToUTF8(v, p, n);
  return p;
});
// The browser's languages, most wanted first ("zh-CN,en-US,en"), malloc'd.
EM_JS(char*, js_browser_languages, (), {
  var v = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""]).join(",");
  var n = lengthBytesUTF8(v) + 1;
  var p = _malloc(n);
  if (p) stringToUTF8(v, p, n);
  return p;
});
EM_JS(void, js_language_changed, (const char* code), { satlabPage.languageChanged(UTF8ToString(code)); });

// clang-format on

namespace satlab {

namespace {

/// What the page asked for since the last frame (the satlab_* functions below).
struct Requests {
  std::vector<std::string> files;
  int lesson = 0;  // 1-based; 0: none
  std::optional<std::string> message;
  std::optional<std::string> toast;
  std::optional<bool> startScreen;
  std::optional<bool> student;
  std::optional<Language> language;
};
Requests& requests() {
  static Requests r;
  return r;
}

std::string& clipboard() {
  static std::string text;
  return text;
}
const char* getClipboard(void*) { return clipboard().c_str(); }
void setClipboard(void*, const char* text) {
  clipboard() = text != nullptr ? text : "";
  js_clipboard_write(clipboard().c_str());
}

/// The files the browser keeps between visits (local storage), as the desktop keeps them
/// between runs: the recovery file, the settings and the panel layout.
std::vector<std::string> keptFiles() { return filesKeptBetweenRuns(); }

struct FileSeen {
  bool exists = false;
  long long size = 0;
  long long mtimeNs = 0;
  bool operator!=(const FileSeen& o) const { return exists != o.exists || size != o.size || mtimeNs != o.mtimeNs; }
};
FileSeen seen(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
  return FileSeen{true, static_cast<long long>(st.st_size),
                  static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec};
}

std::vector<FileSeen>& lastSeen() {
  static std::vector<FileSeen> v;
  return v;
}

std::string storageKey(const std::string& path) { return "satlab:file:" + path; }

/// Copies each kept file that changed since the last look into local storage (or removes
/// it there when it is gone), at most every half second.
void syncKeptFiles(bool force) {
  using Clock = std::chrono::steady_clock;
  static Clock::time_point last{};
  const Clock::time_point now = Clock::now();
  if (!force && now - last < std::chrono::milliseconds(500)) return;
  last = now;
  const std::vector<std::string> files = keptFiles();
  lastSeen().resize(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    const FileSeen s = seen(files[i]);
    if (!(s != lastSeen()[i])) continue;
    lastSeen()[i] = s;
    if (!s.exists) {
      js_storage_remove(storageKey(files[i]).c_str());
      continue;
    }
    std::ifstream in(files[i], std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    js_storage_set(storageKey(files[i]).c_str(), text.str().c_str());
  }
}

/// The viewer satlab.state() describes (set once the page has started), and the text
/// of its last answer (the pointer satlab_state returns stays valid until the next call).
PageHost* g_viewer = nullptr;
std::string& pageStateText() {
  static std::string text = "{}";
  return text;
}

bool g_presentation = false;
float g_pixelRatio = 1.0f;
int g_languageGeneration = -1;  // uiLanguageGeneration() when the page was last told

/// A string an EM_JS function malloc'd, freed; empty for null.
std::string takeJsString(char* p) {
  if (p == nullptr) return {};
  std::string s(p);
  std::free(p);
  return s;
}

/// A language code as a link or the settings write it: exactly "en", "ru" or "zh".
std::optional<Language> exactLanguageCode(const std::string& code) {
  const auto lang = languageFromCode(code);
  if (lang && code == languageCode(*lang)) return lang;
  return std::nullopt;
}

/// The language picked in View > Language, as the settings the browser keeps hold it
/// (session.cpp's rule: an exact code); nullopt when none was picked.
std::optional<Language> pickedLanguage() {
  for (const std::string& path : keptFiles()) {
    if (path.size() < 14 || path.compare(path.size() - 14, 14, "/settings.json") != 0) continue;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (!j.is_object() || !j.contains("language") || !j["language"].is_string()) return std::nullopt;
    return exactLanguageCode(j["language"].get<std::string>());
  }
  return std::nullopt;
}

}  // namespace

std::optional<Language> webStartLanguage() {
  // The link's #lang=, else the language picked in View > Language (the settings: the app
  // applies it itself, as on the desktop), else the first of the browser's languages that
  // satlab speaks.
  if (const auto linked = exactLanguageCode(takeJsString(js_link_language()))) return linked;
  if (pickedLanguage()) return std::nullopt;
  return firstLanguageOf(takeJsString(js_browser_languages()));
}

void webRestoreKeptFiles() {
  for (const std::string& path : keptFiles()) {
    char* text = js_storage_get(storageKey(path).c_str());
    if (text == nullptr) continue;
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    std::free(text);
  }
}

void webPageStarted(PageHost& viewer) {
  g_viewer = &viewer;
  viewer.setInBrowser(true);
  ImGuiIO& io = ImGui::GetIO();
  io.GetClipboardTextFn = getClipboard;
  io.SetClipboardTextFn = setClipboard;
  io.ClipboardUserData = nullptr;
  g_presentation = viewer.presentation();
  g_pixelRatio = static_cast<float>(js_device_pixel_ratio());
  syncKeptFiles(true);
  // The page opens what its link names; without one, the start screen, unless there is
  // lost work to offer back first (the recovery question is on screen).
  const auto recovery = recoveryFilePath();
  EM_ASM({ satlabPage.appStarted(Module, !!$0); }, recovery && seen(*recovery).exists ? 1 : 0);
}

void webBeforeFrame(PageHost& viewer) {
  EM_ASM({ satlabPage.frameStart(); });
  js_fit_canvas();
  // The page zoomed or moved to a screen of another density: the UI follows.
  const auto ratio = static_cast<float>(js_device_pixel_ratio());
  if (ratio != g_pixelRatio) {
    g_pixelRatio = ratio;
    viewer.followContentScale();
  }
  Requests& r = requests();
  for (const std::string& f : r.files) viewer.openDroppedFile(f);
  r.files.clear();
  // The student view first, so that the lesson the link names opens in it.
  if (r.student) viewer.setStudentView(*r.student, false);
  r.student.reset();
  if (r.lesson > 0) viewer.openLesson(r.lesson - 1);
  r.lesson = 0;
  if (r.startScreen) viewer.showStartScreen(*r.startScreen);
  r.startScreen.reset();
  if (r.message) viewer.showMessage(*r.message);
  r.message.reset();
  if (r.toast) viewer.showToast(*r.toast);
  r.toast.reset();
  // A link's #lang= changed while the page is open: for this visit, as the link says (the
  // language picked in View > Language stays what it was).
  if (r.language) setUiLanguage(*r.language);
  r.language.reset();
}

void webAfterFrame(PageHost& viewer) {
  if (viewer.takeShareRequest()) {
    std::string error;
    const std::string text = viewer.shareSceneText(error);
    if (text.empty()) {
      char shown[2048];
      std::snprintf(shown, sizeof shown, tr("Could not make a link to this scene:\n%s"), error.c_str());
      viewer.showMessage(shown);
    } else {
      js_share(text.c_str());
    }
  }
  if (viewer.presentation() != g_presentation) {
    g_presentation = viewer.presentation();
    js_set_fullscreen(g_presentation ? 1 : 0);  // the page's full screen follows presentation mode
  }
  syncKeptFiles(false);
  // The page's own text (its dialogs, messages, the link Copy link makes) follows the
  // window's language: View > Language, a link's #lang=.
  if (const int generation = uiLanguageGeneration(); generation != g_languageGeneration) {
    g_languageGeneration = generation;
    js_language_changed(languageCode(uiLanguage()));
  }
  EM_ASM({ satlabPage.frameDone(); });
}

}  // namespace satlab

// ---- page -> app ----

extern "C" {

/// A file the page wrote into its memory file system (picked or dropped): opened or
/// imported at the next frame, as a dropped file is on the desktop.
EMSCRIPTEN_KEEPALIVE void satlab_open_file(const char* path) {
  if (path != nullptr) satlab::requests().files.emplace_back(path);
}

/// satlab.state(): PageHost::pageState's JSON, made when asked (between two frames: the page
/// runs nothing while a frame is drawn), with the window's language ("language": "ru").
EMSCRIPTEN_KEEPALIVE const char* satlab_state() {
  if (satlab::g_viewer != nullptr) {
    nlohmann::json j = nlohmann::json::parse(satlab::g_viewer->pageState(), nullptr, false);
    if (j.is_object()) {
      j["language"] = satlab::languageCode(satlab::uiLanguage());
      satlab::pageStateText() = j.dump();
    } else {
      satlab::pageStateText() = satlab::g_viewer->pageState();
    }
  }
  return satlab::pageStateText().c_str();
}

/// The window's language for this visit, as a link's #lang= names it ("en", "ru", "zh"),
/// from the next frame; not kept in the settings (View > Language is what keeps one).
EMSCRIPTEN_KEEPALIVE void satlab_set_language(const char* code) {
  if (const auto lang = satlab::exactLanguageCode(code != nullptr ? code : "")) satlab::requests().language = lang;
}

/// A built-in lesson, 1 to the number of lessons (a link's #lesson=N).
EMSCRIPTEN_KEEPALIVE void satlab_open_lesson(int number) { satlab::requests().lesson = number; }

EMSCRIPTEN_KEEPALIVE void satlab_show_message(const char* text) {
  if (text != nullptr) satlab::requests().message = text;
}
EMSCRIPTEN_KEEPALIVE void satlab_show_toast(const char* text) {
  if (text != nullptr) satlab::requests().toast = text;
}
EMSCRIPTEN_KEEPALIVE void satlab_show_start_screen(int on) { satlab::requests().startScreen = on != 0; }
/// The student view on or off (a link's "&student"): before the lesson the link names opens.
EMSCRIPTEN_KEEPALIVE void satlab_set_student(int on) { satlab::requests().student = on != 0; }

/// A wheel or pinch, in wheel steps (up: positive y): the page reads the browser's wheel
/// itself (emscripten's GLFW passes its pixels unscaled and unflipped) and hands it to
/// ImGui's GLFW backend, as a desktop wheel would.
EMSCRIPTEN_KEEPALIVE void satlab_scroll(double x, double y) {
  if (GLFWwindow* w = glfwGetCurrentContext()) ImGui_ImplGlfw_ScrollCallback(w, x, y);
}

/// The system clipboard's text, given by the page's paste event before the keys reach the app.
EMSCRIPTEN_KEEPALIVE void satlab_set_clipboard(const char* text) { satlab::clipboard() = text != nullptr ? text : ""; }

/// The largest file of this name's kind the app reads: the page refuses larger ones
/// before reading them into memory.
EMSCRIPTEN_KEEPALIVE double satlab_max_file_bytes(const char* name) {
  const std::string ext = satlab::lowerExtension(name != nullptr ? name : "");
  if (ext == ".jsonl") return static_cast<double>(satlab::kMaxRecordingFileBytes);
  // The page holds a scene file whole in its 32-bit memory: it keeps 16 MiB, far below the
  // desktop loader's kMaxSceneFileBytes (which reads a file a few MiB at a time).
  if (ext == ".json") return 16.0 * 1024.0 * 1024.0;
  return static_cast<double>(satlab::kMaxMeshFileBytes);
}

}  // extern "C"
