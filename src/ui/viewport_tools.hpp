// Mouse and keyboard in the viewport: camera, hover, selection, dragging shapes and the
// gizmo. ImGui gets every event first: nothing here reacts while it wants the mouse or
// keyboard, and the camera ignores the mouse while a gizmo or shape drag is in progress.
#pragma once

#include "document/scene.hpp"
#include "render/camera.hpp"
#include "render/line_batch.hpp"
#include "ui/gizmo.hpp"
#include "ui/picking.hpp"

#include <vector>

namespace satlab {

/// Selected shapes by index; the last one is the primary (the one the gizmo and the
/// inspector act on).
struct Selection {
  std::vector<int> shapes;

  int primary() const { return shapes.empty() ? -1 : shapes.back(); }
  bool contains(int i) const;
  void clear() { shapes.clear(); }
  void set(int i);
  void toggle(int i);
  /// Keeps the indices valid after shape `removed` was erased from the scene.
  void onErased(int removed);
};

class ViewportTools {
 public:
  Gizmo gizmo;
  Selection selection;
  int hovered = -1;
  float frameAspect = 16.0f / 9.0f;  // aspect of the region Home and F frame into
  float frameHeightShare = 1.0f;     // that region's share of the view's height
  /// The focused pair (the explorer's; -1 when none), set by the view each frame: F frames
  /// it (model/pair_framing.hpp) rather than the whole selection.
  int focusA = -1, focusB = -1;
  /// Whether the gizmo of the primary selection is drawn and takes the mouse. Presentation
  /// mode hides it (the viewer sets this each frame); shapes can still be dragged by their
  /// body.
  bool showGizmo = true;
  /// The student view: the mouse turns, pans and zooms the camera and does nothing else
  /// (a press on a shape orbits as on empty space; no selection, no drag, no gizmo), and
  /// the gizmo keys and Esc leave the selection as it is.
  bool locked = false;
  /// Esc belongs to something else this frame (the lab's Cancel while it builds): it leaves
  /// the selection as it is.
  bool escapeTaken = false;

  /// Handles one frame of input. `view` maps the current camera to framebuffer pixels;
  /// `fbPerWindow` converts ImGui's window coordinates to framebuffer pixels (HiDPI).
  /// Sets `changed` when the scene was edited, and `stepFinished` when an edit that
  /// should be one undo step has just ended.
  void update(Scene& scene, OrbitCamera& camera, const ViewMapping& view, const glm::vec2& fbPerWindow, bool& changed,
              bool& stepFinished);
  /// Gizmo and handles of the primary selection, drawn on top of the scene.
  void drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera) const;

  /// Camera helpers (also bound to Home, F and the numpad).
  static void frameShapes(const Scene& scene, const std::vector<int>& which, OrbitCamera& camera, float aspect);
  static void setTopDown(OrbitCamera& camera);
  /// What F does: frames the focused pair (pairFramingBox) when there is one, else the
  /// selection, else everything; into the region of frameAspect and frameHeightShare.
  void frameFocus(const Scene& scene, OrbitCamera& camera) const;
  /// The mouse wheel: zooms by `steps` notches (positive = closer) toward the point under
  /// the pixel `cursorPx` of `view` (the camera's current mapping), which stays under the
  /// cursor: the nearest shape's surface there, else the point on the plane through the
  /// target facing the camera. Zooming in on a shape thus closes in on it and never carries
  /// the eye through it, at any scale (1e-30 to 1e30 across).
  static void zoomAt(const Scene& scene, OrbitCamera& camera, const ViewMapping& view, const glm::vec2& cursorPx,
                     float steps);

 private:
  bool bodyDrag_ = false;      // dragging a shape by its body in the view plane
  bool pressOnEmpty_ = false;  // the press began on empty space (orbit, or click to clear)
  bool pressOnShape_ = false;
  int pressShape_ = -1;
  bool moved_ = false;  // the mouse moved far enough since the press to be a drag
  glm::vec2 pressPx_{0.0f};
  glm::vec3 dragAnchor_{0.0f};
  SceneShape dragStart_;
};

}  // namespace satlab
