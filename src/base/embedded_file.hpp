// A text file embedded into the binary at build time (tools/embed_files.cmake): shaders, scenes, the translation
// catalogs.
#pragma once

#include <string_view>
#include <vector>

namespace satlab {

struct EmbeddedFile {
  std::string_view name;  // file name without folders, e.g. "thick_line.vert"
  std::string_view text;
};

}  // namespace satlab
