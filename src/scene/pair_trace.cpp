#include "scene/pair_trace.hpp"

#include "scene/mesh_pairs.hpp"

namespace satlab {

namespace {

/// Runs the traced test `test` on x (its A) and y (its B), as evaluatePair runs it.
void trace(TestId test, const ShapeGeometry& x, const ShapeGeometry& y, const ExplorerOptions& opt, PairTrace& out) {
  SatOptions sat;
  sat.mode = opt.mode;
  sat.epsilon = opt.epsilon;
  out.test = test;
  switch (test) {
    case TestId::AabbAabb: out.satResult = satAabbAabb(std::get<Aabb>(x), std::get<Aabb>(y), out.sat, sat); break;
    case TestId::AabbObb: out.satResult = satAabbObb(std::get<Aabb>(x), std::get<Obb>(y), out.sat, sat); break;
    case TestId::ObbObb: out.satResult = satObbObb(std::get<Obb>(x), std::get<Obb>(y), out.sat, sat); break;
    case TestId::AabbSegment:
      out.segment = std::get<Segment>(y);
      out.satResult = satAabbSegment(std::get<Aabb>(x), out.segment, out.sat, sat);
      break;
    case TestId::SegmentAabb: {
      const Aabb& box = std::get<Aabb>(x);
      out.segment = std::get<Segment>(y);
      out.frame = RecordFrame{box.center, glm::mat3(1.0f)};
      out.hit = slabSegmentAabb(out.segment, box, out.slab, sat);
      break;
    }
    case TestId::SegmentObb: {
      const Obb& box = std::get<Obb>(x);
      out.segment = std::get<Segment>(y);
      out.frame = RecordFrame{box.center, box.axes};
      out.hit = slabSegmentObb(out.segment, box, out.slab, sat);
      break;
    }
    case TestId::SphereAabb:
      out.sphereRadius = std::get<Sphere>(x).radius;
      out.frame = RecordFrame{glm::vec3(0.0f), glm::mat3(1.0f)};  // Arvo on an AABB works in world coordinates
      out.closestResult = closestSphereAabb(std::get<Sphere>(x), std::get<Aabb>(y), out.closest);
      break;
    case TestId::SphereObb: {
      const Obb& box = std::get<Obb>(y);
      out.sphereRadius = std::get<Sphere>(x).radius;
      out.frame = RecordFrame{box.center, box.axes};
      out.closestResult = closestSphereObb(std::get<Sphere>(x), box, out.closest);
      break;
    }
    case TestId::SegmentSphere:
      out.segment = std::get<Segment>(y);
      out.sphereRadius = std::get<Sphere>(x).radius;
      out.hit = segmentSphere(out.segment, std::get<Sphere>(x), out.quadratic);
      break;
    case TestId::SphereSphere: out.sphereSphere = sphereSphere(std::get<Sphere>(x), std::get<Sphere>(y)); break;
    case TestId::SegmentSegment:
      out.segment = std::get<Segment>(x);
      out.segmentB = std::get<Segment>(y);
      out.segSegResult = closestSegmentSegment(out.segment, out.segmentB, out.segSeg);
      break;
    case TestId::RectRect:
      out.satResult = satRectRect(rect2(std::get<Aabb>(x)), rect2(std::get<Aabb>(y)), out.sat, sat);
      break;
    case TestId::RectOrientedRect:
      out.satResult = satRectOrientedRect(rect2(std::get<Aabb>(x)), orientedRect2(std::get<Obb>(y)), out.sat, sat);
      break;
    case TestId::OrientedRectOrientedRect:
      out.satResult =
          satOrientedRectOrientedRect(orientedRect2(std::get<Obb>(x)), orientedRect2(std::get<Obb>(y)), out.sat, sat);
      break;
    case TestId::SegmentRect: {
      const Aabb& box = std::get<Aabb>(x);
      out.segment = std::get<Segment>(y);
      out.frame = RecordFrame{glm::vec3(box.center.x, box.center.y, 0.0f), glm::mat3(1.0f)};
      out.hit = slabSegmentRect(segment2(out.segment), rect2(box), out.slab, sat);
      break;
    }
    case TestId::SegmentOrientedRect: {
      const Obb& box = std::get<Obb>(x);
      out.segment = std::get<Segment>(y);
      out.frame = RecordFrame{box.center, box.axes};
      out.hit = slabSegmentOrientedRect(segment2(out.segment), orientedRect2(box), out.slab, sat);
      break;
    }
    case TestId::CircleRect:
      out.sphereRadius = std::get<Sphere>(x).radius;
      out.frame = RecordFrame{glm::vec3(0.0f), glm::mat3(1.0f)};  // in world coordinates, as in 3D
      out.closestResult = closestCircleRect(circle2(std::get<Sphere>(x)), rect2(std::get<Aabb>(y)), out.closest);
      break;
    case TestId::CircleOrientedRect: {
      const Obb& box = std::get<Obb>(y);
      out.sphereRadius = std::get<Sphere>(x).radius;
      out.frame = RecordFrame{box.center, box.axes};
      out.closestResult = closestCircleOrientedRect(circle2(std::get<Sphere>(x)), orientedRect2(box), out.closest);
      break;
    }
    case TestId::AabbTriangle:
      out.satResult = satAabbTriangle(std::get<Aabb>(x), std::get<Triangle>(y), out.sat, sat);
      break;
    case TestId::ObbTriangle:
      out.satResult = satObbTriangle(std::get<Obb>(x), std::get<Triangle>(y), out.sat, sat);
      break;
    case TestId::TriangleTriangle:
      out.satResult = satTriangleTriangle(std::get<Triangle>(x), std::get<Triangle>(y), out.sat, sat);
      break;
    case TestId::SphereTriangle:
      out.sphereRadius = std::get<Sphere>(x).radius;
      out.frame = RecordFrame{glm::vec3(0.0f), glm::mat3(1.0f)};  // the closest point is in world coordinates
      out.closestResult = closestSphereTriangle(std::get<Sphere>(x), std::get<Triangle>(y), out.closest);
      break;
    case TestId::SegmentTriangle:
      out.segment = std::get<Segment>(x);
      out.triangle = std::get<Triangle>(y);
      out.segTriHit = segmentTriangle(out.segment, out.triangle, out.segTri);
      break;
    case TestId::MeshMesh:
    case TestId::MeshAabb:
    case TestId::MeshObb:
    case TestId::MeshSphere:
    case TestId::MeshSegment:
    case TestId::MeshTriangle: {
      MeshQueryOptions q;
      q.epsilon = opt.epsilon;
      q.mode = opt.mode == SatMode::Full ? MeshQueryMode::AllHits : MeshQueryMode::FirstHit;
      if (!runMeshQuery(test, x, y, q, out.tree, out.meshResult)) out.test = TestId::None;
      break;
    }
    case TestId::CircleCircle:
    case TestId::CircleSegment:
    case TestId::None: out.test = TestId::None; break;
  }
}

}  // namespace

PairTrace tracePair(const Scene& scene, int i, int j, const ExplorerOptions& options) {
  PairTrace out;
  const int n = static_cast<int>(scene.shapes.size());
  if (i < 0 || j < 0 || i >= n || j >= n || i == j) return out;
  const PairPlan plan = planPair(scene, static_cast<size_t>(i), static_cast<size_t>(j));
  out.shapeA = static_cast<int>(plan.first);
  out.shapeB = static_cast<int>(plan.second);
  out.twoD = plan.planar;
  out.kind = plan.rule.explorer;
  TestId test = plan.rule.test;
  if (test == TestId::SegmentAabb && !options.preferSlab) {
    test = TestId::AabbSegment;  // the 6-axis SAT of the same pair, on request
    out.kind = ExplorerKind::Sat;
  }
  const ShapeGeometry& x = scene.shapes[plan.first].geometry;
  const ShapeGeometry& y = scene.shapes[plan.second].geometry;
  if (plan.planar) {
    trace(test, inXyPlane(x), inXyPlane(y), options, out);
  } else {
    trace(test, x, y, options, out);
  }
  switch (out.kind) {
    case ExplorerKind::Sat: out.overlap = out.satResult.overlap; break;
    case ExplorerKind::Slab: out.overlap = out.hit.overlap; break;
    case ExplorerKind::Closest: out.overlap = out.closestResult.overlap; break;
    case ExplorerKind::SegmentSphere: out.overlap = out.hit.overlap; break;
    case ExplorerKind::SphereSphere: out.overlap = out.sphereSphere.overlap; break;
    case ExplorerKind::SegmentSegment: out.overlap = out.segSegResult.overlap; break;
    case ExplorerKind::MeshTree: out.overlap = out.meshResult.overlap; break;
    case ExplorerKind::None:
      if (out.test == TestId::SegmentTriangle) out.overlap = out.segTriHit.overlap;
      break;
  }
  return out;
}

}  // namespace satlab
