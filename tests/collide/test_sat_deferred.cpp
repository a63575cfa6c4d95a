// The untraced rich SAT result defers its penetration search until no axis has separated
// (sat_run.hpp): separated pairs normalise only their separating axis. The traced
// instantiation still runs the search axis by axis, so comparing the two, bit for bit, on
// random boxes (including the awkward ones: shared and near-parallel axes, flat boxes,
// epsilon 0) checks that the deferral changes no field of any result.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include <glm/gtc/quaternion.hpp>

#include "satlab/collide.hpp"
#include "random_shapes.hpp"

namespace satlab {
namespace {

constexpr int kPairs = 50000;

std::uint32_t bits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

::testing::AssertionResult bitIdentical(const SatResult& x, const SatResult& y) {
  bool same = x.overlap == y.overlap && x.separatingIndex == y.separatingIndex &&
              x.separatingLabel == y.separatingLabel &&
              x.penetrationIndex == y.penetrationIndex &&
              x.penetrationLabel == y.penetrationLabel && bits(x.depth) == bits(y.depth);
  for (int i = 0; i < 3; ++i) {
    same = same && bits(x.separatingAxis[i]) == bits(y.separatingAxis[i]) &&
           bits(x.penetrationAxis[i]) == bits(y.penetrationAxis[i]);
  }
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "untraced sep " << x.separatingIndex << " pen " << x.penetrationIndex << " depth "
         << x.depth << " / traced sep " << y.separatingIndex << " pen " << y.penetrationIndex
         << " depth " << y.depth;
}

// Rotations that exercise the degenerate edge axes as well as the general case.
glm::mat3 awkwardRotation(testing::ShapeGen& gen, const glm::mat3& other) {
  switch (static_cast<int>(gen.uniform(0.0f, 5.0f))) {
    case 0:
      return glm::mat3(1.0f);
    case 1:
      return other;  // every edge pair parallel
    case 2: {         // near-parallel to the identity
      const float e = 1e-4f;
      return glm::mat3_cast(glm::normalize(
          glm::quat(1.0f, gen.uniform(-e, e), gen.uniform(-e, e), gen.uniform(-e, e))));
    }
    case 3: {  // one shared axis
      glm::vec3 axis(0.0f);
      axis[static_cast<int>(gen.uniform(0.0f, 2.999f))] = 1.0f;
      return glm::mat3_cast(glm::angleAxis(gen.uniform(0.0f, 6.28f), axis));
    }
    default:
      return gen.rotation();
  }
}

TEST(SatDeferred, UntracedRichIsBitIdenticalToTraced) {
  const std::uint64_t seed = testing::propertySeed();
  SCOPED_TRACE(seed);
  testing::ShapeGen gen(seed);
  SatTrace trace;
  for (int i = 0; i < kPairs; ++i) {
    SatOptions opt;
    if (gen.chance(0.2)) opt.epsilon = 0.0f;
    if (gen.chance(0.2)) opt.mode = SatMode::Full;
    Obb a = gen.obb();
    Obb b = gen.obb();
    a.axes = awkwardRotation(gen, glm::mat3(1.0f));
    b.axes = awkwardRotation(gen, a.axes);
    const Aabb aa{a.center, a.half};
    const Aabb ab{b.center, b.half};
    const Segment seg = gen.segment();
    ASSERT_TRUE(bitIdentical(satAabbAabb(aa, ab, opt), satAabbAabb(aa, ab, trace, opt))) << i;
    ASSERT_TRUE(bitIdentical(satAabbObb(aa, b, opt), satAabbObb(aa, b, trace, opt))) << i;
    ASSERT_TRUE(bitIdentical(satObbObb(a, b, opt), satObbObb(a, b, trace, opt))) << i;
    ASSERT_TRUE(bitIdentical(satAabbSegment(aa, seg, opt), satAabbSegment(aa, seg, trace, opt)))
        << i;
  }
}

}  // namespace
}  // namespace satlab
