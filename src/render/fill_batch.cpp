#include "render/fill_batch.hpp"

#include "render/packed_color.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace satlab {

namespace {

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

FillBatch::~FillBatch() { release(); }

void FillBatch::release() {
  if (vbo_ != 0) glDeleteBuffers(1, &vbo_);
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  vbo_ = vao_ = 0;
  capacity_ = 0;
}

bool FillBatch::init(std::string& error) {
  if (!program_.build("fill.vert", "fill.frag", error)) return false;
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &vbo_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<const void*>(offsetof(Vertex, pos)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                        reinterpret_cast<const void*>(offsetof(Vertex, color)));
  glBindVertexArray(0);
  return true;
}

void FillBatch::addTriangle(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec4& color) {
  if (!finite3(a) || !finite3(b) || !finite3(c)) return;
  const std::uint32_t packed = packColor(color);
  vertices_.push_back(Vertex{a, packed});
  vertices_.push_back(Vertex{b, packed});
  vertices_.push_back(Vertex{c, packed});
}

void FillBatch::addQuad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d,
                        const glm::vec4& color) {
  addTriangle(a, b, c, color);
  addTriangle(a, c, d, color);
}

void FillBatch::flush(const glm::mat4& viewProj) {
  if (vertices_.empty()) return;
  if (vao_ == 0) {  // never initialised: nothing can be drawn
    vertices_.clear();
    return;
  }
  const size_t n = vertices_.size();
  if (n > capacity_) capacity_ = n + n / 2;
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  // Orphaning the last flush's buffer, so the driver never waits for the GPU to finish it.
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(Vertex)), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(n * sizeof(Vertex)), vertices_.data());
  program_.use();
  program_.set("uViewProj", viewProj);
  glDisable(GL_CULL_FACE);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(n));
  glBindVertexArray(0);
  vertices_.clear();
}

}  // namespace satlab
