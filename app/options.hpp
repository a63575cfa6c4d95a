// What the command line asked for.
#pragma once

#include <optional>
#include <string>

namespace satlab {

struct GuiOptions {
  std::string scenePath;           // empty: the built-in default scene (scenes/default.json)
  std::string screenshotPath;      // non-empty: render, write this PNG, exit
  int width = 1280;
  int height = 720;
  int frames = 3;                  // frames rendered before the screenshot
  bool stats = false;              // render `frames` frames, print frame-time statistics, exit
};

/// Runs the window. Returns the process exit code.
int runGui(const GuiOptions& options);

}  // namespace satlab
