// satlab benchmark: loading scenes and recordings, the fast path (document/scene_fast_load.hpp)
// beside the reference reader (a JSON tree read field by field) in the same binary, on
// the same text in memory. Items are shapes: items_per_second is shapes per second, and
// the ratio of the two paths' rates is the speed-up per shape.
//
// Texts, generated here with fixed seeds:
//  - "stress": 20,000 shapes as tools/gen_stress_scene.py writes them (one line each, 30%
//    AABBs, 30% OBBs with euler_deg, 25% spheres, 15% segments, colours, three decimals);
//  - "level": a generated level (world/level.hpp) of 19,995 statics and every shape of
//    another 5,000 moving on a path, as `satlab level` writes it;
//  - "recording": 100 frames of 500 shapes, as tools/gen_stress_recording.py writes them.
#include <cstdio>
#include <random>
#include <string>

#include <benchmark/benchmark.h>

#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "world/level.hpp"
#include "world/recording.hpp"

namespace satlab::bench {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

struct Gen {
  std::mt19937 rng{5};
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
  std::string vec(double lo, double hi) {
    return "[" + num(uniform(lo, hi)) + ", " + num(uniform(lo, hi)) + ", " + num(uniform(lo, hi)) + "]";
  }
  // One shape object of the stress layout, without its closing brace.
  std::string shape(const std::string& name, double spread) {
    const int kind = static_cast<int>(uniform(0, 20));
    std::string s = "{\"name\": \"" + name + "\", \"type\": \"";
    if (kind < 6)
      return s + "aabb\", \"color\": " + vec(0, 1) + ", \"center\": " + vec(-spread, spread) +
             ", \"half_extents\": " + vec(0.3, 1.1);
    if (kind < 12) {
      return s + "obb\", \"color\": " + vec(0, 1) + ", \"center\": " + vec(-spread, spread) +
             ", \"half_extents\": " + vec(0.3, 1.1) + ", \"euler_deg\": " + vec(-180, 180);
    }
    if (kind < 17)
      return s + "sphere\", \"color\": " + vec(0, 1) + ", \"center\": " + vec(-spread, spread) +
             ", \"radius\": " + num(uniform(0.3, 1.1));
    return s + "segment\", \"color\": " + vec(0, 1) + ", \"p0\": " + vec(-spread, spread) +
           ", \"p1\": " + vec(-spread, spread);
  }
};

constexpr std::size_t kStressShapes = 20000;
constexpr std::size_t kFrames = 100, kFrameShapes = 500;

const std::string& stressText() {
  static const std::string text = [] {
    Gen g;
    std::string s = "{\n  \"version\": 1,\n  \"title\": \"stress\",\n  \"view\": \"3d\",\n  \"shapes\": [\n";
    for (std::size_t i = 0; i < kStressShapes; ++i) {
      s += "    " + g.shape("s" + std::to_string(i), 60) + "}" + (i + 1 < kStressShapes ? ",\n" : "\n");
    }
    return s + "  ]\n}\n";
  }();
  return text;
}

const std::string& levelText() {
  static const std::string text = [] {
    LevelOptions o;
    o.statics = 19995;
    o.movers = 5000;
    return sceneToJson(generateLevel(o));
  }();
  return text;
}

const std::string& recordingText() {
  static const std::string text = [] {
    Gen g;
    std::string s = "{\"recording\": 1, \"title\": \"stress\"}\n";
    for (std::size_t f = 0; f < kFrames; ++f) {
      s += "{\"frame\": " + std::to_string(f) + ", \"time\": " + num(static_cast<double>(f) / 60.0) + ", \"shapes\": [";
      for (std::size_t i = 0; i < kFrameShapes; ++i) s += (i ? ", " : "") + g.shape("b" + std::to_string(i), 20) + "}";
      s += "]}\n";
    }
    return s;
  }();
  return text;
}

template <bool kFast>
void sceneLoad(benchmark::State& state, const std::string& text) {
  std::size_t shapes = 0;
  for (auto _ : state) {
    SceneLoadResult r = kFast ? parseScene(text, "bench.json", SceneLoadOptions{})
                              : parseSceneWithReferenceReader(text, "bench.json", SceneLoadOptions{});
    if (!r.ok()) state.SkipWithError(r.error->text().c_str());
    shapes = r.scene.shapes.size();
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(shapes));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

void BM_SceneLoad_Stress_Fast(benchmark::State& state) { sceneLoad<true>(state, stressText()); }
void BM_SceneLoad_Stress_Reference(benchmark::State& state) { sceneLoad<false>(state, stressText()); }
void BM_SceneLoad_Level_Fast(benchmark::State& state) { sceneLoad<true>(state, levelText()); }
void BM_SceneLoad_Level_Reference(benchmark::State& state) { sceneLoad<false>(state, levelText()); }

template <bool kFast>
void recordingLoad(benchmark::State& state) {
  const std::string& text = recordingText();
  std::size_t shapes = 0;
  for (auto _ : state) {
    RecordingLoadResult r =
        kFast ? parseRecording(text, "bench.jsonl") : parseRecordingWithReferenceReader(text, "bench.jsonl");
    if (!r.ok()) state.SkipWithError(r.error->text().c_str());
    shapes = r.recording.shapes.size();
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(shapes));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

void BM_RecordingLoad_Fast(benchmark::State& state) { recordingLoad<true>(state); }
void BM_RecordingLoad_Reference(benchmark::State& state) { recordingLoad<false>(state); }

BENCHMARK(BM_SceneLoad_Stress_Fast)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SceneLoad_Stress_Reference)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SceneLoad_Level_Fast)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SceneLoad_Level_Reference)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RecordingLoad_Fast)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RecordingLoad_Reference)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace satlab::bench

BENCHMARK_MAIN();
