// F1: every key and mouse gesture, in a table whose second column wraps to the panel.
#pragma once

namespace satlab {

/// Draws the panel while `open`; the close button clears `open`.
void drawHelpPanel(bool& open);

}  // namespace satlab
