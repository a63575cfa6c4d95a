#include "evaluation/pair_trace.hpp"

#include "evaluation/convex_measure.hpp"
#include "evaluation/pair_tests.hpp"

namespace satlab {

namespace {

/// Runs the traced test `test` on x (its A) and y (its B), as evaluatePair runs it, each
/// family's record into its place in `out`.
void trace(TestId test, const ShapeGeometry& x, const ShapeGeometry& y, const ExplorerOptions& opt, PairTrace& out) {
  PairTestOptions o;
  o.sat.mode = opt.mode;
  o.sat.epsilon = opt.epsilon;
  o.mesh.epsilon = opt.epsilon;
  o.mesh.mode = opt.mode == SatMode::Full ? MeshQueryMode::AllHits : MeshQueryMode::FirstHit;
  out.test = test;
  withPairTest(test, [&](auto row) {
    using R = decltype(row);
    if constexpr (!kIsPairTest<R>) {
      out.test = TestId::None;
    } else {
      const auto& a = R::a(x);
      const auto& b = R::b(y);
      if constexpr (R::family == TestFamily::BoxSat || R::family == TestFamily::TriangleSat) {
        if constexpr (std::is_same_v<typename R::B, Segment>) out.segment = b;
        out.satResult = R::run(a, b, out.sat, o);
      } else if constexpr (R::family == TestFamily::Slab) {
        out.segment = std::get<Segment>(y);
        out.frame = R::frame(x);
        out.hit = R::run(a, b, out.slab, o);
      } else if constexpr (R::family == TestFamily::Closest) {
        out.sphereRadius = std::get<Sphere>(x).radius;
        out.frame = R::frame(y);
        out.closestResult = R::run(a, b, out.closest, o);
      } else if constexpr (R::family == TestFamily::SegmentSphere) {
        out.segment = b;
        out.sphereRadius = a.radius;
        out.hit = R::run(a, b, out.quadratic, o);
      } else if constexpr (R::family == TestFamily::SphereSphere) {
        NoTrace none;
        out.sphereSphere = R::run(a, b, none, o);
      } else if constexpr (R::family == TestFamily::SegmentSegment) {
        out.segment = a;
        out.segmentB = b;
        out.segSegResult = R::run(a, b, out.segSeg, o);
      } else if constexpr (R::family == TestFamily::SegmentTriangle) {
        out.segment = a;
        out.triangle = b;
        out.segTriHit = R::run(a, b, out.segTri, o);
      } else if constexpr (R::family == TestFamily::Capsule) {
        out.capsulePair = true;
        out.capsuleResult = R::run(a, b, out.capsule, o);
        out.radiusA = a.radius;
        out.radiusB = R::radiusB(b);
        out.segment = a.segment();
        if constexpr (std::is_same_v<typename R::B, Capsule>) {
          out.segmentB = b.segment();
        } else if constexpr (std::is_same_v<typename R::B, Segment>) {
          out.segmentB = b;
        }
        out.segSeg = out.capsule.segSeg;
        const CapsuleResult& c = out.capsuleResult;
        const glm::vec3 d2 = out.segmentB.p1 - out.segmentB.p0;
        const float e = glm::dot(d2, d2);
        const float t = e > 0.0f ? glm::clamp(glm::dot(c.pointB - out.segmentB.p0, d2) / e, 0.0f, 1.0f) : 0.0f;
        out.segSegResult = SegSegResult{c.overlap, c.s, t, c.pointA, c.pointB, c.distance};
      } else if constexpr (R::family == TestFamily::Convex) {
        out.convexResult = R::run(a, b, out.gjk, o);
      } else if constexpr (R::family == TestFamily::MeshTree) {
        const std::optional<MeshQueryResult> q = R::run(a, b, out.tree, o);
        if (q) {
          out.meshResult = *q;
        } else {
          out.test = TestId::None;  // a mesh without triangles
        }
      }
    }
  });
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
  out.planned = test;
  out.satTwin = satTwin(test);
  if (out.satTwin != TestId::None && !options.preferSlab) {
    test = out.satTwin;  // the 6-axis SAT of the same pair, on request
    out.kind = ExplorerKind::Sat;
  }
  const ShapeGeometry& x = scene.shapes[plan.first].geometry;
  const ShapeGeometry& y = scene.shapes[plan.second].geometry;
  if (plan.planar) {
    trace(test, inXyPlane(x), inXyPlane(y), options, out);
  } else {
    trace(test, x, y, options, out);
  }
  out.beside = measureConvexPair(scene.shapes[plan.first], scene.shapes[plan.second], scene.view);
  switch (out.kind) {
    case ExplorerKind::Sat: out.overlap = out.satResult.overlap; break;
    case ExplorerKind::Slab: out.overlap = out.hit.overlap; break;
    case ExplorerKind::Closest: out.overlap = out.closestResult.overlap; break;
    case ExplorerKind::SegmentSphere: out.overlap = out.hit.overlap; break;
    case ExplorerKind::SphereSphere: out.overlap = out.sphereSphere.overlap; break;
    case ExplorerKind::SegmentSegment: out.overlap = out.segSegResult.overlap; break;
    case ExplorerKind::MeshTree: out.overlap = out.meshResult.overlap; break;
    case ExplorerKind::Capsule: out.overlap = out.capsuleResult.overlap; break;
    case ExplorerKind::Gjk: out.overlap = out.convexResult.overlap; break;
    case ExplorerKind::None:
      if (out.test == TestId::SegmentTriangle) out.overlap = out.segTriHit.overlap;
      break;
  }
  return out;
}

}  // namespace satlab
