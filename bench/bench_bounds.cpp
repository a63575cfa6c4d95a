// satlab benchmark: where bounding volumes come from, and what they cost to build.
//
//   aabb/1M/...            the AABB of 1M points, by aabbFromPoints (the teaching builder of
//                          builders.cpp) and by aabbFromPointsBatch (batch_bounds.cpp, SIMD
//                          over the raw floats), each against reading the same 12 MB (the sum
//                          of their 32-bit words, which the compiler vectorises) in the same
//                          run: each round times one pass of each, alternating, and `ratio` is
//                          the median over the rounds of time(AABB) / time(read); target <= 2.
//   obb_covariance/1M      obbFromTriangles (the 2010 bounding-box analysis paper's covariance
//                          OBB) of an indexed sphere of 1M triangles; target < 20 ms. Beside
//                          it obbFromTrianglesBatch (batch_obb.cpp), the same box from the
//                          vertices, each counted once per triangle corner it is.
//   min_obb/ellipsoid2k    minimumObb (Jylanki 2015) of a hull of 1,962 vertices, all on an
//                          ellipsoid; target < 1 s. Counters: the hull's faces and edges, the
//                          edge families walked and the events in them.
//   area_obb, min_sphere   the other hull volumes on the same hull, for scale.
//
// The machine this runs on may be shared: the real time then includes waiting for a core,
// so both the real and the CPU time are printed (Google Benchmark's Time and CPU columns).
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "bench_common.hpp"
#include "satlab/collide/batch_bounds.hpp"
#include "satlab/collide/batch_obb.hpp"
#include "satlab/collide/builders.hpp"
#include "satlab/collide/hull_volumes.hpp"

namespace satlab::bench {
namespace {

// ---- Inputs --------------------------------------------------------------------------------

std::vector<glm::vec3> randomPoints(std::size_t n) {
  Random r(5u);
  std::vector<glm::vec3> p(n);
  for (glm::vec3& q : p) q = r.vec3(-100.0f, 100.0f);
  return p;
}

// A latitude-longitude sphere of `rings` x `segments` quads (two triangles each, fans at the
// poles), as positions and indices.
struct IndexedMesh {
  std::vector<glm::vec3> positions;
  std::vector<std::uint32_t> indices;
};

IndexedMesh uvSphere(std::uint32_t rings, std::uint32_t segments) {
  IndexedMesh m;
  const float pi = 3.14159265358979f;
  for (std::uint32_t i = 0; i <= rings; ++i) {
    const float theta = pi * static_cast<float>(i) / static_cast<float>(rings);
    for (std::uint32_t j = 0; j < segments; ++j) {
      const float phi = 2.0f * pi * static_cast<float>(j) / static_cast<float>(segments);
      m.positions.push_back(
          {2.0f * std::sin(theta) * std::cos(phi), 1.0f * std::sin(theta) * std::sin(phi), 0.5f * std::cos(theta)});
    }
  }
  for (std::uint32_t i = 0; i < rings; ++i)
    for (std::uint32_t j = 0; j < segments; ++j) {
      const std::uint32_t a = i * segments + j, b = i * segments + (j + 1) % segments;
      const std::uint32_t c = a + segments, d = b + segments;
      m.indices.insert(m.indices.end(), {a, c, b, b, c, d});
    }
  return m;
}

// Points on an ellipsoid as a geodesic sphere: each face of an icosahedron cut into f x f
// triangles, pushed out to the unit sphere, scaled to radii (1, 0.7, 0.4) and turned. Every
// vertex is on the hull and the triangles are its faces (an affine image of a convex
// polyhedron is convex): 10 f^2 + 2 vertices.
ConvexPolyhedron ellipsoidHull(int f) {
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  const glm::dvec3 ico[12] = {{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
                              {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  const int faces[20][3] = {{0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                            {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
                            {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  const glm::dmat3 rot(Random(3u).rotation());
  ConvexPolyhedron hull;
  std::vector<glm::dvec3> unit;  // the vertices before scaling, to merge shared edges' points
  const auto vertex = [&](const glm::dvec3& p) {
    const glm::dvec3 u = glm::normalize(p);
    for (std::size_t i = 0; i < unit.size(); ++i)
      if (glm::length(unit[i] - u) < 1e-9) return static_cast<std::uint32_t>(i);
    unit.push_back(u);
    hull.vertices.push_back(rot * (glm::dvec3(1.0, 0.7, 0.4) * u));
    return static_cast<std::uint32_t>(hull.vertices.size() - 1);
  };
  for (const auto& fc : faces) {
    const glm::dvec3 a = ico[fc[0]], b = ico[fc[1]], c = ico[fc[2]];
    const auto at = [&](int i, int j) {
      return vertex(a + (b - a) * (static_cast<double>(i) / f) + (c - a) * (static_cast<double>(j) / f));
    };
    for (int i = 0; i < f; ++i)
      for (int j = 0; i + j < f; ++j) {
        hull.triangles.push_back({at(i, j), at(i + 1, j), at(i, j + 1)});
        if (i + j + 1 < f) hull.triangles.push_back({at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
      }
  }
  return hull;
}

// ---- The AABB of 1M points against reading them -------------------------------------------

// Reads every byte of the points once: the sum of their 32-bit words (integer addition is
// associative, so the compiler vectorises it; no floating-point order to keep).
SATLAB_BENCH_NOINLINE std::uint32_t readWords(const glm::vec3* points, std::size_t count) {
  const std::size_t words = count * 3;
  const auto* bytes = reinterpret_cast<const unsigned char*>(points);
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint32_t w;
    std::memcpy(&w, bytes + 4 * i, 4);
    sum += w;
  }
  return sum;
}

template <class F>
double timeOnce(F f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Each round: one pass of the read and one of the builder, in alternating order; counters
// ratio (median of builder / read), read_ms and build_ms (medians).
template <class Build>
void pairedWithRead(benchmark::State& state, const std::vector<glm::vec3>& pts, Build build) {
  std::vector<double> tr, tb, ratio;
  bool readFirst = true;
  for (auto _ : state) {
    double r = 0.0, b = 0.0;
    const auto doRead = [&] { r = timeOnce([&] { benchmark::DoNotOptimize(readWords(pts.data(), pts.size())); }); };
    const auto doBuild = [&] { b = timeOnce([&] { benchmark::DoNotOptimize(build(pts)); }); };
    if (readFirst) {
      doRead();
      doBuild();
    } else {
      doBuild();
      doRead();
    }
    readFirst = !readFirst;
    state.SetIterationTime((r + b) * 1e-3);
    tr.push_back(r);
    tb.push_back(b);
    ratio.push_back(b / r);
  }
  const auto median = [](std::vector<double>& v) {
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
  };
  state.counters["ratio"] = median(ratio);
  state.counters["read_ms"] = median(tr);
  state.counters["build_ms"] = median(tb);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);

  static const std::vector<glm::vec3> points = randomPoints(1u << 20);
  benchmark::RegisterBenchmark("aabb/1M/aabbFromPoints_vs_read",
                               [](benchmark::State& st) {
                                 pairedWithRead(st, points,
                                                [](const std::vector<glm::vec3>& p) { return aabbFromPoints(p); });
                               })
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->MinTime(0.5);
  benchmark::RegisterBenchmark("aabb/1M/aabbFromPointsBatch_vs_read",
                               [](benchmark::State& st) {
                                 pairedWithRead(st, points,
                                                [](const std::vector<glm::vec3>& p) { return aabbFromPointsBatch(p); });
                               })
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->MinTime(0.5);

  static const IndexedMesh sphere = uvSphere(500, 1000);  // 1,000,000 triangles
  benchmark::RegisterBenchmark("obb_covariance/1M", [](benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(obbFromTriangles(sphere.positions, sphere.indices));
    st.counters["triangles"] = static_cast<double>(sphere.indices.size() / 3);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("obb_covariance/1M/obbFromTrianglesBatch", [](benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(obbFromTrianglesBatch(sphere.positions, sphere.indices));
    st.counters["triangles"] = static_cast<double>(sphere.indices.size() / 3);
  })->Unit(benchmark::kMillisecond);

  static const ConvexPolyhedron hull = ellipsoidHull(14);  // 1,962 vertices
  benchmark::RegisterBenchmark("min_obb/ellipsoid2k", [](benchmark::State& st) {
    MinimumObbStats stats;
    for (auto _ : st) benchmark::DoNotOptimize(minimumObb(hull, &stats));
    st.counters["vertices"] = static_cast<double>(hull.vertices.size());
    st.counters["faces"] = static_cast<double>(stats.faces);
    st.counters["edges"] = static_cast<double>(stats.edges);
    st.counters["families"] = static_cast<double>(stats.families);
    st.counters["events"] = static_cast<double>(stats.events);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("area_obb/ellipsoid2k", [](benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(obbFromHullAreaWeighted(hull));
  })->Unit(benchmark::kMicrosecond);
  static const std::vector<glm::vec3> hullPoints(hull.vertices.begin(), hull.vertices.end());
  benchmark::RegisterBenchmark("min_sphere/ellipsoid2k", [](benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(minimumSphere(hullPoints));
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("min_sphere/1M", [](benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(minimumSphere(points));
  })->Unit(benchmark::kMillisecond);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
