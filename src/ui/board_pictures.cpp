#include "ui/board_pictures.hpp"

#include "document/scene_edit.hpp"
#include "i18n/i18n.hpp"
#include "render/palette.hpp"
#include "ui/explorer_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <variant>
#include <vector>

namespace satlab {

namespace {

/// `format` with its one %s replaced by `s`.
std::string withWord(const char* format, const std::string& s) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, s.c_str());
  return buf;
}

std::string shortName(const SceneShape& s) {
  constexpr size_t kMax = 24;
  if (s.name.size() <= kMax) return s.name;
  return s.name.substr(0, kMax - 3) + "...";
}

}  // namespace

void drawSeparatingPlane(LineBatch& lines, FillBatch& fills, LabelLayer& labels, const ViewMapping& view,
                         const Scene& scene, const PairTrace& trace, const BoardOptions& options) {
  const int row = separatingPlaneRow(trace, options.step, options.revealResult);
  const std::optional<SeparatingPlane> plane = separatingPlane(scene, trace, row);
  if (!plane) return;
  const Palette& pal = paletteFor(options.background);
  const float ps = std::isfinite(options.pixelScale) ? std::clamp(options.pixelScale, 0.25f, 8.0f) : 1.0f;
  const std::string axis(label(trace.sat.rows[static_cast<size_t>(row)].id));
  // The name goes at the end (2D) or the edge (3D) highest on screen, clear of the shapes;
  // of those in the view (a plane reaching past the top edge is named lower down).
  glm::vec2 best(0.0f, 1e30f);
  auto consider = [&](const glm::vec3& p) {
    glm::vec2 px;
    if (!view.toPixel(p, px) || px.y >= best.y) return;
    if (px.x < 0.0f || px.y < 0.0f || px.x > view.viewportPx.x || px.y > view.viewportPx.y) return;
    best = px;
  };
  if (plane->line) {
    const glm::vec3 e0 = plane->center - plane->halfU, e1 = plane->center + plane->halfU;
    lines.add(e0, e1, pal.separatingPlane, 3.0f * ps);
    consider(e0);
    consider(e1);
    if (best.y >= 1e30f) consider(plane->center);
    if (best.y < 1e30f) labels.add(best, withWord(tr("separating line, axis %s"), axis), pal.separatingPlane, 2);
    return;
  }
  const glm::vec3 c = plane->center, u = plane->halfU, v = plane->halfV;
  const glm::vec3 q[4] = {c - u - v, c + u - v, c + u + v, c - u + v};
  fills.addQuad(q[0], q[1], q[2], q[3], pal.separatingPlaneFill);
  for (int k = 0; k < 4; ++k) {
    lines.add(q[k], q[(k + 1) % 4], pal.separatingPlane, 2.0f * ps);
    consider((q[k] + q[(k + 1) % 4]) * 0.5f);
  }
  for (int k = 0; k < 4 && best.y >= 1e30f; ++k) consider(glm::mix(c, q[k], 0.5f));
  if (best.y >= 1e30f) consider(c);
  if (best.y < 1e30f) labels.add(best, withWord(tr("separating plane, axis %s"), axis), pal.separatingPlane, 2);
}

void drawCrossAxisEdges(LineBatch& lines, LabelLayer& labels, const ViewMapping& view, const Scene& scene,
                        const PairTrace& trace, const BoardOptions& options) {
  const int row = crossEdgesRow(trace, options.step, options.revealResult);
  const std::optional<CrossEdges> edges = crossAxisEdges(scene, trace, row);
  if (!edges) return;
  const glm::vec4 halo = paletteFor(options.background).edgeHalo;
  const float ps = std::isfinite(options.pixelScale) ? std::clamp(options.pixelScale, 0.25f, 8.0f) : 1.0f;
  const SceneShape& a = scene.shapes[static_cast<size_t>(trace.shapeA)];
  const SceneShape& b = scene.shapes[static_cast<size_t>(trace.shapeB)];
  auto edge = [&](const glm::vec3& p0, const glm::vec3& p1, const SceneShape& s, const std::string& text) {
    const glm::vec4 color(glm::vec3(s.color), 1.0f);
    lines.add(p0, p1, halo, 9.0f * ps);
    lines.add(p0, p1, color, 5.0f * ps);
    // No label (its own included) covers the edge: its name waits beside its end.
    const std::vector<LineInstance> footprint = {LineInstance{p0, p1, color, 12.0f * ps, 0.0f, 0.0f}};
    labels.blockLines(footprint, 0, view.viewProj, view.viewportPx, 2.0f);
    lines.addPoint(p0, halo, 12.0f * ps);
    lines.addPoint(p1, halo, 12.0f * ps);
    lines.addPoint(p0, color, 8.0f * ps);
    lines.addPoint(p1, color, 8.0f * ps);
    glm::vec2 px0, px1;
    const bool on0 = view.toPixel(p0, px0), on1 = view.toPixel(p1, px1);
    if (on0 && (!on1 || px0.y <= px1.y)) {
      labels.add(px0, text, color, 2);
    } else if (on1) {
      labels.add(px1, text, color, 2);
    }
  };
  // "edge of box1 along A0": the shape's name, then the axis it runs along.
  auto edgeText = [](const char* format, const SceneShape& s, const std::string& axis) {
    char buf[256];
    std::snprintf(buf, sizeof buf, format, shortName(s).c_str(), axis.c_str());
    return std::string(buf);
  };
  edge(edges->a0, edges->a1, a, edgeText(tr("edge of %s along %s"), a, edges->axisA));
  const bool segment = std::holds_alternative<Segment>(b.geometry);
  // TRANSLATORS: labels in the view: "s1 along d" (a segment along its direction d), or "edge of box2 along B1"
  edge(edges->b0, edges->b1, b, edgeText(segment ? tr("%s along %s") : tr("edge of %s along %s"), b, edges->axisB));
}

void drawBoardPictures(LineBatch& lines, FillBatch& fills, LabelLayer& labels, const ViewMapping& view,
                       const Scene& scene, const PairTrace& trace, const BoardOptions& options) {
  if (trace.kind != ExplorerKind::Sat) return;
  drawSeparatingPlane(lines, fills, labels, view, scene, trace, options);
  drawCrossAxisEdges(lines, labels, view, scene, trace, options);
}

}  // namespace satlab
