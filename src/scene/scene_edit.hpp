// Editing a scene by hand: new shapes with sensible defaults, unique names, duplicates.
// Plain data operations; the app wraps them into undoable steps.
#pragma once

#include "scene/scene.hpp"

#include <string>
#include <string_view>

namespace satlab {

/// `base` if no shape has that name, else `base_2`, `base_3`, ... (the first free one).
/// A trailing `_N` on `base` is replaced rather than extended, so duplicating "box_2"
/// gives "box_3", not "box_2_2".
std::string uniqueShapeName(const Scene& scene, std::string_view base);

/// A new shape of `kind` centred at `at`, one unit in size, named after its kind
/// ("box", "obb", "sphere", "segment") and coloured from the palette by its position.
/// In a 2D scene it lies in the XY plane.
SceneShape makeShape(const Scene& scene, ShapeKind kind, const glm::vec3& at);

/// A copy of `source` under a unique name, moved by `offset`.
SceneShape duplicateShape(const Scene& scene, const SceneShape& source, const glm::vec3& offset);

/// Moves a shape's geometry by `delta` (a segment moves both end points).
void translateShape(SceneShape& shape, const glm::vec3& delta);

/// The shape's reference point: the centre of a box or sphere, a segment's midpoint.
glm::vec3 shapeCenter(const SceneShape& shape);

/// World-space bounds [lo, hi] of a shape (an OBB's from |R|·e).
void shapeBounds(const SceneShape& shape, glm::vec3& lo, glm::vec3& hi);

/// True for a name the scene format accepts (see shapeNameProblem in scene.hpp).
bool isValidShapeName(std::string_view name);

}  // namespace satlab
