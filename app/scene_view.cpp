#include "scene_view.hpp"

#include "gui_window.hpp"

#include "document/scene_edit.hpp"
#include "i18n/i18n.hpp"
#include "render/view_setup.hpp"
#include "ui/board_pictures.hpp"
#include "ui/bv_lab_overlay.hpp"
#include "ui/character_overlay.hpp"
#include "ui/explorer_overlay.hpp"
#include "ui/frustum_overlay.hpp"
#include "ui/layout.hpp"
#include "ui/tree_overlay.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace satlab {

bool SceneView::initGl(std::string& error) { return renderer_.init(error); }

void SceneView::releaseGl() {
  renderer_.release();
  offscreen_.release();
  releaseFigureTarget();
}

void SceneView::setTheme(bool presentation, float contentScale) {
  // Entering presentation mode starts with the panels hidden (Tab shows them): on a
  // projector the picture and the step bar come first.
  if (presentation && !presentation_) panelsHidden_ = true;
  if (!presentation && presentation_) panelsHidden_ = false;
  presentation_ = presentation;
  contentScale_ = contentScale;
  themePending_ = true;
}

float presentationHeightScale(bool presentation, float windowHeight) {
  // A projector's picture is seen whole from the back of the room: text is a share of the
  // window's height (3.6% with the presentation font at 720 rows), not a number of pixels.
  if (!presentation || !std::isfinite(windowHeight)) return 1.0f;
  return std::clamp(windowHeight / kLineScaleHeightPx, 1.0f, 3.0f);
}

void SceneView::beforeFrame(float uiScale) {
  const float height = presentationHeightScale(presentation_, ImGui::GetIO().DisplaySize.y);
  if (std::fabs(height - heightScale_) > 0.01f) {
    heightScale_ = height;
    themePending_ = true;
  }
  if (!themePending_) return;
  theme_ = applyTheme(presentation_, contentScale_ * uiScale * heightScale_);
  ImGui::GetIO().FontGlobalScale = uiScale * heightScale_;  // the fonts were built at the content scale
  themePending_ = false;
}

void SceneView::reset(const std::optional<LessonState>& lesson) {
  tools_.selection.clear();
  tools_.hovered = -1;
  explorer_.clearFocus();
  explorer_.options = ExplorerOptions{};
  character_.reset();
  framed_ = false;
  lesson_ = lesson;
  teaching_ = lesson.has_value();
  lessonApplied_ = false;
  autoFramed_ = false;
  reframe_ = false;
  cameraGoal_.reset();
  camera_ = OrbitCamera{};
  frustum_.reset();
  // What a lesson chose for the start is the lesson's: the next scene starts as any does.
  bvLab_.shown.fill(true);
  if (labelsFromLesson_) pairsPanel_.setLabelMode(ShapeLabels::All);
  labelsFromLesson_ = false;
}

void SceneView::setFreeArea(float left, float right, float top, float bottom) {
  // Whole multiples of 8 pixels: an overlay that grows by a pixel from one step to the next
  // does not move the picture.
  auto snap = [](float v) { return std::isfinite(v) ? std::round(v / 8.0f) * 8.0f : 0.0f; };
  const glm::vec4 area(snap(left), snap(right), snap(top), snap(bottom));
  if (area == areaWindowPx_) return;
  areaWindowPx_ = area;
  reframe_ = true;
}

void SceneView::afterHistoryJump(const Scene& scene) {
  const int n = static_cast<int>(scene.shapes.size());
  auto& sel = tools_.selection.shapes;
  sel.erase(std::remove_if(sel.begin(), sel.end(), [&](int i) { return i < 0 || i >= n; }), sel.end());
  tools_.gizmo.cancel();
  character_.reset();
}

void SceneView::applyLesson(const Scene& scene) {
  if (!lesson_ || lessonApplied_) return;
  lessonApplied_ = true;
  const LessonState& l = *lesson_;
  if (l.focus.size() == 2) {
    const SceneShape* a = findShape(scene, l.focus[0]);
    const SceneShape* b = findShape(scene, l.focus[1]);
    if (a != nullptr && b != nullptr) {
      const int ia = static_cast<int>(a - scene.shapes.data()), ib = static_cast<int>(b - scene.shapes.data());
      tools_.selection.shapes = {ia, ib};
      explorer_.focus(ia, ib);
    }
  } else if (l.select) {
    if (const SceneShape* s = findShape(scene, *l.select))
      tools_.selection.shapes = {static_cast<int>(s - scene.shapes.data())};
  }
  if (l.fullMode) explorer_.options.mode = *l.fullMode ? SatMode::Full : SatMode::EarlyExit;
  if (l.epsilon) explorer_.options.epsilon = *l.epsilon;
  if (l.preferSlab) explorer_.options.preferSlab = *l.preferSlab;
  explorer_.options.minkowski = l.minkowski.value_or(false);
  if (l.step) explorer_.step = *l.step;
  if (l.labels) {
    pairsPanel_.setLabelMode(*l.labels == LessonLabels::None       ? ShapeLabels::None
                             : *l.labels == LessonLabels::Selected ? ShapeLabels::Selected
                                                                   : ShapeLabels::All);
    labelsFromLesson_ = true;
  }
  if (l.volumes) {
    for (LabRow row : kAllLabRows) {
      bvLab_.shown[static_cast<size_t>(row)] =
          std::find(l.volumes->begin(), l.volumes->end(), labRowKey(row)) != l.volumes->end();
    }
  }
}

std::optional<DistanceRange> SceneView::frameInto(const Scene& scene, float aspect, float heightShare,
                                                  OrbitCamera& camera) const {
  ViewportTools::frameShapes(scene, {}, camera, aspect);
  std::optional<DistanceRange> range;
  if (lesson_) range = applyLessonCamera(scene, *lesson_, aspect, camera);
  // Framing (and the lesson's distance) filled the window's height; the free area is only
  // part of it.
  camera.distance /= std::clamp(heightShare, 0.1f, 1.0f);
  return range;
}

SceneView::FreeArea SceneView::freeAreaFor(const glm::vec4& areaWindow, const glm::vec2& display,
                                           const glm::vec2& viewport) {
  // The free area in framebuffer pixels (the whole view until the app gives one, or when
  // what it gives is less than a quarter of the width or of the height).
  const glm::vec2 fbPerWindow(viewport.x / std::max(display.x, 1.0f), viewport.y / std::max(display.y, 1.0f));
  const glm::vec4& a = areaWindow;
  FreeArea f{0.0f, viewport.x, 0.0f, viewport.y};
  if (a.y - a.x >= display.x / 4.0f) {
    f.left = std::clamp(a.x * fbPerWindow.x, 0.0f, viewport.x);
    f.right = std::clamp(a.y * fbPerWindow.x, f.left + 1.0f, viewport.x);
  }
  if (a.w - a.z >= display.y / 4.0f) {
    f.top = std::clamp(a.z * fbPerWindow.y, 0.0f, viewport.y);
    f.bottom = std::clamp(a.w * fbPerWindow.y, f.top + 1.0f, viewport.y);
  }
  return f;
}

glm::vec2 SceneView::FreeArea::centerShift(const glm::vec2& viewport) const {
  // Moves the image's centre to the middle of the area: sideways, and up in NDC (up on
  // screen) when the area's middle is above the window's.
  return glm::vec2(((left + right) * 0.5f - viewport.x * 0.5f) / std::max(viewport.x * 0.5f, 1.0f),
                   (viewport.y * 0.5f - (top + bottom) * 0.5f) / std::max(viewport.y * 0.5f, 1.0f));
}

void SceneView::frameScene(const Scene& scene, const std::string& sceneName, float aspect) {
  // Everything, from the scene's usual direction (or its lesson's camera), into the free band.
  const bool first = !framed_;
  if (first) {
    camera_ = OrbitCamera{};
    if (scene.view == ViewMode::TwoD) ViewportTools::setTopDown(camera_);
  }
  const std::optional<DistanceRange> r = frameInto(scene, aspect, tools_.frameHeightShare, camera_);
  if (lesson_) {
    if (r && first) {
      std::fprintf(stderr,
                   "satlab: warning: %s: lesson.camera.distance: %g is outside %g..%g (1/1000 to 1000 times the "
                   "distance that frames the scene); using %g\n",
                   sceneName.c_str(), static_cast<double>(*lesson_->distance), static_cast<double>(r->lo),
                   static_cast<double>(r->hi), static_cast<double>(camera_.distance));
    }
  }
  framed_ = true;
  autoFramed_ = true;
  reframe_ = false;
}

SceneView::Edits SceneView::update(Scene& scene, const std::string& sceneName, int fbWidth, int fbHeight) {
  // The scene turned 2D or 3D (the View menu, or its undo): framed again, from above in 2D.
  if (scene.view != viewMode_ && framed_) framed_ = false;
  viewMode_ = scene.view;
  const ImGuiIO& io = ImGui::GetIO();
  viewport_ = glm::vec2(static_cast<float>(fbWidth), static_cast<float>(fbHeight));
  fbPerWindow_ =
      glm::vec2(viewport_.x / std::max(io.DisplaySize.x, 1.0f), viewport_.y / std::max(io.DisplaySize.y, 1.0f));
  const FreeArea free = freeAreaFor(areaWindowPx_, glm::vec2(io.DisplaySize.x, io.DisplaySize.y), viewport_);
  freeLeftPx_ = free.left, freeRightPx_ = free.right, freeTopPx_ = free.top, freeBottomPx_ = free.bottom;
  // Framing fits the free area; the projection keeps the window's aspect and moves the
  // picture's centre to the area's middle.
  const float freeHeight = std::max(freeBottomPx_ - freeTopPx_, 1.0f);
  const float aspect = std::max(freeRightPx_ - freeLeftPx_, 1.0f) / freeHeight;
  tools_.frameAspect = aspect;
  tools_.frameHeightShare = freeHeight / std::max(viewport_.y, 1.0f);
  if (glm::ivec2(fbWidth, fbHeight) != framedForSize_) reframe_ = true;
  if (!framed_ || (reframe_ && autoFramed_)) {
    frameScene(scene, sceneName, aspect);
  }
  framedForSize_ = glm::ivec2(fbWidth, fbHeight);
  reframe_ = false;
  applyLesson(scene);
  viewProj_ = currentViewProj(scene);
  Edits edits;
  // A projector shows the lesson, not the editing handles; and while an explorer draws its
  // per-axis lines on the pair, the gizmo shows itself only when the cursor comes near.
  tools_.showGizmo = !presentation_;
  tools_.gizmo.revealOnApproach = explorer_.hasFocus();
  const OrbitCamera before = camera_;
  tools_.focusA = explorer_.hasFocus() ? explorer_.focusA : -1;
  tools_.focusB = explorer_.hasFocus() ? explorer_.focusB : -1;
  tools_.escapeTaken = bvLab_.state() == BvLab::State::Computing;  // the lab's Cancel (Esc)
  tools_.update(scene, camera_, mapping(), fbPerWindow_, edits.changed, edits.stepFinished);
  if (camera_.yawDeg != before.yawDeg || camera_.pitchDeg != before.pitchDeg || camera_.distance != before.distance ||
      camera_.target != before.target || camera_.orthographic != before.orthographic) {
    autoFramed_ = false;  // the user moved the camera: a new band no longer re-frames
  }
  syncFocusWithSelection();
  // The bounding-volume lab follows the one mesh selected; its spin turns the mesh (a change
  // each frame, one undo step when it stops), before the pairs see the scene.
  const BvLab::Edit spun = bvLab_.frame(scene, tools_.selection.shapes, io.DeltaTime);
  edits.changed = edits.changed || spun.changed;
  edits.stepFinished = edits.stepFinished || spun.stepFinished;
  // The scene's character, driven by the arrow keys or stepped (a drive is one undo step).
  const CharacterDrive::Edit drove =
      character_.frame(scene, sceneName, io.DeltaTime,
                       !io.WantCaptureKeyboard && !explorer_.hasFocus() && !studentLock_, camera_.forward());
  edits.changed = edits.changed || drove.changed;
  edits.stepFinished = edits.stepFinished || drove.stepFinished;
  animateCamera(io.DeltaTime);
  viewProj_ = currentViewProj(scene);
  // Live verdicts for every pair, and the focused pair's traced test, after this frame's edits.
  pairs_.update(scene);
  frustum_.frame(scene, sceneName, tools_.selection.shapes);
  explorer_.setView(mapping(), camera_);
  explorer_.update(scene, io.DeltaTime, !io.WantCaptureKeyboard);
  return edits;
}

float SceneView::centerShift() const {
  return FreeArea{freeLeftPx_, freeRightPx_, freeTopPx_, freeBottomPx_}.centerShift(viewport_).x;
}

float SceneView::centerShiftY() const {
  return FreeArea{freeLeftPx_, freeRightPx_, freeTopPx_, freeBottomPx_}.centerShift(viewport_).y;
}

glm::mat4 SceneView::currentViewProj(const Scene& scene) const {
  return makeViewSetup(camera_, scene.view, viewport_.x / std::max(viewport_.y, 1.0f), centerShift(), centerShiftY())
      .viewProj;
}

void SceneView::syncFocusWithSelection() {
  // Two selected shapes (Ctrl-click) are the focused pair; the explorer follows the selection.
  const std::vector<int>& sel = tools_.selection.shapes;
  if (sel.size() >= 2) {
    // The two most recently selected shapes (Ctrl-click a third to move the focus on).
    explorer_.focus(sel[sel.size() - 2], sel[sel.size() - 1]);
  } else if (explorer_.hasFocus()) {
    explorer_.clearFocus();
  }
}

void SceneView::moveCamera(const CameraRequest& goal) {
  autoFramed_ = false;
  cameraStart_ = CameraRequest{camera_.yawDeg, camera_.pitchDeg, camera_.target};
  cameraGoal_ = goal;
  cameraT_ = 0.0f;
}

void SceneView::frameAll(const Scene& scene) { frameSelection(scene, {}); }

void SceneView::frameSelection(const Scene& scene) {
  // As F: the focused pair, else the selection.
  tools_.focusA = explorer_.hasFocus() ? explorer_.focusA : -1;
  tools_.focusB = explorer_.hasFocus() ? explorer_.focusB : -1;
  tools_.frameFocus(scene, camera_);
}

void SceneView::frameSelection(const Scene& scene, const std::vector<int>& which) {
  ViewportTools::frameShapes(scene, which, camera_, tools_.frameAspect);
  camera_.distance /= std::clamp(tools_.frameHeightShare, 0.1f, 1.0f);
}

void SceneView::animateCamera(float dt) {
  if (!cameraGoal_) return;
  cameraT_ = std::min(1.0f, cameraT_ + dt / 0.6f);
  const float s = cameraT_ * cameraT_ * (3.0f - 2.0f * cameraT_);  // smoothstep
  float dyaw = std::fmod(cameraGoal_->yawDeg - cameraStart_.yawDeg + 540.0f, 360.0f) - 180.0f;
  camera_.yawDeg = cameraStart_.yawDeg + dyaw * s;
  camera_.pitchDeg = cameraStart_.pitchDeg + (cameraGoal_->pitchDeg - cameraStart_.pitchDeg) * s;
  camera_.target = cameraStart_.target + (cameraGoal_->target - cameraStart_.target) * s;
  if (cameraT_ >= 1.0f) cameraGoal_.reset();
}

void SceneView::draw(const Scene& scene, int fbWidth, int fbHeight, bool offscreen) {
  drewOffscreen_ = offscreen;
  if (offscreen) {
    // The run made the target this size before the frame (prepareOffscreen); a target it
    // could not make leaves nothing to draw into or to save.
    std::string error;
    if (!prepareOffscreen(fbWidth, fbHeight, error)) return;
    offscreen_.bind();
    offscreenUsed_ = true;
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fbWidth, fbHeight);
  }
  // HiDPI: line widths in framebuffer pixels follow the window's content scale; the
  // presentation theme thickens them further.
  const float scaleY = window_ != nullptr && !offscreen ? GuiWindow::contentScaleOf(window_) : 1.0f;
  ViewPass pass;
  pass.camera = camera_;
  pass.sizePx = glm::ivec2(fbWidth, fbHeight);
  pass.fbPerWindow = fbPerWindow_;
  pass.pixelScale = theme_.linePixelScale(std::max(scaleY, 1.0f), static_cast<float>(fbHeight));
  pass.background = glm::vec4(theme_.clear[0], theme_.clear[1], theme_.clear[2], 1.0f);
  pass.centerShift = glm::vec2(centerShift(), centerShiftY());
  pass.axesWidgetLeftPx = freeLeftPx_;
  // The canvas pictures of last frame: the axes widget goes up above one that reaches the
  // view's bottom-left corner (a small window).
  for (const std::optional<ScreenRect>& pic : {explorer_.canvasOverlayRect(), scenePicture_}) {
    if (pic) pass.axesWidgetKeepOff.push_back(ScreenRect{pic->lo * fbPerWindow_, pic->hi * fbPerWindow_});
  }
  drawPass(scene, pass);
  viewProj_ = renderer_.viewProj();
  // Where the focused pair is on screen: on a projector the labels keep off it (drawViewText).
  pairOnScreen_.clear();
  if (explorer_.hasFocus()) {
    for (int i : {explorer_.focusA, explorer_.focusB}) {
      if (i < 0 || i >= static_cast<int>(scene.shapes.size())) continue;
      glm::vec3 lo, hi;
      shapeBounds(scene.shapes[static_cast<size_t>(i)], lo, hi);
      ScreenRect r{glm::vec2(std::numeric_limits<float>::max()), glm::vec2(-std::numeric_limits<float>::max())};
      bool all = true;
      for (int c = 0; c < 8 && all; ++c) {
        glm::vec2 px;
        all = mapping().toPixel(glm::vec3(c & 1 ? hi.x : lo.x, c & 2 ? hi.y : lo.y, c & 4 ? hi.z : lo.z), px);
        r.lo = glm::min(r.lo, px / fbPerWindow_);
        r.hi = glm::max(r.hi, px / fbPerWindow_);
      }
      if (all) pairOnScreen_.push_back(r);  // (a shape partly behind the camera blocks nothing)
    }
  }
}

void SceneView::drawPass(const Scene& scene, const ViewPass& pass) {
  RenderSettings& rs = renderer_.settings();
  rs.pixelScale = pass.pixelScale;
  rs.background = pass.background;
  rs.centerShiftNdcX = pass.centerShift.x;
  rs.centerShiftNdcY = pass.centerShift.y;
  rs.axesWidgetLeftPx = pass.axesWidgetLeftPx;
  rs.axesWidgetKeepOff = pass.axesWidgetKeepOff;
  // Selection and hover by outline and brightness, overlap by dashed edges (and labels).
  styles_.assign(scene.shapes.size(), ShapeStyle{});
  for (size_t i = 0; i < scene.shapes.size(); ++i) {
    const bool selected = tools_.selection.contains(static_cast<int>(i));
    const bool hovered = tools_.hovered == static_cast<int>(i);
    // A figure leaves the selection's halo and brightness out unless asked, and the hover
    // always; the names shown stay those the screen shows.
    styles_[i].selected = selected && pass.selection;
    styles_[i].hovered = hovered && pass.hover;
    styles_[i].dashed = i < pairs_.overlapping().size() && pairs_.overlapping()[i];
    // A prediction about the focused pair is open: its shapes do not say they overlap.
    if (explorer_.predictHidesAnswer() &&
        (static_cast<int>(i) == explorer_.focusA || static_cast<int>(i) == explorer_.focusB)) {
      styles_[i].dashed = false;
    }
    styles_[i].dimmed = frustum_.dims(i);  // culled by the second camera
    // The mesh explorer draws the tree's boxes of the focused meshes, from the root's down:
    // the box of a mesh's bounds would drown them (lesson 12), and the root's box marks it.
    if (explorer_.hasFocus() && explorer_.trace().kind == ExplorerKind::MeshTree &&
        (static_cast<int>(i) == explorer_.focusA || static_cast<int>(i) == explorer_.focusB)) {
      styles_[i].boundsBox = false;
    }
    // The lab draws the mesh's own box (its "OBB (mesh box)", the same box) in the colour
    // its legend and a lesson name: the selection's box and halo would paint it over.
    if (bvLab_.active() && static_cast<int>(i) == bvLab_.shape()) styles_[i].boundsBox = false;
    styles_[i].label = showsShapeLabel(pairsPanel_.labelMode(), selected, hovered);
  }
  renderer_.draw(scene, pass.camera, pass.sizePx, styles_);
  const ViewMapping map{renderer_.viewProj(), glm::vec2(pass.sizePx)};
  const Palette& pal = paletteFor(glm::vec3(rs.background));
  // The lab's volumes around the selected mesh.
  drawBvLabOverlay(bvLab_, renderer_.overlay(),
                   BvLabOverlayView{renderer_.viewSetup(), map, scene.view == ViewMode::TwoD, rs.pixelScale}, pal);
  // The character's slide: its contacts' normals, v_n, v_t and the corrected move.
  drawCharacterOverlay(character_, scene, renderer_.overlay(),
                       CharacterOverlayView{map, pass.fbPerWindow, rs.pixelScale, &renderer_.labels()}, pal);
  // The second camera's frustum, its false positives and the traced shape's planes.
  drawFrustumOverlay(frustum_, scene, renderer_.overlay(), &renderer_.labels(), FrustumOverlayView{map, rs.pixelScale},
                     pal);
  // The pipeline's dynamic tree, one level, with the selected shape's query path over it.
  const PipelineSectionState& pipe = pairsPanel_.pipelineSection();
  if (pipe.drawTree) {
    drawTreeOverlay(treePicture(pairs_.pipeline(), pipe.treeLevel, tools_.selection.primary()), renderer_.overlay(),
                    rs.pixelScale);
  }
  // The explorer's pictures, then the gizmo: on top of the scene.
  explorer_.drawOverlay(renderer_.overlay(), scene, map, pass.camera, pass.fbPerWindow, &renderer_.labels());
  drawEngineContact();
  // The separating plane and the two edges of a cross axis, as a teacher draws them; not
  // while a prediction is open (they would give the answer away), nor while the explorer
  // shows the pair between frames (the plane is this frame's).
  if (explorer_.hasFocus() && !explorer_.predictHidesAnswer() && !explorer_.showsBetweenFrames()) {
    BoardOptions board;
    board.step = explorer_.step;
    // A lesson shows the plane when the student steps to the axis that separates; elsewhere
    // the answer's plane is shown whatever the step.
    board.revealResult = !teaching_;
    board.pixelScale = rs.pixelScale;
    board.background = glm::vec3(rs.background);
    drawBoardPictures(renderer_.overlay(), renderer_.overlayFills(), renderer_.labels(), map, scene, explorer_.trace(),
                      board);
  }
  if (pass.gizmo) {
    // The gizmo's handles keep the labels off them.
    const size_t toolsFirst = renderer_.overlay().size();
    tools_.drawOverlay(renderer_.overlay(), scene, map, pass.camera);
    renderer_.labels().blockLines(renderer_.overlay().lines(), toolsFirst, renderer_.viewProj(), renderer_.viewportPx(),
                                  4.0f);
  }
  // The explorer's numbers keep off the focused pair's solid shapes, so that neither a
  // number nor a stack of them hides the shapes they are about (lesson 6's push arrow label
  // on box B, lesson 5's t1 and t2 on the box); a leader line ties each to its point.
  if (explorer_.hasFocus()) renderer_.labels().keepClear(pairScreenRects(scene, map), kExplorerLabelPriority);
  renderer_.flushOverlay();
}

std::vector<ScreenRect> SceneView::pairScreenRects(const Scene& scene, const ViewMapping& view) const {
  std::vector<ScreenRect> out;
  for (const int index : {explorer_.focusA, explorer_.focusB}) {
    if (index < 0 || index >= static_cast<int>(scene.shapes.size())) continue;
    const SceneShape& s = scene.shapes[static_cast<size_t>(index)];
    // Boxes by their corners, a sphere by its bounding box's, a triangle by its corners; a
    // segment, a capsule or a mesh is left out (a slanted segment's or capsule's screen box
    // is mostly empty, and a mesh pair's cover most of the view).
    std::vector<glm::vec3> pts = supportPoints(s);
    if (const auto* b = std::get_if<Sphere>(&s.geometry)) {
      for (int i = 0; i < 8; ++i) {
        pts.push_back(b->center +
                      b->radius * glm::vec3((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f));
      }
    } else if (const auto* t = std::get_if<Triangle>(&s.geometry)) {
      pts = {t->a, t->b, t->c};
    } else if (std::holds_alternative<Segment>(s.geometry)) {
      continue;
    }
    ScreenRect r{glm::vec2(1e30f), glm::vec2(-1e30f)};
    int placed = 0;
    for (const glm::vec3& p : pts) {
      glm::vec2 px;
      if (!view.toPixel(p, px)) continue;
      r.lo = glm::min(r.lo, px);
      r.hi = glm::max(r.hi, px);
      ++placed;
    }
    if (placed == static_cast<int>(pts.size()) && placed > 0) out.push_back(r);
  }
  return out;
}

void SceneView::drawViewText(const std::optional<ScreenRect>& picture) {
  scenePicture_ = picture;
  // Labels keep off every window that was on screen last frame (the docked panels, the menu
  // bar, the step bar, a dialog): the view's labels are drawn before this frame's windows.
  blocked_.clear();
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  for (const ImGuiWindow* w : g.Windows) {
    // A child window lies inside its parent; a popup (a dialog, the work's indicator, a menu)
    // has a parent too, but is drawn over everything.
    if (!w->WasActive || w->Hidden || (w->ParentWindow != nullptr && !(w->Flags & ImGuiWindowFlags_Popup))) continue;
    if (w->Flags & ImGuiWindowFlags_Tooltip) continue;
    blocked_.push_back(
        ScreenRect{glm::vec2(w->Pos.x, w->Pos.y), glm::vec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y)});
  }
  // And the explorer's picture on the canvas (drawn into the background list, not a window).
  if (const std::optional<ScreenRect> pic = explorer_.canvasOverlayRect()) blocked_.push_back(*pic);
  // On a projector the labels keep off the focused pair too: the two shapes are the lesson,
  // and the labels of the shapes around them (a written lesson's neighbours) sat on them.
  if (presentation_) blocked_.insert(blocked_.end(), pairOnScreen_.begin(), pairOnScreen_.end());
  renderer_.labels().setWatchedRects(pairOnScreen_);
  if (picture) blocked_.push_back(*picture);
  renderer_.labels().setBlockedRects(blocked_);
  renderer_.drawLabels(ImGui::GetBackgroundDrawList(), fbPerWindow_);
  drawBudgetNote(picture);
}

void SceneView::drawBudgetNote(const std::optional<ScreenRect>& picture) const {
  // Said on screen, so that a crowd drawn by its edges alone is not taken for a bug.
  const RenderCounts& c = renderer_.counts();
  if (c.fillsOverBudget == 0 && c.dotsOverBudget == 0) return;
  char text[400];
  std::snprintf(text, sizeof text,
                trn("Simplified to stay fast: %zu shape without surfaces, %zu as dots",
                    "Simplified to stay fast: %zu shapes without surfaces, %zu as dots",
                    static_cast<long long>(c.fillsOverBudget)),
                c.fillsOverBudget, c.dotsOverBudget);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // At most half the window wide (it wraps), at the bottom right: free of the panels' default
  // places, the axes widget and the Tab hint; above a canvas picture that sits there.
  const float wrap = vp->WorkSize.x * 0.5f;
  const ImVec2 size = ImGui::CalcTextSize(text, nullptr, false, wrap);
  float bottom = vp->WorkPos.y + vp->WorkSize.y;
  for (const std::optional<ScreenRect>& pic : {explorer_.canvasOverlayRect(), picture}) {
    if (pic && pic->hi.y > bottom - size.y - 24.0f && pic->hi.x > vp->WorkPos.x + vp->WorkSize.x - size.x - 24.0f) {
      bottom = std::min(bottom, pic->lo.y);
    }
  }
  const ImVec2 at(vp->WorkPos.x + vp->WorkSize.x - size.x - 16.0f, bottom - size.y - 12.0f);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  dl->AddRectFilled(ImVec2(at.x - 8.0f, at.y - 4.0f), ImVec2(at.x + size.x + 8.0f, at.y + size.y + 4.0f),
                    ImGui::ColorConvertFloat4ToU32(ImVec4(bg.x, bg.y, bg.z, 0.9f)), 4.0f);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, ImGui::GetColorU32(ImGuiCol_Text), text, nullptr, wrap);
}

PlacementView SceneView::placementView() const {
  PlacementView v;
  v.centre = camera_.target;
  // The ground directions: the screen's right, and away from the viewer (the camera's
  // forward on the ground; looking straight down, the screen's up).
  const glm::vec3 f = camera_.forward();
  v.right = glm::cross(f, glm::vec3(0.0f, 0.0f, 1.0f));
  v.ahead = glm::vec3(f.x, f.y, 0.0f);
  if (glm::length(v.ahead) < 1e-3f) v.ahead = glm::cross(glm::vec3(0.0f, 0.0f, 1.0f), v.right);
  v.viewProj = viewProj_;
  // The free area in NDC, a twentieth of it in from each side.
  const glm::vec2 size = glm::max(viewport_, glm::vec2(1.0f));
  const glm::vec2 lo(freeLeftPx_ / size.x * 2.0f - 1.0f, 1.0f - freeBottomPx_ / size.y * 2.0f);
  const glm::vec2 hi(freeRightPx_ / size.x * 2.0f - 1.0f, 1.0f - freeTopPx_ / size.y * 2.0f);
  const glm::vec2 inset = (hi - lo) * 0.05f;
  v.ndcLo = lo + inset;
  v.ndcHi = hi - inset;
  return v;
}

LessonState SceneView::lessonStateNow(const Scene& scene, bool cameraOnPair) const {
  LessonState s;
  const int n = static_cast<int>(scene.shapes.size());
  if (explorer_.hasFocus() && explorer_.focusA < n && explorer_.focusB < n) {
    s.focus = {scene.shapes[static_cast<size_t>(explorer_.focusA)].name,
               scene.shapes[static_cast<size_t>(explorer_.focusB)].name};
    s.step = explorer_.step;
    s.fullMode = explorer_.options.mode == SatMode::Full;
    s.epsilon = explorer_.options.epsilon;
    // The slab-or-six-axes choice means something only for a slab test with a SAT twin.
    if (explorer_.trace().satTwin != TestId::None) s.preferSlab = explorer_.options.preferSlab;
    if (explorer_.trace().kind == ExplorerKind::Sat && explorer_.options.minkowski) s.minkowski = true;
  } else if (tools_.selection.shapes.size() == 1 && tools_.selection.shapes[0] >= 0 && tools_.selection.shapes[0] < n) {
    s.select = scene.shapes[static_cast<size_t>(tools_.selection.shapes[0])].name;
  }
  s.yawDeg = camera_.yawDeg;
  s.pitchDeg = camera_.pitchDeg;
  // Framing divides by the share of the height left free; the lesson keeps the whole window's.
  s.distance = camera_.distance * std::clamp(tools_.frameHeightShare, 0.1f, 1.0f);
  s.target = camera_.target;
  if (cameraOnPair && s.focus.size() == 2) {
    OrbitCamera onPair = camera_;
    ViewportTools::frameShapes(scene, {explorer_.focusA, explorer_.focusB}, onPair,
                               viewport_.x / std::max(viewport_.y, 1.0f));
    s.distance = onPair.distance;
    s.target = onPair.target;
  }
  // The labels and the lab's volumes as they are, when they differ from a new scene's.
  const ShapeLabels labels = pairsPanel_.labelMode();
  if (labels != ShapeLabels::All) {
    s.labels = labels == ShapeLabels::None ? LessonLabels::None : LessonLabels::Selected;
  }
  if (bvLab_.active() && std::find(bvLab_.shown.begin(), bvLab_.shown.end(), false) != bvLab_.shown.end()) {
    std::vector<std::string> volumes;
    for (LabRow row : kAllLabRows) {
      if (bvLab_.shown[static_cast<size_t>(row)]) volumes.push_back(labRowKey(row));
    }
    s.volumes = std::move(volumes);
  }
  return s;
}

bool SceneView::prepareOffscreen(int width, int height, std::string& error) {
  if (offscreen_.width() == width && offscreen_.height() == height && width > 0) return true;
  offscreenUsed_ = false;
  return offscreen_.create(width, height, 4, error);
}

bool SceneView::writeScreenshot(const std::string& path, std::string& error) {
  if (!offscreenUsed_ || offscreen_.width() <= 0) {
    error = path + ": not written: no offscreen image was drawn";
    return false;
  }
  return writePng(path, offscreen_.width(), offscreen_.height(), offscreen_.readRgba(), error,
                  NonRegularTarget::WriteInPlace);
}

std::vector<std::uint8_t> SceneView::captureRgba(int width, int height, bool offscreen) {
  if (offscreen) return offscreen_.readRgba();
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  return readFramebufferRgba(width, height);
}

std::string SceneView::axesWidgetReport() const {
  const ScreenRect& r = renderer_.axesWidgetRect();
  if (!(r.hi.x > r.lo.x)) return "axes widget: none";
  char buf[96];
  std::snprintf(buf, sizeof buf, "axes widget at %.0f,%.0f to %.0f,%.0f", static_cast<double>(r.lo.x / fbPerWindow_.x),
                static_cast<double>(r.lo.y / fbPerWindow_.y), static_cast<double>(r.hi.x / fbPerWindow_.x),
                static_cast<double>(r.hi.y / fbPerWindow_.y));
  return buf;
}

std::string SceneView::focusedPairReport() {
  if (pairOnScreen_.empty()) return "focused pair on screen: none";
  ScreenRect all = pairOnScreen_.front();
  for (const ScreenRect& r : pairOnScreen_) {
    all.lo = glm::min(all.lo, r.lo);
    all.hi = glm::max(all.hi, r.hi);
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "focused pair on screen: %.0f,%.0f to %.0f,%.0f, labels on it: %zu",
                static_cast<double>(all.lo.x), static_cast<double>(all.lo.y), static_cast<double>(all.hi.x),
                static_cast<double>(all.hi.y), renderer_.labels().drawnOverWatched());
  return buf;
}

std::vector<SceneView::ShapeOnScreen> SceneView::shapesOnScreen(const Scene& scene) const {
  std::vector<ShapeOnScreen> out;
  const ViewMapping view = mapping();
  for (const SceneShape& s : scene.shapes) {
    glm::vec2 px;
    if (!view.toPixel(shapeCenter(s), px)) continue;
    out.push_back(ShapeOnScreen{s.name, px / fbPerWindow_, s.color});
  }
  return out;
}

std::string SceneView::shapePositions(const Scene& scene) const {
  std::string out;
  const ViewMapping view = mapping();
  for (const SceneShape& s : scene.shapes) {
    glm::vec2 px;
    if (!view.toPixel(shapeCenter(s), px)) continue;
    char buf[160];
    std::snprintf(buf, sizeof buf, "satlab: shape %s at %.0f,%.0f\n", s.name.c_str(), px.x / fbPerWindow_.x,
                  px.y / fbPerWindow_.y);
    out += buf;
  }
  return out;
}

}  // namespace satlab

namespace satlab {

void SceneView::drawEngineContact() {
  if (!engineContact_ || (engineContact_->points.empty() && engineContact_->normal == glm::vec3(0.0f))) return;
  // Magenta, apart from satlab's own colours: each point a dot in a dark ring, the normal a
  // dashed arrow from the points' middle, a tenth of the camera's distance long.
  const float px = renderer_.settings().pixelScale;
  const glm::vec4 color(0.9f, 0.2f, 0.9f, 1.0f), ring(0.1f, 0.0f, 0.1f, 1.0f);
  glm::vec3 middle(0.0f);
  for (const glm::vec3& p : engineContact_->points) {
    renderer_.overlay().addPoint(p, ring, 13.0f * px);
    renderer_.overlay().addPoint(p, color, 9.0f * px);
    middle += p;
  }
  if (!engineContact_->points.empty()) middle /= static_cast<float>(engineContact_->points.size());
  if (engineContact_->normal != glm::vec3(0.0f)) {
    const glm::vec3 tip = middle + glm::normalize(engineContact_->normal) * (0.1f * camera_.distance);
    renderer_.overlay().addArrow(middle, tip, color, 2.5f * px, 0.0f, 7.0f * px);
    // TRANSLATORS: a label in the view: the contact normal a recording's engine reported
    renderer_.addLabel(tip, tr("engine normal"), color, 1);
  } else {
    // TRANSLATORS: a label in the view: the contact point a recording's engine reported
    renderer_.addLabel(middle, tr("engine contact"), color, 1);
  }
}

}  // namespace satlab
