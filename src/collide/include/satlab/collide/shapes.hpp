// satlab collision core: the bounding-volume value types.
//
// Frames and units: everything is in world space, in the scene's units. Shapes are closed
// sets: a point on the boundary belongs to the shape, so touching shapes overlap.
// Zero extents (flat or degenerate boxes), zero radius (a point sphere), zero-length
// segments (a point), capsules of zero length or zero radius and triangles without area (a segment or a point) are
// valid inputs for every test.
#pragma once

#include <vector>

#include <glm/glm.hpp>

namespace satlab {

/// Axis-aligned box stored as centre and half extents (the "Using AABB" tutorial: "centre P and extents E"),
/// with the min/max corner form derived on demand. Half extents are >= 0.
struct Aabb {
  glm::vec3 center{0.0f};
  glm::vec3 half{0.0f};

  glm::vec3 min() const { return center - half; }
  glm::vec3 max() const { return center + half; }
  /// The "Using AABB" tutorial: E = (max - min) / 2, P = min + E.
  static Aabb fromMinMax(const glm::vec3& lo, const glm::vec3& hi) {
    const glm::vec3 e = (hi - lo) * 0.5f;
    return Aabb{lo + e, e};
  }
};

/// Oriented box: centre, orthonormal axes (column i of `axes` is the box's unit local axis i
/// in world space) and half extents along those axes (>= 0).
struct Obb {
  glm::vec3 center{0.0f};
  glm::mat3 axes{1.0f};
  glm::vec3 half{0.0f};
};

/// Solid ball. radius >= 0.
struct Sphere {
  glm::vec3 center{0.0f};
  float radius = 0.0f;
};

/// The points p0 + t * (p1 - p0), t in [0, 1]. p0 == p1 is a point.
struct Segment {
  glm::vec3 p0{0.0f};
  glm::vec3 p1{0.0f};
};

/// The points within `radius` of the segment p0-p1 (its core): a cylinder capped by two
/// hemispheres. radius >= 0. p0 == p1 is a sphere; radius 0 is the segment itself.
struct Capsule {
  glm::vec3 p0{0.0f};
  glm::vec3 p1{0.0f};
  float radius = 0.0f;

  Segment segment() const { return Segment{p0, p1}; }
};

/// The flat, closed triangle a + u (b - a) + v (c - a), u, v >= 0, u + v <= 1: both sides
/// and the edges belong to it. Its edges are e0 = b - a, e1 = c - b, e2 = a - c, and its
/// normal n = e0 x e1 (= (b - a) x (c - a), so a, b, c run counter-clockwise seen from the
/// side n points to; the tests do not depend on the orientation). A triangle without area
/// (collinear vertices, or all three at one point) is valid: it is a segment or a point.
struct Triangle {
  glm::vec3 a{0.0f};
  glm::vec3 b{0.0f};
  glm::vec3 c{0.0f};
};

/// The convex hull of its points: the smallest convex set holding them all. Any points are
/// valid (repeated, inside the hull, all in a plane, on a line, one point); an empty hull
/// is not a shape, and the tests that take one (gjk.hpp) need at least one point. Only the
/// points are kept: GJK and EPA need nothing else (support.hpp); the faces a picture draws
/// are built outside the core (the mesh layer's Qhull).
struct ConvexHull {
  std::vector<glm::vec3> points;
};

/// The points origin + t * direction, t >= 0. direction need not be unit length; the
/// t values reported by ray queries are in units of |direction|.
struct Ray {
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0.0f, 0.0f, -1.0f};
};

}  // namespace satlab
