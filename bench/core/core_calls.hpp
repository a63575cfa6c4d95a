// The core's untraced rich results and its traced runs, as bench_collide times them: each
// is one out-of-line function, defined in core_calls.cpp, a file of its own.
//
// Why a file of its own: GCC decides how much of a core test to inline into its caller
// from the whole file it compiles. Defined beside the textbook code in bench_collide.cpp,
// the core's rich OBB-OBB went from 332 to 352 instructions per separated call when that
// file gained two textbook baselines, with no change to the core. Here the core's calls are
// compiled the same way whatever the benchmark file holds.
#pragma once

#include "satlab/collide.hpp"

// X(name, A, B, Result, expression in a and b)
#define SATLAB_CORE_CALLS(X)                                                                    \
  X(richAabbAabb, Aabb, Aabb, SatResult, satAabbAabb(a, b))                                      \
  X(richAabbObb, Aabb, Obb, SatResult, satAabbObb(a, b))                                         \
  X(richObbObb, Obb, Obb, SatResult, satObbObb(a, b))                                            \
  X(richAabbSphere, Aabb, Sphere, ClosestResult, closestSphereAabb(b, a))                        \
  X(richObbSphere, Obb, Sphere, ClosestResult, closestSphereObb(b, a))                           \
  X(richSphereSphere, Sphere, Sphere, SphereSphereResult, sphereSphere(a, b))                    \
  X(richSegmentAabbSlab, Segment, Aabb, SegmentHit, slabSegmentAabb(a, b))                       \
  X(richSegmentAabbSat, Aabb, Segment, SatResult, satAabbSegment(a, b))                          \
  X(richSegmentObb, Segment, Obb, SegmentHit, slabSegmentObb(a, b))                              \
  X(richSegmentSphere, Segment, Sphere, SegmentHit, segmentSphere(a, b))                         \
  X(richSegmentSegment, Segment, Segment, SegSegResult, closestSegmentSegment(a, b))             \
  X(tracedAabbAabb, Aabb, Aabb, SatResult, satAabbAabb(a, b, recorder<SatTrace>()))              \
  X(tracedAabbObb, Aabb, Obb, SatResult, satAabbObb(a, b, recorder<SatTrace>()))                 \
  X(tracedObbObb, Obb, Obb, SatResult, satObbObb(a, b, recorder<SatTrace>()))                    \
  X(tracedSegmentAabbSat, Aabb, Segment, SatResult, satAabbSegment(a, b, recorder<SatTrace>()))  \
  X(fullAabbAabb, Aabb, Aabb, SatResult, satAabbAabb(a, b, recorder<SatTrace>(), kFull))         \
  X(fullAabbObb, Aabb, Obb, SatResult, satAabbObb(a, b, recorder<SatTrace>(), kFull))            \
  X(fullObbObb, Obb, Obb, SatResult, satObbObb(a, b, recorder<SatTrace>(), kFull))               \
  X(fullSegmentAabbSat, Aabb, Segment, SatResult,                                                \
    satAabbSegment(a, b, recorder<SatTrace>(), kFull))                                           \
  X(tracedAabbSphere, Aabb, Sphere, ClosestResult, closestSphereAabb(b, a, recorder<ClosestTrace>())) \
  X(tracedObbSphere, Obb, Sphere, ClosestResult, closestSphereObb(b, a, recorder<ClosestTrace>())) \
  X(tracedSegmentAabbSlab, Segment, Aabb, SegmentHit, slabSegmentAabb(a, b, recorder<SlabTrace>())) \
  X(tracedSegmentObb, Segment, Obb, SegmentHit, slabSegmentObb(a, b, recorder<SlabTrace>()))     \
  X(tracedSegmentSphere, Segment, Sphere, SegmentHit,                                            \
    segmentSphere(a, b, recorder<SegmentSphereTrace>()))                                         \
  X(tracedSegmentSegment, Segment, Segment, SegSegResult,                                        \
    closestSegmentSegment(a, b, recorder<SegSegTrace>()))

namespace satlab::bench {

#define SATLAB_DECLARE_CORE_CALL(name, A, B, Result, expr) Result name(const A& a, const B& b);
SATLAB_CORE_CALLS(SATLAB_DECLARE_CORE_CALL)
#undef SATLAB_DECLARE_CORE_CALL

}  // namespace satlab::bench
