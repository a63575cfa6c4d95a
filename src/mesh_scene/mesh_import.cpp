#include "mesh_scene/mesh_import.hpp"

#include <filesystem>

#include "base/file_name.hpp"
#include "base/progress.hpp"
#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "mesh/convex_hull.hpp"
#include "mesh/mesh_load.hpp"

namespace satlab {

namespace fs = std::filesystem;

namespace {

/// The file as one mesh in its frame, or the loader's reason (without the file's name when
/// `withSource` is false: the scene loader names the file itself).
MeshFileLoad readMesh(const std::string& path, bool withSource) {
  MeshFileLoad out;
  const MeshLoadResult r = loadMeshFile(path);
  if (!r.ok()) {
    MeshDiagnostic d = *r.error;
    if (!withSource) d.source.clear();
    out.error = d.text();
    return out;
  }
  TriangleMesh merged = mergeMeshes(r.file);
  if (merged.triangleCount() == 0) {
    out.error = (withSource ? path + ": " : std::string()) + "the file holds no triangles";
    return out;
  }
  out.data = makeMeshData(std::move(merged));
  return out;
}

}  // namespace

void installMeshFileLoader() {
  setMeshFileLoader([](const std::string& path) { return readMesh(path, false); });
  setHullBuilder([](const std::vector<glm::vec3>& points) {
    const ConvexHullResult r = convexHull(points);
    TriangleMesh surface;
    surface.vertices.reserve(r.hull.vertices.size());
    for (const glm::dvec3& v : r.hull.vertices) surface.vertices.push_back(glm::vec3(v));
    surface.indices.reserve(3 * r.hull.triangles.size());
    for (const auto& t : r.hull.triangles) surface.indices.insert(surface.indices.end(), t.begin(), t.end());
    return surface;
  });
}

bool isMeshFilePath(const std::string& path) { return isMeshFileName(path); }

MeshFileLoad readMeshToImport(const std::string& path) {
  MeshFileLoad loaded = readMesh(path, true);
  if (!loaded.data) return loaded;
  if (std::optional<MeshDiagnostic> problem = validateMesh(loaded.data->mesh.vertices, loaded.data->mesh.indices)) {
    loaded.data.reset();
    loaded.error = path + ": not a mesh satlab can place: " + problem->message;
    return loaded;
  }
  // The tree its pairs walk, built now rather than in the frame that first tests it.
  progressStage("Building the OBB tree of %s", fileNameOf(path), loaded.data->mesh.triangleCount(),
                ProgressUnit::Triangles);
  loaded.data->tree(BvKind::Obb, glm::vec3(1.0f));
  return loaded;
}

MeshImport importMeshShape(const Scene& scene, const std::string& path, const std::string& sceneFolder,
                           const glm::vec3& at) {
  return placeImportedMesh(scene, path, sceneFolder, at, readMeshToImport(path));
}

MeshImport placeImportedMesh(const Scene& scene, const std::string& path, const std::string& sceneFolder,
                             const glm::vec3& at, MeshFileLoad loaded) {
  MeshImport out;
  if (!loaded.data) {
    out.error = loaded.error;
    return out;
  }
  // Relative to the scene's folder when the file is inside it (a scene and its meshes move
  // together), else absolute.
  std::error_code ec;
  const fs::path absolute = fs::weakly_canonical(fs::absolute(path, ec), ec);
  std::string file = ec ? path : absolute.string();
  if (!sceneFolder.empty()) {
    const fs::path folder = fs::weakly_canonical(fs::absolute(sceneFolder, ec), ec);
    const fs::path rel = absolute.lexically_relative(folder);
    if (!ec && !rel.empty() && rel.native().rfind("..", 0) != 0) file = rel.string();
  }
  SceneShape s;
  const std::string stem = fs::path(path).stem().string();
  s.name = uniqueShapeName(scene, shapeNameProblem(stem) ? std::string("mesh") : stem);
  s.color = paletteColor(scene.shapes.size());
  MeshShape mesh;
  mesh.data = std::move(loaded.data);
  mesh.file = file;
  const glm::vec3 mid = (mesh.data->lo + mesh.data->hi) * 0.5f;
  mesh.pose.center = (scene.view == ViewMode::TwoD ? glm::vec3(at.x, at.y, 0.0f) : at) - mid;
  s.geometry = std::move(mesh);
  if (clampToSceneRange(s)) {
    // A mesh far from the origin: placed where its own coordinates put it.
    std::get<MeshShape>(s.geometry).pose.center = glm::vec3(0.0f);
  }
  glm::vec3 lo, hi;
  shapeBounds(s, lo, hi);
  const float reach = std::max(glm::length(lo), glm::length(hi));
  if (!(reach <= kMaxSceneCoordinate)) {
    out.error = path + ": the mesh reaches beyond the range satlab's tests are exact for (|v| <= 1e9)";
    return out;
  }
  out.shape = std::move(s);
  return out;
}

}  // namespace satlab
