#include "world/margin_track.hpp"

#include <algorithm>
#include <cmath>

#include "base/progress.hpp"
#include "document/motion.hpp"
#include "world/recording.hpp"
#include "world/recording_exact.hpp"

namespace satlab {

namespace {

/// The two shapes of frame `frame` named a and b, in a scene of their own, in the order the
/// frame's scene holds them (statics first, then the file's order), which decides the roles
/// of two shapes of one kind. False when either is missing.
struct PairInFrame {
  Scene scene;
  std::size_t a = 0, b = 1;  ///< the names' places in `scene`
  float marginA = 0.0f, marginB = 0.0f;
};

bool pairInFrame(const Recording& rec, std::size_t frame, std::string_view a, std::string_view b, PairInFrame& out) {
  std::optional<std::size_t> ia, ib;  // places in the frame's scene
  SceneShape sa, sb;
  const std::size_t ns = rec.statics.size();
  const auto take = [&](std::size_t place, std::uint32_t name, float margin, const auto& makeShape) {
    const std::string& n = rec.names[name];
    if (!ia && n == a) {
      ia = place;
      sa = makeShape();
      out.marginA = margin;
    } else if (!ib && n == b) {
      ib = place;
      sb = makeShape();
      out.marginB = margin;
    }
  };
  for (std::size_t i = 0; i < ns && !(ia && ib); ++i)
    take(i, rec.statics[i].name, rec.statics[i].margin, [&] { return rec.statics[i].shape; });
  const RecordedShape* shapes = rec.frameShapes(frame);
  for (std::size_t i = 0; i < rec.frameShapeCount(frame) && !(ia && ib); ++i) {
    take(ns + i, shapes[i].name, shapes[i].margin, [&] {
      SceneShape s;
      s.name = rec.names[shapes[i].name];
      s.geometry = recordedGeometry(rec, shapes[i]);
      return s;
    });
  }
  if (!ia || !ib) return false;
  out.scene.view = rec.view;
  out.scene.shapes.clear();
  if (*ia < *ib) {
    out.scene.shapes.push_back(std::move(sa));
    out.scene.shapes.push_back(std::move(sb));
    out.a = 0;
    out.b = 1;
  } else {
    out.scene.shapes.push_back(std::move(sb));
    out.scene.shapes.push_back(std::move(sa));
    out.a = 1;
    out.b = 0;
  }
  return true;
}

/// The margin of a recorded pair: the formula without margins, GJK's signed distance with them.
std::optional<PairMargin> marginOf(const PairInFrame& p) {
  if (p.marginA == 0.0f && p.marginB == 0.0f) return decidingMargin(p.scene, p.a, p.b);
  const double d = recordedSignedDistance(p.scene, p.a, p.b, p.marginA, p.marginB, 1.0f);
  if (!std::isfinite(d)) return std::nullopt;
  PairMargin m;
  m.overlap = d < 0.0;
  m.value = d;
  m.along = d < 0.0 ? kAlongEpaNormal : std::string_view("GJK");
  return m;
}

std::string sideText(const std::optional<PairMargin>& m) { return m ? marginInWords(*m) : "not measured"; }

}  // namespace

std::optional<PairMargin> recordedPairMargin(const Recording& rec, std::size_t frame, std::string_view a,
                                             std::string_view b) {
  PairInFrame p;
  if (frame >= rec.frameCount() || !pairInFrame(rec, frame, a, b, p)) return std::nullopt;
  return marginOf(p);
}

std::optional<PrecisionLens> recordedPrecision(const Recording& rec, std::size_t frame, std::string_view a,
                                               std::string_view b) {
  PairInFrame p;
  if (frame >= rec.frameCount() || !pairInFrame(rec, frame, a, b, p)) return std::nullopt;
  return precisionLens(p.scene, p.a, p.b, p.marginA, p.marginB);
}

MarginSample recordedMarginSample(const Recording& rec, std::size_t frame, std::string_view a, std::string_view b,
                                  bool previous, bool* withMargins) {
  MarginSample s;
  s.frame = static_cast<std::uint32_t>(frame);
  s.time = rec.frameTime(frame);
  PairInFrame p;
  s.present = pairInFrame(rec, frame, a, b, p);
  if (!s.present) return s;
  if (withMargins && (p.marginA != 0.0f || p.marginB != 0.0f)) *withMargins = true;
  s.margin = marginOf(p);
  // Settled as the flips settle it: a change within the tolerance keeps the verdict.
  s.overlap = settledOverlap(p.scene, p.a, p.b, p.marginA, p.marginB, rec.tolerance, previous);
  return s;
}

MarginSample motionMarginSample(const Scene& scene, std::size_t a, std::size_t b, double time) {
  Scene pair;
  pair.view = scene.view;
  const std::size_t first = std::min(a, b), second = std::max(a, b);
  const std::size_t pa = a < b ? 0 : 1, pb = 1 - pa;
  pair.shapes = {scene.shapes[first], scene.shapes[second]};  // poseShapeAt leaves a still shape as it is
  poseShapeAt(scene.shapes[first], time, pair.shapes[0]);
  poseShapeAt(scene.shapes[second], time, pair.shapes[1]);
  MarginSample s;
  s.time = time;
  s.present = true;
  s.overlap = pairOverlaps(pair, pa, pb);
  s.margin = decidingMargin(pair, pa, pb);
  return s;
}

std::vector<std::uint32_t> verdictChanges(const std::vector<MarginSample>& samples) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 1; i < samples.size(); ++i)
    if (samples[i].overlap != samples[i - 1].overlap) out.push_back(static_cast<std::uint32_t>(i));
  return out;
}

MarginTrack recordingMarginTrack(const Recording& rec, std::string_view a, std::string_view b) {
  MarginTrack t;
  t.a = std::string(a);
  t.b = std::string(b);
  t.tolerance = rec.tolerance;
  t.samples.reserve(rec.frameCount());
  bool previous = false;
  for (std::size_t f = 0; f < rec.frameCount(); ++f) {
    progressCheck();
    t.samples.push_back(recordedMarginSample(rec, f, a, b, previous, &t.withMargins));
    previous = t.samples.back().overlap;
  }
  t.flips = verdictChanges(t.samples);
  return t;
}

MarginTrack motionMarginTrack(const Scene& scene, std::size_t a, std::size_t b, double seconds, double stepsPerSecond) {
  MarginTrack t;
  t.a = scene.shapes[a].name;
  t.b = scene.shapes[b].name;
  if (!(seconds >= 0.0) || !(stepsPerSecond > 0.0)) return t;
  double step = 1.0 / stepsPerSecond;
  const std::size_t count = static_cast<std::size_t>(std::min(seconds / step, double(kMaxMotionSamples - 1))) + 1;
  if (count > 1 && double(count - 1) * step < seconds) step = seconds / double(count - 1);
  t.samples.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    progressCheck();
    t.samples.push_back(motionMarginSample(scene, a, b, double(i) * step));
    t.samples.back().frame = static_cast<std::uint32_t>(i);
  }
  t.flips = verdictChanges(t.samples);
  return t;
}

FlipCause recordedFlipCause(const Recording& rec, std::size_t frame, std::string_view a, std::string_view b) {
  FlipCause c;
  if (frame > 0) c.before = recordedPairMargin(rec, frame - 1, a, b);
  c.after = recordedPairMargin(rec, frame, a, b);
  return c;
}

std::string flipCauseText(const FlipCause& cause) {
  return sideText(cause.before) + " \u2192 " + sideText(cause.after);
}

}  // namespace satlab
