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

/// Relative width of the band of near-touching pairs no verdict is required for.
inline constexpr double kBand = 1e-4;

/// What the oracle says about a pair: overlapping (even shrunk by kBand they meet),
/// separated by more than kBand of their size, or in the band between.
enum class Truth { Overlap, Separated, Band };

struct Judged {
  Truth truth;
  double distance;
  double scale;  ///< 1 + both sizes: what kBand is relative to
};

inline Judged judge(const Hull& a, const Hull& b) {
  const double d = distance(a, b);
  const double scale = 1.0 + sizeOf(a) + sizeOf(b);
  if (d > kBand * scale) return {Truth::Separated, d, scale};
  if (d > 1e-12) return {Truth::Band, d, scale};
  const double ds = distance(shrunk(a, 1.0 - kBand), shrunk(b, 1.0 - kBand));
  return {ds <= 1e-12 ? Truth::Overlap : Truth::Band, d, scale};
}

}  // namespace satlab::oracle
