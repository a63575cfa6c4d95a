#include "ui/menu_bar.hpp"

#include "ui/item_rects.hpp"

#include <imgui.h>

namespace satlab {

MenuCommands drawMenus(const MenuState& s) {
  MenuCommands c;
  c.uiScale = s.uiScale;
  const bool fileMenu = ImGui::BeginMenu("File");
  rememberItem("menu.file");
  if (fileMenu) {
    c.newScene = ImGui::MenuItem("New", "Ctrl+N");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("An empty scene to build (Edit > Undo brings this one back)");
    c.newLevel = ImGui::MenuItem("New level...");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A generated level in motion: a floor, walls, statics and movers");
    c.open = ImGui::MenuItem("Open...", "Ctrl+O");
    if (s.inBrowser && ImGui::IsItemHovered()) ImGui::SetTooltip("A scene (.json), recording (.jsonl) or mesh file");
    const bool anyRecent = s.recent != nullptr && !s.recent->empty();
    if (!s.inBrowser && ImGui::BeginMenu("Open recent", anyRecent)) {
      for (size_t i = 0; anyRecent && i < s.recent->size(); ++i) {
        if (ImGui::MenuItem((*s.recent)[i].c_str())) c.openRecent = static_cast<int>(i);
      }
      ImGui::EndMenu();
    }
    if (s.inBrowser) {
      // The page cannot write files: saving downloads the scene.
      c.save = ImGui::MenuItem("Save (download)", "Ctrl+S");
      c.copyLink = ImGui::MenuItem("Copy link");
      rememberItem("menu.copyLink");
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("A link that opens this scene, at this step, in anyone's browser");
      }
    } else {
      c.save = ImGui::MenuItem("Save", "Ctrl+S");
      c.saveAs = ImGui::MenuItem("Save as...", "Ctrl+Shift+S");
    }
    ImGui::Separator();
    c.importMesh = ImGui::MenuItem("Import mesh...");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("A mesh file (.obj .stl .ply .gltf .glb); or drop one onto the window");
    if (!s.inBrowser) {
      // A page has no listening socket (app/live_listener.hpp): desktop only.
      c.listen = ImGui::MenuItem(s.listening ? "Listen for an engine... (listening)" : "Listen for an engine...");
      rememberItem("menu.listen");
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "Receive a recording from a running engine over TCP on 127.0.0.1, frames shown as they "
            "arrive (docs/recording-format.md, Live)");
      }
    }
    ImGui::Separator();
    // Two items, each saying what it exports; Ctrl+E takes the focused pair when there is one.
    c.exportPair = ImGui::MenuItem("Export focused pair as GoogleTest...", s.hasFocusedPair ? "Ctrl+E" : nullptr, false,
                                   s.hasFocusedPair);
    c.exportScene =
        ImGui::MenuItem("Export whole scene as GoogleTest...", s.hasFocusedPair ? nullptr : "Ctrl+E", false, true);
    c.screenshot = ImGui::MenuItem("Screenshot", "F12");
    c.exportFigure = ImGui::MenuItem("Export figure...", "Ctrl+F12");
    rememberItem("menu.exportFigure");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The view alone, for a slide: PNG up to 4x, or SVG");
    if (!s.inBrowser) {
      ImGui::Separator();
      c.quit = ImGui::MenuItem("Quit");
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    const std::string undo = s.undoLabel.empty() ? "Undo" : "Undo " + s.undoLabel;
    const std::string redo = s.redoLabel.empty() ? "Redo" : "Redo " + s.redoLabel;
    c.undo = ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, s.canUndo);
    c.redo = ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, s.canRedo);
    ImGui::Separator();
    c.copy = ImGui::MenuItem("Copy selection as JSON", "Ctrl+C", false, s.hasSelection);
    c.paste = ImGui::MenuItem("Paste shapes", "Ctrl+V");
    ImGui::Separator();
    c.toggleHistory = ImGui::MenuItem("History", nullptr, s.showHistory);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    c.togglePresentation = ImGui::MenuItem("Presentation mode", "F5", s.presentation);
    c.toggleTwoD = ImGui::MenuItem("2D whiteboard", nullptr, s.twoD);
    rememberItem("menu.view2d");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "The scene in the XY plane, seen from +Z: rectangles, circles and their 2D tests (saved "
          "with the scene)");
    }
    c.togglePanels = ImGui::MenuItem("Hide panels", "Tab", s.panelsHidden);
    c.toggleLegend = ImGui::MenuItem("Legend", "G", s.showLegend);
    float scale = s.uiScale;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    if (ImGui::SliderFloat("UI scale", &scale, 0.75f, 2.0f, "%.2f") && scale >= 0.75f && scale <= 2.0f) {
      c.uiScale = scale;
      c.uiScaleChanged = true;
    }
    c.uiScaleDone = ImGui::IsItemDeactivatedAfterEdit();
    c.frameAll = ImGui::MenuItem("Frame all", "Home");
    c.resetLayout = ImGui::MenuItem("Reset layout");
    ImGui::EndMenu();
  }
  const bool lessonsMenu = ImGui::BeginMenu("Lessons");
  rememberItem("menu.lessons");
  if (lessonsMenu) {
    c.writeLesson = ImGui::MenuItem("Write a lesson from this view...");
    ImGui::Separator();
    for (size_t i = 0; s.lessonTitles != nullptr && i < s.lessonTitles->size(); ++i) {
      if (ImGui::MenuItem((*s.lessonTitles)[i].c_str(), nullptr, static_cast<int>(i) == s.lessonIndex)) {
        c.openLesson = static_cast<int>(i);
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    c.toggleHelp = ImGui::MenuItem("Keys and mouse", "F1", s.showHelp);
    c.toggleLegend = ImGui::MenuItem("Legend: what the pictures mean", "G", s.showLegend) || c.toggleLegend;
    ImGui::EndMenu();
  }
  return c;
}

}  // namespace satlab
