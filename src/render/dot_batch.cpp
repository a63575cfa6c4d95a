#include "render/dot_batch.hpp"

#include "render/packed_color.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace satlab {

DotBatch::~DotBatch() { release(); }

void DotBatch::release() {
  if (vbo_ != 0) glDeleteBuffers(1, &vbo_);
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  vbo_ = vao_ = 0;
  capacity_ = 0;
}

bool DotBatch::init(std::string& error) {
  if (!program_.build("dot.vert", "dot.frag", error)) return false;
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &vbo_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const GLsizei stride = sizeof(Dot);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(Dot, p)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<const void*>(offsetof(Dot, color)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offsetof(Dot, diameter)));
  glBindVertexArray(0);
  return true;
}

void DotBatch::add(const glm::vec3& p, const glm::vec4& color, float diameterPx) {
  if (thinning_) {
    add(p, thinViewProj_ * glm::vec4(p, 1.0f), color, diameterPx);
  } else {
    dots_.push_back(Dot{p, packColor(color), diameterPx});
  }
}

void DotBatch::add(const glm::vec3& p, const glm::vec4& clip, const glm::vec4& color, float diameterPx) {
  if (!thinning_) {
    dots_.push_back(Dot{p, packColor(color), diameterPx});
    return;
  }
  if (!(clip.w > 0.0f)) return;
  const glm::vec3 ndc = glm::vec3(clip) / clip.w;
  if (!(std::abs(ndc.x) <= 1.0f && std::abs(ndc.y) <= 1.0f && std::abs(ndc.z) <= 1.0f)) return;
  const int cx = std::min(static_cast<int>((ndc.x * 0.5f + 0.5f) * thinViewport_.x / cellPx_), cols_ - 1);
  const int cy = std::min(static_cast<int>((ndc.y * 0.5f + 0.5f) * thinViewport_.y / cellPx_), rows_ - 1);
  const size_t cell = static_cast<size_t>(cy) * static_cast<size_t>(cols_) + static_cast<size_t>(cx);
  if (ndc.z < cellDepth_[cell]) {
    cellDepth_[cell] = ndc.z;
    cellDot_[cell] = Dot{p, packColor(color), diameterPx};
  }
}

void DotBatch::keepNearestPerCell(const glm::mat4& viewProj, const glm::vec2& viewportPx, float cellPx) {
  if (thinning_) gatherCells();
  if (!(cellPx >= 1.0f) || !(viewportPx.x >= 1.0f) || !(viewportPx.y >= 1.0f)) return;
  const double cols = std::ceil(viewportPx.x / cellPx), rows = std::ceil(viewportPx.y / cellPx);
  if (cols * rows > static_cast<double>(1 << 26)) return;  // an absurd viewport: keep them all
  cols_ = static_cast<int>(cols);
  rows_ = static_cast<int>(rows);
  cellPx_ = cellPx;
  thinViewProj_ = viewProj;
  thinViewport_ = viewportPx;
  cellDot_.resize(static_cast<size_t>(cols_) * static_cast<size_t>(rows_));
  cellDepth_.assign(cellDot_.size(), 2.0f);  // beyond the far plane: empty
  thinning_ = true;
}

void DotBatch::gatherCells() {
  thinning_ = false;
  for (size_t i = 0; i < cellDot_.size(); ++i) {
    if (cellDepth_[i] <= 1.0f) dots_.push_back(cellDot_[i]);
  }
}

void DotBatch::finish() {
  if (thinning_) gatherCells();
}

std::vector<LineInstance> DotBatch::asLines() const {
  std::vector<LineInstance> lines;
  lines.reserve(dots_.size());
  for (const Dot& d : dots_) lines.push_back(LineInstance{d.p, d.p, unpackColor(d.color), d.diameter, 0.0f, 0.0f});
  return lines;
}

void DotBatch::flush(const glm::mat4& viewProj) {
  finish();
  if (dots_.empty()) return;
  const size_t n = dots_.size();
  if (n > capacity_) capacity_ = n + n / 2;
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(Dot)), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(n * sizeof(Dot)), dots_.data());
  gl::programPointSize();
  program_.use();
  program_.set("uViewProj", viewProj);
  glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(n));
  glBindVertexArray(0);
  dots_.clear();
}

}  // namespace satlab
