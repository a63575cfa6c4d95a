// Translucent sphere fills drawn as impostors: one camera-facing quad per sphere, the
// sphere itself found per pixel by ray casting (shaders/sphere_fill.*). The silhouette is
// exact in both projections and costs four vertices whatever the sphere's size.
#pragma once

#include "render/gl_program.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

struct SphereInstance {
  glm::vec4 sphere;  // centre xyz, radius w (> 0; a zero radius draws nothing)
  glm::vec4 color;   // straight RGBA; alpha is the fill's opacity at the centre
};

// Named for what it draws: the collision core's SphereBatch (satlab/collide/batch_narrow.hpp)
// is the batch narrow phase's structure of spheres, and a file may include both.
class SphereDrawBatch {
 public:
  SphereDrawBatch() = default;
  SphereDrawBatch(const SphereDrawBatch&) = delete;
  SphereDrawBatch& operator=(const SphereDrawBatch&) = delete;
  ~SphereDrawBatch();

  bool init(std::string& error);
  void release();

  void add(const glm::vec3& center, float radius, const glm::vec4& color) {
    if (radius > 0.0f) spheres_.push_back(SphereInstance{glm::vec4(center, radius), color});
  }
  size_t size() const { return spheres_.size(); }
  /// The spheres queued since the last flush (for a vector figure: vector_projection.hpp).
  const std::vector<SphereInstance>& instances() const { return spheres_; }
  void clear() { spheres_.clear(); }

  /// Draws the fills (writing the depth of the front surface; the caller decides whether
  /// depth writes are on), lit from `lightDirView` (view space, towards the light), then
  /// empties the batch. A sphere around the eye is not filled.
  void flush(const glm::mat4& view, const glm::mat4& proj, bool orthographic, const glm::vec3& lightDirView);

 private:
  GlProgram program_;
  GLuint vao_ = 0;
  GLuint cornerVbo_ = 0;
  GLuint instanceVbo_ = 0;
  size_t capacity_ = 0;
  std::vector<SphereInstance> spheres_;
};

}  // namespace satlab
