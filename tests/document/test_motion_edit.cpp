// Edits made at a time t other than 0, carried back to the t = 0 scene (motion_edit.hpp).
#include "document/motion_edit.hpp"

#include <gtest/gtest.h>

#include "document/history.hpp"
#include "document/motion.hpp"

namespace satlab {
namespace {

void expectVec(const glm::vec3& got, const glm::vec3& want, float tol) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

Scene movingScene() {
  Scene s;
  SceneShape crate;
  crate.name = "crate";
  crate.geometry = Obb{glm::vec3(1.0f, 2.0f, 1.0f), glm::mat3(1.0f), glm::vec3(1.0f, 0.5f, 0.5f)};
  Motion spin;
  spin.velocity = {1.0f, 0.0f, 0.0f};
  spin.angularVelocity = {0.0f, 0.0f, 0.9f};
  crate.motion = spin;
  SceneShape ball;
  ball.name = "ball";
  ball.geometry = Sphere{glm::vec3(-3.0f, 0.0f, 1.0f), 1.0f};
  Motion loop;
  loop.path = {{0.0, {0, 0, 0}}, {2.0, {4, 0, 0}}, {4.0, {0, 0, 0}}};
  ball.motion = loop;
  SceneShape rod;
  rod.name = "rod";
  rod.geometry = Segment{{0, -4, 0}, {2, -4, 0}};
  Motion turn;
  turn.angularVelocity = {0.0f, 0.0f, 1.0f};
  rod.motion = turn;
  SceneShape wall;
  wall.name = "wall";
  wall.geometry = Aabb{glm::vec3(0.0f, 9.0f, 1.0f), glm::vec3(9.0f, 0.5f, 1.0f)};
  s.shapes = {crate, ball, rod, wall};
  return s;
}

Scene posedAt(const Scene& base, double t) {
  Scene shown = base;
  applyMotion(base, t, shown);
  return shown;
}

TEST(MotionEdit, UnposingAPosedShapeGivesItsStartBack) {
  const Scene base = movingScene();
  for (double t : {0.5, 3.0, 17.25}) {
    const Scene shown = posedAt(base, t);
    for (std::size_t i = 0; i < base.shapes.size(); ++i) {
      const SceneShape back = unposeShape(shown.shapes[i], t);
      expectVec(shapeCentre(back), shapeCentre(base.shapes[i]), 1e-5f);
    }
    const Obb& crate = std::get<Obb>(unposeShape(shown.shapes[0], t).geometry);
    for (int k = 0; k < 3; ++k) expectVec(crate.axes[k], glm::mat3(1.0f)[k], 1e-5f);
    const Segment& rod = std::get<Segment>(unposeShape(shown.shapes[2], t).geometry);
    expectVec(rod.p0, {0, -4, 0}, 1e-5f);
    expectVec(rod.p1, {2, -4, 0}, 1e-5f);
  }
}

TEST(MotionEdit, UntouchedShapesKeepTheirStartBitForBit) {
  Scene base = movingScene();
  const Scene before = base;
  reconcileEdits(posedAt(base, 2.5), 2.5, base);
  ASSERT_EQ(base.shapes.size(), before.shapes.size());
  for (std::size_t i = 0; i < base.shapes.size(); ++i) EXPECT_TRUE(sameShape(base.shapes[i], before.shapes[i])) << i;
}

TEST(MotionEdit, AShapeDroppedAtTIsThereAtTAndItsStartMovesByTheSameDisplacement) {
  Scene base = movingScene();
  Scene shown = posedAt(base, 1.0);  // the ball's offset is (2, 0, 0): it is shown at (-1, 0, 1)
  std::get<Sphere>(shown.shapes[1].geometry).center = glm::vec3(-1.0f, 5.0f, 1.0f);  // dragged 5 along +y
  reconcileEdits(shown, 1.0, base);
  EXPECT_EQ(std::get<Sphere>(base.shapes[1].geometry).center, glm::vec3(-3.0f, 5.0f, 1.0f));
  expectVec(shapeCentre(posedAt(base, 1.0).shapes[1]), {-1.0f, 5.0f, 1.0f}, 1e-6f);
  // Turned at t: the start is turned by the same amount (the crate's own turn taken off).
  Scene turned = posedAt(base, 1.0);
  std::get<Obb>(turned.shapes[0].geometry).axes = glm::mat3(1.0f);
  reconcileEdits(turned, 1.0, base);
  const glm::mat3 back = glm::transpose(motionRotation(*base.shapes[0].motion, 1.0));
  for (int k = 0; k < 3; ++k) expectVec(std::get<Obb>(base.shapes[0].geometry).axes[k], back[k], 1e-6f);
}

TEST(MotionEdit, ARecolouredShapeKeepsItsStartGeometryExactly) {
  Scene base = movingScene();
  const Scene before = base;
  Scene shown = posedAt(base, 3.7);
  shown.shapes[0].color = glm::vec4(1.0f, 0.0f, 0.0f, 1.0f);
  reconcileEdits(shown, 3.7, base);
  EXPECT_EQ(base.shapes[0].color, glm::vec4(1.0f, 0.0f, 0.0f, 1.0f));
  SceneShape probe = base.shapes[0];
  probe.color = before.shapes[0].color;
  EXPECT_TRUE(sameShape(probe, before.shapes[0]));
}

TEST(MotionEdit, DeletedShapesGoAndNewOnesArriveAtTheirStart) {
  Scene base = movingScene();
  Scene shown = posedAt(base, 1.0);
  SceneShape copy = shown.shapes[1];  // a duplicate of the ball where the ball is shown
  copy.name = "ball_2";
  shown.shapes.erase(shown.shapes.begin() + 3);  // the wall deleted
  shown.shapes.push_back(copy);
  reconcileEdits(shown, 1.0, base);
  ASSERT_EQ(base.shapes.size(), 4u);
  EXPECT_EQ(base.shapes[2].name, "rod");
  EXPECT_EQ(base.shapes[3].name, "ball_2");
  expectVec(std::get<Sphere>(base.shapes[3].geometry).center, {-3.0f, 0.0f, 1.0f}, 1e-6f);
  EXPECT_EQ(findShape(base, "wall"), nullptr);
}

}  // namespace
}  // namespace satlab
