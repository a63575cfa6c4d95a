// satlab collision core: the verdicts, `overlaps(X, Y)` for every pair of Aabb, Obb, Sphere,
// Segment and Triangle, and of the 2D Rect2, OrientedRect2, Circle2 and Segment2, in both argument
// orders. The pair table of a satlab scene (src/evaluation/pair_table.hpp) decides each pair
// with the same test, so overlaps() is the app's verdict.
//
// Each overload returns the verdict of its pair's one test function, untraced (NoTrace):
// the same code the explorers step through, with the recording compiled out, and compiled
// so that nothing but the verdict is computed (overlaps.cpp). Contracts are those of the underlying
// tests: closed shapes (touching overlaps), zero extents / radius / length valid, no NaN
// for finite input; box–box tests use SatOptions' default epsilon (1e-6).
//
//   pair               test used
//   AABB–AABB          satAabbAabb            (the "Using AABB" tutorial)
//   AABB–OBB           satAabbObb             (the large-scene AABB/OBB blog post, 15 axes)
//   OBB–OBB            satObbObb              (Ericson 4.4.1)
//   AABB–segment       slabSegmentAabb        (the Recast & Detour slab post; satAabbSegment, the
//                                             6-axis SAT, agrees except within 1e-6 of touching)
//   OBB–segment        slabSegmentObb         (the same in the box frame)
//   AABB–sphere        closestSphereAabb      (Arvo)
//   OBB–sphere         closestSphereObb       (Arvo in the box frame)
//   sphere–sphere      sphereSphere
//   segment–sphere     segmentSphere          (quadratic; no square root for the verdict)
//   segment–segment    closestSegmentSegment  (Ericson 5.1.9; contact tolerance, see there)
//   rect–rect          satRectRect            (2D; collide2d.hpp for all of them)
//   rect–rotated rect  satRectOrientedRect
//   rotated–rotated    satOrientedRectOrientedRect
//   rect–segment       slabSegmentRect, slabSegmentOrientedRect for a rotated rect
//   rect–circle        closestCircleRect, closestCircleOrientedRect for a rotated rect
//   circle–circle      closestCircleCircle
//   circle–segment     closestCircleSegment
//   AABB–triangle      satAabbTriangle        (Akenine-Möller 2001, 13 axes)
//   OBB–triangle       satObbTriangle         (the same in the box frame)
//   sphere–triangle    closestSphereTriangle  (Ericson 5.1.5, the closest point)
//   segment–triangle   segmentTriangle        (Möller–Trumbore; closest points when parallel)
//   triangle–triangle  satTriangleTriangle    (11 axes, 17 for triangles in parallel planes)
//   capsule–X          capsuleSphere, capsuleCapsule, capsuleSegment, capsuleAabb, capsuleObb,
//                      capsuleTriangle (capsule.hpp: the distance of the core segment)
// The triangle tests report no overlap for non-finite input (triangle.hpp).
// (A 2D scene tests circle–segment and segment–segment pairs with the 3D tests on the
// shapes in the plane: the segment–sphere quadratic keeps its precision where the 2D
// closest point in float does not; see src/evaluation/pair_table.cpp.)
#pragma once

#include "satlab/collide/shapes.hpp"
#include "satlab/collide/shapes2d.hpp"

namespace satlab {

bool overlaps(const Aabb& a, const Aabb& b);
bool overlaps(const Aabb& a, const Obb& b);
bool overlaps(const Aabb& a, const Sphere& b);
bool overlaps(const Aabb& a, const Segment& b);
bool overlaps(const Obb& a, const Aabb& b);
bool overlaps(const Obb& a, const Obb& b);
bool overlaps(const Obb& a, const Sphere& b);
bool overlaps(const Obb& a, const Segment& b);
bool overlaps(const Sphere& a, const Aabb& b);
bool overlaps(const Sphere& a, const Obb& b);
bool overlaps(const Sphere& a, const Sphere& b);
bool overlaps(const Sphere& a, const Segment& b);
bool overlaps(const Segment& a, const Aabb& b);
bool overlaps(const Segment& a, const Obb& b);
bool overlaps(const Segment& a, const Sphere& b);
bool overlaps(const Segment& a, const Segment& b);

bool overlaps(const Aabb& a, const Triangle& b);
bool overlaps(const Obb& a, const Triangle& b);
bool overlaps(const Sphere& a, const Triangle& b);
bool overlaps(const Segment& a, const Triangle& b);
bool overlaps(const Triangle& a, const Aabb& b);
bool overlaps(const Triangle& a, const Obb& b);
bool overlaps(const Triangle& a, const Sphere& b);
bool overlaps(const Triangle& a, const Segment& b);
bool overlaps(const Triangle& a, const Triangle& b);

bool overlaps(const Capsule& a, const Aabb& b);
bool overlaps(const Capsule& a, const Obb& b);
bool overlaps(const Capsule& a, const Sphere& b);
bool overlaps(const Capsule& a, const Segment& b);
bool overlaps(const Capsule& a, const Triangle& b);
bool overlaps(const Capsule& a, const Capsule& b);
bool overlaps(const Aabb& a, const Capsule& b);
bool overlaps(const Obb& a, const Capsule& b);
bool overlaps(const Sphere& a, const Capsule& b);
bool overlaps(const Segment& a, const Capsule& b);
bool overlaps(const Triangle& a, const Capsule& b);

bool overlaps(const Rect2& a, const Rect2& b);
bool overlaps(const Rect2& a, const OrientedRect2& b);
bool overlaps(const Rect2& a, const Circle2& b);
bool overlaps(const Rect2& a, const Segment2& b);
bool overlaps(const OrientedRect2& a, const Rect2& b);
bool overlaps(const OrientedRect2& a, const OrientedRect2& b);
bool overlaps(const OrientedRect2& a, const Circle2& b);
bool overlaps(const OrientedRect2& a, const Segment2& b);
bool overlaps(const Circle2& a, const Rect2& b);
bool overlaps(const Circle2& a, const OrientedRect2& b);
bool overlaps(const Circle2& a, const Circle2& b);
bool overlaps(const Circle2& a, const Segment2& b);
bool overlaps(const Segment2& a, const Rect2& b);
bool overlaps(const Segment2& a, const OrientedRect2& b);
bool overlaps(const Segment2& a, const Circle2& b);

}  // namespace satlab
