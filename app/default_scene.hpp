// scenes/default.json and the lessons of scenes/lessons/, embedded at build time so satlab
// starts (and steps through its lessons) from any working directory.
#pragma once

#include "base/embedded_file.hpp"

#include <string_view>
#include <vector>

namespace satlab {

const std::vector<EmbeddedFile>& embeddedScenes();

inline std::string_view defaultSceneText() {
  for (const EmbeddedFile& f : embeddedScenes()) {
    if (f.name == "default.json") return f.text;
  }
  return {};
}

/// The lesson scenes, in file-name order ("01_...json", "02_...json", ...).
inline std::vector<EmbeddedFile> embeddedLessons() {
  std::vector<EmbeddedFile> out;
  for (const EmbeddedFile& f : embeddedScenes()) {
    if (!f.name.empty() && f.name[0] >= '0' && f.name[0] <= '9') out.push_back(f);
  }
  return out;
}

}  // namespace satlab
