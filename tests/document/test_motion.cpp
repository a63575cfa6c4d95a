// Shapes in motion: poses as functions of time (motion.hpp).
#include "document/motion.hpp"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "document/rotation.hpp"
#include "document/scene.hpp"

namespace satlab {
namespace {

void expectVec(const glm::vec3& got, const glm::vec3& want, float tol) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

SceneShape movingObb(const glm::vec3& velocity, const glm::vec3& angularVelocity) {
  SceneShape s;
  s.name = "box";
  s.geometry = Obb{glm::vec3(1.0f, 2.0f, 3.0f), glm::mat3(1.0f), glm::vec3(0.5f, 1.0f, 1.5f)};
  Motion m;
  m.velocity = velocity;
  m.angularVelocity = angularVelocity;
  s.motion = m;
  return s;
}

Motion squarePath(bool loop) {
  Motion m;
  m.loop = loop;
  m.path = {{0.0, {0, 0, 0}}, {1.0, {4, 0, 0}}, {2.0, {4, 4, 0}}, {3.0, {0, 4, 0}}, {4.0, {0, 0, 0}}};
  return m;
}

TEST(Motion, AVelocityMovesTheCentreByVelocityTimesT) {
  const SceneShape base = movingObb({2.0f, 0.0f, -1.0f}, glm::vec3(0.0f));
  SceneShape out = base;
  poseShapeAt(base, 1.5, out);
  expectVec(std::get<Obb>(out.geometry).center, {4.0f, 2.0f, 1.5f}, 1e-6f);
  EXPECT_EQ(std::get<Obb>(out.geometry).half, std::get<Obb>(base.geometry).half);
  EXPECT_EQ(std::get<Obb>(out.geometry).axes, glm::mat3(1.0f));  // no turn: axes untouched, bit for bit
}

TEST(Motion, AQuarterTurnAboutZTakesXToY) {
  const float w = static_cast<float>(M_PI / 2.0);
  const SceneShape base = movingObb(glm::vec3(0.0f), {0.0f, 0.0f, w});
  SceneShape out = base;
  poseShapeAt(base, 1.0, out);
  const Obb& o = std::get<Obb>(out.geometry);
  expectVec(o.axes[0], {0, 1, 0}, 1e-6f);
  expectVec(o.axes[1], {-1, 0, 0}, 1e-6f);
  expectVec(o.axes[2], {0, 0, 1}, 1e-6f);
  EXPECT_EQ(o.center, std::get<Obb>(base.geometry).center);  // turns about its own centre
}

TEST(Motion, ScrubbingBackIsExactAndALongRunDoesNotDrift) {
  // The same t gives the same bits whatever was shown before it.
  const SceneShape base = movingObb({0.3f, -0.7f, 0.1f}, {0.4f, 1.3f, -0.2f});
  SceneShape first = base, later = base;
  poseShapeAt(base, 2.25, first);
  for (int frame = 0; frame < 600; ++frame) poseShapeAt(base, frame / 60.0, later);
  poseShapeAt(base, 2.25, later);
  EXPECT_EQ(std::get<Obb>(first.geometry).center, std::get<Obb>(later.geometry).center);
  EXPECT_EQ(std::get<Obb>(first.geometry).axes, std::get<Obb>(later.geometry).axes);
  // A day of play later the axes are still a rotation, and a whole number of turns lands
  // back on the start.
  SceneShape day = base;
  poseShapeAt(base, 86400.0, day);
  EXPECT_LT(orthonormalityError(std::get<Obb>(day.geometry).axes), 1e-6f);
  const SceneShape spin = movingObb(glm::vec3(0.0f), {0.0f, 2.0f * static_cast<float>(M_PI), 0.0f});
  SceneShape turns = spin;
  poseShapeAt(spin, 1000.0, turns);
  for (int i = 0; i < 3; ++i) expectVec(std::get<Obb>(turns.geometry).axes[i], glm::mat3(1.0f)[i], 1e-3f);
}

TEST(Motion, ASquarePathIsPiecewiseLinearAndWrapsAround) {
  const Motion m = squarePath(true);
  const auto at = [&](double t) { return glm::vec3(motionOffset(m, t)); };
  expectVec(at(0.0), {0, 0, 0}, 0.0f);
  expectVec(at(0.5), {2, 0, 0}, 1e-6f);
  expectVec(at(1.0), {4, 0, 0}, 0.0f);
  expectVec(at(2.5), {2, 4, 0}, 1e-6f);
  expectVec(at(4.5), {2, 0, 0}, 1e-6f);  // wrapped: 4.5 s is 0.5 s into the second lap
  expectVec(at(41.0), {4, 0, 0}, 1e-6f);
  const Motion once = squarePath(false);
  expectVec(glm::vec3(motionOffset(once, 2.5)), {2, 4, 0}, 1e-6f);
  expectVec(glm::vec3(motionOffset(once, 9.0)), {0, 0, 0}, 0.0f);  // held at the last key
}

TEST(Motion, APathIsAnOffsetFromTheShapesOwnCentre) {
  SceneShape s;
  s.name = "ball";
  s.geometry = Sphere{glm::vec3(10.0f, 0.0f, 0.0f), 1.0f};
  s.motion = squarePath(true);
  SceneShape out = s;
  poseShapeAt(s, 2.0, out);
  expectVec(std::get<Sphere>(out.geometry).center, {14, 4, 0}, 1e-6f);
  EXPECT_EQ(std::get<Sphere>(out.geometry).radius, 1.0f);
}

TEST(Motion, ASegmentAndATriangleTurnAboutTheirMiddle) {
  Motion spin;
  spin.angularVelocity = {0.0f, 0.0f, static_cast<float>(M_PI)};
  SceneShape seg;
  seg.name = "rod";
  seg.geometry = Segment{{1, 0, 0}, {3, 0, 0}};
  seg.motion = spin;
  SceneShape out = seg;
  poseShapeAt(seg, 1.0, out);  // half a turn about (2, 0, 0)
  expectVec(std::get<Segment>(out.geometry).p0, {3, 0, 0}, 1e-6f);
  expectVec(std::get<Segment>(out.geometry).p1, {1, 0, 0}, 1e-6f);

  SceneShape tri;
  tri.name = "tri";
  tri.geometry = Triangle{{0, 0, 0}, {3, 0, 0}, {0, 3, 0}};
  spin.velocity = {1, 0, 0};
  tri.motion = spin;
  SceneShape t2 = tri;
  poseShapeAt(tri, 1.0, t2);
  // Centroid (1, 1, 0) moves to (2, 1, 0); each corner turns half a turn about it.
  const Triangle& t = std::get<Triangle>(t2.geometry);
  expectVec(t.a, {3, 2, 0}, 1e-5f);
  expectVec(t.b, {0, 2, 0}, 1e-5f);
  expectVec(t.c, {3, -1, 0}, 1e-5f);
  expectVec(shapeCentre(t2), {2, 1, 0}, 1e-5f);
}

TEST(Motion, ACentreThatTravelsForEverStopsAtTheEdgeOfTheSceneRange) {
  const SceneShape base = movingObb({kMaxMotionSpeed, -kMaxMotionSpeed, 0.0f}, glm::vec3(0.0f));
  SceneShape out = base;
  poseShapeAt(base, 1e12, out);
  EXPECT_EQ(std::get<Obb>(out.geometry).center, glm::vec3(kMaxSceneCoordinate, -kMaxSceneCoordinate, 3.0f));
  EXPECT_EQ(motionDisplacement(base, 1e12, 1.0 / 60.0), glm::vec3(0.0f));
}

TEST(Motion, DisplacementOverAStepIsTheDifferenceOfTwoPoses) {
  SceneShape s;
  s.name = "ball";
  s.geometry = Sphere{glm::vec3(0.0f), 1.0f};
  s.motion = squarePath(true);
  expectVec(motionDisplacement(s, 0.5, 0.25), {1, 0, 0}, 1e-6f);
  expectVec(motionDisplacement(s, 0.75, 0.5), {1, 1, 0}, 1e-6f);  // round the corner at t = 1
  SceneShape still = s;
  still.motion.reset();
  EXPECT_EQ(motionDisplacement(still, 0.5, 0.25), glm::vec3(0.0f));
}

TEST(Motion, EachBadValueNamesItsField) {
  std::string field;
  Motion turn;
  turn.angularVelocity = {0, 1, 0};
  auto p = motionProblem(turn, static_cast<int>(ShapeKind::Aabb), &field);
  ASSERT_TRUE(p);
  EXPECT_EQ(field, "angular_velocity");
  EXPECT_NE(p->find("an AABB cannot turn; make it an OBB"), std::string::npos);
  EXPECT_FALSE(motionProblem(turn, static_cast<int>(ShapeKind::Obb), &field));

  Motion nan;
  nan.velocity.y = std::nanf("");
  ASSERT_TRUE(motionProblem(nan, 0, &field));
  EXPECT_EQ(field, "velocity[1]");
  Motion huge;
  huge.angularVelocity.z = 1e7f;
  ASSERT_TRUE(motionProblem(huge, 1, &field));
  EXPECT_EQ(field, "angular_velocity[2]");

  Motion order = squarePath(true);
  order.path[3].t = 2.0;
  p = motionProblem(order, 0, &field);
  ASSERT_TRUE(p);
  EXPECT_EQ(field, "path[3].t");
  EXPECT_NE(p->find("increase"), std::string::npos);
  Motion late = squarePath(true);
  late.path[0].t = 0.5;
  ASSERT_TRUE(motionProblem(late, 0, &field));
  EXPECT_EQ(field, "path[0].t");
  Motion far = squarePath(true);
  far.path[2].position.x = 2e9f;
  ASSERT_TRUE(motionProblem(far, 0, &field));
  EXPECT_EQ(field, "path[2].offset[0]");
  Motion both = squarePath(true);
  both.velocity = {1, 0, 0};
  ASSERT_TRUE(motionProblem(both, 0, &field));
  EXPECT_EQ(field, "velocity");
  Motion many;
  many.path.resize(kMaxPathKeys + 1);
  for (std::size_t i = 0; i < many.path.size(); ++i) many.path[i].t = static_cast<double>(i);
  ASSERT_TRUE(motionProblem(many, 0, &field));
  EXPECT_EQ(field, "path");
  EXPECT_FALSE(motionProblem(squarePath(false), 0, &field));
}

TEST(Motion, ApplyMotionPosesOnlyTheMovingShapes) {
  Scene base;
  base.shapes.push_back(movingObb({1, 0, 0}, {0, 0, 1}));
  SceneShape still;
  still.name = "wall";
  still.geometry = Aabb{glm::vec3(5.0f), glm::vec3(1.0f)};
  base.shapes.push_back(still);
  EXPECT_TRUE(sceneMoves(base));
  Scene out = base;
  applyMotion(base, 2.0, out);
  expectVec(std::get<Obb>(out.shapes[0].geometry).center, {3, 2, 3}, 1e-6f);
  EXPECT_EQ(std::get<Aabb>(out.shapes[1].geometry).center, glm::vec3(5.0f));
  applyMotion(base, 0.0, out);  // back to the start: the file's pose, bit for bit
  EXPECT_EQ(std::get<Obb>(out.shapes[0].geometry).center, std::get<Obb>(base.shapes[0].geometry).center);
  EXPECT_EQ(std::get<Obb>(out.shapes[0].geometry).axes, std::get<Obb>(base.shapes[0].geometry).axes);
  base.shapes[0].motion.reset();
  EXPECT_FALSE(sceneMoves(base));
}

}  // namespace
}  // namespace satlab
