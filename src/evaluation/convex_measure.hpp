// A pair's distance or depth by GJK and EPA (satlab/collide/gjk.hpp), beside its test of
// record: what `satlab check` reports for every pair of convex shapes, whichever test
// decided its verdict. Every shape but a mesh is convex.
//
// Orientation as in pair_eval.hpp: a is the pair's first shape, b its second, and the
// normal points from a to b.
//
// A 2D scene's pair is measured in its plane: each shape stands as a prism across the plane
// (its points at z = -h and z = +h, h larger than any depth in the plane), so that EPA's
// nearest face is never an end; the normal and the points come back with z = 0.
#pragma once

#include <optional>

#include "document/scene.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/support.hpp"

namespace satlab {

/// The shape's support view (support.hpp), or nullopt for a mesh and a hull without corners.
/// A hull's world corners are placed into `hull`, which the view refers to.
std::optional<ConvexShape> convexOfShape(const SceneShape& s, ConvexHull& hull);

/// GJK and EPA on the pair (a, b), or nullopt when either is not convex (a mesh). Finite
/// for a loaded scene's shapes.
std::optional<ConvexResult> measureConvexPair(const SceneShape& a, const SceneShape& b, ViewMode view);

}  // namespace satlab
