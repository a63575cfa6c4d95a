// The undo history as a list: click a step to go back or forward to it.
#pragma once

#include "document/history.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace satlab {

/// What the user asked of the history this frame.
struct HistoryAction {
  bool undo = false, redo = false;
  std::optional<size_t> jumpTo;  // a position (0: as loaded)
};

/// A step's label as the window shows it: the history keeps the English words
/// (app/session.cpp, describeChange: "add B", "rename A to C", "add 3 shapes", "new scene"),
/// shown in the window's language with the shapes' names as they are.
std::string shownChangeLabel(const std::string& label);

/// Draws the panel while `open`; the close button clears `open`.
HistoryAction drawHistoryPanel(const SceneHistory& history, bool& open);

}  // namespace satlab
