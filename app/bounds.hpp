// `satlab bounds FILE... [--json] [--split]`: every bounding volume of meshes, no display.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace satlab {

struct BoundsOptions {
  bool json = false;   ///< {"meshes": [...]} on stdout, in place of the table
  bool split = false;  ///< one entry per mesh of a file, in place of one per file
};

/// Prints every volume of each file's meshes (docs/meshes.md, "satlab bounds"): mesh files
/// (OBJ, STL, PLY, glTF, GLB). A file that cannot be read gives one line on `err` naming it
/// and the reason, and the others are still reported. Exit code 0 when every file was
/// read, 2 when one was not.
int runBounds(const std::vector<std::string>& files, const BoundsOptions& options, std::FILE* out, std::FILE* err);

}  // namespace satlab
