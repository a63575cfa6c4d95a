// satlab collision core: the bounding volumes built from a convex hull, and the minimum
// enclosing sphere.
//
// The hull itself is computed outside the core (src/mesh/convex_hull.hpp, with Qhull); the
// core takes it as plain data, so it stays C++17 + GLM only.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// A convex polyhedron as triangles: each triangle's vertices counter-clockwise seen from
/// outside. A flat point set gives the convex polygon in its plane as a fan of triangles
/// (volume 0); a collinear set gives its two end points and no triangles; a single point,
/// that point and no triangles; no points, nothing.
struct ConvexPolyhedron {
  std::vector<glm::dvec3> vertices;
  std::vector<std::array<std::uint32_t, 3>> triangles;
};

/// Everywhere below: triangles with an index out of range or without area are skipped, and
/// a vertex that is not finite gives the empty result (0, Obb{}, Sphere{}). Every box holds
/// every vertex as its float fields are read (|(v - center) . axis_i| <= half_i).

/// The polyhedron's volume (divergence theorem over its triangles); 0 when flat.
double polyhedronVolume(const ConvexPolyhedron& hull);

/// OBB from the area-weighted covariance of the hull's triangles (Gottschalk 2000; Ericson,
/// Real-Time Collision Detection, 4.4.3): each triangle's contribution weighted by its area,
/// so how finely a surface is tessellated cannot pull the axes. Extents from the hull's
/// vertices on those axes. Flat hulls are fine (zero extent across); no triangle with area
/// (collinear, one point): the box along the segment between the farthest vertices, or a
/// point box.
Obb obbFromHullAreaWeighted(const ConvexPolyhedron& hull);

/// The minimum-volume OBB of the hull (Jylanki 2015, "An Exact Algorithm for Finding Minimum
/// Oriented Bounding Boxes"): every box with a face flush with a hull face, and every
/// box of the families with two hull edges on adjacent faces at the points where a third
/// edge lies on a face. Exact, up to rounding, wherever Jylanki's conjecture holds (no
/// counterexample is known; the tests check it against an exhaustive search). The hull must
/// be closed and convex for the search; any input still gets a box that holds every
/// vertex. Flat hulls: the minimum rectangle in their plane, zero thickness; collinear
/// and one-point hulls: flat boxes; never NaN. Time: 0.6 to 0.9 s of CPU for 2,000 hull
/// vertices, about n^1.5 on round hulls (docs/algorithms.md).
Obb minimumObb(const ConvexPolyhedron& hull);

/// What minimumObb examined (for the benchmark, the tests and the docs).
struct MinimumObbStats {
  bool flat = false;         // the hull is flat: the rectangle in its plane only
  std::size_t faces = 0;     // flat faces tried flush with a box face
  std::size_t edges = 0;     // hull edges between faces that are not coplanar
  std::size_t families = 0;  // ranges of boxes with two sidepodal edges on adjacent faces
  std::size_t events = 0;    // walk steps in those ranges: a support changes (a third edge on a face)
};
Obb minimumObb(const ConvexPolyhedron& hull, MinimumObbStats* stats);

/// The minimum enclosing sphere of the points (Welzl 1991, "Smallest enclosing disks (balls
/// and ellipsoids)"), exact up to rounding, expected linear time; it contains every point
/// (the radius rounded up as boundingSphereRitter's). Duplicate, collinear and coplanar
/// points are fine. The same points always give the same sphere. No points: Sphere{}.
Sphere minimumSphere(const std::vector<glm::vec3>& points);

}  // namespace satlab
