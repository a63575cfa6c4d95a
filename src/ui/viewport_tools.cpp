#include "ui/viewport_tools.hpp"

#include "document/scene_edit.hpp"
#include "model/pair_framing.hpp"
#include "render/view_setup.hpp"
#include "ui/keys.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

namespace {

constexpr float kDragThresholdPx = 3.0f;
constexpr float kPickTolerancePx = 6.0f;

bool rayPlane(const Segment& ray, const glm::vec3& point, const glm::vec3& n, glm::vec3& hit) {
  const glm::vec3 v = ray.p1 - ray.p0;
  const float den = glm::dot(v, n);
  // Relative to the ray's length: the ray of a scene 1e-30 across is itself that short.
  if (!(std::abs(den) > 1e-7f * glm::length(v))) return false;
  hit = ray.p0 + v * (glm::dot(point - ray.p0, n) / den);
  return std::isfinite(hit.x) && std::isfinite(hit.y) && std::isfinite(hit.z);
}

}  // namespace

bool Selection::contains(int i) const { return std::find(shapes.begin(), shapes.end(), i) != shapes.end(); }

void Selection::set(int i) {
  shapes.clear();
  if (i >= 0) shapes.push_back(i);
}

void Selection::toggle(int i) {
  const auto it = std::find(shapes.begin(), shapes.end(), i);
  if (it != shapes.end()) {
    shapes.erase(it);
  } else {
    shapes.push_back(i);
  }
}

void Selection::onErased(int removed) {
  shapes.erase(std::remove(shapes.begin(), shapes.end(), removed), shapes.end());
  for (int& s : shapes) {
    if (s > removed) --s;
  }
}

void ViewportTools::frameShapes(const Scene& scene, const std::vector<int>& which, OrbitCamera& camera, float aspect) {
  satlab::frameShapes(scene, which, camera, aspect);
}

void ViewportTools::frameFocus(const Scene& scene, OrbitCamera& camera) const {
  const int n = static_cast<int>(scene.shapes.size());
  if (focusA >= 0 && focusB >= 0 && focusA < n && focusB < n && focusA != focusB) {
    const FramingBox box = pairFramingBox(scene, static_cast<std::size_t>(focusA), static_cast<std::size_t>(focusB));
    camera.frame(box.lo, box.hi, frameAspect);
  } else {
    frameShapes(scene, selection.shapes, camera, frameAspect);
  }
  camera.distance /= std::isfinite(frameHeightShare) ? std::clamp(frameHeightShare, 0.1f, 1.0f) : 1.0f;
}

void ViewportTools::setTopDown(OrbitCamera& camera) {
  camera.yawDeg = -90.0f;
  camera.pitchDeg = 89.999f;  // looking straight down -Z with +Y up on screen
  camera.orthographic = true;
}

void ViewportTools::zoomAt(const Scene& scene, OrbitCamera& camera, const ViewMapping& view, const glm::vec2& cursorPx,
                           float steps) {
  // The anchor: what is under the cursor, else the plane through the target.
  const PickHit hit = pickShape(scene, view, cursorPx, kPickTolerancePx);
  glm::vec3 anchor = hit.point;
  const bool ok = hit.shape >= 0 || rayPlane(view.pickSegment(cursorPx), camera.target, camera.forward(), anchor);
  const float oldDistance = camera.distance;
  camera.zoom(steps);
  // Target and eye move toward the anchor by the same factor as the distance: seen from the
  // new eye, the anchor lies in the same direction (perspective) or at the same offset in
  // view-height units (orthographic, 2D), so it stays under the cursor.
  if (ok && oldDistance > 0.0f) camera.target += (anchor - camera.target) * (1.0f - camera.distance / oldDistance);
  camera.clampToRange();
}

void ViewportTools::update(Scene& scene, OrbitCamera& camera, const ViewMapping& view, const glm::vec2& fbPerWindow,
                           bool& changed, bool& stepFinished) {
  changed = false;
  stepFinished = false;
  const ImGuiIO& io = ImGui::GetIO();
  const bool planar = scene.view == ViewMode::TwoD;
  gizmo.planar = planar;
  const float aspect = frameAspect;
  const glm::vec2 mousePx(io.MousePos.x * fbPerWindow.x, io.MousePos.y * fbPerWindow.y);
  const glm::vec2 deltaPx(io.MouseDelta.x * fbPerWindow.x, io.MouseDelta.y * fbPerWindow.y);
  const bool mouseValid = io.MousePos.x > -1e6f && io.MousePos.y > -1e6f;
  const int count = static_cast<int>(scene.shapes.size());
  selection.shapes.erase(
      std::remove_if(selection.shapes.begin(), selection.shapes.end(), [&](int i) { return i < 0 || i >= count; }),
      selection.shapes.end());

  // Keyboard: only when no text field or widget has it.
  if (!io.WantCaptureKeyboard && !locked) {
    if (plainPressed(Key::W)) gizmo.mode = GizmoMode::Move;
    if (plainPressed(Key::E)) gizmo.mode = GizmoMode::Rotate;
    if (plainPressed(Key::R)) gizmo.mode = GizmoMode::Resize;
    if (plainPressed(Key::L)) {
      gizmo.space = gizmo.space == GizmoSpace::World ? GizmoSpace::Local : GizmoSpace::World;
    }
    if (plainPressed(Key::Escape) && !gizmo.dragging() && !escapeTaken) selection.clear();
  }
  if (!io.WantCaptureKeyboard) {
    // Into the free part of the view: its aspect, and only its share of the height.
    const float share = std::isfinite(frameHeightShare) ? std::clamp(frameHeightShare, 0.1f, 1.0f) : 1.0f;
    if (plainPressed(Key::Home)) {
      frameShapes(scene, {}, camera, aspect);
      camera.distance /= share;
    }
    if (plainPressed(Key::F)) frameFocus(scene, camera);
    if (!planar) {
      if (plainPressed(Key::Keypad5)) camera.orthographic = !camera.orthographic;
      if (plainPressed(Key::Keypad1)) camera.yawDeg = -90.0f, camera.pitchDeg = 0.0f;
      if (plainPressed(Key::Keypad3)) camera.yawDeg = 0.0f, camera.pitchDeg = 0.0f;
      if (plainPressed(Key::Keypad7)) camera.yawDeg = -90.0f, camera.pitchDeg = 89.999f;
    }
  }

  // An edit in progress keeps the mouse even when it wanders over a panel.
  const bool busy = gizmo.dragging() || bodyDrag_;
  if (io.WantCaptureMouse && !busy && !io.MouseDown[0]) {
    hovered = -1;
    gizmo.leave();
    pressOnEmpty_ = pressOnShape_ = false;
    return;
  }
  if (io.WantCaptureMouse && !busy) return;

  GizmoInput gin;
  gin.mousePx = mousePx;
  gin.pressed = io.MouseClicked[0];
  gin.down = io.MouseDown[0];
  gin.snap = io.KeyCtrl;

  // 1. The gizmo of the primary selection has the first claim on the mouse.
  const int primary = selection.primary();
  // (A drag already under way when the gizmo is hidden finishes as one undo step.)
  if (primary >= 0 && (showGizmo || gizmo.dragging()) && !locked && !bodyDrag_ && mouseValid) {
    bool gizmoChanged = false;
    const bool owned = gizmo.update(scene.shapes[static_cast<size_t>(primary)], view, camera, gin, gizmoChanged);
    if (gizmoChanged) clampToSceneRange(scene.shapes[static_cast<size_t>(primary)]);  // what is saved loads again
    changed = changed || gizmoChanged;
    if (gizmo.finishedDrag()) stepFinished = true;
    if (owned) {
      hovered = -1;
      return;
    }
  }

  // 2. Hover and press on shapes (locked: none; a press anywhere is the camera's).
  hovered = mouseValid && !locked ? pickShape(scene, view, mousePx, kPickTolerancePx).shape : -1;
  if (io.MouseClicked[0] && mouseValid) {
    pressPx_ = mousePx;
    moved_ = false;
    pressShape_ = hovered;
    pressOnShape_ = hovered >= 0;
    pressOnEmpty_ = hovered < 0;
    if (pressOnShape_) {
      if (io.KeyCtrl) {
        selection.toggle(hovered);
      } else if (!selection.contains(hovered)) {
        selection.set(hovered);
      } else {
        selection.toggle(hovered);  // make it the primary
        selection.shapes.push_back(hovered);
      }
    }
  }
  if (io.MouseDown[0] && glm::length(mousePx - pressPx_) > kDragThresholdPx) moved_ = true;

  // 3. Dragging a shape's body moves it in the view plane (the ground plane in 2D).
  if (pressOnShape_ && io.MouseDown[0] && moved_ && !io.KeyCtrl && pressShape_ >= 0 && pressShape_ < count) {
    SceneShape& shape = scene.shapes[static_cast<size_t>(pressShape_)];
    const glm::vec3 normal = planar ? glm::vec3(0, 0, 1) : camera.forward();
    if (!bodyDrag_) {
      bodyDrag_ = true;
      dragStart_ = shape;
      if (!rayPlane(view.pickSegment(pressPx_), shapeCenter(shape), normal, dragAnchor_)) bodyDrag_ = false;
    }
    glm::vec3 hit;
    if (bodyDrag_ && rayPlane(view.pickSegment(mousePx), dragAnchor_, normal, hit)) {
      glm::vec3 d = hit - dragAnchor_;
      if (planar) d.z = 0.0f;
      if (io.KeyCtrl) d = glm::round(d / kSnapDistance) * kSnapDistance;
      shape = dragStart_;
      translateShape(shape, d);
      changed = true;
    }
  }

  // 4. The camera: left-drag on empty space orbits (pans in 2D), right/middle-drag pans,
  //    the wheel zooms toward the cursor.
  if (pressOnEmpty_ && io.MouseDown[0] && moved_) {
    if (planar) {
      camera.pan(deltaPx.x, deltaPx.y, view.viewportPx.y);
    } else {
      camera.orbit(deltaPx.x, deltaPx.y);
    }
  }
  if ((io.MouseDown[1] || io.MouseDown[2]) && (deltaPx.x != 0.0f || deltaPx.y != 0.0f)) {
    camera.pan(deltaPx.x, deltaPx.y, view.viewportPx.y);
  }
  if (io.MouseWheel != 0.0f && mouseValid) zoomAt(scene, camera, view, mousePx, io.MouseWheel);

  if (io.MouseReleased[0]) {
    if (bodyDrag_) stepFinished = true;
    if (pressOnEmpty_ && !moved_ && !io.KeyCtrl && !locked) selection.clear();
    bodyDrag_ = false;
    pressOnEmpty_ = pressOnShape_ = false;
    pressShape_ = -1;
  }
}

void ViewportTools::drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view,
                                const OrbitCamera& camera) const {
  const int primary = selection.primary();
  if ((!showGizmo && !gizmo.dragging()) || primary < 0 || primary >= static_cast<int>(scene.shapes.size())) return;
  gizmo.draw(lines, scene.shapes[static_cast<size_t>(primary)], view, camera);
}

}  // namespace satlab
