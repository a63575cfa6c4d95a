#include "scene/pair_trace.hpp"

#include "satlab/collide/collide2d.hpp"
#include "scene/pair_eval.hpp"

#include <cmath>

namespace satlab {

namespace {

bool isPureZ(const Obb& o) {
  return std::abs(o.axes[2].z) >= 1.0f - 1e-6f && std::abs(o.axes[0].z) <= 1e-6f && std::abs(o.axes[1].z) <= 1e-6f;
}

Rect2 rect2(const Aabb& a) { return Rect2{glm::vec2(a.center), glm::vec2(a.half)}; }
OrientedRect2 orect2(const Obb& o) {
  return OrientedRect2{glm::vec2(o.center), glm::vec2(o.axes[0].x, o.axes[0].y), glm::vec2(o.half)};
}
Segment2 seg2(const Segment& s) { return Segment2{glm::vec2(s.p0), glm::vec2(s.p1)}; }
Circle2 circle2(const Sphere& s) { return Circle2{glm::vec2(s.center), s.radius}; }

// ---- 2D records as 3D ones ----------------------------------------------------------------

void copySat(const SatTrace2& t, const SatResult2& r, PairTrace& out) {
  out.test = std::string(t.test);
  out.sat.test = t.test;
  out.sat.rows.clear();
  for (const SatAxisRow2& s : t.rows) {
    SatAxisRow row;
    row.index = s.index;
    row.label = s.label;
    row.axis = row.rawAxis = glm::vec3(s.axis, 0.0f);
    row.length = 1.0f;
    row.centerDistance = s.centerDistance;
    row.radiusA = s.radiusA;
    row.radiusB = s.radiusB;
    row.minA = s.minA, row.maxA = s.maxA, row.minB = s.minB, row.maxB = s.maxB;
    row.gap = s.gap;
    row.separating = s.separating;
    out.sat.rows.push_back(row);
  }
  out.sat.separatingRow = t.separatingRow;
  out.sat.stopRow = t.stopRow;
  out.sat.overlap = t.overlap;
  SatResult& sr = out.satResult;
  sr.overlap = r.overlap;
  sr.separatingIndex = r.separatingIndex;
  sr.separatingLabel = r.separatingLabel;
  sr.separatingAxis = glm::vec3(r.separatingAxis, 0.0f);
  sr.penetrationIndex = r.penetrationIndex;
  sr.penetrationLabel = r.penetrationLabel;
  sr.penetrationAxis = glm::vec3(r.penetrationAxis, 0.0f);
  sr.depth = r.depth;
  out.overlap = r.overlap;
}

void copySlab(const SlabTrace2& t, const SegmentHit2& h, PairTrace& out) {
  out.test = std::string(t.test);
  out.slab.test = t.test;
  out.slab.rows.clear();
  for (const SlabAxisRow2& s : t.rows) {
    SlabAxisRow row;
    row.index = s.index;
    row.label = s.label;
    row.origin = s.origin;
    row.direction = s.direction;
    row.lo = s.lo, row.hi = s.hi;
    row.parallel = s.parallel;
    row.originInside = s.originInside;
    row.t1 = s.t1, row.t2 = s.t2, row.tmin = s.tmin, row.tmax = s.tmax;
    row.rejects = s.rejects;
    out.slab.rows.push_back(row);
  }
  out.slab.rejectingAxis = t.rejectingAxis;
  out.slab.overlap = t.overlap;
  out.slab.tmin = t.tmin;
  out.slab.tmax = t.tmax;
  out.hit.overlap = h.overlap;
  out.hit.tEnter = h.tEnter;
  out.hit.tExit = h.tExit;
  out.hit.enterPoint = glm::vec3(h.enterPoint, 0.0f);
  out.hit.enterNormal = glm::vec3(h.enterNormal, 0.0f);
  out.overlap = h.overlap;
}

void copyClosest(const ClosestTrace2& t, const ClosestResult2& r, PairTrace& out) {
  out.test = std::string(t.test);
  out.closest.test = t.test;
  out.closest.rows.clear();
  for (const ClosestAxisRow2& s : t.rows) {
    ClosestAxisRow row;
    row.index = s.index;
    row.label = s.label;
    row.center = s.center;
    row.lo = s.lo, row.hi = s.hi;
    row.clamped = s.clamped;
    row.contribution = s.contribution;
    out.closest.rows.push_back(row);
  }
  out.closest.radiusSquared = t.radiusSquared;
  out.closest.sum = t.sum;
  out.closest.overlap = t.overlap;
  out.closestResult.overlap = r.overlap;
  out.closestResult.closestPoint = glm::vec3(r.closestPoint, 0.0f);
  out.closestResult.distance = r.distance;
  out.closestResult.distanceSquared = r.distanceSquared;
  out.overlap = r.overlap;
}

bool trace2d(const SceneShape& a, const SceneShape& b, const ExplorerOptions& opt, PairTrace& out) {
  const ShapeGeometry& ga = a.geometry;
  const ShapeGeometry& gb = b.geometry;
  if (const auto* o = std::get_if<Obb>(&ga); o && !isPureZ(*o)) return false;
  if (const auto* o = std::get_if<Obb>(&gb); o && !isPureZ(*o)) return false;
  out.twoD = true;
  const bool full = opt.mode == SatMode::Full;
  SatTrace2 sat;
  sat.full = full;
  SlabTrace2 slab;
  slab.full = full;
  ClosestTrace2 closest;
  if (std::holds_alternative<Aabb>(ga) && std::holds_alternative<Aabb>(gb)) {
    out.kind = ExplorerKind::Sat;
    const SatResult2 r = overlapRectRect(rect2(std::get<Aabb>(ga)), rect2(std::get<Aabb>(gb)), sat);
    copySat(sat, r, out);
  } else if (std::holds_alternative<Aabb>(ga) && std::holds_alternative<Obb>(gb)) {
    out.kind = ExplorerKind::Sat;
    const SatResult2 r = overlapRectOrientedRect(rect2(std::get<Aabb>(ga)), orect2(std::get<Obb>(gb)), sat);
    copySat(sat, r, out);
  } else if (std::holds_alternative<Obb>(ga) && std::holds_alternative<Obb>(gb)) {
    out.kind = ExplorerKind::Sat;
    const SatResult2 r = overlapOrientedRectOrientedRect(orect2(std::get<Obb>(ga)), orect2(std::get<Obb>(gb)), sat);
    copySat(sat, r, out);
  } else if (std::holds_alternative<Segment>(gb) &&
             (std::holds_alternative<Aabb>(ga) || std::holds_alternative<Obb>(ga))) {
    out.kind = ExplorerKind::Slab;
    out.segment = std::get<Segment>(gb);
    if (const auto* box = std::get_if<Aabb>(&ga)) {
      out.frame = RecordFrame{glm::vec3(0.0f), glm::mat3(1.0f)};  // Rect2 slabs are in world coordinates
      copySlab(slab, intersectSegmentRect(seg2(out.segment), rect2(*box), slab), out);
    } else {
      const Obb& o = std::get<Obb>(ga);
      out.frame = RecordFrame{o.center, o.axes};
      copySlab(slab, intersectSegmentOrientedRect(seg2(out.segment), orect2(o), slab), out);
    }
  } else if (std::holds_alternative<Sphere>(ga) &&
             (std::holds_alternative<Aabb>(gb) || std::holds_alternative<Obb>(gb))) {
    out.kind = ExplorerKind::Closest;
    out.sphereRadius = std::get<Sphere>(ga).radius;
    const Circle2 c = circle2(std::get<Sphere>(ga));
    if (const auto* box = std::get_if<Aabb>(&gb)) {
      out.frame = RecordFrame{glm::vec3(box->center.x, box->center.y, 0.0f), glm::mat3(1.0f)};
      copyClosest(closest, overlapCircleRect(c, rect2(*box), closest), out);
    } else {
      const Obb& o = std::get<Obb>(gb);
      out.frame = RecordFrame{o.center, o.axes};
      copyClosest(closest, overlapCircleOrientedRect(c, orect2(o), closest), out);
    }
  } else {
    out.twoD = false;
    return false;  // circles with circles or segments, segments with segments: the 3D tests in the plane
  }
  return true;
}

void trace3d(const SceneShape& a, const SceneShape& b, const ExplorerOptions& opt, PairTrace& out) {
  SatOptions sat;
  sat.mode = opt.mode;
  sat.epsilon = opt.epsilon;
  const ShapeGeometry& ga = a.geometry;
  const ShapeGeometry& gb = b.geometry;
  if (std::holds_alternative<Aabb>(ga) && std::holds_alternative<Aabb>(gb)) {
    out.kind = ExplorerKind::Sat;
    out.satResult = satAabbAabb(std::get<Aabb>(ga), std::get<Aabb>(gb), out.sat, sat);
  } else if (std::holds_alternative<Aabb>(ga) && std::holds_alternative<Obb>(gb)) {
    out.kind = ExplorerKind::Sat;
    out.satResult = satAabbObb(std::get<Aabb>(ga), std::get<Obb>(gb), out.sat, sat);
  } else if (std::holds_alternative<Obb>(ga) && std::holds_alternative<Obb>(gb)) {
    out.kind = ExplorerKind::Sat;
    out.satResult = satObbObb(std::get<Obb>(ga), std::get<Obb>(gb), out.sat, sat);
  } else if (std::holds_alternative<Aabb>(ga) && std::holds_alternative<Segment>(gb) && !opt.preferSlab) {
    out.kind = ExplorerKind::Sat;
    out.segment = std::get<Segment>(gb);
    out.satResult = satAabbSegment(std::get<Aabb>(ga), out.segment, out.sat, sat);
  } else if (std::holds_alternative<Aabb>(ga) && std::holds_alternative<Segment>(gb)) {
    out.kind = ExplorerKind::Slab;
    out.segment = std::get<Segment>(gb);
    const Aabb& box = std::get<Aabb>(ga);
    out.frame = RecordFrame{box.center, glm::mat3(1.0f)};
    out.hit = slabSegmentAabb(out.segment, box, out.slab);
  } else if (std::holds_alternative<Obb>(ga) && std::holds_alternative<Segment>(gb)) {
    out.kind = ExplorerKind::Slab;
    out.segment = std::get<Segment>(gb);
    const Obb& box = std::get<Obb>(ga);
    out.frame = RecordFrame{box.center, box.axes};
    out.hit = slabSegmentObb(out.segment, box, out.slab);
  } else if (std::holds_alternative<Sphere>(ga) && std::holds_alternative<Aabb>(gb)) {
    out.kind = ExplorerKind::Closest;
    const Aabb& box = std::get<Aabb>(gb);
    out.sphereRadius = std::get<Sphere>(ga).radius;
    out.frame = RecordFrame{glm::vec3(0.0f), glm::mat3(1.0f)};  // Arvo on an AABB works in world coordinates
    out.closestResult = closestSphereAabb(std::get<Sphere>(ga), box, out.closest);
  } else if (std::holds_alternative<Sphere>(ga) && std::holds_alternative<Obb>(gb)) {
    out.kind = ExplorerKind::Closest;
    const Obb& box = std::get<Obb>(gb);
    out.sphereRadius = std::get<Sphere>(ga).radius;
    out.frame = RecordFrame{box.center, box.axes};
    out.closestResult = closestSphereObb(std::get<Sphere>(ga), box, out.closest);
  } else if (std::holds_alternative<Sphere>(ga) && std::holds_alternative<Segment>(gb)) {
    out.kind = ExplorerKind::SegmentSphere;
    out.segment = std::get<Segment>(gb);
    out.sphereRadius = std::get<Sphere>(ga).radius;
    out.hit = segmentSphere(out.segment, std::get<Sphere>(ga), out.quadratic);
    out.test = "segment-sphere";
  } else if (std::holds_alternative<Sphere>(ga) && std::holds_alternative<Sphere>(gb)) {
    out.kind = ExplorerKind::SphereSphere;
    out.sphereSphere = sphereSphere(std::get<Sphere>(ga), std::get<Sphere>(gb));
    out.overlap = out.sphereSphere.overlap;
    out.test = "sphere-sphere";
  } else if (std::holds_alternative<Segment>(ga) && std::holds_alternative<Segment>(gb)) {
    out.kind = ExplorerKind::SegmentSegment;
    out.segment = std::get<Segment>(ga);
    out.segmentB = std::get<Segment>(gb);
    out.segSegResult = closestSegmentSegment(out.segment, out.segmentB, out.segSeg);
    out.overlap = out.segSegResult.overlap;
    out.test = "segment-segment";
  }
  switch (out.kind) {
    case ExplorerKind::Sat:
      out.overlap = out.satResult.overlap;
      out.test = std::string(out.sat.test);
      break;
    case ExplorerKind::Slab:
      out.overlap = out.hit.overlap;
      out.test = std::string(out.slab.test);
      break;
    case ExplorerKind::Closest:
      out.overlap = out.closestResult.overlap;
      out.test = std::string(out.closest.test);
      break;
    case ExplorerKind::SegmentSphere:
      out.overlap = out.hit.overlap;
      break;
    default:
      break;
  }
}

}  // namespace

PairTrace tracePair(const Scene& scene, int i, int j, const ExplorerOptions& options) {
  PairTrace out;
  const int n = static_cast<int>(scene.shapes.size());
  if (i < 0 || j < 0 || i >= n || j >= n || i == j) return out;
  const SceneShape* a = &scene.shapes[static_cast<size_t>(i)];
  const SceneShape* b = &scene.shapes[static_cast<size_t>(j)];
  // The core's argument order, and for two shapes of one type the file's order, as pair
  // evaluation runs them: the explorer steps through the very call whose verdict the pairs
  // panel shows (at a touching contact a float SAT can decide the other way when the
  // shapes are swapped).
  const int rankA = coreArgumentRank(a->kind()), rankB = coreArgumentRank(b->kind());
  if (rankA > rankB || (rankA == rankB && i > j)) {
    std::swap(a, b);
    std::swap(i, j);
  }
  out.shapeA = i;
  out.shapeB = j;
  if (scene.view == ViewMode::TwoD && trace2d(*a, *b, options, out)) return out;
  out = PairTrace{};
  out.shapeA = i;
  out.shapeB = j;
  const auto roundOrSegment = [](const SceneShape& s) {
    return s.kind() == ShapeKind::Sphere || s.kind() == ShapeKind::Segment;
  };
  if (scene.view == ViewMode::TwoD && roundOrSegment(*a) && roundOrSegment(*b)) {
    // Circles and segments of a 2D scene: the 3D tests on the shapes in the XY plane, as
    // pair evaluation runs them (a z in the file does not change a 2D verdict). A pair
    // with an OBB tilted out of the plane takes the 3D test on the shapes as they are, in
    // evaluation and here alike.
    trace3d(inXyPlane(*a), inXyPlane(*b), options, out);
  } else {
    trace3d(*a, *b, options, out);
  }
  return out;
}

std::string axisKind(std::string_view label) {
  if (label.size() == 5) return "edge x edge";
  if (label.size() == 3 && label.substr(1) == "xd") return "edge x d";
  if (label.size() == 2 && label[0] == 'A') return "face of A";
  if (label.size() == 2 && label[0] == 'B') return "face of B";
  return "face";
}

}  // namespace satlab
