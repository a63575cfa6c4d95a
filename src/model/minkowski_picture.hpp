// The Minkowski difference A - B of a focused pair, as the GJK explorer and the SAT explorer
// draw it: the convex hull of every difference a - b of the two shapes' core points (the
// mesh layer's Qhull), its faces with their outward normals and, for two boxes, the SAT axis
// each face is. SAT and GJK meet here: the faces of A - B for two boxes are exactly SAT's
// 15 candidate axes (3 face normals of each box, 9 cross products of their edges), the
// support of A - B along a face's normal is that face's offset, and SAT's gap on an axis is
// the origin's distance outside the face along it.
//
// A flat difference (two shapes in one plane, a 2D scene's) is a polygon: its sides take the
// place of faces, their normals in the plane (a rectangle pair's A0, A1, B0, B1).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/results.hpp"
#include "satlab/collide/support.hpp"

namespace satlab {

struct MinkowskiFace {
  std::vector<glm::vec3> corners;  ///< the face's polygon in order round it (a side's two ends when flat)
  glm::vec3 normal{0.0f};          ///< outward unit normal (in the plane for a flat difference's side)
  /// n . p for p on the face: A - B's support along n. The origin lies outside the face by
  /// -offset (SAT's gap along n when positive) and inside by offset.
  float offset = 0.0f;
  /// Two boxes: the SAT axis whose direction the normal is (either sign); AxisId{} otherwise.
  AxisId axis{};
};

struct MinkowskiPicture {
  bool valid = false;
  bool flat = false;                            ///< a polygon (or less): sides instead of faces
  std::vector<glm::vec3> corners;               ///< the hull's corners
  std::vector<std::array<glm::vec3, 2>> edges;  ///< its edges (the folds between faces; a polygon's sides)
  std::vector<MinkowskiFace> faces;             ///< merged coplanar triangles (sides when flat)
  float rounding = 0.0f;                        ///< rA + rB: A - B is the hull grown by this
  std::size_t points = 0;                       ///< how many differences a - b were wrapped
};

/// Most differences a - b wrapped for a picture (a hull of 700 corners against a box).
inline constexpr std::size_t kMaxMinkowskiPoints = 6000;

/// The picture of A - B. `boxA` and `boxB`: the two boxes' axes when both are boxes (an AABB's
/// are the identity), to name each face's SAT axis. Invalid when either has no points or
/// there are more than kMaxMinkowskiPoints differences.
MinkowskiPicture minkowskiPicture(const ConvexShape& a, const ConvexShape& b, const glm::mat3* boxA = nullptr,
                                  const glm::mat3* boxB = nullptr);

/// The face of `picture` whose normal is `axis` (a SAT axis, unit, from A to B) or its
/// opposite, whichever the origin is farther outside of (or less deep inside): the face whose
/// offset is SAT's measure on that axis. -1 when none is.
int faceAlong(const MinkowskiPicture& picture, const glm::vec3& axis);

}  // namespace satlab
