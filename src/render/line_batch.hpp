// Thick anti-aliased line segments, batched and drawn with one instanced call per flush.
#pragma once

#include "render/gl_program.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

struct LineInstance {
  glm::vec3 a;
  glm::vec3 b;
  glm::vec4 color;
  float width;  // pixels
  float dash;   // dash period in pixels, 0 = solid
};

class LineBatch {
 public:
  LineBatch() = default;
  LineBatch(const LineBatch&) = delete;
  LineBatch& operator=(const LineBatch&) = delete;
  ~LineBatch();

  /// Creates the GL objects. Needs a current OpenGL 3.3 core context.
  bool init(std::string& error);
  /// Deletes the GL objects (while the context is still current).
  void release();

  void add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color, float widthPx,
           float dashPx = 0.0f) {
    lines_.push_back(LineInstance{a, b, color, widthPx, dashPx});
  }
  size_t size() const { return lines_.size(); }
  void clear() { lines_.clear(); }

  /// Draws every queued line with `viewProj` into a target of `viewportPx` pixels, then
  /// empties the batch.
  void flush(const glm::mat4& viewProj, const glm::vec2& viewportPx);

 private:
  GlProgram program_;
  GLuint vao_ = 0;
  GLuint cornerVbo_ = 0;
  GLuint instanceVbo_ = 0;
  size_t capacity_ = 0;
  std::vector<LineInstance> lines_;
};

}  // namespace satlab
