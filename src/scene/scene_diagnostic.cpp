#include "scene/scene_diagnostic.hpp"

#include "scene/json_path.hpp"

namespace satlab {

std::string SceneDiagnostic::text() const {
  // The path and the message quote file text only through printable(); the source is a
  // file name as typed, which may hold anything a file name may (ESC, a newline).
  std::string out = printable(source, 4096) + ": ";
  if (!path.empty()) {
    out += path + ": ";
  } else if (line > 0) {
    out += "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
  }
  return out + message;
}

}  // namespace satlab
