#include "viewer.hpp"

#include "default_scene.hpp"
#include "render/wire_shapes.hpp"
#include "scene/scene_load.hpp"
#include "scene/scene_save.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

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
  scene_ = std::move(result.scene);
  sceneName_ = path.empty() ? "scenes/default.json" : path;
  return true;
}

bool Viewer::initGl(std::string& error) { return lines_.init(error) && overlay_.init(error); }

void Viewer::releaseGl() {
  lines_.release();
  overlay_.release();
  offscreen_.release();
}

void Viewer::update(int fbWidth, int fbHeight) {
  const float aspect = static_cast<float>(fbWidth) / static_cast<float>(fbHeight);
  if (!framed_) {
    if (scene_.view == ViewMode::TwoD) ViewportTools::setTopDown(camera_);
    ViewportTools::frameShapes(scene_, {}, camera_, aspect);
    framed_ = true;
  }
  const ImGuiIO& io = ImGui::GetIO();
  viewport_ = glm::vec2(static_cast<float>(fbWidth), static_cast<float>(fbHeight));
  fbPerWindow_ = glm::vec2(viewport_.x / std::max(io.DisplaySize.x, 1.0f), viewport_.y / std::max(io.DisplaySize.y, 1.0f));
  viewProj_ = camera_.projection(aspect) * camera_.view();
  bool changed = false, stepFinished = false;
  tools_.update(scene_, camera_, mapping(), fbPerWindow_, changed, stepFinished);
  if (changed) dirty_ = true;
  viewProj_ = camera_.projection(aspect) * camera_.view();
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

  // Gizmo and handles: always visible, drawn over the shapes.
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
  for (const SceneShape& s : scene_.shapes) {
    const glm::vec4 clip = viewProj_ * glm::vec4(labelAnchor(s.geometry), 1.0f);
    if (clip.w <= 1e-4f) continue;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    if (std::abs(ndc.x) > 1.2f || std::abs(ndc.y) > 1.2f) continue;
    const ImVec2 p((ndc.x * 0.5f + 0.5f) * viewport_.x / fbPerWindow_.x,
                   (0.5f - ndc.y * 0.5f) * viewport_.y / fbPerWindow_.y - 18.0f);
    const ImVec2 size = ImGui::CalcTextSize(s.name.c_str());
    const ImVec2 at(p.x - size.x * 0.5f, p.y);
    dl->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2),
                      IM_COL32(20, 22, 26, 190), 4.0f);
    dl->AddText(at, ImGui::ColorConvertFloat4ToU32(ImVec4(s.color.r, s.color.g, s.color.b, 1.0f)), s.name.c_str());
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
  panels_.drawShapeList(scene_, tools_.selection, sceneName_, camera_.target, edits);
  panels_.drawInspector(scene_, tools_.selection, edits);
  if (edits.frameSelection) {
    ViewportTools::frameShapes(scene_, tools_.selection.shapes, camera_, viewport_.x / std::max(viewport_.y, 1.0f));
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

}  // namespace satlab
