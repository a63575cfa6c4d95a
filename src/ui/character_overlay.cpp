#include "ui/character_overlay.hpp"

#include "i18n/i18n.hpp"
#include "render/wire_shapes.hpp"
#include "ui/explorer_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

constexpr float kThinPx = 1.5f;
constexpr float kArrowPx = 2.5f;
constexpr float kChosenPx = 3.5f;
constexpr float kDashPx = 10.0f;

float planeSize(const Aabb& box) { return std::max(box.half.x, box.half.y); }

std::string vecText(const char* name, const glm::vec3& v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s %.3g", name, static_cast<double>(glm::length(v)));
  return buf;
}

}  // namespace

float characterArrowScale(const SlideTrace& trace, const Aabb& box) {
  const float wanted = glm::length(trace.wanted);
  if (!(wanted > 0.0f)) return 1.0f;
  return std::clamp(3.0f * planeSize(box) / wanted, 1.0f, 1000.0f);
}

size_t drawCharacterOverlay(const CharacterDrive& drive, const Scene& scene, LineBatch& batch,
                            const CharacterOverlayView& view, const Palette& p) {
  const SlideTrace* t = drive.shown();
  if (t == nullptr || !drive.spec() || drive.spec()->index >= scene.shapes.size()) return 0;
  const SceneShape& shape = scene.shapes[drive.spec()->index];
  if (shape.kind() != ShapeKind::Aabb) return 0;
  const Aabb& box = std::get<Aabb>(shape.geometry);
  const size_t first = batch.size();
  const float ps = view.pixelScale;
  const float k = characterArrowScale(*t, box);
  const glm::vec3 c0 = t->start;
  auto arrow = [&](const glm::vec3& v, const glm::vec4& color, float width, float dash, const char* name) {
    if (!(glm::length(v) * k > 1e-6f * (1.0f + planeSize(box)))) return;
    batch.addArrow(c0, c0 + v * k, color, width * ps, 0.0f, dash * ps);
    worldLabel(view.labels, view.mapping, view.fbPerWindow, c0 + v * k, vecText(name, v), color);
  };
  if (t->iterations.empty()) {
    // A step begun, no iteration run yet: where it wants to go.
    addBoxEdges(batch, c0 + t->wanted, glm::mat3(1.0f), box.half, p.satAxisPreview, kThinPx * ps, kDashPx * ps);
    // TRANSLATORS: a label of an arrow in the view: the move the character wants
    arrow(t->wanted, p.satAxisPreview, kArrowPx, kDashPx, tr("move"));
    return batch.size() - first;
  }
  const SlideIteration& it = t->iterations.back();
  const glm::vec3 tried = c0 + it.move;
  addBoxEdges(batch, tried, glm::mat3(1.0f), box.half, p.satAxisPreview, kThinPx * ps, kDashPx * ps);
  // Each contact's normal, out of the wall, from the face of the tried box that meets it.
  const float normalLength = 0.8f * planeSize(box);
  for (size_t i = 0; i < it.contacts.size(); ++i) {
    const BoxContact& c = it.contacts[i].contact;
    const bool chosen = static_cast<int>(i) == it.chosen;
    const glm::vec3 anchor = tried - c.normal * projectedRadius(glm::mat3(1.0f), box.half, c.normal);
    batch.addArrow(anchor, anchor + c.normal * normalLength, p.overlap, (chosen ? kChosenPx : kThinPx) * ps, 0.0f,
                   chosen ? 0.0f : kDashPx * ps);
    if (chosen) {
      char buf[80];
      std::snprintf(buf, sizeof buf, tr("n, depth %.3g"), static_cast<double>(c.depth));
      worldLabel(view.labels, view.mapping, view.fbPerWindow, anchor + c.normal * normalLength, buf, p.overlap);
    }
  }
  arrow(it.move, p.satAxisPreview, kArrowPx, kDashPx, tr("move"));
  if (it.chosen >= 0) {
    arrow(it.vn, p.bvCube, kArrowPx, 0.0f, "v_n");
    arrow(it.vt, p.bvAabbOfObb, kArrowPx, 0.0f, "v_t");
    // TRANSLATORS: a label of an arrow in the view: the move corrected out of the wall
    arrow(it.corrected, p.bvObbMin, kChosenPx, 0.0f, tr("corrected"));
  }
  if (t->outcome != SlideOutcome::Pending) batch.addPoint(t->end, p.bvObbMin, 4.0f * kArrowPx * ps);
  return batch.size() - first;
}

}  // namespace satlab
