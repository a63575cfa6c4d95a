// satlab benchmark: capsule tests (capsule.hpp) against plain textbook versions written
// here, on separated and overlapping pairs, as paired ratios (bench_common.hpp). Names are
// "<pair>/<inputs>/rich_vs_plain": the core's untraced result against the book's test.
//   capsule-capsule  Ericson, Real-Time Collision Detection, 4.5.1 (TestCapsuleCapsule):
//                    the squared distance of the two cores by ClosestPtSegmentSegment (5.1.9)
//                    against (rA + rB)^2, in float
//   capsule-sphere   Ericson 4.5.1 (TestSphereCapsule): the centre's squared distance to the
//                    core (SqDistPointSegment, 5.1.2.1) against (rA + rB)^2
// The core's tests also return the closest points and the distance, and accept touching
// within a contact tolerance (capsule.hpp); the verdicts are checked equal on every input.
#include <algorithm>
#include <cmath>
#include <utility>

#include "bench_common.hpp"
#include "core/core_calls.hpp"
#include "satlab/collide.hpp"

namespace satlab::bench {
namespace {

// Ericson 5.1.9 ClosestPtSegmentSegment: the squared distance between p1q1 and p2q2.
float plainSqDistSegSeg(const glm::vec3& p1, const glm::vec3& q1, const glm::vec3& p2, const glm::vec3& q2) {
  const glm::vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const float a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
  float s, t;
  if (a <= 1e-12f && e <= 1e-12f) return glm::dot(r, r);
  if (a <= 1e-12f) {
    s = 0.0f;
    t = std::clamp(f / e, 0.0f, 1.0f);
  } else {
    const float c = glm::dot(d1, r);
    if (e <= 1e-12f) {
      t = 0.0f;
      s = std::clamp(-c / a, 0.0f, 1.0f);
    } else {
      const float b = glm::dot(d1, d2), denom = a * e - b * b;
      s = denom != 0.0f ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
      t = (b * s + f) / e;
      if (t < 0.0f) {
        t = 0.0f;
        s = std::clamp(-c / a, 0.0f, 1.0f);
      } else if (t > 1.0f) {
        t = 1.0f;
        s = std::clamp((b - c) / a, 0.0f, 1.0f);
      }
    }
  }
  const glm::vec3 c1 = p1 + d1 * s, c2 = p2 + d2 * t;
  return glm::dot(c1 - c2, c1 - c2);
}

SATLAB_BENCH_NOINLINE bool plainCapsuleCapsule(const Capsule& a, const Capsule& b) {
  const float r = a.radius + b.radius;
  return plainSqDistSegSeg(a.p0, a.p1, b.p0, b.p1) <= r * r;
}

// Ericson 5.1.2.1 SqDistPointSegment.
SATLAB_BENCH_NOINLINE bool plainCapsuleSphere(const Capsule& a, const Sphere& b) {
  const glm::vec3 ab = a.p1 - a.p0, ac = b.center - a.p0, bc = b.center - a.p1;
  const float e = glm::dot(ac, ab);
  float d2;
  if (e <= 0.0f) {
    d2 = glm::dot(ac, ac);
  } else if (const float f = glm::dot(ab, ab); e >= f) {
    d2 = glm::dot(bc, bc);
  } else {
    d2 = glm::dot(ac, ac) - e * e / f;
  }
  const float r = a.radius + b.radius;
  return d2 <= r * r;
}

Capsule randCapsule(float spread) {
  const glm::vec3 c = rng().vec3(-spread, spread);
  const glm::vec3 h = rng().direction() * rng().uniform(0.2f, 1.5f);
  return Capsule{c - h, c + h, rng().uniform(0.1f, 0.8f)};
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  static const auto capCap =
      makeSets<Capsule, Capsule>([] { return std::make_pair(randCapsule(2.5f), randCapsule(2.5f)); },
                                 [](const Capsule& a, const Capsule& b) { return richCapsuleCapsule(a, b).overlap; });
  static const auto capSphere =
      makeSets<Capsule, Sphere>([] { return std::make_pair(randCapsule(2.5f), randSphere(2.5f)); },
                                [](const Capsule& a, const Sphere& b) { return richCapsuleSphere(a, b).overlap; });
#define SATLAB_FN(f) [](const auto& a, const auto& b) { return f(a, b); }
  addPaired("capsule-capsule", capCap, "plain", SATLAB_FN(plainCapsuleCapsule), "rich", SATLAB_FN(richCapsuleCapsule));
  addPaired("capsule-sphere", capSphere, "plain", SATLAB_FN(plainCapsuleSphere), "rich", SATLAB_FN(richCapsuleSphere));
#undef SATLAB_FN
  return runMain();
}
