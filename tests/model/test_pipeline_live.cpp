// The live pairs through the two-phase pipeline (model/live_pairs.hpp): a
// moving scene larger than kListAllPairsUpTo lists the pipeline's overlapping pairs, the
// same pairs the broad phase gives a still scene, frame after frame.
#include "model/live_pairs.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace satlab::test {
namespace {

Scene crowd(bool moving) {
  Scene scene;
  for (int i = 0; i < 100; ++i) {
    SceneShape s;
    s.name = "s" + std::to_string(i);
    const glm::vec3 c(static_cast<float>(i % 10) * 1.5f, static_cast<float>(i / 10) * 1.5f, 0.0f);
    if (i % 2 == 0) {
      s.geometry = Aabb{c, glm::vec3(0.8f)};
    } else {
      s.geometry = Sphere{c, 0.8f};
    }
    if (moving && i % 7 == 0) {
      Motion m;
      m.velocity = glm::vec3(0.5f, 0.0f, 0.0f);
      s.motion = m;
    }
    scene.shapes.push_back(std::move(s));
  }
  return scene;
}

std::set<std::pair<size_t, size_t>> overlapping(const LivePairs& live) {
  std::set<std::pair<size_t, size_t>> out;
  for (const PairResult& r : live.pairs()) {
    if (r.overlap) out.emplace(r.a, r.b);
  }
  return out;
}

TEST(PipelineLive, AMovingCrowdListsThePipelinesPairs) {
  Scene scene = crowd(true);
  LivePairs moving, still;
  for (int frame = 0; frame < 5; ++frame) {
    moving.update(scene);
    Scene copy = scene;
    for (SceneShape& s : copy.shapes) s.motion.reset();  // the same poses, standing still
    still.update(copy);
    EXPECT_TRUE(moving.usesPipeline());
    EXPECT_FALSE(still.usesPipeline());
    EXPECT_EQ(overlapping(moving), overlapping(still)) << "frame " << frame;
    EXPECT_EQ(moving.pipeline().last().colliding, moving.overlapCount());
    for (SceneShape& s : scene.shapes) {
      if (!s.motion) continue;
      if (auto* box = std::get_if<Aabb>(&s.geometry)) box->center.x += 0.2f;
      if (auto* ball = std::get_if<Sphere>(&s.geometry)) ball->center.x += 0.2f;
    }
  }
  EXPECT_EQ(moving.pipeline().history().size(), 5u);
}

TEST(PipelineLive, TheSectionsTogglesStartThePipelineOver) {
  const Scene scene = crowd(true);
  LivePairs live;
  live.update(scene);
  PipelineOptions o = live.pipelineOptions();
  EXPECT_EQ(o.maxCandidates, kMaxTestedPairs);
  o.aabbCache = false;
  live.setPipelineOptions(o);
  live.update(scene);  // the same scene: updated for the toggle
  EXPECT_FALSE(live.pipeline().options().aabbCache);
  EXPECT_EQ(live.pipeline().history().size(), 1u);
  EXPECT_EQ(live.pipeline().last().aabbHits, 0u);
}

}  // namespace
}  // namespace satlab::test
