// The two-phase pipeline (world/pipeline.hpp): its verdicts are the exact test's on every
// pair whatever the toggles, its counts say what each phase did, and the two caches of the
// 2010 bounding-box analysis paper do their work (hits, misses, evictions) without
// changing a verdict.
#include "world/pipeline.hpp"

#include "evaluation/pair_eval.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

namespace satlab {
namespace {

/// A UV sphere of radius 1 as triangles: `rings` bands of `segments` quads.
std::shared_ptr<const MeshData> sphereMesh(int rings, int segments) {
  TriangleMesh m;
  for (int r = 0; r <= rings; ++r) {
    const float phi = 3.14159265f * static_cast<float>(r) / static_cast<float>(rings);
    for (int s = 0; s < segments; ++s) {
      const float theta = 6.2831853f * static_cast<float>(s) / static_cast<float>(segments);
      m.vertices.emplace_back(std::sin(phi) * std::cos(theta), std::sin(phi) * std::sin(theta), std::cos(phi));
    }
  }
  const auto at = [&](int r, int s) { return static_cast<std::uint32_t>(r * segments + (s % segments)); };
  for (int r = 0; r < rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      m.indices.insert(m.indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1)});
      m.indices.insert(m.indices.end(), {at(r, s), at(r + 1, s + 1), at(r, s + 1)});
    }
  }
  return makeMeshData(std::move(m));
}

SceneShape named(std::string name, ShapeGeometry g) {
  SceneShape s;
  s.name = std::move(name);
  s.geometry = std::move(g);
  return s;
}

SceneShape meshAt(std::string name, const std::shared_ptr<const MeshData>& data, glm::vec3 centre) {
  MeshShape m;
  m.data = data;
  m.pose.center = centre;
  return named(std::move(name), m);
}

/// A random crowd of every kind but triangles, some meshes among them.
Scene randomScene(std::mt19937& rng, int count, const std::shared_ptr<const MeshData>& mesh) {
  std::uniform_real_distribution<float> pos(-6.0f, 6.0f), size(0.2f, 1.2f), unit(-1.0f, 1.0f);
  Scene scene;
  for (int i = 0; i < count; ++i) {
    const glm::vec3 c(pos(rng), pos(rng), pos(rng));
    const std::string name = "s" + std::to_string(i);
    switch (i % 5) {
      case 0: scene.shapes.push_back(named(name, Aabb{c, glm::vec3(size(rng), size(rng), size(rng))})); break;
      case 1: {
        Obb o;
        o.center = c;
        o.half = glm::vec3(size(rng), size(rng), size(rng));
        const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + glm::vec3(0.01f));
        o.axes = glm::mat3_cast(glm::angleAxis(unit(rng) * 3.0f, axis));
        scene.shapes.push_back(named(name, o));
        break;
      }
      case 2: scene.shapes.push_back(named(name, Sphere{c, size(rng)})); break;
      case 3:
        scene.shapes.push_back(named(name, Segment{c, c + glm::vec3(unit(rng), unit(rng), unit(rng)) * 2.0f}));
        break;
      default: scene.shapes.push_back(meshAt(name, mesh, c)); break;
    }
  }
  return scene;
}

/// Moves every third shape a little (a frame of motion).
void moveSome(Scene& scene, int frame) {
  for (size_t i = 0; i < scene.shapes.size(); i += 3) {
    const glm::vec3 d(0.13f * std::sin(0.7f * static_cast<float>(frame + static_cast<int>(i))), 0.11f,
                      -0.05f * static_cast<float>(i % 2));
    std::visit(
        [&](auto& g) {
          using T = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<T, Segment> || std::is_same_v<T, Capsule>) {
            g.p0 += d;
            g.p1 += d;
          } else if constexpr (std::is_same_v<T, Triangle>) {
            g.a += d;
            g.b += d;
            g.c += d;
          } else if constexpr (kIsMeshLike<T>) {
            meshBody(g).pose.center += d;
          } else {
            g.center += d;
          }
        },
        scene.shapes[i].geometry);
  }
}

std::set<std::pair<std::uint32_t, std::uint32_t>> exactPairs(const Scene& scene) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::uint32_t a = 0; a < scene.shapes.size(); ++a) {
    for (std::uint32_t b = a + 1; b < scene.shapes.size(); ++b) {
      if (pairOverlaps(scene, a, b)) out.emplace(a, b);
    }
  }
  return out;
}

TEST(Pipeline, EveryToggleGivesTheExactVerdictsFrameAfterFrame) {
  const auto mesh = sphereMesh(6, 8);
  for (int mask = 0; mask < 8; ++mask) {
    PipelineOptions opt;
    opt.useTree = (mask & 1) != 0;
    opt.aabbCache = (mask & 2) != 0;
    opt.triangleCache = (mask & 4) != 0;
    opt.aabbCacheCapacity = 24;  // small: evictions happen
    opt.triangleCacheCapacity = 3;
    std::mt19937 rng(7);
    Scene scene = randomScene(rng, 60, mesh);
    CollisionPipeline pipeline(opt);
    for (int frame = 0; frame < 25; ++frame) {
      const PipelineFrameStats& s = pipeline.step(scene);
      const auto expected = exactPairs(scene);
      const std::set<std::pair<std::uint32_t, std::uint32_t>> got(pipeline.colliding().begin(),
                                                                  pipeline.colliding().end());
      ASSERT_EQ(got, expected) << "toggles " << mask << ", frame " << frame;
      EXPECT_LE(s.afterAabb, s.afterTree);
      EXPECT_LE(s.afterTree, s.pairsPossible);
      EXPECT_EQ(s.colliding, expected.size());
      moveSome(scene, frame);
    }
  }
}

TEST(Pipeline, TheAabbListFindsTheSameCandidatesAsQueryingEveryShape) {
  const auto mesh = sphereMesh(4, 6);
  std::mt19937 rng(11);
  Scene scene = randomScene(rng, 80, mesh);
  PipelineOptions with, without;
  without.aabbCache = false;
  with.aabbCacheCapacity = 40;  // evicts: an evicted pair stays a candidate, its count is lost
  CollisionPipeline a(with), b(without);
  std::uint64_t evictions = 0, hits = 0;
  for (int frame = 0; frame < 30; ++frame) {
    const PipelineFrameStats& sa = a.step(scene);
    const PipelineFrameStats& sb = b.step(scene);
    EXPECT_EQ(sa.afterTree, sb.afterTree) << "frame " << frame;
    EXPECT_EQ(sa.afterAabb, sb.afterAabb) << "frame " << frame;
    EXPECT_EQ(sb.treeQueries, scene.shapes.size());
    evictions += sa.aabbEvictions;
    hits += sa.aabbHits;
    moveSome(scene, frame);
  }
  EXPECT_GT(evictions, 0u);
  EXPECT_GT(hits, 0u);
}

TEST(Pipeline, ToldWhichShapesMoveItGivesWhatReadingEveryShapeGives) {
  // moveSome moves every third shape: a pipeline given that list reads only those, and its
  // verdicts and counts are those of one that reads every shape, frame after frame.
  const auto mesh = sphereMesh(4, 6);
  std::mt19937 rng(5);
  Scene scene = randomScene(rng, 90, mesh);
  std::vector<std::uint32_t> movers;
  for (std::uint32_t i = 0; i < scene.shapes.size(); i += 3) movers.push_back(i);
  CollisionPipeline told, reading;
  for (int frame = 0; frame < 20; ++frame) {
    const PipelineFrameStats& a = told.step(scene, nullptr, &movers);
    const PipelineFrameStats& b = reading.step(scene);
    ASSERT_EQ(told.colliding(), reading.colliding()) << "frame " << frame;
    EXPECT_EQ(a.afterTree, b.afterTree) << "frame " << frame;
    EXPECT_EQ(a.afterAabb, b.afterAabb) << "frame " << frame;
    EXPECT_EQ(a.exactTests, b.exactTests) << "frame " << frame;
    EXPECT_EQ(a.proxiesMoved, b.proxiesMoved) << "frame " << frame;
    EXPECT_EQ(a.aabbHits, b.aabbHits) << "frame " << frame;
    EXPECT_EQ(a.triangleHits, b.triangleHits) << "frame " << frame;
    moveSome(scene, frame);
  }
}

TEST(Pipeline, AStillSceneQueriesNothingAfterItsFirstFrame) {
  const auto mesh = sphereMesh(4, 6);
  std::mt19937 rng(3);
  const Scene scene = randomScene(rng, 40, mesh);
  CollisionPipeline p;
  const PipelineFrameStats first = p.step(scene);
  EXPECT_EQ(first.treeQueries, 40u);
  EXPECT_EQ(first.aabbHits, 0u);
  const PipelineFrameStats second = p.step(scene);
  EXPECT_EQ(second.treeQueries, 0u);
  EXPECT_EQ(second.proxiesMoved, 0u);
  EXPECT_EQ(second.aabbMisses, 0u);
  EXPECT_EQ(second.aabbHits, second.afterTree);
  EXPECT_EQ(second.afterTree, first.afterTree);
}

TEST(Pipeline, CountsEachPhaseOnThreeShapes) {
  // Two AABBs touching, an OBB whose box meets the second AABB's but not the box itself,
  // a sphere far away.
  Scene scene;
  scene.shapes.push_back(named("a", Aabb{glm::vec3(0.0f), glm::vec3(1.0f)}));
  scene.shapes.push_back(named("b", Aabb{glm::vec3(2.0f, 0.0f, 0.0f), glm::vec3(1.0f)}));
  Obb o;
  o.center = glm::vec3(3.6f, 1.6f, 0.0f);
  o.half = glm::vec3(1.0f, 0.2f, 0.2f);
  // Turned -45 degrees: its AABB reaches b's corner (3, 1), the box itself stays 0.65 off.
  o.axes = glm::mat3_cast(glm::angleAxis(-0.7853982f, glm::vec3(0, 0, 1)));
  scene.shapes.push_back(named("o", o));
  scene.shapes.push_back(named("far", Sphere{glm::vec3(50.0f), 1.0f}));
  for (const bool tree : {true, false}) {
    PipelineOptions opt;
    opt.useTree = tree;
    CollisionPipeline p(opt);
    const PipelineFrameStats s = p.step(scene);
    EXPECT_EQ(s.pairsPossible, 6u);
    EXPECT_EQ(s.afterAabb, 2u);    // a-b and b-o
    EXPECT_EQ(s.aabbSettled, 1u);  // a-b: two AABBs
    EXPECT_EQ(s.exactTests, 1u);   // b-o
    EXPECT_EQ(s.colliding, 1u);    // a-b touch; the OBB's corner stays off b
    ASSERT_EQ(p.colliding().size(), 1u);
    EXPECT_EQ(p.colliding()[0], std::make_pair(0u, 1u));
    EXPECT_NEAR(s.settledByAabbShare(), 1.0 - 1.0 / static_cast<double>(s.afterTree), 1e-12);
  }
  // Without the exact phase the OBB pair counts as colliding (the AABB verdict).
  PipelineOptions opt;
  opt.exactPhase = false;
  CollisionPipeline p(opt);
  EXPECT_EQ(p.step(scene).colliding, 2u);
}

TEST(Pipeline, TheCachedTriangleSettlesAMeshPairThatKeepsTouching) {
  const auto mesh = sphereMesh(10, 16);
  Scene scene;
  scene.shapes.push_back(meshAt("ball_a", mesh, glm::vec3(0.0f)));
  scene.shapes.push_back(meshAt("ball_b", mesh, glm::vec3(1.9f, 0.0f, 0.0f)));
  CollisionPipeline p;
  const PipelineFrameStats first = p.step(scene);
  EXPECT_EQ(first.colliding, 1u);
  EXPECT_EQ(first.triangleMisses, 1u);
  EXPECT_EQ(first.triangleHits, 0u);
  // A small move: the same triangles still touch, the walk is skipped.
  std::get<MeshShape>(scene.shapes[1].geometry).pose.center.y += 0.01f;
  const PipelineFrameStats second = p.step(scene);
  EXPECT_EQ(second.colliding, 1u);
  EXPECT_EQ(second.triangleHits, 1u);
  EXPECT_EQ(second.triangleMisses, 0u);
  // Apart, but the boxes still meet: the cached triangle misses and the walk says apart.
  std::get<MeshShape>(scene.shapes[1].geometry).pose.center = glm::vec3(1.75f, 1.75f, 0.0f);
  const PipelineFrameStats third = p.step(scene);
  EXPECT_EQ(third.afterAabb, 1u);
  EXPECT_EQ(third.colliding, 0u);
  EXPECT_EQ(third.triangleHits, 0u);
  EXPECT_EQ(third.triangleMisses, 1u);
  // With the cache off the walk always runs.
  PipelineOptions off;
  off.triangleCache = false;
  CollisionPipeline q(off);
  scene.shapes[1] = meshAt("ball_b", mesh, glm::vec3(1.9f, 0.0f, 0.0f));
  q.step(scene);
  EXPECT_EQ(q.step(scene).triangleHits, 0u);
  EXPECT_EQ(q.last().colliding, 1u);
}

TEST(Pipeline, AMeshAgainstABoxUsesTheCachedTriangleToo) {
  const auto mesh = sphereMesh(8, 12);
  Scene scene;
  scene.shapes.push_back(named("floor", Aabb{glm::vec3(0.0f, -1.0f, 0.0f), glm::vec3(5.0f, 0.05f, 5.0f)}));
  scene.shapes.push_back(meshAt("ball", mesh, glm::vec3(0.0f, 0.0f, 0.0f)));
  CollisionPipeline p;
  EXPECT_EQ(p.step(scene).colliding, 1u);
  std::get<MeshShape>(scene.shapes[1].geometry).pose.center.x += 0.001f;
  const PipelineFrameStats s = p.step(scene);
  EXPECT_EQ(s.colliding, 1u);
  EXPECT_EQ(s.triangleHits, 1u);
}

TEST(Pipeline, TheHistoryKeepsTheLastFrames) {
  Scene scene;
  scene.shapes.push_back(named("a", Sphere{glm::vec3(0.0f), 1.0f}));
  scene.shapes.push_back(named("b", Sphere{glm::vec3(1.0f), 1.0f}));
  CollisionPipeline p;
  for (size_t i = 0; i < kPipelineHistoryFrames + 5; ++i) p.step(scene);
  EXPECT_EQ(p.history().size(), kPipelineHistoryFrames);
  EXPECT_EQ(p.history().back().frame, kPipelineHistoryFrames + 5);
  EXPECT_EQ(p.history().front().frame, 6u);
}

TEST(Pipeline, ADifferentSceneStartsOver) {
  Scene scene;
  scene.shapes.push_back(named("a", Sphere{glm::vec3(0.0f), 1.0f}));
  scene.shapes.push_back(named("b", Sphere{glm::vec3(1.0f), 1.0f}));
  CollisionPipeline p;
  p.step(scene);
  scene.shapes.push_back(named("c", Aabb{glm::vec3(0.5f), glm::vec3(1.0f)}));
  const PipelineFrameStats s = p.step(scene);
  EXPECT_EQ(s.pairsPossible, 3u);
  EXPECT_EQ(s.colliding, 3u);
  EXPECT_EQ(s.treeQueries, 3u);
  scene.shapes.erase(scene.shapes.begin());
  EXPECT_EQ(p.step(scene).colliding, 1u);
}

TEST(Pipeline, AFrameWithMoreCandidatesThanTheCapIsRefused) {
  // 100 boxes in one place: 4,950 candidates.
  Scene scene;
  for (int i = 0; i < 100; ++i)
    scene.shapes.push_back(named("s" + std::to_string(i), Aabb{glm::vec3(0.0f), glm::vec3(1.0f)}));
  for (const bool tree : {true, false}) {
    PipelineOptions opt;
    opt.useTree = tree;
    opt.maxCandidates = 1000;
    CollisionPipeline p(opt);
    const PipelineFrameStats& s = p.step(scene);
    EXPECT_TRUE(s.refused);
    EXPECT_TRUE(p.colliding().empty());
    opt.maxCandidates = 5000;
    p.setOptions(opt);
    EXPECT_FALSE(p.step(scene).refused);
    EXPECT_EQ(p.last().colliding, 4950u);
  }
}

TEST(Pipeline, TwoDScenesIgnoreDepth) {
  Scene scene;
  scene.view = ViewMode::TwoD;
  scene.shapes.push_back(named("a", Aabb{glm::vec3(0.0f, 0.0f, 0.0f), glm::vec3(1.0f)}));
  scene.shapes.push_back(named("b", Aabb{glm::vec3(1.5f, 0.0f, 40.0f), glm::vec3(1.0f)}));
  CollisionPipeline p;
  EXPECT_EQ(p.step(scene).colliding, exactPairs(scene).size());
  EXPECT_EQ(p.last().colliding, 1u);
}

}  // namespace
}  // namespace satlab
