// Capsules in scene files: "type": "capsule" with p0, p1 and radius, read, checked and
// written back like the segments and spheres they are made of; moved and turned about the
// midpoint; bounded by the segment's box grown by the radius.
#include "document/motion.hpp"
#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

#include <gtest/gtest.h>

#include "scene_test_util.hpp"

namespace satlab {
namespace {

using test::parse;

std::string errorOf(const std::string& shape, const char* view = "3d") {
  const SceneLoadResult r =
      parseScene(std::string(R"({"version": 1, "view": ")") + view + R"(", "shapes": [)" + shape + "]}", "caps.json");
  return r.error ? r.error->text() : std::string("no error");
}

TEST(CapsuleScene, LoadsAndSavesP0P1AndRadius) {
  const Scene s = parse(R"({"version": 1, "shapes": [
      {"name": "hero", "type": "capsule", "p0": [0, 0.5, 0], "p1": [0, 1.5, 0], "radius": 0.5}]})");
  ASSERT_EQ(s.shapes.size(), 1u);
  ASSERT_EQ(s.shapes[0].kind(), ShapeKind::Capsule);
  const Capsule& c = std::get<Capsule>(s.shapes[0].geometry);
  EXPECT_EQ(c.p0, glm::vec3(0, 0.5f, 0));
  EXPECT_EQ(c.p1, glm::vec3(0, 1.5f, 0));
  EXPECT_EQ(c.radius, 0.5f);
  EXPECT_EQ(shapeKindName(ShapeKind::Capsule), "capsule");
  const std::string saved = sceneToJson(s);
  EXPECT_NE(saved.find(R"("type": "capsule")"), std::string::npos) << saved;
  EXPECT_NE(saved.find(R"("radius": 0.5)"), std::string::npos) << saved;
  const Scene again = parse(saved);
  EXPECT_EQ(sceneToJson(again), saved);
}

TEST(CapsuleScene, TwoDimensionalCapsuleIsAStadiumInThePlane) {
  const Scene s = parse(R"({"version": 1, "view": "2d", "shapes": [
      {"name": "stadium", "type": "capsule", "p0": [-1, 0], "p1": [1, 0], "radius": 0.25}]})");
  const Capsule& c = std::get<Capsule>(s.shapes[0].geometry);
  EXPECT_EQ(c.p0, glm::vec3(-1, 0, 0));
  EXPECT_EQ(c.p1, glm::vec3(1, 0, 0));
  EXPECT_NE(sceneToJson(s).find(R"("p0": [-1.0, 0.0])"), std::string::npos) << sceneToJson(s);
}

TEST(CapsuleScene, BadFieldsNameTheFileTheFieldAndTheReason) {
  EXPECT_EQ(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0,0], "p1": [0,1,0], "radius": -1})"),
            "caps.json: shapes[0].radius: must be >= 0 (got -1)");
  EXPECT_EQ(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0,0], "p1": [0,1,0]})"),
            "caps.json: shapes[0]: missing field \"radius\" (a capsule needs p0, p1 and radius)");
  EXPECT_EQ(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0,0], "radius": 1})"),
            "caps.json: shapes[0]: missing field \"p1\" (a capsule needs p0, p1 and radius)");
  EXPECT_NE(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0,"x"], "p1": [0,1,0], "radius": 1})")
                .find("caps.json: shapes[0].p0[2]: expected a number"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0,0], "p1": [0,1e10,0], "radius": 1})")
                .find("caps.json: shapes[0].p1[1]: "),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0,0], "p1": [0,1,0], "radius": 1e39})")
                .find("caps.json: shapes[0].radius: 1e39 is outside the float range"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "c", "type": "capsule", "p0": [0,0], "p1": [0,1,0], "radius": 1})")
                .find("caps.json: shapes[0].p0"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "c", "type": "cylinder"})").find("capsule"), std::string::npos);
}

TEST(CapsuleScene, AnUnknownFieldIsWarnedAbout) {
  const SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [
      {"name": "c", "type": "capsule", "p0": [0,0,0], "p1": [0,1,0], "radius": 1, "half_extents": [1,1,1]}]})",
                                       "caps.json");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].text(), "caps.json: shapes[0].half_extents: not a field of type capsule, ignored");
}

TEST(CapsuleScene, BoundsCentreAndMoves) {
  Scene s = parse(R"({"version": 1, "shapes": [
      {"name": "c", "type": "capsule", "p0": [0, 0, 0], "p1": [2, 0, 0], "radius": 0.5,
       "motion": {"angular_velocity": [0, 0, 1.5707963267948966]}}]})");
  const SceneShape& shape = s.shapes[0];
  glm::vec3 lo, hi;
  shapeBounds(shape, lo, hi);
  EXPECT_EQ(lo, glm::vec3(-0.5f, -0.5f, -0.5f));
  EXPECT_EQ(hi, glm::vec3(2.5f, 0.5f, 0.5f));
  EXPECT_EQ(shapeCenter(shape), glm::vec3(1, 0, 0));
  // A quarter turn about the midpoint in one second: upright, the radius kept.
  SceneShape at = shape;
  poseShapeAt(shape, 1.0, at);
  const Capsule& c = std::get<Capsule>(at.geometry);
  EXPECT_NEAR(c.p0.x, 1.0f, 1e-5f);
  EXPECT_NEAR(c.p0.y, -1.0f, 1e-5f);
  EXPECT_NEAR(c.p1.y, 1.0f, 1e-5f);
  EXPECT_EQ(c.radius, 0.5f);
  // Moving it moves both ends; a negative radius from an edit is clamped to 0.
  SceneShape moved = shape;
  translateShape(moved, glm::vec3(0, 3, 0));
  EXPECT_EQ(std::get<Capsule>(moved.geometry).p1, glm::vec3(2, 3, 0));
  std::get<Capsule>(moved.geometry).radius = -1.0f;
  EXPECT_TRUE(clampToSceneRange(moved));
  EXPECT_EQ(std::get<Capsule>(moved.geometry).radius, 0.0f);
}

TEST(CapsuleScene, AddedCapsuleIsUprightAndNamed) {
  Scene s;
  const SceneShape c = makeShape(s, ShapeKind::Capsule, glm::vec3(1, 2, 3));
  EXPECT_EQ(c.name, "capsule");
  ASSERT_EQ(c.kind(), ShapeKind::Capsule);
  EXPECT_EQ(shapeCenter(c), glm::vec3(1, 2, 3));
}

}  // namespace
}  // namespace satlab
