// The matrices a frame is drawn with, for both view modes. Shared by the renderer and by
// code that must agree with it (picking, gizmos, tests that predict pixel positions).
#pragma once

#include "document/lesson.hpp"
#include "document/scene.hpp"
#include "render/camera.hpp"

#include <glm/glm.hpp>

#include <optional>
#include <vector>

namespace satlab {

struct ViewSetup {
  glm::mat4 view{1.0f};
  glm::mat4 proj{1.0f};
  glm::mat4 viewProj{1.0f};
  glm::vec3 eye{0.0f};
  glm::vec3 forward{0.0f, 0.0f, -1.0f};  // unit, from the eye into the scene
  bool orthographic = false;
};

/// ViewMode::ThreeD: the orbit camera as it is (perspective or orthographic).
/// ViewMode::TwoD: an orthographic top-down view of the XY plane (X right, Y up on screen)
/// centred on camera.target, `camera.distance * tan(fovY / 2)` world units from the centre
/// to the top edge; the camera's yaw, pitch and projection flag are ignored.
/// `aspect` is width / height of the viewport. `centerShiftNdcX` and `centerShiftNdcY` move
/// the picture's centre sideways and up (clip-space x += shift * w, y likewise) without
/// changing its aspect: into the part of the window the panels and overlays leave free.
ViewSetup makeViewSetup(const OrbitCamera& camera, ViewMode mode, float aspect, float centerShiftNdcX = 0.0f,
                        float centerShiftNdcY = 0.0f);

/// Pixels farther than this from the origin are not placed: past about 1e8, floats are
/// coarser than a pixel's fraction that anti-aliasing needs, and ImGui rounds coordinates
/// through 32-bit integers.
inline constexpr float kMaxPixelCoordinate = 1e8f;

/// World point -> framebuffer pixel (x right, y down, origin top-left) in a viewport of
/// `viewportPx`. Returns false (and leaves `px` alone) when the point cannot be placed: it
/// is behind the eye or on its plane, the input is not finite, or the pixel would be NaN,
/// infinite or farther than kMaxPixelCoordinate from the origin. Computed in double, so any
/// finite matrix and point give either false or a finite pixel. Pure: no GL, no ImGui.
bool projectToPixel(const glm::mat4& viewProj, const glm::vec2& viewportPx, const glm::vec3& world, glm::vec2& px);

/// Frames the camera on all shapes (`which` empty: Home) or on the listed ones (F): the
/// union of their bounds, then OrbitCamera::frame. A shape whose bounds overflow a float
/// cannot be framed and is left out; with nothing to frame, the cube [-2, 2]^3 is framed.
void frameShapes(const Scene& scene, const std::vector<int>& which, OrbitCamera& camera, float aspect);

/// Where a shape's name label hangs: above the shape, at the top of its bounds in 3D (z up),
/// a segment at its start p0; in 2D on its outline straight above its centre (outlineTop2D,
/// label_anchor.hpp).
glm::vec3 shapeLabelAnchor(const SceneShape& shape, bool flat);

/// The range a lesson's camera distance was kept within.
struct DistanceRange {
  float lo = 0.0f, hi = 0.0f;
};

/// A lesson's camera applied as the app opens the lesson: in a 3D scene its yaw and pitch,
/// then the scene framed; its target; its distance kept within 1/1000 to 1000 times the
/// distance that frames the scene (much nearer, and the far plane, 100 distances out, cuts
/// the scene away; much farther, and the scene is a dot); then OrbitCamera::clampToRange.
/// Returns the range when the lesson's distance lay outside it (the caller warns).
std::optional<DistanceRange> applyLessonCamera(const Scene& scene, const LessonState& lesson, float aspect,
                                               OrbitCamera& camera);

}  // namespace satlab
