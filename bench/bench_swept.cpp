// satlab benchmark: the tests between two frames (swept.hpp, advance.hpp) against plain
// textbook versions written here, on pairs that miss and pairs that touch during the step,
// as paired ratios (bench_common.hpp). Names are "<pair>/<inputs>/<B>_vs_<A>":
//   swept_vs_plain        the core's untraced test against the textbook's moving test
//   traced_vs_swept       SAT in time with its recorder against the untraced test
//   minkowski_vs_swept    two AABBs as a ray against A + B (the slab test) against SAT in time
//   advance_vs_substeps16 conservative advancement of turning boxes against 16 sub-steps of
//                         the static OBB-OBB test at the poses between (what a game without
//                         continuous collision can do; it misses contacts shorter than a
//                         sub-step, so its verdicts differ on some inputs, allowed)
#include <algorithm>
#include <cmath>
#include <utility>

#include "bench_common.hpp"
#include "core/core_calls.hpp"
#include "satlab/collide.hpp"

namespace satlab::bench {
namespace {

// ---------------------------------------------------------------------------------------
// Plain textbook implementations, written for this file from the cited descriptions; they
// share no code with src/collide.
// ---------------------------------------------------------------------------------------

struct PlainHit {
  bool overlap = false;
  float t = 0.0f;
};

// Ericson, Real-Time Collision Detection, 5.5.8 (IntersectMovingAABBAABB): in B's frame of
// motion, per axis the time the boxes start and stop overlapping; the latest start and the
// earliest stop. Float, as in the book.
SATLAB_BENCH_NOINLINE PlainHit plainMovingAabbAabb(const MovingAabb& ma, const MovingAabb& mb) {
  const glm::vec3 amin = ma.shape.center - ma.shape.half, amax = ma.shape.center + ma.shape.half;
  const glm::vec3 bmin = mb.shape.center - mb.shape.half, bmax = mb.shape.center + mb.shape.half;
  // Already overlapping at t = 0.
  if (amin.x <= bmax.x && bmin.x <= amax.x && amin.y <= bmax.y && bmin.y <= amax.y && amin.z <= bmax.z &&
      bmin.z <= amax.z)
    return {true, 0.0f};
  const glm::vec3 v = mb.d - ma.d;
  float tfirst = 0.0f, tlast = 1.0f;
  for (int i = 0; i < 3; ++i) {
    if (v[i] < 0.0f) {
      if (bmax[i] < amin[i]) return {};  // moving apart
      if (amax[i] < bmin[i]) tfirst = std::max((amax[i] - bmin[i]) / v[i], tfirst);
      if (bmax[i] > amin[i]) tlast = std::min((amin[i] - bmax[i]) / v[i], tlast);
    } else if (v[i] > 0.0f) {
      if (bmin[i] > amax[i]) return {};
      if (bmax[i] < amin[i]) tfirst = std::max((amin[i] - bmax[i]) / v[i], tfirst);
      if (amax[i] > bmin[i]) tlast = std::min((amax[i] - bmin[i]) / v[i], tlast);
    } else if (bmax[i] < amin[i] || bmin[i] > amax[i]) {
      return {};  // still and apart on this axis
    }
    if (tfirst > tlast) return {};
  }
  return {true, tfirst};
}

// Ericson 5.5.5 (TestMovingSphereSphere): |s + v t| = r, the book's quadratic in float.
SATLAB_BENCH_NOINLINE PlainHit plainMovingSphereSphere(const MovingSphere& ma, const MovingSphere& mb) {
  const glm::vec3 s = mb.shape.center - ma.shape.center, v = mb.d - ma.d;
  const float r = ma.shape.radius + mb.shape.radius;
  const float c = glm::dot(s, s) - r * r;
  if (c <= 0.0f) return {true, 0.0f};
  const float a = glm::dot(v, v);
  if (a < 1e-12f) return {};
  const float b = glm::dot(v, s);
  if (b >= 0.0f) return {};
  const float d = b * b - a * c;
  if (d < 0.0f) return {};
  const float t = (-b - std::sqrt(d)) / a;
  return t <= 1.0f ? PlainHit{true, t} : PlainHit{};
}

// A segment p + t d (t in [0, 1]) against the capsule around the segment x-y of radius r: the
// sides (the infinite cylinder, the foot within the segment) and the two end spheres.
float plainSegmentCapsule(const glm::vec3& p, const glm::vec3& d, const glm::vec3& x, const glm::vec3& y, float r) {
  float best = 2.0f;
  const glm::vec3 e = y - x, m = p - x;
  const float ee = glm::dot(e, e);
  // Starting inside the capsule: within r of the segment x-y.
  const float s = ee > 0.0f ? std::clamp(glm::dot(m, e) / ee, 0.0f, 1.0f) : 0.0f;
  if (glm::dot(m - s * e, m - s * e) <= r * r) return 0.0f;
  const glm::vec3 me = glm::cross(m, e), de = glm::cross(d, e);
  const float a = glm::dot(de, de), b = glm::dot(me, de), c = glm::dot(me, me) - r * r * ee;
  if (a > 0.0f && b * b - a * c >= 0.0f) {
    const float t = (-b - std::sqrt(b * b - a * c)) / a;
    const float foot = glm::dot(m + t * d, e) / ee;
    if (t >= 0.0f && t <= 1.0f && foot >= 0.0f && foot <= 1.0f) best = t;
  }
  for (const glm::vec3& q : {x, y}) {
    const glm::vec3 mq = p - q;
    const float qa = glm::dot(d, d), qb = glm::dot(mq, d), qc = glm::dot(mq, mq) - r * r;
    if (qa > 0.0f && qb < 0.0f && qb * qb - qa * qc >= 0.0f) {
      const float t = (-qb - std::sqrt(qb * qb - qa * qc)) / qa;
      if (t >= 0.0f && t <= 1.0f) best = std::min(best, t);
    }
  }
  return best;
}

// Ericson 5.5.7 (IntersectMovingSphereAABB): the centre's segment against the box grown by r
// (slabs); where it enters through a face region, that is the time; in an edge region, the
// edge's capsule decides; in a corner region, the three capsules of the corner's edges.
SATLAB_BENCH_NOINLINE PlainHit plainMovingSphereAabb(const MovingSphere& ms, const MovingAabb& mb) {
  const float r = ms.shape.radius;
  const glm::vec3 lo = mb.shape.center - mb.shape.half, hi = mb.shape.center + mb.shape.half;
  const glm::vec3 p = ms.shape.center, d = ms.d - mb.d;
  float tmin = 0.0f, tmax = 1.0f;
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(d[i]) < 1e-12f) {
      if (p[i] < lo[i] - r || p[i] > hi[i] + r) return {};
    } else {
      const float inv = 1.0f / d[i];
      float t1 = (lo[i] - r - p[i]) * inv, t2 = (hi[i] + r - p[i]) * inv;
      if (t1 > t2) std::swap(t1, t2);
      tmin = std::max(tmin, t1);
      tmax = std::min(tmax, t2);
      if (tmin > tmax) return {};
    }
  }
  const glm::vec3 q = p + tmin * d;
  int u = 0, v = 0;
  for (int i = 0; i < 3; ++i) {
    if (q[i] < lo[i]) u |= 1 << i;
    if (q[i] > hi[i]) v |= 1 << i;
  }
  const int m = u + v;
  const auto corner = [&](int n) {
    return glm::vec3((n & 1) ? hi.x : lo.x, (n & 2) ? hi.y : lo.y, (n & 4) ? hi.z : lo.z);
  };
  if (m == 7) {  // a corner region: the three edges meeting there
    float t = 2.0f;
    for (const int bit : {1, 2, 4}) t = std::min(t, plainSegmentCapsule(p, d, corner(v), corner(v ^ bit), r));
    return t <= 1.0f ? PlainHit{true, t} : PlainHit{};
  }
  if ((m & (m - 1)) == 0) return {true, tmin};  // a face region
  // An edge region: the edge along the axis that is neither below nor above.
  const float t = plainSegmentCapsule(p, d, corner(u ^ 7), corner(v), r);
  return t <= 1.0f ? PlainHit{true, t} : PlainHit{};
}

// Sub-stepping, what a game without continuous collision can do: the static OBB-OBB test
// at 16 poses along the step (the textbook test, Ericson 4.4.1, through the core's call).
SATLAB_BENCH_NOINLINE bool substeps16(const MovingObb& ma, const MovingObb& mb) {
  for (int k = 1; k <= 16; ++k) {
    const float t = static_cast<float>(k) / 16.0f;
    const glm::mat3 ra = glm::mat3_cast(glm::angleAxis(glm::length(ma.w) * t, glm::normalize(ma.w)));
    const glm::mat3 rb = glm::mat3_cast(glm::angleAxis(glm::length(mb.w) * t, glm::normalize(mb.w)));
    const Obb a{ma.shape.center + ma.d * t, ra * ma.shape.axes, ma.shape.half};
    const Obb b{mb.shape.center + mb.d * t, rb * mb.shape.axes, mb.shape.half};
    if (overlaps(a, b)) return true;
  }
  return false;
}

// The harness's verdictOf (bench_common.hpp) for the results here, found by argument-
// dependent lookup.
bool verdictOf(const PlainHit& h) { return h.overlap; }

// Inputs: shapes spread so that about half of the pairs touch during the step, each moving
// by up to 4 units.
MovingAabb movingAabb() { return {randAabb(3.0f), rng().vec3(-4.0f, 4.0f), glm::vec3(0.0f)}; }
MovingObb movingObb() { return {randObb(3.0f), rng().vec3(-4.0f, 4.0f), glm::vec3(0.0f)}; }
MovingObb turningObb() {
  return {randObb(3.0f), rng().vec3(-3.0f, 3.0f), rng().direction() * rng().uniform(0.5f, 3.0f)};
}
MovingSphere movingSphere() { return {randSphere(3.0f), rng().vec3(-4.0f, 4.0f), glm::vec3(0.0f)}; }

template <class A, class B, class MakeA, class MakeB, class Verdict>
auto sets(MakeA ma, MakeB mb, Verdict verdict) {
  return makeSets<A, B>([&] { return std::make_pair(ma(), mb()); }, verdict);
}

}  // namespace
}  // namespace satlab::bench

namespace satlab {
// The harness's verdictOf for the core's SweptHit (in the core's namespace, for the lookup).
inline bool verdictOf(const SweptHit& h) { return h.hit; }
}  // namespace satlab

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  const auto hit = [](const auto& a, const auto& b) { return sweptObbObbCall(a, b).hit; };
  static const auto aabbAabb = sets<MovingAabb, MovingAabb>(
      movingAabb, movingAabb, [](const MovingAabb& a, const MovingAabb& b) { return sweptAabbAabbCall(a, b).hit; });
  static const auto obbObb = sets<MovingObb, MovingObb>(movingObb, movingObb, hit);
  static const auto sphereSphere_ = sets<MovingSphere, MovingSphere>(
      movingSphere, movingSphere,
      [](const MovingSphere& a, const MovingSphere& b) { return sweptSphereSphereCall(a, b).hit; });
  static const auto sphereAabb = sets<MovingSphere, MovingAabb>(
      movingSphere, movingAabb,
      [](const MovingSphere& a, const MovingAabb& b) { return sweptSphereAabbCall(a, b).hit; });
  static const auto turning = sets<MovingObb, MovingObb>(
      turningObb, turningObb, [](const MovingObb& a, const MovingObb& b) { return advanceObbObbCall(a, b).hit; });

#define SATLAB_FN(f) [](const auto& a, const auto& b) { return f(a, b); }
  addPaired("moving AABB-AABB", aabbAabb, "plain", SATLAB_FN(plainMovingAabbAabb), "swept",
            SATLAB_FN(sweptAabbAabbCall));
  addPaired("moving AABB-AABB", aabbAabb, "swept", SATLAB_FN(sweptAabbAabbCall), "minkowski",
            SATLAB_FN(sweptMinkowskiCall));
  addPaired("moving OBB-OBB", obbObb, "swept", SATLAB_FN(sweptObbObbCall), "traced", SATLAB_FN(tracedSweptObbObbCall));
  addPaired("moving sphere-sphere", sphereSphere_, "plain", SATLAB_FN(plainMovingSphereSphere), "swept",
            SATLAB_FN(sweptSphereSphereCall));
  addPaired("moving sphere-AABB", sphereAabb, "plain", SATLAB_FN(plainMovingSphereAabb), "swept",
            SATLAB_FN(sweptSphereAabbCall));
  addPaired("turning OBB-OBB", turning, "substeps16", SATLAB_FN(substeps16), "advance", SATLAB_FN(advanceObbObbCall),
            /*verdictsMayDiffer=*/true);
#undef SATLAB_FN
  return runMain();
}
