// satlab collision core: every convex shape as GJK and EPA see it, through its support
// function.
//
// The support point of a convex set C in a direction d is a point of C farthest along d,
// s_C(d) = a point x of C with d . x as large as any (Ericson, Real-Time Collision Detection
// (2005), 9.5 "The Gilbert-Johnson-Keerthi Algorithm"). GJK and EPA (gjk.hpp) touch a shape
// only through it, which is why one pair of algorithms serves every pair of convex shapes.
//
// Each shape of the core is a polytope, its core, grown by a radius:
//   AABB, OBB   the 8 corners, radius 0
//   segment     the 2 end points, radius 0
//   triangle    the 3 corners, radius 0
//   sphere      the centre, radius r
//   capsule     the 2 ends of its core segment, radius r
//   hull        its points, radius 0
// The support of a polytope is the point with the largest dot product (a hull's support
// looks at every point: a hull of n points costs n dot products). GJK and EPA run on the
// cores and the radii are added at the end, so a sphere or a capsule needs no curved
// support: a sphere-swept volume's tests are its core's distance against the radii (Ericson
// 4.5.1, "Sphere-swept Volumes"), and GJK on polytopes ends in finitely many steps where on
// a curved support it would only converge.
#pragma once

#include <array>
#include <cstddef>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// A convex shape as GJK sees it: the hull of its core points, grown by `radius`. A shape of
/// at most 8 points keeps them (`own`); a hull's points stay in its ConvexHull, which must
/// outlive this view (`shared`). Copying is safe either way.
struct ConvexShape {
  std::array<glm::vec3, 8> own{};
  int ownCount = 0;
  const glm::vec3* shared = nullptr;
  std::size_t sharedCount = 0;
  float radius = 0.0f;

  const glm::vec3* points() const { return shared ? shared : own.data(); }
  std::size_t count() const { return shared ? sharedCount : static_cast<std::size_t>(ownCount); }
};

/// The core's point farthest along d (the first of equals), by index into points(). An empty
/// shape has none: 0 is returned and the caller must not use it (convexContact refuses
/// empty shapes before asking).
inline std::size_t supportIndex(const ConvexShape& s, const glm::dvec3& d) {
  const glm::vec3* p = s.points();
  const std::size_t n = s.count();
  std::size_t best = 0;
  double bestDot = n > 0 ? glm::dot(d, glm::dvec3(p[0])) : 0.0;
  for (std::size_t i = 1; i < n; ++i) {
    const double dot = glm::dot(d, glm::dvec3(p[i]));
    if (dot > bestDot) {
      bestDot = dot;
      best = i;
    }
  }
  return best;
}

namespace detail {
inline ConvexShape convexBox(const glm::vec3& center, const glm::mat3& axes, const glm::vec3& half) {
  ConvexShape s;
  s.ownCount = 8;
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 sign((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f);
    s.own[static_cast<std::size_t>(i)] = center + axes * (sign * half);
  }
  return s;
}
}  // namespace detail

inline ConvexShape convexOf(const Aabb& b) { return detail::convexBox(b.center, glm::mat3(1.0f), b.half); }
inline ConvexShape convexOf(const Obb& b) { return detail::convexBox(b.center, b.axes, b.half); }
inline ConvexShape convexOf(const Sphere& s) {
  ConvexShape c;
  c.own[0] = s.center;
  c.ownCount = 1;
  c.radius = s.radius;
  return c;
}
inline ConvexShape convexOf(const Segment& s) {
  ConvexShape c;
  c.own[0] = s.p0;
  c.own[1] = s.p1;
  c.ownCount = 2;
  return c;
}
inline ConvexShape convexOf(const Triangle& t) {
  ConvexShape c;
  c.own[0] = t.a;
  c.own[1] = t.b;
  c.own[2] = t.c;
  c.ownCount = 3;
  return c;
}
/// A capsule is its core segment grown by its radius.
inline ConvexShape convexOf(const Capsule& k) {
  ConvexShape c = convexOf(k.segment());
  c.radius = k.radius;
  return c;
}
/// The hull's points are not copied: `h` must outlive the view.
inline ConvexShape convexOf(const ConvexHull& h) {
  ConvexShape c;
  c.shared = h.points.data();
  c.sharedCount = h.points.size();
  return c;
}
ConvexShape convexOf(const ConvexHull&& h) = delete;  // the view would outlive its points

}  // namespace satlab
