#include "mesh/mesh_load.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "base/file_name.hpp"
#include "base/progress.hpp"
#include "mesh/mesh_import_run.hpp"
#include "mesh/mesh_wire.hpp"
#include "mesh/plain_parse.hpp"

namespace satlab {
namespace {

MeshLoadResult failure(const std::string& path, std::string message) {
  MeshLoadResult r;
  r.error = MeshDiagnostic{path, "", std::move(message)};
  return r;
}

std::string sizeText(unsigned long long bytes) {
  char buf[48];
  if (bytes >= (1ull << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  } else {
    std::snprintf(buf, sizeof buf, "%llu bytes", bytes);
  }
  return buf;
}

// Counts a header declares that are over the limits or more than the file holds, found
// without asking assimp (which would reserve memory for them first): a PLY's elements
// (plyPromiseProblem), a binary STL's triangle count. Returns the reason, or "".
std::string declaredCountProblem(const std::string& path, unsigned long long fileBytes) {
  std::ifstream in(path, std::ios::binary);
  // A PLY header may be long (comments, many properties): the first 64 KiB are read.
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (head.compare(0, 3, "ply") == 0) {
    const std::size_t endHeader = head.find("end_header");
    std::size_t pos = 0;
    while (pos < head.size() && pos < endHeader) {
      std::size_t eol = head.find('\n', pos);
      if (eol == std::string::npos) eol = head.size();
      const std::string line = head.substr(pos, eol - pos);
      pos = eol + 1;
      char what[16] = {0};
      unsigned long long n = 0;
      if (std::sscanf(line.c_str(), "element %15s %llu", what, &n) != 2) continue;
      if (std::strcmp(what, "vertex") == 0 && n > kMaxMeshVertices) {
        return "the file declares " + std::to_string(n) + " vertices; the limit is " + std::to_string(kMaxMeshVertices);
      }
      if (std::strcmp(what, "face") == 0 && n > kMaxMeshTriangles) {
        return "the file declares " + std::to_string(n) + " faces; the limit is " + std::to_string(kMaxMeshTriangles) +
               " triangles";
      }
    }
    // Within the limits, the data after the header must still hold what it declares.
    if (endHeader == std::string::npos && head.size() < fileBytes) {
      return "the PLY header does not end within the file's first " + std::to_string(head.size() / 1024) + " KiB";
    }
    return plain::plyPromiseProblem(head, fileBytes);
  }
  if (head.size() >= 84 && head.compare(0, 5, "solid") != 0) {
    std::uint32_t n = 0;
    std::memcpy(&n, head.data() + 80, 4);
    if (n > kMaxMeshTriangles && 84ull + 50ull * n == fileBytes) {
      return "the file declares " + std::to_string(n) + " triangles; the limit is " + std::to_string(kMaxMeshTriangles);
    }
  }
  return "";
}

}  // namespace

bool isMeshFileName(const std::string& path) {
  const std::string ext = lowerExtension(path);
  return ext == ".obj" || ext == ".stl" || ext == ".ply" || ext == ".gltf" || ext == ".glb";
}

MeshLoadResult loadMeshFile(const std::string& path, const MeshLoadOptions& options) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return failure(path, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return failure(path, "is a folder, not a mesh file");
  if (!S_ISREG(st.st_mode)) return failure(path, "not a regular file");
  if (::access(path.c_str(), R_OK) != 0) return failure(path, std::string("cannot open: ") + std::strerror(errno));
  if (!isMeshFileName(path)) {
    const std::string ext = lowerExtension(path);
    return failure(path, (ext.empty() ? std::string("no file extension") : "unknown mesh format '" + ext + "'") +
                             " (satlab reads .obj, .stl, .ply, .gltf and .glb)");
  }
  const auto bytes = static_cast<unsigned long long>(st.st_size);
  if (bytes == 0) return failure(path, "the file is empty");
  if (bytes > kMaxMeshFileBytes) {
    return failure(path, "file too large (" + sizeText(bytes) + "; the limit is " + sizeText(kMaxMeshFileBytes) + ")");
  }
  if (std::string problem = declaredCountProblem(path, bytes); !problem.empty()) return failure(path, problem);

  // The importer for this build (mesh_import_run.hpp): a child process on the desktop, in
  // process in the browser.
  // How far the importer has read is not known outside it: the stage has no total.
  progressStage("Reading %s", fileNameOf(path), 0, ProgressUnit::None);
  MeshImportRun run = runMeshImporter(path, options);
  if (run.error) return failure(path, std::move(*run.error));
  const std::string& received = run.received;
  MeshLoadResult result = decodeMeshWire(received);
  if (result.error) {
    result.error->source = path;
    return result;
  }
  if (result.file.meshes.empty()) {
    std::string why = "the file holds no triangles";
    if (!result.file.notes.empty()) why += " (" + result.file.notes.front() + ")";
    return failure(path, why);
  }
  return result;
}

TriangleMesh meshInFileFrame(const FileMesh& mesh) {
  TriangleMesh out;
  out.indices = mesh.mesh.indices;
  out.vertices.reserve(mesh.mesh.vertices.size());
  // In double: the loader checked the double result against the range, and a float product
  // could overflow where the sum does not.
  const glm::dmat4 t(mesh.transform);
  for (const glm::vec3& v : mesh.mesh.vertices)
    out.vertices.emplace_back(glm::dvec3(t * glm::dvec4(glm::dvec3(v), 1.0)));
  return out;
}

TriangleMesh mergeMeshes(const MeshFile& file) {
  TriangleMesh out;
  out.vertices.reserve(file.vertexCount());
  out.indices.reserve(file.triangleCount() * 3);
  for (const FileMesh& m : file.meshes) {
    const TriangleMesh placed = meshInFileFrame(m);
    const auto base = static_cast<std::uint32_t>(out.vertices.size());
    out.vertices.insert(out.vertices.end(), placed.vertices.begin(), placed.vertices.end());
    for (std::uint32_t i : placed.indices) out.indices.push_back(base + i);
  }
  return out;
}

}  // namespace satlab
