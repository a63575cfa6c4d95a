// satlab benchmark: posing a scene in motion (document/motion.hpp's applyMotion), the work the
// app does each frame while a scene plays, before the pairs see it.
//
// Scenes: n shapes, every one of them moving (the worst case; a level moves a tenth of its
// shapes): a third with a velocity, a third on a 12-key looping path, a third OBBs spinning
// about a tilted axis (the rotation computed afresh from t and re-orthonormalised), for
// n = 1,000, 10,000 and 100,000. Each iteration poses the scene at the next 1/60 s step into
// the same copy, as playback does. Also: generated levels of 10,000 and 100,000 shapes, a
// tenth of them moving, and the seeded level generator for the default level.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include "document/motion.hpp"
#include "document/scene.hpp"
#include "world/level.hpp"

namespace satlab {
namespace {

Scene movingScene(std::size_t count) {
  Scene scene;
  scene.shapes.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    SceneShape s;
    s.name = "m" + std::to_string(i);
    const float x = static_cast<float>(i % 100) * 3.0f, y = static_cast<float>(i / 100) * 3.0f;
    Motion m;
    if (i % 3 == 0) {
      s.geometry = Sphere{glm::vec3(x, y, 1.0f), 0.8f};
      m.velocity = glm::vec3(0.5f, -0.25f, 0.0f);
    } else if (i % 3 == 1) {
      s.geometry = Aabb{glm::vec3(x, y, 1.0f), glm::vec3(0.6f)};
      for (int k = 0; k < 12; ++k) {
        const float a = 6.2831853f * static_cast<float>(k) / 12.0f;
        m.path.push_back(PathKey{0.5 * k, glm::vec3(2.0f * std::cos(a) - 2.0f, 2.0f * std::sin(a), 0.0f)});
      }
    } else {
      s.geometry = Obb{glm::vec3(x, y, 1.0f), glm::mat3(1.0f), glm::vec3(1.0f, 0.5f, 0.3f)};
      m.angularVelocity = glm::vec3(0.2f, 0.3f, 1.1f);
      m.velocity = glm::vec3(0.0f, 0.1f, 0.0f);
    }
    s.motion = std::move(m);
    scene.shapes.push_back(std::move(s));
  }
  return scene;
}

void BM_ApplyMotion(benchmark::State& state) {
  const Scene base = movingScene(static_cast<std::size_t>(state.range(0)));
  Scene shown = base;
  std::size_t frame = 0;
  for (auto _ : state) {
    applyMotion(base, static_cast<double>(++frame) / 60.0, shown);
    benchmark::DoNotOptimize(shown.shapes.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_ApplyMotion)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// A generated level of n shapes, a tenth of them movers (paths, some spinning): what playing
// a level costs per frame before the pairs.
void BM_ApplyMotionLevel(benchmark::State& state) {
  LevelOptions o;
  o.movers = static_cast<std::size_t>(state.range(0)) / 10;
  o.statics = static_cast<std::size_t>(state.range(0)) - o.movers - 5;
  const Scene base = generateLevel(o);
  Scene shown = base;
  std::size_t frame = 0;
  for (auto _ : state) {
    applyMotion(base, static_cast<double>(++frame) / 60.0, shown);
    benchmark::DoNotOptimize(shown.shapes.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_ApplyMotionLevel)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

void BM_GenerateDefaultLevel(benchmark::State& state) {
  for (auto _ : state) {
    Scene level = generateLevel(LevelOptions{});
    benchmark::DoNotOptimize(level.shapes.data());
  }
}
BENCHMARK(BM_GenerateDefaultLevel)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace satlab

BENCHMARK_MAIN();
