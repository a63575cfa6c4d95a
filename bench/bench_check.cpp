// satlab benchmark: `satlab check`'s work on large scenes, without loading: the broad phase
// (world/broad_phase.hpp: conservative bounds, the tree, every candidate pair in file
// order) plus the exact test of each candidate (evaluation/pair_eval.hpp), and the whole report
// (check/check_report.hpp) written to /dev/null.
//
// Scenes: n shapes spread out on a jittered cubic lattice 3 units apart, sizes 0.3 to 1.1,
// 30% AABBs, 30% OBBs, 25% spheres, 15% segments (the layout of tools/gen_stress_scene.py),
// for n = 10,000, 100,000 and 1,000,000 (each built the first time a benchmark of its size
// runs). Counters: "candidates" (pairs given the exact test) and
// "overlapping" per iteration, and "peak_rss_mb", the process's peak resident memory so far
// (the scenes built until then included; run one size alone for its own figure). Peak
// memory of the whole command is measured separately with /usr/bin/time -v
// (docs/performance.md, "satlab check on large scenes").
#include <sys/resource.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <map>
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

/// The scene of `count` shapes, built on first use.
const Scene& sceneOf(std::size_t count) {
  static std::map<std::size_t, Scene> scenes;
  auto it = scenes.find(count);
  if (it == scenes.end()) it = scenes.emplace(count, spreadScene(count)).first;
  return it->second;
}

void peakMemory(benchmark::State& state) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_mb"] = static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB
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
  peakMemory(state);
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
  peakMemory(state);
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
  peakMemory(state);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  for (const auto& [name, count] :
       {std::pair<const char*, std::size_t>{"10k", 10000}, {"100k", 100000}, {"1M", 1000000}}) {
    const std::size_t n = count;
    const std::string prefix = std::string("check/") + name;
    benchmark::RegisterBenchmark((prefix + "/broad_phase").c_str(), [n](benchmark::State& st) {
      broadPhaseOnly(st, sceneOf(n));
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "/broad_phase+evaluate").c_str(), [n](benchmark::State& st) {
      broadPhaseAndEvaluate(st, sceneOf(n));
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "/report_table").c_str(), [n](benchmark::State& st) {
      report(st, sceneOf(n), false);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "/report_json").c_str(), [n](benchmark::State& st) {
      report(st, sceneOf(n), true);
    })->Unit(benchmark::kMillisecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
