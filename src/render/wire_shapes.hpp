// Wire outlines of the collision core's shapes, added to a LineBatch. These draw the
// shapes as they are: no collision geometry is computed here.
#pragma once

#include "render/camera.hpp"
#include "render/line_batch.hpp"
#include "render/palette.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// Silhouette of a sphere seen from `eye` (perspective) or along `viewDir` (orthographic).
struct Silhouette {
  glm::vec3 center;
  glm::vec3 normal;  // unit, towards the viewer
  float radius;      // 0 when the eye is inside the sphere
};
Silhouette sphereSilhouette(const Sphere& s, const glm::vec3& eye, const glm::vec3& viewDir, bool orthographic);

/// The 12 edges of a box with centre `c`, unit axes (columns of `axes`) and half extents.
void addBoxEdges(LineBatch& batch, const glm::vec3& c, const glm::mat3& axes, const glm::vec3& half,
                 const glm::vec4& color, float widthPx, float dashPx = 0.0f);
/// A circle of radius r around `center` in the plane with unit normal `normal`.
void addCircle(LineBatch& batch, const glm::vec3& center, const glm::vec3& normal, float r, const glm::vec4& color,
               float widthPx, int segments = 64, float dashPx = 0.0f);
/// The four edges of the rectangle c ± u ± v (u, v: half sides).
void addRectangle(LineBatch& batch, const glm::vec3& c, const glm::vec3& u, const glm::vec3& v, const glm::vec4& color,
                  float widthPx, float dashPx = 0.0f);
/// Level of detail for a circle of `radiusPx` pixels on screen: enough segments that the
/// polygon strays at most 0.2 pixel from the true circle, between 8 and 160.
int circleSegmentsFor(float radiusPx);

/// A capsule's outline as seen along `viewDir` from `eye` (orthographic: along viewDir
/// alone): the two lines of the cylinder's sides and a half circle round each end, in the
/// plane through the axis facing the eye; `rings` adds the circles where the caps meet the
/// cylinder (3D). Looking along the axis it is the circle of the radius. In the 2D view,
/// viewDir = -Z: the stadium of the XY plane.
void addCapsuleOutline(LineBatch& batch, const Capsule& c, const glm::vec3& eye, const glm::vec3& viewDir,
                       bool orthographic, bool rings, const glm::vec4& color, float widthPx, int segments,
                       float dashPx = 0.0f);
/// The ground grid's spacing for a camera `distance` from `target`: the power of ten at or
/// below a quarter of the distance, so that between about 12 and 120 lines each way show at
/// any zoom (a scene 1e-4 across gets lines 1e-5 apart), and not finer than a tenth of the
/// smallest distance the camera resolves there (OrbitCamera::minDistanceAt).
float gridStepFor(float distance, const glm::vec3& target);
/// A square grid on the XY plane of half size `extent` with lines every `step`, centred on
/// (center.x, center.y) snapped to the step.
/// Line widths are multiplied by `pixelScale` (framebuffer pixels per logical pixel);
/// every fifth line (counted from the origin) is `major`, the others `minor`.
void addGrid(LineBatch& batch, const glm::vec3& center, float extent, float step, float pixelScale = 1.0f,
             const glm::vec4& minor = darkPalette().gridMinor, const glm::vec4& major = darkPalette().gridMajor);

}  // namespace satlab
