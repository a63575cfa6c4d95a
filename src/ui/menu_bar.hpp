// The main menu bar: File, Edit, View, Lessons and Help. It draws what it is given and
// returns what the user chose; the app carries the commands out (app/viewer.cpp).
#pragma once

#include "i18n/i18n.hpp"

#include <optional>
#include <string>
#include <vector>

namespace satlab {

/// What the menus show.
struct MenuState {
  const std::vector<std::string>* recent = nullptr;  // File > Open recent, most recent first
  std::string undoLabel, redoLabel;                  // "move box_a", empty when none
  bool canUndo = false, canRedo = false;
  bool hasSelection = false;
  bool hasFocusedPair = false;  // the explorer shows a pair: it can be exported alone
  bool presentation = false;
  bool twoD = false;       // the scene's view is the 2D whiteboard
  bool inBrowser = false;  // the web page: no recent files, no quit; save downloads; Copy link
  bool panelsHidden = false;
  bool listening = false;  // File > Listen for an engine: a port is open
  bool showHistory = false, showHelp = false, showLegend = false;
  float uiScale = 1.0f;
  Language language = Language::En;                        // the window's (View > Language ticks it)
  const std::vector<std::string>* lessonTitles = nullptr;  // the built-in lessons, in order
  int lessonIndex = -1;                                    // the open one, -1 when none
};

/// What the user chose this frame.
struct MenuCommands {
  bool open = false, save = false, saveAs = false, screenshot = false, quit = false;
  bool exportFigure = false;  // File > Export figure... (docs/figures.md)
  bool importMesh = false;
  bool copyLink = false;  // File > Copy link (the web page)
  bool newScene = false;  // File > New
  bool newLevel = false;  // File > New level...
  bool listen = false;    // File > Listen for an engine... (the desktop)
  bool exportPair = false, exportScene = false;
  bool undo = false, redo = false, copy = false, paste = false;
  bool togglePresentation = false, togglePanels = false, frameAll = false, resetLayout = false;
  bool toggleTwoD = false;  // View > 2D whiteboard: the scene's view mode, one undo step
  bool toggleHistory = false, toggleHelp = false, toggleLegend = false;
  bool writeLesson = false;     // Lessons > Write a lesson from this view
  int openRecent = -1;          // index into MenuState::recent
  int openLesson = -1;          // index into MenuState::lessonTitles
  bool uiScaleChanged = false;  // `uiScale` moved (applied when released: uiScaleDone)
  bool uiScaleDone = false;
  float uiScale = 1.0f;
  std::optional<Language> language;  // picked in View > Language
};

/// The menus, inside an open main menu bar (between ImGui::BeginMainMenuBar and its End).
MenuCommands drawMenus(const MenuState& state);

}  // namespace satlab
