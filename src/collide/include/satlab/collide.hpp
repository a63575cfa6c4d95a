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

#include "satlab/collide/overlaps.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_box.hpp"
#include "satlab/collide/sat_segment.hpp"
#include "satlab/collide/segment_segment.hpp"
#include "satlab/collide/segment_sphere.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/sphere_sphere.hpp"
#include "satlab/collide/trace.hpp"

#include "satlab/collide/builders.hpp"   // bounding-volume builders
#include "satlab/collide/collide2d.hpp"  // 2D variants
