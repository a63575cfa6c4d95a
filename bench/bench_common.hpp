// satlab benchmarks: the harness shared by bench/*.cpp (not a benchmark itself; the glob in
// bench/CMakeLists.txt picks up .cpp files only).
//
// Every figure is a paired comparison of two functions A and B on the same inputs
// (addPaired, runPaired):
// - Inputs are kInputs (1024) precomputed random pairs per input set ("separated" and
//   "overlapping", classified by the core's own verdict), cycled in order, so the branch
//   predictor cannot learn one input and the data stay in L1/L2.
// - Every function measured is called through exactly one out-of-line call (the core's
//   calls in core/core_calls.cpp, the textbook functions marked SATLAB_BENCH_NOINLINE), so
//   neither side gains from being inlined and hoisted into the benchmark loop.
// - The result goes through benchmark::DoNotOptimize, so it is computed and stored.
// - Each round times one pass over the inputs with A and one with B, in alternating order;
//   the figure is the median over the rounds of time(B) / time(A).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "satlab/collide/shapes.hpp"
// Callgrind's client requests (Debian package `valgrind`); without the header the count
// mode still runs, but callgrind then writes a single dump.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(name) ((void)(name))
#endif

#define SATLAB_BENCH_NOINLINE __attribute__((noinline))

namespace satlab::bench {

inline constexpr std::size_t kInputs = 1024;  // a power of two: the count loop wraps with a mask

template <class A, class B>
struct PairSet {
  std::vector<A> a;
  std::vector<B> b;
};

/// Fills a separated and an overlapping set of kInputs pairs each from `make()` (which
/// returns a std::pair<A, B>), classified by `overlapFn(a, b)`.
template <class A, class B, class Make, class Overlap>
std::pair<PairSet<A, B>, PairSet<A, B>> makeSets(Make make, Overlap overlapFn) {
  PairSet<A, B> sep, ovl;
  for (std::size_t guard = 0; (sep.a.size() < kInputs || ovl.a.size() < kInputs) && guard < 100000000; ++guard) {
    const std::pair<A, B> p = make();
    PairSet<A, B>& dst = overlapFn(p.first, p.second) ? ovl : sep;
    if (dst.a.size() < kInputs) {
      dst.a.push_back(p.first);
      dst.b.push_back(p.second);
    }
  }
  if (sep.a.size() < kInputs || ovl.a.size() < kInputs) {
    std::fprintf(stderr, "makeSets: the generator gave %zu separated and %zu overlapping pairs, not %zu each\n",
                 sep.a.size(), ovl.a.size(), kInputs);
    std::exit(2);
  }
  return {std::move(sep), std::move(ovl)};
}

/// The verdict of a boolean test or of a result with an `overlap` field.
inline bool verdictOf(bool v) { return v; }
template <class R>
bool verdictOf(const R& r) {
  return r.overlap;
}

// ---- Instruction counts ----------------------------------------------------------------

/// Every side of every paired comparison as "run n calls on its input set", once per name
/// ("<pair>/<set>/<variant>"), in registration order.
struct Countable {
  std::string name;
  std::function<void(std::size_t)> run;
};
inline std::vector<Countable>& countRegistry() {
  static std::vector<Countable> r;
  return r;
}
inline std::set<std::string>& countNames() {
  static std::set<std::string> names;
  return names;
}

template <class A, class B, class F>
void addCount(const std::string& name, const PairSet<A, B>& set, F f) {
  if (!countNames().insert(name).second) return;
  countRegistry().push_back(Countable{name, [&set, f](std::size_t n) {
                                        std::size_t i = 0;
                                        for (std::size_t k = 0; k < n; ++k) {
                                          auto r = f(set.a[i], set.b[i]);
                                          benchmark::DoNotOptimize(r);
                                          i = (i + 1) & (kInputs - 1);
                                        }
                                      }});
}

/// When SATLAB_CALLGRIND_CALLS=n is set, runs every variant n times instead of timing it,
/// each between CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT("<name>"), so that
/// callgrind writes one dump per variant whose total Ir divided by n is the instruction
/// count per call (bench/callgrind_counts.py). SATLAB_CALLGRIND_FILTER=text keeps only the
/// variants whose name contains `text`. Returns true when it ran (the caller then exits).
inline bool countMode() {
  const char* env = std::getenv("SATLAB_CALLGRIND_CALLS");
  if (!env) return false;
  const std::size_t n = std::strtoull(env, nullptr, 10);
  const char* filter = std::getenv("SATLAB_CALLGRIND_FILTER");
  std::size_t ran = 0;
  for (const Countable& c : countRegistry()) {
    if (filter && c.name.find(filter) == std::string::npos) continue;
    CALLGRIND_ZERO_STATS;
    c.run(n);
    CALLGRIND_DUMP_STATS_AT(c.name.c_str());
    ++ran;
  }
  std::printf("ran %zu variants x %zu calls\n", ran, n);
  return true;
}

// ---- Verdict check -----------------------------------------------------------------------

/// A paired comparison whose two sides gave different verdicts on some input
/// ("<pair>/<set>/<B>_vs_<A>: n of 1024"): a pair compared so is not doing the same work.
struct Disagreement {
  std::string what;
  bool allowed = false;
};
inline std::vector<Disagreement>& disagreements() {
  static std::vector<Disagreement> d;
  return d;
}

/// When SATLAB_BENCH_CHECK=1 is set: prints every paired comparison whose sides disagree
/// on a verdict and returns the exit status, 1 if any that is not allowed to did, instead of
/// timing. Returns -1 otherwise (the caller then runs the benchmarks).
inline int checkMode() {
  const char* env = std::getenv("SATLAB_BENCH_CHECK");
  if (!env || std::string(env) != "1") return -1;
  std::size_t unexpected = 0;
  for (const Disagreement& d : disagreements()) {
    std::printf("verdicts differ%s: %s\n", d.allowed ? " (allowed)" : "", d.what.c_str());
    unexpected += !d.allowed;
  }
  std::printf("%zu paired comparisons with differing verdicts, %zu of them not allowed\n", disagreements().size(),
              unexpected);
  return unexpected == 0 ? 0 : 1;
}

// ---- Paired timing -----------------------------------------------------------------------

/// Each round times one pass over the set with `fa`, then one with `fb` (the order
/// alternating from round to round), so both see the same moment of a machine whose speed
/// drifts. Counters: `ratio`, the median over the rounds of time(fb) / time(fa); `a_ns` and
/// `b_ns`, the median ns per call of each. The benchmark's own time is the sum of both
/// passes (manual time).
template <class A, class B, class FA, class FB>
void runPaired(benchmark::State& state, const PairSet<A, B>& set, FA fa, FB fb) {
  std::vector<double> ta, tb, ratios;
  bool aFirst = true;
  const auto pass = [&set](auto& f) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < set.a.size(); ++i) {
      auto r = f(set.a[i], set.b[i]);
      benchmark::DoNotOptimize(r);
    }
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  };
  for (auto _ : state) {
    double a, b;
    if (aFirst) {
      a = pass(fa);
      b = pass(fb);
    } else {
      b = pass(fb);
      a = pass(fa);
    }
    aFirst = !aFirst;
    state.SetIterationTime((a + b) * 1e-9);
    ta.push_back(a);
    tb.push_back(b);
    ratios.push_back(b / a);
  }
  const auto median = [](std::vector<double>& v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  const double n = static_cast<double>(set.a.size());
  state.counters["ratio"] = median(ratios);
  state.counters["a_ns"] = median(ta) / n;
  state.counters["b_ns"] = median(tb) / n;
}

/// Registers "<pair>/<set>/<nameB>_vs_<nameA>" for both sets (runPaired), after comparing
/// the two sides' verdicts on every input (checkMode), and both sides for the instruction
/// counts (countMode). `verdictsMayDiffer`: a textbook formula known to misjudge some
/// inputs (said where it is passed).
template <class A, class B, class FA, class FB>
void addPaired(const std::string& pair, const std::pair<PairSet<A, B>, PairSet<A, B>>& sets, const std::string& nameA,
               FA fa, const std::string& nameB, FB fb, bool verdictsMayDiffer = false) {
  for (const auto* set : {&sets.first, &sets.second}) {
    const std::string prefix = pair + (set == &sets.first ? "/separated/" : "/overlapping/");
    const std::string name = prefix + nameB + "_vs_" + nameA;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < set->a.size(); ++i) {
      differ += verdictOf(fa(set->a[i], set->b[i])) != verdictOf(fb(set->a[i], set->b[i]));
    }
    if (differ > 0) {
      disagreements().push_back(Disagreement{
          name + ": " + std::to_string(differ) + " of " + std::to_string(set->a.size()), verdictsMayDiffer});
    }
    addCount(prefix + nameA, *set, fa);
    addCount(prefix + nameB, *set, fb);
    benchmark::RegisterBenchmark(name.c_str(), [set, fa, fb](benchmark::State& st) { runPaired(st, *set, fa, fb); })
        ->UseManualTime()
        ->MinTime(0.2);
  }
}

/// The end of every benchmark program's main: count mode, check mode, or the timings.
inline int runMain() {
  if (countMode()) return 0;
  if (const int status = checkMode(); status >= 0) return status;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// ---- Inputs --------------------------------------------------------------------------------

/// Deterministic random numbers (fixed seed: every run measures the same inputs).
class Random {
 public:
  explicit Random(unsigned seed) : gen_(seed) {}
  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(gen_); }
  glm::vec3 vec3(float lo, float hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
  glm::vec2 vec2(float lo, float hi) { return {uniform(lo, hi), uniform(lo, hi)}; }
  /// A uniformly random rotation (normalised Gaussian quaternion), as orthonormal columns.
  glm::mat3 rotation() {
    std::normal_distribution<float> n(0.0f, 1.0f);
    const glm::quat q = glm::normalize(glm::quat(n(gen_), n(gen_), n(gen_), n(gen_)));
    return glm::mat3_cast(q);
  }
  /// A point on the unit sphere.
  glm::vec3 direction() {
    std::normal_distribution<float> n(0.0f, 1.0f);
    glm::vec3 v;
    do {
      v = glm::vec3(n(gen_), n(gen_), n(gen_));
    } while (glm::dot(v, v) < 1e-6f);
    return glm::normalize(v);
  }

 private:
  std::mt19937 gen_;
};

/// The generator every pair benchmark draws from (each program its own, with the same seed).
inline Random& rng() {
  static Random r(20261129u);
  return r;
}

/// The shapes of the 3D benchmarks: boxes with half extents in [0.2, 1.5], spheres of radius
/// [0.2, 1.5], segments of length 0.5 to 4, centres within +-spread on each axis (chosen by
/// each benchmark so that roughly half of its random pairs overlap).
inline Aabb randAabb(float spread) { return Aabb{rng().vec3(-spread, spread), rng().vec3(0.2f, 1.5f)}; }
inline Obb randObb(float spread) { return Obb{rng().vec3(-spread, spread), rng().rotation(), rng().vec3(0.2f, 1.5f)}; }
inline Sphere randSphere(float spread) { return Sphere{rng().vec3(-spread, spread), rng().uniform(0.2f, 1.5f)}; }
inline Segment randSegment(float spread) {
  const glm::vec3 p0 = rng().vec3(-spread, spread);
  return Segment{p0, p0 + rng().direction() * rng().uniform(0.5f, 4.0f)};
}

}  // namespace satlab::bench
