#include "render/box_batch.hpp"

#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cstddef>
#include <utility>

namespace satlab {

namespace {

/// The unit cube as 6 faces of 4 vertices (position, normal), counter-clockwise seen from
/// outside, and their 36 indices. Faces have their own vertices so each keeps one normal.
struct CubeMesh {
  float vertices[24 * 6];
  unsigned short indices[36];
};

CubeMesh makeCube() {
  CubeMesh m{};
  int v = 0, i = 0;
  for (int axis = 0; axis < 3; ++axis) {
    for (int sign = -1; sign <= 1; sign += 2) {
      // u, w span the face; u x w points along the outward normal.
      glm::vec3 n(0.0f), u(0.0f), w(0.0f);
      n[axis] = static_cast<float>(sign);
      u[(axis + 1) % 3] = 1.0f;
      w[(axis + 2) % 3] = 1.0f;
      if (sign < 0) std::swap(u, w);
      const glm::vec2 corners[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      const int base = v;
      for (const glm::vec2& c : corners) {
        const glm::vec3 p = n + u * c.x + w * c.y;
        float* out = m.vertices + v * 6;
        out[0] = p.x, out[1] = p.y, out[2] = p.z;
        out[3] = n.x, out[4] = n.y, out[5] = n.z;
        ++v;
      }
      const int quad[6] = {0, 1, 2, 0, 2, 3};
      for (int q : quad) m.indices[i++] = static_cast<unsigned short>(base + q);
    }
  }
  return m;
}

}  // namespace

BoxBatch::~BoxBatch() { release(); }

void BoxBatch::release() {
  if (instanceVbo_ != 0) glDeleteBuffers(1, &instanceVbo_);
  if (meshVbo_ != 0) glDeleteBuffers(1, &meshVbo_);
  if (meshEbo_ != 0) glDeleteBuffers(1, &meshEbo_);
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  instanceVbo_ = meshVbo_ = meshEbo_ = vao_ = 0;
  capacity_ = 0;
}

bool BoxBatch::init(std::string& error) {
  if (!program_.build("box_fill.vert", "box_fill.frag", error)) return false;
  const CubeMesh cube = makeCube();
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &meshVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, meshVbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(cube.vertices), cube.vertices, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<const void*>(3 * sizeof(float)));
  glGenBuffers(1, &meshEbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, meshEbo_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(cube.indices), cube.indices, GL_STATIC_DRAW);

  glGenBuffers(1, &instanceVbo_);
  glBindBuffer(GL_ARRAY_BUFFER, instanceVbo_);
  struct Attr {
    GLuint index;
    GLint count;
    size_t offset;
  };
  const Attr attrs[] = {{2, 3, offsetof(BoxInstance, center)},
                        {3, 3, offsetof(BoxInstance, axes)},
                        {4, 3, offsetof(BoxInstance, axes) + sizeof(glm::vec3)},
                        {5, 3, offsetof(BoxInstance, axes) + 2 * sizeof(glm::vec3)},
                        {6, 3, offsetof(BoxInstance, half)},
                        {7, 4, offsetof(BoxInstance, color)}};
  for (const Attr& at : attrs) {
    glEnableVertexAttribArray(at.index);
    glVertexAttribPointer(at.index, at.count, GL_FLOAT, GL_FALSE, sizeof(BoxInstance),
                          reinterpret_cast<const void*>(at.offset));
    glVertexAttribDivisor(at.index, 1);
  }
  glBindVertexArray(0);
  return true;
}

void BoxBatch::sortFrontToBack(const glm::vec3& eye) {
  std::sort(boxes_.begin(), boxes_.end(), [&](const BoxInstance& a, const BoxInstance& b) {
    const glm::vec3 da = a.center - eye, db = b.center - eye;
    return glm::dot(da, da) < glm::dot(db, db);
  });
}

void BoxBatch::flush(const glm::mat4& viewProj, const glm::vec3& lightDir) {
  if (boxes_.empty()) return;
  glBindBuffer(GL_ARRAY_BUFFER, instanceVbo_);
  if (boxes_.size() > capacity_) capacity_ = boxes_.size() + boxes_.size() / 2;
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(BoxInstance)), nullptr, GL_STREAM_DRAW);
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(boxes_.size() * sizeof(BoxInstance)), boxes_.data());

  program_.use();
  program_.set("uViewProj", viewProj);
  glUniform3f(program_.uniform("uLight"), lightDir.x, lightDir.y, lightDir.z);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glFrontFace(GL_CCW);
  glBindVertexArray(vao_);
  glDrawElementsInstanced(GL_TRIANGLES, 36, GL_UNSIGNED_SHORT, nullptr, static_cast<GLsizei>(boxes_.size()));
  glBindVertexArray(0);
  glDisable(GL_CULL_FACE);
  boxes_.clear();
}

}  // namespace satlab
