// satlab collision core: the verdicts (see overlaps.hpp). Every overload returns the
// verdict of the pair's one test function, the NoTrace instantiation, inlined whole
// (SATLAB_WHOLE, whole_function.hpp) so that nothing but the verdict is computed: GCC 12
// -O2 compiles overlaps(Obb, Obb) to 388 instructions with no call, square root or
// division, against 840 with 9 of them when the test is called out of line.
#include "satlab/collide/overlaps.hpp"

#include "satlab/collide.hpp"
#include "whole_function.hpp"

namespace satlab {

namespace {
NoTrace none;  // stateless: the hooks it would receive are compiled out
}  // namespace

SATLAB_WHOLE bool overlaps(const Aabb& a, const Aabb& b) { return satAabbAabb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Aabb& a, const Obb& b) { return satAabbObb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Aabb& a, const Sphere& b) { return closestSphereAabb(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Aabb& a, const Segment& b) { return slabSegmentAabb(b, a, none).overlap; }

SATLAB_WHOLE bool overlaps(const Obb& a, const Aabb& b) { return satAabbObb(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Obb& a, const Obb& b) { return satObbObb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Obb& a, const Sphere& b) { return closestSphereObb(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Obb& a, const Segment& b) { return slabSegmentObb(b, a, none).overlap; }

SATLAB_WHOLE bool overlaps(const Sphere& a, const Aabb& b) { return closestSphereAabb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Sphere& a, const Obb& b) { return closestSphereObb(a, b, none).overlap; }
bool overlaps(const Sphere& a, const Sphere& b) { return sphereSphere(a, b).overlap; }
SATLAB_WHOLE bool overlaps(const Sphere& a, const Segment& b) { return segmentSphere(b, a, none).overlap; }

SATLAB_WHOLE bool overlaps(const Segment& a, const Aabb& b) { return slabSegmentAabb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Segment& a, const Obb& b) { return slabSegmentObb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Segment& a, const Sphere& b) { return segmentSphere(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Segment& a, const Segment& b) { return closestSegmentSegment(a, b, none).overlap; }

SATLAB_WHOLE bool overlaps(const Aabb& a, const Triangle& b) { return satAabbTriangle(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Obb& a, const Triangle& b) { return satObbTriangle(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Sphere& a, const Triangle& b) { return closestSphereTriangle(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Segment& a, const Triangle& b) { return segmentTriangle(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Triangle& a, const Aabb& b) { return satAabbTriangle(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Triangle& a, const Obb& b) { return satObbTriangle(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Triangle& a, const Sphere& b) { return closestSphereTriangle(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Triangle& a, const Segment& b) { return segmentTriangle(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Triangle& a, const Triangle& b) { return satTriangleTriangle(a, b, none).overlap; }

SATLAB_WHOLE bool overlaps(const Capsule& a, const Aabb& b) { return capsuleAabb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Capsule& a, const Obb& b) { return capsuleObb(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Capsule& a, const Sphere& b) { return capsuleSphere(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Capsule& a, const Segment& b) { return capsuleSegment(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Capsule& a, const Triangle& b) { return capsuleTriangle(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Capsule& a, const Capsule& b) { return capsuleCapsule(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Aabb& a, const Capsule& b) { return capsuleAabb(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Obb& a, const Capsule& b) { return capsuleObb(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Sphere& a, const Capsule& b) { return capsuleSphere(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Segment& a, const Capsule& b) { return capsuleSegment(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Triangle& a, const Capsule& b) { return capsuleTriangle(b, a, none).overlap; }

SATLAB_WHOLE bool overlaps(const Rect2& a, const Rect2& b) { return satRectRect(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Rect2& a, const OrientedRect2& b) { return satRectOrientedRect(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Rect2& a, const Circle2& b) { return closestCircleRect(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const Rect2& a, const Segment2& b) { return slabSegmentRect(b, a, none).overlap; }

SATLAB_WHOLE bool overlaps(const OrientedRect2& a, const Rect2& b) { return satRectOrientedRect(b, a, none).overlap; }
SATLAB_WHOLE bool overlaps(const OrientedRect2& a, const OrientedRect2& b) {
  return satOrientedRectOrientedRect(a, b, none).overlap;
}
SATLAB_WHOLE bool overlaps(const OrientedRect2& a, const Circle2& b) {
  return closestCircleOrientedRect(b, a, none).overlap;
}
SATLAB_WHOLE bool overlaps(const OrientedRect2& a, const Segment2& b) {
  return slabSegmentOrientedRect(b, a, none).overlap;
}

SATLAB_WHOLE bool overlaps(const Circle2& a, const Rect2& b) { return closestCircleRect(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Circle2& a, const OrientedRect2& b) {
  return closestCircleOrientedRect(a, b, none).overlap;
}
SATLAB_WHOLE bool overlaps(const Circle2& a, const Circle2& b) { return closestCircleCircle(a, b).overlap; }
SATLAB_WHOLE bool overlaps(const Circle2& a, const Segment2& b) { return closestCircleSegment(a, b).overlap; }

SATLAB_WHOLE bool overlaps(const Segment2& a, const Rect2& b) { return slabSegmentRect(a, b, none).overlap; }
SATLAB_WHOLE bool overlaps(const Segment2& a, const OrientedRect2& b) {
  return slabSegmentOrientedRect(a, b, none).overlap;
}
SATLAB_WHOLE bool overlaps(const Segment2& a, const Circle2& b) { return closestCircleSegment(b, a).overlap; }

}  // namespace satlab
