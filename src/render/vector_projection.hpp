// The view's batched primitives as a figure's vector shapes (vector_figure.hpp): each one
// projected with the matrix and viewport it is drawn with, the way its shader places it. The
// scene renderer calls these with what it is about to flush (docs/figures.md), so the vector
// figure holds what the picture holds, not a second drawing of the scene.
//
// What SVG cannot do the same way: there is no depth test, so surfaces are written back to
// front (the painter's algorithm) under the lines, which are written in the order they are
// drawn; a surface is one flat colour (a box's or a mesh's face the colour its shader gives
// the whole face, a sphere's fill the shade at its middle ring).
#pragma once

#include "render/box_batch.hpp"
#include "render/fill_batch.hpp"
#include "render/line_batch.hpp"
#include "render/sphere_draw_batch.hpp"
#include "render/vector_figure.hpp"
#include "satlab/collide/mesh.hpp"

#include <glm/glm.hpp>

#include <cstddef>
#include <vector>

namespace satlab {

/// The matrices a batch is drawn with and where its viewport lies in the figure.
struct VectorView {
  glm::mat4 viewProj{1.0f};
  glm::vec2 viewportPx{1.0f};  ///< the viewport's size, framebuffer pixels
  glm::vec2 offsetPx{0.0f};    ///< its top-left corner in the figure (the axes widget's corner)
  glm::vec3 eye{0.0f};
  glm::vec3 forward{0.0f, 0.0f, -1.0f};
  bool orthographic = false;
};

/// The figure pixel of a point in clip space (x right, y down), as the rasteriser puts it.
glm::vec2 clipToFigure(const glm::vec4& clip, const VectorView& view);

/// Lines as shaders/thick_line.* draws them: clipped against the near plane and a guard band
/// of twice the viewport, `width` pixels wide with round caps; dashed with the same period
/// (on, then off, from the line's first end); an arrow's head a filled triangle at its second
/// end, the shaft stopping half way into it; a line shorter than a pixel with a head, or of no
/// length, a dot.
void recordLines(VectorFigure& figure, const std::vector<LineInstance>& lines, const VectorView& view);

/// Surfaces of one drawing, gathered from their batches, then written back to front.
class VectorSurfaces {
 public:
  /// Box faces turned towards the viewer (the others are culled), shaded as
  /// shaders/box_fill.vert shades the face (half-Lambert from `light`, world space).
  void boxes(const std::vector<BoxInstance>& boxes, const VectorView& view, const glm::vec3& light);
  /// Triangles as FillBatch draws them: unlit, both sides.
  void triangles(const std::vector<FillBatch::Vertex>& vertices, const VectorView& view);
  /// Sphere fills: the silhouette's disc, at the impostor's shade of its middle ring.
  void spheres(const std::vector<SphereInstance>& spheres, const VectorView& view);
  /// A mesh's faces, both sides, each shaded as shaders/mesh.frag shades it.
  void mesh(const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& fill, const VectorView& view,
            const glm::vec3& light);
  /// Writes every surface gathered, farthest first (in 2D, where all are as far, in the order
  /// they were drawn), and forgets them.
  void write(VectorFigure& figure);
  std::size_t size() const { return faces_.size(); }

 private:
  struct Face {
    std::vector<glm::vec2> points;
    glm::vec4 color;
    float depth;
  };
  /// Projects the world polygon `corners`; false (nothing added) when a corner is behind the eye.
  bool add(const glm::vec3* corners, int count, const glm::vec4& color, const VectorView& view);
  std::vector<Face> faces_;
};

/// A mesh's unique edges as lines of `width` (MeshBatch draws them one pixel wide).
void recordMeshEdges(VectorFigure& figure, const TriangleMesh& mesh, const glm::mat4& model, const glm::vec4& color,
                     float width, const VectorView& view);

}  // namespace satlab
