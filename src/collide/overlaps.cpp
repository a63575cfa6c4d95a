// satlab collision core: the boolean fast path (see overlaps.hpp). Every overload returns
// the verdict of the pair's one test function, untraced.
//
// SATLAB_VERDICT_ONLY (gnu::flatten) inlines the whole test into the overload, so the
// compiler sees that only `overlap` is read and drops the rest of the result: the
// penetration search, the normalisation of the separating axis, the closest point. With
// -fno-math-errno (CMakeLists.txt) a square root has no side effect and goes too. What it
// buys, GCC 12 -O2: overlaps(Obb, Obb) from 840 instructions with 9 calls, square roots and
// divisions to 388 with none (docs/performance.md has the timings).
#include "satlab/collide/overlaps.hpp"

#include "satlab/collide/sat_box.hpp"
#include "satlab/collide/sat_segment.hpp"
#include "satlab/collide/segment_segment.hpp"
#include "satlab/collide/segment_sphere.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/sphere_sphere.hpp"

#if defined(__GNUC__) || defined(__clang__)
#define SATLAB_VERDICT_ONLY [[gnu::flatten]]
#else
#define SATLAB_VERDICT_ONLY
#endif

namespace satlab {

SATLAB_VERDICT_ONLY bool overlaps(const Aabb& a, const Aabb& b) { return satAabbAabb(a, b).overlap; }
SATLAB_VERDICT_ONLY bool overlaps(const Aabb& a, const Obb& b) { return satAabbObb(a, b).overlap; }
SATLAB_VERDICT_ONLY bool overlaps(const Aabb& a, const Sphere& b) { return closestSphereAabb(b, a).overlap; }
SATLAB_VERDICT_ONLY bool overlaps(const Aabb& a, const Segment& b) { return satAabbSegment(a, b).overlap; }

SATLAB_VERDICT_ONLY bool overlaps(const Obb& a, const Aabb& b) { return overlaps(b, a); }
SATLAB_VERDICT_ONLY bool overlaps(const Obb& a, const Obb& b) { return satObbObb(a, b).overlap; }
SATLAB_VERDICT_ONLY bool overlaps(const Obb& a, const Sphere& b) { return closestSphereObb(b, a).overlap; }
SATLAB_VERDICT_ONLY bool overlaps(const Obb& a, const Segment& b) { return slabSegmentObb(b, a).overlap; }

SATLAB_VERDICT_ONLY bool overlaps(const Sphere& a, const Aabb& b) { return overlaps(b, a); }
SATLAB_VERDICT_ONLY bool overlaps(const Sphere& a, const Obb& b) { return overlaps(b, a); }
SATLAB_VERDICT_ONLY bool overlaps(const Sphere& a, const Sphere& b) { return sphereSphere(a, b).overlap; }
SATLAB_VERDICT_ONLY bool overlaps(const Sphere& a, const Segment& b) { return segmentSphere(b, a).overlap; }

SATLAB_VERDICT_ONLY bool overlaps(const Segment& a, const Aabb& b) { return overlaps(b, a); }
SATLAB_VERDICT_ONLY bool overlaps(const Segment& a, const Obb& b) { return overlaps(b, a); }
SATLAB_VERDICT_ONLY bool overlaps(const Segment& a, const Sphere& b) { return overlaps(b, a); }
SATLAB_VERDICT_ONLY bool overlaps(const Segment& a, const Segment& b) { return closestSegmentSegment(a, b).overlap; }

}  // namespace satlab
