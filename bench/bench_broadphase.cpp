// The broad phase of a scene in motion: satlab's DynamicPairs (dynamic_pairs.hpp), and
// satlab's scene broad phase over it (world/broad_phase.hpp, the one `satlab check`, the
// recordings, the live pairs and the pipeline use), beside Bullet's btDbvtBroadphase
// (libbullet-dev) on the same 3D motion, and beside Box2D 2.4's b2BroadPhase over its
// b2DynamicTree (libbox2d-dev) on a flat version of it.
//
// The scene: a seeded level, n boxes of mixed sizes in a cube (three in four small, one in
// five medium, a few thin slabs like walls and floors), one in five moving each frame by a
// small displacement (0.01 to 0.1 units, bouncing off the cube's faces), the rest still.
// A frame, on every side, is what an engine does between two narrow phases: hand each
// mover's new tight box (and its displacement) to the broad phase, then bring the set of
// overlapping pairs up to date.
//   satlab: DynamicPairs::move() per mover, then update().
//   broadphase: the scene's movers' boxes set, then BroadPhase::update(scene), which
//           recomputes every shape's padded bounds and moves the ones that changed.
//   pipeline: the same scene through the app's two-phase pipeline (world/pipeline.hpp,
//           both caches on), told which shapes move: the broad phase, the AABB list, the
//           AABB test of every candidate and the exact test of those that pass (two AABBs:
//           the AABB test).
//   Bullet: setAabb() per mover, then calculateOverlappingPairs() (its pair cache).
//   Box2D:  MoveProxy() per mover, UpdatePairs() into a pair set (ProxyPairSet, the one
//           satlab uses), then the pairs whose fat boxes stopped overlapping are dropped,
//           as b2ContactManager::Collide does with TestOverlap() on every contact.
// Each engine keeps its own defaults: satlab margin 0.1 and the displacement doubled;
// Bullet margin 0.05 and no velocity prediction (SATLAB_BENCH_BULLET_MARGIN=0.3 gives it
// fat boxes about as fat as satlab's); Box2D extension 0.1 and the displacement times 4.
//
// Timing (benchmark frame/<3d|2d>/<n>): all sides run in lockstep on one scene; each
// iteration steps the motion (not timed) and times one frame of each side, in an order
// that rotates with the iteration, so drifts of a loaded machine hit every side alike.
// Each frame is timed in the thread's CPU time (the machine is shared: wall time would
// count other processes). The iteration time is satlab's frame (manual time); the
// counters are the medians over the iterations of each side's frame in ms, and `ratio`, the median of satlab's frame
// over the faster other engine's frame in the same iteration (<= 1 means satlab is ahead);
// `broadphase_ratio` and `pipeline_ratio` the same for the scene broad phase and the
// pipeline, and `pipeline_over_satlab` the pipeline's frame over DynamicPairs' frame.
//
// SATLAB_BENCH_CHECK=1: no timing. Every side runs 40 frames of each scene (10,000 shapes,
// 3D and 2D; with SATLAB_BENCH_CHECK_LARGE=1 also 6 frames of 100,000 in 3D) and, at several
// frames, its pairs are filtered by the tight boxes and compared with the exact set of
// tight-box pairs (a uniform grid over the shapes). Each engine's pair set is a superset
// of the tight pairs by its own margins (Bullet drops stale pairs lazily, 10% a frame), so
// after the filter all must equal the exact set; the pipeline's colliding pairs must equal
// it unfiltered. Exit 1 on any difference.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <box2d/b2_broad_phase.h>
#include <btBulletCollisionCommon.h>
#include <glm/glm.hpp>

#include "satlab/collide/dynamic_pairs.hpp"
#include "world/broad_phase.hpp"
#include "world/pipeline.hpp"

namespace {

using satlab::Aabb;
using satlab::ProxyPair;

// ---- the level and its motion ----

struct Level {
  std::vector<Aabb> box;
  std::vector<glm::vec3> velocity;  // per frame; zero for the still shapes
  std::vector<std::uint32_t> movers;
  float half = 0.0f;  // the cube (square) is [-half, half]^3
  bool flat = false;
};

Level makeLevel(std::size_t n, bool flat, std::uint32_t seed) {
  std::mt19937 rng(seed);
  auto u = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); };
  Level level;
  level.flat = flat;
  // The same density of shapes in 2D as in 3D: the side grows as the square or cube root.
  level.half = flat ? 1.6f * std::sqrt(static_cast<float>(n)) : 1.6f * std::cbrt(static_cast<float>(n));
  level.box.resize(n);
  level.velocity.assign(n, glm::vec3(0.0f));
  for (std::size_t i = 0; i < n; ++i) {
    const float kind = u(0.0f, 1.0f);
    glm::vec3 h;
    bool slab = false;
    if (kind < 0.03f) {
      // A wall or a floor: long on two axes, thin on the third.
      h = glm::vec3(u(2.0f, 6.0f), u(0.1f, 0.3f), u(2.0f, 6.0f));
      const int thin = std::uniform_int_distribution<int>(0, flat ? 1 : 2)(rng);
      std::swap(h[1], h[thin]);
      slab = true;
    } else if (kind < 0.23f) {
      h = glm::vec3(u(0.5f, 1.5f), u(0.5f, 1.5f), u(0.5f, 1.5f));
    } else {
      h = glm::vec3(u(0.15f, 0.5f), u(0.15f, 0.5f), u(0.15f, 0.5f));
    }
    glm::vec3 c(u(-level.half, level.half), u(-level.half, level.half), u(-level.half, level.half));
    if (flat) {
      c.z = 0.0f;
      h.z = 0.0f;
    }
    level.box[i] = Aabb{c, h};
    if (!slab && u(0.0f, 1.0f) < 0.2f) {
      glm::vec3 d(u(-1.0f, 1.0f), u(-1.0f, 1.0f), flat ? 0.0f : u(-1.0f, 1.0f));
      const float len = glm::length(d);
      d = len > 1e-3f ? d / len : glm::vec3(1.0f, 0.0f, 0.0f);
      level.velocity[i] = d * u(0.01f, 0.1f);
      level.movers.push_back(static_cast<std::uint32_t>(i));
    }
  }
  return level;
}

void stepLevel(Level& level) {
  for (const std::uint32_t i : level.movers) {
    glm::vec3& c = level.box[i].center;
    glm::vec3& v = level.velocity[i];
    c += v;
    for (int k = 0; k < 3; ++k)
      if ((c[k] > level.half && v[k] > 0.0f) || (c[k] < -level.half && v[k] < 0.0f)) v[k] = -v[k];
  }
}

bool tightOverlap(const Aabb& a, const Aabb& b) {
  const glm::vec3 alo = a.center - a.half, ahi = a.center + a.half;
  const glm::vec3 blo = b.center - b.half, bhi = b.center + b.half;
  return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y && alo.z <= bhi.z && blo.z <= ahi.z;
}

/// The exact tight-box pairs, by a uniform grid: every box goes into each cell it touches,
/// pairs are tested within a cell, and a pair counts only in the cell that holds the min
/// corner of the two boxes' overlap (so once).
std::vector<ProxyPair> exactPairs(const Level& level) {
  const float cell = 2.0f;
  auto cellOf = [&](float v) { return static_cast<std::int64_t>(std::floor(v / cell)); };
  auto keyOf = [](std::int64_t x, std::int64_t y, std::int64_t z) {
    return ((x & 0x1FFFFF) << 42) | ((y & 0x1FFFFF) << 21) | (z & 0x1FFFFF);
  };
  std::vector<std::pair<std::int64_t, std::int32_t>> entries;
  for (std::size_t i = 0; i < level.box.size(); ++i) {
    const glm::vec3 lo = level.box[i].center - level.box[i].half, hi = level.box[i].center + level.box[i].half;
    for (std::int64_t x = cellOf(lo.x); x <= cellOf(hi.x); ++x)
      for (std::int64_t y = cellOf(lo.y); y <= cellOf(hi.y); ++y)
        for (std::int64_t z = cellOf(lo.z); z <= cellOf(hi.z); ++z)
          entries.push_back({keyOf(x, y, z), static_cast<std::int32_t>(i)});
  }
  std::sort(entries.begin(), entries.end());
  std::vector<ProxyPair> out;
  for (std::size_t begin = 0; begin < entries.size();) {
    std::size_t end = begin;
    while (end < entries.size() && entries[end].first == entries[begin].first) ++end;
    for (std::size_t i = begin; i < end; ++i)
      for (std::size_t j = i + 1; j < end; ++j) {
        const Aabb& a = level.box[static_cast<std::size_t>(entries[i].second)];
        const Aabb& b = level.box[static_cast<std::size_t>(entries[j].second)];
        if (!tightOverlap(a, b)) continue;
        const glm::vec3 corner = glm::max(a.center - a.half, b.center - b.half);
        if (keyOf(cellOf(corner.x), cellOf(corner.y), cellOf(corner.z)) != entries[begin].first) continue;
        out.push_back({std::min(entries[i].second, entries[j].second), std::max(entries[i].second, entries[j].second)});
      }
    begin = end;
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// An engine's pairs (shape indices) kept when the tight boxes overlap, sorted.
std::vector<ProxyPair> filterTight(const Level& level, std::vector<ProxyPair> pairs) {
  std::vector<ProxyPair> out;
  for (ProxyPair p : pairs) {
    if (p.a > p.b) std::swap(p.a, p.b);
    if (tightOverlap(level.box[static_cast<std::size_t>(p.a)], level.box[static_cast<std::size_t>(p.b)]))
      out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// ---- the three sides ----

struct SatlabSide {
  static constexpr const char* kName = "satlab";
  satlab::DynamicPairs pairs;
  std::vector<std::int32_t> proxy;
  std::size_t reinserted = 0;  // moves that left the fat box
  explicit SatlabSide(const Level& level) {
    proxy.resize(level.box.size());
    for (std::size_t i = 0; i < level.box.size(); ++i)
      proxy[i] = pairs.insert(level.box[i], static_cast<std::uint32_t>(i), level.velocity[i]);
    pairs.update();
  }
  void frame(const Level& level) {
    for (const std::uint32_t i : level.movers)
      if (pairs.move(proxy[i], level.box[i], level.velocity[i])) ++reinserted;
    pairs.update();
  }
  std::size_t pairCount() const { return pairs.pairs().size(); }
  std::vector<ProxyPair> shapePairs() const {
    std::vector<ProxyPair> out;
    const satlab::DynamicAabbTree& tree = pairs.tree();
    for (const ProxyPair& p : pairs.pairs())
      out.push_back({static_cast<std::int32_t>(tree.userData(p.a)), static_cast<std::int32_t>(tree.userData(p.b))});
    return out;
  }
};

/// satlab's broad phase as its users run it (world/broad_phase.hpp: `satlab check`, the
/// recordings, the live pairs and the pipeline): the whole scene handed in each frame, every
/// shape's padded bounds recomputed, the movers moved in DynamicPairs, the pairs updated.
struct SceneSide {
  static constexpr const char* kName = "broadphase";
  satlab::Scene scene;
  satlab::BroadPhase broad;
  std::vector<glm::vec3> displacement;
  std::size_t reinserted = 0;  // moves that left the fat box
  explicit SceneSide(const Level& level) : displacement(level.velocity) {
    scene.view = level.flat ? satlab::ViewMode::TwoD : satlab::ViewMode::ThreeD;
    scene.shapes.resize(level.box.size());
    for (std::size_t i = 0; i < level.box.size(); ++i) scene.shapes[i].geometry = level.box[i];
    broad.update(scene, &displacement);
  }
  void frame(const Level& level) {
    for (const std::uint32_t i : level.movers) {
      std::get<Aabb>(scene.shapes[i].geometry) = level.box[i];
      displacement[i] = level.velocity[i];
    }
    reinserted += broad.update(scene, &displacement).reinserted;
  }
  std::size_t pairCount() const { return broad.last().pairs; }
  std::vector<ProxyPair> shapePairs() const {
    std::vector<ProxyPair> out;
    broad.forEachPair([&](std::uint32_t a, std::uint32_t b) {
      out.push_back({static_cast<std::int32_t>(a), static_cast<std::int32_t>(b)});
    });
    return out;
  }
};

/// The app's two-phase pipeline (world/pipeline.hpp, with both caches, as the app and
/// `satlab check` run it): the scene handed in each frame with the list of its movers (the
/// shapes that may have changed, as `satlab check --frames` gives its moving shapes), then the
/// broad phase, the AABB list, the AABB test of every candidate and the exact test (here of
/// two AABBs: their AABB test). Its pairs are the candidates (fat boxes overlap).
struct PipelineSide {
  static constexpr const char* kName = "pipeline";
  satlab::Scene scene;
  satlab::CollisionPipeline pipeline;
  std::vector<glm::vec3> displacement;
  explicit PipelineSide(const Level& level) : displacement(level.velocity) {
    scene.view = level.flat ? satlab::ViewMode::TwoD : satlab::ViewMode::ThreeD;
    scene.shapes.resize(level.box.size());
    for (std::size_t i = 0; i < level.box.size(); ++i) scene.shapes[i].geometry = level.box[i];
    pipeline.step(scene, &displacement);
  }
  void frame(const Level& level) {
    for (const std::uint32_t i : level.movers) {
      std::get<Aabb>(scene.shapes[i].geometry) = level.box[i];
      displacement[i] = level.velocity[i];
    }
    // As an engine hands its broad phase the moved proxies only: the movers.
    pipeline.step(scene, &displacement, &level.movers);
  }
  std::size_t pairCount() const { return pipeline.last().afterTree; }
  std::vector<ProxyPair> shapePairs() const {
    std::vector<ProxyPair> out;
    pipeline.broadPhase().forEachPair([&](std::uint32_t a, std::uint32_t b) {
      out.push_back({static_cast<std::int32_t>(a), static_cast<std::int32_t>(b)});
    });
    return out;
  }
};

btVector3 bt(const glm::vec3& v) { return btVector3(v.x, v.y, v.z); }

struct BulletSide {
  static constexpr const char* kName = "bullet";
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher{&config};
  btDbvtBroadphase broadphase;
  std::vector<btBroadphaseProxy*> proxy;
  explicit BulletSide(const Level& level) {
    // Bullet's margin is a global (gDbvtMargin, 0.05): SATLAB_BENCH_BULLET_MARGIN sets it,
    // to see Bullet with fat boxes as fat as satlab's (docs/dynamic-tree.md).
    if (const char* m = std::getenv("SATLAB_BENCH_BULLET_MARGIN")) gDbvtMargin = static_cast<btScalar>(std::atof(m));
    proxy.resize(level.box.size());
    for (std::size_t i = 0; i < level.box.size(); ++i) {
      const Aabb& b = level.box[i];
      proxy[i] = broadphase.createProxy(bt(b.center - b.half), bt(b.center + b.half), BOX_SHAPE_PROXYTYPE,
                                        reinterpret_cast<void*>(static_cast<std::intptr_t>(i)), 1, -1, &dispatcher);
    }
    broadphase.calculateOverlappingPairs(&dispatcher);
  }
  void frame(const Level& level) {
    for (const std::uint32_t i : level.movers) {
      const Aabb& b = level.box[i];
      broadphase.setAabb(proxy[i], bt(b.center - b.half), bt(b.center + b.half), &dispatcher);
    }
    broadphase.calculateOverlappingPairs(&dispatcher);
  }
  std::size_t pairCount() {
    return static_cast<std::size_t>(broadphase.getOverlappingPairCache()->getNumOverlappingPairs());
  }
  std::vector<ProxyPair> shapePairs() {
    std::vector<ProxyPair> out;
    const btBroadphasePairArray& array = broadphase.getOverlappingPairCache()->getOverlappingPairArray();
    for (int k = 0; k < array.size(); ++k) {
      const auto a = static_cast<std::int32_t>(reinterpret_cast<std::intptr_t>(array[k].m_pProxy0->m_clientObject));
      const auto b = static_cast<std::int32_t>(reinterpret_cast<std::intptr_t>(array[k].m_pProxy1->m_clientObject));
      out.push_back({a, b});
    }
    return out;
  }
};

b2AABB b2Box(const Aabb& b) {
  b2AABB out;
  out.lowerBound.Set(b.center.x - b.half.x, b.center.y - b.half.y);
  out.upperBound.Set(b.center.x + b.half.x, b.center.y + b.half.y);
  return out;
}

struct Box2dSide {
  static constexpr const char* kName = "box2d";
  b2BroadPhase broadphase;
  std::vector<std::int32_t> proxy;
  satlab::ProxyPairSet set;  // shape indices
  explicit Box2dSide(const Level& level) {
    proxy.resize(level.box.size());
    for (std::size_t i = 0; i < level.box.size(); ++i)
      proxy[i] =
          broadphase.CreateProxy(b2Box(level.box[i]), reinterpret_cast<void*>(static_cast<std::intptr_t>(i + 1)));
    broadphase.UpdatePairs(this);
  }
  // b2BroadPhase::UpdatePairs' callback: a candidate pair of a moved proxy (the contact
  // manager's AddPair, which ignores a pair it already has).
  void AddPair(void* a, void* b) {
    set.insert(static_cast<std::int32_t>(reinterpret_cast<std::intptr_t>(a) - 1),
               static_cast<std::int32_t>(reinterpret_cast<std::intptr_t>(b) - 1));
  }
  void frame(const Level& level) {
    for (const std::uint32_t i : level.movers) {
      const glm::vec3& v = level.velocity[i];
      broadphase.MoveProxy(proxy[i], b2Box(level.box[i]), b2Vec2(v.x, v.y));
    }
    broadphase.UpdatePairs(this);
    // b2ContactManager::Collide: a contact whose fat boxes stopped overlapping ends.
    for (std::size_t k = 0; k < set.size();) {
      const ProxyPair p = set.pairs()[k];
      if (broadphase.TestOverlap(proxy[static_cast<std::size_t>(p.a)], proxy[static_cast<std::size_t>(p.b)])) {
        ++k;
      } else {
        set.eraseAt(k);
      }
    }
  }
  std::size_t pairCount() const { return set.size(); }
  std::vector<ProxyPair> shapePairs() const { return set.pairs(); }
};

/// The calling thread's CPU time in ms: on a loaded machine a frame's wall time counts the
/// time other processes ran, its CPU time does not.
double threadMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

constexpr std::uint32_t kSeed = 20240611;
constexpr int kWarmupFrames = 30;

void frameBenchmark(benchmark::State& state, bool flat) {
  const auto n = static_cast<std::size_t>(state.range(0));
  Level level = makeLevel(n, flat, kSeed);
  SatlabSide satlabSide(level);
  BulletSide bulletSide(level);
  SceneSide sceneSide(level);
  PipelineSide pipelineSide(level);
  std::unique_ptr<Box2dSide> box2dSide;
  if (flat) box2dSide = std::make_unique<Box2dSide>(level);
  // Warm up: fat boxes and pair sets reach the steady state of the motion.
  for (int f = 0; f < kWarmupFrames; ++f) {
    stepLevel(level);
    satlabSide.frame(level);
    bulletSide.frame(level);
    sceneSide.frame(level);
    pipelineSide.frame(level);
    if (box2dSide) box2dSide->frame(level);
  }
  std::vector<double> ts, tb, td, tp, tq, ratio, sceneRatio, pipelineRatio, pipelineOverSatlab;
  const std::size_t reinsertedBefore = satlabSide.reinserted;
  const std::size_t sceneReinsertedBefore = sceneSide.reinserted;
  int iteration = 0;
  for (auto _ : state) {
    stepLevel(level);
    double s = 0.0, b = 0.0, d = 0.0, p = 0.0, q = 0.0;
    const int sides = box2dSide ? 5 : 4;
    for (int k = 0; k < sides; ++k) {
      const int which = (k + iteration) % sides;
      const double t0 = threadMs();
      if (which == 0) {
        satlabSide.frame(level);
        s = threadMs() - t0;
      } else if (which == 1) {
        bulletSide.frame(level);
        b = threadMs() - t0;
      } else if (which == 2) {
        sceneSide.frame(level);
        p = threadMs() - t0;
      } else if (which == 3) {
        pipelineSide.frame(level);
        q = threadMs() - t0;
      } else {
        box2dSide->frame(level);
        d = threadMs() - t0;
      }
    }
    ++iteration;
    ts.push_back(s);
    tb.push_back(b);
    tp.push_back(p);
    tq.push_back(q);
    if (box2dSide) td.push_back(d);
    const double other = box2dSide ? std::min(b, d) : b;
    ratio.push_back(s / other);
    sceneRatio.push_back(p / other);
    pipelineRatio.push_back(q / other);
    pipelineOverSatlab.push_back(q / s);
    state.SetIterationTime(s / 1000.0);
  }
  state.counters["satlab_ms"] = median(ts);
  state.counters["bullet_ms"] = median(tb);
  if (box2dSide) state.counters["box2d_ms"] = median(td);
  state.counters["broadphase_ms"] = median(tp);
  state.counters["pipeline_ms"] = median(tq);
  state.counters["ratio"] = median(ratio);
  state.counters["broadphase_ratio"] = median(sceneRatio);
  state.counters["pipeline_ratio"] = median(pipelineRatio);
  state.counters["pipeline_over_satlab"] = median(pipelineOverSatlab);
  state.counters["pairs"] = static_cast<double>(satlabSide.pairCount());
  state.counters["movers"] = static_cast<double>(level.movers.size());
  state.counters["reinserted"] =
      iteration > 0 ? static_cast<double>(satlabSide.reinserted - reinsertedBefore) / iteration : 0.0;
  state.counters["broadphase_reinserted"] =
      iteration > 0 ? static_cast<double>(sceneSide.reinserted - sceneReinsertedBefore) / iteration : 0.0;
}

/// One side alone (side/<name>/<3d|2d>/<n>): for profiling one engine, and as a second
/// reading of each figure. Stepping the motion is outside the timed region.
template <class Side>
void sideBenchmark(benchmark::State& state, bool flat) {
  Level level = makeLevel(static_cast<std::size_t>(state.range(0)), flat, kSeed);
  Side side(level);
  for (int f = 0; f < kWarmupFrames; ++f) {
    stepLevel(level);
    side.frame(level);
  }
  for (auto _ : state) {
    state.PauseTiming();
    stepLevel(level);
    state.ResumeTiming();
    side.frame(level);
  }
  state.counters["pairs"] = static_cast<double>(side.pairCount());
}

void frame3d(benchmark::State& state) { frameBenchmark(state, false); }
void frame2d(benchmark::State& state) { frameBenchmark(state, true); }

// ---- the pair-set check ----

template <class Side>
bool checkSide(Side& side, const Level& level, const std::vector<ProxyPair>& exact, const char* scene, int frame) {
  const std::vector<ProxyPair> got = filterTight(level, side.shapePairs());
  if (got == exact) return true;
  std::size_t missing = 0, extra = 0;
  std::vector<ProxyPair> diff;
  std::set_difference(exact.begin(), exact.end(), got.begin(), got.end(), std::back_inserter(diff));
  missing = diff.size();
  diff.clear();
  std::set_difference(got.begin(), got.end(), exact.begin(), exact.end(), std::back_inserter(diff));
  extra = diff.size();
  std::printf("  %s %s frame %d: %zu tight pairs exact, %s has %zu (%zu missing, %zu extra or duplicated)\n", scene,
              Side::kName, frame, exact.size(), Side::kName, got.size(), missing, extra);
  return false;
}

int runCheck() {
  bool ok = true;
  struct Case {
    std::size_t n;
    bool flat;
  };
  // The 100,000-shape scene takes seconds to build on every side: only on request.
  const char* large = std::getenv("SATLAB_BENCH_CHECK_LARGE");
  const bool withLarge = large && std::string(large) == "1";
  const Case cases[] = {{10000, false}, {10000, true}, {100000, false}};
  for (const Case& c : cases) {
    if (c.n > 20000 && !withLarge) continue;
    Level level = makeLevel(c.n, c.flat, kSeed);
    SatlabSide satlabSide(level);
    BulletSide bulletSide(level);
    SceneSide sceneSide(level);
    PipelineSide pipelineSide(level);
    std::unique_ptr<Box2dSide> box2dSide;
    if (c.flat) box2dSide = std::make_unique<Box2dSide>(level);
    const std::string scene = std::string(c.flat ? "2d/" : "3d/") + std::to_string(c.n);
    const int frames = c.n > 20000 ? 6 : 40;
    std::size_t checked = 0, tight = 0;
    for (int f = 0; f <= frames; ++f) {
      if (f > 0) {
        stepLevel(level);
        satlabSide.frame(level);
        bulletSide.frame(level);
        sceneSide.frame(level);
        pipelineSide.frame(level);
        if (box2dSide) box2dSide->frame(level);
      }
      if (f % (frames / 2 > 0 ? frames / 4 : 1) != 0 && f != frames) continue;
      const std::vector<ProxyPair> exact = exactPairs(level);
      tight = exact.size();
      ok = checkSide(satlabSide, level, exact, scene.c_str(), f) && ok;
      ok = checkSide(bulletSide, level, exact, scene.c_str(), f) && ok;
      ok = checkSide(sceneSide, level, exact, scene.c_str(), f) && ok;
      ok = checkSide(pipelineSide, level, exact, scene.c_str(), f) && ok;
      // The pipeline's verdicts: two AABBs collide exactly when their tight boxes overlap.
      std::vector<ProxyPair> colliding;
      for (const auto& [a, b] : pipelineSide.pipeline.colliding())
        colliding.push_back({static_cast<std::int32_t>(a), static_cast<std::int32_t>(b)});
      if (colliding != exact) {
        std::printf("  %s pipeline frame %d: %zu colliding pairs, %zu exact\n", scene.c_str(), f, colliding.size(),
                    exact.size());
        ok = false;
      }
      if (box2dSide) ok = checkSide(*box2dSide, level, exact, scene.c_str(), f) && ok;
      ++checked;
    }
    std::printf(
        "%s: %zu shapes, %zu moving; %zu frames checked; %zu tight pairs at the last; fat pairs: satlab %zu, "
        "bullet %zu%s\n",
        scene.c_str(), c.n, level.movers.size(), checked, tight, satlabSide.pairCount(), bulletSide.pairCount(),
        box2dSide ? (", box2d " + std::to_string(box2dSide->pairCount())).c_str() : "");
  }
  std::printf(ok ? "pair sets: all sides agree with the exact tight pairs\n" : "pair sets: DIFFERENT\n");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const char* check = std::getenv("SATLAB_BENCH_CHECK");
  if (check && std::string(check) == "1") return runCheck();
  benchmark::Initialize(&argc, argv);
  benchmark::RegisterBenchmark("frame/3d", frame3d)
      ->Arg(10000)
      ->Arg(100000)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("frame/2d", frame2d)
      ->Arg(10000)
      ->Arg(100000)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
  for (const bool flat : {false, true}) {
    const std::string d = flat ? "/2d" : "/3d";
    benchmark::RegisterBenchmark(("side/satlab" + d).c_str(),
                                 [flat](benchmark::State& s) { sideBenchmark<SatlabSide>(s, flat); })
        ->Arg(10000)
        ->Arg(100000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("side/bullet" + d).c_str(),
                                 [flat](benchmark::State& s) { sideBenchmark<BulletSide>(s, flat); })
        ->Arg(10000)
        ->Arg(100000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("side/broadphase" + d).c_str(),
                                 [flat](benchmark::State& s) { sideBenchmark<SceneSide>(s, flat); })
        ->Arg(10000)
        ->Arg(100000)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("side/pipeline" + d).c_str(),
                                 [flat](benchmark::State& s) { sideBenchmark<PipelineSide>(s, flat); })
        ->Arg(10000)
        ->Arg(100000)
        ->Unit(benchmark::kMillisecond);
    if (flat)
      benchmark::RegisterBenchmark("side/box2d/2d", [](benchmark::State& s) { sideBenchmark<Box2dSide>(s, true); })
          ->Arg(10000)
          ->Arg(100000)
          ->Unit(benchmark::kMillisecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
