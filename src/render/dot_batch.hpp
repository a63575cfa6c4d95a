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
  /// Dots queued (while keeping the nearest: the cells kept so far are not counted).
  size_t size() const { return dots_.size(); }
  void clear() {
    dots_.clear();
    thinning_ = false;
  }
  /// Ends keepNearestPerCell's keeping: the dots kept join the queue (flush does it too).
  void finish();
  /// The queued dots as zero-length lines (what LineBatch::addPoint would have queued), for
  /// vector figures.
  std::vector<LineInstance> asLines() const;

  /// Level of detail for crowds of dots, from now until the next flush: of the dots whose
  /// centres fall in one `cellPx`-square cell of the viewport only the nearest (in
  /// `viewProj`'s depth) is kept, and dots whose centre is behind the eye or outside the
  /// viewport are left out (GL would not draw them either: a point is clipped by its
  /// centre). Where a million shapes are a few pixels each, most of their dots lie under
  /// nearer ones; this draws at most one a cell. The dots kept come out in cell order.
  void keepNearestPerCell(const glm::mat4& viewProj, const glm::vec2& viewportPx, float cellPx);
  /// add(), given `clip` = viewProj * (p, 1) already (only used while keeping the nearest).
  void add(const glm::vec3& p, const glm::vec4& clip, const glm::vec4& color, float diameterPx);

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
  // keepNearestPerCell: the grid, and in each cell the nearest dot so far (depth > 1: none).
  bool thinning_ = false;
  glm::mat4 thinViewProj_{1.0f};
  glm::vec2 thinViewport_{0.0f};
  float cellPx_ = 1.0f;
  int cols_ = 0, rows_ = 0;
  std::vector<Dot> cellDot_;
  std::vector<float> cellDepth_;
  /// Moves the kept dots into dots_ and stops keeping.
  void gatherCells();
};

}  // namespace satlab
