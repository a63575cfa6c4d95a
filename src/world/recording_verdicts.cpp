// A recording's frames as scenes, and what its verdicts do over time (recording.hpp):
// the frames where a pair's verdict flips, the first frame that breaks an expectation, the
// pairs that touch between two frames.
#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "evaluation/pair_eval.hpp"
#include "evaluation/swept_eval.hpp"
#include "world/broad_phase.hpp"
#include "world/recording.hpp"
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
  const RecordedShape* shapes = rec.frameShapes(frame);
  for (std::size_t i = 0; i < rec.frameShapeCount(frame); ++i) present[shapes[i].name] = 1;
  for (std::size_t e = 0; e < names.size(); ++e) {
    const auto [a, b] = names[e];
    if (a != kNoName && b != kNoName && present[a] && present[b]) out.push_back(e);
  }
}

// The shapes of frame `frame` into `out` (recordingScene without the expectations).
void fillFrameShapes(const Recording& rec, std::size_t frame, Scene& out) {
  out.version = kSceneFormatVersion;
  out.title = rec.title;
  out.notes = rec.notes;
  out.view = rec.view;
  out.extras.clear();
  const RecordedShape* shapes = rec.frameShapes(frame);
  const std::size_t n = rec.frameShapeCount(frame);
  out.shapes.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    SceneShape& s = out.shapes[i];
    // A fresh shape (every field at its default, whatever the scene held before) that keeps
    // the storage of its name.
    std::string name = std::move(s.name);
    s = SceneShape{};
    name.assign(rec.names[shapes[i].name]);
    s.name = std::move(name);
    std::visit([&](const auto& g) { s.geometry = g; }, shapes[i].geometry);
    s.color = rec.colors[shapes[i].color];
  }
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

std::vector<PairFlips> verdictFlips(const Recording& rec) {
  // Pairs by their two name indices (lower first), as one 64-bit key.
  const auto keyOf = [](std::uint32_t x, std::uint32_t y) {
    if (x > y) std::swap(x, y);
    return (static_cast<std::uint64_t>(x) << 32) | y;
  };
  std::vector<PairFlips> out;
  std::unordered_map<std::uint64_t, std::size_t> index;  // key -> position in out
  std::vector<std::uint64_t> previous, current;          // the overlapping pairs, sorted
  Scene scene;
  // One broad phase from frame to frame: shapes that did not move cost one comparison.
  BroadPhase broad;
  for (std::size_t f = 0; f < rec.frameCount(); ++f) {
    fillFrameShapes(rec, f, scene);
    const RecordedShape* shapes = rec.frameShapes(f);
    current.clear();
    broad.update(scene);
    broad.forEachCandidate([&](std::size_t a, std::size_t b) {
      if (pairOverlaps(scene, a, b)) current.push_back(keyOf(shapes[a].name, shapes[b].name));
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

std::optional<std::pair<std::size_t, std::size_t>> firstBrokenExpectation(const Recording& rec) {
  if (rec.expect.empty()) return std::nullopt;
  const auto names = expectationNames(rec);
  Scene scene;
  std::vector<std::uint8_t> present;
  std::vector<std::size_t> kept;
  for (std::size_t f = 0; f < rec.frameCount(); ++f) {
    presentExpectations(rec, f, names, present, kept);
    if (kept.empty()) continue;
    fillFrameShapes(rec, f, scene);
    scene.expect.clear();
    for (std::size_t e : kept) scene.expect.push_back(rec.expect[e]);
    const std::vector<ExpectationMismatch> broken = checkExpectations(scene);
    if (!broken.empty()) return std::make_pair(f, kept[broken.front().index]);
  }
  return std::nullopt;
}

std::vector<BetweenFrames> betweenFrames(const Recording& rec, std::size_t* untested) {
  std::vector<BetweenFrames> out;
  if (untested) *untested = 0;
  Scene before, after;
  std::vector<std::size_t> where(rec.names.size(), kNotInFrame);  // name -> index in `before`
  std::vector<std::size_t> beforeIndex;
  for (std::size_t f = 1; f < rec.frameCount(); ++f) {
    const RecordedShape* prev = rec.frameShapes(f - 1);
    const RecordedShape* cur = rec.frameShapes(f);
    const std::size_t np = rec.frameShapeCount(f - 1), nc = rec.frameShapeCount(f);
    for (std::size_t i = 0; i < np; ++i) where[prev[i].name] = i;
    beforeIndex.resize(nc);
    for (std::size_t i = 0; i < nc; ++i) beforeIndex[i] = where[cur[i].name];
    for (std::size_t i = 0; i < np; ++i) where[prev[i].name] = kNotInFrame;
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
      BetweenFrames b;
      b.frame = static_cast<std::uint32_t>(f);
      b.a = cur[c.a].name;
      b.b = cur[c.b].name;
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
  const RecordedShape* now = rec.frameShapes(frame);
  for (std::size_t i = 0; i < out.shapes.size(); ++i) {
    const auto it = where.find(now[i].name);
    if (it == where.end()) continue;
    ShapeGeometry after;
    std::visit([&](const auto& g) { after = g; }, next[it->second].geometry);
    if (const std::optional<StepMotion> m = stepBetween(out.shapes[i].geometry, after))
      out.shapes[i].geometry = poseAlongStep(out.shapes[i].geometry, *m, s);
  }
}

}  // namespace satlab
