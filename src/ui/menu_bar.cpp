#include "ui/menu_bar.hpp"

#include "i18n/i18n.hpp"
#include "ui/history_panel.hpp"
#include "ui/item_rects.hpp"

#include <cstdio>

#include <imgui.h>

namespace satlab {

MenuCommands drawMenus(const MenuState& s) {
  MenuCommands c;
  c.uiScale = s.uiScale;
  const bool fileMenu = ImGui::BeginMenu(L("File"));
  rememberItem("menu.file");
  if (fileMenu) {
    c.newScene = ImGui::MenuItem(L("New"), "Ctrl+N");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("An empty scene to build (Edit > Undo brings this one back)"));
    c.newLevel = ImGui::MenuItem(L("New level..."));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("A generated level in motion: a floor, walls, statics and movers"));
    c.open = ImGui::MenuItem(L("Open..."), "Ctrl+O");
    if (s.inBrowser && ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("A scene (.json), recording (.jsonl) or mesh file"));
    const bool anyRecent = s.recent != nullptr && !s.recent->empty();
    if (!s.inBrowser && ImGui::BeginMenu(L("Open recent"), anyRecent)) {
      for (size_t i = 0; anyRecent && i < s.recent->size(); ++i) {
        if (ImGui::MenuItem((*s.recent)[i].c_str())) c.openRecent = static_cast<int>(i);
      }
      ImGui::EndMenu();
    }
    if (s.inBrowser) {
      // The page cannot write files: saving downloads the scene.
      c.save = ImGui::MenuItem(L("Save (download)"), "Ctrl+S");
      c.copyLink = ImGui::MenuItem(L("Copy link"));
      rememberItem("menu.copyLink");
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", tr("A link that opens this scene, at this step, in anyone's browser"));
      }
    } else {
      c.save = ImGui::MenuItem(L("Save"), "Ctrl+S");
      c.saveAs = ImGui::MenuItem(L("Save as..."), "Ctrl+Shift+S");
    }
    ImGui::Separator();
    c.importMesh = ImGui::MenuItem(L("Import mesh..."));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("A mesh file (.obj .stl .ply .gltf .glb); or drop one onto the window"));
    if (!s.inBrowser) {
      // A page has no listening socket (app/live_listener.hpp): desktop only.
      c.listen = ImGui::MenuItem(s.listening ? L("Listen for an engine... (listening)") : L("Listen for an engine..."));
      rememberItem("menu.listen");
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s",
                          tr("Receive a recording from a running engine over TCP on 127.0.0.1, frames shown as they "
                             "arrive (docs/recording-format.md, Live)"));
      }
    }
    ImGui::Separator();
    // Two items, each saying what it exports; Ctrl+E takes the focused pair when there is one.
    c.exportPair = ImGui::MenuItem(L("Export focused pair as GoogleTest..."), s.hasFocusedPair ? "Ctrl+E" : nullptr,
                                   false, s.hasFocusedPair);
    c.exportScene =
        ImGui::MenuItem(L("Export whole scene as GoogleTest..."), s.hasFocusedPair ? nullptr : "Ctrl+E", false, true);
    c.screenshot = ImGui::MenuItem(L("Screenshot"), "F12");
    c.exportFigure = ImGui::MenuItem(L("Export figure..."), "Ctrl+F12");
    rememberItem("menu.exportFigure");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The view alone, for a slide: PNG up to 4x, or SVG"));
    if (!s.inBrowser) {
      ImGui::Separator();
      c.quit = ImGui::MenuItem(L("Quit"));
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(L("Edit"))) {
    // "Undo edit B": the step's own label (ui/history_panel.hpp) after the verb.
    auto withStep = [](const char* verb, const char* format, const std::string& step, const char* id) {
      if (step.empty()) return std::string(verb) + id;
      char buf[512];
      std::snprintf(buf, sizeof buf, format, shownChangeLabel(step).c_str());
      return std::string(buf) + id;
    };
    const std::string undo = withStep(tr("Undo"), tr("Undo %s"), s.undoLabel, "###undo");
    const std::string redo = withStep(tr("Redo"), tr("Redo %s"), s.redoLabel, "###redo");
    c.undo = ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, s.canUndo);
    c.redo = ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, s.canRedo);
    ImGui::Separator();
    c.copy = ImGui::MenuItem(L("Copy selection as JSON"), "Ctrl+C", false, s.hasSelection);
    c.paste = ImGui::MenuItem(L("Paste shapes"), "Ctrl+V");
    ImGui::Separator();
    c.toggleHistory = ImGui::MenuItem(L("History"), nullptr, s.showHistory);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(L("View"))) {
    c.togglePresentation = ImGui::MenuItem(L("Presentation mode"), "F5", s.presentation);
    c.toggleTwoD = ImGui::MenuItem(L("2D whiteboard"), nullptr, s.twoD);
    rememberItem("menu.view2d");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s",
                        tr("The scene in the XY plane, seen from +Z: rectangles, circles and their 2D tests (saved "
                           "with the scene)"));
    }
    c.togglePanels = ImGui::MenuItem(L("Hide panels"), "Tab", s.panelsHidden);
    c.toggleLegend = ImGui::MenuItem(L("Legend"), "G", s.showLegend);
    float scale = s.uiScale;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    if (ImGui::SliderFloat(L("UI scale"), &scale, 0.75f, 2.0f, "%.2f") && scale >= 0.75f && scale <= 2.0f) {
      c.uiScale = scale;
      c.uiScaleChanged = true;
    }
    c.uiScaleDone = ImGui::IsItemDeactivatedAfterEdit();
    if (ImGui::BeginMenu(L("Language"))) {
      // Each language by its own name, so that a reader of any of them finds theirs.
      for (Language lang : kLanguages) {
        if (ImGui::MenuItem(languageName(lang), nullptr, lang == s.language)) c.language = lang;
      }
      ImGui::EndMenu();
    }
    c.frameAll = ImGui::MenuItem(L("Frame all"), "Home");
    c.resetLayout = ImGui::MenuItem(L("Reset layout"));
    ImGui::EndMenu();
  }
  const bool lessonsMenu = ImGui::BeginMenu(L("Lessons"));
  rememberItem("menu.lessons");
  if (lessonsMenu) {
    c.writeLesson = ImGui::MenuItem(L("Write a lesson from this view..."));
    ImGui::Separator();
    for (size_t i = 0; s.lessonTitles != nullptr && i < s.lessonTitles->size(); ++i) {
      if (ImGui::MenuItem((*s.lessonTitles)[i].c_str(), nullptr, static_cast<int>(i) == s.lessonIndex)) {
        c.openLesson = static_cast<int>(i);
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(L("Help"))) {
    c.toggleHelp = ImGui::MenuItem(L("Keys and mouse"), "F1", s.showHelp);
    c.toggleLegend = ImGui::MenuItem(L("Legend: what the pictures mean"), "G", s.showLegend) || c.toggleLegend;
    ImGui::EndMenu();
  }
  return c;
}

}  // namespace satlab
