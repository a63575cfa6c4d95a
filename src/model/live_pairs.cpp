#include "model/live_pairs.hpp"

#include "document/motion.hpp"
#include "world/broad_phase.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace satlab {

namespace {

/// FNV-1a over the numbers that decide the verdicts (and the expectations' names).
std::uint64_t sceneFingerprint(const Scene& scene) {
  // FNV-1a over 32-bit words rather than bytes: the same kind of hash, a quarter of the
  // steps. It runs every frame over every shape (a million in the largest scenes).
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    size_t i = 0;
    for (; i + 4 <= bytes; i += 4) {
      std::uint32_t word;
      std::memcpy(&word, p + i, 4);
      h = (h ^ word) * 1099511628211ull;
    }
    for (; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  };
  auto vec = [&](const glm::vec3& v) { mix(&v[0], sizeof(float) * 3); };
  const std::uint64_t n = scene.shapes.size();
  mix(&n, sizeof n);
  mix(&scene.view, sizeof scene.view);
  for (const SceneShape& s : scene.shapes) {
    const auto kind = static_cast<int>(s.kind());
    mix(&kind, sizeof kind);
    std::visit(
        [&](const auto& g) {
          using T = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<T, Aabb>) {
            vec(g.center), vec(g.half);
          } else if constexpr (std::is_same_v<T, Obb>) {
            vec(g.center), vec(g.half), vec(g.axes[0]), vec(g.axes[1]), vec(g.axes[2]);
          } else if constexpr (std::is_same_v<T, Sphere>) {
            vec(g.center);
            mix(&g.radius, sizeof g.radius);
          } else if constexpr (std::is_same_v<T, Triangle>) {
            vec(g.a), vec(g.b), vec(g.c);
          } else if constexpr (std::is_same_v<T, Capsule>) {
            vec(g.p0), vec(g.p1);
            mix(&g.radius, sizeof g.radius);
          } else if constexpr (kIsMeshLike<T>) {
            const MeshShape& m = meshBody(g);
            const void* data = m.data.get();  // the triangles (a hull's corners) never change; the pose does
            mix(&data, sizeof data);
            vec(m.pose.center), vec(m.pose.scale), vec(m.pose.axes[0]), vec(m.pose.axes[1]), vec(m.pose.axes[2]);
          } else {
            vec(g.p0), vec(g.p1);
          }
        },
        s.geometry);
    mix(s.name.data(), s.name.size());
  }
  for (const Expectation& e : scene.expect) {
    mix(e.a.data(), e.a.size());
    mix(e.b.data(), e.b.size());
  }
  return h;
}

}  // namespace

bool nameContains(std::string_view name, std::string_view needle) {
  if (needle.empty()) return true;
  if (needle.size() > name.size()) return false;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  for (size_t i = 0; i + needle.size() <= name.size(); ++i) {
    size_t k = 0;
    while (k < needle.size() && lower(name[i + k]) == lower(needle[k])) ++k;
    if (k == needle.size()) return true;
  }
  return false;
}

std::vector<size_t> filterPairs(const Scene& scene, const std::vector<PairResult>& pairs,
                                const std::vector<ExpectationMismatch>& mismatches, const PairFilter& filter,
                                const std::vector<std::string_view>* groups) {
  const auto groupHas = [&](size_t shape) {
    return groups && shape < groups->size() && !(*groups)[shape].empty() && nameContains((*groups)[shape], filter.text);
  };
  // The failing expectations' name pairs, each in both orders.
  std::unordered_set<std::string> failing;
  if (filter.verdict == PairVerdictFilter::ExpectationFailing) {
    for (const ExpectationMismatch& m : mismatches) {
      if (m.index >= scene.expect.size()) continue;
      const Expectation& e = scene.expect[m.index];
      failing.insert(e.a + '\0' + e.b);
      failing.insert(e.b + '\0' + e.a);
    }
  }
  std::vector<size_t> out;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const PairResult& r = pairs[i];
    if (r.a >= scene.shapes.size() || r.b >= scene.shapes.size()) continue;
    const std::string& a = scene.shapes[r.a].name;
    const std::string& b = scene.shapes[r.b].name;
    switch (filter.verdict) {
      case PairVerdictFilter::All: break;
      case PairVerdictFilter::Overlapping:
        if (!r.overlap) continue;
        break;
      case PairVerdictFilter::Separated:
        if (r.overlap) continue;
        break;
      case PairVerdictFilter::ExpectationFailing:
        if (failing.count(a + '\0' + b) == 0) continue;
        break;
    }
    if (!nameContains(a, filter.text) && !nameContains(b, filter.text) && !groupHas(r.a) && !groupHas(r.b)) continue;
    out.push_back(i);
  }
  return out;
}

CacheSaving measureCacheSaving(const std::deque<PipelineFrameStats>& a, const std::deque<PipelineFrameStats>& b) {
  CacheSaving c;
  // The shadow starts with the section open: compare the frames both ran (the last ones).
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < n; ++k) {
    const PipelineFrameStats& x = a[a.size() - n + k];
    const PipelineFrameStats& y = b[b.size() - n + k];
    c.mainMs += x.totalMs;
    c.shadowMs += y.totalMs;
    if (x.colliding != y.colliding) c.verdictsAgree = false;
  }
  c.frames = n;
  c.share = c.shadowMs > 0 ? 1.0 - c.mainMs / c.shadowMs : 0.0;
  return c;
}

void LivePairs::setFilter(const Scene& scene, PairFilter f) {
  if (f == filter_) return;
  filter_ = std::move(f);
  listed_ = filterPairs(scene, pairs_, mismatches_, filter_, &groups_);
}

void LivePairs::setShapeGroups(const Scene& scene, std::vector<std::string_view> groups) {
  if (groups == groups_) return;
  groups_ = std::move(groups);
  if (filter_.active()) listed_ = filterPairs(scene, pairs_, mismatches_, filter_, &groups_);
}

void LivePairs::update(const Scene& scene) {
  // Tested live: every frame in which the scene changed. An unchanged scene keeps its
  // verdicts (a 10,000-shape scene would otherwise re-test its pairs every frame).
  const std::uint64_t fingerprint = sceneFingerprint(scene);
  if (evaluated_ && fingerprint == fingerprint_ && !optionsChanged_) return;
  fingerprint_ = fingerprint;
  evaluated_ = true;
  const size_t n = scene.shapes.size();
  pairs_.clear();
  overlapping_.assign(n, false);
  partners_.assign(n, {});
  truncated_ = false;
  untestedCandidates_.reset();
  stopShape_ = stopPartner_ = 0;
  all_ = n <= kListAllPairsUpTo;
  stepPipeline(scene);
  const PipelineFrameStats& frame = pipeline_->last();
  usesPipeline_ = !all_ && sceneMoves(scene) && !frame.refused && pipeline_->options().exactPhase;
  if (all_) {
    pairs_ = evaluateAllPairs(scene);
    candidates_ = pairs_.size();
  } else if (usesPipeline_) {
    // The pipeline's verdicts are the exact test's (pipeline.hpp); the listed pairs get
    // their whole result, up to the cap.
    candidates_ = static_cast<size_t>(frame.afterTree);
    for (const auto& [pa, pb] : pipeline_->colliding()) {
      if (pairs_.size() >= kMaxListedPairs) {
        truncated_ = true;
        stopShape_ = pa;
        stopPartner_ = pb;
        break;
      }
      pairs_.push_back(evaluatePair(scene, pa, pb));
    }
  } else {
    // The broad phase (the pipeline's, which has just run on this scene; its own one when
    // the pipeline's tree is off): only pairs whose padded bounds overlap reach the exact
    // test; the rest are separated by their bounds already. Candidates come in file order,
    // and testing stops at the caps (many shapes in one place make n^2 candidates).
    std::optional<BroadPhase> own;
    const BroadPhase* broad = &pipeline_->broadPhase();
    if (!pipeline_->options().useTree) broad = &own.emplace(scene);
    candidates_ = 0;
    broad->forEachCandidate([&](size_t a, size_t b) {
      if (pairs_.size() >= kMaxListedPairs || candidates_ >= kMaxTestedPairs) {
        truncated_ = true;
        stopShape_ = a;
        stopPartner_ = b;
        // The candidates not tested, when they can be counted in a few million steps.
        const std::optional<std::uint64_t> all = broad->countCandidatesFrom(0, 20000000);
        if (all && *all >= candidates_) untestedCandidates_ = *all - candidates_;
        return false;
      }
      ++candidates_;
      PairResult r = evaluatePair(scene, a, b);
      if (r.overlap) pairs_.push_back(std::move(r));
      return true;
    });
  }
  mismatches_ = checkExpectations(scene);
  overlapCount_ = 0;
  for (const PairResult& r : pairs_) {
    if (!r.overlap) continue;
    ++overlapCount_;
    overlapping_[r.a] = overlapping_[r.b] = true;
    partners_[r.a].push_back(static_cast<int>(r.b));
    partners_[r.b].push_back(static_cast<int>(r.a));
  }
  listed_ = filterPairs(scene, pairs_, mismatches_, filter_, &groups_);
}

void LivePairs::stepPipeline(const Scene& scene) {
  if (optionsChanged_) {
    pipeline_->setOptions(options_);
    pipeline_->reset();
    shadow_.reset();
    optionsChanged_ = false;
  }
  if (!measureCaches_) {
    pipeline_->step(scene);
    shadow_.reset();
    return;
  }
  // The shadow: the same frames with both caches off, run in alternating order with the
  // main pipeline, so that the saving the section reports is measured, not estimated.
  if (!shadow_) {
    PipelineOptions off = pipeline_->options();
    off.aabbCache = off.triangleCache = false;
    shadow_ = std::make_shared<CollisionPipeline>(off);
  }
  if (pipeline_->last().frame % 2 == 0) {
    pipeline_->step(scene);
    shadow_->step(scene);
  } else {
    shadow_->step(scene);
    pipeline_->step(scene);
  }
}

}  // namespace satlab
