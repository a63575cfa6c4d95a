// What the pair fuzz target checks on a loaded scene: every pair's verdict and numbers
// (evaluation/pair_eval.hpp) and every traced run of it (evaluation/pair_trace.hpp, both SAT modes,
// both AABB-segment explorers).
#pragma once

#include "document/motion.hpp"
#include "document/scene.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_tests.hpp"
#include "evaluation/pair_trace.hpp"
#include "evaluation/swept_eval.hpp"
#include "satlab/collide.hpp"
#include "world/broad_phase.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>

namespace satlab::fuzz {

/// At most this many pairs are evaluated per input (in file order), so that a large scene
/// costs the fuzzer milliseconds, not minutes.
inline constexpr std::size_t kMaxPairsPerInput = 200;

inline bool finite(float v) { return std::isfinite(v); }
inline bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
inline bool notNan(float v) { return !std::isnan(v); }
inline bool notNan(const glm::vec3& v) { return !std::isnan(v.x) && !std::isnan(v.y) && !std::isnan(v.z); }

inline std::string pairName(const Scene& scene, std::size_t a, std::size_t b) {
  return "pair (" + std::to_string(a) + " '" + scene.shapes[a].name + "', " + std::to_string(b) + " '" +
         scene.shapes[b].name + "')";
}

/// Empty when every number of `r` is finite and within its documented range.
inline std::string checkPairResult(const PairResult& r) {
  if (r.separatingAxis && !finite(r.separatingAxis->axis)) return "separating axis not finite";
  if (r.separatingAxis && r.overlap) return "overlap with a separating axis";
  if (r.penetration) {
    if (!finite(r.penetration->axis)) return "penetration axis not finite";
    if (!finite(r.penetration->depth)) return "penetration depth not finite";
    if (r.penetration->depth < 0.0f) return "negative penetration depth";
    if (!r.overlap) return "separated with a penetration";
  }
  if (r.segmentPair && r.overlap && !(r.tEnter && r.tExit)) return "an overlapping segment pair without its t-interval";
  if (r.tEnter && !finite(*r.tEnter)) return "t_enter not finite";
  if (r.tExit && !finite(*r.tExit)) return "t_exit not finite";
  if (r.tEnter && r.tExit && !(0.0f <= *r.tEnter && *r.tEnter <= *r.tExit && *r.tExit <= 1.0f)) {
    return "t-interval outside 0 <= t_enter <= t_exit <= 1";
  }
  if (r.distance && !finite(*r.distance)) return "distance not finite";
  if (r.distance && *r.distance < 0.0f) return "negative distance";
  if (r.closestPoint && !finite(*r.closestPoint)) return "closest point not finite";
  if (r.closestOnA && !finite(*r.closestOnA)) return "closest point on a not finite";
  if (r.closestOnB && !finite(*r.closestOnB)) return "closest point on b not finite";
  return {};
}

/// Empty when the trace's results are finite and its records hold no NaN (an explorer
/// draws them). Intermediate squares and slab entry times may overflow to infinity for
/// huge inputs; a NaN is never meaningful.
inline std::string checkTraceNumbers(const PairTrace& t) {
  switch (t.kind) {
    case ExplorerKind::Sat:
      if (!finite(t.satResult.separatingAxis) || !finite(t.satResult.penetrationAxis) || !finite(t.satResult.depth)) {
        return "SAT result not finite";
      }
      for (const SatAxisRow& row : t.sat.rows) {
        if (!notNan(row.axis) || !notNan(row.rawAxis) || !notNan(row.length) || !notNan(row.centerDistance) ||
            !notNan(row.radiusA) || !notNan(row.radiusB) || !notNan(row.minA) || !notNan(row.maxA) ||
            !notNan(row.minB) || !notNan(row.maxB) || !notNan(row.gap)) {
          return "NaN in SAT row " + std::string(label(row.id));
        }
      }
      break;
    case ExplorerKind::Slab:
      if (!finite(t.hit.tEnter) || !finite(t.hit.tExit) || !finite(t.hit.enterPoint) || !finite(t.hit.enterNormal)) {
        return "slab hit not finite";
      }
      for (const SlabAxisRow& row : t.slab.rows) {
        if (!notNan(row.origin) || !notNan(row.direction) || !notNan(row.lo) || !notNan(row.hi) || !notNan(row.t1) ||
            !notNan(row.t2) || !notNan(row.tmin) || !notNan(row.tmax)) {
          return "NaN in slab row " + std::string(label(row.id));
        }
      }
      break;
    case ExplorerKind::Closest:
      if (!finite(t.closestResult.closestPoint) || !finite(t.closestResult.distance)) return "Arvo result not finite";
      for (const ClosestAxisRow& row : t.closest.rows) {
        if (!notNan(row.center) || !notNan(row.lo) || !notNan(row.hi) || !notNan(row.clamped) ||
            !notNan(row.contribution)) {
          return "NaN in Arvo row " + std::string(label(row.id));
        }
      }
      break;
    case ExplorerKind::SegmentSphere:
      if (!finite(t.hit.tEnter) || !finite(t.hit.tExit) || !finite(t.hit.enterPoint) || !finite(t.hit.enterNormal)) {
        return "segment-sphere hit not finite";
      }
      if (!notNan(t.quadratic.a) || !notNan(t.quadratic.b) || !notNan(t.quadratic.c) ||
          !notNan(t.quadratic.discriminant) || !notNan(t.quadratic.t0) || !notNan(t.quadratic.t1)) {
        return "NaN in the segment-sphere quadratic";
      }
      break;
    case ExplorerKind::SphereSphere:
      if (!finite(t.sphereSphere.distance) || !finite(t.sphereSphere.depth) || !finite(t.sphereSphere.normal)) {
        return "sphere-sphere result not finite";
      }
      break;
    case ExplorerKind::SegmentSegment:
      if (!finite(t.segSegResult.s) || !finite(t.segSegResult.t) || !finite(t.segSegResult.pointA) ||
          !finite(t.segSegResult.pointB) || !finite(t.segSegResult.distance)) {
        return "segment-segment result not finite";
      }
      for (const SegSegStep& step : t.segSeg.steps) {
        if (!finite(step.s) || !finite(step.t)) return "segment-segment step not finite";
      }
      break;
    case ExplorerKind::MeshTree:
      if (t.tree.overlap != t.meshResult.overlap) return "mesh tree trace disagrees with its result";
      break;
    case ExplorerKind::Capsule:
      if (t.capsule.overlap != t.capsuleResult.overlap) return "capsule trace disagrees with its result";
      if (!finite(t.capsuleResult.distance) || !finite(t.capsuleResult.pointA) || !finite(t.capsuleResult.pointB)) {
        return "capsule result not finite";
      }
      for (const CapsuleCandidateRow& r : t.capsule.rows) {
        if (!finite(r.onA) || !finite(r.onB) || !finite(r.distance)) return "capsule candidate not finite";
      }
      break;
    case ExplorerKind::Gjk:
      if (t.gjk.result.overlap != t.convexResult.overlap) return "GJK trace disagrees with its result";
      if (!finite(t.convexResult.distance) || !finite(t.convexResult.depth) || !finite(t.convexResult.pointA) ||
          !finite(t.convexResult.pointB) || !finite(t.convexResult.normal)) {
        return "GJK result not finite";
      }
      for (const GjkIterationRow& r : t.gjk.iterations) {
        if (!finite(r.v) || !finite(r.support.w) || !finite(r.closest) || !finite(r.distance)) {
          return "GJK iteration not finite";
        }
      }
      for (const EpaExpansionRow& r : t.gjk.expansions) {
        if (!finite(r.normal) || !finite(r.distance) || !finite(r.support.w)) return "EPA expansion not finite";
      }
      break;
    case ExplorerKind::None:
      if (t.test == TestId::SegmentTriangle) break;  // no explorer yet: the verdict alone
      return "no explorer for a pair of two different shapes";
  }
  return {};
}

/// An oracle for the pairs whose exact verdict is a few lines of double arithmetic on the
/// stored floats (sphere-sphere, AABB-AABB, sphere-AABB; in a 2D scene the same in the XY
/// plane): the verdict when the margin is clear, nothing when the pair is too close to call
/// or another kind. Clear means more than a relative 1e-5 of the largest magnitude involved
/// (coordinates, sizes, the distance): the float tests cannot resolve a gap of 1e-9 between
/// shapes at 52.5 (the box's edge c + h rounds), but must resolve one of 8e-30 between
/// spheres of radius 1e-30 at the origin, at every scale the loader accepts.
inline std::optional<bool> oracleVerdict(const Scene& scene, std::size_t a, std::size_t b) {
  const ShapeGeometry& ga = scene.shapes[a].geometry;
  const ShapeGeometry& gb = scene.shapes[b].geometry;
  const int dims = scene.view == ViewMode::TwoD ? 2 : 3;
  constexpr double kRel = 1e-5;
  auto call = [&](double gap, double scale) -> std::optional<bool> {
    if (gap > kRel * scale) return false;
    if (gap < -kRel * scale) return true;
    return std::nullopt;
  };
  const auto* sa = std::get_if<Sphere>(&ga);
  const auto* sb = std::get_if<Sphere>(&gb);
  const auto* ba = std::get_if<Aabb>(&ga);
  const auto* bb = std::get_if<Aabb>(&gb);
  auto magnitude = [&](const glm::vec3& v) {
    double m = 0;
    for (int k = 0; k < dims; ++k) m = std::max(m, std::fabs(static_cast<double>(v[k])));
    return m;
  };
  if (sa && sb) {
    double d2 = 0;
    for (int k = 0; k < dims; ++k) {
      const double d = static_cast<double>(sb->center[k]) - static_cast<double>(sa->center[k]);
      d2 += d * d;
    }
    const double d = std::sqrt(d2), r = static_cast<double>(sa->radius) + static_cast<double>(sb->radius);
    return call(d - r, std::max({d, r, magnitude(sa->center), magnitude(sb->center)}));
  }
  if (ba && bb) {
    bool allInside = true;
    for (int k = 0; k < dims; ++k) {
      const double d = std::fabs(static_cast<double>(bb->center[k]) - static_cast<double>(ba->center[k]));
      const double h = static_cast<double>(ba->half[k]) + static_cast<double>(bb->half[k]);
      const double at =
          std::max(std::fabs(static_cast<double>(ba->center[k])), std::fabs(static_cast<double>(bb->center[k])));
      const std::optional<bool> axis = call(d - h, std::max({d, h, at}));
      if (!axis) return std::nullopt;
      if (!*axis) return false;  // this axis separates them, whatever the others say
      allInside = allInside && *axis;
    }
    return allInside;
  }
  if ((sa && bb) || (sb && ba)) {
    const Sphere& s = sa ? *sa : *sb;
    const Aabb& box = ba ? *ba : *bb;
    double d2 = 0;
    for (int k = 0; k < dims; ++k) {
      const double c = s.center[k], lo = static_cast<double>(box.center[k]) - box.half[k],
                   hi = static_cast<double>(box.center[k]) + box.half[k];
      const double q = c < lo ? lo - c : c > hi ? c - hi : 0.0;
      d2 += q * q;
    }
    const double d = std::sqrt(d2), r = s.radius;
    return call(d - r, std::max({d, r, magnitude(s.center), magnitude(box.center) + magnitude(box.half)}));
  }
  return std::nullopt;
}

/// Empty when every checked pair passes:
///  - evaluatePair's numbers are finite and in range (checkPairResult);
///  - the traced run (tracePair) in both SAT modes, with the slab and with the 6-axis SAT
///    explorer of the box-segment pairs whose slab test has one (a SAT twin), and with the
///    shapes given either way round, has finite results and NaN-free records, and gives the
///    verdict of the untraced test it traces: evaluatePair's, except a SAT twin, which is
///    compared with its own untraced function (it differs from the slab test within a 1e-6
///    band, docs/algorithms.md);
///  - the broad phase never rules out a pair that overlaps (!mayOverlap implies separated);
///  - pairOverlaps, in both orders, is evaluatePair's verdict;
///  - where oracleVerdict() can call it, the verdict is the exact one.
/// Empty when a result between two frames is in its documented ranges: a hit's times with
/// 0 <= toi <= tExit <= 1, a miss's zero; the normal zero or unit; every number finite.
inline std::string checkSweptResult(const SweptResult& r) {
  if (!r.tested) return {};
  if (r.hit && !(0.0f <= r.toi && r.toi <= r.tExit && r.tExit <= 1.0f)) return "times outside 0 <= toi <= tExit <= 1";
  if (!r.hit && (r.toi != 0.0f || r.tExit != 0.0f || r.normal != glm::vec3(0.0f))) return "a miss with a contact";
  if (!finite(r.normal) || !finite(r.point)) return "normal or point not finite";
  const float n = glm::length(r.normal);
  if (n != 0.0f && std::abs(n - 1.0f) > 1e-3f) return "normal neither zero nor unit";
  if (r.hit && r.toi > 0.0f && n == 0.0f) return "a contact during the step without a normal";
  return {};
}

/// Every pair between two frames, each shape of the pair sent through the other's centre
/// (straight, and turning when it can turn): the untraced result in range, and the traced
/// run's the same.
inline std::string checkSceneSweeps(const Scene& scene) {
  const std::size_t n = scene.shapes.size();
  std::size_t checked = 0;
  for (std::size_t a = 0; a < n && checked < kMaxPairsPerInput; ++a) {
    for (std::size_t b = a + 1; b < n && checked < kMaxPairsPerInput; ++b, ++checked) {
      const ShapeGeometry& a0 = scene.shapes[a].geometry;
      const ShapeGeometry& b0 = scene.shapes[b].geometry;
      const glm::vec3 through = 2.0f * (shapeCentre(scene.shapes[b]) - shapeCentre(scene.shapes[a]));
      for (const bool turn : {false, true}) {
        const StepMotion m{through, turn ? glm::vec3(0.3f, 1.1f, -0.7f) : glm::vec3(0.0f)};
        const ShapeGeometry a1 = poseAlongStep(a0, m, 1.0f);
        const SweptResult r = evaluateSweep(a0, a1, b0, b0);
        const std::string where = pairName(scene, a, b) + " between frames (" + std::string(r.code) + ")";
        const std::string numbers = checkSweptResult(r);
        if (!numbers.empty()) return where + ": " + numbers;
        const SweptRecord rec = traceSweep(a0, a1, b0, b0);
        if (rec.result.hit != r.hit || rec.result.toi != r.toi || rec.result.tExit != r.tExit)
          return where + ": the traced run differs from the untraced one";
      }
    }
  }
  return {};
}

inline std::string checkScenePairs(const Scene& scene) {
  const std::size_t n = scene.shapes.size();
  const BroadPhase broad(scene);
  std::size_t checked = 0;
  for (std::size_t a = 0; a < n && checked < kMaxPairsPerInput; ++a) {
    for (std::size_t b = a + 1; b < n && checked < kMaxPairsPerInput; ++b, ++checked) {
      const PairResult r = evaluatePair(scene, a, b);
      if (r.a != a || r.b != b) return pairName(scene, a, b) + ": result names the wrong shapes";
      if (r.overlap && !broad.mayOverlap(a, b))
        return pairName(scene, a, b) + ": overlaps, but the broad phase ruled it out";
      if (pairOverlaps(scene, a, b) != r.overlap || pairOverlaps(scene, b, a) != r.overlap)
        return pairName(scene, a, b) + " (" + std::string(r.code) + "): pairOverlaps disagrees with evaluatePair";
      const std::string numbers = checkPairResult(r);
      if (!numbers.empty()) return pairName(scene, a, b) + " (" + std::string(r.code) + "): " + numbers;
      if (const std::optional<bool> exact = oracleVerdict(scene, a, b); exact && *exact != r.overlap) {
        return pairName(scene, a, b) + " (" + std::string(r.code) + "): verdict " +
               (r.overlap ? "overlap" : "separated") + ", exact (double) verdict " + (*exact ? "overlap" : "separated");
      }
      for (const SatMode mode : {SatMode::EarlyExit, SatMode::Full}) {
        for (const bool preferSlab : {true, false}) {
          ExplorerOptions options;
          options.mode = mode;
          options.preferSlab = preferSlab;
          const std::string how =
              std::string(mode == SatMode::Full ? "full" : "early-exit") + (preferSlab ? "" : ", 6-axis SAT explorer");
          for (const bool reversed : {false, true}) {
            const int i = static_cast<int>(reversed ? b : a), j = static_cast<int>(reversed ? a : b);
            const PairTrace t = tracePair(scene, i, j, options);
            const std::string where = pairName(scene, a, b) + " (" + std::string(r.code) + "), traced " +
                                      std::string(testName(t.test)) + ", " + how + (reversed ? ", reversed" : "");
            const std::string traceNumbers = checkTraceNumbers(t);
            if (!traceNumbers.empty()) return where + ": " + traceNumbers;
            bool untraced = r.overlap;
            if (t.test != t.planned) {
              // The SAT twin of a slab test: its own untraced function (they differ within
              // a 1e-6 band around slabs the segment runs parallel to).
              const ShapeGeometry& x = scene.shapes[static_cast<std::size_t>(t.shapeA)].geometry;
              const ShapeGeometry& y = scene.shapes[static_cast<std::size_t>(t.shapeB)].geometry;
              untraced = withPairTest(t.test, [&](auto row) {
                using R = decltype(row);
                if constexpr (!kIsPairTest<R>) {
                  return r.overlap;
                } else if constexpr (R::family != TestFamily::BoxSat) {
                  return r.overlap;
                } else {
                  NoTrace none;
                  return R::run(R::a(x), R::b(y), none, PairTestOptions{}).overlap;
                }
              });
            }
            if (t.overlap != untraced) {
              return where + ": traced verdict " + (t.overlap ? "overlap" : "separated") + ", untraced " +
                     (untraced ? "overlap" : "separated");
            }
          }
        }
      }
    }
  }
  return {};
}

}  // namespace satlab::fuzz
