// The mesh importer that loadMeshFile runs on a file it has checked (it exists, is
// regular and readable, has a mesh extension, is within the size limit, declares no counts
// over the limits). One of two implementations is built, chosen by src/mesh/CMakeLists.txt:
// mesh_import_process.cpp on the desktop runs assimp in a child process with time, CPU and
// memory limits, so that a hostile file cannot crash or hang satlab;
// mesh_import_in_process.cpp in the browser, which has no processes and no assimp, runs
// satlab's own reader in-process (plain_import.hpp).
#pragma once

#include "mesh/mesh_load.hpp"

#include <optional>
#include <string>

namespace satlab {

struct MeshImportRun {
  std::string received;              ///< what the importer wrote (mesh_wire.hpp)
  std::optional<std::string> error;  ///< why it gave nothing (stopped, crashed, no start)
};
MeshImportRun runMeshImporter(const std::string& path, const MeshLoadOptions& options);

}  // namespace satlab
