// Zero-size shapes: a box with no extent, a sphere of radius 0, a segment whose ends meet.
// They have no edges or surface to draw, so the view shows each as a marker of a fixed
// size on screen (an x in the shape's colour over a thin outline), whatever the zoom.
#pragma once

#include "document/scene.hpp"
#include "render/line_batch.hpp"

#include <glm/glm.hpp>

namespace satlab {

/// Half the width of a zero-size shape's marker, in logical pixels (the x is twice this
/// across), before the pixel scale.
inline constexpr float kMarkerArmPx = 9.0f;

/// True when the shape has no extent to draw: a box whose half extents are all 0 (in the
/// 2D view, `flat`, its first two: the third is not seen), a sphere of radius 0 (or less),
/// a segment whose two ends are the same point. A flat box (one or two extents 0) is not:
/// its edges still show.
bool isZeroSize(const ShapeGeometry& g, bool flat);

/// Queues the marker of a point at `p`: an x whose arms reach `armPx` framebuffer pixels
/// along the screen diagonals, `widthPx` wide, in `color`. `right` and `up` are the
/// camera's unit screen axes in world space; `worldPerPx` is the world length of one
/// framebuffer pixel at `p`. Where that length is lost in rounding (a point far from the
/// origin) the x shrinks to a dot. The renderer draws it three times: the selection halo
/// and a thin outline (in a batch without depth writes, under it), then the x itself.
void addPointMarker(LineBatch& lines, const glm::vec3& p, const glm::vec3& right, const glm::vec3& up, float worldPerPx,
                    float armPx, float widthPx, const glm::vec4& color);

}  // namespace satlab
