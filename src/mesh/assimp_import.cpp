#include "mesh/assimp_import.hpp"

#include <assimp/BaseImporter.h>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <unistd.h>
#include <assimp/Importer.hpp>

#include <cerrno>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "mesh/assimp_io.hpp"
#include "mesh/gltf_check.hpp"
#include "mesh/mesh_limits.hpp"
#include "mesh/mesh_load.hpp"
#include "mesh/mesh_read_scope.hpp"
#include "mesh/mesh_wire.hpp"

namespace satlab {
namespace {

constexpr unsigned kMaxNodeDepth = 1024;
constexpr std::size_t kMaxNodesVisited = 1000000;

glm::mat4 toGlm(const aiMatrix4x4& m) {
  // aiMatrix4x4 is row-major (a1..a4 the first row); glm is column-major.
  glm::mat4 g;
  const float rows[4][4] = {
      {m.a1, m.a2, m.a3, m.a4}, {m.b1, m.b2, m.b3, m.b4}, {m.c1, m.c2, m.c3, m.c4}, {m.d1, m.d2, m.d3, m.d4}};
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) g[c][r] = rows[r][c];
  }
  return g;
}

struct Converter {
  const aiScene& scene;
  WireMeshes out;
  std::size_t vertices = 0;
  std::size_t triangles = 0;
  std::string error;

  // The triangles of mesh `index` placed by a node, its unused vertices left out.
  bool add(unsigned index, const glm::mat4& transform, const aiNode& node) {
    if (index >= scene.mNumMeshes || scene.mMeshes == nullptr || scene.mMeshes[index] == nullptr) {
      error = "a node refers to mesh " + std::to_string(index) + ", which the file does not have";
      return false;
    }
    const aiMesh& mesh = *scene.mMeshes[index];
    if (mesh.mNumVertices > kMaxMeshVertices || mesh.mNumFaces > 3 * kMaxMeshTriangles) {
      error = "a mesh of " + std::to_string(mesh.mNumVertices) + " vertices and " + std::to_string(mesh.mNumFaces) +
              " faces is over the limits (" + std::to_string(kMaxMeshVertices) + " vertices, " +
              std::to_string(kMaxMeshTriangles) + " triangles)";
      return false;
    }
    if (mesh.mNumVertices > 0 && mesh.mVertices == nullptr) {
      error = "a mesh has no vertex positions";
      return false;
    }
    constexpr std::uint32_t kUnused = 0xffffffffu;
    std::vector<std::uint32_t> remap(mesh.mNumVertices, kUnused);
    FileMesh fm;
    fm.name = mesh.mName.length > 0 ? std::string(mesh.mName.C_Str()) : std::string(node.mName.C_Str());
    fm.transform = transform;
    for (unsigned f = 0; f < mesh.mNumFaces && mesh.mFaces != nullptr; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices == 1) {
        ++out.droppedPoints;
        continue;
      }
      if (face.mNumIndices == 2) {
        ++out.droppedLines;
        continue;
      }
      if (face.mNumIndices != 3 || face.mIndices == nullptr) continue;  // Triangulate leaves none
      if (++triangles > kMaxMeshTriangles) {
        error = "more than " + std::to_string(kMaxMeshTriangles) + " triangles (the limit)";
        return false;
      }
      for (unsigned k = 0; k < 3; ++k) {
        const unsigned v = face.mIndices[k];
        if (v >= mesh.mNumVertices) {
          error = "a face refers to vertex " + std::to_string(v) + " of a mesh of " +
                  std::to_string(mesh.mNumVertices) + " vertices";
          return false;
        }
        if (remap[v] == kUnused) {
          if (++vertices > kMaxMeshVertices) {
            error = "more than " + std::to_string(kMaxMeshVertices) + " vertices (the limit)";
            return false;
          }
          remap[v] = static_cast<std::uint32_t>(fm.mesh.vertices.size());
          const aiVector3D& p = mesh.mVertices[v];
          fm.mesh.vertices.emplace_back(p.x, p.y, p.z);
        }
        fm.mesh.indices.push_back(remap[v]);
      }
    }
    if (fm.mesh.indices.empty()) return true;  // points or lines only: counted above
    if (out.file.meshes.size() >= kMaxMeshParts) {
      error = "more than " + std::to_string(kMaxMeshParts) + " meshes (the limit)";
      return false;
    }
    out.file.meshes.push_back(std::move(fm));
    return true;
  }

  // Every node, depth first in file order, with its transform to the file frame.
  bool walk() {
    if (scene.mRootNode == nullptr) return true;
    struct Item {
      const aiNode* node;
      glm::mat4 parent;
      unsigned depth;
    };
    std::vector<Item> stack{{scene.mRootNode, glm::mat4(1.0f), 0}};
    std::size_t visited = 0;
    while (!stack.empty()) {
      const Item item = stack.back();
      stack.pop_back();
      if (++visited > kMaxNodesVisited || item.depth > kMaxNodeDepth) {
        error = "the node tree is too large or too deep (more than " + std::to_string(kMaxNodesVisited) + " nodes or " +
                std::to_string(kMaxNodeDepth) + " levels)";
        return false;
      }
      const glm::mat4 world = item.parent * toGlm(item.node->mTransformation);
      for (unsigned i = 0; i < item.node->mNumMeshes && item.node->mMeshes != nullptr; ++i) {
        if (!add(item.node->mMeshes[i], world, *item.node)) return false;
      }
      // Children pushed in reverse, so they come off the stack in file order.
      for (unsigned c = item.node->mNumChildren; c-- > 0 && item.node->mChildren != nullptr;) {
        if (item.node->mChildren[c] != nullptr) stack.push_back({item.node->mChildren[c], world, item.depth + 1});
      }
    }
    return true;
  }
};

// The first vertex coordinate of the file that is not finite or out of range, as
// "meshes[m] \"name\": vertices[v][k]: reason", or "".
std::string coordinateProblem(const aiScene& scene) {
  for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes != nullptr; ++m) {
    const aiMesh* mesh = scene.mMeshes[m];
    if (mesh == nullptr || mesh->mVertices == nullptr) continue;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
      for (unsigned k = 0; k < 3; ++k) {
        const double c = static_cast<double>(mesh->mVertices[v][k]);
        if (!meshCoordinateOk(c)) {
          return "meshes[" + std::to_string(m) + "] \"" + printable(mesh->mName.C_Str(), kMaxMeshNameBytes) +
                 "\": vertices[" + std::to_string(v) + "][" + std::to_string(k) + "]: " + meshCoordinateProblem(c);
        }
      }
    }
  }
  return "";
}

// Only the reader of the file's own format stays registered: otherwise assimp tries every
// reader it has, by content, on a file that its own reader declines. For .gltf and .glb,
// the glTF 2.0 reader (not the 1.0 one). The readers taken out are returned, for deleting.
std::vector<std::unique_ptr<Assimp::BaseImporter>> keepOnlyReaderOf(Assimp::Importer& importer,
                                                                    const std::string& ext) {
  const std::string want = ext.empty() ? ext : ext.substr(1);
  std::vector<std::unique_ptr<Assimp::BaseImporter>> removed;
  for (std::size_t i = importer.GetImporterCount(); i-- > 0;) {
    const aiImporterDesc* info = importer.GetImporterInfo(i);
    bool keep = false;
    if (info != nullptr && info->mFileExtensions != nullptr) {
      const std::string list = std::string(" ") + info->mFileExtensions + " ";
      keep = list.find(" " + want + " ") != std::string::npos;
      if (keep && (want == "gltf" || want == "glb")) keep = std::strstr(info->mName, "glTF2") != nullptr;
    }
    if (keep) continue;
    Assimp::BaseImporter* reader = importer.GetImporter(i);
    if (reader != nullptr && importer.UnregisterLoader(reader) == aiReturn_SUCCESS) removed.emplace_back(reader);
  }
  return removed;
}

// The whole mesh file, read through the scope.
bool readWhole(MeshReadScope& scope, std::string& bytes, std::string& why) {
  std::uint64_t size = 0;
  const int fd = scope.open(scope.meshPath(), size, why);
  if (fd < 0) return false;
  bytes.resize(static_cast<std::size_t>(size));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  bytes.resize(done);
  return true;
}

// True when `message` holds 8 or more bytes in a row of one of `files`: an importer message
// that quotes a file the user did not name is not shown.
bool quotesAnyOf(const std::string& message, const std::vector<std::string>& files) {
  constexpr std::size_t kRun = 8;
  if (message.size() < kRun || files.empty()) return false;
  std::unordered_set<std::string_view> runs;
  for (std::size_t i = 0; i + kRun <= message.size(); ++i) runs.insert(std::string_view(message).substr(i, kRun));
  for (const std::string& path : files) {
    MeshReadScope alone(path);
    std::string bytes, why;
    if (!readWhole(alone, bytes, why)) return true;  // cannot tell: say nothing of it
    for (std::size_t i = 0; i + kRun <= bytes.size(); ++i) {
      if (runs.count(std::string_view(bytes).substr(i, kRun)) != 0) return true;
    }
  }
  return false;
}

}  // namespace

std::string importMeshWithAssimp(const std::string& path) {
  try {
    MeshReadScope scope(path);
    const std::string ext = lowerExtension(path);
    if (scope.readsOtherFiles()) {
      // glTF: what the file promises is checked before assimp expands any of it.
      std::string bytes, why;
      if (!readWhole(scope, bytes, why)) return encodeMeshWireError("cannot read it: " + why);
      if (std::string problem = gltfProblem(bytes, ext == ".glb", scope); !problem.empty()) {
        return encodeMeshWireError(problem);
      }
    }
    Assimp::Importer importer;
    const auto removedReaders = keepOnlyReaderOf(importer, ext);
    // Every file assimp opens is asked for through the scope (the importer owns the handler).
    auto* io = new ScopedIoSystem(scope);
    importer.SetIOHandler(io);
    importer.SetPropertyInteger(AI_CONFIG_PP_RVC_FLAGS, aiComponent_NORMALS | aiComponent_TANGENTS_AND_BITANGENTS |
                                                            aiComponent_COLORS | aiComponent_TEXCOORDS |
                                                            aiComponent_BONEWEIGHTS | aiComponent_ANIMATIONS |
                                                            aiComponent_TEXTURES | aiComponent_LIGHTS |
                                                            aiComponent_CAMERAS | aiComponent_MATERIALS);
    // Read first, check the coordinates, then post-process: joining identical vertices
    // compares positions, and it silently merges a NaN vertex into another one.
    const aiScene* scene = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    // A glTF reference the scope refused is an error, even where assimp went on without it
    // (an OBJ's material library is simply not read: satlab draws no materials).
    if (scope.readsOtherFiles() && !io->firstRefusal().empty()) return encodeMeshWireError(io->firstRefusal());
    if (scene != nullptr) {
      if (std::string bad = coordinateProblem(*scene); !bad.empty()) return encodeMeshWireError(bad);
      scene = importer.ApplyPostProcessing(aiProcess_RemoveComponent | aiProcess_Triangulate |
                                           aiProcess_JoinIdenticalVertices);
    }
    if (scene == nullptr) {
      std::string why = importer.GetErrorString();
      if (why.empty()) why = "no reason given";
      if (quotesAnyOf(why, scope.otherFilesRead())) {
        return encodeMeshWireError(
            "assimp cannot read it or a buffer it refers to (its message quotes that buffer, so it is left out)");
      }
      return encodeMeshWireError("assimp cannot read it: " + printable(why, 1024));
    }
    Converter converter{*scene, {}, 0, 0, {}};
    if (!converter.walk()) return encodeMeshWireError(converter.error);
    return encodeMeshWire(converter.out);
  } catch (const std::bad_alloc&) {
    return encodeMeshWireError("the mesh importer (assimp) ran out of memory reading this file");
  } catch (const std::exception& e) {
    return encodeMeshWireError(std::string("the mesh importer (assimp) failed: ") + printable(e.what(), 1024));
  } catch (...) {
    return encodeMeshWireError("the mesh importer (assimp) failed with an unknown exception");
  }
}

}  // namespace satlab
