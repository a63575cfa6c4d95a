// satlab collision core: the boolean fast path (see overlaps.hpp). Every overload is the
// NoTrace, result-free instantiation of the pair's one test function.
#include "satlab/collide/overlaps.hpp"

#include "satlab/collide/sat_box.hpp"
#include "satlab/collide/sat_segment.hpp"
#include "satlab/collide/segment_segment.hpp"
#include "satlab/collide/segment_sphere.hpp"
#include "satlab/collide/slab.hpp"
#include "satlab/collide/sphere_box.hpp"
#include "satlab/collide/sphere_sphere.hpp"

namespace satlab {

namespace {
const SatOptions kDefaultOptions{};
}  // namespace

bool overlaps(const Aabb& a, const Aabb& b) {
  NoTrace none;
  return detail::satAabbAabbImpl<NoTrace, false>(a, b, none, kDefaultOptions).overlap;
}
bool overlaps(const Aabb& a, const Obb& b) {
  NoTrace none;
  return detail::satAabbObbImpl<NoTrace, false>(a, b, none, kDefaultOptions).overlap;
}
bool overlaps(const Aabb& a, const Sphere& b) {
  NoTrace none;
  return detail::closestSphereAabbImpl<NoTrace, false>(b, a, none).overlap;
}
bool overlaps(const Aabb& a, const Segment& b) {
  NoTrace none;
  return detail::satAabbSegmentImpl<NoTrace, false>(a, b, none, kDefaultOptions).overlap;
}

bool overlaps(const Obb& a, const Aabb& b) { return overlaps(b, a); }
bool overlaps(const Obb& a, const Obb& b) {
  NoTrace none;
  return detail::satObbObbImpl<NoTrace, false>(a, b, none, kDefaultOptions).overlap;
}
bool overlaps(const Obb& a, const Sphere& b) {
  NoTrace none;
  return detail::closestSphereObbImpl<NoTrace, false>(b, a, none).overlap;
}
bool overlaps(const Obb& a, const Segment& b) {
  NoTrace none;
  return detail::slabSegmentObbLocal<false>(b, a, none).overlap;
}

bool overlaps(const Sphere& a, const Aabb& b) { return overlaps(b, a); }
bool overlaps(const Sphere& a, const Obb& b) { return overlaps(b, a); }
bool overlaps(const Sphere& a, const Sphere& b) {
  return detail::sphereSphereImpl<false>(a, b).overlap;
}
bool overlaps(const Sphere& a, const Segment& b) {
  NoTrace none;
  return detail::segmentSphereImpl<NoTrace, false>(b, a, none).overlap;
}

bool overlaps(const Segment& a, const Aabb& b) { return overlaps(b, a); }
bool overlaps(const Segment& a, const Obb& b) { return overlaps(b, a); }
bool overlaps(const Segment& a, const Sphere& b) { return overlaps(b, a); }
bool overlaps(const Segment& a, const Segment& b) {
  NoTrace none;
  return detail::closestSegmentSegmentImpl<NoTrace, false>(a, b, none).overlap;
}

}  // namespace satlab
