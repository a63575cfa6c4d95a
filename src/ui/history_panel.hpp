// The undo history as a list: click a step to go back or forward to it.
#pragma once

#include "document/history.hpp"

#include <cstddef>
#include <optional>

namespace satlab {

/// What the user asked of the history this frame.
struct HistoryAction {
  bool undo = false, redo = false;
  std::optional<size_t> jumpTo;  // a position (0: as loaded)
};

/// Draws the panel while `open`; the close button clears `open`.
HistoryAction drawHistoryPanel(const SceneHistory& history, bool& open);

}  // namespace satlab
