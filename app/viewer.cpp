#include "viewer.hpp"

#include "default_scene.hpp"
#include "render/wire_shapes.hpp"
#include "scene/scene_load.hpp"
#include "ui/lesson_panel.hpp"
#include "scene/scene_edit.hpp"
#include "scene/scene_save.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

namespace {

constexpr float kShapeLineWidth = 2.5f;

glm::vec3 labelAnchor(const ShapeGeometry& g) {
  if (const auto* a = std::get_if<Aabb>(&g)) return a->center + glm::vec3(0, 0, a->half.z);
  if (const auto* o = std::get_if<Obb>(&g)) return o->center;
  if (const auto* s = std::get_if<Sphere>(&g)) return s->center + glm::vec3(0, 0, s->radius);
  const auto& seg = std::get<Segment>(g);
  return (seg.p0 + seg.p1) * 0.5f;
}

}  // namespace

bool Viewer::loadInitialScene(const std::string& path, std::string& error) {
  SceneLoadResult result = path.empty() ? parseScene(defaultSceneText(), "scenes/default.json") : loadScene(path);
  if (!result.ok()) {
    error = result.error->text();
    return false;
  }
  for (const SceneDiagnostic& w : result.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  setScene(std::move(result.scene), path.empty() ? "scenes/default.json" : path);
  return true;
}

void Viewer::setScene(Scene scene, const std::string& name) {
  scene_ = std::move(scene);
  sceneName_ = name;
  tools_.selection.clear();
  tools_.hovered = -1;
  explorer_.clearFocus();
  explorer_.options = ExplorerOptions{};
  framed_ = false;
  cameraGoal_.reset();
  camera_ = OrbitCamera{};
  dirty_ = false;
  // Which built-in lesson this is, by file name.
  lessonIndex_ = -1;
  const std::string file = name.substr(name.find_last_of('/') + 1);
  const std::vector<EmbeddedFile> lessons = embeddedLessons();
  for (size_t i = 0; i < lessons.size(); ++i) {
    if (lessons[i].name == file) lessonIndex_ = static_cast<int>(i);
  }
  std::vector<std::string> warnings;
  lesson_ = lessonOf(scene_, name, warnings);
  for (const std::string& w : warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.c_str());
}

void Viewer::applyLesson(float aspect) {
  if (!lesson_) return;
  const LessonState& l = *lesson_;
  if (l.focus.size() == 2) {
    const SceneShape* a = findShape(scene_, l.focus[0]);
    const SceneShape* b = findShape(scene_, l.focus[1]);
    const int ia = static_cast<int>(a - scene_.shapes.data()), ib = static_cast<int>(b - scene_.shapes.data());
    tools_.selection.shapes = {ia, ib};
    explorer_.focus(ia, ib);
  }
  if (l.fullMode) explorer_.options.mode = *l.fullMode ? SatMode::Full : SatMode::EarlyExit;
  if (l.epsilon) explorer_.options.epsilon = *l.epsilon;
  if (l.preferSlab) explorer_.options.preferSlab = *l.preferSlab;
  if (l.step) explorer_.step = *l.step;
  if (scene_.view == ViewMode::ThreeD) {
    if (l.yawDeg) camera_.yawDeg = *l.yawDeg;
    if (l.pitchDeg) camera_.pitchDeg = *l.pitchDeg;
    ViewportTools::frameShapes(scene_, {}, camera_, aspect);
  }
  if (l.distance) camera_.distance = *l.distance;
  if (l.target) camera_.target = *l.target;
}

void Viewer::openLesson(int index) {
  const std::vector<EmbeddedFile> lessons = embeddedLessons();
  if (index < 0 || index >= static_cast<int>(lessons.size())) return;
  const std::string name = "scenes/lessons/" + std::string(lessons[static_cast<size_t>(index)].name);
  SceneLoadResult r = parseScene(lessons[static_cast<size_t>(index)].text, name);
  if (!r.ok()) {
    std::fprintf(stderr, "satlab: %s\n", r.error->text().c_str());
    return;
  }
  setScene(std::move(r.scene), name);
}

bool Viewer::initGl(std::string& error) { return lines_.init(error) && overlay_.init(error); }

void Viewer::releaseGl() {
  lines_.release();
  overlay_.release();
  offscreen_.release();
}

void Viewer::update(int fbWidth, int fbHeight) {
  if (pendingLesson_ >= 0) {
    openLesson(pendingLesson_);
    pendingLesson_ = -1;
  }
  updateViewInsets(fbWidth, fbHeight);
  // Framing fits the band between the side panels; the projection keeps the window's aspect
  // and shifts the picture's centre into that band.
  const float aspect = std::max(freeRightPx_ - freeLeftPx_, 1.0f) / static_cast<float>(fbHeight);
  tools_.frameAspect = aspect;
  if (!framed_) {
    if (scene_.view == ViewMode::TwoD) ViewportTools::setTopDown(camera_);
    ViewportTools::frameShapes(scene_, {}, camera_, aspect);
    applyLesson(aspect);
    framed_ = true;
  }
  const ImGuiIO& io = ImGui::GetIO();
  viewport_ = glm::vec2(static_cast<float>(fbWidth), static_cast<float>(fbHeight));
  fbPerWindow_ = glm::vec2(viewport_.x / std::max(io.DisplaySize.x, 1.0f), viewport_.y / std::max(io.DisplaySize.y, 1.0f));
  viewProj_ = projection() * camera_.view();
  bool changed = false, stepFinished = false;
  tools_.update(scene_, camera_, mapping(), fbPerWindow_, changed, stepFinished);
  if (changed) dirty_ = true;
  syncFocusWithSelection();
  animateCamera(io.DeltaTime);
  viewProj_ = projection() * camera_.view();
  // Live verdicts for every pair, and the focused pair's traced test, after this frame's edits.
  pairs_.update(scene_);
  explorer_.update(scene_, io.DeltaTime, !io.WantCaptureKeyboard);
}

void Viewer::updateViewInsets(int fbWidth, int fbHeight) {
  (void)fbHeight;
  // The side panels of the previous frame: windows hugging the left or the right edge.
  const ImGuiIO& io = ImGui::GetIO();
  const float scale = io.DisplaySize.x > 0.0f ? static_cast<float>(fbWidth) / io.DisplaySize.x : 1.0f;
  const float width = io.DisplaySize.x;
  float left = 0.0f, right = width;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!w->WasActive || w->Hidden || w->Collapsed || w->ParentWindow != nullptr) continue;
    if (w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup | ImGuiWindowFlags_NoDecoration)) continue;
    const float x0 = w->Pos.x, x1 = w->Pos.x + w->Size.x;
    if (x1 < width * 0.45f) left = std::max(left, x1);
    if (x0 > width * 0.55f) right = std::min(right, x0);
  }
  // Never squeeze the view below a third of the window.
  if (right - left < width / 3.0f) left = 0.0f, right = width;
  freeLeftPx_ = left * scale;
  freeRightPx_ = right * scale;
}

glm::mat4 Viewer::projection() const {
  const float aspect = viewport_.x / std::max(viewport_.y, 1.0f);
  glm::mat4 shift(1.0f);
  // Clip-space x += s * w moves the image's centre to the middle of the free band.
  shift[3][0] = ((freeLeftPx_ + freeRightPx_) * 0.5f - viewport_.x * 0.5f) / (viewport_.x * 0.5f);
  return shift * camera_.projection(aspect);
}

void Viewer::syncFocusWithSelection() {
  // Two selected shapes (Ctrl-click) are the focused pair; the explorer follows the selection.
  const std::vector<int>& sel = tools_.selection.shapes;
  if (sel.size() == 2) {
    explorer_.focus(sel[0], sel[1]);
  } else if (sel.size() < 2 && explorer_.hasFocus()) {
    explorer_.clearFocus();
  }
}

void Viewer::animateCamera(float dt) {
  if (!cameraGoal_) return;
  cameraT_ = std::min(1.0f, cameraT_ + dt / 0.6f);
  const float s = cameraT_ * cameraT_ * (3.0f - 2.0f * cameraT_);  // smoothstep
  float dyaw = std::fmod(cameraGoal_->yawDeg - cameraStart_.yawDeg + 540.0f, 360.0f) - 180.0f;
  camera_.yawDeg = cameraStart_.yawDeg + dyaw * s;
  camera_.pitchDeg = cameraStart_.pitchDeg + (cameraGoal_->pitchDeg - cameraStart_.pitchDeg) * s;
  camera_.target = cameraStart_.target + (cameraGoal_->target - cameraStart_.target) * s;
  if (cameraT_ >= 1.0f) cameraGoal_.reset();
}

void Viewer::draw(int fbWidth, int fbHeight, bool offscreen) {
  if (offscreen) {
    if (offscreen_.width() != fbWidth || offscreen_.height() != fbHeight) {
      std::string error;
      if (!offscreen_.create(fbWidth, fbHeight, 4, error)) std::fprintf(stderr, "satlab: %s\n", error.c_str());
    }
    offscreen_.bind();
    offscreenUsed_ = true;
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fbWidth, fbHeight);
  }

  glClearColor(0.13f, 0.14f, 0.16f, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_MULTISAMPLE);

  // Ground grid first, sized to the framed region.
  const float gridExtent = std::max(10.0f, camera_.distance * 1.5f);
  const float gridStep = std::pow(10.0f, std::floor(std::log10(std::max(camera_.distance, 0.1f) / 4.0f)));
  addGrid(lines_, camera_.target, gridExtent, std::max(gridStep, 0.01f));
  glDepthMask(GL_FALSE);  // the grid never hides an edge lying on the ground
  lines_.flush(viewProj_, viewport_);
  glDepthMask(GL_TRUE);

  const glm::vec3 eye = camera_.eye();
  const glm::vec3 viewDir = camera_.forward();
  for (size_t i = 0; i < scene_.shapes.size(); ++i) {
    const SceneShape& s = scene_.shapes[i];
    // Selection and hover: wider, brighter edges in the shape's own colour.
    const bool selected = tools_.selection.contains(static_cast<int>(i));
    const bool hovered = tools_.hovered == static_cast<int>(i);
    const float width = kShapeLineWidth * (selected ? 1.8f : hovered ? 1.4f : 1.0f);
    const glm::vec4 color = selected || hovered ? glm::vec4(glm::min(glm::vec3(s.color) * 1.25f + 0.08f, 1.0f), 1.0f)
                                                : s.color;
    std::visit(
        [&](const auto& g) {
          using T = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<T, Aabb>) {
            addAabb(lines_, g, color, width);
          } else if constexpr (std::is_same_v<T, Obb>) {
            addObb(lines_, g, color, width);
          } else if constexpr (std::is_same_v<T, Sphere>) {
            addSphere(lines_, g, sphereSilhouette(g, eye, viewDir, camera_.orthographic), color, width);
          } else {
            addSegment(lines_, g, viewDir, color, width * 1.4f);
          }
        },
        s.geometry);
  }
  lines_.flush(viewProj_, viewport_);

  // Gizmo, handles and the explorer's pictures: always visible, drawn over the shapes.
  explorer_.drawOverlay(overlay_, scene_, mapping(), camera_, fbPerWindow_);
  tools_.drawOverlay(overlay_, scene_, mapping(), camera_);
  glDisable(GL_DEPTH_TEST);
  overlay_.flush(viewProj_, viewport_);
  glEnable(GL_DEPTH_TEST);

  // The world-axes widget: a small fixed-size view in the lower left corner.
  const int widget = static_cast<int>(std::min(viewport_.x, viewport_.y) * 0.14f);
  glClear(GL_DEPTH_BUFFER_BIT);
  glViewport(8, 8, widget, widget);
  OrbitCamera axesCam = camera_;
  axesCam.target = glm::vec3(0.0f);
  axesCam.distance = 3.2f;
  axesCam.orthographic = false;
  addAxes(lines_, glm::vec3(0.0f), 1.0f, 3.0f);
  lines_.flush(axesCam.projection(1.0f) * axesCam.view(), glm::vec2(static_cast<float>(widget)));
  glViewport(0, 0, fbWidth, fbHeight);
  glDisable(GL_DEPTH_TEST);
}

void Viewer::drawLabels() {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  for (size_t i = 0; i < scene_.shapes.size(); ++i) {
    const SceneShape& s = scene_.shapes[i];
    const std::string text =
        i < pairs_.overlapping().size() && pairs_.overlapping()[i] ? s.name + "  (overlap)" : s.name;
    const glm::vec4 clip = viewProj_ * glm::vec4(labelAnchor(s.geometry), 1.0f);
    if (clip.w <= 1e-4f) continue;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f) continue;
    const ImVec2 p((ndc.x * 0.5f + 0.5f) * viewport_.x / fbPerWindow_.x,
                   (0.5f - ndc.y * 0.5f) * viewport_.y / fbPerWindow_.y - 18.0f);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 at(p.x - size.x * 0.5f, p.y);
    dl->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2),
                      IM_COL32(20, 22, 26, 190), 4.0f);
    dl->AddText(at, ImGui::ColorConvertFloat4ToU32(ImVec4(s.color.r, s.color.g, s.color.b, 1.0f)), text.c_str());
  }
  // The axes widget's letters.
  const float widget = std::min(viewport_.x, viewport_.y) * 0.14f;
  OrbitCamera axesCam = camera_;
  axesCam.target = glm::vec3(0.0f);
  axesCam.distance = 3.2f;
  axesCam.orthographic = false;
  const glm::mat4 vp = axesCam.projection(1.0f) * axesCam.view();
  const char* names[3] = {"X", "Y", "Z"};
  const ImU32 colors[3] = {IM_COL32(240, 70, 70, 255), IM_COL32(70, 210, 80, 255), IM_COL32(90, 130, 255, 255)};
  for (int i = 0; i < 3; ++i) {
    glm::vec3 tip(0.0f);
    tip[i] = 1.25f;
    const glm::vec4 c = vp * glm::vec4(tip, 1.0f);
    const glm::vec2 ndc = glm::vec2(c) / c.w;
    const ImVec2 p((8.0f + (ndc.x * 0.5f + 0.5f) * widget) / fbPerWindow_.x - 4.0f,
                   (viewport_.y - 8.0f - (ndc.y * 0.5f + 0.5f) * widget) / fbPerWindow_.y - 7.0f);
    dl->AddText(p, colors[i], names[i]);
  }
}

void Viewer::drawUi() {
  drawLabels();
  PanelEdits edits;
  panels_.drawToolbar(tools_.gizmo, scene_.view == ViewMode::TwoD, edits);
  panels_.showNotes = !lesson_ && lessonIndex_ < 0;
  panels_.drawShapeList(scene_, tools_.selection, sceneName_, camera_.target, edits);
  if (lesson_ || lessonIndex_ >= 0) {
    const int nav = drawLessonPanel(scene_, lessonIndex_, static_cast<int>(embeddedLessons().size()));
    if (nav != 0) pendingLesson_ = lessonIndex_ + nav;
  }
  panels_.drawInspector(scene_, tools_.selection, edits);
  int a = -1, b = -1;
  if (pairs_.drawPanel(scene_, explorer_.focusA, explorer_.focusB, a, b)) {
    tools_.selection.shapes = {a, b};
    explorer_.focus(a, b);
  }
  std::optional<CameraRequest> cameraRequest;
  std::optional<glm::vec3> moveB;
  explorer_.drawPanel(scene_, cameraRequest, moveB);
  if (cameraRequest) {
    cameraStart_ = CameraRequest{camera_.yawDeg, camera_.pitchDeg, camera_.target};
    cameraGoal_ = cameraRequest;
    cameraT_ = 0.0f;
  }
  if (moveB) {
    translateShape(scene_.shapes[static_cast<size_t>(explorer_.trace().shapeB)], *moveB);
    edits.changed = edits.stepFinished = true;
  }
  if (edits.frameSelection) {
    ViewportTools::frameShapes(scene_, tools_.selection.shapes, camera_, tools_.frameAspect);
  }
  if (edits.changed) dirty_ = true;
}

bool Viewer::writeScreenshot(const std::string& path, std::string& error) {
  if (!offscreenUsed_) {
    error = "no offscreen image to save";
    return false;
  }
  return writePng(path, offscreen_.width(), offscreen_.height(), offscreen_.readRgba(), error);
}

std::string Viewer::selectionText() const {
  std::string out;
  for (int i : tools_.selection.shapes) {
    if (i < 0 || i >= static_cast<int>(scene_.shapes.size())) continue;
    if (!out.empty()) out += ", ";
    out += scene_.shapes[static_cast<size_t>(i)].name;
  }
  return out.empty() ? "(none)" : out;
}

std::optional<std::string> Viewer::saveScene(const std::string& path) const { return satlab::saveScene(scene_, path); }

std::string Viewer::shapePositions() const {
  std::string out;
  const ViewMapping view = mapping();
  for (const SceneShape& s : scene_.shapes) {
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
