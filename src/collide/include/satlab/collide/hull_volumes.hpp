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

/// The polyhedron's volume (divergence theorem over its triangles); 0 when flat.
double polyhedronVolume(const ConvexPolyhedron& hull);

/// OBB from the area-weighted covariance of the hull's triangles (Gottschalk 2000; Ericson,
/// Real-Time Collision Detection, 4.4.3): each triangle's contribution weighted by its area,
/// so how finely a surface is tessellated cannot pull the axes. Extents from the hull's
/// vertices on those axes.
Obb obbFromHullAreaWeighted(const ConvexPolyhedron& hull);

/// The minimum-volume OBB of the hull (Jylanki 2015, "An Exact Algorithm for Finding Minimum
/// Oriented Bounding Boxes"). Flat and collinear hulls give flat boxes (zero extents on the
/// missing axes), never NaN.
Obb minimumObb(const ConvexPolyhedron& hull);

/// What minimumObb examined (for the benchmark, the tests and the docs).
struct MinimumObbStats {
  bool flat = false;         // the hull is flat: the rectangle in its plane only
  std::size_t faces = 0;     // flat faces tried flush with a box face
  std::size_t edges = 0;     // hull edges between faces that are not coplanar
  std::size_t families = 0;  // ranges of boxes with two sidepodal edges on adjacent faces
  std::size_t events = 0;    // points in those ranges where a third edge lies on a face
};
Obb minimumObb(const ConvexPolyhedron& hull, MinimumObbStats* stats);

/// The minimum enclosing sphere of the points (Welzl 1991, "Smallest enclosing disks (balls
/// and ellipsoids)"), exact up to rounding; it contains every point. No points: Sphere{}.
Sphere minimumSphere(const std::vector<glm::vec3>& points);

}  // namespace satlab
