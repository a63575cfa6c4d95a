// Mesh files in the app: the scene loader's mesh reader (the mesh library's loader, assimp
// in a child process, all of a file's meshes as one in the file's frame), and a mesh file
// turned into a new mesh shape (File > Import mesh..., a file dropped onto the window).
#pragma once

#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "document/scene.hpp"
#include "document/scene_load.hpp"

namespace satlab {

/// Installs the mesh library's loader as the scene loader's (setMeshFileLoader): scene
/// files' "file" meshes are read with it; and its convex hull (Qhull) as every hull shape's
/// surface (setHullBuilder). Call once at start-up.
void installMeshFileLoader();

/// A new mesh shape of `scene` from the mesh file at `path`, centred on `at` (its bounds'
/// middle there), named after the file. Its "file" is `path` relative to `sceneFolder` when
/// it lies inside it, else absolute. On failure, the reason naming the file.
struct MeshImport {
  std::optional<SceneShape> shape;
  std::string error;  ///< "rock.obj: the file declares ..."
};
MeshImport importMeshShape(const Scene& scene, const std::string& path, const std::string& sceneFolder,
                           const glm::vec3& at);

/// importMeshShape in its two halves, for the window, which reads off its frame
/// (model/background_work.hpp) and places in it: readMeshToImport reads and checks the file
/// and builds the mesh's OBB tree (scale 1), reporting its progress (base/progress.hpp);
/// placeImportedMesh makes what it read a shape of `scene`, or passes its error on.
MeshFileLoad readMeshToImport(const std::string& path);
MeshImport placeImportedMesh(const Scene& scene, const std::string& path, const std::string& sceneFolder,
                             const glm::vec3& at, MeshFileLoad loaded);

/// True for the names a dropped file is imported as a mesh by (.obj .stl .ply .gltf .glb).
bool isMeshFilePath(const std::string& path);

}  // namespace satlab
