#include "ui/explorer_closest.hpp"

#include "i18n/i18n.hpp"

#include "render/contrast.hpp"
#include "render/wire_shapes.hpp"
#include "ui/explorer_overlay.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

std::string ClosestExplorer::stepText(const ExplorerInput& in) const {
  const ClosestTrace& t = in.trace.closest;
  if (in.state.step < 0 || in.state.step >= static_cast<int>(t.rows.size())) return {};
  const ClosestAxisRow& r = t.rows[static_cast<size_t>(in.state.step)];
  if (in.state.predict.hidesAnswer()) return std::string(label(r.id));
  const bool inside = r.center >= r.lo && r.center <= r.hi;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                inside ? tr("%s: centre %.3g inside [%.3g, %.3g], adds %.3g")
                       : tr("%s: centre %.3g outside [%.3g, %.3g], adds %.3g"),
                std::string(label(r.id)).c_str(), static_cast<double>(r.center), static_cast<double>(r.lo),
                static_cast<double>(r.hi), static_cast<double>(r.contribution));
  return buf;
}

namespace {

/// Arvo's test (a box, not a triangle): the sphere's own bounding box, in the box's frame, is
/// drawn beside it: it overlaps the box where the sphere itself need not (lesson 2).
bool drawsSphereBox(const ExplorerInput& in) {
  return in.trace.closest.test != TestId::SphereTriangle && in.trace.shapeA >= 0 &&
         in.trace.shapeA < static_cast<int>(in.scene.shapes.size()) &&
         std::holds_alternative<Sphere>(in.scene.shapes[static_cast<size_t>(in.trace.shapeA)].geometry);
}

}  // namespace

std::string ClosestExplorer::statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera&) const {
  if (in.state.predict.hidesAnswer() || !drawsSphereBox(in)) return {};
  // Where the corner of the sphere's bounding box farthest from the sphere on screen is (off
  // the sphere's own disc whatever the camera), for tests.
  const Sphere& s = std::get<Sphere>(in.scene.shapes[static_cast<size_t>(in.trace.shapeA)].geometry);
  const glm::mat3& ax = in.trace.frame.axes;
  glm::vec2 centre(0.0f), best(0.0f), px(0.0f);
  float far = -1.0f;
  if (!view.toPixel(s.center, centre)) return {};
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner(i & 1 ? s.radius : -s.radius, i & 2 ? s.radius : -s.radius, i & 4 ? s.radius : -s.radius);
    if (view.toPixel(s.center + ax * corner, px) && glm::length(px - centre) > far)
      far = glm::length(px - centre), best = px;
  }
  if (far < 0.0f) return {};
  char buf[96];
  std::snprintf(buf, sizeof buf, ", sphere's bounding box drawn, a corner at %.0f,%.0f", best.x, best.y);
  return buf;
}

// Sphere-triangle has no axes to step through: the record is the region Ericson's
// ClosestPtPointTriangle (5.1.5) stopped at and the numbers that chose it.
static void drawSphereTrianglePanel(const PairTrace& trace, const ExplorerState& state) {
  const ClosestTrace& t = trace.closest;
  const TriangleRegionRecord& r = t.triangle;
  textWrapped("%s", tr("Ericson 5.1.5: find the part of the triangle (a vertex, an edge or the face) nearest the "
                       "centre c, from the signs of d1..d6 (edges against c - a, c - b, c - c) and of va, vb, vc; "
                       "the closest point q lies there, and the sphere touches the triangle when |c - q|² <= r²."));
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The region and the verdict: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  if (r.noArea) {
    textWrapped("%s", tr("The triangle has no area: q is the nearest point of its three edges."));
  } else {
    textWrapped("d1 %.4g  d2 %.4g  d3 %.4g  d4 %.4g  d5 %.4g  d6 %.4g", r.d1, r.d2, r.d3, r.d4, r.d5, r.d6);
    textWrapped(tr("va %.4g  vb %.4g  vc %.4g (0: not reached)"), r.va, r.vb, r.vc);
  }
  // The record's point is relative to the centre (the test measures from it); the result's is the world's.
  const ClosestResult& c = trace.closestResult;
  const std::string region = trCore(label(r.region));
  textWrapped(tr("region: %s; q = (%.4g, %.4g, %.4g), barycentric (%.3g, %.3g, %.3g)"), region.c_str(),
              c.closestPoint.x, c.closestPoint.y, c.closestPoint.z, r.barycentric.x, r.barycentric.y, r.barycentric.z);
  textWrapped("|c - q|² = %.6g, r² = %.6g: %s", static_cast<double>(t.sum), static_cast<double>(t.radiusSquared),
              t.overlap ? tr("touching") : tr("apart"));
  textWrapped(tr("centre to triangle %.4g, gap to the sphere %.4g"), c.distance,
              std::max(0.0f, c.distance - trace.sphereRadius));
}

void ClosestExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests&) {
  const PairTrace& trace = in.trace;
  const ClosestTrace& t = trace.closest;
  if (t.test == TestId::SphereTriangle) {
    drawSphereTrianglePanel(trace, state);
    return;
  }
  drawStepper(state, stepCount(trace));
  const int step = state.step;
  textWrapped("%s", tr("Arvo: add, over the axes where the centre lies outside the box's slab, the squared distance "
                       "to that slab; the sphere touches the box when the sum is <= r²."));
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The sum and the verdict: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  // The sum bar, as on the canvas.
  drawPictureInPanel(*this, in);
  float acc = 0.0f;
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i)
    acc += t.rows[static_cast<size_t>(i)].contribution;
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    if (i > step) ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    textWrapped(tr("%s: centre %.4g, slab [%.4g, %.4g] -> clamp %.4g, adds %.4g"), std::string(label(r.id)).c_str(),
                r.center, r.lo, r.hi, r.clamped, r.contribution);
    if (i > step) ImGui::PopStyleColor();
  }
  // The sum against r² is the picture's last line; here the precise numbers.
  textWrapped(
      step + 1 >= static_cast<int>(t.rows.size()) ? tr("sum %.6g, r² = %.6g") : tr("sum so far %.6g, r² = %.6g"),
      static_cast<double>(acc), static_cast<double>(t.radiusSquared));
  if (step + 1 >= static_cast<int>(t.rows.size())) {
    const ClosestResult& c = trace.closestResult;
    textWrapped(tr("closest point (%.4g, %.4g, %.4g): centre to box %.4g, gap to the sphere %.4g"), c.closestPoint.x,
                c.closestPoint.y, c.closestPoint.z, c.distance, std::max(0.0f, c.distance - trace.sphereRadius));
  }
}

void ClosestExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  const PairTrace& trace = in.trace;
  const ClosestTrace& t = trace.closest;
  if (in.state.predict.hidesAnswer()) return;
  const RecordFrame& f = trace.frame;
  const int step = in.state.step;
  LineBatch& lines = out.lines;
  const Palette& pal = currentPalette();
  const SceneShape& sphereShape = in.scene.shapes[static_cast<size_t>(trace.shapeA)];
  const glm::vec3 centre = std::get<Sphere>(sphereShape.geometry).center;
  // The point clamped axis by axis up to the current step (the later axes still at the
  // centre's coordinate), so stepping shows the clamping one axis at a time.
  glm::vec3 local(0.0f);
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    local[std::clamp(r.index, 0, 2)] = i <= step ? r.clamped : r.center;
  }
  const glm::vec3 p = f.origin + f.axes * local;
  // The sphere's own bounding box (dashed, in the box's frame): the cheap test would call
  // them touching where the box overlaps it; Arvo's sum decides.
  if (drawsSphereBox(in)) {
    const float r = std::get<Sphere>(sphereShape.geometry).radius;
    const glm::vec4 c = recede(glm::vec4(glm::vec3(sphereShape.color), 1.0f), pal.background, kMinLineContrast);
    addBoxEdges(lines, centre, f.axes, glm::vec3(r), c, 1.5f, 9.0f);
    char text[192];
    std::snprintf(text, sizeof text, tr("bounding box of %s"), sphereShape.name.c_str());
    worldLabel(out.labels, out.view, out.fbPerWindow, centre + f.axes * glm::vec3(0.0f, 0.0f, r), text, c);
  }
  lines.add(p, p, pal.gap, 11.0f);
  lines.add(p, centre, t.overlap ? pal.overlap : pal.gap, 2.5f, 8.0f);
  const float dist = glm::length(centre - p);
  worldLabel(out.labels, out.view, out.fbPerWindow, (p + centre) * 0.5f, fmt("|c - p| = %.3g", dist),
             t.overlap ? pal.overlap : pal.gap);
  // The per-axis offsets from the clamped point towards the centre, in the axis colours.
  glm::vec3 walk = p;
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    const int k = std::clamp(r.index, 0, 2);
    const glm::vec3 next = walk + f.axes[k] * (r.center - r.clamped);
    if (r.contribution > 0.0f) lines.add(walk, next, pal.axis[k], 3.0f);
    walk = next;
  }
}

}  // namespace satlab
