// Draws a Scene: ground grid, every shape (crisp edges plus translucent faces or fill),
// the world-axes widget and the shapes' name labels, in one fixed order per frame.
//
// Flush order (docs/rendering.md), all with depth test LEQUAL and alpha blending:
//   1. grid                  thick lines, no depth writes (edges on the ground stay visible)
//   2. opaque                selection halos (no depth writes), then box edges, sphere
//                            outlines, segments, then dots (level of detail); then small
//                            shapes' opaque surfaces (level of detail), nearest first
//   3. translucent surfaces  box faces, triangle faces, mesh faces (shaded, MeshBatch),
//                            then sphere fills; no depth writes, pushed back by a polygon
//                            offset so that their own edges stay on top (a mesh's edges
//                            are drawn with the opaque lines, MeshBatch::flushEdges)
//   4. axes widget           its own corner viewport, no depth test
// then, when the caller asks for it:
//   5. flushOverlay()        translucent triangles queued on overlayFills() (the separating
//                            plane), depth-tested against the scene, no depth writes; then
//                            lines and arrows queued on overlay() by other code (gizmos,
//                            explorers), drawn on top of everything (no depth test)
//   6. drawLabels()          ImGui text, during the UI pass
// Each batch is uploaded once per frame; the batches keep their storage between frames.
#pragma once

#include "document/scene.hpp"
#include "render/box_batch.hpp"
#include "render/camera.hpp"
#include "render/contrast.hpp"
#include "render/dot_batch.hpp"
#include "render/fill_batch.hpp"
#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "render/mesh_batch.hpp"
#include "render/shape_style.hpp"
#include "render/sphere_draw_batch.hpp"
#include "render/vector_figure.hpp"
#include "render/vector_projection.hpp"
#include "render/view_culler.hpp"
#include "render/view_setup.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

struct ImDrawList;

namespace satlab {

struct RenderSettings {
  /// Framebuffer pixels per logical pixel (the window's content scale on HiDPI screens,
  /// larger for projectors). Every line width, dash and point size is multiplied by it.
  float pixelScale = 1.0f;
  float edgeWidthPx = 2.0f;  ///< box edges and sphere outlines, logical pixels
  float fillAlpha = 0.22f;   ///< opacity of box faces and sphere fills
  /// Shapes less than this many logical pixels across on screen are drawn as a dot of
  /// their colour (level of detail); selected and hovered shapes never are.
  float dotBelowPx = 5.0f;
  /// The same threshold in huge scenes (more than `hugeAboveShapes` shapes): at 100,000
  /// shapes and more, most shapes are a few pixels across and their shaded surfaces were
  /// most of the rasteriser's work; a dot of their colour reads the same at that size.
  float dotBelowPxHuge = 8.0f;
  size_t hugeAboveShapes = 20000;
  /// Boxes and spheres less than this many logical pixels across are drawn as their
  /// surface alone, opaque, without edges; 0 turns this off.
  float surfaceOnlyBelowPx = 14.0f;
  /// The same threshold in crowded scenes (more than `multisampleUpToShapes` shapes): there
  /// the edges of small shapes are mostly noise, and drawing them is most of the fill work
  /// (stress_10000: 101 → 54 ms a frame under llvmpipe, docs/performance.md).
  float surfaceOnlyBelowPxCrowded = 24.0f;
  glm::vec4 background{0.13f, 0.14f, 0.16f, 1.0f};
  /// Scenes with up to this many shapes are drawn with multisampling (where the target has
  /// samples) on top of the shaders' own anti-aliasing; larger ones with the shaders'
  /// anti-aliasing alone, which saves ~40% of the frame on software renderers.
  int multisampleUpToShapes = 300;
  /// Moves the picture's centre sideways by this much of the half width (clip-space x +=
  /// shift * w), e.g. into the band between side panels; the aspect is unchanged.
  float centerShiftNdcX = 0.0f;
  /// The same upwards (clip-space y += shift * w), e.g. above an overlay along the bottom.
  float centerShiftNdcY = 0.0f;
  /// The axes widget's distance from the left edge (framebuffer pixels, before its margin),
  /// e.g. the right edge of a side panel that would cover the corner.
  float axesWidgetLeftPx = 0.0f;
  /// Rectangles the axes widget keeps off (framebuffer pixels, y down), e.g. a picture on
  /// the canvas at the bottom right that reaches the corner in a small window: the widget
  /// goes up above those it would overlap.
  std::vector<ScreenRect> axesWidgetKeepOff;
  bool grid = true;
  bool fills = true;
  bool axesWidget = true;
  bool labels = true;
  /// At most this many name labels are shown. A scene with more shapes than this is
  /// crowded: only shapes at least `labelMinSizePx` across on screen (and selected or
  /// hovered ones) are labelled, at most `maxLabelsCrowded` of them.
  /// Overdraw budget: the surfaces of one frame may cover at most this many times the
  /// viewport's area, added up in file order (selected and hovered shapes always get
  /// theirs). Past it a shape is drawn by its edges alone. A thousand identical spheres
  /// that each fill half the screen would otherwise blend a thousand layers per pixel: a
  /// frame of seconds on a software renderer, and slow on any GPU.
  float fillBudgetScreens = 8.0f;
  /// Edge budget, the same for lines: past this many viewports' worth of edge pixels (an
  /// estimate: the shape's size on screen times its edge count times the line width), or
  /// past maxEdgeLines line instances (the CPU builds and uploads each one every frame),
  /// further shapes are drawn as dots.
  float edgeBudgetScreens = 2.0f;
  size_t maxEdgeLines = 600000;
  /// In huge scenes, of the dots whose centres fall in one cell of `dotCellPx` logical
  /// pixels only the nearest is drawn (DotBatch::keepNearestPerCell): in a crowd of a
  /// million shapes most dots lie under nearer ones.
  float dotCellPx = 2.0f;
  int maxLabels = 250;
  int maxLabelsCrowded = 16;
  float labelMinSizePx = 60.0f;
};

/// Counts from the last draw(), for --stats and tests.
struct RenderCounts {
  size_t lines = 0;            ///< thick-line instances (grid, edges, outlines, segments)
  size_t boxes = 0;            ///< box face instances
  size_t spheres = 0;          ///< sphere fill instances
  size_t meshes = 0;           ///< mesh shapes drawn (one draw call each for faces, one for edges)
  size_t dots = 0;             ///< shapes drawn as a dot (level of detail)
  size_t dotsDrawn = 0;        ///< of those, the dots drawn (the nearest per cell in huge scenes)
  size_t culled = 0;           ///< shapes left out wholly outside the view (ViewCuller)
  size_t labels = 0;           ///< labels queued
  size_t fillsOverBudget = 0;  ///< shapes drawn without their surface (fillBudgetScreens)
  size_t dotsOverBudget = 0;   ///< shapes drawn as a dot (maxEdgeLines)
};

class SceneRenderer {
 public:
  /// Builds the programs and buffers. Needs a current OpenGL 3.3 core context.
  bool init(std::string& error);
  /// Deletes the GL objects (while the context is still current).
  void release();

  RenderSettings& settings() { return settings_; }
  const RenderSettings& settings() const { return settings_; }

  /// Clears the bound framebuffer's viewport (0, 0, viewportPx) and draws `scene` as seen
  /// by `camera` (in 2D scenes: the top-down view of makeViewSetup). `styles[i]` styles
  /// shape i; missing entries are the plain style. Leaves depth test on for flushOverlay.
  void draw(const Scene& scene, const OrbitCamera& camera, const glm::ivec2& viewportPx,
            const std::vector<ShapeStyle>& styles);

  /// Lines, arrows and points drawn after the scene by other code. Queue them any time
  /// during the frame after draw(); flushOverlay() draws them on top and empties it.
  LineBatch& overlay() { return overlay_; }
  /// Translucent triangles drawn by flushOverlay() before the overlay's lines, hidden by
  /// what is in front of them in the scene (e.g. the separating plane).
  FillBatch& overlayFills() { return overlayFills_; }
  void flushOverlay();

  /// Queues an extra label at world point `world` (e.g. a number), drawn by drawLabels.
  void addLabel(const glm::vec3& world, std::string_view text, const glm::vec4& color, int priority = 0);
  /// Draws the queued labels (shape names, the axes widget's letters, addLabel's) into an
  /// ImGui draw list; call once per frame inside the ImGui frame, after draw().
  /// `fbPerWindow`: framebuffer pixels per ImGui window unit.
  void drawLabels(ImDrawList* drawList, const glm::vec2& fbPerWindow);
  /// The one label layer every label of the view goes through (shape names, addLabel's,
  /// the pictures' own): queue labels in framebuffer pixels, set the rectangles to avoid.
  LabelLayer& labels() { return labels_; }

  /// While set, draw(), flushOverlay() and drawLabels() also hand what they draw to `figure`
  /// as vector shapes (vector_projection.hpp), just before it goes to OpenGL or ImGui, in
  /// groups: "grid", "surfaces", "shapes", "axes", "overlay", "labels". nullptr: none.
  void setRecorder(VectorFigure* figure) { recorder_ = figure; }

  /// The matrices of the last draw().
  const ViewSetup& viewSetup() const { return view_; }
  glm::mat4 viewProj() const { return view_.viewProj; }
  glm::vec2 viewportPx() const { return viewport_; }
  const RenderCounts& counts() const { return counts_; }

  /// Where the last frame drew the axes widget (framebuffer pixels, y down); empty when off.
  const ScreenRect& axesWidgetRect() const { return axesWidgetRect_; }

 private:
  /// `color`: the shape's colour made legible on the background (legibleOn).
  void addShape(const SceneShape& shape, const ShapeStyle& style, bool flat, const glm::vec4& color);
  void queueShapeLabel(const SceneShape& shape, const ShapeStyle& style, bool flat);
  void drawAxesWidget(const OrbitCamera& camera, bool flat);
  /// The recorder's view of the last draw(): its matrices over the whole viewport.
  VectorView vectorView() const;
  void recordShapes(const glm::vec3& light);
  float pixelsPerUnitAt(const glm::vec3& p) const;

  RenderSettings settings_;
  LineBatch grid_;
  LineBatch halos_;  // selection halos, drawn under the edges
  LineBatch edges_;
  LineBatch widget_;
  LineBatch overlay_;
  FillBatch overlayFills_;
  BoxBatch boxes_;
  SphereDrawBatch spheres_;
  BoxBatch solidBoxes_;  // small shapes' opaque surfaces (level of detail)
  SphereDrawBatch solidSpheres_;
  FillBatch triangleFills_;  // triangle shapes' faces, translucent
  MeshBatch meshes_;         // mesh shapes, uploaded once per mesh
  DotBatch dots_;            // shapes a few pixels across (level of detail)
  LabelLayer labels_;
  VectorFigure* recorder_ = nullptr;
  // Shape i's colour as last seen and as drawn on the background (contrast.hpp), kept
  // between frames; a new background or shape count starts them afresh.
  std::vector<glm::vec4> legibleFrom_, legibleTo_;
  glm::vec3 legibleBackground_{-1.0f};
  bool onLight_ = false;  // the background is light (isLightBackground), this frame
  ViewSetup view_;
  glm::vec2 viewport_{1.0f};
  RenderCounts counts_;
  bool manyShapes_ = false;
  double fillPixels_ = 0.0;  // surface area queued this frame, in pixels
  double edgePixels_ = 0.0;  // edge area queued this frame, in pixels (estimated)
  bool crowded_ = false;     // more shapes than multisampleUpToShapes
  bool huge_ = false;        // more shapes than hugeAboveShapes
  struct WidgetLetter {
    glm::vec2 px;
    const char* text;
    glm::vec4 color;
  };
  ScreenRect axesWidgetRect_{};  // framebuffer pixels, y down; empty when not drawn
  WidgetLetter letters_[3]{};
  int letterCount_ = 0;
};

}  // namespace satlab
