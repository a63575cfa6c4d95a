// A shape's "motion" in a scene file: load, validation messages, save, undo, copy and paste.
#include <string>

#include <gtest/gtest.h>

#include "document/clipboard_json.hpp"
#include "document/history.hpp"
#include "document/motion.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "scene_test_util.hpp"

namespace satlab {
namespace {

const char* kMoving = R"({"version": 1, "shapes": [
  {"name": "crate", "type": "obb", "center": [0, 0, 1], "half_extents": [1, 1, 1],
   "motion": {"velocity": [1, 0.5, 0], "angular_velocity": [0, 0, 0.25]}},
  {"name": "ball", "type": "sphere", "center": [5, 0, 1], "radius": 1,
   "motion": {"path": [{"t": 0, "offset": [0, 0, 0]}, {"t": 1.5, "offset": [2, 0, 0]}, {"t": 3, "offset": [0, 0, 0]}],
              "loop": false}},
  {"name": "wall", "type": "aabb", "center": [0, 9, 1], "half_extents": [9, 0.5, 1]}
]})";

std::string loadError(const std::string& motion, const char* type = "obb") {
  const std::string text = std::string(R"({"version": 1, "shapes": [{"name": "m", "type": ")") + type +
                           R"(", "center": [0, 0, 0], "half_extents": [1, 1, 1], "motion": )" + motion + "}]}";
  const SceneLoadResult r = parseScene(text, "bad.json");
  return r.ok() ? std::string("(loaded)") : r.error->text();
}

TEST(MotionJson, AMotionLoadsAsTheFileGivesIt) {
  const Scene s = test::parse(kMoving);
  ASSERT_EQ(s.shapes.size(), 3u);
  ASSERT_TRUE(s.shapes[0].motion);
  EXPECT_EQ(s.shapes[0].motion->velocity, glm::vec3(1.0f, 0.5f, 0.0f));
  EXPECT_EQ(s.shapes[0].motion->angularVelocity, glm::vec3(0.0f, 0.0f, 0.25f));
  ASSERT_TRUE(s.shapes[1].motion);
  ASSERT_EQ(s.shapes[1].motion->path.size(), 3u);
  EXPECT_EQ(s.shapes[1].motion->path[1].t, 1.5);
  EXPECT_EQ(s.shapes[1].motion->path[1].position, glm::vec3(2.0f, 0.0f, 0.0f));
  EXPECT_FALSE(s.shapes[1].motion->loop);
  EXPECT_FALSE(s.shapes[2].motion);
  EXPECT_TRUE(sceneMoves(s));
}

TEST(MotionJson, SaveWritesTheMotionAndLoadsBackTheSame) {
  const Scene s = test::parse(kMoving);
  const std::string saved = sceneToJson(s);
  EXPECT_NE(saved.find(R"("motion": {"velocity": [1.0, 0.5, 0.0], "angular_velocity": [0.0, 0.0, 0.25]})"),
            std::string::npos)
      << saved;
  EXPECT_NE(saved.find(R"("loop": false)"), std::string::npos) << saved;
  const Scene again = test::parse(saved);
  ASSERT_EQ(again.shapes.size(), s.shapes.size());
  for (std::size_t i = 0; i < s.shapes.size(); ++i) EXPECT_TRUE(sameShape(s.shapes[i], again.shapes[i])) << i;
  EXPECT_EQ(sceneToJson(again), saved);
}

TEST(MotionJson, A2dSceneTurnsAboutZGivenAsANumber) {
  const Scene s = test::parse(R"({"version": 1, "view": "2d", "shapes": [
    {"name": "plank", "type": "obb", "center": [0, 0], "half_extents": [2, 0.2], "motion": {"velocity": [1, 2], "angular_velocity": 1.5}}]})");
  ASSERT_TRUE(s.shapes[0].motion);
  EXPECT_EQ(s.shapes[0].motion->angularVelocity, glm::vec3(0.0f, 0.0f, 1.5f));
  EXPECT_NE(sceneToJson(s).find(R"("motion": {"velocity": [1.0, 2.0], "angular_velocity": 1.5})"), std::string::npos);
  const SceneLoadResult tilt = parseScene(R"({"version": 1, "view": "2d", "shapes": [
    {"name": "p", "type": "obb", "center": [0, 0], "half_extents": [2, 1], "motion": {"angular_velocity": [1, 0, 0]}}]})",
                                          "tilt.json");
  ASSERT_FALSE(tilt.ok());
  EXPECT_NE(tilt.error->text().find("shapes[0].motion.angular_velocity: a 2D scene turns about +Z only"),
            std::string::npos)
      << tilt.error->text();
}

TEST(MotionJson, EachBadMotionIsAnErrorNamingItsPath) {
  EXPECT_EQ(loadError(R"({"angular_velocity": [0, 0, 1]})", "aabb"),
            "bad.json: shapes[0].motion.angular_velocity: an AABB cannot turn; make it an OBB");
  EXPECT_NE(loadError(R"({"velocity": [0, 1e300, 0]})").find("shapes[0].motion.velocity[1]"), std::string::npos);
  EXPECT_NE(loadError(R"({"velocity": [0, 2e6, 0]})").find("shapes[0].motion.velocity[1]: must be within"),
            std::string::npos);
  EXPECT_NE(
      loadError(
          R"({"path": [{"t": 0, "offset": [0, 0, 0]}, {"t": 2, "offset": [1, 0, 0]}, {"t": 2, "offset": [0, 0, 0]}]})")
          .find("shapes[0].motion.path[2].t: key times must increase (got 2 after 2)"),
      std::string::npos);
  EXPECT_NE(loadError(R"({"path": [{"t": 1, "offset": [0, 0, 0]}]})").find("shapes[0].motion.path[0].t"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"path": [{"t": 0, "offset": [0, 2e9, 0]}]})").find("shapes[0].motion.path[0].offset[1]"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"path": [{"t": 0}]})").find("shapes[0].motion.path[0]: missing field \"offset\""),
            std::string::npos);
  EXPECT_NE(loadError(R"({"path": []})").find("shapes[0].motion.path: a path needs at least one key"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"path": [{"t": 0, "offset": [0, 0, 0]}], "velocity": [1, 0, 0]})")
                .find("shapes[0].motion.velocity: a path sets the centre"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"loop": 1})").find("shapes[0].motion.loop"), std::string::npos);
  EXPECT_NE(loadError(R"([1, 2])").find("shapes[0].motion"), std::string::npos);
  std::string many = R"({"path": [)";
  for (std::size_t i = 0; i <= kMaxPathKeys; ++i) {
    many += (i ? "," : "") + std::string(R"({"t":)") + std::to_string(i) + R"(,"offset":[0,0,0]})";
  }
  many += "]}";
  EXPECT_NE(loadError(many).find("shapes[0].motion.path: has 4097 keys; the limit is 4096"), std::string::npos);
}

TEST(MotionJson, AnUnknownMemberOfAMotionIsAWarning) {
  const SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [{"name": "m", "type": "sphere", "center": [0, 0, 0],
    "radius": 1, "motion": {"velocty": [1, 0, 0]}}]})",
                                       "typo.json");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].text(), "typo.json: shapes[0].motion.velocty: unknown field, ignored");
}

TEST(MotionJson, UndoAndRedoKeepAnEditedMotion) {
  Scene s = test::parse(kMoving);
  const Scene before = s;
  s.shapes[0].motion->velocity.x = 3.0f;
  SceneHistory history;
  ASSERT_TRUE(history.push("motion", before, s));  // an edit of the motion alone is a step
  ASSERT_TRUE(history.undo(s));
  EXPECT_EQ(s.shapes[0].motion->velocity.x, 1.0f);
  ASSERT_TRUE(history.redo(s));
  EXPECT_EQ(s.shapes[0].motion->velocity.x, 3.0f);
  Scene still = s;
  still.shapes[1].motion.reset();
  EXPECT_FALSE(sameShape(s.shapes[1], still.shapes[1]));
}

TEST(MotionJson, CopyAndPasteCarryTheMotion) {
  const Scene s = test::parse(kMoving);
  const std::string text = shapesToJson(s, {0, 1});
  const PasteResult pasted = parsePastedShapes(text, Scene{});
  ASSERT_TRUE(pasted.ok());
  ASSERT_EQ(pasted.shapes.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    SceneShape copy = pasted.shapes[i];
    copy.paletteColor = s.shapes[i].paletteColor;  // a copy writes its colours; the rest is the same
    EXPECT_TRUE(sameShape(copy, s.shapes[i])) << i;
    EXPECT_TRUE(copy.motion) << i;
  }
}

}  // namespace
}  // namespace satlab
