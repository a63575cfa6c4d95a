// An error or warning about a scene file: which file, where in it, and why.
#pragma once

#include <string>

namespace satlab {

struct SceneDiagnostic {
  std::string source;   ///< the file name as the caller gave it
  std::string path;     ///< JSON path such as "shapes[3].half_extents[1]"; empty if none
  int line = 0;         ///< 1-based line of a syntax error; 0 when not known
  int column = 0;       ///< 1-based column of a syntax error; 0 when not known
  std::string message;  ///< the reason, e.g. "must be >= 0 (got -2)"

  /// "source: path: message", "source: line L, column C: message" or "source: message";
  /// with both a line and a path (a recording's frame line), "source: line L: path: message";
  /// with a line and no column, "source: line L: message";
  /// control characters of the source are escaped (printable()), like all quoted text.
  std::string text() const;
};

}  // namespace satlab
