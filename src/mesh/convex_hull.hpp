// The convex hull of a point set, computed by Qhull (the reentrant C library, qhull_r;
// Barber, Dobkin, Huhdanpaa 1996, "The Quickhull Algorithm for Convex Hulls").
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/hull_volumes.hpp"

namespace satlab {

/// How many dimensions the point set spans.
enum class HullDimension { Empty, Point, Segment, Polygon, Solid };

struct ConvexHullResult {
  /// As hull_volumes.hpp documents: a solid's triangles counter-clockwise seen from outside
  /// (Qhull's facets triangulated, option Qt, and each turned to face along Qhull's
  /// outward normal); a flat set's convex polygon in its plane as a fan of triangles,
  /// counter-clockwise about the plane's normal; a collinear set's two end points; a single
  /// point; nothing. Only the points on the hull are kept (in double).
  ConvexPolyhedron hull;
  HullDimension dimension = HullDimension::Empty;
  double volume = 0.0;  ///< Qhull's volume of a solid ('FA'); 0 when flat
};

/// The hull of `points` (finite, as validateMesh checks). A set is treated as flat when
/// all its points lie within 1e-6 of its extent (kHullFlatness) of a plane, collinear when
/// within that of a line, one point when all are equal: float coordinates carry about 6e-8
/// of relative rounding, so a plane tilted in floats is still a plane. Those cases are
/// handled without Qhull's 3-d hull (which stops on a flat initial simplex): the polygon is
/// Qhull's 2-d hull of the points in their plane. Qhull never prints (its messages go to
/// /dev/null) and never ends the process; should it still fail, the result falls back to
/// the next lower dimension, so the hull is never missing for a valid input.
ConvexHullResult convexHull(const std::vector<glm::vec3>& points);

/// Relative thickness below which a point set counts as flat (see convexHull).
inline constexpr double kHullFlatness = 1e-6;

}  // namespace satlab
