// satlab benchmark: pair evaluation of a whole scene (src/scene/pair_eval.hpp).
//
// evaluateAllPairs(scene) on the 5-shape default scene (scenes/default.json) and on a
// generated 200-shape scene (19,900 pairs), beside the baseline the scene layer adds its
// work to: calling the core's overlaps() directly on the same pairs, in the same order
// (std::visit on the two shapes' geometry). Time per iteration is for all pairs; the
// "pairs" counter gives the divisor for ns per pair (bench/README.md).
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>

#include "bench_common.hpp"
#include "satlab/collide.hpp"
#include "scene/pair_eval.hpp"
#include "scene/scene_load.hpp"

namespace satlab::bench {
namespace {

// 200 shapes, 50 of each type, in a 12-unit cube: a mix of separated and overlapping pairs.
Scene generatedScene(std::size_t count) {
  Random rng(7u);
  Scene scene;
  for (std::size_t i = 0; i < count; ++i) {
    SceneShape shape;
    shape.name = "s" + std::to_string(i);
    const glm::vec3 c = rng.vec3(-6.0f, 6.0f);
    switch (i % 4) {
      case 0: shape.geometry = Aabb{c, rng.vec3(0.2f, 1.5f)}; break;
      case 1: shape.geometry = Obb{c, rng.rotation(), rng.vec3(0.2f, 1.5f)}; break;
      case 2: shape.geometry = Sphere{c, rng.uniform(0.2f, 1.5f)}; break;
      default: shape.geometry = Segment{c, c + rng.direction() * rng.uniform(0.5f, 4.0f)}; break;
    }
    scene.shapes.push_back(shape);
  }
  return scene;
}

void evaluateAll(benchmark::State& state, const Scene& scene) {
  for (auto _ : state) {
    auto results = evaluateAllPairs(scene);
    benchmark::DoNotOptimize(results.data());
    benchmark::ClobberMemory();
  }
  const std::size_t n = scene.shapes.size();
  state.counters["pairs"] = static_cast<double>(n * (n - 1) / 2);
}

void overlapsDirect(benchmark::State& state, const Scene& scene) {
  const std::size_t n = scene.shapes.size();
  for (auto _ : state) {
    std::size_t hits = 0;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) {
        hits += std::visit([](const auto& x, const auto& y) { return overlaps(x, y); },
                           scene.shapes[i].geometry, scene.shapes[j].geometry);
      }
    }
    benchmark::DoNotOptimize(hits);
  }
  state.counters["pairs"] = static_cast<double>(n * (n - 1) / 2);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);

  static const SceneLoadResult loaded = loadScene(std::string(SATLAB_SOURCE_DIR) + "/scenes/default.json");
  if (!loaded.ok()) {
    std::fprintf(stderr, "cannot load scenes/default.json\n");
    return 1;
  }
  static const Scene big = generatedScene(200);

  benchmark::RegisterBenchmark("pairs/default5/overlaps_direct",
                               [](benchmark::State& st) { overlapsDirect(st, loaded.scene); });
  benchmark::RegisterBenchmark("pairs/default5/evaluateAllPairs",
                               [](benchmark::State& st) { evaluateAll(st, loaded.scene); });
  benchmark::RegisterBenchmark("pairs/generated200/overlaps_direct",
                               [](benchmark::State& st) { overlapsDirect(st, big); });
  benchmark::RegisterBenchmark("pairs/generated200/evaluateAllPairs",
                               [](benchmark::State& st) { evaluateAll(st, big); });

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
