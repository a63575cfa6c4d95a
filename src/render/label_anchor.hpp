// Where a shape's name label is anchored in the 2D view: on the shape's own outline, not on
// its bounding box (a rotated rectangle's box reaches far above the rectangle itself).
#pragma once

#include "document/scene.hpp"

#include <glm/glm.hpp>

namespace satlab {

/// The point of the shape's outline in the XY plane straight above its centre (+Y), as
/// the 2D view draws it: a rectangle's (rotated or not) edge there, a circle's top, a
/// segment's midpoint (the segment is its own outline). z is the shape's centre's. A
/// rectangle of zero height (or one whose axes are degenerate) gives its centre; the point
/// is finite whenever the shape's numbers are.
glm::vec3 outlineTop2D(const SceneShape& shape);

}  // namespace satlab
