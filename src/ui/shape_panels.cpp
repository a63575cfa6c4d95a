#include "ui/shape_panels.hpp"

#include "base/file_name.hpp"
#include "document/rotation.hpp"
#include "document/scene_edit.hpp"
#include "i18n/i18n.hpp"
#include "render/display_text.hpp"

#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/lesson_text.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace satlab {

namespace {

constexpr float kDragSpeed = 0.01f;

/// Marks the end of one undoable edit of the previous widget.
void noteEdit(bool valueChanged, PanelEdits& edits) {
  if (valueChanged) edits.changed = true;
  if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
}

bool finiteVec(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// A float3 field that never stores NaN, infinity, a value outside the scene range
/// (clampToSceneRange) or (with nonNegative) a negative value.
bool vec3Field(const char* label, glm::vec3& v, bool nonNegative, PanelEdits& edits) {
  glm::vec3 tmp = v;
  const bool changed = ImGui::DragFloat3(label, &tmp.x, kDragSpeed, nonNegative ? 0.0f : -kMaxSceneCoordinate,
                                         kMaxSceneCoordinate, "%.4g", ImGuiSliderFlags_AlwaysClamp);
  const bool ok = changed && finiteVec(tmp);
  if (ok) {
    for (glm::length_t i = 0; i < 3; ++i) tmp[i] = clampToSceneRange(tmp[i]);
    v = nonNegative ? glm::max(tmp, glm::vec3(0.0f)) : tmp;
  }
  noteEdit(ok, edits);
  return ok;
}

const char* kindLabel(ShapeKind k) {
  switch (k) {
    case ShapeKind::Aabb: return "AABB";
    case ShapeKind::Obb: return "OBB";
    // The kinds' display names (shown through tr / L); AABB and OBB stay as they are.
    case ShapeKind::Sphere: return N_("sphere");
    case ShapeKind::Segment: return N_("segment");
    case ShapeKind::Triangle: return N_("triangle");
    case ShapeKind::Mesh: return N_("mesh");
    case ShapeKind::Capsule: return N_("capsule");
    // TRANSLATORS: a convex hull (a shape kind)
    case ShapeKind::Hull: return N_("hull");
  }
  return "?";
}

}  // namespace

bool ShapePanels::drawToolbar(Gizmo& gizmo, bool planar, bool presentation, PanelEdits& edits) {
  // Drawn inside the main menu bar, after the menus: it never covers the view. In a narrow
  // window the buttons say less (the keys stay in the tooltips and the F1 list), then the
  // presentation and screenshot buttons give way (both are in the menus too).
  // Marked here, shown through L (the button) and tr (the tooltip): the widths below are the
  // translated labels'.
  // TRANSLATORS: toolbar buttons (gizmo modes, axes, framing); the key stays in brackets
  const char* full[] = {N_("Move (W)"),        N_("Rotate (E)"),
                        N_("Resize (R)"),      gizmo.space == GizmoSpace::World ? N_("World (L)") : N_("Local (L)"),
                        N_("Frame (F)"),       presentation ? N_("Normal view (F5)") : N_("Presentation (F5)"),
                        N_("Screenshot (F12)")};
  // TRANSLATORS: the same toolbar buttons in a narrow window: as short as possible
  const char* brief[] = {N_("Move"),   N_("Rotate"),
                         N_("Resize"), gizmo.space == GizmoSpace::World ? N_("World") : N_("Local"),
                         N_("Frame"),  presentation ? N_("Normal") : N_("Present"),
                         N_("Shot")};
  const ImGuiStyle& style = ImGui::GetStyle();
  auto width = [&](const char* const* labels, int count) {
    float w = ImGui::CalcTextSize("|").x + style.ItemSpacing.x;
    for (int i = 0; i < count; ++i) {
      if (planar && i == 3) continue;
      w += ImGui::CalcTextSize(L(labels[i]), nullptr, true).x + style.FramePadding.x * 2.0f + style.ItemSpacing.x;
    }
    return w;
  };
  const float room = ImGui::GetContentRegionAvail().x;
  const char* const* labels = full;
  int count = 7;
  if (width(full, 7) > room) {
    labels = brief;
    if (width(brief, 7) > room) count = 5;
  }
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  auto button = [&](int i) {
    const bool pressed = ImGui::Button(L(labels[i]));
    // The full label names the key already.
    if (labels == brief && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(full[i]));
    ImGui::SameLine();
    return pressed;
  };
  auto modeButton = [&](int i, GizmoMode mode) {
    const bool on = gizmo.mode == mode;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (button(i)) gizmo.mode = mode;
    if (on) ImGui::PopStyleColor();
  };
  modeButton(0, GizmoMode::Move);
  modeButton(1, GizmoMode::Rotate);
  modeButton(2, GizmoMode::Resize);
  if (!planar && button(3)) gizmo.space = gizmo.space == GizmoSpace::World ? GizmoSpace::Local : GizmoSpace::World;
  if (button(4)) edits.frameSelection = true;
  bool togglePresentation = false;
  if (count > 5) {
    togglePresentation = button(5);
    if (button(6)) edits.screenshot = true;
  }
  return togglePresentation;
}

void ShapePanels::drawShapeList(Scene& scene, Selection& selection, const std::string& source,
                                const PlacementView& view, PanelEdits& edits) {
  // With a lesson open, the lesson panel takes the top of the column and the shape list
  // waits collapsed below it (ui/layout.hpp).
  placePanel(Panel::Shapes);
  if (!ImGui::Begin(panelId(Panel::Shapes).c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return;
  }
  const std::string& title = shownTitle(scene);  // in the window's language
  textWrapped("%s", title.empty() ? tr("(untitled scene)") : oneLineText(title, kMaxShownTitleBytes).c_str());
  // The file's name (its folder can be as long as a path gets): the whole path on hover.
  const std::string file(fileNameOf(source));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s", oneLineText(file, kMaxShownTitleBytes).c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", oneLineText(source, 4 * kMaxShownTitleBytes).c_str());
  const std::string& notesText = shownNotes(scene);
  if (showNotes && !notesText.empty() && ImGui::CollapsingHeader(L("Notes"), ImGuiTreeNodeFlags_DefaultOpen)) {
    // No taller than the notes themselves, and at most ten lines: the shape list stays in view.
    const float lines = ImGui::GetTextLineHeightWithSpacing() * 10.0f;
    notes_.draw("##notes", notesText, notes_.lastHeight() > 0.0f ? std::min(notes_.lastHeight(), lines) + 2.0f : lines);
  }
  ImGui::Separator();

  // TRANSLATORS: followed by buttons, one per shape kind
  ImGui::TextUnformatted(tr("Add:"));
  const ShapeKind kinds[] = {ShapeKind::Aabb,    ShapeKind::Obb,      ShapeKind::Sphere, ShapeKind::Segment,
                             ShapeKind::Capsule, ShapeKind::Triangle, ShapeKind::Hull};
  for (ShapeKind k : kinds) {
    // Wrap before a button that would not fit on the line.
    const float w = ImGui::CalcTextSize(L(kindLabel(k)), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w <
        ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {
      ImGui::SameLine();
    }
    if (ImGui::SmallButton(L(kindLabel(k)))) {
      // In sight and clear of the other shapes (all at the view's centre, they were inside
      // each other).
      scene.shapes.push_back(makeShape(scene, k, placeNewShape(scene, k, view)));
      selection.set(static_cast<int>(scene.shapes.size()) - 1);
      edits.changed = edits.stepFinished = true;
    }
  }
  if (ImGui::SmallButton(L("Import mesh..."))) edits.importMesh = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("A mesh file (.obj .stl .ply .gltf .glb); or drop one onto the window"));
  const int primary = selection.primary();
  ImGui::BeginDisabled(primary < 0);
  if (ImGui::SmallButton(L("Duplicate"))) {
    const SceneShape& src = scene.shapes[static_cast<size_t>(primary)];
    scene.shapes.push_back(duplicateShape(scene, src, glm::vec3(0.5f, 0.5f, 0.0f)));
    selection.set(static_cast<int>(scene.shapes.size()) - 1);
    edits.changed = edits.stepFinished = true;
  }
  ImGui::SameLine();
  if (ImGui::SmallButton(L("Delete (Del)")) ||
      (primary >= 0 && !ImGui::GetIO().WantTextInput && pressed(Key::Delete))) {
    if (primary >= 0) {
      eraseShape(scene, static_cast<size_t>(primary));  // and the expectations naming it
      selection.onErased(primary);
      edits.changed = edits.stepFinished = true;
    }
  }
  ImGui::EndDisabled();
  ImGui::Separator();

  if (ImGui::CollapsingHeader(L("Controls"))) {
    // Wrapped (a longer language's line goes on to the next, its bullet's indent kept).
    static const char* const kControls[] = {
        N_("Click: select; Ctrl-click: add to selection"), N_("Drag a shape: move it in the view plane"),
        N_("W / E / R: move / rotate / resize gizmo"),     N_("L: world / local axes; Ctrl: snap"),
        N_("Left-drag empty space: orbit (2D: pan)"),      N_("Right- or middle-drag: pan; wheel: zoom"),
        N_("F: frame pair or selection; Home: all"),       N_("Numpad 1 / 3 / 7: front / right / top"),
        N_("Numpad 5: perspective / orthographic"),        N_("Del: delete; Esc: clear selection"),
    };
    for (const char* line : kControls) {
      ImGui::Bullet();
      ImGui::SameLine();
      ImGui::BeginGroup();
      textWrappedUnformatted(tr(line));
      ImGui::EndGroup();
    }
  }
  ImGui::Text(trn("%zu shape", "%zu shapes", static_cast<long long>(scene.shapes.size())), scene.shapes.size());
  ImGui::BeginChild("##list", ImVec2(0, 0), false);
  ImGuiListClipper clipper;  // only the visible rows cost anything, even with 10,000 shapes
  clipper.Begin(static_cast<int>(scene.shapes.size()));
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const SceneShape& s = scene.shapes[static_cast<size_t>(i)];
      ImGui::PushID(i);
      ImGui::ColorButton("##c", ImVec4(s.color.r, s.color.g, s.color.b, 1.0f),
                         ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop, ImVec2(12, 12));
      ImGui::SameLine();
      char label[160];
      std::snprintf(label, sizeof label, "%s  (%s)", oneLineText(s.name, kMaxShownNameBytes).c_str(),
                    tr(kindLabel(s.kind())));
      if (ImGui::Selectable(label, selection.contains(i), ImGuiSelectableFlags_AllowDoubleClick)) {
        if (ImGui::GetIO().KeyCtrl) {
          selection.toggle(i);
        } else {
          selection.set(i);
        }
        if (ImGui::IsMouseDoubleClicked(0)) edits.frameSelection = true;
      }
      ImGui::PopID();
    }
  ImGui::EndChild();
  ImGui::End();
}

void ShapePanels::drawInspector(Scene& scene, Selection& selection, PanelEdits& edits) {
  placePanel(Panel::Inspector);
  if (!ImGui::Begin(panelId(Panel::Inspector).c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return;
  }
  const int primary = selection.primary();
  if (primary < 0 || primary >= static_cast<int>(scene.shapes.size())) {
    textWrapped(
        "%s",
        tr("Click a shape (or a row of the shape list) to inspect and edit it. Ctrl-click adds to the selection."));
    ImGui::End();
    return;
  }
  SceneShape& shape = scene.shapes[static_cast<size_t>(primary)];
  ImGui::PushID(primary);
  // The fields leave room for their longest label beside them (ImGui's default, 65% of the
  // window for the field, ran "quaternion wxyz" past the edge of a panel at a projector's
  // scale), but take at least half the width. Measured in the window's language: another
  // label may be the longest there.
  float longest = 0.0f;
  for (const char* label : {N_("name"), N_("colour"), N_("centre"), N_("half extents"), N_("radius"), N_("scale"),
                            N_("angle (deg)"), N_("euler XYZ (deg)"), N_("quaternion wxyz")}) {
    longest = std::max(longest, ImGui::CalcTextSize(L(label), nullptr, true).x);
  }
  const float labelRoom = longest + ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::PushItemWidth(-std::min(labelRoom, ImGui::GetContentRegionAvail().x * 0.5f));

  // Name: applied when the field is left or Enter is pressed, if it is valid and unique.
  if (renameFor_ != primary) {
    renameFor_ = primary;
    renameBuffer_ = shape.name;
    renameError_.clear();
  }
  if (!ImGui::IsAnyItemActive() && renameBuffer_ != shape.name && renameError_.empty()) renameBuffer_ = shape.name;
  ImGui::InputText(L("name"), &renameBuffer_);
  if (ImGui::IsItemDeactivatedAfterEdit() && renameBuffer_ != shape.name) {
    const SceneShape* other = findShape(scene, renameBuffer_);
    if (const auto problem = shapeNameProblem(renameBuffer_)) {
      // TRANSLATORS: %s is what is wrong with it, in English ("must not be empty")
      renameError_ = formatted(tr("The name %s."), problem->c_str());
    } else if (other && other != &shape) {
      renameError_ = formatted(tr("Another shape is already called '%s'."), renameBuffer_.c_str());
    } else {
      shape.name = renameBuffer_;
      renameError_.clear();
      edits.changed = edits.stepFinished = true;
    }
  }
  if (!renameError_.empty())
    textWrappedColored(readableText(glm::vec4(1.0f, 0.45f, 0.4f, 1.0f)), "%s", renameError_.c_str());
  ImGui::Text(tr("type: %s"), tr(kindLabel(shape.kind())));

  glm::vec4 color = shape.color;
  if (ImGui::ColorEdit4(L("colour"), &color.r, ImGuiColorEditFlags_AlphaBar)) {
    shape.color = glm::clamp(color, glm::vec4(0.0f), glm::vec4(1.0f));
    shape.paletteColor = false;
    edits.changed = true;
  }
  if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
  ImGui::Separator();
  drawGeometryFields(scene, shape, edits);
  ImGui::PopItemWidth();
  ImGui::PopID();
  ImGui::End();
}

void ShapePanels::drawRotationFields(int index, glm::mat3& axes, bool planar, PanelEdits& edits) {
  if (eulerFor_ != index || eulerAxes_ != axes) {
    eulerFor_ = index;
    eulerAxes_ = axes;
    eulerDeg_ = matrixToEulerDeg(axes);
  }
  if (planar) {
    float angle = matrixToAngleDeg(axes);
    if (ImGui::DragFloat(L("angle (deg)"), &angle, 0.5f, -1e4f, 1e4f, "%.3f") && std::isfinite(angle)) {
      axes = angleDegToMatrix(angle);
      edits.changed = true;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
  } else {
    glm::vec3 e = eulerDeg_;
    if (ImGui::DragFloat3(L("euler XYZ (deg)"), &e.x, 0.5f, -1e4f, 1e4f, "%.3f") && finiteVec(e)) {
      eulerDeg_ = e;
      axes = eulerDegToMatrix(e);
      eulerAxes_ = axes;
      edits.changed = true;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
    ImGui::TextDisabled("%s", tr("R = Rz * Ry * Rx (world X first)"));
    glm::quat q = matrixToQuaternion(axes);
    float wxyz[4] = {q.w, q.x, q.y, q.z};
    if (ImGui::DragFloat4(L("quaternion wxyz"), wxyz, 0.005f, -1.0f, 1.0f, "%.5f")) {
      const glm::quat nq(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
      const float len = glm::length(nq);
      if (std::isfinite(len) && len > 1e-6f) {
        axes = quaternionToMatrix(nq / len);
        edits.changed = true;
      }
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
  }
  if (ImGui::Button(L("Reset rotation"))) {
    axes = glm::mat3(1.0f);
    edits.changed = edits.stepFinished = true;
  }
  if (ImGui::TreeNode(L("axes (columns)"))) {
    for (int i = 0; i < 3; ++i) ImGui::Text("B%d (%.5f, %.5f, %.5f)", i, axes[i].x, axes[i].y, axes[i].z);
    ImGui::TreePop();
  }
}

void ShapePanels::drawGeometryFields(Scene& scene, SceneShape& shape, PanelEdits& edits) {
  const bool planar = scene.view == ViewMode::TwoD;
  if (auto* a = std::get_if<Aabb>(&shape.geometry)) {
    vec3Field(L("centre"), a->center, false, edits);
    vec3Field(L("half extents"), a->half, true, edits);
    ImGui::TextDisabled(tr("min (%.4g, %.4g, %.4g)"), a->min().x, a->min().y, a->min().z);
    ImGui::TextDisabled(tr("max (%.4g, %.4g, %.4g)"), a->max().x, a->max().y, a->max().z);
    if (ImGui::Button(L("Convert to OBB"))) {
      const Aabb box = *a;
      shape.geometry = Obb{box.center, glm::mat3(1.0f), box.half};
      shape.rotation = RotationSource{};
      edits.changed = edits.stepFinished = true;
    }
  } else if (auto* o = std::get_if<Obb>(&shape.geometry)) {
    vec3Field(L("centre"), o->center, false, edits);
    vec3Field(L("half extents"), o->half, true, edits);
    drawRotationFields(static_cast<int>(&shape - scene.shapes.data()), o->axes, planar, edits);
  } else if (auto* s = std::get_if<Sphere>(&shape.geometry)) {
    vec3Field(L("centre"), s->center, false, edits);
    float r = s->radius;
    if (ImGui::DragFloat(L("radius"), &r, kDragSpeed, 0.0f, kMaxSceneCoordinate, "%.4g",
                         ImGuiSliderFlags_AlwaysClamp) &&
        std::isfinite(r)) {
      s->radius = std::max(clampToSceneRange(r), 0.0f);
      edits.changed = true;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
  } else if (auto* seg = std::get_if<Segment>(&shape.geometry)) {
    vec3Field("p0", seg->p0, false, edits);
    vec3Field("p1", seg->p1, false, edits);
    ImGui::TextDisabled(tr("length %.4g"), glm::length(seg->p1 - seg->p0));
  } else if (auto* c = std::get_if<Capsule>(&shape.geometry)) {
    vec3Field("p0", c->p0, false, edits);
    vec3Field("p1", c->p1, false, edits);
    float r = c->radius;
    if (ImGui::DragFloat(L("radius"), &r, kDragSpeed, 0.0f, kMaxSceneCoordinate, "%.4g",
                         ImGuiSliderFlags_AlwaysClamp) &&
        std::isfinite(r)) {
      c->radius = std::max(clampToSceneRange(r), 0.0f);
      edits.changed = true;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
    ImGui::TextDisabled(tr("length %.4g (the core segment)"), glm::length(c->p1 - c->p0));
  } else if (auto* t = std::get_if<Triangle>(&shape.geometry)) {
    vec3Field("a", t->a, false, edits);
    vec3Field("b", t->b, false, edits);
    vec3Field("c", t->c, false, edits);
    ImGui::TextDisabled(tr("area %.4g"), 0.5f * glm::length(glm::cross(t->b - t->a, t->c - t->a)));
  } else if (auto* m = meshBodyOf(shape.geometry)) {
    const auto* hull = std::get_if<HullShape>(&shape.geometry);
    if (hull) {
      if (hull->points) {
        textWrappedDisabled(tr("the convex hull of %zu points: %zu corners, %zu triangles"), hull->points->size(),
                            m->vertexCount(), m->triangleCount());
      } else {
        textWrappedDisabled(tr("the convex hull of the file's vertices: %zu corners, %zu triangles"), m->vertexCount(),
                            m->triangleCount());
      }
    }
    if (m->file.empty()) {
      if (!hull) ImGui::TextDisabled("%s", tr("inline mesh (in the scene file)"));
    } else {
      ImGui::TextDisabled(tr("file %s"), oneLineText(m->file, kMaxShownTitleBytes).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", oneLineText(m->file, 4 * kMaxShownTitleBytes).c_str());
    }
    if (!hull) ImGui::TextDisabled(tr("%zu vertices, %zu triangles"), m->vertexCount(), m->triangleCount());
    vec3Field(L("centre"), m->pose.center, false, edits);
    glm::vec3 scale = m->pose.scale;
    if (ImGui::DragFloat3(L("scale"), &scale.x, kDragSpeed, kMinSceneLength, kMaxSceneCoordinate, "%.4g",
                          ImGuiSliderFlags_AlwaysClamp) &&
        finiteVec(scale) && scale.x > 0.0f && scale.y > 0.0f && scale.z > 0.0f) {
      m->pose.scale = scale;
      clampToSceneRange(shape);
      edits.changed = true;
    }
    if (ImGui::IsItemDeactivatedAfterEdit()) edits.stepFinished = true;
    drawRotationFields(static_cast<int>(&shape - scene.shapes.data()), m->pose.axes, planar, edits);
  }
}

}  // namespace satlab
