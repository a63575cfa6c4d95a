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
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "base/progress.hpp"
#include "bench_common.hpp"
#include "check/check_report.hpp"
#include "document/atomic_file.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
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

/// What the progress line costs (docs/progress.md): `satlab check`'s work on a file of the
/// scene, loading included, with a Progress current (as the command runs it, every progress
/// call made) and without one (each call a thread-local read), in alternating rounds;
/// counters: the medians of the thread's CPU time and `overhead_pct`, the median of the
/// rounds' ratios less 1, in percent. Without a Progress the calls are still made (each a
/// thread-local read), so this is what a current Progress adds to them.
void progressOverhead(benchmark::State& state, const Scene& scene) {
  const std::string path = "/tmp/satlab_bench_progress_" + std::to_string(scene.shapes.size()) + ".json";
  if (auto error = writeFileAtomically(path, sceneToJson(scene))) {
    state.SkipWithError(error->c_str());
    return;
  }
  std::FILE* sink = std::fopen("/dev/null", "w");
  if (sink == nullptr) {
    state.SkipWithError("cannot open /dev/null");
    return;
  }
  // The thread's CPU time: the work is one thread's, and a shared machine's other load
  // (which stretches the wall clock by tens of percent here) does not count in it.
  const auto threadMs = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
  };
  const auto checkOnce = [&](Progress* progress) {
    const double t0 = threadMs();
    ProgressScope scope(progress);
    const SceneLoadResult loaded = loadScene(path);
    const int code = writeCheckReport(loaded.scene, path, CheckOptions{}, sink, sink);
    benchmark::DoNotOptimize(code);
    return threadMs() - t0;
  };
  std::vector<double> with, without;
  for (auto _ : state) {
    // Both in every round, in turn first: a slower moment of the machine falls on both.
    Progress progress;
    if (with.size() % 2 == 0) {
      with.push_back(checkOnce(&progress));
      without.push_back(checkOnce(nullptr));
    } else {
      without.push_back(checkOnce(nullptr));
      with.push_back(checkOnce(&progress));
    }
  }
  std::fclose(sink);
  std::remove(path.c_str());
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
  };
  // Each round's two runs side by side (a slow moment of a shared machine falls on both):
  // the median of their ratios.
  std::vector<double> ratios;
  for (std::size_t i = 0; i < with.size(); ++i) ratios.push_back(with[i] / without[i]);
  state.counters["with_progress_ms"] = median(with);
  state.counters["without_ms"] = median(without);
  state.counters["overhead_pct"] = (median(ratios) - 1.0) * 100.0;
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
    if (n == 100000) {
      benchmark::RegisterBenchmark((prefix + "/progress_overhead").c_str(),
                                   [n](benchmark::State& st) { progressOverhead(st, sceneOf(n)); })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(61);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
