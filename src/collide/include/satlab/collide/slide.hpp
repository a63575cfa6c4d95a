// satlab collision core: the contact a sliding character needs from a box test.
//
// Sliding along walls (the large-scene AABB/OBB blog post built it on its AABB and AABB-OBB
// tests) needs more than a verdict: for a character box that overlaps a wall, the direction
// that pushes it out (the contact normal) and how far (the depth). The separating-axis test
// already finds both: when no axis separates, the axis of least penetration is the
// shortest way out (for two boxes the shortest translation that separates them lies along
// one of the test's face or edge-edge axes). boxContact runs the library's own SAT test
// (satAabbAabb, satAabbObb, Ericson 4.4.1) and measures the depth on that axis again,
// without the test's epsilon, so that pushing the character by depth * normal leaves the
// two boxes exactly touching, up to float rounding of the new centre.
//
// Frames: world space. The character is an AABB (it does not turn); a wall is an AABB or
// an OBB. The normal is unit and points from the wall towards the character.
//
// Planar contacts (Contact2d): the 2D tests (collide2d.hpp, satRectRect,
// satRectOrientedRect) on the XY plane, z ignored, for a scene drawn in 2D; a wall OBB is
// read as a rectangle turned about Z by its first axis's direction in XY.
//
// Contracts: touching boxes (no gap, no overlap) give depth 0; a separated pair gives
// nullopt; zero half extents are valid; finite inputs give a finite, unit normal.
#pragma once

#include <optional>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// A character box overlapping a wall.
struct BoxContact {
  TestId test = TestId::None;  ///< the SAT test that ran (the character is its A, the wall its B)
  AxisId axis{};               ///< the least-penetration axis, named as the test names it
  glm::vec3 normal{0.0f};      ///< unit, from the wall towards the character (z = 0 in 2D)
  /// How far the character must move along `normal` to touch the wall without overlap:
  /// the overlap of the two boxes' projections onto the axis, measured in double (>= 0).
  float depth = 0.0f;
};

enum class ContactPlane { Space3d, Plane2d };

/// The contact of the character box `mover` with a wall, or nullopt when they are apart.
std::optional<BoxContact> boxContact(const Aabb& mover, const Aabb& wall, ContactPlane plane = ContactPlane::Space3d);
std::optional<BoxContact> boxContact(const Aabb& mover, const Obb& wall, ContactPlane plane = ContactPlane::Space3d);

/// The radius of box (axes, half) projected onto the unit direction n: sum_i h_i |n . axis_i|
/// (Ericson 4.4.1's r_A, r_B).
float projectedRadius(const glm::mat3& axes, const glm::vec3& half, const glm::vec3& n);

}  // namespace satlab
