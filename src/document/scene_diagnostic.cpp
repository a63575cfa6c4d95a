#include "document/scene_diagnostic.hpp"

#include "document/json_path.hpp"

namespace satlab {

std::string SceneDiagnostic::text() const {
  // The path and the message quote file text only through printable(); the source is a
  // file name as typed, which may hold anything a file name may (ESC, a newline).
  std::string out = printable(source, 4096) + ": ";
  if (!path.empty()) {
    // A file of many JSON texts (a recording, one per line) names the line as well.
    if (line > 0) out += "line " + std::to_string(line) + ": ";
    out += path + ": ";
  } else if (line > 0) {
    out += "line " + std::to_string(line) + (column > 0 ? ", column " + std::to_string(column) : "") + ": ";
  }
  return out + message;
}

}  // namespace satlab
