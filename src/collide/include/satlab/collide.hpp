// satlab collision core: the one public header. Including it brings in every shape, pair
// test, result type and recorder of src/collide.
//
// Pure geometry over small value types (shapes.hpp), C++17 + GLM only. Frames: world space
// unless a test's header says it works in a box frame; units: the scene's.
//
// Public API. Each test is one function template on a recorder (trace.hpp); the overload
// without a recorder is its NoTrace instantiation, the production path. Tests and axes are
// named by TestId and AxisId, spelt by testName() and label() (results.hpp).
//   bool overlaps(X, Y)                                  every pair, both orders (overlaps.hpp)
//   SatResult satAabbAabb(Aabb, Aabb[, Rec&][, SatOptions])          sat_box.hpp
//   SatResult satAabbObb(Aabb, Obb[, Rec&][, SatOptions])            sat_box.hpp
//   SatResult satObbObb(Obb, Obb[, Rec&][, SatOptions])              sat_box.hpp
//   SatResult satAabbSegment(Aabb, Segment[, Rec&][, SatOptions])    sat_segment.hpp
//   SatResult satObbSegment(Obb, Segment[, Rec&][, SatOptions])      sat_segment.hpp
//   SegmentHit slabSegmentAabb(Segment, Aabb[, Rec&, SatOptions])    slab.hpp
//   SegmentHit slabSegmentObb(Segment, Obb[, Rec&, SatOptions])      slab.hpp
//   SegmentHit segmentSphere(Segment, Sphere[, Rec&])                segment_sphere.hpp
//   ClosestResult closestSphereAabb(Sphere, Aabb[, Rec&])            sphere_box.hpp
//   ClosestResult closestSphereObb(Sphere, Obb[, Rec&])              sphere_box.hpp
//   SegSegResult closestSegmentSegment(Segment, Segment[, Rec&])     segment_segment.hpp
//   SphereSphereResult sphereSphere(Sphere, Sphere)                  sphere_sphere.hpp
// Against a triangle (computed in double, triangle.hpp):
//   SatResult satAabbTriangle(Aabb, Triangle[, Rec&][, SatOptions])   sat_triangle.hpp
//   SatResult satObbTriangle(Obb, Triangle[, Rec&][, SatOptions])     sat_triangle.hpp
//   ClosestResult closestSphereTriangle(Sphere, Triangle[, Rec&])     closest_triangle.hpp
//   SegmentTriangleHit segmentTriangle(Segment, Triangle[, Rec&])     segment_triangle.hpp
//   SatResult satTriangleTriangle(Triangle, Triangle[, Rec&][, SatOptions])  triangle_triangle.hpp
// A capsule, through the closest features of its core segment (capsule.hpp):
//   CapsuleResult capsuleSphere(Capsule, Sphere[, Rec&]), capsuleCapsule(Capsule, Capsule[, Rec&]),
//   capsuleSegment(Capsule, Segment[, Rec&]), capsuleAabb(Capsule, Aabb[, Rec&]),
//   capsuleObb(Capsule, Obb[, Rec&]), capsuleTriangle(Capsule, Triangle[, Rec&])
// Any two convex shapes by GJK and EPA on their support functions (support.hpp, gjk.hpp):
//   ConvexResult convexContact(ConvexShape, ConvexShape[, Rec&])   convexOf(each shape) makes one
//   ConvexResult hullHull(ConvexHull, ConvexHull[, Rec&]), hullAabb, hullObb, hullSphere,
//                hullCapsule, hullSegment, hullTriangle (ConvexHull, the shape[, Rec&])
// A triangle mesh through its bounding-volume tree (bv_tree.hpp, mesh_query.hpp):
//   BvTree buildBvTree(TriangleMesh, BvKind::Aabb | BvKind::Obb[, scale][, BvBuildOptions])
//   MeshQueryResult meshMesh(BvTree, MeshPose, BvTree, MeshPose[, TreeTrace&][, MeshQueryOptions])
//   MeshQueryResult meshAabb, meshObb, meshSphere, meshSegment, meshTriangle, meshCapsule, meshHull
//                   (BvTree, MeshPose, the shape[, TreeTrace&][, MeshQueryOptions])
//   bool meshMeshOverlaps(BvTree, MeshPose, BvTree, MeshPose)   meshMesh's verdict for speed
//                                                                (mesh_query_fast.hpp)
// View-frustum culling of boxes (frustum.hpp; Frustum from a camera or a view-projection matrix):
//   FrustumVerdict frustumAabbPlanes(Frustum, Aabb[, Rec&]), frustumObbPlanes   the plane test
//   FrustumSatResult frustumAabbSat(Frustum, Aabb[, Rec&]), frustumObbSat       exact, 26 axes
// 2D (collide2d.hpp), the same result and record types with z = 0:
//   satRectRect, satRectOrientedRect, satOrientedRectOrientedRect, slabSegmentRect,
//   slabSegmentOrientedRect, closestCircleRect, closestCircleOrientedRect,
//   closestCircleCircle, closestCircleSegment
// Sliding a character box out of a wall (slide.hpp):
//   BoxContact boxContact(Aabb, Aabb | Obb)     the contact normal and depth of a box test
// Scenes at scale: the broad phase (dynamic_tree.hpp, dynamic_pairs.hpp):
//   DynamicAabbTree      fattened boxes over moving shapes, queried by box or by proxy
//   DynamicPairs         the tree's overlapping pairs kept frame to frame (begun, ended)
// The batch path, for speed (checked against the teaching functions above on every input):
//   aabbVsAabbs, obbVsObbs, sphereVsSpheres, ... (AabbBatch, ObbBatch, SphereBatch)
//                   one shape against many, bit for bit overlaps()'s verdicts       batch_narrow.hpp
//   the AABB of a large point array                                            batch_bounds.hpp
//   the covariance OBB of a large indexed mesh                                 batch_obb.hpp
// Recorders (trace.hpp): NoTrace; SatTrace for the sat* tests; SlabTrace for slab*;
// ClosestTrace for closest*; SegmentSphereTrace; SegSegTrace; SegmentTriangleTrace; CapsuleTrace
// for capsule*; GjkTrace for convexContact and hull*; TreeTrace
// for the mesh queries; FrustumTrace for the frustum tests.
#pragma once

#include "satlab/collide/bv_tree.hpp"
#include "satlab/collide/capsule.hpp"
#include "satlab/collide/closest_triangle.hpp"
#include "satlab/collide/frustum.hpp"
#include "satlab/collide/gjk.hpp"
#include "satlab/collide/mesh_query.hpp"
#include "satlab/collide/mesh_query_fast.hpp"
#include "satlab/collide/overlaps.hpp"
#include "satlab/collide/results.hpp"
#include "satlab/collide/sat_box.hpp"
#include "satlab/collide/sat_segment.hpp"
#include "satlab/collide/sat_triangle.hpp"
#include "satlab/collide/segment_segment.hpp"
#include "satlab/collide/segment_sphere.hpp"
#include "satlab/collide/segment_triangle.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/sphere_sphere.hpp"
#include "satlab/collide/support.hpp"
#include "satlab/collide/trace.hpp"
#include "satlab/collide/triangle.hpp"
#include "satlab/collide/triangle_triangle.hpp"

#include "satlab/collide/advance.hpp"       // between two frames: shapes that turn (conservative advancement)
#include "satlab/collide/builders.hpp"      // bounding-volume builders
#include "satlab/collide/collide2d.hpp"     // 2D variants
#include "satlab/collide/hull_volumes.hpp"  // volumes from a convex hull: area-weighted and minimum OBB, minimum sphere
#include "satlab/collide/slide.hpp"         // a sliding character's contact
#include "satlab/collide/swept.hpp"         // between two frames: shapes moving straight

#include "satlab/collide/dynamic_pairs.hpp"  // the broad phase: overlapping pairs kept frame to frame
#include "satlab/collide/dynamic_tree.hpp"   // the broad phase: a dynamic AABB tree

#include "satlab/collide/batch_bounds.hpp"  // batch path: the AABB of many points
#include "satlab/collide/batch_narrow.hpp"  // batch path: one shape against many
#include "satlab/collide/batch_obb.hpp"     // batch path: the covariance OBB of a large mesh
