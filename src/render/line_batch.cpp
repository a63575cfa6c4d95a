#include "render/line_batch.hpp"

#include <cstddef>

namespace satlab {

LineBatch::~LineBatch() { release(); }

void LineBatch::release() {
  if (instanceVbo_ != 0) glDeleteBuffers(1, &instanceVbo_);
  if (cornerVbo_ != 0) glDeleteBuffers(1, &cornerVbo_);
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  instanceVbo_ = cornerVbo_ = vao_ = 0;
  capacity_ = 0;
}

bool LineBatch::init(std::string& error) {
  if (!program_.build("thick_line.vert", "thick_line.frag", error)) return false;

  // The quad every instance is expanded from: (along, side) for a triangle strip.
  const float corners[] = {0.0f, -1.0f, 0.0f, 1.0f, 1.0f, -1.0f, 1.0f, 1.0f};
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &cornerVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, cornerVbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(corners), corners, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);

  glGenBuffers(1, &instanceVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, instanceVbo_);
  const GLsizei stride = sizeof(LineInstance);
  struct Attr {
    GLuint index;
    GLint count;
    size_t offset;
  };
  const Attr attrs[] = {{1, 3, offsetof(LineInstance, a)},
                        {2, 3, offsetof(LineInstance, b)},
                        {3, 4, offsetof(LineInstance, color)},
                        {4, 1, offsetof(LineInstance, width)},
                        {5, 1, offsetof(LineInstance, dash)},
                        {6, 1, offsetof(LineInstance, head)}};
  for (const Attr& at : attrs) {
    glEnableVertexAttribArray(at.index);
    glVertexAttribPointer(at.index, at.count, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(at.offset));
    glVertexAttribDivisor(at.index, 1);
  }
  glBindVertexArray(0);
  return true;
}

void LineBatch::flush(const glm::mat4& viewProj, const glm::vec2& viewportPx) {
  if (lines_.empty()) return;
  glBindBuffer(GL_ARRAY_BUFFER, instanceVbo_);
  const size_t bytes = lines_.size() * sizeof(LineInstance);
  if (lines_.size() > capacity_) capacity_ = lines_.size() + lines_.size() / 2;
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(LineInstance)), nullptr,
               GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), lines_.data());

  program_.use();
  program_.set("uViewProj", viewProj);
  program_.set("uViewport", viewportPx);
  glBindVertexArray(vao_);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(lines_.size()));
  glBindVertexArray(0);
  lines_.clear();
}

}  // namespace satlab
