#include "scene/scene_diagnostic.hpp"

namespace satlab {

std::string SceneDiagnostic::text() const {
  std::string out = source + ": ";
  if (!path.empty()) {
    out += path + ": ";
  } else if (line > 0) {
    out += "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
  }
  return out + message;
}

}  // namespace satlab
