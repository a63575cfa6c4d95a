// A recording's frames as scenes, and what its verdicts do over time (recording.hpp):
// the frames where a pair's verdict flips, the first frame that breaks an expectation, the
// pairs that touch between two frames.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "base/progress.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_margin.hpp"
#include "evaluation/swept_eval.hpp"
#include "world/broad_phase.hpp"
#include "world/recording.hpp"
#include "world/recording_exact.hpp"
#include "world/swept_pairs.hpp"

namespace satlab {
namespace {

// The name indices of each expectation's two shapes (the loader checks that every name
// exists; one that does not, in a recording built by other code, gets kNoName).
constexpr std::uint32_t kNoName = 0xffffffffu;
std::vector<std::pair<std::uint32_t, std::uint32_t>> expectationNames(const Recording& rec) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  if (rec.expect.empty()) return out;
  std::unordered_map<std::string_view, std::uint32_t> byName;
  byName.reserve(rec.names.size());
  for (std::size_t i = 0; i < rec.names.size(); ++i) byName.emplace(rec.names[i], static_cast<std::uint32_t>(i));
  const auto find = [&](const std::string& name) {
    const auto it = byName.find(name);
    return it == byName.end() ? kNoName : it->second;
  };
  for (const Expectation& e : rec.expect) out.emplace_back(find(e.a), find(e.b));
  return out;
}

// The expectations whose two shapes both exist in frame `frame`, by index; `present` is a
// per-name scratch (resized and reset here).
void presentExpectations(const Recording& rec, std::size_t frame,
                         const std::vector<std::pair<std::uint32_t, std::uint32_t>>& names,
                         std::vector<std::uint8_t>& present, std::vector<std::size_t>& out) {
  out.clear();
  if (names.empty()) return;
  present.assign(rec.names.size(), 0);
  for (const RecordedStatic& st : rec.statics) present[st.name] = 1;
  const RecordedShape* shapes = rec.frameShapes(frame);
  for (std::size_t i = 0; i < rec.frameShapeCount(frame); ++i) present[shapes[i].name] = 1;
  for (std::size_t e = 0; e < names.size(); ++e) {
    const auto [a, b] = names[e];
    if (a != kNoName && b != kNoName && present[a] && present[b]) out.push_back(e);
  }
}

// The shapes of frame `frame` into `out` (recordingScene without the expectations): the
// static shapes first, then the frame's.
void fillFrameShapes(const Recording& rec, std::size_t frame, Scene& out) {
  out.version = kSceneFormatVersion;
  out.title = rec.title;
  out.notes = rec.notes;
  out.view = rec.view;
  out.extras.clear();
  const RecordedShape* shapes = rec.frameShapes(frame);
  const std::size_t ns = rec.statics.size();
  const std::size_t n = rec.frameShapeCount(frame);
  out.shapes.resize(ns + n);
  // The static shapes, copied afresh (a scene reused from another recording, or edited, may
  // hold other shapes of the same names in these slots); their names keep their storage.
  for (std::size_t i = 0; i < ns; ++i) out.shapes[i] = rec.statics[i].shape;
  for (std::size_t i = 0; i < n; ++i) {
    SceneShape& s = out.shapes[ns + i];
    // A fresh shape (every field at its default, whatever the scene held before) that keeps
    // the storage of its name.
    std::string name = std::move(s.name);
    s = SceneShape{};
    name.assign(rec.names[shapes[i].name]);
    s.name = std::move(name);
    s.geometry = recordedGeometry(rec, shapes[i]);
    s.color = rec.colors[shapes[i].color];
  }
}

// The pairs of a frame's scene by their two name indices (lower first), as one 64-bit key.
std::uint64_t pairKey(std::uint32_t x, std::uint32_t y) {
  if (x > y) std::swap(x, y);
  return (static_cast<std::uint64_t>(x) << 32) | y;
}

// The broad phase of a recording's frames: padded by the largest margins and the tolerance.
BroadPhaseOptions recordingBroadPhase(const Recording& rec) {
  float most = 0.0f;
  for (const RecordedStatic& s : rec.statics) most = std::max(most, s.margin);
  for (const RecordedShape& s : rec.shapes) most = std::max(most, s.margin);
  BroadPhaseOptions o;
  o.padding = 2.0f * most + rec.tolerance;
  return o;
}

}  // namespace

void recordingScene(const Recording& rec, std::size_t frame, Scene& out) {
  fillFrameShapes(rec, frame, out);
  out.expect.clear();
  std::vector<std::uint8_t> present;
  std::vector<std::size_t> kept;
  presentExpectations(rec, frame, expectationNames(rec), present, kept);
  for (std::size_t e : kept) out.expect.push_back(rec.expect[e]);
}

std::vector<PairFlips> verdictFlips(const Recording& rec, std::size_t* staticPairs) {
  std::vector<PairFlips> out;
  std::unordered_map<std::uint64_t, std::size_t> index;  // key -> position in out
  std::vector<std::uint64_t> previous, current;          // the overlapping pairs, sorted
  if (staticPairs) *staticPairs = 0;
  Scene scene;
  const std::size_t ns = rec.statics.size();
  // One broad phase from frame to frame: shapes that did not move cost one comparison.
  BroadPhase broad(recordingBroadPhase(rec));
  progressStage("Finding where verdicts flip", "", rec.frameCount(), ProgressUnit::Frames);
  for (std::size_t f = 0; f < rec.frameCount(); ++f) {
    progressAt(f);
    fillFrameShapes(rec, f, scene);
    current.clear();
    broad.update(scene);
    broad.forEachCandidate([&](std::size_t a, std::size_t b) {
      if (b < ns) {  // two static shapes never move: their verdict never flips
        if (staticPairs && f == 0) ++*staticPairs;
        return true;
      }
      const std::uint64_t key = pairKey(rec.sceneName(f, a), rec.sceneName(f, b));
      const bool was = std::binary_search(previous.begin(), previous.end(), key);
      if (settledOverlap(rec, scene, f, a, b, was)) current.push_back(key);
      return true;
    });
    std::sort(current.begin(), current.end());
    // Each pair in exactly one of the two lists flipped in this frame.
    std::size_t i = 0, j = 0;
    while (i < previous.size() || j < current.size()) {
      std::uint64_t key;
      bool nowOverlaps;
      if (j == current.size() || (i < previous.size() && previous[i] < current[j])) {
        key = previous[i++];
        nowOverlaps = false;
      } else if (i == previous.size() || current[j] < previous[i]) {
        key = current[j++];
        nowOverlaps = true;
      } else {
        ++i, ++j;  // overlapping in both frames
        continue;
      }
      auto [it, added] = index.try_emplace(key, out.size());
      if (added) {
        PairFlips p;
        p.a = rec.names[key >> 32];
        p.b = rec.names[key & 0xffffffffu];
        p.overlapAtStart = f == 0 && nowOverlaps;
        out.push_back(std::move(p));
      }
      if (f > 0) out[it->second].flipFrames.push_back(static_cast<std::uint32_t>(f));
    }
    std::swap(previous, current);
  }
  return out;
}

namespace {

std::string depthText(double d) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6g", d);
  return buf;
}

// Whether expectation `e` (its shapes at scene indices ia and ib of frame `frame`) is broken
// there, and how: the verdict with the pair's margins and the recording's tolerance, the
// separating axis by the test of record, the depth by GJK and EPA.
std::optional<std::string> brokenIn(const Recording& rec, Scene& scene, std::size_t frame, std::size_t e,
                                    std::size_t ia, std::size_t ib) {
  const Expectation& ex = rec.expect[e];
  const float ma = rec.sceneMargin(frame, ia), mb = rec.sceneMargin(frame, ib);
  const std::string pair = ex.a + " / " + ex.b;
  const bool raw = recordedRawOverlap(scene, ia, ib, ma, mb);
  const auto signedDistance = [&] { return recordedSignedDistance(scene, ia, ib, ma, mb, rec.tolerance); };
  if (ex.overlap && *ex.overlap != raw) {
    const double d = signedDistance();
    if (std::isnan(d) || std::abs(d) > double(rec.tolerance)) {
      const std::string by = std::isnan(d) ? std::string()
                             : d < 0       ? " (depth " + depthText(-d) + ")"
                                           : " (gap " + depthText(d) + ")";
      if (*ex.overlap || ma > 0.0f || mb > 0.0f) {
        return pair + ": expected " + (*ex.overlap ? "overlap" : "separated") + ", got " +
               (raw ? "overlap" : "separated") + by;
      }
      // Separated expected, overlap found with no margin: the test of record words it.
      scene.expect.assign(1, ex);
      const std::vector<ExpectationMismatch> m = checkExpectations(scene);
      return (m.empty() ? pair + ": expected separated, got overlap" : m.front().message) + by;
    }
  }
  if (ex.separatingAxis) {
    scene.expect.assign(1, ex);
    scene.expect.front().overlap.reset();
    const std::vector<ExpectationMismatch> m = checkExpectations(scene);
    if (!m.empty()) return m.front().message;
  }
  if (ex.exact) {
    // Float against exact, the shapes grown by their margins as the verdict grows them.
    if (std::optional<std::string> failure = exactExpectationFailure(precisionLens(scene, ia, ib, ma, mb), pair))
      return failure;
  }
  if (ex.maxDepth && raw) {
    const double d = signedDistance();
    if (!std::isnan(d) && -d > double(*ex.maxDepth) + double(rec.tolerance)) {
      return pair + ": depth " + depthText(-d) + " is more than max_depth " + depthText(*ex.maxDepth);
    }
  }
  return std::nullopt;
}

// The first broken expectation in frames [from, to) (with `only`, of those it marks), with
// its message.
std::optional<std::pair<std::pair<std::size_t, std::size_t>, std::string>> firstBroken(
    const Recording& rec, std::size_t from, std::size_t to, const std::vector<std::uint8_t>* only) {
  if (rec.expect.empty()) return std::nullopt;
  const auto names = expectationNames(rec);
  Scene scene;
  std::vector<std::uint8_t> present;
  std::vector<std::size_t> kept;
  std::vector<std::size_t> where(rec.names.size(), kNotInFrame);  // name -> index in the frame's scene
  for (std::size_t f = from; f < std::min(to, rec.frameCount()); ++f) {
    presentExpectations(rec, f, names, present, kept);
    if (kept.empty()) continue;
    fillFrameShapes(rec, f, scene);
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) where[rec.sceneName(f, i)] = i;
    std::optional<std::pair<std::pair<std::size_t, std::size_t>, std::string>> found;
    for (std::size_t e : kept) {
      if (only && (e >= only->size() || !(*only)[e])) continue;
      if (auto message = brokenIn(rec, scene, f, e, where[names[e].first], where[names[e].second])) {
        found = std::make_pair(std::make_pair(f, e), std::move(*message));
        break;
      }
    }
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) where[rec.sceneName(f, i)] = kNotInFrame;
    if (found) return found;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::pair<std::size_t, std::size_t>> firstBrokenExpectation(const Recording& rec,
                                                                          const std::vector<std::uint8_t>* only) {
  if (auto b = firstBroken(rec, 0, rec.frameCount(), only)) return b->first;
  return std::nullopt;
}

std::string brokenExpectationMessage(const Recording& rec, std::size_t frame, std::size_t expectation) {
  if (frame >= rec.frameCount() || expectation >= rec.expect.size()) return "not met";
  std::vector<std::uint8_t> only(rec.expect.size(), 0);
  only[expectation] = 1;
  if (auto b = firstBroken(rec, frame, frame + 1, &only)) return b->second;
  return "not met";
}

std::vector<BetweenFrames> betweenFrames(const Recording& rec, std::size_t* untested) {
  std::vector<BetweenFrames> out;
  if (untested) *untested = 0;
  Scene before, after;
  std::vector<std::size_t> where(rec.names.size(), kNotInFrame);  // name -> index in `before`
  std::vector<std::size_t> beforeIndex;
  progressStage("Testing between frames", "", rec.frameCount(), ProgressUnit::Frames);
  for (std::size_t f = 1; f < rec.frameCount(); ++f) {
    progressAt(f);
    // Scene indices: the static shapes first (the same in both frames), then the frame's.
    const std::size_t ns = rec.statics.size();
    const std::size_t np = ns + rec.frameShapeCount(f - 1), nc = ns + rec.frameShapeCount(f);
    for (std::size_t i = ns; i < np; ++i) where[rec.sceneName(f - 1, i)] = i;
    beforeIndex.resize(nc);
    for (std::size_t i = 0; i < nc; ++i) beforeIndex[i] = i < ns ? i : where[rec.sceneName(f, i)];
    for (std::size_t i = ns; i < np; ++i) where[rec.sceneName(f - 1, i)] = kNotInFrame;
    // The last frame's shapes are this step's first pose; each frame is filled once.
    if (f == 1) {
      fillFrameShapes(rec, 0, after);
    }
    std::swap(before, after);
    fillFrameShapes(rec, f, after);
    const double t0 = rec.frameTime(f - 1), step = rec.frameTime(f) - t0;
    const SweptContacts swept = sweptContacts(before, after, beforeIndex);
    if (untested) *untested += swept.untested;
    for (const SweptContact& c : swept.contacts) {
      if (!c.through && rec.tolerance > 0.0f) {
        // A touch that goes no deeper than the tolerance by the later frame is resting
        // contact, a hair in and out, not a contact made between the frames.
        const double d = recordedSignedDistance(after, c.a, c.b, 0.0f, 0.0f, rec.tolerance);
        if (!std::isnan(d) && d >= -double(rec.tolerance)) continue;
      }
      BetweenFrames b;
      b.frame = static_cast<std::uint32_t>(f);
      b.a = rec.sceneName(f, c.a);
      b.b = rec.sceneName(f, c.b);
      if (b.a > b.b) std::swap(b.a, b.b);
      b.toi = c.result.toi;
      b.time = t0 + double(c.result.toi) * step;
      b.through = c.through;
      b.test = c.result.test;
      b.code = c.result.code;
      out.push_back(b);
    }
  }
  return out;
}

std::optional<std::pair<std::size_t, std::size_t>> firstBrokenBetweenFrames(
    const Recording& rec, const std::vector<BetweenFrames>& contacts) {
  const auto names = expectationNames(rec);
  for (std::size_t c = 0; c < contacts.size(); ++c) {
    for (std::size_t e = 0; e < names.size(); ++e) {
      if (rec.expect[e].overlap != false) continue;
      const auto [x, y] = names[e];
      if ((x == contacts[c].a && y == contacts[c].b) || (x == contacts[c].b && y == contacts[c].a))
        return std::make_pair(c, e);
    }
  }
  return std::nullopt;
}

void recordingSceneBetween(const Recording& rec, std::size_t frame, float s, Scene& out) {
  recordingScene(rec, frame, out);
  if (frame + 1 >= rec.frameCount() || !(s > 0.0f)) return;
  s = std::min(s, 1.0f);
  const RecordedShape* next = rec.frameShapes(frame + 1);
  const std::size_t nn = rec.frameShapeCount(frame + 1);
  std::unordered_map<std::uint32_t, std::size_t> where;  // name -> index in the next frame
  where.reserve(nn);
  for (std::size_t i = 0; i < nn; ++i) where.emplace(next[i].name, i);
  for (std::size_t i = rec.statics.size(); i < out.shapes.size(); ++i) {  // the static shapes stay
    const auto it = where.find(rec.sceneName(frame, i));
    if (it == where.end()) continue;
    const ShapeGeometry after = recordedGeometry(rec, next[it->second]);
    if (const std::optional<StepMotion> m = stepBetween(out.shapes[i].geometry, after))
      out.shapes[i].geometry = poseAlongStep(out.shapes[i].geometry, *m, s);
  }
}

ShapeGeometry recordedGeometry(const Recording& rec, const RecordedShape& shape) {
  return std::visit(
      [&](const auto& g) -> ShapeGeometry {
        if constexpr (std::is_same_v<std::decay_t<decltype(g)>, RecordedHull>) {
          return rec.hulls[g.index];
        } else {
          return g;
        }
      },
      shape.geometry);
}

void forEachFrameVerdicts(const Recording& rec, const FrameVerdictOptions& options,
                          const std::function<void(std::size_t, const std::vector<FramePairVerdict>&)>& visit) {
  const std::size_t to = std::min(options.to, rec.frameCount());
  if (options.from >= to) return;
  const std::size_t ns = rec.statics.size();
  Scene scene;
  BroadPhase broad(recordingBroadPhase(rec));
  std::vector<std::size_t> where(rec.names.size(), kNotInFrame);  // name -> index in the frame's scene
  std::unordered_map<std::uint64_t, int> engine;                  // the engine's verdicts of this frame
  std::vector<std::uint64_t> previous, current;                   // the settled overlaps, sorted
  std::vector<FramePairVerdict> pairs;
  std::vector<std::uint64_t> seen;
  // Settled verdicts need the frames before: they are walked from the first.
  for (std::size_t f = 0; f < to; ++f) {
    fillFrameShapes(rec, f, scene);
    const bool report = f >= options.from;
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) where[rec.sceneName(f, i)] = i;
    engine.clear();
    if (report) {
      const EngineContact* c = rec.frameContacts(f);
      for (std::size_t k = 0; k < rec.frameContactCount(f); ++k)
        engine[pairKey(c[k].a, c[k].b)] = c[k].touching ? 1 : 0;
    }
    const int unlisted = report && rec.frames[f].hasContacts ? 0 : -1;
    current.clear();
    pairs.clear();
    seen.clear();
    const auto judge = [&](std::size_t a, std::size_t b, bool candidate) {
      const std::uint32_t na = rec.sceneName(f, a), nb = rec.sceneName(f, b);
      const std::uint64_t key = pairKey(na, nb);
      const bool was = std::binary_search(previous.begin(), previous.end(), key);
      const bool exact = candidate && settledOverlap(rec, scene, f, a, b, was);
      if (exact) current.push_back(key);
      if (!report) return;
      FramePairVerdict v;
      v.a = std::min(na, nb);
      v.b = std::max(na, nb);
      v.exact = exact;
      const auto it = engine.find(key);
      v.engine = it == engine.end() ? unlisted : it->second;
      v.signedDistance = std::numeric_limits<double>::quiet_NaN();
      const float ma = rec.sceneMargin(f, a), mb = rec.sceneMargin(f, b);
      const bool engineTouching = v.engine == 1;
      bool raw = exact;
      if (candidate && v.engine >= 0 && engineTouching != exact) raw = recordedRawOverlap(scene, a, b, ma, mb);
      if (options.measureAll || (v.engine >= 0 && engineTouching != raw)) {
        v.signedDistance = recordedSignedDistance(scene, a, b, ma, mb, rec.tolerance + 1.0f);
      }
      if (v.engine >= 0 && engineTouching != raw) {
        v.disagrees = std::isnan(v.signedDistance) || std::abs(v.signedDistance) > double(rec.tolerance);
      }
      if (v.engine < 0 && !options.measureAll && !exact) return;  // an apart pair nobody asked about
      pairs.push_back(v);
      seen.push_back(key);
    };
    broad.update(scene);
    broad.forEachCandidate([&](std::size_t a, std::size_t b) {
      if (b >= ns) judge(a, b, true);
      return true;
    });
    if (report) {
      // The engine's touching pairs whose bounds are apart: the exact test says apart.
      std::sort(seen.begin(), seen.end());
      const EngineContact* c = rec.frameContacts(f);
      for (std::size_t k = 0; k < rec.frameContactCount(f); ++k) {
        const std::uint64_t key = pairKey(c[k].a, c[k].b);
        if (std::binary_search(seen.begin(), seen.end(), key)) continue;
        const std::size_t a = where[c[k].a], b = where[c[k].b];
        if (a == kNotInFrame || b == kNotInFrame || (a < ns && b < ns)) continue;
        judge(std::min(a, b), std::max(a, b), false);
      }
      visit(f, pairs);
    }
    std::sort(current.begin(), current.end());
    std::swap(previous, current);
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) where[rec.sceneName(f, i)] = kNotInFrame;
  }
}

std::vector<Disagreement> disagreements(const Recording& rec) {
  std::vector<Disagreement> out;
  const bool any =
      std::any_of(rec.frames.begin(), rec.frames.end(), [](const RecordedFrame& f) { return f.hasContacts; });
  if (!any) return out;
  progressStage("Comparing with the engine's verdicts", "", rec.frameCount(), ProgressUnit::Frames);
  forEachFrameVerdicts(rec, FrameVerdictOptions{}, [&](std::size_t f, const std::vector<FramePairVerdict>& pairs) {
    progressAt(f);
    for (const FramePairVerdict& p : pairs) {
      if (p.disagrees) out.push_back(Disagreement{static_cast<std::uint32_t>(f), p});
    }
  });
  return out;
}

}  // namespace satlab
