// Where a shape added by hand goes (document/placement.hpp): the view's centre when it is free,
// else the nearest place in sight and clear of the other shapes.
#include "document/placement.hpp"

#include "document/scene_edit.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace satlab::test {
namespace {

/// Looking down -Z at the XY plane: world x and y from -10 to 10 fill the screen.
PlacementView topView() {
  PlacementView v;
  v.viewProj = glm::ortho(-10.0f, 10.0f, -10.0f, 10.0f, -100.0f, 100.0f);
  return v;
}

bool touch(const SceneShape& a, const SceneShape& b) {
  glm::vec3 alo, ahi, blo, bhi;
  shapeBounds(a, alo, ahi);
  shapeBounds(b, blo, bhi);
  return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y && alo.z <= bhi.z && blo.z <= ahi.z;
}

TEST(PlaceNewShape, AnEmptySceneGetsItAtTheViewsCentre) {
  Scene scene;
  PlacementView v = topView();
  v.centre = glm::vec3(2.0f, -1.0f, 0.0f);
  EXPECT_EQ(placeNewShape(scene, ShapeKind::Aabb, v), v.centre);
}

TEST(PlaceNewShape, BoxesAddedOneAfterAnotherStandApartAndInSight) {
  Scene scene;
  const PlacementView v = topView();
  for (int i = 0; i < 12; ++i) {
    const glm::vec3 at = placeNewShape(scene, ShapeKind::Aabb, v);
    SceneShape s = makeShape(scene, ShapeKind::Aabb, at);
    for (const SceneShape& o : scene.shapes) EXPECT_FALSE(touch(s, o)) << i << " touches " << o.name;
    glm::vec3 lo, hi;
    shapeBounds(s, lo, hi);
    EXPECT_GE(lo.x, -10.0f);
    EXPECT_LE(hi.x, 10.0f);
    EXPECT_GE(lo.y, -10.0f);
    EXPECT_LE(hi.y, 10.0f);
    scene.shapes.push_back(std::move(s));
  }
  // The nearest free places: the first at the centre, the next beside it, one grid step (a
  // size and twice the quarter-size gap) away.
  EXPECT_EQ(shapeCenter(scene.shapes[0]), glm::vec3(0.0f));
  EXPECT_NEAR(glm::length(shapeCenter(scene.shapes[1])), 1.5f, 1e-5f);
}

TEST(PlaceNewShape, AShapeAtTheCentreSendsTheNewOneBesideIt) {
  Scene scene;
  scene.shapes.push_back(makeShape(scene, ShapeKind::Sphere, glm::vec3(0.0f)));
  const glm::vec3 at = placeNewShape(scene, ShapeKind::Sphere, topView());
  EXPECT_FALSE(touch(makeShape(scene, ShapeKind::Sphere, at), scene.shapes[0]));
  EXPECT_NEAR(glm::length(at), 1.5f, 1e-5f);  // the first ring
}

TEST(PlaceNewShape, WithNoRoomInSightTheNearestClearPlaceIsTaken) {
  // The view shows only the middle unit square, and a box sits there.
  Scene scene;
  scene.shapes.push_back(makeShape(scene, ShapeKind::Aabb, glm::vec3(0.0f)));
  PlacementView v = topView();
  v.ndcLo = glm::vec2(-0.05f);
  v.ndcHi = glm::vec2(0.05f);
  const glm::vec3 at = placeNewShape(scene, ShapeKind::Aabb, v);
  EXPECT_FALSE(touch(makeShape(scene, ShapeKind::Aabb, at), scene.shapes[0]));
  EXPECT_NEAR(glm::length(at), 1.5f, 1e-5f);
}

TEST(PlaceNewShape, InA2DSceneTheShapeStaysInThePlane) {
  Scene scene;
  scene.view = ViewMode::TwoD;
  PlacementView v = topView();
  v.centre = glm::vec3(1.0f, 1.0f, 5.0f);
  EXPECT_EQ(placeNewShape(scene, ShapeKind::Obb, v), glm::vec3(1.0f, 1.0f, 0.0f));
}

TEST(PlaceNewShape, BehindTheCameraIsNotInSight) {
  // A perspective view from +Y looking at the origin: nothing behind the eye is in sight.
  Scene scene;
  PlacementView v;
  v.viewProj = glm::perspective(glm::radians(45.0f), 1.0f, 0.1f, 100.0f) *
               glm::lookAt(glm::vec3(0.0f, -8.0f, 2.0f), glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f));
  v.ahead = glm::vec3(0.0f, 1.0f, 0.0f);
  for (int i = 0; i < 5; ++i) {
    const glm::vec3 at = placeNewShape(scene, ShapeKind::Aabb, v);
    EXPECT_GT(at.y, -8.0f) << i;
    scene.shapes.push_back(makeShape(scene, ShapeKind::Aabb, at));
  }
}

}  // namespace
}  // namespace satlab::test
