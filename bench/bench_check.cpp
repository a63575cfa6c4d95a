// satlab benchmark: `satlab check`'s work on large scenes, without loading: the broad phase
// (world/broad_phase.hpp: conservative bounds, the tree, every candidate pair in file
// order) plus the exact test of each candidate (evaluation/pair_eval.hpp), and the whole report
// (check/check_report.hpp) written to /dev/null.
//
// Scenes: n shapes spread out on a jittered cubic lattice 3 units apart, sizes 0.3 to 1.1,
// 30% AABBs, 30% OBBs, 25% spheres, 15% segments (the layout of tools/gen_stress_scene.py),
// for n = 10,000 and 100,000. Counters: "candidates" (pairs given the exact test) and
// "overlapping" per iteration. Peak memory of the whole command is measured separately
// with /usr/bin/time -v (docs/performance.md, "satlab check on large scenes").
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

#include "bench_common.hpp"
#include "check/check_report.hpp"
#include "evaluation/pair_eval.hpp"
#include "world/broad_phase.hpp"

namespace satlab::bench {
namespace {

Scene spreadScene(std::size_t count) {
  Random rng(11u);
  Scene scene;
  const auto side = static_cast<std::size_t>(std::ceil(std::cbrt(static_cast<double>(count))));
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec3 lattice(static_cast<float>(i % side), static_cast<float>((i / side) % side),
                            static_cast<float>(i / (side * side)));
    const glm::vec3 c = lattice * 3.0f + rng.vec3(-0.6f, 0.6f);
    SceneShape shape;
    shape.name = "s" + std::to_string(i);
    const int kind = static_cast<int>(rng.uniform(0.0f, 20.0f));
    if (kind < 6) {
      shape.geometry = Aabb{c, rng.vec3(0.3f, 1.1f)};
    } else if (kind < 12) {
      shape.geometry = Obb{c, rng.rotation(), rng.vec3(0.3f, 1.1f)};
    } else if (kind < 17) {
      shape.geometry = Sphere{c, rng.uniform(0.3f, 1.1f)};
    } else {
      shape.geometry = Segment{c, c + rng.direction() * rng.uniform(0.6f, 2.2f)};
    }
    scene.shapes.push_back(shape);
  }
  return scene;
}

void broadPhaseAndEvaluate(benchmark::State& state, const Scene& scene) {
  std::size_t candidates = 0, overlapping = 0;
  for (auto _ : state) {
    candidates = overlapping = 0;
    const BroadPhase broad(scene);
    broad.forEachCandidate([&](std::size_t a, std::size_t b) {
      ++candidates;
      overlapping += evaluatePair(scene, a, b).overlap ? 1 : 0;
      return true;
    });
    benchmark::DoNotOptimize(overlapping);
  }
  state.counters["candidates"] = static_cast<double>(candidates);
  state.counters["overlapping"] = static_cast<double>(overlapping);
}

void broadPhaseOnly(benchmark::State& state, const Scene& scene) {
  std::size_t candidates = 0;
  for (auto _ : state) {
    candidates = 0;
    const BroadPhase broad(scene);
    broad.forEachCandidate([&](std::size_t, std::size_t) {
      ++candidates;
      return true;
    });
    benchmark::DoNotOptimize(candidates);
  }
  state.counters["candidates"] = static_cast<double>(candidates);
}

void report(benchmark::State& state, const Scene& scene, bool json) {
  std::FILE* sink = std::fopen("/dev/null", "w");
  if (sink == nullptr) {
    state.SkipWithError("cannot open /dev/null");
    return;
  }
  CheckOptions options;
  options.json = json;
  for (auto _ : state) {
    const int code = writeCheckReport(scene, "bench.json", options, sink, sink);
    benchmark::DoNotOptimize(code);
  }
  std::fclose(sink);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  static const Scene s10k = spreadScene(10000);
  static const Scene s100k = spreadScene(100000);
  for (const auto& [name, scene] : {std::pair<const char*, const Scene*>{"10k", &s10k}, {"100k", &s100k}}) {
    const Scene* sc = scene;
    benchmark::RegisterBenchmark((std::string("check/") + name + "/broad_phase").c_str(), [sc](benchmark::State& st) {
      broadPhaseOnly(st, *sc);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("check/") + name + "/broad_phase+evaluate").c_str(),
                                 [sc](benchmark::State& st) { broadPhaseAndEvaluate(st, *sc); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("check/") + name + "/report_table").c_str(), [sc](benchmark::State& st) {
      report(st, *sc, false);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("check/") + name + "/report_json").c_str(), [sc](benchmark::State& st) {
      report(st, *sc, true);
    })->Unit(benchmark::kMillisecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
