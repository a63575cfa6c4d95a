// satlab benchmark: the batch narrow phase (batch_narrow.hpp), one shape against N others.
//
//   <pair>/<set>/N         one A against a batch of N Bs, for each of 8 As near the origin:
//                          the textbook loop `out[i] = overlaps(a, b[i])` over a
//                          std::vector of the shapes (the baseline), the batch call on its
//                          scalar path (setSimdLevel(Scalar)), its AVX2 path and its AVX-512
//                          path (where the processor has them). Each round times one pass of
//                          each, in rotating order; the counters are the median ns per pair of
//                          each (textbook_ns, scalar_ns, avx2_ns, avx512_ns) and the medians
//                          of the per-round ratios textbook / scalar, textbook / avx2,
//                          textbook / avx512 and avx2 / avx512, all in the thread's CPU time
//                          (the passes' manual time is their sum). Target (OBB-OBB, N = 10k):
//                          avx2_ns <= 3.
//                          Sets: `mixed`, Bs within +-2.5 (about half overlap A), `apart`
//                          within +-20 (about 0.1% overlap: the face axes decide), `deep`
//                          within +-0.3 (all overlap: every axis is computed).
//   aabb-aabb/bandwidth    aabbVsAabbs over 2M AABBs (48 MB of blocks, beyond the caches),
//                          against reading the same bytes (the sum of their 32-bit words) in
//                          the same rounds: ratio = median of time(batch) / time(read); the
//                          batch also writes one byte per AABB (1/24 of what it reads).
//
// SATLAB_BENCH_CHECK=1 (the ctest bench_batch_narrow_verdicts): times nothing; compares, on
// every input above, every path's verdicts (scalar, and AVX2 and AVX-512 where the processor
// has them) with the textbook loop's and exits 1 on any difference. The machine may be shared: the medians over rounds
// damp what waiting for a core adds, not all of it.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <time.h>

#include "bench_common.hpp"
#include "satlab/collide/batch_narrow.hpp"
#include "satlab/collide/overlaps.hpp"

namespace satlab::bench {
namespace {

constexpr int kAs = 8;

template <class Shape>
struct BatchFor;
template <>
struct BatchFor<Aabb> {
  using type = AabbBatch;
};
template <>
struct BatchFor<Obb> {
  using type = ObbBatch;
};
template <>
struct BatchFor<Sphere> {
  using type = SphereBatch;
};

// One input set: the As, and the same Bs as a std::vector (for the textbook loop) and as a
// batch.
template <class A, class B>
struct Inputs {
  std::vector<A> as;
  std::vector<B> list;
  typename BatchFor<B>::type batch;
};

Aabb aabbAt(float spread) { return randAabb(spread); }
Obb obbAt(float spread) { return randObb(spread); }
Sphere sphereAt(float spread) { return randSphere(spread); }
template <class S>
S shapeAt(float spread) {
  if constexpr (std::is_same_v<S, Aabb>) return aabbAt(spread);
  if constexpr (std::is_same_v<S, Obb>) return obbAt(spread);
  if constexpr (std::is_same_v<S, Sphere>) return sphereAt(spread);
}

template <class A, class B>
Inputs<A, B> makeInputs(std::size_t n, float spread) {
  Inputs<A, B> in;
  for (int k = 0; k < kAs; ++k) in.as.push_back(shapeAt<A>(0.1f));
  in.list.reserve(n);
  in.batch.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    in.list.push_back(shapeAt<B>(spread));
    in.batch.push(in.list.back());
  }
  return in;
}

// The textbook loop: one overlaps() call per pair (the library's, out of line).
template <class A, class B>
SATLAB_BENCH_NOINLINE void textbookLoop(const A& a, const std::vector<B>& bs, std::uint8_t* out) {
  for (std::size_t i = 0; i < bs.size(); ++i) out[i] = overlaps(a, bs[i]) ? 1 : 0;
}

// The CPU time of this thread, in ns: on a shared machine the wall time of a pass includes
// the time the thread waited for a core, which says nothing about the code.
double threadNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

template <class F>
double nsOf(F f) {
  const double start = threadNs();
  f();
  return threadNs() - start;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// Every path's verdicts against the textbook loop's, for every A (check mode).
template <class A, class B, class Call>
void check(const std::string& name, const Inputs<A, B>& in, Call call) {
  const SimdLevel saved = simdLevel();
  std::vector<std::uint8_t> expected(in.list.size()), got(in.list.size());
  std::size_t differ = 0, overlapping = 0;
  for (const A& a : in.as) {
    textbookLoop(a, in.list, expected.data());
    for (std::uint8_t e : expected) overlapping += e;
    for (const SimdLevel level : {SimdLevel::Scalar, SimdLevel::Avx2, SimdLevel::Avx512}) {
      if (setSimdLevel(level) != level) continue;
      call(a, in.batch, got.data());
      for (std::size_t i = 0; i < got.size(); ++i) differ += got[i] != expected[i];
    }
  }
  setSimdLevel(saved);
  if (differ > 0) disagreements().push_back(Disagreement{name + ": " + std::to_string(differ) + " verdicts", false});
  std::printf("%s: %zu pairs, %.1f%% overlapping, %zu verdicts differ\n", name.c_str(), in.list.size() * in.as.size(),
              100.0 * static_cast<double>(overlapping) / static_cast<double>(in.list.size() * in.as.size()), differ);
}

// One round: a pass of each variant over every A, in rotating order; the figures are the
// medians over the rounds.
template <class A, class B, class Call>
void runRounds(benchmark::State& state, const Inputs<A, B>& in, Call call) {
  const SimdLevel saved = simdLevel();
  const bool avx2 = static_cast<int>(supportedSimdLevel()) >= static_cast<int>(SimdLevel::Avx2);
  const bool avx512 = supportedSimdLevel() == SimdLevel::Avx512;
  std::vector<std::uint8_t> out(in.list.size());
  const auto textbook = [&] {
    for (const A& a : in.as) textbookLoop(a, in.list, out.data());
  };
  const auto onPath = [&](SimdLevel level) {
    setSimdLevel(level);
    return nsOf([&] {
      for (const A& a : in.as) call(a, in.batch, out.data());
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
    });
  };
  std::vector<double> tt, ts, tv, tw, rv, rs, rw, rvw;
  int turn = 0;
  for (auto _ : state) {
    double t = 0, s = 0, v = 0, w = 0;
    for (int k = 0; k < 4; ++k) {
      switch ((turn + k) % 4) {
        case 0:
          t = nsOf([&] {
            textbook();
            benchmark::DoNotOptimize(out.data());
            benchmark::ClobberMemory();
          });
          break;
        case 1: s = onPath(SimdLevel::Scalar); break;
        case 2: v = avx2 ? onPath(SimdLevel::Avx2) : 0.0; break;
        default: w = avx512 ? onPath(SimdLevel::Avx512) : 0.0; break;
      }
    }
    ++turn;
    state.SetIterationTime((t + s + v + w) * 1e-9);
    tt.push_back(t);
    ts.push_back(s);
    rs.push_back(t / s);
    if (avx2) {
      tv.push_back(v);
      rv.push_back(t / v);
    }
    if (avx512) {
      tw.push_back(w);
      rw.push_back(t / w);
      rvw.push_back(v / w);
    }
  }
  setSimdLevel(saved);
  const double pairs = static_cast<double>(in.list.size() * in.as.size());
  state.counters["textbook_ns"] = median(tt) / pairs;
  state.counters["scalar_ns"] = median(ts) / pairs;
  state.counters["textbook/scalar"] = median(rs);
  if (avx2) {
    state.counters["avx2_ns"] = median(tv) / pairs;
    state.counters["textbook/avx2"] = median(rv);
  }
  if (avx512) {
    state.counters["avx512_ns"] = median(tw) / pairs;
    state.counters["textbook/avx512"] = median(rw);
    state.counters["avx2/avx512"] = median(rvw);
  }
}

template <class A, class B, class Call>
void add(const std::string& pair, const std::string& set, const Inputs<A, B>& in, Call call) {
  const std::string name = pair + "/" + set + "/" + std::to_string(in.list.size());
  check(name, in, call);
  benchmark::RegisterBenchmark(name.c_str(), [&in, call](benchmark::State& st) { runRounds(st, in, call); })
      ->UseManualTime()
      ->MinTime(0.3);
}

// ---- AABB-AABB against the memory's speed --------------------------------------------------

// Reads every byte of the blocks once: the sum of their 32-bit words (integer addition is
// associative, so the compiler vectorises it).
SATLAB_BENCH_NOINLINE std::uint32_t readWords(const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i + 4 <= bytes; i += 4) {
    std::uint32_t w;
    std::memcpy(&w, p + i, 4);
    sum += w;
  }
  return sum;
}

void bandwidth(benchmark::State& state, const Inputs<Aabb, Aabb>& in) {
  const void* data = in.batch.blocks();
  const std::size_t bytes = in.batch.blockCount() * sizeof(batch_detail::AabbBlock);
  std::vector<std::uint8_t> out(in.list.size());
  std::vector<double> tr, tb, ratio;
  bool readFirst = true;
  for (auto _ : state) {
    double r = 0, b = 0;
    const auto doRead = [&] { r = nsOf([&] { benchmark::DoNotOptimize(readWords(data, bytes)); }); };
    const auto doBatch = [&] {
      b = nsOf([&] {
        aabbVsAabbs(in.as[0], in.batch, out.data());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
      });
    };
    if (readFirst) {
      doRead();
      doBatch();
    } else {
      doBatch();
      doRead();
    }
    readFirst = !readFirst;
    state.SetIterationTime((r + b) * 1e-9);
    tr.push_back(r);
    tb.push_back(b);
    ratio.push_back(b / r);
  }
  const double n = static_cast<double>(in.list.size());
  state.counters["ratio"] = median(ratio);
  state.counters["read_GBps"] = static_cast<double>(bytes) / median(tr);
  state.counters["batch_GBps"] = static_cast<double>(bytes) / median(tb);
  state.counters["batch_ns"] = median(tb) / n;
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  std::printf("processor: %s; batch path: %s\n", simdLevelName(supportedSimdLevel()), simdLevelName(simdLevel()));

  constexpr std::size_t kN = 10000;
  const auto obbObb = [](const Obb& a, const ObbBatch& b, std::uint8_t* o) { obbVsObbs(a, b, o); };
  static const auto obbMixed = makeInputs<Obb, Obb>(kN, 2.5f);
  static const auto obbApart = makeInputs<Obb, Obb>(kN, 20.0f);
  static const auto obbDeep = makeInputs<Obb, Obb>(kN, 0.3f);
  add("obb-obb", "mixed", obbMixed, obbObb);
  add("obb-obb", "apart", obbApart, obbObb);
  add("obb-obb", "deep", obbDeep, obbObb);

  static const auto aabbObbMixed = makeInputs<Aabb, Obb>(kN, 2.5f);
  add("aabb-obb", "mixed", aabbObbMixed,
      [](const Aabb& a, const ObbBatch& b, std::uint8_t* o) { aabbVsObbs(a, b, o); });

  static const auto obbAabbMixed = makeInputs<Obb, Aabb>(kN, 2.5f);
  add("obb-aabb", "mixed", obbAabbMixed,
      [](const Obb& a, const AabbBatch& b, std::uint8_t* o) { obbVsAabbs(a, b, o); });

  const auto aabbAabb = [](const Aabb& a, const AabbBatch& b, std::uint8_t* o) { aabbVsAabbs(a, b, o); };
  static const auto aabbMixed = makeInputs<Aabb, Aabb>(kN, 2.5f);
  add("aabb-aabb", "mixed", aabbMixed, aabbAabb);

  static const auto sphereMixed = makeInputs<Sphere, Sphere>(kN, 2.5f);
  add("sphere-sphere", "mixed", sphereMixed,
      [](const Sphere& a, const SphereBatch& b, std::uint8_t* o) { sphereVsSpheres(a, b, o); });
  static const auto sphereAabbMixed = makeInputs<Sphere, Aabb>(kN, 2.5f);
  add("sphere-aabb", "mixed", sphereAabbMixed,
      [](const Sphere& a, const AabbBatch& b, std::uint8_t* o) { sphereVsAabbs(a, b, o); });
  static const auto sphereObbMixed = makeInputs<Sphere, Obb>(kN, 2.5f);
  add("sphere-obb", "mixed", sphereObbMixed,
      [](const Sphere& a, const ObbBatch& b, std::uint8_t* o) { sphereVsObbs(a, b, o); });

  // 2M AABBs spread within +-40 (almost none overlap A).
  static const auto aabbBig = makeInputs<Aabb, Aabb>(std::size_t{1} << 21, 40.0f);
  check("aabb-aabb/bandwidth/2M", aabbBig, aabbAabb);
  benchmark::RegisterBenchmark("aabb-aabb/bandwidth/2M", [](benchmark::State& st) { bandwidth(st, aabbBig); })
      ->UseManualTime()
      ->MinTime(0.5);

  return runMain();
}
