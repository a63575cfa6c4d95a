// The browser's mesh importer (mesh_import_run.hpp): no processes in a browser, so
// satlab's own reader runs in-process (plain_import.hpp).
#include "mesh/mesh_import_run.hpp"

#include "mesh/plain_import.hpp"

namespace satlab {

MeshImportRun runMeshImporter(const std::string& path, const MeshLoadOptions&) {
  MeshImportRun run;
  run.received = importMeshInProcess(path);
  return run;
}

}  // namespace satlab
