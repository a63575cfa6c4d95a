// Capsules between two frames: stepBetween reads a capsule's move (its midpoint) and turn
// (its core's direction) from two poses, and evaluateSweep gives the pair conservative
// advancement against a capsule, a sphere or a box, the capsule as the test's A.
#include "evaluation/swept_eval.hpp"

#include <gtest/gtest.h>

namespace satlab {
namespace {

TEST(CapsuleSwept, TheStepIsTheMidpointsMoveAndTheCoresTurn) {
  const ShapeGeometry before = Capsule{{-1, 0, 0}, {1, 0, 0}, 0.25f};
  const ShapeGeometry after = Capsule{{2, -1, 0}, {2, 1, 0}, 0.25f};
  const std::optional<StepMotion> m = stepBetween(before, after);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->displacement, glm::vec3(2, 0, 0));
  EXPECT_NEAR(m->rotation.z, 1.5707963f, 1e-6f);
  EXPECT_EQ(m->rotation.x, 0.0f);
  // A capsule that changes its length or radius between frames is not a rigid motion.
  EXPECT_FALSE(stepBetween(before, ShapeGeometry{Capsule{{-1, 0, 0}, {2, 0, 0}, 0.25f}}).has_value());
  EXPECT_FALSE(stepBetween(before, ShapeGeometry{Capsule{{-1, 0, 0}, {1, 0, 0}, 0.5f}}).has_value());
}

TEST(CapsuleSwept, ACapsuleSwungPastABoxTouchesItBetweenTheFrames) {
  // Lying along X, it turns a quarter turn about its midpoint: its end sweeps the box that
  // stands at x = 1.5, y = 1, which neither frame touches.
  const ShapeGeometry arm0 = Capsule{{-2, 0, 0}, {2, 0, 0}, 0.1f};
  const ShapeGeometry arm1 = Capsule{{0, -2, 0}, {0, 2, 0}, 0.1f};
  const ShapeGeometry box = Aabb{{1.5f, 1.0f, 0}, {0.05f, 0.3f, 1}};
  const SweptResult r = evaluateSweep(box, box, arm0, arm1, true);
  ASSERT_TRUE(r.tested);
  EXPECT_EQ(r.test, TestId::AdvanceCapsuleObb);
  EXPECT_EQ(r.code, "advance_capsule_obb");
  EXPECT_TRUE(r.swapped);  // the capsule is the test's A
  EXPECT_TRUE(r.hit);
  EXPECT_GT(r.toi, 0.0f);
  EXPECT_LT(r.toi, 1.0f);
  // Against a sphere and a capsule that stay where they are: the same sweep finds them.
  const SweptResult ball = evaluateSweep(arm0, arm1, Sphere{{1.5f, 1.0f, 0}, 0.2f}, Sphere{{1.5f, 1.0f, 0}, 0.2f});
  EXPECT_EQ(ball.test, TestId::AdvanceCapsuleSphere);
  EXPECT_TRUE(ball.hit);
  const ShapeGeometry post = Capsule{{1.5f, 1.0f, -1}, {1.5f, 1.0f, 1}, 0.1f};
  const SweptResult pole = evaluateSweep(arm0, arm1, post, post);
  EXPECT_EQ(pole.test, TestId::AdvanceCapsuleCapsule);
  EXPECT_TRUE(pole.hit);
  // Far from its sweep: no contact.
  const ShapeGeometry far = Capsule{{5, 5, -1}, {5, 5, 1}, 0.1f};
  EXPECT_FALSE(evaluateSweep(arm0, arm1, far, far).hit);
}

}  // namespace
}  // namespace satlab
