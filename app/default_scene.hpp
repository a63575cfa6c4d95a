// scenes/default.json, embedded at build time so satlab starts from any working directory.
#pragma once

#include "render/embedded_file.hpp"

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

}  // namespace satlab
