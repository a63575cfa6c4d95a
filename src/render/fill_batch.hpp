// Flat translucent triangles and quads in world space (e.g. the separating plane), batched
// and drawn with one draw call per flush (shaders/fill.*). Unlit: a plane seen edge-on
// simply thins out, as a sheet of tinted glass would.
#pragma once

#include "render/gl_program.hpp"

#include <glm/glm.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace satlab {

class FillBatch {
 public:
  /// What the GPU gets per corner: a world position and the colour packed as RGBA8.
  struct Vertex {
    glm::vec3 pos;
    std::uint32_t color;
  };

  FillBatch() = default;
  FillBatch(const FillBatch&) = delete;
  FillBatch& operator=(const FillBatch&) = delete;
  ~FillBatch();

  /// Creates the GL objects. Needs a current OpenGL 3.3 core context. Queuing works
  /// without it (what is queued is plain data); flush needs it.
  bool init(std::string& error);
  /// Deletes the GL objects (while the context is still current).
  void release();

  /// One triangle of straight-alpha colour `color`. A triangle with a corner that is not
  /// finite is dropped (it would draw garbage across the view).
  void addTriangle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec4& color);
  /// The quad a, b, c, d (corners in order around it) as the triangles abc and acd.
  void addQuad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d, const glm::vec4& color);
  size_t triangles() const { return vertices_.size() / 3; }
  const std::vector<Vertex>& vertices() const { return vertices_; }
  void clear() { vertices_.clear(); }

  /// Draws every queued triangle (both sides) with `viewProj`, then empties the batch.
  /// Blending and depth state are the caller's (the scene renderer tests depth and writes
  /// none, so shapes in front stay in front and the plane hides nothing behind it).
  void flush(const glm::mat4& viewProj);

 private:
  GlProgram program_;
  GLuint vao_ = 0;
  GLuint vbo_ = 0;
  size_t capacity_ = 0;  // vertices the buffer holds
  std::vector<Vertex> vertices_;
};

}  // namespace satlab
