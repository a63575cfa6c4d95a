#include "model/live_pairs.hpp"

#include "document/motion.hpp"
#include "world/broad_phase.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace satlab {

namespace {

// FNV-1a over 32-bit words rather than bytes: the same kind of hash, a quarter of the
// steps. It runs every frame over every shape (a million in the largest scenes).
struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void mix(const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    size_t i = 0;
    for (; i + 4 <= bytes; i += 4) {
      std::uint32_t word;
      std::memcpy(&word, p + i, 4);
      h = (h ^ word) * 1099511628211ull;
    }
    for (; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  }
  void vec(const glm::vec3& v) { mix(&v[0], sizeof(float) * 3); }
};

/// One shape's hash: the numbers that decide its verdicts, its kind and its name.
std::uint64_t shapeHash(const SceneShape& s) {
  Fnv f;
  const auto kind = static_cast<int>(s.kind());
  f.mix(&kind, sizeof kind);
  std::visit(
      [&](const auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          f.vec(g.center), f.vec(g.half);
        } else if constexpr (std::is_same_v<T, Obb>) {
          f.vec(g.center), f.vec(g.half), f.vec(g.axes[0]), f.vec(g.axes[1]), f.vec(g.axes[2]);
        } else if constexpr (std::is_same_v<T, Sphere>) {
          f.vec(g.center);
          f.mix(&g.radius, sizeof g.radius);
        } else if constexpr (std::is_same_v<T, Triangle>) {
          f.vec(g.a), f.vec(g.b), f.vec(g.c);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          f.vec(g.p0), f.vec(g.p1);
          f.mix(&g.radius, sizeof g.radius);
        } else if constexpr (kIsMeshLike<T>) {
          const MeshShape& m = meshBody(g);
          const void* data = m.data.get();  // the triangles (a hull's corners) never change; the pose does
          f.mix(&data, sizeof data);
          f.vec(m.pose.center), f.vec(m.pose.scale), f.vec(m.pose.axes[0]), f.vec(m.pose.axes[1]),
              f.vec(m.pose.axes[2]);
        } else {
          f.vec(g.p0), f.vec(g.p1);
        }
      },
      s.geometry);
  f.mix(s.name.data(), s.name.size());
  return f.h;
}

/// The scene's fingerprint from its shapes' hashes: their number, the view, every hash
/// in order, and the expectations' names.
std::uint64_t sceneFingerprint(const Scene& scene, const std::vector<std::uint64_t>& shapeHashes) {
  Fnv f;
  const std::uint64_t n = scene.shapes.size();
  f.mix(&n, sizeof n);
  f.mix(&scene.view, sizeof scene.view);
  f.mix(shapeHashes.data(), shapeHashes.size() * sizeof(std::uint64_t));
  for (const Expectation& e : scene.expect) {
    f.mix(e.a.data(), e.a.size());
    f.mix(e.b.data(), e.b.size());
  }
  return f.h;
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
  const size_t n = scene.shapes.size();
  shapeHashes_.resize(n);
  for (size_t i = 0; i < n; ++i) shapeHashes_[i] = shapeHash(scene.shapes[i]);
  const std::uint64_t fingerprint = sceneFingerprint(scene, shapeHashes_);
  if (evaluated_ && fingerprint == fingerprint_ && !optionsChanged_) return;
  fingerprint_ = fingerprint;
  evaluated_ = true;
  // The shapes whose hash changed since the pipeline's last frame (when that frame was
  // this object's, of as many shapes): the pipeline reads only those, so that a playing
  // level where a few shapes move costs what they cost, not what every shape does.
  const bool known = stepHashes_.size() == n && !optionsChanged_ && pipeline_->last().frame == stepFrame_;
  changed_.clear();
  if (known) {
    for (size_t i = 0; i < n; ++i) {
      if (shapeHashes_[i] != stepHashes_[i]) changed_.push_back(static_cast<std::uint32_t>(i));
    }
  }
  stepHashes_.swap(shapeHashes_);
  pairs_.clear();
  overlapping_.assign(n, false);
  partners_.assign(n, {});
  truncated_ = false;
  untestedCandidates_.reset();
  stopShape_ = stopPartner_ = 0;
  all_ = n <= kListAllPairsUpTo;
  stepPipeline(scene, known ? &changed_ : nullptr);
  stepFrame_ = pipeline_->last().frame;
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

void LivePairs::stepPipeline(const Scene& scene, const std::vector<std::uint32_t>* changed) {
  if (optionsChanged_) {
    pipeline_->setOptions(options_);
    pipeline_->reset();
    shadow_.reset();
    optionsChanged_ = false;
  }
  if (!measureCaches_) {
    pipeline_->step(scene, nullptr, changed);
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
    pipeline_->step(scene, nullptr, changed);
    shadow_->step(scene, nullptr, changed);
  } else {
    shadow_->step(scene, nullptr, changed);
    pipeline_->step(scene, nullptr, changed);
  }
}

}  // namespace satlab
