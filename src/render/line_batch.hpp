// Thick anti-aliased line segments, batched and drawn with one draw call per flush.
#pragma once

#include "render/gl_program.hpp"

#include <glm/glm.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace satlab {

struct LineInstance {
  glm::vec3 a;
  glm::vec3 b;
  glm::vec4 color;
  float width;  // pixels
  float dash;   // dash period in pixels, 0 = solid
  float head;   // arrow head length in pixels at b (a filled triangle, apex at b), 0 = none
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

  void add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color, float widthPx, float dashPx = 0.0f) {
    lines_.push_back(LineInstance{a, b, color, widthPx, dashPx, 0.0f});
  }
  /// A shaft from `from` to `to` with a filled head whose apex is `to`. The head is
  /// `headPx` long (0: 4.5 times the width plus 6 px) and never longer than 60% of the
  /// arrow on screen; an arrow shorter than a pixel on screen is a dot.
  void addArrow(const glm::vec3& from, const glm::vec3& to, const glm::vec4& color, float widthPx, float headPx = 0.0f,
                float dashPx = 0.0f) {
    const float head = headPx > 0.0f ? headPx : widthPx * 4.5f + 6.0f;
    lines_.push_back(LineInstance{from, to, color, widthPx, dashPx, head});
  }
  /// A round dot of diameter `diameterPx` (a zero-length line).
  void addPoint(const glm::vec3& p, const glm::vec4& color, float diameterPx) {
    lines_.push_back(LineInstance{p, p, color, diameterPx, 0.0f, 0.0f});
  }
  size_t size() const { return lines_.size(); }
  /// The lines queued since the last flush (for tests and measurements).
  const std::vector<LineInstance>& lines() const { return lines_; }
  void clear() { lines_.clear(); }
  /// Reserves room for `n` lines so that a frame of that size allocates nothing.
  void reserve(size_t n) { lines_.reserve(n); }

  /// Draws every queued line with `viewProj` into a target of `viewportPx` pixels, then
  /// empties the batch. Uploads the lines once, as four vertices (a quad) each (orphaning the last
  /// flush's buffer, so the driver never waits for the GPU to finish with it).
  void flush(const glm::mat4& viewProj, const glm::vec2& viewportPx);

 private:
  GlProgram program_;
  /// What the GPU gets: a line's data once per quad corner, colour packed as RGBA8.
  struct Vertex {
    glm::vec3 a;
    glm::vec3 b;
    std::uint32_t color;
    float width, dash, head;
  };
  void growIndices(size_t lines);

  GLuint vao_ = 0;
  GLuint vertexVbo_ = 0;
  GLuint indexBuffer_ = 0;
  size_t capacity_ = 0;       // lines the vertex buffer holds
  size_t indexCapacity_ = 0;  // lines the index buffer covers
  std::vector<LineInstance> lines_;
  std::vector<Vertex> vertices_;
};

}  // namespace satlab
