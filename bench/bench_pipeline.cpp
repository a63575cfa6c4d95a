// satlab benchmark: the two-phase pipeline (src/world/pipeline.hpp) on scenes in motion,
// measuring the two claims of the source articles:
//   - the large-scene AABB/OBB blog post: about 90% of the time only the AABB test runs
//     (counter `settled_by_aabb`: the share of candidate pairs phase 1 settled alone);
//   - the 2010 bounding-box analysis paper: its two frame-coherence caches save about 10%
//     of the time on 10 spheres, 4 walls and a floor (counter `cache_saving_pct`).
//
// How the saving is measured: two pipelines, one with both caches and one without, step
// the same frames of the same scene; each frame both are timed, in alternating order (so
// neither always runs on a warm cache of the other), in this thread's CPU time (the
// machine is shared: wall time would count other processes), and their verdicts are
// compared (a disagreement aborts). The figures are the per-frame means over all frames:
// `on_us` and `off_us` per frame, `cache_saving_pct` = 100 (1 - on / off). Posing the scene
// for the frame is outside both timings.
//
// Scenes:
//   PaperRoom: the paper's own setup. A floor and four walls (AABBs) around a 20 x 20 room,
//     10 spheres as triangle meshes (radius 1, 24 x 32 UV sphere, 1,536 triangles each),
//     each rolling on the floor on its own circle through the room, so that they meet the
//     floor every frame, the walls and each other now and then;
//   Level/S/M: generateLevel (world/level.hpp) with S statics and M movers on their paths.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "document/motion.hpp"
#include "world/level.hpp"
#include "world/pipeline.hpp"

namespace satlab::bench {
namespace {

std::shared_ptr<const MeshData> uvSphere(int rings, int segments) {
  TriangleMesh m;
  for (int r = 0; r <= rings; ++r) {
    const double phi = 3.141592653589793 * r / rings;
    for (int s = 0; s < segments; ++s) {
      const double theta = 6.283185307179586 * s / segments;
      m.vertices.emplace_back(static_cast<float>(std::sin(phi) * std::cos(theta)),
                              static_cast<float>(std::sin(phi) * std::sin(theta)), static_cast<float>(std::cos(phi)));
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

/// This thread's CPU time in ms: the machine the figures come from is shared, and wall time
/// would count the time other processes took the core.
double threadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

SceneShape named(std::string name, ShapeGeometry g) {
  SceneShape s;
  s.name = std::move(name);
  s.geometry = std::move(g);
  return s;
}

/// The paper's room: floor, 4 walls, 10 mesh spheres (first 5 shapes static).
Scene paperRoom() {
  Scene scene;
  scene.shapes.push_back(named("floor", Aabb{glm::vec3(0, 0, -0.25f), glm::vec3(10, 10, 0.25f)}));
  scene.shapes.push_back(named("wall_n", Aabb{glm::vec3(0, 10.25f, 2), glm::vec3(10.5f, 0.25f, 2)}));
  scene.shapes.push_back(named("wall_s", Aabb{glm::vec3(0, -10.25f, 2), glm::vec3(10.5f, 0.25f, 2)}));
  scene.shapes.push_back(named("wall_e", Aabb{glm::vec3(10.25f, 0, 2), glm::vec3(0.25f, 10.5f, 2)}));
  scene.shapes.push_back(named("wall_w", Aabb{glm::vec3(-10.25f, 0, 2), glm::vec3(0.25f, 10.5f, 2)}));
  const auto ball = uvSphere(24, 32);
  for (int i = 0; i < 10; ++i) {
    MeshShape m;
    m.data = ball;
    scene.shapes.push_back(named("sphere_" + std::to_string(i), m));
  }
  return scene;
}

/// Frame f of the room: sphere i rolls on a circle of radius 3 + 0.55 i about a centre of
/// its own, resting on the floor (its lowest point 0.01 into it), so the circles cross and
/// the outer ones reach the walls.
void poseRoom(Scene& scene, int frame) {
  const double t = frame / 60.0;
  for (int i = 0; i < 10; ++i) {
    auto& m = std::get<MeshShape>(scene.shapes[5 + static_cast<size_t>(i)].geometry);
    const double radius = 3.0 + 0.55 * i, speed = 0.6 + 0.07 * i, phase = 0.9 * i;
    const double cx = (i % 3 - 1) * 1.5, cy = (i % 2 ? 1.0 : -1.0) * 0.8;
    const double a = phase + speed * t * (i % 2 ? 1 : -1);
    m.pose.center =
        glm::vec3(static_cast<float>(cx + radius * std::cos(a)), static_cast<float>(cy + radius * std::sin(a)), 0.99f);
    m.pose.axes = glm::mat3_cast(glm::angleAxis(static_cast<float>(2.0 * a), glm::vec3(0.0f, 0.0f, 1.0f)));
  }
}

/// Steps `frames` frames of a moving scene through a pipeline with both caches and one
/// without, as the header says, and reports the counters.
template <class Pose>
void pairedFrames(benchmark::State& state, Scene scene, Pose pose, int frames) {
  for (auto _ : state) {
    PipelineOptions on, off;
    off.aabbCache = off.triangleCache = false;
    CollisionPipeline withCaches(on), without(off);
    double onMs = 0, offMs = 0, treeMs = 0, aabbMs = 0, exactMs = 0, settled = 0;
    std::uint64_t candidates = 0, exact = 0, colliding = 0, triHits = 0, triMisses = 0, aabbHits = 0, aabbMisses = 0,
                  aabbEvictions = 0, possible = 0;
    for (int f = 0; f < frames; ++f) {
      pose(scene, f);
      const auto run = [&](CollisionPipeline& p, double& sum) {
        const double t0 = threadCpuMs();
        p.step(scene);
        sum += threadCpuMs() - t0;
      };
      if (f % 2 == 0) {
        run(withCaches, onMs);
        run(without, offMs);
      } else {
        run(without, offMs);
        run(withCaches, onMs);
      }
      if (withCaches.colliding() != without.colliding()) {
        std::fprintf(stderr, "bench_pipeline: the caches changed a verdict at frame %d\n", f);
        std::abort();
      }
      const PipelineFrameStats& s = withCaches.last();
      const PipelineFrameStats& o = without.last();
      treeMs += o.treeMs;
      aabbMs += o.aabbMs;
      exactMs += o.exactMs;
      settled += o.settledByAabbShare();
      possible = o.pairsPossible;
      candidates += o.afterTree;
      exact += o.exactTests;
      colliding += o.colliding;
      triHits += s.triangleHits;
      triMisses += s.triangleMisses;
      aabbHits += s.aabbHits;
      aabbMisses += s.aabbMisses;
      aabbEvictions += s.aabbEvictions;
    }
    const double n = frames;
    state.counters["on_us"] = 1000.0 * onMs / n;
    state.counters["off_us"] = 1000.0 * offMs / n;
    state.counters["cache_saving_pct"] = 100.0 * (1.0 - onMs / offMs);
    state.counters["settled_by_aabb"] = settled / n;
    state.counters["settled_all_frames"] =
        candidates ? 1.0 - static_cast<double>(exact) / static_cast<double>(candidates) : 1.0;
    state.counters["pairs"] = static_cast<double>(possible);
    state.counters["candidates"] = static_cast<double>(candidates) / n;
    state.counters["exact_tests"] = static_cast<double>(exact) / n;
    state.counters["colliding"] = static_cast<double>(colliding) / n;
    state.counters["off_tree_us"] = 1000.0 * treeMs / n;
    state.counters["off_aabb_us"] = 1000.0 * aabbMs / n;
    state.counters["off_exact_us"] = 1000.0 * exactMs / n;
    state.counters["tri_hit_rate"] =
        triHits + triMisses ? static_cast<double>(triHits) / static_cast<double>(triHits + triMisses) : 0.0;
    state.counters["aabb_hit_rate"] =
        aabbHits + aabbMisses ? static_cast<double>(aabbHits) / static_cast<double>(aabbHits + aabbMisses) : 0.0;
    state.counters["aabb_evictions"] = static_cast<double>(aabbEvictions) / n;
  }
}

void BM_PaperRoom(benchmark::State& state) { pairedFrames(state, paperRoom(), poseRoom, 600); }

void BM_Level(benchmark::State& state) {
  LevelOptions opt;
  opt.statics = static_cast<std::size_t>(state.range(0));
  opt.movers = static_cast<std::size_t>(state.range(1));
  const Scene base = generateLevel(opt);
  const auto pose = [&base](Scene& scene, int f) { applyMotion(base, f / 60.0, scene); };
  pairedFrames(state, base, pose, static_cast<int>(state.range(2)));
}

BENCHMARK(BM_PaperRoom)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Level)->Args({2000, 200, 300})->Args({10000, 1000, 120})->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace satlab::bench

BENCHMARK_MAIN();
