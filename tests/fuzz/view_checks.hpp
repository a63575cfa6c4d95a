// What the view fuzz target checks on a loaded scene: the camera framed on the scene (and
// on each shape, as Home and F do), the lesson's camera, the world-to-pixel mappings and
// the label placement, with no GL: the GL-free sources src/render/camera.cpp,
// view_setup.cpp, label_layout.cpp and src/ui/picking.cpp are compiled into the target.
//
// The framing (Home, F), the label anchors and the lesson camera are the app's own
// functions from view_setup.cpp (frameShapes, shapeLabelAnchor, applyLessonCamera).
#pragma once

#include "document/lesson.hpp"
#include "document/scene.hpp"
#include "document/scene_edit.hpp"
#include "render/camera.hpp"
#include "render/label_layout.hpp"
#include "render/view_setup.hpp"
#include "ui/picking.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace satlab::fuzz {

/// At most this many shapes are framed one by one and projected per input.
inline constexpr std::size_t kMaxViewShapes = 24;

inline bool finite2(const glm::vec2& v) { return std::isfinite(v.x) && std::isfinite(v.y); }
inline bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
inline bool finiteMat(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(m[c][r])) return false;
    }
  }
  return true;
}

inline std::string str(const glm::vec3& v) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "(%g, %g, %g)", static_cast<double>(v.x), static_cast<double>(v.y),
                static_cast<double>(v.z));
  return buf;
}

/// The camera state checks: finite and usable.
inline std::string checkCamera(const OrbitCamera& c) {
  if (!finite3(c.target)) return "camera target not finite " + str(c.target);
  if (!std::isfinite(c.distance)) return "camera distance not finite";
  if (!std::isfinite(c.yawDeg) || !std::isfinite(c.pitchDeg)) return "camera angles not finite";
  return {};
}

/// One view of the scene: every point the app projects (shape centres, label anchors,
/// bounds corners) maps to a finite pixel or is rejected, by both mappings alike; the
/// pick ray through a few pixels is finite; picking and the pixel distance of segments
/// give numbers, not NaN; the label layout places labels inside the view.
inline std::string checkOneView(const Scene& scene, const OrbitCamera& camera, const glm::vec2& viewport,
                                const char* what) {
  const std::string where = std::string(what) + ", viewport " + std::to_string(static_cast<int>(viewport.x)) + "x" +
                            std::to_string(static_cast<int>(viewport.y)) + ": ";
  const std::string cam = checkCamera(camera);
  if (!cam.empty()) return where + cam;
  const bool flat = scene.view == ViewMode::TwoD;
  const ViewSetup setup = makeViewSetup(camera, scene.view, viewport.x / viewport.y);
  if (!finiteMat(setup.viewProj)) return where + "view-projection matrix not finite";
  const ViewMapping view{setup.viewProj, viewport};

  std::vector<LabelBox> labels;
  auto project = [&](const glm::vec3& world, const char* point, std::size_t shape, glm::vec2& px) -> std::string {
    glm::vec2 a(0.0f), b(0.0f);
    const bool okA = view.toPixel(world, a);
    const bool okB = projectToPixel(setup.viewProj, viewport, world, b);
    const std::string at =
        where + "shape " + std::to_string(shape) + " '" + scene.shapes[shape].name + "', " + point + " " + str(world);
    if (okA && !finite2(a)) return at + ": ViewMapping::toPixel accepted it at a non-finite pixel";
    if (okB && !finite2(b)) return at + ": projectToPixel accepted it at a non-finite pixel";
    if (okA != okB || (okA && a != b)) return at + ": ViewMapping::toPixel and projectToPixel disagree";
    px = a;
    return okA ? std::string() : std::string("rejected");
  };

  const std::size_t count = std::min(scene.shapes.size(), kMaxViewShapes);
  for (std::size_t i = 0; i < count; ++i) {
    const SceneShape& shape = scene.shapes[i];
    const glm::vec3 c = shapeCenter(shape);
    glm::vec3 lo, hi;
    shapeBounds(shape, lo, hi);
    glm::vec2 px;
    std::string p = project(c, "centre", i, px);
    if (!p.empty() && p != "rejected") return p;
    const glm::vec3 anchor = shapeLabelAnchor(shape, flat);
    p = project(anchor, "label anchor", i, px);
    if (!p.empty() && p != "rejected") return p;
    if (p.empty()) {
      LabelBox box;
      box.anchor = px - glm::vec2(0.0f, 4.0f);
      box.size = glm::vec2(std::min<float>(7.0f * static_cast<float>(shape.name.size()) + 8.0f, 2000.0f), 18.0f);
      box.priority = static_cast<int>(i % 3);
      labels.push_back(box);
    }
    for (int k = 0; k < 8; ++k) {
      const glm::vec3 corner((k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z);
      p = project(corner, "bounds corner", i, px);
      if (!p.empty() && p != "rejected") return p;
    }
    // What picking computes for thin shapes and the gizmo's reach: a number or "far".
    const float d = flat || i % 2 ? pixelDistanceToSegment(view, viewport * 0.5f, lo, hi)
                                  : pixelDistanceToSegment(view, viewport * 0.5f, c, c);
    if (std::isnan(d)) return where + "shape " + std::to_string(i) + ": pixelDistanceToSegment is NaN";
  }

  const glm::vec2 probes[] = {viewport * 0.5f, glm::vec2(0.0f), viewport,
                              glm::vec2(viewport.x * 0.25f, viewport.y * 0.75f)};
  for (const glm::vec2& px : probes) {
    const Segment ray = view.pickSegment(px);
    if (!finite3(ray.p0) || !finite3(ray.p1)) {
      return where + "pick ray through a pixel is not finite: " + str(ray.p0) + " - " + str(ray.p1);
    }
  }
  const PickHit hit = pickShape(scene, view, viewport * 0.5f, 6.0f);
  if (!std::isfinite(hit.t) || (hit.shape >= 0 && !finite3(hit.point))) return where + "pick result not finite";

  LabelPlacer placer;
  placer.place(labels, viewport, 4.0f, 60);
  for (const LabelBox& b : labels) {
    if (!b.visible) continue;
    if (!finite2(b.pos)) return where + "a label was placed at a non-finite position";
    const glm::vec2 room = glm::max(viewport - b.size, glm::vec2(0.0f));
    if (b.pos.x < 0.0f || b.pos.y < 0.0f || b.pos.x > room.x || b.pos.y > room.y) {
      return where + "a label was placed outside the view";
    }
  }
  return {};
}

/// LabelPlacer's own contract on anchors that a broken mapping could hand it: anchors
/// outside the view (a NaN or an infinity is not inside it) are not labelled; placed
/// labels lie in the view.
inline std::string checkLabelPlacerAnchors(const Scene& scene) {
  const float kOdd[] = {std::numeric_limits<float>::quiet_NaN(),
                        std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity(),
                        3.4e38f,
                        -3.4e38f,
                        1e-45f,
                        0.0f,
                        640.0f};
  std::vector<LabelBox> boxes;
  const std::size_t count = std::min(scene.shapes.size(), kMaxViewShapes);
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec3 c = shapeCenter(scene.shapes[i]);
    LabelBox b;
    // The shape's centre taken as a pixel (x, y), and an odd value in one coordinate.
    b.anchor = glm::vec2(c.x, c.y);
    if (i % 2) b.anchor[static_cast<int>(i / 2 % 2)] = kOdd[i / 4 % 8];
    b.size = glm::vec2(std::fabs(c.z) < 4000.0f ? std::fabs(c.z) : 40.0f, 18.0f);
    boxes.push_back(b);
  }
  const glm::vec2 view(1280.0f, 720.0f);
  LabelPlacer placer;
  placer.place(boxes, view, 4.0f, 60);
  for (const LabelBox& b : boxes) {
    if (!b.visible) continue;
    if (!finite2(b.anchor)) return "LabelPlacer placed a label for a non-finite anchor";
    if (!finite2(b.pos)) return "LabelPlacer placed a label at a non-finite position";
  }
  return {};
}

/// Empty when every view passes checkOneView: the scene framed (Home) in 3D and, for a 3D
/// scene, in orthographic projection too; each shape framed alone (F); the lesson's
/// camera as the app applies it; in a few viewport sizes.
inline std::string checkSceneViews(const Scene& scene) {
  const glm::vec2 viewports[] = {glm::vec2(1280.0f, 720.0f), glm::vec2(1.0f, 1.0f), glm::vec2(333.0f, 2000.0f)};
  std::vector<std::string> warnings;
  const std::optional<LessonState> lesson = lessonOf(scene, "fuzz", warnings);
  for (const glm::vec2& viewport : viewports) {
    const float aspect = viewport.x / viewport.y;
    OrbitCamera camera;
    frameShapes(scene, {}, camera, aspect);
    std::string p = checkOneView(scene, camera, viewport, "framed on the scene");
    if (!p.empty()) return p;
    if (scene.view == ViewMode::ThreeD) {
      camera.orthographic = true;
      p = checkOneView(scene, camera, viewport, "framed on the scene, orthographic");
      if (!p.empty()) return p;
    }
    const std::size_t count = std::min(scene.shapes.size(), kMaxViewShapes);
    for (std::size_t i = 0; i < count; ++i) {
      OrbitCamera one;
      frameShapes(scene, {static_cast<int>(i)}, one, aspect);
      p = checkOneView(scene, one, viewport, ("framed on shape " + std::to_string(i)).c_str());
      if (!p.empty()) return p;
    }
    if (lesson) {
      OrbitCamera l;
      applyLessonCamera(scene, *lesson, aspect, l);
      p = checkOneView(scene, l, viewport, "lesson camera");
      if (!p.empty()) return p;
    }
  }
  return checkLabelPlacerAnchors(scene);
}

}  // namespace satlab::fuzz
