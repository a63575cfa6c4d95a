#include "ui/frustum_overlay.hpp"
#include "ui/frustum_panel.hpp"

#include "i18n/i18n.hpp"
#include "render/wire_shapes.hpp"
#include "world/frustum_cull.hpp"

#include <cstdio>

namespace satlab {

namespace {

constexpr float kWireWidthPx = 2.0f;
constexpr float kFaceWidthPx = 4.0f;
constexpr float kDashPx = 10.0f;

void addLabel(LabelLayer* labels, const ViewMapping& mapping, const glm::vec3& at, std::string_view text,
              const glm::vec4& color) {
  glm::vec2 px;
  if (labels != nullptr && mapping.toPixel(at, px)) labels->add(px, text, color, 2);
}

// The outline of plane `plane`'s face, drawn `inset` of the way towards the face's centre (0:
// on the frustum's own edges; a little more keeps a highlighted face beside the wire).
void addFace(LineBatch& batch, const Frustum& f, int plane, const glm::vec4& color, float width, float dash,
             float inset = 0.0f) {
  const std::array<int, 4> k = frustumFaceCorners(plane);
  glm::vec3 mid(0.0f);
  for (int i : k) mid += f.corners[static_cast<std::size_t>(i)] * 0.25f;
  auto at = [&](std::size_t i) { return glm::mix(f.corners[static_cast<std::size_t>(k[i % 4])], mid, inset); };
  for (std::size_t i = 0; i < 4; ++i) batch.add(at(i), at(i + 1), color, width, dash);
}

}  // namespace

std::array<int, 4> frustumFaceCorners(int plane) {
  // Near corners 0 lb, 1 rb, 2 rt, 3 lt; far corners 4..7 in the same order.
  switch (static_cast<FrustumPlaneId>(plane)) {
    case FrustumPlaneId::Left: return {0, 3, 7, 4};
    case FrustumPlaneId::Right: return {1, 5, 6, 2};
    case FrustumPlaneId::Bottom: return {0, 4, 5, 1};
    case FrustumPlaneId::Top: return {3, 2, 6, 7};
    case FrustumPlaneId::Near: return {0, 1, 2, 3};
    case FrustumPlaneId::Far: return {4, 5, 6, 7};
  }
  return {0, 1, 2, 3};
}

std::size_t drawFrustumOverlay(const FrustumCulling& c, const Scene& scene, LineBatch& batch, LabelLayer* labels,
                               const FrustumOverlayView& view, const Palette& palette) {
  if (!c.active()) return 0;
  const std::size_t first = batch.size();
  const Frustum& f = c.frustum();
  const float width = kWireWidthPx * view.pixelScale, dash = kDashPx * view.pixelScale;
  // The frustum: the near and far rectangles and the four side edges; the eye's lines to the
  // near corners dashed (they are not part of the solid).
  for (int plane : {static_cast<int>(FrustumPlaneId::Near), static_cast<int>(FrustumPlaneId::Far)})
    addFace(batch, f, plane, palette.frustumWire, width, 0.0f);
  for (std::size_t k = 0; k < 4; ++k) batch.add(f.corners[k], f.corners[k + 4], palette.frustumWire, width);
  const glm::vec3 eye = c.spec()->eye;
  for (std::size_t k = 0; k < 4; ++k) batch.add(eye, f.corners[k], palette.frustumWire, width * 0.6f, dash);
  batch.addPoint(eye, palette.frustumWire, width * 4.0f);
  // TRANSLATORS: a label in the view at the second camera's eye
  addLabel(labels, view.mapping, eye, tr("camera"), palette.frustumWire);

  // The plane test's false positives: an outline just outside their box.
  if (c.showFalsePositives) {
    for (std::size_t i = 0; i < c.cull().shapes.size() && i < scene.shapes.size(); ++i) {
      if (!c.cull().shapes[i].falsePositive()) continue;
      bool byBounds = false;
      const Obb box = cullBoxOf(scene.shapes[i], byBounds);
      const glm::vec3 grown = box.half + glm::vec3(0.04f * (1.0f + glm::length(box.half)));
      addBoxEdges(batch, box.center, box.axes, grown, palette.falsePositive, width * 1.5f, dash);
      addLabel(labels, view.mapping, box.center + box.axes * grown, tr("false positive"), palette.falsePositive);
    }
  }

  // The traced shape: the plane that culls it, or the planes it crosses; its p- and n-vertex
  // there; the SAT axis that separates it, through its centre.
  if (c.focus() >= 0 && c.focus() < static_cast<int>(scene.shapes.size())) {
    const FrustumTrace& t = c.trace();
    for (const FrustumPlaneRow& r : t.planes) {
      const bool culls = r.verdict == FrustumVerdict::Outside;
      if (!culls && (t.cullingPlane >= 0 || r.verdict != FrustumVerdict::Intersecting)) continue;
      const glm::vec4 color = culls ? palette.separatingPlane : palette.overlap;
      // The plane that culls, thick and solid; the planes a kept box crosses, thin and dashed.
      addFace(batch, f, r.plane, color, culls ? kFaceWidthPx * view.pixelScale : width, culls ? 0.0f : dash * 0.6f,
              0.04f);
      batch.addPoint(r.pVertex, palette.gap, width * 3.5f);
      batch.addPoint(r.nVertex, palette.overlap, width * 3.5f);
      const std::array<int, 4> k = frustumFaceCorners(r.plane);
      glm::vec3 mid(0.0f);
      for (int i : k) mid += f.corners[static_cast<std::size_t>(i)] * 0.25f;
      char text[160];
      std::snprintf(text, sizeof text, culls ? tr("%s plane: outside") : tr("%s plane: crosses"),
                    frustumPlaneWord(r.plane));
      addLabel(labels, view.mapping, mid, text, color);
    }
    if (!t.overlap && t.separatingRow >= 0) {
      const FrustumSatRow& r = t.axes[static_cast<std::size_t>(t.separatingRow)];
      bool byBounds = false;
      const Obb box = cullBoxOf(scene.shapes[static_cast<std::size_t>(c.focus())], byBounds);
      const float reach = glm::length(box.half) + 1.0f + std::max(0.0f, r.gap);
      batch.add(box.center - r.axis * reach, box.center + r.axis * reach, palette.satAxis, width, 0.0f);
      char text[160];
      std::snprintf(text, sizeof text, tr("SAT: %s"), frustumAxisWord(r.id).c_str());
      addLabel(labels, view.mapping, box.center + r.axis * reach, text, palette.satAxis);
    }
  }
  return batch.size() - first;
}

}  // namespace satlab
