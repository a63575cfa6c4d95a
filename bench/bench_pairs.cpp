// satlab benchmark: the app's verdict for one pair of scene shapes, pairOverlaps(scene, i, j),
// and its whole result, evaluatePair(scene, i, j) (src/evaluation/pair_eval.hpp), against the
// core's boolean on the same two shapes, as paired ratios (bench_common.hpp). Names are
// "<pair>/<inputs>/pairOverlaps_vs_overlaps" and "<pair>/<inputs>/evaluatePair_vs_overlaps".
//
// For each pair type, two scenes hold 1024 separated and 1024 overlapping pairs of random
// shapes, made as in bench_collide (the 2D ones in the plane z = 0), the first shape of each
// pair in the core's argument order, so that no result is turned round. The `overlaps` side
// calls overlaps(a, b) on the two shapes as their own types (2D pairs: the 2D overloads);
// `pairOverlaps` is the pair table's lookup and the same overlaps() call, what `satlab
// check` runs for the pairs it only counts; `evaluatePair` is what the pairs panel, check's
// listed pairs and the expectations run: the lookup, the test's full result and the
// measurements in double of PairResult.
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "bench_common.hpp"
#include "core/core_calls.hpp"
#include "evaluation/pair_eval.hpp"
#include "satlab/collide.hpp"

namespace satlab::bench {
namespace {

/// One shape of a pair as both sides see it: the core's side its value, evaluatePair's
/// side its scene and index.
template <class T>
struct ShapeRef {
  const T* shape;
  const Scene* scene;
  std::size_t index;
};

/// One pair type's inputs: the separated and the overlapping pairs, each set also as a
/// scene (pair k is shapes 2k and 2k + 1). Built once and never moved (the references point
/// into it).
template <class A, class B>
struct ScenePairs {
  std::pair<PairSet<A, B>, PairSet<A, B>> shapes;
  Scene separated, overlapping;
  std::pair<PairSet<ShapeRef<A>, ShapeRef<B>>, PairSet<ShapeRef<A>, ShapeRef<B>>> refs;
};

/// `make()` returns a std::pair<A, B>; `verdict(a, b)` sorts the pairs into the two sets.
template <class A, class B, class Make, class Verdict>
const ScenePairs<A, B>& scenePairsOf(ViewMode view, Make make, Verdict verdict) {
  auto* p = new ScenePairs<A, B>;  // lives as long as the program
  p->shapes = makeSets<A, B>(make, verdict);
  const auto fill = [view](const PairSet<A, B>& set, Scene& scene, PairSet<ShapeRef<A>, ShapeRef<B>>& refs) {
    scene.view = view;
    for (std::size_t k = 0; k < set.a.size(); ++k) {
      SceneShape x, y;
      x.name = "a" + std::to_string(k);
      y.name = "b" + std::to_string(k);
      x.geometry = set.a[k];
      y.geometry = set.b[k];
      scene.shapes.push_back(std::move(x));
      scene.shapes.push_back(std::move(y));
    }
    for (std::size_t k = 0; k < set.a.size(); ++k) {
      refs.a.push_back(ShapeRef<A>{&set.a[k], &scene, 2 * k});
      refs.b.push_back(ShapeRef<B>{&set.b[k], &scene, 2 * k + 1});
    }
  };
  fill(p->shapes.first, p->separated, p->refs.first);
  fill(p->shapes.second, p->overlapping, p->refs.second);
  return *p;
}

template <class A, class B, class MakeA, class MakeB, class Verdict>
const ScenePairs<A, B>& scenePairs(ViewMode view, MakeA ma, MakeB mb, Verdict verdict) {
  return scenePairsOf<A, B>(
      view, [&] { return std::make_pair(ma(), mb()); }, verdict);
}

/// Registers "<name>/<set>/pairOverlaps_vs_overlaps" and ".../evaluatePair_vs_overlaps"
/// for both sets: `verdict(a, b)` (an out-of-line core call) on the two shapes against the
/// app's verdict, and against its whole result, on their indices.
template <class A, class B, class Verdict>
void addPairVerdict(const std::string& name, const ScenePairs<A, B>& p, Verdict verdict) {
  addPaired(
      name, p.refs, "overlaps",
      [verdict](const ShapeRef<A>& x, const ShapeRef<B>& y) { return verdict(*x.shape, *y.shape); }, "pairOverlaps",
      [](const ShapeRef<A>& x, const ShapeRef<B>& y) { return pairOverlaps(*x.scene, x.index, y.index); });
  addPaired(
      name, p.refs, "overlaps",
      [verdict](const ShapeRef<A>& x, const ShapeRef<B>& y) { return verdict(*x.shape, *y.shape); }, "evaluatePair",
      [](const ShapeRef<A>& x, const ShapeRef<B>& y) { return evaluatePair(*x.scene, x.index, y.index); });
}

// The 3D shapes are bench_collide's (bench_common.hpp). The boxes of a 2D scene, as
// bench_collide2d's but as the scene holds them: centres in the plane z = 0, an OBB rotated
// about Z.
Aabb randRect() { return Aabb{glm::vec3(rng().vec2(-2.5f, 2.5f), 0.0f), glm::vec3(rng().vec2(0.2f, 1.5f), 0.5f)}; }
Obb randRotatedRect() {
  const float angle = rng().uniform(-3.14159f, 3.14159f);
  const float c = std::cos(angle), s = std::sin(angle);
  const glm::mat3 axes(glm::vec3(c, s, 0.0f), glm::vec3(-s, c, 0.0f), glm::vec3(0.0f, 0.0f, 1.0f));
  return Obb{glm::vec3(rng().vec2(-2.5f, 2.5f), 0.0f), axes, glm::vec3(rng().vec2(0.2f, 1.5f), 0.5f)};
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  const ViewMode d3 = ViewMode::ThreeD;
  const ViewMode d2 = ViewMode::TwoD;
  const auto ov = [](const auto& a, const auto& b) { return overlaps(a, b); };

  // 3D, the core's argument order: sphere, AABB, OBB, segment.
  addPairVerdict("AABB-AABB",
                 scenePairs<Aabb, Aabb>(
                     d3, [] { return randAabb(2.5f); }, [] { return randAabb(2.5f); }, ov),
                 ov);
  addPairVerdict("AABB-OBB",
                 scenePairs<Aabb, Obb>(
                     d3, [] { return randAabb(2.5f); }, [] { return randObb(2.5f); }, ov),
                 ov);
  addPairVerdict("OBB-OBB",
                 scenePairs<Obb, Obb>(
                     d3, [] { return randObb(2.5f); }, [] { return randObb(2.5f); }, ov),
                 ov);
  addPairVerdict("sphere-AABB",
                 scenePairs<Sphere, Aabb>(
                     d3, [] { return randSphere(2.5f); }, [] { return randAabb(2.5f); }, ov),
                 ov);
  addPairVerdict("sphere-OBB",
                 scenePairs<Sphere, Obb>(
                     d3, [] { return randSphere(2.5f); }, [] { return randObb(2.5f); }, ov),
                 ov);
  addPairVerdict("sphere-sphere",
                 scenePairs<Sphere, Sphere>(
                     d3, [] { return randSphere(2.5f); }, [] { return randSphere(2.5f); }, ov),
                 ov);
  addPairVerdict("AABB-segment",
                 scenePairs<Aabb, Segment>(
                     d3, [] { return randAabb(2.0f); }, [] { return randSegment(3.0f); }, ov),
                 ov);
  addPairVerdict("OBB-segment",
                 scenePairs<Obb, Segment>(
                     d3, [] { return randObb(2.0f); }, [] { return randSegment(3.0f); }, ov),
                 ov);
  addPairVerdict("sphere-segment",
                 scenePairs<Sphere, Segment>(
                     d3, [] { return randSphere(2.0f); }, [] { return randSegment(3.0f); }, ov),
                 ov);
  // Random segments almost never touch, so half of the candidates cross by construction:
  // B runs through a point of A (as in bench_collide).
  const auto segmentPair = [] {
    const Segment a = randSegment(1.2f);
    if (rng().uniform(0.0f, 1.0f) < 0.5f) return std::make_pair(a, randSegment(1.2f));
    const glm::vec3 x = a.p0 + rng().uniform(0.0f, 1.0f) * (a.p1 - a.p0);
    const glm::vec3 d = rng().direction() * rng().uniform(0.5f, 4.0f);
    const float u = rng().uniform(0.0f, 1.0f);
    return std::make_pair(a, Segment{x - u * d, x + (1.0f - u) * d});
  };
  addPairVerdict("segment-segment", scenePairsOf<Segment, Segment>(d3, segmentPair, ov), ov);

  // 2D: the pair table gives two rects satRectRect and a rect and a rotated rect
  // satRectOrientedRect; their verdict alone is the 2D counterpart of overlaps().
  const auto rr = [](const Aabb& a, const Aabb& b) { return overlaps(rect2(a), rect2(b)); };
  const auto ro = [](const Aabb& a, const Obb& b) { return overlaps(rect2(a), orientedRect2(b)); };
  addPairVerdict("rect-rect", scenePairs<Aabb, Aabb>(d2, randRect, randRect, rr), rr);
  addPairVerdict("rect-rotated", scenePairs<Aabb, Obb>(d2, randRect, randRotatedRect, ro), ro);

  return runMain();
}
