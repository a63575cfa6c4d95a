// The core's calls that the benchmarks time: each is one out-of-line function, defined in
// core_calls.cpp, a file of its own.
//
// Why a file of its own: GCC decides how much of a core test to inline into its caller
// from the whole file it compiles, so defined beside the textbook code in a benchmark
// file, the core's code would change with that file (adding two textbook baselines once
// moved a rich OBB-OBB call from 332 to 352 instructions). Here the core is compiled the
// same way whatever the benchmark files hold, as overlaps.cpp compiles overlaps().
//
// Variants: `verdict*` is the untraced test's verdict alone (test(a, b).overlap), to sort
// the inputs into separated and overlapping, and for the AABB-segment SAT, which overlaps()
// does not use; `rich*` the untraced test's whole result;
// `traced*` the test with its recorder, reused from call to call as the explorers reuse
// theirs.
#pragma once

#include "satlab/collide.hpp"

// X(name, A, B, Result, expression in a and b)
#define SATLAB_CORE_CALLS_3D(X)                                                                            \
  X(verdictSegmentAabbSlab, Segment, Aabb, bool, slabSegmentAabb(a, b).overlap)                            \
  X(verdictSegmentAabbSat, Aabb, Segment, bool, satAabbSegment(a, b).overlap)                              \
  X(richAabbAabb, Aabb, Aabb, SatResult, satAabbAabb(a, b))                                                \
  X(richAabbObb, Aabb, Obb, SatResult, satAabbObb(a, b))                                                   \
  X(richObbObb, Obb, Obb, SatResult, satObbObb(a, b))                                                      \
  X(richAabbSphere, Aabb, Sphere, ClosestResult, closestSphereAabb(b, a))                                  \
  X(richObbSphere, Obb, Sphere, ClosestResult, closestSphereObb(b, a))                                     \
  X(richSphereSphere, Sphere, Sphere, SphereSphereResult, sphereSphere(a, b))                              \
  X(richSegmentAabbSlab, Segment, Aabb, SegmentHit, slabSegmentAabb(a, b))                                 \
  X(richSegmentAabbSat, Aabb, Segment, SatResult, satAabbSegment(a, b))                                    \
  X(richSegmentObb, Segment, Obb, SegmentHit, slabSegmentObb(a, b))                                        \
  X(richSegmentSphere, Segment, Sphere, SegmentHit, segmentSphere(a, b))                                   \
  X(richSegmentSegment, Segment, Segment, SegSegResult, closestSegmentSegment(a, b))                       \
  X(tracedAabbAabb, Aabb, Aabb, SatResult, satAabbAabb(a, b, recorder<SatTrace>()))                        \
  X(tracedAabbObb, Aabb, Obb, SatResult, satAabbObb(a, b, recorder<SatTrace>()))                           \
  X(tracedObbObb, Obb, Obb, SatResult, satObbObb(a, b, recorder<SatTrace>()))                              \
  X(tracedSegmentAabbSat, Aabb, Segment, SatResult, satAabbSegment(a, b, recorder<SatTrace>()))            \
  X(tracedAabbSphere, Aabb, Sphere, ClosestResult, closestSphereAabb(b, a, recorder<ClosestTrace>()))      \
  X(tracedObbSphere, Obb, Sphere, ClosestResult, closestSphereObb(b, a, recorder<ClosestTrace>()))         \
  X(tracedSegmentAabbSlab, Segment, Aabb, SegmentHit, slabSegmentAabb(a, b, recorder<SlabTrace>()))        \
  X(tracedSegmentObb, Segment, Obb, SegmentHit, slabSegmentObb(a, b, recorder<SlabTrace>()))               \
  X(tracedSegmentSphere, Segment, Sphere, SegmentHit, segmentSphere(a, b, recorder<SegmentSphereTrace>())) \
  X(tracedSegmentSegment, Segment, Segment, SegSegResult, closestSegmentSegment(a, b, recorder<SegSegTrace>()))

#define SATLAB_CORE_CALLS_2D(X)                                                                                     \
  X(verdictRectRect, Rect2, Rect2, bool, satRectRect(a, b).overlap)                                                 \
  X(verdictRectOrientedRect, Rect2, OrientedRect2, bool, satRectOrientedRect(a, b).overlap)                         \
  X(verdictOrientedRectOrientedRect, OrientedRect2, OrientedRect2, bool, satOrientedRectOrientedRect(a, b).overlap) \
  X(verdictSegmentRect, Segment2, Rect2, bool, slabSegmentRect(a, b).overlap)                                       \
  X(verdictSegmentOrientedRect, Segment2, OrientedRect2, bool, slabSegmentOrientedRect(a, b).overlap)               \
  X(verdictCircleRect, Circle2, Rect2, bool, closestCircleRect(a, b).overlap)                                       \
  X(verdictCircleOrientedRect, Circle2, OrientedRect2, bool, closestCircleOrientedRect(a, b).overlap)               \
  X(verdictCircleCircle, Circle2, Circle2, bool, closestCircleCircle(a, b).overlap)                                 \
  X(verdictCircleSegment, Circle2, Segment2, bool, closestCircleSegment(a, b).overlap)                              \
  X(richRectRect, Rect2, Rect2, SatResult, satRectRect(a, b))                                                       \
  X(richRectOrientedRect, Rect2, OrientedRect2, SatResult, satRectOrientedRect(a, b))                               \
  X(richOrientedRectOrientedRect, OrientedRect2, OrientedRect2, SatResult, satOrientedRectOrientedRect(a, b))       \
  X(richSegmentRect, Segment2, Rect2, SegmentHit, slabSegmentRect(a, b))                                            \
  X(richSegmentOrientedRect, Segment2, OrientedRect2, SegmentHit, slabSegmentOrientedRect(a, b))                    \
  X(richCircleRect, Circle2, Rect2, ClosestResult, closestCircleRect(a, b))                                         \
  X(richCircleOrientedRect, Circle2, OrientedRect2, ClosestResult, closestCircleOrientedRect(a, b))                 \
  X(richCircleCircle, Circle2, Circle2, ClosestResult, closestCircleCircle(a, b))                                   \
  X(richCircleSegment, Circle2, Segment2, ClosestResult, closestCircleSegment(a, b))                                \
  X(tracedRectRect, Rect2, Rect2, SatResult, satRectRect(a, b, recorder<SatTrace>()))                               \
  X(tracedRectOrientedRect, Rect2, OrientedRect2, SatResult, satRectOrientedRect(a, b, recorder<SatTrace>()))       \
  X(tracedOrientedRectOrientedRect, OrientedRect2, OrientedRect2, SatResult,                                        \
    satOrientedRectOrientedRect(a, b, recorder<SatTrace>()))                                                        \
  X(tracedSegmentRect, Segment2, Rect2, SegmentHit, slabSegmentRect(a, b, recorder<SlabTrace>()))                   \
  X(tracedSegmentOrientedRect, Segment2, OrientedRect2, SegmentHit,                                                 \
    slabSegmentOrientedRect(a, b, recorder<SlabTrace>()))                                                           \
  X(tracedCircleRect, Circle2, Rect2, ClosestResult, closestCircleRect(a, b, recorder<ClosestTrace>()))             \
  X(tracedCircleOrientedRect, Circle2, OrientedRect2, ClosestResult,                                                \
    closestCircleOrientedRect(a, b, recorder<ClosestTrace>()))

namespace satlab::bench {

/// A shape over one step (swept.hpp, advance.hpp): its pose at the start, its displacement
/// and its turn (axis times angle) over the step.
template <class S>
struct Moving {
  S shape;
  glm::vec3 d{0.0f};
  glm::vec3 w{0.0f};
};
using MovingAabb = Moving<Aabb>;
using MovingObb = Moving<Obb>;
using MovingSphere = Moving<Sphere>;

}  // namespace satlab::bench

// Between two frames: the untraced tests' results, and SAT in time with its recorder.
#define SATLAB_CORE_CALLS_SWEPT(X)                                                                              \
  X(sweptAabbAabbCall, MovingAabb, MovingAabb, SweptHit, sweptAabbAabb(a.shape, a.d, b.shape, b.d))             \
  X(sweptMinkowskiCall, MovingAabb, MovingAabb, SweptHit, sweptAabbAabbMinkowski(a.shape, a.d, b.shape, b.d))   \
  X(sweptObbObbCall, MovingObb, MovingObb, SweptHit, sweptObbObb(a.shape, a.d, b.shape, b.d))                   \
  X(tracedSweptObbObbCall, MovingObb, MovingObb, SweptHit,                                                      \
    sweptObbObb(a.shape, a.d, b.shape, b.d, recorder<SweptSatTrace>()))                                         \
  X(sweptSphereSphereCall, MovingSphere, MovingSphere, SweptHit, sweptSphereSphere(a.shape, a.d, b.shape, b.d)) \
  X(sweptSphereAabbCall, MovingSphere, MovingAabb, SweptHit, sweptSphereAabb(a.shape, a.d, b.shape, b.d))       \
  X(advanceObbObbCall, MovingObb, MovingObb, SweptHit,                                                          \
    advanceObbObb(a.shape, StepMotion{a.d, a.w}, b.shape, StepMotion{b.d, b.w}))

// Capsules: the untraced tests' results (capsule.hpp).
#define SATLAB_CORE_CALLS_CAPSULE(X)                                           \
  X(richCapsuleCapsule, Capsule, Capsule, CapsuleResult, capsuleCapsule(a, b)) \
  X(richCapsuleSphere, Capsule, Sphere, CapsuleResult, capsuleSphere(a, b))

// GJK and EPA (gjk.hpp): two hulls, and two boxes by GJK beside their SAT.
#define SATLAB_CORE_CALLS_GJK(X)                                                    \
  X(richHullHull, ConvexHull, ConvexHull, ConvexResult, hullHull(a, b))             \
  X(richObbObbGjk, Obb, Obb, ConvexResult, convexContact(convexOf(a), convexOf(b))) \
  X(tracedHullHull, ConvexHull, ConvexHull, ConvexResult, hullHull(a, b, recorder<GjkTrace>()))

namespace satlab::bench {

#define SATLAB_DECLARE_CORE_CALL(name, A, B, Result, expr) Result name(const A& a, const B& b);
SATLAB_CORE_CALLS_3D(SATLAB_DECLARE_CORE_CALL)
SATLAB_CORE_CALLS_2D(SATLAB_DECLARE_CORE_CALL)
SATLAB_CORE_CALLS_SWEPT(SATLAB_DECLARE_CORE_CALL)
SATLAB_CORE_CALLS_CAPSULE(SATLAB_DECLARE_CORE_CALL)
SATLAB_CORE_CALLS_GJK(SATLAB_DECLARE_CORE_CALL)
#undef SATLAB_DECLARE_CORE_CALL

}  // namespace satlab::bench
