// Test oracle: distance between convex shapes by GJK, in double precision, written
// independently of the code under test (no SAT, slabs or Arvo here).
//
// A shape is a "swept hull": the convex hull of up to 8 points, grown by a radius. Boxes are
// their 8 corners, segments their 2 endpoints, points and spheres 1 point (+ radius). The
// distance of two swept hulls is max(0, hull distance - rA - rB), and GJK on the hulls
// converges exactly (polytopes) instead of asymptotically (curved supports).
// Reference: Gilbert, Johnson & Keerthi, IEEE J. Robotics & Automation 4(2), 1988; the
// simplex sub-problem is solved here by enumerating faces, which is slow but simple.
#pragma once

#include <array>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab::oracle {

struct Hull {
  std::array<glm::dvec3, 8> points{};
  int count = 0;
  double radius = 0.0;
};

Hull hullOf(const Aabb& b);
Hull hullOf(const Obb& b);
Hull hullOf(const Sphere& s);
Hull hullOf(const Segment& s);
Hull hullOfPoint(const glm::vec3& p);

/// Euclidean distance between the two swept hulls; 0 when they intersect.
double distance(const Hull& a, const Hull& b);

/// Same hull scaled about its points' centroid by `factor` (radius scaled too): used to tell
/// a robust overlap (the shrunken shapes still meet) from a near-touching one.
Hull shrunk(const Hull& h, double factor);

/// A size for tolerances: the largest distance from the centroid to a point, plus radius.
double sizeOf(const Hull& h);

}  // namespace satlab::oracle
