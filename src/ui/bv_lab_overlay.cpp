#include "ui/bv_lab_overlay.hpp"

#include "render/wire_shapes.hpp"

#include <cmath>

namespace satlab {

const std::array<LabRow, kLabRows> kLabDrawOrder = {
    LabRow::Cube,     LabRow::SphereRitter,  LabRow::SphereMin,       LabRow::AabbOfObb, LabRow::Aabb,
    LabRow::ModelObb, LabRow::ObbCovariance, LabRow::ObbAreaWeighted, LabRow::ObbMin};

glm::vec4 labRowColor(const Palette& p, LabRow row) {
  switch (row) {
    case LabRow::ModelObb: return p.bvModelObb;
    case LabRow::Aabb: return p.bvAabb;
    case LabRow::AabbOfObb: return p.bvAabbOfObb;
    case LabRow::Cube: return p.bvCube;
    case LabRow::ObbCovariance: return p.bvObbCovariance;
    case LabRow::ObbAreaWeighted: return p.bvObbAreaWeighted;
    case LabRow::ObbMin: return p.bvObbMin;
    case LabRow::SphereRitter: return p.bvSphereRitter;
    case LabRow::SphereMin: return p.bvSphereMin;
  }
  return p.panelText;
}

// The two loosest, and the minimum OBB, drawn last: where it coincides with another box (a
// box-shaped mesh is its own minimum OBB, as is its area-weighted OBB) that box shows
// between its dashes.
bool labRowDashed(LabRow row) { return row == LabRow::Cube || row == LabRow::SphereRitter || row == LabRow::ObbMin; }

namespace {

constexpr float kWireWidthPx = 2.0f;  // as the shapes' own edges (RenderSettings::edgeWidthPx)
constexpr float kDashPx = 12.0f;

void addSphere(LineBatch& batch, const Sphere& s, const BvLabOverlayView& view, const glm::vec4& color, float width,
               float dash) {
  if (!(s.radius > 0.0f)) {
    batch.addPoint(s.center, color, width * 2.5f);
    return;
  }
  const Silhouette sil = view.flat ? Silhouette{s.center, glm::vec3(0.0f, 0.0f, 1.0f), s.radius}
                                   : sphereSilhouette(s, view.setup.eye, view.setup.forward, view.setup.orthographic);
  if (!(sil.radius > 0.0f)) return;  // the eye is inside it
  // Segments for the circle's size on screen.
  glm::vec2 a, b;
  const glm::vec3 side =
      glm::normalize(glm::cross(sil.normal, std::abs(sil.normal.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0)));
  float radiusPx = 64.0f;
  if (view.mapping.toPixel(sil.center, a) && view.mapping.toPixel(sil.center + side * sil.radius, b)) {
    radiusPx = glm::length(b - a);
  }
  addCircle(batch, sil.center, sil.normal, sil.radius, color, width, circleSegmentsFor(radiusPx), dash);
}

}  // namespace

int drawBvLabOverlay(const BvLab& lab, LineBatch& batch, const BvLabOverlayView& view, const Palette& palette) {
  const WorldVolumes* w = lab.world();
  if (w == nullptr) return 0;
  const float width = kWireWidthPx * view.pixelScale;
  int drawn = 0;
  for (LabRow row : kLabDrawOrder) {
    if (!lab.shown[static_cast<std::size_t>(row)]) continue;
    const glm::vec4 color = labRowColor(palette, row);
    const float dash = labRowDashed(row) ? kDashPx * view.pixelScale : 0.0f;
    const glm::mat3 world(1.0f);
    switch (row) {
      case LabRow::ModelObb: addBoxEdges(batch, w->box.center, w->box.axes, w->box.half, color, width, dash); break;
      case LabRow::Aabb: addBoxEdges(batch, w->aabb.center, world, w->aabb.half, color, width, dash); break;
      case LabRow::AabbOfObb:
        addBoxEdges(batch, w->aabbOfObb.center, world, w->aabbOfObb.half, color, width, dash);
        break;
      case LabRow::Cube: addBoxEdges(batch, w->cube.center, world, w->cube.half, color, width, dash); break;
      case LabRow::ObbCovariance:
        addBoxEdges(batch, w->obbCovariance.center, w->obbCovariance.axes, w->obbCovariance.half, color, width, dash);
        break;
      case LabRow::ObbAreaWeighted:
        addBoxEdges(batch, w->obbAreaWeighted.center, w->obbAreaWeighted.axes, w->obbAreaWeighted.half, color, width,
                    dash);
        break;
      case LabRow::ObbMin:
        addBoxEdges(batch, w->obbMin.center, w->obbMin.axes, w->obbMin.half, color, width, dash);
        break;
      case LabRow::SphereRitter: addSphere(batch, w->sphereRitter, view, color, width, dash); break;
      case LabRow::SphereMin: addSphere(batch, w->sphereMin, view, color, width, dash); break;
    }
    ++drawn;
  }
  return drawn;
}

}  // namespace satlab
