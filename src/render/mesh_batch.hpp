// Mesh shapes on the GPU: each mesh's triangles uploaded once into a vertex buffer, with an
// index buffer for its faces and one for its edges, kept between frames and keyed by its
// shared MeshData (scene copies, undo steps and the autosave share one upload). A frame
// only queues each mesh's pose and colours; flushing draws each mesh with one call, so a
// 1M-triangle mesh costs a draw call a frame, not a re-batch (docs/rendering.md).
#pragma once

#include "document/mesh_shape.hpp"
#include "render/gl_program.hpp"

#include <glm/glm.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace satlab {

/// Meshes with at most this many triangles have their edges drawn (as thin lines); a denser
/// mesh's edges would only grey it over.
inline constexpr std::size_t kMeshEdgesUpToTriangles = 100000;

/// The model matrix of a mesh pose: world = center + axes * (scale * p).
glm::mat4 meshModelMatrix(const MeshPose& pose);

/// The unique edges of a mesh's triangles, as index pairs (each edge once, lower index
/// first), in the order first met. O(triangles) expected.
std::vector<std::uint32_t> meshEdgeIndices(const TriangleMesh& mesh);

class MeshBatch {
 public:
  MeshBatch() = default;
  MeshBatch(const MeshBatch&) = delete;
  MeshBatch& operator=(const MeshBatch&) = delete;
  ~MeshBatch();

  bool init(std::string& error);
  /// Deletes every GL object (while the context is still current).
  void release();

  /// Queues the mesh for this frame's flushes: faces of `fill` (alpha 0: none) and, for a
  /// mesh of at most kMeshEdgesUpToTriangles, edges of `edge` (alpha 0: none).
  void add(const std::shared_ptr<const MeshData>& data, const MeshPose& pose, const glm::vec4& fill,
           const glm::vec4& edge);
  std::size_t size() const { return queued_.size(); }
  /// A mesh queued for this frame, as the flushes draw it.
  struct QueuedMesh {
    std::shared_ptr<const MeshData> data;
    glm::mat4 model{1.0f};
    glm::vec4 fill{0.0f};
    glm::vec4 edge{0.0f};  ///< alpha 0 when its edges are not drawn (none asked, or too many triangles)
  };
  /// The meshes queued since the last flushFaces (for a vector figure: vector_projection.hpp).
  std::vector<QueuedMesh> queuedMeshes() const;

  /// Draws the queued meshes' edges (depth tested and written: call with the opaque lines).
  void flushEdges(const glm::mat4& viewProj);
  /// Draws the queued meshes' faces, shaded, then empties the queue and drops the GPU copies
  /// of meshes no scene holds any more. Blending and depth state are the caller's.
  void flushFaces(const glm::mat4& viewProj, const glm::vec3& light);

  /// Meshes uploaded and kept (for tests and --stats).
  std::size_t uploaded() const { return cache_.size(); }

 private:
  struct Upload {
    std::weak_ptr<const MeshData> data;
    GLuint vao = 0, vbo = 0, faces = 0, edgeVao = 0, edges = 0;
    GLsizei faceIndices = 0, edgeIndices = 0;
    std::uint64_t lastFrame = 0;
  };
  struct Queued {
    const Upload* upload;
    glm::mat4 model;
    glm::vec4 fill, edge;
  };
  Upload* uploadFor(const std::shared_ptr<const MeshData>& data);
  static void free(Upload& u);

  GlProgram program_;
  std::unordered_map<const MeshData*, Upload> cache_;
  std::vector<Queued> queued_;
  std::uint64_t frame_ = 1;
  bool ready_ = false;
};

}  // namespace satlab
