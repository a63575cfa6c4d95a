// Translucent box faces (AABBs and OBBs), batched and drawn with one instanced call per
// flush: a unit-cube mesh with a per-instance placement and colour (shaders/box_fill.*).
#pragma once

#include "render/gl_program.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

struct BoxInstance {
  glm::vec3 center;
  glm::mat3 axes;   // columns: unit local axes in world space
  glm::vec3 half;   // half extents, >= 0; a zero extent draws a flat box (a rectangle)
  glm::vec4 color;  // straight RGBA; alpha is the opacity of the faces
};

class BoxBatch {
 public:
  BoxBatch() = default;
  BoxBatch(const BoxBatch&) = delete;
  BoxBatch& operator=(const BoxBatch&) = delete;
  ~BoxBatch();

  /// Creates the GL objects. Needs a current OpenGL 3.3 core context.
  bool init(std::string& error);
  void release();

  void add(const glm::vec3& center, const glm::mat3& axes, const glm::vec3& half, const glm::vec4& color) {
    boxes_.push_back(BoxInstance{center, axes, half, color});
  }
  size_t size() const { return boxes_.size(); }
  /// The boxes queued since the last flush (for a vector figure: vector_projection.hpp).
  const std::vector<BoxInstance>& instances() const { return boxes_; }
  /// Orders the queued boxes nearest `eye` first, so that opaque ones drawn with depth
  /// writes hide the ones behind before those are shaded (early depth test).
  void sortFrontToBack(const glm::vec3& eye);
  void clear() { boxes_.clear(); }

  /// Draws the faces turned towards the viewer (back faces culled), shaded by a light
  /// coming from `lightDir` (world space, towards the light), then empties the batch.
  /// Blending and depth state are the caller's: the scene renderer draws these without
  /// depth writes and with a polygon offset, so edges at the same depth stay on top.
  void flush(const glm::mat4& viewProj, const glm::vec3& lightDir);

 private:
  GlProgram program_;
  GLuint vao_ = 0;
  GLuint meshVbo_ = 0;
  GLuint meshEbo_ = 0;
  GLuint instanceVbo_ = 0;
  size_t capacity_ = 0;
  std::vector<BoxInstance> boxes_;
};

}  // namespace satlab
