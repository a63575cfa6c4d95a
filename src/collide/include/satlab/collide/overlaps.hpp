// satlab collision core: the boolean fast path, `overlaps(X, Y)` for every pair of
// Aabb, Obb, Sphere and Segment, in both argument orders.
//
// Each overload returns the verdict of its pair's one test function, untraced (NoTrace):
// the same code the explorers step through, with the recording compiled out; the compiler
// drops what only the unused result fields need. Contracts are those of the underlying
// tests: closed shapes (touching overlaps), zero extents / radius / length valid, no NaN
// for finite input; box–box tests use SatOptions' default epsilon (1e-6).
//
//   pair               test used
//   AABB–AABB          satAabbAabb            (the "Using AABB" tutorial)
//   AABB–OBB           satAabbObb             (the large-scene AABB/OBB blog post, 15 axes)
//   OBB–OBB            satObbObb              (Ericson 4.4.1)
//   AABB–segment       satAabbSegment         (the "Using AABB" tutorial, 6 axes; agrees with the slab test)
//   OBB–segment        slabSegmentObb         (the Recast & Detour slab post in the box frame)
//   AABB–sphere        closestSphereAabb      (Arvo)
//   OBB–sphere         closestSphereObb       (Arvo in the box frame)
//   sphere–sphere      sphereSphere
//   segment–sphere     segmentSphere          (quadratic; no square root for the verdict)
//   segment–segment    closestSegmentSegment  (Ericson 5.1.9; contact tolerance, see there)
#pragma once

#include "satlab/collide/shapes.hpp"

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

}  // namespace satlab
