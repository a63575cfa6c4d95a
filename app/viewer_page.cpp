// The Viewer's side of the web page (page_host.hpp): the start screen's lesson picker, the
// scene a shared link carries, and satlab.state() (web/web_page.cpp calls these; they build
// on the desktop too, where nothing calls them).
#include "viewer.hpp"

#include "document/lesson.hpp"
#include "document/recovery.hpp"
#include "document/scene_save.hpp"
#include "gui_window.hpp"
#include "session.hpp"
#include "ui/dialogs.hpp"
#include "ui/font_atlas.hpp"
#include "ui/item_rects.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

namespace satlab {

std::vector<std::string> filesKeptBetweenRuns() {
  std::vector<std::string> files;
  if (const auto recovery = recoveryFilePath()) files.push_back(*recovery);
  const std::string config = configFolder();
  if (!config.empty()) {
    files.push_back(config + "/settings.json");
    files.push_back(config + "/imgui.ini");
  }
  return files;
}

void Viewer::followContentScale() { setTheme(presentation(), GuiWindow::contentScaleOf(nullptr)); }

void Viewer::openDroppedFile(const std::string& path) { GuiWindow::addDroppedFile(path); }

bool Viewer::takeShareRequest() {
  const bool asked = shareRequested_;
  shareRequested_ = false;
  return asked;
}

std::string Viewer::shareSceneText(std::string& error) {
  const Scene& scene = doc_.scene();  // the scene at t = 0, as it is saved
  LessonDraft draft;
  draft.title = scene.title;
  draft.notes = scene.notes;
  draft.state = view_.lessonStateNow(shownScene());
  std::optional<Scene> shared = sceneWithLesson(scene, draft, error);
  if (!shared) return {};
  return sceneToJson(*shared, MeshWrite::Inline);
}

std::string Viewer::pageState() {
  using nlohmann::json;
  const Scene& scene = shownScene();
  json s;
  s["frame"] = ImGui::GetCurrentContext() != nullptr ? ImGui::GetFrameCount() : 0;
  s["title"] = scene.title;
  s["file"] = doc_.name();
  s["shapes"] = scene.shapes.size();
  s["lesson"] = doc_.lessonIndex() + 1;  // 1 to the number of lessons; 0: not a built-in lesson
  s["lessons"] = doc_.lessonTitles().size();
  s["startScreen"] = startScreen_;
  s["presentation"] = view_.presentation();
  s["panelsHidden"] = view_.panelsHidden();
  s["student"] = student_.on();
  s["score"] = {{"right", view_.explorer().predictRight()}, {"asked", view_.explorer().predictAsked()}};
  s["unsaved"] = doc_.session().dirty();
  s["toast"] = doc_.toast();
  s["selection"] = selectionText();
  const LessonState camera = view_.lessonStateNow(scene);
  s["camera"] = {{"yawDeg", camera.yawDeg.value_or(0.0f)},
                 {"pitchDeg", camera.pitchDeg.value_or(0.0f)},
                 {"distance", camera.distance.value_or(0.0f)}};
  s["autosave"] = autosaveStatus();
  s["work"] = doc_.workStatus();         // work running now, or ""
  s["lastWork"] = doc_.lastWorkShown();  // the last work whose indicator was drawn
  s["expectations"] = expectationStatus();
  // The characters asked for that the font atlas lacks, as a scripted run reports them.
  s["missingGlyphs"] = missingGlyphsReport(fallbackGlyphsDrawn(ImGui::GetDrawData()));
  const FontAtlasInfo fonts = fontAtlasInfo();
  s["fontAtlas"] = {{"width", fonts.width},         {"height", fonts.height}, {"glyphs", fonts.glyphs},
                    {"cjkGlyphs", fonts.cjkGlyphs}, {"builds", fonts.builds}, {"buildMs", fonts.buildMs},
                    {"cjkFont", fonts.cjkFont}};
  // The dialog on top (an ImGui popup: the recovery offer, a message), by its title.
  json dialog = nullptr;
  if (const ImGuiContext* g = ImGui::GetCurrentContext(); g != nullptr && !g->OpenPopupStack.empty()) {
    const ImGuiPopupData& top = g->OpenPopupStack.back();
    if (top.Window != nullptr) {
      // A translated title ("...###Unsaved changes", ui/dialogs.hpp's dialogName) by its English id.
      const std::string name = top.Window->Name;
      const std::size_t id = name.find("###");
      dialog = id == std::string::npos ? name : name.substr(id + 3);
    }
  }
  s["dialog"] = dialog;
  s["message"] = dialog.is_string() && dialog.get<std::string>() == kMessageDialog ? doc_.message() : std::string();
  const Explorer& explorer = view_.explorer();
  const int n = static_cast<int>(scene.shapes.size());
  if (explorer.hasFocus() && explorer.focusA < n && explorer.focusB < n) {
    const PairTrace& t = explorer.trace();
    json pair;
    pair["a"] = scene.shapes[static_cast<size_t>(explorer.focusA)].name;
    pair["b"] = scene.shapes[static_cast<size_t>(explorer.focusB)].name;
    pair["test"] = std::string(testName(t.test));
    pair["verdict"] = explorer.predictHidesAnswer() ? "hidden" : (t.overlap ? "overlap" : "separated");
    const int steps = explorer.stepCount();
    pair["steps"] = steps;
    pair["step"] = steps > 0 ? explorer.step + 1 : 0;  // counted from 1, as the panel shows it
    // SAT pairs: the axis the early-exit test stops at (the separating one when there is
    // one) and the axis of the current step.
    const SatTrace& sat = t.sat;
    const auto rowLabel = [&](int row) -> json {
      if (row < 0 || row >= static_cast<int>(sat.rows.size())) return nullptr;
      return std::string(label(sat.rows[static_cast<size_t>(row)].id));
    };
    pair["separatingAxis"] = rowLabel(sat.separatingRow);
    pair["stopsAt"] = rowLabel(sat.stopRow);
    pair["stopStep"] = sat.stopRow >= 0 ? sat.stopRow + 1 : 0;
    pair["currentAxis"] = rowLabel(explorer.step);
    s["pair"] = pair;
  } else {
    s["pair"] = nullptr;
  }
  // Where the shapes are on screen, with their colours (at most the first 64).
  json shapes = json::array();
  for (const SceneView::ShapeOnScreen& o : view_.shapesOnScreen(scene)) {
    if (shapes.size() >= 64) break;
    shapes.push_back({{"name", o.name}, {"x", o.px.x}, {"y", o.px.y}, {"rgb", {o.color.r, o.color.g, o.color.b}}});
  }
  s["shapesOnScreen"] = shapes;
  json items = json::object();
  for (const auto& [name, r] : rememberedItems()) items[name] = {r.lo.x, r.lo.y, r.hi.x - r.lo.x, r.hi.y - r.lo.y};
  s["items"] = items;
  s["explorer"] = explorerStatus();
  s["precision"] = precisionStatus();
  return s.dump();
}

void Viewer::drawStartScreen() {
  const ImGuiIO& io = ImGui::GetIO();
  const float font = ImGui::GetFontSize();
  const ImVec2 size(std::min(io.DisplaySize.x * 0.9f, font * 34.0f), std::min(io.DisplaySize.y * 0.86f, font * 36.0f));
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::SetNextWindowFocus();
  bool open = true;
  const std::string windowName = std::string(tr("Welcome to satlab")) + "###start";
  if (!ImGui::Begin(windowName.c_str(), &open,
                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                        ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    if (!open) startScreen_ = false;
    return;
  }
  textWrapped("%s", tr("Collision tests between bounding volumes, run live and shown step by step: every candidate "
                       "axis of the separating axis theorem with both intervals, the slab test's t-intervals, the "
                       "closest point."));
  ImGui::Spacing();
  ImGui::TextUnformatted(tr("Start a lesson:"));
  const std::vector<std::string>& titles = doc_.lessonTitles();
  const float below = ImGui::GetFrameHeightWithSpacing() * 2.0f + ImGui::GetTextLineHeightWithSpacing() * 2.0f;
  ImGui::BeginChild("##lessons", ImVec2(0.0f, std::max(ImGui::GetContentRegionAvail().y - below, font * 4.0f)), true);
  int chosen = -1;
  for (size_t i = 0; i < titles.size(); ++i) {
    const std::string item = titles[i] + "##lesson" + std::to_string(i);  // "Lesson 1: two AABBs, ..."
    if (ImGui::Selectable(item.c_str())) chosen = static_cast<int>(i);
    if (i == 0) rememberItem("start.lesson1");
  }
  ImGui::EndChild();
  if (ImGui::Button(L("Explore the default scene"))) startScreen_ = false;
  rememberItem("start.explore");
  ImGui::SameLine();
  if (ImGui::Button(L("Open a file..."))) {
    startScreen_ = false;
    doc_.askOpenDialog();
  }
  ImGui::TextDisabled("%s", tr("Or drop a scene, recording or mesh file onto the page."));
  ImGui::End();
  if (!open) startScreen_ = false;
  if (chosen >= 0) {
    startScreen_ = false;
    doc_.askToOpenLesson(chosen);
  }
}

}  // namespace satlab
