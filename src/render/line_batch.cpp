#include "render/line_batch.hpp"

#include "render/packed_color.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace satlab {

LineBatch::~LineBatch() { release(); }

void LineBatch::release() {
  if (vertexVbo_ != 0) glDeleteBuffers(1, &vertexVbo_);
  if (indexBuffer_ != 0) glDeleteBuffers(1, &indexBuffer_);
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  vertexVbo_ = indexBuffer_ = vao_ = 0;
  capacity_ = indexCapacity_ = 0;
}

bool LineBatch::init(std::string& error) {
  if (!program_.build("thick_line.vert", "thick_line.frag", error)) return false;
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &indexBuffer_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_);  // part of the vertex array's state
  glGenBuffers(1, &vertexVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, vertexVbo_);
  const GLsizei stride = sizeof(Vertex);
  struct Attr {
    GLuint index;
    GLint count;
    GLenum type;
    GLboolean normalized;
    size_t offset;
  };
  const Attr attrs[] = {{1, 3, GL_FLOAT, GL_FALSE, offsetof(Vertex, a)},
                        {2, 3, GL_FLOAT, GL_FALSE, offsetof(Vertex, b)},
                        {3, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(Vertex, color)},
                        {4, 1, GL_FLOAT, GL_FALSE, offsetof(Vertex, width)},
                        {5, 1, GL_FLOAT, GL_FALSE, offsetof(Vertex, dash)},
                        {6, 1, GL_FLOAT, GL_FALSE, offsetof(Vertex, head)}};
  for (const Attr& at : attrs) {
    glEnableVertexAttribArray(at.index);
    glVertexAttribPointer(at.index, at.count, at.type, at.normalized, stride, reinterpret_cast<const void*>(at.offset));
  }
  glBindVertexArray(0);
  return true;
}

void LineBatch::growIndices(size_t lines) {
  // Two triangles per quad over its corners 0..3 = (A-, A+, B-, B+). The pattern never
  // changes, so the index buffer is rewritten only when it must cover more lines.
  if (lines <= indexCapacity_) return;
  indexCapacity_ = lines;
  std::vector<std::uint32_t> indices(indexCapacity_ * 6);
  for (size_t i = 0; i < indexCapacity_; ++i) {
    const std::uint32_t v = static_cast<std::uint32_t>(i * 4);
    const std::uint32_t quad[6] = {v, v + 1, v + 2, v + 2, v + 1, v + 3};
    std::copy(quad, quad + 6, indices.begin() + static_cast<std::ptrdiff_t>(i * 6));
  }
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)), indices.data(),
               GL_STATIC_DRAW);
}

void LineBatch::flush(const glm::mat4& viewProj, const glm::vec2& viewportPx) {
  if (lines_.empty()) return;
  const size_t n = lines_.size();
  vertices_.resize(n * 4);
  for (size_t i = 0; i < n; ++i) {
    const LineInstance& l = lines_[i];
    const Vertex v{l.a, l.b, packColor(l.color), l.width, l.dash, l.head};
    std::fill_n(vertices_.begin() + static_cast<std::ptrdiff_t>(i * 4), 4, v);
  }
  if (n > capacity_) capacity_ = n + n / 2;

  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vertexVbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * 4 * sizeof(Vertex)), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(vertices_.size() * sizeof(Vertex)), vertices_.data());
  growIndices(capacity_);

  program_.use();
  program_.set("uViewProj", viewProj);
  program_.set("uViewport", viewportPx);
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(n * 6), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  lines_.clear();
}

}  // namespace satlab
