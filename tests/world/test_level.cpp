// The seeded level generator (level.hpp).
#include "world/level.hpp"

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "document/motion.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

namespace satlab {
namespace {

LevelOptions small(std::uint32_t seed = 7) {
  LevelOptions o;
  o.seed = seed;
  o.statics = 300;
  o.movers = 40;
  return o;
}

TEST(Level, TheSameSeedGivesTheSameLevelAndAnotherSeedAnother) {
  const std::string a = sceneToJson(generateLevel(small(7)));
  EXPECT_EQ(a, sceneToJson(generateLevel(small(7))));
  EXPECT_NE(a, sceneToJson(generateLevel(small(8))));
}

TEST(Level, AFloorFourWallsTheStaticsAndTheMoversWithStableNames) {
  const Scene level = generateLevel(small());
  ASSERT_EQ(level.shapes.size(), 5u + 300u + 40u);
  EXPECT_EQ(level.shapes[0].name, "floor");
  EXPECT_EQ(level.shapes[1].name, "wall_n");
  EXPECT_EQ(level.shapes[4].name, "wall_w");
  EXPECT_EQ(level.shapes[5].name, "static_00000");
  EXPECT_EQ(level.shapes[304].name, "static_00299");
  EXPECT_EQ(level.shapes[305].name, "mover_0000");
  std::set<std::string> names;
  std::size_t obbs = 0, spheres = 0, aabbs = 0;
  for (std::size_t i = 0; i < level.shapes.size(); ++i) {
    const SceneShape& s = level.shapes[i];
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_FALSE(s.paletteColor);
    EXPECT_EQ(s.motion.has_value(), i >= 305) << s.name;
    if (i < 5 || i >= 305) continue;
    obbs += s.kind() == ShapeKind::Obb;
    spheres += s.kind() == ShapeKind::Sphere;
    aabbs += s.kind() == ShapeKind::Aabb;
  }
  // 10% spheres; a quarter of the boxes turned (with 300 draws, well within these bounds).
  EXPECT_GT(spheres, 10u);
  EXPECT_LT(spheres, 60u);
  EXPECT_GT(obbs, 40u);
  EXPECT_LT(obbs, 110u);
  EXPECT_EQ(obbs + spheres + aabbs, 300u);
}

TEST(Level, MoreMoversLeaveTheStaticsWhereTheyWere) {
  LevelOptions more = small();
  more.movers = 90;
  const Scene a = generateLevel(small()), b = generateLevel(more);
  for (std::size_t i = 0; i < 305; ++i) {
    EXPECT_EQ(sceneToJson(Scene{1, "", "", ViewMode::ThreeD, {a.shapes[i]}, {}, {}}),
              sceneToJson(Scene{1, "", "", ViewMode::ThreeD, {b.shapes[i]}, {}, {}}))
        << a.shapes[i].name;
  }
}

TEST(Level, EveryMoverLoopsInsideTheWalls) {
  const LevelOptions o = small(3);
  const Scene level = generateLevel(o);
  const float half = levelHalfSize(o);
  std::size_t spinning = 0;
  for (const SceneShape& s : level.shapes) {
    if (!s.motion) continue;
    const Motion& m = *s.motion;
    std::string field;
    EXPECT_FALSE(motionProblem(m, static_cast<int>(s.kind()), &field)) << s.name << " " << field;
    ASSERT_GE(m.path.size(), 3u) << s.name;
    EXPECT_TRUE(m.loop);
    EXPECT_EQ(m.path.front().position, m.path.back().position) << s.name << ": a closed loop";
    spinning += m.angularVelocity != glm::vec3(0.0f);
    SceneShape posed = s;
    for (double t = 0.0; t < 60.0; t += 0.37) {
      poseShapeAt(s, t, posed);
      const glm::vec3 c = shapeCentre(posed);
      EXPECT_LT(std::fabs(c.x), half) << s.name << " at t = " << t;
      EXPECT_LT(std::fabs(c.y), half) << s.name << " at t = " << t;
      EXPECT_GT(c.z, 0.0f) << s.name;
    }
  }
  EXPECT_GT(spinning, 0u);
  EXPECT_TRUE(sceneMoves(level));
}

TEST(Level, ImpossibleOptionsAreNamed) {
  LevelOptions o;
  o.statics = 1990000;
  o.movers = 20000;
  ASSERT_TRUE(levelOptionsProblem(o));
  EXPECT_NE(levelOptionsProblem(o)->find("statics + movers is 2010000"), std::string::npos);
  // Counts whose sum would wrap are named one by one (it read "statics + movers is 199").
  o.statics = std::numeric_limits<std::size_t>::max();
  o.movers = 200;
  EXPECT_EQ(
      levelOptionsProblem(o),
      "statics + movers is 18446744073709551615 + 200; a scene holds at most 1999995 besides the floor and the walls");
  o = LevelOptions{};
  o.rotatedShare = 1.5f;
  EXPECT_TRUE(levelOptionsProblem(o));
  o = LevelOptions{};
  o.halfSize = 3.0f;
  EXPECT_TRUE(levelOptionsProblem(o));
  EXPECT_FALSE(levelOptionsProblem(LevelOptions{}));
  // Asked anyway, the generator keeps within the scene limit.
  LevelOptions big;
  big.statics = kMaxSceneShapes + 5;
  big.movers = 10;
  big.seed = 2;
  EXPECT_EQ(generateLevel(big).shapes.size(), kMaxSceneShapes);
}

}  // namespace
}  // namespace satlab
