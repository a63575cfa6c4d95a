// Round anti-aliased dots of a few pixels, one GL point each: the level of detail of shapes
// too small on screen for their edges or surfaces (scene_renderer.cpp).
//
// A dot used to be a zero-length thick line (LineBatch::addPoint): four vertices and six
// indices through the line shader's clipping and widening. At 100,000 shapes and more most
// of the scene is dots, and a point is one small vertex with a trivial vertex shader
// (docs/rendering.md, "Level of detail").
#pragma once

#include "render/gl_program.hpp"
#include "render/line_batch.hpp"

#include <glm/glm.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace satlab {

class DotBatch {
 public:
  DotBatch() = default;
  DotBatch(const DotBatch&) = delete;
  DotBatch& operator=(const DotBatch&) = delete;
  ~DotBatch();

  /// Creates the GL objects. Needs a current OpenGL 3.3 core (or ES 3.0) context.
  bool init(std::string& error);
  /// Deletes the GL objects (while the context is still current).
  void release();

  /// A dot of diameter `diameterPx` framebuffer pixels centred on `p`; the colour's alpha
  /// is its opacity. Coverage ramps over one pixel at the rim, as a thick line's does.
  void add(const glm::vec3& p, const glm::vec4& color, float diameterPx);
  size_t size() const { return dots_.size(); }
  void clear() { dots_.clear(); }
  /// The queued dots as zero-length lines (what LineBatch::addPoint would have queued), for
  /// vector figures.
  std::vector<LineInstance> asLines() const;

  /// Level of detail for crowds of dots: keeps, of the dots whose centres fall in one
  /// `cellPx`-square cell of the viewport, the nearest one (in `viewProj`'s depth), and
  /// leaves out dots whose centre is behind the eye or outside the viewport (which GL would
  /// not draw either: a point is clipped by its centre). Where a million shapes are a few
  /// pixels each, most of their dots lie under nearer ones; this draws a few hundred
  /// thousand at most instead. Keeps the order of the dots it keeps.
  void keepNearestPerCell(const glm::mat4& viewProj, const glm::vec2& viewportPx, float cellPx);

  /// Draws every queued dot with `viewProj` (depth tested as the caller set it), then
  /// empties the batch. One upload into an orphaned buffer, one draw call.
  void flush(const glm::mat4& viewProj);

 private:
  struct Dot {
    glm::vec3 p;
    std::uint32_t color;  // RGBA8
    float diameter;       // framebuffer pixels
  };
  GlProgram program_;
  GLuint vao_ = 0;
  GLuint vbo_ = 0;
  size_t capacity_ = 0;  // dots the buffer holds
  std::vector<Dot> dots_;
  std::vector<std::int32_t> dotCell_;  // keepNearestPerCell: each dot's cell, -1 when not drawn
  std::vector<std::int32_t> cellDot_;  // the nearest dot in each cell so far, -1 when none
  std::vector<float> cellDepth_;       // its depth
};

}  // namespace satlab
