// Loading mesh files: OBJ, STL (ASCII and binary), PLY, glTF 2.0 (.gltf, .glb), read by
// assimp in a child process (docs/meshes.md).
//
// Contract: loadMeshFile never throws (but std::bad_alloc) and never crashes or hangs,
// whatever the file holds. The file is untrusted input, like a scene: it must be a regular
// file of at most kMaxMeshFileBytes, its meshes together within kMaxMeshVertices,
// kMaxMeshTriangles and kMaxMeshParts (mesh_limits.hpp), every index in range, every
// coordinate finite with |v| <= kMaxMeshCoordinate before and after its node transform.
// Every error names the file and the reason:
//   rock.obj: the mesh importer (assimp) stopped on signal 11 (SIGSEGV) reading this file
//   big.ply: the file declares 1000000000 faces; the limit is 4000000 triangles
//
// Isolation: assimp 5.2 crashes and hangs on some hostile files, so it runs in a child
// process (fork): the child limits its own CPU time and address space, reads the file,
// writes the triangles to a pipe in a compact binary form (mesh_wire.hpp) and exits; the
// parent reads at most what the limits allow, within a wall-clock timeout, and decodes
// the bytes as untrusted input too. A crash, a timeout or a limit becomes an error.
//
// What is kept: triangles. Polygons are triangulated (aiProcess_Triangulate), identical
// vertices joined; points and lines are dropped with a note; vertices no triangle uses
// are dropped. Degenerate meshes (one point, collinear, coplanar, duplicate vertices,
// triangles without area) load as they are.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "base/file_name.hpp"  // lowerExtension
#include "base/mesh_validate.hpp"
#include "mesh/mesh_limits.hpp"
#include "satlab/collide/mesh.hpp"

namespace satlab {

/// One mesh of a file, as placed by one node of the file's node tree.
struct FileMesh {
  std::string name;           ///< the mesh's name, else its node's; valid UTF-8, no controls
  TriangleMesh mesh;          ///< in the mesh's own frame
  glm::mat4 transform{1.0f};  ///< mesh frame -> file frame (the node's transform, parents applied)
};

/// A loaded file: its meshes, and notes about what was left out.
struct MeshFile {
  std::vector<FileMesh> meshes;
  std::vector<std::string> notes;  ///< e.g. "dropped 12 points and 3 lines (satlab reads triangles)"

  std::size_t vertexCount() const;
  std::size_t triangleCount() const;
};

struct MeshLoadOptions {
  /// Wall-clock limit of the import, and the child's CPU-time limit, in seconds.
  double timeoutSeconds = kMeshImportSeconds;
  /// What the child process runs on the file (null: importMeshWithAssimp). The tests of
  /// the isolation give one that crashes or hangs, as assimp does on some files.
  std::string (*childImport)(const std::string& path) = nullptr;
};

struct MeshLoadResult {
  MeshFile file;                        ///< empty when error is set
  std::optional<MeshDiagnostic> error;  ///< the reason the file was not loaded

  bool ok() const { return !error.has_value(); }
};

/// True when the name ends in one of the extensions satlab reads (case-insensitive):
/// .obj, .stl, .ply, .gltf, .glb.
bool isMeshFileName(const std::string& path);

/// Reads the mesh file at `path`. Messages name the file as `path` was given.
MeshLoadResult loadMeshFile(const std::string& path, const MeshLoadOptions& options = {});

/// The mesh in the file's frame: its vertices moved by its transform (affine part).
TriangleMesh meshInFileFrame(const FileMesh& mesh);
/// All the file's meshes as one, in the file's frame (node transforms applied), in file
/// order. loadMeshFile has checked that the result is within the limits.
TriangleMesh mergeMeshes(const MeshFile& file);

}  // namespace satlab
