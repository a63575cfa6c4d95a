// The live pairs (model/live_pairs.hpp) without a display: a small scene's pairs and
// verdicts, the pipeline stepped beside them, the run without caches while measuring, and
// an unchanged scene left alone.
#include "model/live_pairs.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

Scene parse(const std::string& json) {
  SceneLoadResult r = parseScene(json, "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

/// Two unit boxes half overlapping, and a sphere far from both.
Scene threeShapes() {
  return parse(R"({"version": 1, "shapes": [
      {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "b", "type": "aabb", "center": [1.5, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "ball", "type": "sphere", "center": [0, 10, 0], "radius": 1}]})");
}

TEST(LivePairs, ASmallSceneListsEveryPairWithItsVerdict) {
  const Scene scene = threeShapes();
  LivePairs live;
  live.update(scene);
  ASSERT_TRUE(live.listsAllPairs());
  ASSERT_EQ(live.pairs().size(), 3u);  // a/b, a/ball, b/ball in file order
  EXPECT_EQ(live.pairs()[0].a, 0u);
  EXPECT_EQ(live.pairs()[0].b, 1u);
  EXPECT_TRUE(live.pairs()[0].overlap);
  EXPECT_FALSE(live.pairs()[1].overlap);
  EXPECT_FALSE(live.pairs()[2].overlap);
  EXPECT_EQ(live.overlapCount(), 1u);
  EXPECT_EQ(live.candidateCount(), 3u);
  EXPECT_EQ(live.overlapping(), (std::vector<bool>{true, true, false}));
  EXPECT_EQ(live.partners()[0], std::vector<int>{1});
  EXPECT_EQ(live.partners()[1], std::vector<int>{0});
  EXPECT_TRUE(live.partners()[2].empty());
  EXPECT_FALSE(live.truncated());
  EXPECT_TRUE(live.mismatches().empty());
  EXPECT_EQ(live.listedRows(), (std::vector<size_t>{0, 1, 2}));
}

TEST(LivePairs, ThePipelineStepsOnceAnUpdateAndAgrees) {
  Scene scene = threeShapes();
  LivePairs live;
  live.update(scene);
  const PipelineFrameStats& s = live.pipeline().last();
  EXPECT_EQ(s.pairsPossible, 3u);
  EXPECT_EQ(s.colliding, 1u);         // the same overlap the exact tests found
  EXPECT_FALSE(live.usesPipeline());  // a small scene lists every pair itself
  EXPECT_EQ(live.pipeline().history().size(), 1u);
  EXPECT_EQ(live.shadowPipeline(), nullptr);
  // An unchanged scene is not tested again: the pipeline does not step.
  live.update(scene);
  EXPECT_EQ(live.pipeline().history().size(), 1u);
  // A move is a new frame; the boxes now touch nothing.
  std::get<Aabb>(scene.shapes[1].geometry).center.x = 5.0f;
  live.update(scene);
  EXPECT_EQ(live.pipeline().history().size(), 2u);
  EXPECT_EQ(live.pipeline().last().colliding, 0u);
  EXPECT_EQ(live.overlapCount(), 0u);
}

// The pipeline reads only the shapes whose numbers changed since its last frame: after
// moves of a few shapes, an edit of one that never moved, a shape turned into another
// kind and a resized one, its colliding pairs are those of a pipeline that read them all.
TEST(LivePairs, ThePipelineToldWhichShapesChangedAgreesWithOneThatReadsThemAll) {
  std::string json = R"({"version": 1, "shapes": [)";
  for (int i = 0; i < 200; ++i) {
    const float x = static_cast<float>(i % 20) * 1.5f, y = static_cast<float>(i / 20) * 1.5f;
    json += std::string(i ? "," : "") + R"({"name": "s)" + std::to_string(i) + R"(", "type": ")" +
            (i % 3 == 0 ? "sphere\", \"radius\": 0.8" : "aabb\", \"half_extents\": [0.8, 0.8, 0.8]") +
            R"(, "center": [)" + std::to_string(x) + ", " + std::to_string(y) + ", 0]}";
  }
  Scene scene = parse(json + "]}");
  LivePairs live;
  const auto check = [&](const char* what) {
    live.update(scene);
    CollisionPipeline fresh(live.pipeline().options());
    fresh.step(scene);
    EXPECT_EQ(live.pipeline().colliding(), fresh.colliding()) << what;
    EXPECT_EQ(live.pipeline().last().colliding, fresh.last().colliding) << what;
  };
  check("first frame");
  const auto move = [&](std::size_t i, glm::vec3 by) {
    std::visit(
        [&](auto& g) {
          using T = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<T, Aabb> || std::is_same_v<T, Sphere>) g.center += by;
        },
        scene.shapes[i].geometry);
  };
  for (int frame = 0; frame < 30; ++frame) {
    for (std::size_t i : {3u, 40u, 41u, 150u}) move(i, glm::vec3(0.37f, -0.21f, 0.0f));
    check("moving");
  }
  move(77, glm::vec3(0.0f, 3.0f, 0.0f));
  check("an edit of a shape that never moved");
  scene.shapes[10].geometry = Obb{std::get<Aabb>(scene.shapes[10].geometry).center, glm::mat3(1.0f), glm::vec3(2.0f)};
  check("a shape of another kind");
  std::get<Sphere>(scene.shapes[12].geometry).radius = 3.0f;
  check("a grown sphere");
}

TEST(LivePairs, MeasuringTheCachesStepsARunWithoutThem) {
  Scene scene = threeShapes();
  LivePairs live;
  live.setMeasuringCaches(true);
  live.update(scene);
  ASSERT_NE(live.shadowPipeline(), nullptr);
  EXPECT_FALSE(live.shadowPipeline()->options().aabbCache);
  EXPECT_FALSE(live.shadowPipeline()->options().triangleCache);
  EXPECT_TRUE(live.pipeline().options().aabbCache);
  EXPECT_EQ(live.shadowPipeline()->last().colliding, live.pipeline().last().colliding);
  // Off again: the next frame drops it.
  live.setMeasuringCaches(false);
  std::get<Aabb>(scene.shapes[0].geometry).center.z = 0.25f;
  live.update(scene);
  EXPECT_EQ(live.shadowPipeline(), nullptr);
}

TEST(LivePairs, TheFilterListsItsRowsAtOnce) {
  const Scene scene = threeShapes();
  LivePairs live;
  live.update(scene);
  live.setFilter(scene, PairFilter{"BALL", PairVerdictFilter::All});
  EXPECT_EQ(live.listedRows(), (std::vector<size_t>{1, 2}));
  live.setFilter(scene, PairFilter{"", PairVerdictFilter::Overlapping});
  EXPECT_EQ(live.listedRows(), std::vector<size_t>{0});
}

}  // namespace
}  // namespace satlab::test

namespace satlab {
namespace {

TEST(LivePairs, ACapsuleWhoseRadiusGrowsIsTestedAgain) {
  // Only its radius changes: the scene's fingerprint must see it, or the verdict stays stale.
  Scene scene;
  SceneShape box, cap;
  box.name = "box";
  box.geometry = Aabb{{0, 0, 0}, {1, 1, 1}};
  cap.name = "hero";
  cap.geometry = Capsule{{2, 0, -1}, {2, 0, 1}, 0.5f};
  scene.shapes = {box, cap};
  LivePairs live;
  live.update(scene);
  ASSERT_EQ(live.pairs().size(), 1u);
  EXPECT_FALSE(live.pairs()[0].overlap);
  std::get<Capsule>(scene.shapes[1].geometry).radius = 1.5f;
  live.update(scene);
  EXPECT_TRUE(live.pairs()[0].overlap);
}

}  // namespace
}  // namespace satlab
