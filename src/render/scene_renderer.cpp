#include "render/scene_renderer.hpp"

#include "document/scene_edit.hpp"
#include "i18n/i18n.hpp"

#include "render/contrast.hpp"
#include "render/display_text.hpp"
#include "render/marker.hpp"
#include "render/palette.hpp"
#include "render/wire_shapes.hpp"

#include <imgui.h>
#include "render/gl.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <variant>

namespace satlab {

namespace {

constexpr const char* kAxisNames[3] = {"X", "Y", "Z"};

/// Radius of a sphere around the shape's centre that holds it: sizes labels and culls them.
float boundingRadius(const ShapeGeometry& g) {
  if (const auto* a = std::get_if<Aabb>(&g)) return glm::length(a->half);
  if (const auto* o = std::get_if<Obb>(&g)) return glm::length(o->half);
  if (const auto* s = std::get_if<Sphere>(&g)) return s->radius;
  if (const auto* t = std::get_if<Triangle>(&g)) {
    const glm::vec3 c = (t->a + t->b + t->c) / 3.0f;
    return std::max(glm::length(t->a - c), std::max(glm::length(t->b - c), glm::length(t->c - c)));
  }
  if (const auto* m = meshBodyOf(g)) return glm::length(meshBoundsObb(*m).half);
  if (const auto* c = std::get_if<Capsule>(&g)) return 0.5f * glm::length(c->p1 - c->p0) + c->radius;
  const auto& seg = std::get<Segment>(g);
  return 0.5f * glm::length(seg.p1 - seg.p0);
}

/// A sphere holding the shape, for culling against the view: false for the kinds whose
/// centre is not what shapeCenter gives (meshes, hulls), which are never culled.
bool cullingSphere(const SceneShape& shape, glm::vec3& center, float& radius) {
  switch (shape.kind()) {
    case ShapeKind::Aabb:
    case ShapeKind::Obb:
    case ShapeKind::Sphere:
    case ShapeKind::Segment:
    case ShapeKind::Capsule:
    case ShapeKind::Triangle:
      center = shapeCenter(shape);
      radius = boundingRadius(shape.geometry);
      return std::isfinite(radius);
    default: return false;
  }
}

/// A box's footprint on the XY plane (2D view): the box's first two axes with Z dropped.
glm::vec3 flatAxis(const glm::vec3& axis, float half) { return glm::vec3(axis.x, axis.y, 0.0f) * half; }

}  // namespace

bool SceneRenderer::init(std::string& error) {
  return grid_.init(error) && halos_.init(error) && edges_.init(error) && widget_.init(error) && overlay_.init(error) &&
         overlayFills_.init(error) && boxes_.init(error) && spheres_.init(error) && solidBoxes_.init(error) &&
         solidSpheres_.init(error) && triangleFills_.init(error) && meshes_.init(error) && dots_.init(error);
}

void SceneRenderer::release() {
  grid_.release();
  halos_.release();
  edges_.release();
  widget_.release();
  overlay_.release();
  overlayFills_.release();
  boxes_.release();
  spheres_.release();
  solidBoxes_.release();
  solidSpheres_.release();
  triangleFills_.release();
  meshes_.release();
  dots_.release();
}

float SceneRenderer::pixelsPerUnitAt(const glm::vec3& p) const {
  const glm::vec4 clip = view_.viewProj * glm::vec4(p, 1.0f);
  // The eye's own distance scale can be 1e-30 (a tiny scene framed): a fixed floor on w
  // would make every shape there a dot. Points behind the eye count as very near.
  const float w = clip.w > 1e-30f ? clip.w : 1e-30f;
  const float ppu = view_.proj[1][1] * 0.5f * viewport_.y / w;
  return std::isfinite(ppu) ? ppu : std::numeric_limits<float>::max();
}

void SceneRenderer::addShape(const SceneShape& shape, const ShapeStyle& style, bool flat, const glm::vec4& color) {
  const glm::vec3 bg(settings_.background);
  const EdgeLook look =
      edgeLook(color, style, settings_.edgeWidthPx, settings_.pixelScale, settings_.fillAlpha, onLight_);
  const bool halo = look.haloColor.a > 0.0f;
  // A zero-size shape has nothing to draw at any zoom: it is a marker of fixed screen size.
  if (isZeroSize(shape.geometry, flat) && edges_.size() < settings_.maxEdgeLines) {
    const glm::vec3 c = shapeCenter(shape);
    const glm::mat4& v = view_.view;
    const glm::vec3 right(v[0][0], v[1][0], v[2][0]), up(v[0][1], v[1][1], v[2][1]);
    const float perPx = 1.0f / pixelsPerUnitAt(c), arm = kMarkerArmPx * settings_.pixelScale;
    const float w = look.widthPx * 1.25f;  // as thick as a segment's shaft
    // Halo and outline with the halos (no depth writes, under the edges), the x with the edges.
    if (halo) addPointMarker(halos_, c, right, up, perPx, arm, look.haloWidthPx * 1.25f, look.haloColor);
    addPointMarker(halos_, c, right, up, perPx, arm, w + 2.0f * settings_.pixelScale, paletteFor(bg).markerOutline);
    addPointMarker(edges_, c, right, up, perPx, arm, w, look.color);
    return;
  }
  // Level of detail by size on screen. A shape a few pixels across is a dot of its colour;
  // a small one is its surface alone, more opaque, without edges. Edges that small would
  // only blur together, and software renderers pay for every one of their triangles.
  bool edges = true;
  bool fills = settings_.fills;
  glm::vec4 fill(glm::vec3(color), look.fillAlpha);
  if (!style.selected && !style.hovered) {
    const glm::vec3 c = shapeCenter(shape);
    const float sizePx = 2.0f * boundingRadius(shape.geometry) * pixelsPerUnitAt(c) / settings_.pixelScale;
    const double viewportArea = static_cast<double>(viewport_.x) * viewport_.y;
    const double sidePx =
        std::min(static_cast<double>(sizePx) * settings_.pixelScale, 4.0 * (viewport_.x + viewport_.y));
    // Edge pixels, over-estimated: a box has 12 edges, a circle's length is pi times its
    // size; each is as long as the shape is wide on screen at most.
    const double edgeCount = shape.kind() == ShapeKind::Sphere     ? 3.2
                             : shape.kind() == ShapeKind::Segment  ? 1.0
                             : shape.kind() == ShapeKind::Triangle ? 3.0
                             : shape.kind() == ShapeKind::Capsule  ? 6.0
                                                                   : 12.0;
    const double edgeArea = edgeCount * sidePx * (look.widthPx + 2.0);
    const bool overLineBudget =
        edges_.size() >= settings_.maxEdgeLines || edgePixels_ + edgeArea > settings_.edgeBudgetScreens * viewportArea;
    const float dotBelow = huge_ ? settings_.dotBelowPxHuge : settings_.dotBelowPx;
    if (sizePx < dotBelow || overLineBudget) {
      if (sizePx >= dotBelow) ++counts_.dotsOverBudget;
      ++counts_.dots;
      dots_.add(c, look.color, std::clamp(sizePx, 2.5f, 8.0f) * settings_.pixelScale);
      return;
    }
    edgePixels_ += edgeArea;
    // The surface's share of the overdraw budget: at most the whole viewport (what a
    // surface can cover), at least its bounding square on screen.
    const double area = std::min(sidePx * sidePx, viewportArea);
    if (fills && shape.kind() != ShapeKind::Segment) {
      if (fillPixels_ + area > settings_.fillBudgetScreens * viewportArea) {
        fills = false;
        ++counts_.fillsOverBudget;
      } else {
        fillPixels_ += area;
      }
    }
    const float surfaceOnlyBelow = crowded_ ? settings_.surfaceOnlyBelowPxCrowded : settings_.surfaceOnlyBelowPx;
    if (sizePx < surfaceOnlyBelow && fills && shape.kind() != ShapeKind::Segment && shape.kind() != ShapeKind::Mesh &&
        shape.kind() != ShapeKind::Triangle) {
      // Opaque, drawn nearest first with depth writes in the opaque pass: in a dense crowd
      // the shapes behind are then rejected by the depth test instead of blended.
      edges = false;
      fill.a = 1.0f;
    }
  }

  auto box = [&](const glm::vec3& c, const glm::mat3& axes, const glm::vec3& half) {
    if (flat) {
      const glm::vec3 u = flatAxis(axes[0], half.x), v = flatAxis(axes[1], half.y);
      if (halo) addRectangle(halos_, c, u, v, look.haloColor, look.haloWidthPx);
      if (edges) addRectangle(edges_, c, u, v, look.color, look.widthPx, look.dashPx);
      if (fills) (edges ? boxes_ : solidBoxes_).add(c, axes, glm::vec3(half.x, half.y, 0.0f), fill);
    } else {
      if (halo) addBoxEdges(halos_, c, axes, half, look.haloColor, look.haloWidthPx);
      if (edges) addBoxEdges(edges_, c, axes, half, look.color, look.widthPx, look.dashPx);
      if (fills) (edges ? boxes_ : solidBoxes_).add(c, axes, half, fill);
    }
  };

  std::visit(
      [&](const auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          box(g.center, glm::mat3(1.0f), g.half);
        } else if constexpr (std::is_same_v<T, Obb>) {
          box(g.center, g.axes, g.half);
        } else if constexpr (std::is_same_v<T, Sphere>) {
          if (g.radius <= 0.0f) {
            if (halo) halos_.addPoint(g.center, look.haloColor, look.haloWidthPx * 2.0f);
            edges_.addPoint(g.center, look.color, look.widthPx * 2.5f);
            return;
          }
          // The outline is the silhouette circle (in 2D: the circle on the XY plane), with
          // as many segments as its size on screen needs.
          const Silhouette s = flat ? Silhouette{g.center, glm::vec3(0, 0, 1), g.radius}
                                    : sphereSilhouette(g, view_.eye, view_.forward, view_.orthographic);
          const int segments = circleSegmentsFor(s.radius * pixelsPerUnitAt(s.center));
          if (halo) addCircle(halos_, s.center, s.normal, s.radius, look.haloColor, look.haloWidthPx, segments);
          if (edges) addCircle(edges_, s.center, s.normal, s.radius, look.color, look.widthPx, segments, look.dashPx);
          if (fills) (edges ? spheres_ : solidSpheres_).add(g.center, g.radius, fill);
        } else if constexpr (std::is_same_v<T, Triangle>) {
          // Its three edges, and its face filled in the translucent pass.
          const glm::vec3 p[3] = {g.a, g.b, g.c};
          for (int k = 0; k < 3; ++k) {
            if (halo) halos_.add(p[k], p[(k + 1) % 3], look.haloColor, look.haloWidthPx);
            if (edges) edges_.add(p[k], p[(k + 1) % 3], look.color, look.widthPx, look.dashPx);
          }
          if (fills) triangleFills_.addTriangle(g.a, g.b, g.c, fill);
        } else if constexpr (std::is_same_v<T, MeshShape>) {
          // The triangles, uploaded once (MeshBatch); the box of its bounds marks a
          // selection, hover or overlap, which a dense mesh's own edges could not show.
          const Obb bounds = meshBoundsObb(g);
          if (halo && style.boundsBox) {
            addBoxEdges(halos_, bounds.center, bounds.axes, bounds.half, look.haloColor, look.haloWidthPx);
          }
          if (style.boundsBox && (style.selected || style.hovered || style.dashed)) {
            addBoxEdges(edges_, bounds.center, bounds.axes, bounds.half, look.color, look.widthPx * 0.5f,
                        look.dashPx > 0.0f ? look.dashPx : 6.0f * settings_.pixelScale);
          }
          const glm::vec4 edge(glm::vec3(look.color), edges ? 0.55f : 0.0f);
          meshes_.add(g.data, g.pose, fills ? fill : glm::vec4(glm::vec3(color), 0.0f), edge);
        } else if constexpr (std::is_same_v<T, HullShape>) {
          // Its edges (the folds between faces), and its faces filled in the translucent pass;
          // a hull of one or two corners is a point or a segment.
          const ConvexHull world = g.worldHull();
          const auto at = [&](std::uint32_t i) {
            const glm::vec3 p = world.points[i];
            return flat ? glm::vec3(p.x, p.y, 0.0f) : p;
          };
          if (world.points.size() == 1) {
            if (halo) halos_.addPoint(at(0), look.haloColor, look.haloWidthPx * 2.0f);
            edges_.addPoint(at(0), look.color, look.widthPx * 2.5f);
            return;
          }
          for (const auto& e : g.edges()) {
            if (halo) halos_.add(at(e[0]), at(e[1]), look.haloColor, look.haloWidthPx);
            if (edges) edges_.add(at(e[0]), at(e[1]), look.color, look.widthPx, look.dashPx);
          }
          if (fills && g.body.data) {
            const std::vector<std::uint32_t>& idx = g.body.data->mesh.indices;
            for (std::size_t i = 0; i + 2 < idx.size(); i += 3)
              triangleFills_.addTriangle(at(idx[i]), at(idx[i + 1]), at(idx[i + 2]), fill);
          }
        } else if constexpr (std::is_same_v<T, Capsule>) {
          // Its outline (the cylinder's sides and the caps; in 2D the stadium), and its
          // surface: a sphere at each end and the cylinder between them (in 2D the rectangle
          // between the two circles) in the translucent pass.
          const Capsule cap =
              flat ? Capsule{glm::vec3(glm::vec2(g.p0), 0.0f), glm::vec3(glm::vec2(g.p1), 0.0f), g.radius} : g;
          const glm::vec3 viewDir = flat ? glm::vec3(0, 0, -1) : view_.forward;
          const bool ortho = flat || view_.orthographic;
          const int segments = circleSegmentsFor(g.radius * pixelsPerUnitAt(shapeCenter(shape)));
          if (halo) {
            addCapsuleOutline(halos_, cap, view_.eye, viewDir, ortho, false, look.haloColor, look.haloWidthPx,
                              segments);
          }
          if (edges) {
            addCapsuleOutline(edges_, cap, view_.eye, viewDir, ortho, !flat, look.color, look.widthPx, segments,
                              look.dashPx);
          }
          const glm::vec3 d = cap.p1 - cap.p0;
          const float len = glm::length(d);
          if (fills && g.radius > 0.0f && flat && len > 0.0f) {
            // The stadium as one fan of triangles from its middle, each point covered once.
            const glm::vec3 axis = d / len;
            const glm::vec3 s = glm::normalize(glm::cross(axis, glm::vec3(0, 0, 1))) * g.radius;
            const glm::vec3 out = axis * g.radius, mid = 0.5f * (cap.p0 + cap.p1);
            const int half = std::clamp(segments / 2, 8, 32);
            std::vector<glm::vec3> ring;
            for (int end = 0; end < 2; ++end) {
              const glm::vec3 c = end == 0 ? cap.p1 : cap.p0;
              const glm::vec3 side = end == 0 ? s : -s, tip = end == 0 ? out : -out;
              for (int i = 0; i <= half; ++i) {
                const float a = glm::pi<float>() * static_cast<float>(i) / static_cast<float>(half);
                ring.push_back(c + side * std::cos(a) + tip * std::sin(a));
              }
            }
            for (size_t i = 0; i < ring.size(); ++i) {
              triangleFills_.addTriangle(mid, ring[i], ring[(i + 1) % ring.size()], fill);
            }
          } else if (fills && g.radius > 0.0f) {
            auto& balls = edges ? spheres_ : solidSpheres_;
            balls.add(cap.p0, g.radius, fill);
            if (cap.p1 != cap.p0) balls.add(cap.p1, g.radius, fill);
            if (len > 0.0f) {
              const glm::vec3 axis = d / len;
              {
                // The cylinder's side, as a band of quads round the axis.
                const glm::vec3 u = glm::normalize(std::abs(axis.x) < 0.9f ? glm::cross(axis, glm::vec3(1, 0, 0))
                                                                           : glm::cross(axis, glm::vec3(0, 1, 0)));
                const glm::vec3 v = glm::cross(axis, u);
                const int n = std::clamp(segments, 12, 48);
                for (int i = 0; i < n; ++i) {
                  const float a0 = glm::two_pi<float>() * static_cast<float>(i) / static_cast<float>(n);
                  const float a1 = glm::two_pi<float>() * static_cast<float>(i + 1) / static_cast<float>(n);
                  const glm::vec3 q0 = (u * std::cos(a0) + v * std::sin(a0)) * g.radius;
                  const glm::vec3 q1 = (u * std::cos(a1) + v * std::sin(a1)) * g.radius;
                  triangleFills_.addTriangle(cap.p0 + q0, cap.p1 + q0, cap.p1 + q1, fill);
                  triangleFills_.addTriangle(cap.p0 + q0, cap.p1 + q1, cap.p0 + q1, fill);
                }
              }
            }
          }
        } else {
          // Thick shaft, a round cap marking p0 and an arrow head at p1 (the direction).
          const float w = look.widthPx * 1.25f;
          const float head = w * 4.5f + 6.0f * settings_.pixelScale;
          if (halo) {
            halos_.addArrow(g.p0, g.p1, look.haloColor, look.haloWidthPx * 1.25f, head + 4.0f * settings_.pixelScale);
            halos_.addPoint(g.p0, look.haloColor, w * 2.6f + 4.0f * settings_.pixelScale);
          }
          edges_.addArrow(g.p0, g.p1, look.color, w, head, look.dashPx);
          edges_.addPoint(g.p0, look.color, w * 2.6f);
        }
      },
      shape.geometry);
}

void SceneRenderer::queueShapeLabel(const SceneShape& shape, const ShapeStyle& style, bool flat) {
  const int priority = style.selected ? 3 : style.hovered ? 2 : 1;
  const glm::vec3 c = shapeCenter(shape);
  if (manyShapes_ && priority == 1) {
    const float sizePx = 2.0f * boundingRadius(shape.geometry) * pixelsPerUnitAt(c);
    if (sizePx < settings_.labelMinSizePx) return;
  }
  const glm::vec3 anchor = shapeLabelAnchor(shape, flat);
  glm::vec2 px;
  if (!projectToPixel(view_.viewProj, viewport_, anchor, px)) return;
  // Overlap is never shown by colour alone: dashed edges, and the label says it.
  const glm::vec2 at = px - glm::vec2(0.0f, 4.0f * settings_.pixelScale);
  const bool cut = needsOneLine(shape.name, kMaxShownNameBytes);
  const std::string shortName = cut ? oneLineText(shape.name, kMaxShownNameBytes) : std::string();
  const std::string_view name = cut ? std::string_view(shortName) : std::string_view(shape.name);
  if (style.dashed) {
    // TRANSLATORS: a shape's name in the view, when it overlaps another: "box1 (overlap)"
    const char* format = tr("%.*s (overlap)");
    std::string text(name.size() + std::string_view(format).size() + 1, '\0');
    const int n = std::snprintf(text.data(), text.size(), format, static_cast<int>(name.size()), name.data());
    text.resize(n > 0 ? std::min(static_cast<std::size_t>(n), text.size() - 1) : 0);
    labels_.add(at, text, shape.color, priority);
  } else {
    labels_.add(at, name, shape.color, priority);
  }
}

void SceneRenderer::draw(const Scene& scene, const OrbitCamera& camera, const glm::ivec2& viewportPx,
                         const std::vector<ShapeStyle>& styles) {
  viewport_ = glm::vec2(std::max(viewportPx.x, 1), std::max(viewportPx.y, 1));
  const bool flat = scene.view == ViewMode::TwoD;
  view_ = makeViewSetup(camera, scene.view, viewport_.x / viewport_.y, settings_.centerShiftNdcX,
                        settings_.centerShiftNdcY);
  const float ps = settings_.pixelScale;
  counts_ = RenderCounts{};
  fillPixels_ = 0.0;
  edgePixels_ = 0.0;
  labels_.clear();
  letterCount_ = 0;
  manyShapes_ = static_cast<int>(scene.shapes.size()) > settings_.maxLabels;
  crowded_ = static_cast<int>(scene.shapes.size()) > settings_.multisampleUpToShapes;
  huge_ = scene.shapes.size() > settings_.hugeAboveShapes;

  glViewport(0, 0, viewportPx.x, viewportPx.y);
  glClearColor(settings_.background.r, settings_.background.g, settings_.background.b, settings_.background.a);
  gl::clearDepth(1.0f);
  glDepthMask(GL_TRUE);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_BLEND);
  // Alpha accumulates as coverage (one minus what shows through), so that a figure drawn on
  // a transparent background keeps its shapes' opacity; on an opaque target it stays 1.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  // Multisampling on top of the shaders' own coverage, except in crowded scenes: every
  // primitive here is anti-aliased by its shader (lines, sphere rims) or lies under a line
  // (box face borders), and on software renderers MSAA costs ~40% of a crowded frame.
  const bool multisample = static_cast<int>(scene.shapes.size()) <= settings_.multisampleUpToShapes;
  gl::multisample(multisample);
  glDisable(GL_CULL_FACE);

  // 1. Grid: sized and spaced to the camera distance; no depth writes.
  if (settings_.grid) {
    // Lines every power of ten near a quarter of the camera distance, out to 1.5 distances.
    const float step = gridStepFor(camera.distance, camera.target);
    const float extent = std::max(camera.distance * 1.5f, step * 6.0f);
    const Palette& pal = paletteFor(glm::vec3(settings_.background));
    addGrid(grid_, camera.target, extent, step, ps, pal.gridMinor, pal.gridMajor);
    counts_.lines += grid_.size();
    if (recorder_) {
      recorder_->beginGroup("grid");
      recordLines(*recorder_, grid_.lines(), vectorView());
      recorder_->endGroup();
    }
    glDepthMask(GL_FALSE);
    grid_.flush(view_.viewProj, viewport_);
    glDepthMask(GL_TRUE);
  }

  // 2. Opaque lines of every shape; the translucent surfaces are queued on the way.
  static const ShapeStyle kPlain{};
  const glm::vec3 bg(settings_.background);
  onLight_ = isLightBackground(bg);
  const ViewCuller culler(view_.viewProj, flat);
  if (legibleFrom_.size() != scene.shapes.size() || legibleBackground_ != bg) {
    legibleFrom_.assign(scene.shapes.size(), glm::vec4(-1.0f));  // no colour: recomputed below
    legibleTo_.resize(scene.shapes.size());
    legibleBackground_ = bg;
  }
  // A huge scene's dots: the nearest in each small cell of the screen (DotBatch).
  if (huge_) dots_.keepNearestPerCell(view_.viewProj, viewport_, settings_.dotCellPx * ps);
  const float dotBelow = huge_ ? settings_.dotBelowPxHuge : settings_.dotBelowPx;
  for (size_t i = 0; i < scene.shapes.size(); ++i) {
    const SceneShape& shape = scene.shapes[i];
    glm::vec3 c;
    float r;
    const bool sphere = cullingSphere(shape, c, r);
    if (sphere && culler.enabled() && culler.outside(c, r)) {
      ++counts_.culled;
      continue;
    }
    const ShapeStyle& style = i < styles.size() ? styles[i] : kPlain;
    if (sphere && !style.selected && !style.hovered) {
      // The commonest case in a big scene first, as addShape would draw it: a plain shape a
      // few pixels across is a dot of its colour (dimmed when culled by the second camera).
      const glm::vec4 clip = view_.viewProj * glm::vec4(c, 1.0f);
      const float w = clip.w > 1e-30f ? clip.w : 1e-30f;  // as pixelsPerUnitAt
      const float ppu = view_.proj[1][1] * 0.5f * viewport_.y / w;
      const float sizePx = 2.0f * r * ppu / ps;
      if (std::isfinite(ppu) && sizePx < dotBelow && !isZeroSize(shape.geometry, flat)) {
        ++counts_.dots;
        if (legibleFrom_[i] != shape.color) {
          legibleFrom_[i] = shape.color;
          legibleTo_[i] = legibleOn(shape.color, bg, kMinLineContrast);
        }
        const glm::vec4 color =
            style.dimmed
                ? edgeLook(legibleTo_[i], style, settings_.edgeWidthPx, ps, settings_.fillAlpha, onLight_).color
                : glm::vec4(glm::vec3(legibleTo_[i]), 1.0f);
        dots_.add(c, clip, color, std::clamp(sizePx, 2.5f, 8.0f) * ps);
        if (settings_.labels && style.label && (!manyShapes_ || 2.0f * r * ppu >= settings_.labelMinSizePx)) {
          queueShapeLabel(shape, style, flat);
        }
        continue;
      }
    }
    // The scene's colour, darkened or lightened just enough for 3:1 on the background
    // (docs/contrast.md): a light green box stays green on the projector's white. Kept per
    // shape: a scene of random colours would thrash any cache keyed by colour.
    if (legibleFrom_[i] != shape.color) {
      legibleFrom_[i] = shape.color;
      legibleTo_[i] = legibleOn(shape.color, bg, kMinLineContrast);
    }
    addShape(shape, style, flat, legibleTo_[i]);
    if (settings_.labels && style.label) queueShapeLabel(shape, style, flat);
  }
  counts_.lines += halos_.size() + edges_.size();
  dots_.finish();
  counts_.dotsDrawn = dots_.size();
  const glm::vec3 right = glm::normalize(glm::vec3(glm::inverse(view_.view)[0]));
  const glm::vec3 light = glm::normalize(-view_.forward * 0.55f + glm::vec3(0.0f, 0.0f, 0.75f) + right * 0.35f);
  if (recorder_) recordShapes(light);
  // Selection halos first and without depth writes, so the edges drawn over them at the
  // same depth always win.
  glDepthMask(GL_FALSE);
  halos_.flush(view_.viewProj, viewport_);
  glDepthMask(GL_TRUE);
  counts_.boxes = boxes_.size() + solidBoxes_.size();
  counts_.spheres = spheres_.size() + solidSpheres_.size();
  counts_.meshes = meshes_.size();
  counts_.labels = labels_.size();
  edges_.flush(view_.viewProj, viewport_);
  dots_.flush(view_.viewProj);
  meshes_.flushEdges(view_.viewProj);

  // Small shapes' opaque surfaces (level of detail), nearest first, with depth writes.
  const glm::vec3 lightView = glm::normalize(glm::mat3(view_.view) * light);
  solidBoxes_.sortFrontToBack(view_.eye);
  solidBoxes_.flush(view_.viewProj, light);
  solidSpheres_.flush(view_.view, view_.proj, view_.orthographic, lightView);

  // 3. Translucent surfaces: tested against the depth of everything opaque, never
  // written, pushed slightly back so a face never covers its own edges.
  glDepthMask(GL_FALSE);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.0f, 2.0f);
  boxes_.flush(view_.viewProj, light);
  triangleFills_.flush(view_.viewProj);
  meshes_.flushFaces(view_.viewProj, light);
  glDisable(GL_POLYGON_OFFSET_FILL);
  spheres_.flush(view_.view, view_.proj, view_.orthographic, lightView);
  glDepthMask(GL_TRUE);

  // 4. Axes widget.
  axesWidgetRect_ = ScreenRect{};
  if (settings_.axesWidget) drawAxesWidget(camera, flat);
  glViewport(0, 0, viewportPx.x, viewportPx.y);
  glDisable(GL_DEPTH_TEST);
  gl::multisample(true);  // the overlay and the UI are multisampled whatever the scene
}

void SceneRenderer::drawAxesWidget(const OrbitCamera& camera, bool flat) {
  const float ps = settings_.pixelScale;
  const Palette& pal = paletteFor(glm::vec3(settings_.background));
  const float size = std::floor(std::min(viewport_.x, viewport_.y) * 0.14f);
  const float margin = 8.0f * ps;
  OrbitCamera cam;
  ViewSetup v;
  if (flat) {
    cam.target = glm::vec3(0.0f);
    cam.distance = 1.45f / std::tan(glm::radians(cam.fovYDeg) * 0.5f);  // ±1.45 units visible
    v = makeViewSetup(cam, ViewMode::TwoD, 1.0f);
  } else {
    // The main camera's orientation at a fixed distance from the origin.
    cam = camera;
    cam.target = glm::vec3(0.0f);
    cam.distance = 3.2f;
    cam.orthographic = false;
    v = makeViewSetup(cam, ViewMode::ThreeD, 1.0f);
  }
  // Back to front, without depth test: the nearest axis is drawn last.
  const int count = flat ? 2 : 3;
  int order[3] = {0, 1, 2};
  float depth[3];
  for (int i = 0; i < 3; ++i) {
    glm::vec3 tip(0.0f);
    tip[i] = 1.0f;
    depth[i] = (v.view * glm::vec4(tip, 1.0f)).z;  // more negative = farther
  }
  std::sort(order, order + count, [&](int a, int b) { return depth[a] < depth[b]; });
  for (int k = 0; k < count; ++k) {
    const int i = order[k];
    glm::vec3 tip(0.0f);
    tip[i] = 1.0f;
    widget_.addArrow(glm::vec3(0.0f), tip, pal.axis[i], 2.5f * ps, 10.0f * ps);
  }
  glDisable(GL_DEPTH_TEST);
  const float left = settings_.axesWidgetLeftPx + margin;
  // Up above whatever it would overlap at the bottom left (framebuffer pixels, y down).
  float bottom = margin;  // from the bottom edge
  for (const ScreenRect& r : settings_.axesWidgetKeepOff) {
    const float top = viewport_.y - bottom - size;
    if (r.lo.x < left + size && r.hi.x > left && r.lo.y < viewport_.y - bottom && r.hi.y > top) {
      bottom = std::max(bottom, viewport_.y - r.lo.y + margin);
    }
  }
  bottom = std::min(bottom, std::max(viewport_.y - size - margin, margin));
  axesWidgetRect_ =
      ScreenRect{glm::vec2(left, viewport_.y - bottom - size), glm::vec2(left + size, viewport_.y - bottom)};
  if (recorder_) {
    VectorView vv{v.viewProj, glm::vec2(size), glm::vec2(left, viewport_.y - bottom - size),
                  v.eye,      v.forward,       v.orthographic};
    recorder_->beginGroup("axes");
    recordLines(*recorder_, widget_.lines(), vv);
    recorder_->endGroup();
  }
  glViewport(static_cast<GLint>(left), static_cast<GLint>(bottom), static_cast<GLsizei>(size),
             static_cast<GLsizei>(size));
  widget_.flush(v.viewProj, glm::vec2(size));
  glEnable(GL_DEPTH_TEST);

  for (int i = 0; i < count; ++i) {
    glm::vec3 tip(0.0f);
    tip[i] = 1.28f;
    glm::vec2 px;
    if (!projectToPixel(v.viewProj, glm::vec2(size), tip, px)) continue;
    // Widget pixels (y down inside the widget) -> framebuffer pixels (y down).
    const glm::vec2 fb(left + px.x, viewport_.y - bottom - size + px.y);
    letters_[letterCount_++] = WidgetLetter{fb, kAxisNames[i], pal.axisText[i]};
  }
}

VectorView SceneRenderer::vectorView() const {
  return VectorView{view_.viewProj, viewport_, glm::vec2(0.0f), view_.eye, view_.forward, view_.orthographic};
}

void SceneRenderer::recordShapes(const glm::vec3& light) {
  // In the order OpenGL draws them, the surfaces first: in SVG, with no depth test, a face
  // written over an edge would tint it, which the depth test and the faces' polygon offset
  // prevent on screen for the edges in front.
  const VectorView vv = vectorView();
  VectorSurfaces surfaces;
  surfaces.boxes(solidBoxes_.instances(), vv, light);
  surfaces.spheres(solidSpheres_.instances(), vv);
  surfaces.boxes(boxes_.instances(), vv, light);
  surfaces.triangles(triangleFills_.vertices(), vv);
  const std::vector<MeshBatch::QueuedMesh> meshes = meshes_.queuedMeshes();
  for (const MeshBatch::QueuedMesh& m : meshes) surfaces.mesh(m.data->mesh, m.model, m.fill, vv, light);
  surfaces.spheres(spheres_.instances(), vv);
  recorder_->beginGroup("surfaces");
  surfaces.write(*recorder_);
  recorder_->endGroup();
  recorder_->beginGroup("shapes");
  recordLines(*recorder_, halos_.lines(), vv);
  recordLines(*recorder_, edges_.lines(), vv);
  recordLines(*recorder_, dots_.asLines(), vv);
  for (const MeshBatch::QueuedMesh& m : meshes) recordMeshEdges(*recorder_, m.data->mesh, m.model, m.edge, 1.0f, vv);
  recorder_->endGroup();
}

void SceneRenderer::flushOverlay() {
  if (recorder_ && (overlay_.size() > 0 || overlayFills_.triangles() > 0)) {
    recorder_->beginGroup("overlay");
    VectorSurfaces fills;
    fills.triangles(overlayFills_.vertices(), vectorView());
    fills.write(*recorder_);
    recordLines(*recorder_, overlay_.lines(), vectorView());
    recorder_->endGroup();
  }
  if (overlay_.size() == 0 && overlayFills_.triangles() == 0) return;
  glViewport(0, 0, static_cast<GLsizei>(viewport_.x), static_cast<GLsizei>(viewport_.y));
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  if (overlayFills_.triangles() > 0) {
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    overlayFills_.flush(view_.viewProj);
    glDepthMask(GL_TRUE);
  }
  glDisable(GL_DEPTH_TEST);
  overlay_.flush(view_.viewProj, viewport_);
}

void SceneRenderer::addLabel(const glm::vec3& world, std::string_view text, const glm::vec4& color, int priority) {
  glm::vec2 px;
  if (projectToPixel(view_.viewProj, viewport_, world, px)) labels_.add(px, text, color, priority);
}

void SceneRenderer::drawLabels(ImDrawList* drawList, const glm::vec2& fbPerWindow) {
  if (drawList == nullptr) return;
  if (recorder_) recorder_->beginGroup("labels");
  labels_.draw(drawList, viewport_, fbPerWindow, manyShapes_ ? settings_.maxLabelsCrowded : settings_.maxLabels,
               paletteFor(glm::vec3(settings_.background)), recorder_);
  labels_.clear();
  // The axes widget's letters, centred on their points, with a thin outline (dark on the
  // dark theme, light on the light one).
  const glm::vec4 o4 = paletteFor(glm::vec3(settings_.background)).textOutline;
  const ImU32 outline = ImGui::ColorConvertFloat4ToU32(ImVec4(o4.r, o4.g, o4.b, o4.a));
  const float fontSize = ImGui::GetFontSize();
  const float ascent = ImGui::GetFont()->Ascent * fontSize / std::max(ImGui::GetFont()->FontSize, 1.0f);
  for (int i = 0; i < letterCount_; ++i) {
    const WidgetLetter& l = letters_[i];
    const ImVec2 size = ImGui::CalcTextSize(l.text);
    const ImVec2 at(l.px.x / fbPerWindow.x - size.x * 0.5f, l.px.y / fbPerWindow.y - size.y * 0.5f);
    const glm::vec4 ink(glm::vec3(l.color), 1.0f);
    for (const auto& o : {ImVec2(-1, 0), ImVec2(1, 0), ImVec2(0, -1), ImVec2(0, 1)}) {
      drawList->AddText(ImVec2(at.x + o.x, at.y + o.y), outline, l.text);
      if (recorder_) {
        recorder_->text(recorder_->ui(glm::vec2(at.x + o.x, at.y + o.y)), fontSize * recorder_->uiScale,
                        ascent * recorder_->uiScale, o4, l.text, size.x * recorder_->uiScale);
      }
    }
    drawList->AddText(at, ImGui::ColorConvertFloat4ToU32(ImVec4(ink.r, ink.g, ink.b, 1.0f)), l.text);
    if (recorder_) {
      recorder_->text(recorder_->ui(glm::vec2(at.x, at.y)), fontSize * recorder_->uiScale, ascent * recorder_->uiScale,
                      ink, l.text, size.x * recorder_->uiScale);
    }
  }
  letterCount_ = 0;
  if (recorder_) recorder_->endGroup();
}

}  // namespace satlab
