// Triangles for the triangle tests' property and exact tests: random float triangles (from
// random_shapes.hpp's seeded generator), and shapes on an integer grid for the exact oracle
// (exact_oracle.hpp), with their float counterparts.
#pragma once

#include <cstdint>
#include <random>

#include <glm/glm.hpp>

#include "exact_oracle.hpp"
#include "oracle_gjk.hpp"
#include "random_shapes.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab::testing {

/// The GJK oracle's hull of a triangle: its three vertices.
inline oracle::Hull hullOf(const Triangle& t) {
  oracle::Hull h;
  h.count = 3;
  h.points[0] = glm::dvec3(t.a);
  h.points[1] = glm::dvec3(t.b);
  h.points[2] = glm::dvec3(t.c);
  return h;
}

/// A random triangle around a centre in [-spread, spread]^3, its vertices within `size` of
/// it. 3% have no area (all three on a line), 2% are a point, 2% have two equal vertices.
inline Triangle triangle(ShapeGen& g, float spread = 1.5f, float size = 1.0f) {
  const glm::vec3 m = g.point(spread);
  Triangle t{m + g.point(size), m + g.point(size), m + g.point(size)};
  if (g.chance(0.03)) t.c = t.a + g.uniform(-1.5f, 1.5f) * (t.b - t.a);
  if (g.chance(0.02)) t.b = t.c = t.a;
  if (g.chance(0.02)) t.b = t.a;
  return t;
}

/// Shapes on the grid: coordinates are integers, and a float is the integer times kGrid
/// (a power of two, so the conversion is exact).
inline constexpr float kGrid = 1.0f / 16.0f;

inline glm::vec3 toFloat(const exact::IVec& v) {
  return glm::vec3(static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)) * kGrid;
}
inline Triangle toFloat(const exact::ITriangle& t) { return Triangle{toFloat(t.a), toFloat(t.b), toFloat(t.c)}; }
inline Segment toFloat(const exact::ISegment& s) { return Segment{toFloat(s.p0), toFloat(s.p1)}; }

class GridGen {
 public:
  explicit GridGen(std::uint64_t seed) : rng_(seed) {}

  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < p; }

  /// A point with coordinates in [-r, r].
  exact::IVec point(int r) { return {integer(-r, r), integer(-r, r), integer(-r, r)}; }

  /// A triangle in [-r, r]^3, small ranges giving many coincidences (shared vertices,
  /// touching, coplanar). 8% lie on a line, 3% are a point, 4% have two equal vertices.
  exact::ITriangle triangle(int r) {
    exact::ITriangle t{point(r), point(r), point(r)};
    if (chance(0.08)) t.c = t.a + (t.b - t.a) + (t.b - t.a);  // a, b, 2b - a
    if (chance(0.03)) t.b = t.c = t.a;
    if (chance(0.04)) t.c = t.b;
    return t;
  }

  exact::ISegment segment(int r) {
    exact::ISegment s{point(r), point(r)};
    if (chance(0.08)) s.p1 = s.p0;
    return s;
  }

  /// Puts every vertex in the plane z = z0 (or x = x0, y = y0): coplanar pairs.
  static void flatten(exact::IVec& v, int axis, int value) { (axis == 0 ? v.x : axis == 1 ? v.y : v.z) = value; }
  static void flatten(exact::ITriangle& t, int axis, int value) {
    flatten(t.a, axis, value);
    flatten(t.b, axis, value);
    flatten(t.c, axis, value);
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace satlab::testing
