// satlab collision core: the one public header. Including it brings in every shape, pair
// test, result type and recorder of src/collide.
//
// Pure geometry over small value types (shapes.hpp), C++17 + GLM only. Frames: world space
// unless a test's header says it works in a box frame; units: the scene's.
//
// Public API (each test is one function template on a recorder; the overload without a
// recorder is the NoTrace instantiation, i.e. the production path):
//   bool overlaps(X, Y)                                  every pair, both orders (overlaps.hpp)
//   SatResult satAabbAabb(Aabb, Aabb[, Rec&][, SatOptions])          sat_box.hpp
//   SatResult satAabbObb(Aabb, Obb[, Rec&][, SatOptions])            sat_box.hpp
//   SatResult satObbObb(Obb, Obb[, Rec&][, SatOptions])              sat_box.hpp
//   SatResult satAabbSegment(Aabb, Segment[, Rec&][, SatOptions])    sat_segment.hpp
//   SegmentHit slabSegmentAabb(Segment, Aabb[, Rec&])                slab.hpp
//   SegmentHit slabSegmentObb(Segment, Obb[, Rec&])                  slab.hpp
//   SegmentHit segmentSphere(Segment, Sphere[, Rec&])                segment_sphere.hpp
//   ClosestResult closestSphereAabb(Sphere, Aabb[, Rec&])            sphere_box.hpp
//   ClosestResult closestSphereObb(Sphere, Obb[, Rec&])              sphere_box.hpp
//   SegSegResult closestSegmentSegment(Segment, Segment[, Rec&])     segment_segment.hpp
//   SphereSphereResult sphereSphere(Sphere, Sphere)                  sphere_sphere.hpp
// Recorders (trace.hpp): NoTrace; SatTrace for the sat* tests; SlabTrace for slab*;
// ClosestTrace for closestSphere*; SegmentSphereTrace; SegSegTrace.
#pragma once

#include "collide/overlaps.hpp"
#include "collide/results.hpp"
#include "collide/sat_box.hpp"
#include "collide/sat_segment.hpp"
#include "collide/segment_segment.hpp"
#include "collide/segment_sphere.hpp"
#include "collide/shapes.hpp"
#include "collide/slab.hpp"
#include "collide/sphere_box.hpp"
#include "collide/sphere_sphere.hpp"
#include "collide/trace.hpp"

#include "collide/builders.hpp"   // bounding-volume builders
#include "collide/collide2d.hpp"  // 2D variants
