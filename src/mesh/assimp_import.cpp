#include "mesh/assimp_import.hpp"

#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <exception>
#include <new>
#include <utility>
#include <vector>

#include "mesh/mesh_limits.hpp"
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
          return "meshes[" + std::to_string(m) + "] \"" + meshPrintable(mesh->mName.C_Str(), kMaxMeshNameBytes) +
                 "\": vertices[" + std::to_string(v) + "][" + std::to_string(k) + "]: " + meshCoordinateProblem(c);
        }
      }
    }
  }
  return "";
}

}  // namespace

std::string importMeshWithAssimp(const std::string& path) {
  try {
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_PP_RVC_FLAGS, aiComponent_NORMALS | aiComponent_TANGENTS_AND_BITANGENTS |
                                                            aiComponent_COLORS | aiComponent_TEXCOORDS |
                                                            aiComponent_BONEWEIGHTS | aiComponent_ANIMATIONS |
                                                            aiComponent_TEXTURES | aiComponent_LIGHTS |
                                                            aiComponent_CAMERAS | aiComponent_MATERIALS);
    // Read first, check the coordinates, then post-process: joining identical vertices
    // compares positions, and it silently merges a NaN vertex into another one.
    const aiScene* scene = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    if (scene != nullptr) {
      if (std::string bad = coordinateProblem(*scene); !bad.empty()) return encodeMeshWireError(bad);
      scene = importer.ApplyPostProcessing(aiProcess_RemoveComponent | aiProcess_Triangulate |
                                           aiProcess_JoinIdenticalVertices);
    }
    if (scene == nullptr) {
      std::string why = importer.GetErrorString();
      if (why.empty()) why = "no reason given";
      return encodeMeshWireError("assimp cannot read it: " + why);
    }
    Converter converter{*scene, {}, 0, 0, {}};
    if (!converter.walk()) return encodeMeshWireError(converter.error);
    return encodeMeshWire(converter.out);
  } catch (const std::bad_alloc&) {
    return encodeMeshWireError("the mesh importer (assimp) ran out of memory reading this file");
  } catch (const std::exception& e) {
    return encodeMeshWireError(std::string("the mesh importer (assimp) failed: ") + e.what());
  } catch (...) {
    return encodeMeshWireError("the mesh importer (assimp) failed with an unknown exception");
  }
}

}  // namespace satlab
