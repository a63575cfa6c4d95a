#include "render/sphere_draw_batch.hpp"

#include <cstddef>

namespace satlab {

SphereDrawBatch::~SphereDrawBatch() { release(); }

void SphereDrawBatch::release() {
  if (instanceVbo_ != 0) glDeleteBuffers(1, &instanceVbo_);
  if (cornerVbo_ != 0) glDeleteBuffers(1, &cornerVbo_);
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  instanceVbo_ = cornerVbo_ = vao_ = 0;
  capacity_ = 0;
}

bool SphereDrawBatch::init(std::string& error) {
  if (!program_.build("sphere_fill.vert", "sphere_fill.frag", error)) return false;
  const float corners[] = {-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &cornerVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, cornerVbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(corners), corners, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);

  glGenBuffers(1, &instanceVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, instanceVbo_);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(SphereInstance),
                        reinterpret_cast<const void*>(offsetof(SphereInstance, sphere)));
  glVertexAttribDivisor(1, 1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(SphereInstance),
                        reinterpret_cast<const void*>(offsetof(SphereInstance, color)));
  glVertexAttribDivisor(2, 1);
  glBindVertexArray(0);
  return true;
}

void SphereDrawBatch::flush(const glm::mat4& view, const glm::mat4& proj, bool orthographic,
                            const glm::vec3& lightDirView) {
  if (spheres_.empty()) return;
  glBindBuffer(GL_ARRAY_BUFFER, instanceVbo_);
  if (spheres_.size() > capacity_) capacity_ = spheres_.size() + spheres_.size() / 2;
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(SphereInstance)), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(spheres_.size() * sizeof(SphereInstance)),
                  spheres_.data());

  program_.use();
  program_.set("uView", view);
  program_.set("uProj", proj);
  glUniform1i(program_.uniform("uOrtho"), orthographic ? 1 : 0);
  glUniform3f(program_.uniform("uLightView"), lightDirView.x, lightDirView.y, lightDirView.z);
  glBindVertexArray(vao_);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(spheres_.size()));
  glBindVertexArray(0);
  spheres_.clear();
}

}  // namespace satlab
