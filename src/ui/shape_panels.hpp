// The shape list (add, duplicate, delete, select) and the inspector (rename, recolour and
// exact numeric fields for every parameter), plus the gizmo toolbar.
#pragma once

#include "document/placement.hpp"
#include "document/scene.hpp"
#include "ui/gizmo.hpp"
#include "ui/long_text.hpp"
#include "ui/viewport_tools.hpp"

#include <string>

namespace satlab {

/// What the panels did this frame.
struct PanelEdits {
  bool changed = false;       // the scene was modified
  bool stepFinished = false;  // an edit that is one undo step just ended
  bool frameSelection = false;
  bool screenshot = false;  // the toolbar's screenshot button
  bool importMesh = false;  // "Import mesh...": the app asks for a file
};

class ShapePanels {
 public:
  bool showNotes = true;  // off when a lesson panel shows the scene's notes

  /// New shapes go where `view` shows them, clear of the others (document/placement.hpp).
  void drawShapeList(Scene& scene, Selection& selection, const std::string& source, const PlacementView& view,
                     PanelEdits& edits);
  void drawInspector(Scene& scene, Selection& selection, PanelEdits& edits);
  /// The gizmo toolbar, inside the main menu bar; returns true when the presentation-mode
  /// button was pressed.
  bool drawToolbar(Gizmo& gizmo, bool planar, bool presentation, PanelEdits& edits);

 private:
  void drawGeometryFields(Scene& scene, SceneShape& shape, PanelEdits& edits);
  /// Euler angles (or the 2D angle), quaternion and axes of an OBB's or a mesh's rotation.
  void drawRotationFields(int index, glm::mat3& axes, bool planar, PanelEdits& edits);

  WrappedTextView notes_;  // the scene's notes, wrapped once, drawn by visible line
  int renameFor_ = -1;
  std::string renameBuffer_;
  std::string renameError_;
  // Euler angles shown for an OBB: kept while the rotation is the one they produced, so a
  // field being dragged does not jump between equivalent angle triples.
  int eulerFor_ = -1;
  glm::mat3 eulerAxes_{1.0f};
  glm::vec3 eulerDeg_{0.0f};
};

}  // namespace satlab
