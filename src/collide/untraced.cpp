// satlab collision core: the untraced tests, compiled once in the library. Each is the
// NoTrace instantiation of the test's one function template (its header), so its recorder
// hooks compile out; SATLAB_WHOLE (whole_function.hpp) says how it is compiled and why.
#include "satlab/collide.hpp"
#include "whole_function.hpp"

namespace satlab {

namespace {
NoTrace none;  // stateless: the hooks it would receive are compiled out
}  // namespace

SATLAB_WHOLE SatResult satAabbAabb(const Aabb& a, const Aabb& b, const SatOptions& opt) {
  return satAabbAabb(a, b, none, opt);
}
SATLAB_WHOLE SatResult satAabbObb(const Aabb& a, const Obb& b, const SatOptions& opt) {
  return satAabbObb(a, b, none, opt);
}
SATLAB_WHOLE SatResult satObbObb(const Obb& a, const Obb& b, const SatOptions& opt) {
  return satObbObb(a, b, none, opt);
}
SATLAB_WHOLE SatResult satAabbSegment(const Aabb& box, const Segment& seg, const SatOptions& opt) {
  return satAabbSegment(box, seg, none, opt);
}
SATLAB_WHOLE SatResult satObbSegment(const Obb& box, const Segment& seg, const SatOptions& opt) {
  return satObbSegment(box, seg, none, opt);
}
SATLAB_WHOLE SegmentHit slabSegmentAabb(const Segment& seg, const Aabb& box) { return slabSegmentAabb(seg, box, none); }
SATLAB_WHOLE SegmentHit slabSegmentObb(const Segment& seg, const Obb& box) { return slabSegmentObb(seg, box, none); }
SATLAB_WHOLE SegmentHit segmentSphere(const Segment& seg, const Sphere& sph) { return segmentSphere(seg, sph, none); }
SATLAB_WHOLE ClosestResult closestSphereAabb(const Sphere& s, const Aabb& box) {
  return closestSphereAabb(s, box, none);
}
SATLAB_WHOLE ClosestResult closestSphereObb(const Sphere& s, const Obb& box) { return closestSphereObb(s, box, none); }
SATLAB_WHOLE SegSegResult closestSegmentSegment(const Segment& a, const Segment& b) {
  return closestSegmentSegment(a, b, none);
}
SATLAB_WHOLE SatResult satAabbTriangle(const Aabb& box, const Triangle& tri, const SatOptions& opt) {
  return satAabbTriangle(box, tri, none, opt);
}
SATLAB_WHOLE SatResult satObbTriangle(const Obb& box, const Triangle& tri, const SatOptions& opt) {
  return satObbTriangle(box, tri, none, opt);
}
SATLAB_WHOLE ClosestResult closestSphereTriangle(const Sphere& s, const Triangle& tri) {
  return closestSphereTriangle(s, tri, none);
}
SATLAB_WHOLE SegmentTriangleHit segmentTriangle(const Segment& seg, const Triangle& tri) {
  return segmentTriangle(seg, tri, none);
}
SATLAB_WHOLE SatResult satTriangleTriangle(const Triangle& a, const Triangle& b, const SatOptions& opt) {
  return satTriangleTriangle(a, b, none, opt);
}

SATLAB_WHOLE CapsuleResult capsuleSphere(const Capsule& a, const Sphere& b) { return capsuleSphere(a, b, none); }
SATLAB_WHOLE CapsuleResult capsuleCapsule(const Capsule& a, const Capsule& b) { return capsuleCapsule(a, b, none); }
SATLAB_WHOLE CapsuleResult capsuleSegment(const Capsule& a, const Segment& b) { return capsuleSegment(a, b, none); }
SATLAB_WHOLE CapsuleResult capsuleAabb(const Capsule& a, const Aabb& b) { return capsuleAabb(a, b, none); }
SATLAB_WHOLE CapsuleResult capsuleObb(const Capsule& a, const Obb& b) { return capsuleObb(a, b, none); }
SATLAB_WHOLE CapsuleResult capsuleTriangle(const Capsule& a, const Triangle& b) { return capsuleTriangle(a, b, none); }

SATLAB_WHOLE SweptHit sweptAabbAabb(const Aabb& a, const glm::vec3& da, const Aabb& b, const glm::vec3& db) {
  return sweptAabbAabb(a, da, b, db, none);
}
SATLAB_WHOLE SweptHit sweptAabbObb(const Aabb& a, const glm::vec3& da, const Obb& b, const glm::vec3& db) {
  return sweptAabbObb(a, da, b, db, none);
}
SATLAB_WHOLE SweptHit sweptObbObb(const Obb& a, const glm::vec3& da, const Obb& b, const glm::vec3& db) {
  return sweptObbObb(a, da, b, db, none);
}
SATLAB_WHOLE SweptHit sweptAabbAabbMinkowski(const Aabb& a, const glm::vec3& da, const Aabb& b, const glm::vec3& db) {
  return sweptAabbAabbMinkowski(a, da, b, db, none);
}
SATLAB_WHOLE SweptHit sweptSphereSphere(const Sphere& a, const glm::vec3& da, const Sphere& b, const glm::vec3& db) {
  return sweptSphereSphere(a, da, b, db, none);
}
SATLAB_WHOLE SweptHit sweptSphereAabb(const Sphere& s, const glm::vec3& ds, const Aabb& box, const glm::vec3& db) {
  return sweptSphereAabb(s, ds, box, db, none);
}
SATLAB_WHOLE SweptHit sweptSphereObb(const Sphere& s, const glm::vec3& ds, const Obb& box, const glm::vec3& db) {
  return sweptSphereObb(s, ds, box, db, none);
}
SATLAB_WHOLE SweptHit sweptSphereTriangle(const Sphere& s, const glm::vec3& ds, const Triangle& tri,
                                          const glm::vec3& dt) {
  return sweptSphereTriangle(s, ds, tri, dt, none);
}
SATLAB_WHOLE SweptHit advanceObbObb(const Obb& a, const StepMotion& ma, const Obb& b, const StepMotion& mb) {
  return advanceObbObb(a, ma, b, mb, none);
}
SATLAB_WHOLE SweptHit advanceSphereObb(const Sphere& s, const StepMotion& ms, const Obb& b, const StepMotion& mb) {
  return advanceSphereObb(s, ms, b, mb, none);
}
SATLAB_WHOLE SweptHit advanceCapsuleCapsule(const Capsule& a, const StepMotion& ma, const Capsule& b,
                                            const StepMotion& mb) {
  return advanceCapsuleCapsule(a, ma, b, mb, none);
}
SATLAB_WHOLE SweptHit advanceCapsuleSphere(const Capsule& a, const StepMotion& ma, const Sphere& b,
                                           const StepMotion& mb) {
  return advanceCapsuleSphere(a, ma, b, mb, none);
}
SATLAB_WHOLE SweptHit advanceCapsuleObb(const Capsule& a, const StepMotion& ma, const Obb& b, const StepMotion& mb) {
  return advanceCapsuleObb(a, ma, b, mb, none);
}

SATLAB_WHOLE SatResult satRectRect(const Rect2& a, const Rect2& b, const SatOptions& opt) {
  return satRectRect(a, b, none, opt);
}
SATLAB_WHOLE SatResult satRectOrientedRect(const Rect2& a, const OrientedRect2& b, const SatOptions& opt) {
  return satRectOrientedRect(a, b, none, opt);
}
SATLAB_WHOLE SatResult satOrientedRectOrientedRect(const OrientedRect2& a, const OrientedRect2& b,
                                                   const SatOptions& opt) {
  return satOrientedRectOrientedRect(a, b, none, opt);
}
SATLAB_WHOLE SegmentHit slabSegmentRect(const Segment2& s, const Rect2& r) { return slabSegmentRect(s, r, none); }
SATLAB_WHOLE SegmentHit slabSegmentOrientedRect(const Segment2& s, const OrientedRect2& r) {
  return slabSegmentOrientedRect(s, r, none);
}
SATLAB_WHOLE ClosestResult closestCircleRect(const Circle2& c, const Rect2& r) { return closestCircleRect(c, r, none); }
SATLAB_WHOLE ClosestResult closestCircleOrientedRect(const Circle2& c, const OrientedRect2& r) {
  return closestCircleOrientedRect(c, r, none);
}

SATLAB_WHOLE ConvexResult convexContact(const ConvexShape& a, const ConvexShape& b) {
  return convexContact(a, b, none);
}
SATLAB_WHOLE ConvexResult hullHull(const ConvexHull& a, const ConvexHull& b) { return hullHull(a, b, none); }
SATLAB_WHOLE ConvexResult hullAabb(const ConvexHull& a, const Aabb& b) { return hullAabb(a, b, none); }
SATLAB_WHOLE ConvexResult hullObb(const ConvexHull& a, const Obb& b) { return hullObb(a, b, none); }
SATLAB_WHOLE ConvexResult hullSphere(const ConvexHull& a, const Sphere& b) { return hullSphere(a, b, none); }
SATLAB_WHOLE ConvexResult hullCapsule(const ConvexHull& a, const Capsule& b) { return hullCapsule(a, b, none); }
SATLAB_WHOLE ConvexResult hullSegment(const ConvexHull& a, const Segment& b) { return hullSegment(a, b, none); }
SATLAB_WHOLE ConvexResult hullTriangle(const ConvexHull& a, const Triangle& b) { return hullTriangle(a, b, none); }

}  // namespace satlab
