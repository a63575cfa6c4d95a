// A text file embedded into the binary at build time (tools/embed_files.cmake).
#pragma once

#include <string_view>

namespace satlab {

struct EmbeddedFile {
  std::string_view name;  // file name without folders, e.g. "thick_line.vert"
  std::string_view text;
};

}  // namespace satlab
