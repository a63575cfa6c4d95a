#include "render/mesh_batch.hpp"

#include <cmath>
#include <unordered_set>

namespace satlab {

namespace {

/// A GPU copy unused for this many frames is dropped even while a scene still holds its
/// mesh (an undo step far back): it is uploaded again when drawn again.
constexpr std::uint64_t kKeepUnusedFrames = 600;

bool finite(const glm::vec4& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}

}  // namespace

glm::mat4 meshModelMatrix(const MeshPose& pose) {
  glm::mat4 m(1.0f);
  for (int i = 0; i < 3; ++i) m[i] = glm::vec4(pose.axes[i] * pose.scale[i], 0.0f);
  m[3] = glm::vec4(pose.center, 1.0f);
  return m;
}

std::vector<std::uint32_t> meshEdgeIndices(const TriangleMesh& mesh) {
  std::unordered_set<std::uint64_t> seen;
  seen.reserve(mesh.indices.size());
  std::vector<std::uint32_t> out;
  out.reserve(mesh.indices.size());
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    for (int k = 0; k < 3; ++k) {
      std::uint32_t a = mesh.indices[t + static_cast<std::size_t>(k)];
      std::uint32_t b = mesh.indices[t + static_cast<std::size_t>((k + 1) % 3)];
      if (a == b) continue;
      if (a > b) std::swap(a, b);
      if (!seen.insert((static_cast<std::uint64_t>(a) << 32) | b).second) continue;
      out.push_back(a);
      out.push_back(b);
    }
  }
  return out;
}

MeshBatch::~MeshBatch() { release(); }

void MeshBatch::free(Upload& u) {
  const GLuint buffers[3] = {u.vbo, u.faces, u.edges};
  for (GLuint b : buffers) {
    if (b != 0) glDeleteBuffers(1, &b);
  }
  if (u.vao != 0) glDeleteVertexArrays(1, &u.vao);
  if (u.edgeVao != 0) glDeleteVertexArrays(1, &u.edgeVao);
  u = Upload{};
}

void MeshBatch::release() {
  for (auto& [key, upload] : cache_) free(upload);
  cache_.clear();
  queued_.clear();
  ready_ = false;
}

bool MeshBatch::init(std::string& error) {
  ready_ = program_.build("mesh.vert", "mesh.frag", error);
  return ready_;
}

MeshBatch::Upload* MeshBatch::uploadFor(const std::shared_ptr<const MeshData>& data) {
  auto it = cache_.find(data.get());
  if (it != cache_.end() && it->second.data.lock() != data) {
    free(it->second);  // another mesh at the address of a freed one
    cache_.erase(it);
    it = cache_.end();
  }
  if (it != cache_.end()) return &it->second;
  const TriangleMesh& mesh = data->mesh;
  Upload u;
  u.data = data;
  glGenVertexArrays(1, &u.vao);
  glGenBuffers(1, &u.vbo);
  glGenBuffers(1, &u.faces);
  glBindVertexArray(u.vao);
  glBindBuffer(GL_ARRAY_BUFFER, u.vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(glm::vec3)), mesh.vertices.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, u.faces);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
               mesh.indices.data(), GL_STATIC_DRAW);
  u.faceIndices = static_cast<GLsizei>(mesh.indices.size());
  if (mesh.triangleCount() <= kMeshEdgesUpToTriangles) {
    const std::vector<std::uint32_t> edges = meshEdgeIndices(mesh);
    glGenVertexArrays(1, &u.edgeVao);
    glGenBuffers(1, &u.edges);
    glBindVertexArray(u.edgeVao);
    glBindBuffer(GL_ARRAY_BUFFER, u.vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, u.edges);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(edges.size() * sizeof(std::uint32_t)), edges.data(),
                 GL_STATIC_DRAW);
    u.edgeIndices = static_cast<GLsizei>(edges.size());
  }
  glBindVertexArray(0);
  return &cache_.emplace(data.get(), u).first->second;
}

void MeshBatch::add(const std::shared_ptr<const MeshData>& data, const MeshPose& pose, const glm::vec4& fill,
                    const glm::vec4& edge) {
  if (!ready_ || !data || data->mesh.indices.empty()) return;
  const glm::mat4 model = meshModelMatrix(pose);
  for (int i = 0; i < 4; ++i) {
    if (!finite(model[i])) return;
  }
  Upload* u = uploadFor(data);
  u->lastFrame = frame_;
  queued_.push_back(Queued{u, model, fill, edge});
}

std::vector<MeshBatch::QueuedMesh> MeshBatch::queuedMeshes() const {
  std::vector<QueuedMesh> out;
  for (const Queued& q : queued_) {
    std::shared_ptr<const MeshData> data = q.upload->data.lock();
    if (!data) continue;
    const glm::vec4 edge = q.upload->edgeIndices > 0 ? q.edge : glm::vec4(0.0f);
    out.push_back(QueuedMesh{std::move(data), q.model, q.fill, edge});
  }
  return out;
}

void MeshBatch::flushEdges(const glm::mat4& viewProj) {
  if (queued_.empty()) return;
  program_.use();
  program_.set("uViewProj", viewProj);
  program_.set("uShade", 0.0f);
  for (const Queued& q : queued_) {
    if (q.edge.a <= 0.0f || q.upload->edgeIndices == 0) continue;
    program_.set("uModel", q.model);
    program_.set("uColor", q.edge);
    glBindVertexArray(q.upload->edgeVao);
    glDrawElements(GL_LINES, q.upload->edgeIndices, GL_UNSIGNED_INT, nullptr);
  }
  glBindVertexArray(0);
}

void MeshBatch::flushFaces(const glm::mat4& viewProj, const glm::vec3& light) {
  if (!queued_.empty()) {
    program_.use();
    program_.set("uViewProj", viewProj);
    program_.set("uLight", light);
    program_.set("uShade", 1.0f);
    glDisable(GL_CULL_FACE);
    for (const Queued& q : queued_) {
      if (q.fill.a <= 0.0f) continue;
      program_.set("uModel", q.model);
      program_.set("uColor", q.fill);
      glBindVertexArray(q.upload->vao);
      glDrawElements(GL_TRIANGLES, q.upload->faceIndices, GL_UNSIGNED_INT, nullptr);
    }
    glBindVertexArray(0);
  }
  queued_.clear();
  for (auto it = cache_.begin(); it != cache_.end();) {
    if (it->second.data.expired() || frame_ - it->second.lastFrame > kKeepUnusedFrames) {
      free(it->second);
      it = cache_.erase(it);
    } else {
      ++it;
    }
  }
  ++frame_;
}

}  // namespace satlab
