// File > New level...: the counts and the seed of a generated level (world/level.hpp).
#pragma once

#include <optional>

#include "world/level.hpp"

namespace satlab {

class LevelDialog {
 public:
  void open() { openPending_ = true; }
  /// Draws the dialog while open; the options once the user chose Create.
  std::optional<LevelOptions> draw();

 private:
  bool openPending_ = false;
  LevelOptions options_;
};

}  // namespace satlab
