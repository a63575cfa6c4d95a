// satlab collision core: the boolean fast path (see overlaps.hpp). Every overload returns
// the verdict of the pair's one test function, untraced.
#include "satlab/collide/overlaps.hpp"

#include "satlab/collide/sat_box.hpp"
#include "satlab/collide/sat_segment.hpp"
#include "satlab/collide/segment_segment.hpp"
#include "satlab/collide/segment_sphere.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/sphere_sphere.hpp"

namespace satlab {

bool overlaps(const Aabb& a, const Aabb& b) { return satAabbAabb(a, b).overlap; }
bool overlaps(const Aabb& a, const Obb& b) { return satAabbObb(a, b).overlap; }
bool overlaps(const Aabb& a, const Sphere& b) { return closestSphereAabb(b, a).overlap; }
bool overlaps(const Aabb& a, const Segment& b) { return satAabbSegment(a, b).overlap; }

bool overlaps(const Obb& a, const Aabb& b) { return overlaps(b, a); }
bool overlaps(const Obb& a, const Obb& b) { return satObbObb(a, b).overlap; }
bool overlaps(const Obb& a, const Sphere& b) { return closestSphereObb(b, a).overlap; }
bool overlaps(const Obb& a, const Segment& b) { return slabSegmentObb(b, a).overlap; }

bool overlaps(const Sphere& a, const Aabb& b) { return overlaps(b, a); }
bool overlaps(const Sphere& a, const Obb& b) { return overlaps(b, a); }
bool overlaps(const Sphere& a, const Sphere& b) { return sphereSphere(a, b).overlap; }
bool overlaps(const Sphere& a, const Segment& b) { return segmentSphere(b, a).overlap; }

bool overlaps(const Segment& a, const Aabb& b) { return overlaps(b, a); }
bool overlaps(const Segment& a, const Obb& b) { return overlaps(b, a); }
bool overlaps(const Segment& a, const Sphere& b) { return overlaps(b, a); }
bool overlaps(const Segment& a, const Segment& b) { return closestSegmentSegment(a, b).overlap; }

}  // namespace satlab
