// A pair's deciding margin over time (evaluation/pair_margin.hpp): frame by frame through a
// recording, or step by step through a scene's motion. A verdict flips where its margin
// crosses zero (a recording's: where it crosses its tolerance, which settles small changes),
// so the track shows a flip coming, and the margins either side of a flip say what decided
// it (`satlab check`'s "decided_by", the window's margin plot).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/scene.hpp"
#include "evaluation/pair_margin.hpp"

namespace satlab {

struct Recording;

struct MarginSample {
  std::uint32_t frame = 0;  ///< the recording's frame index, or the motion's step (0, 1, ...)
  double time = 0.0;        ///< seconds
  bool present = false;     ///< both shapes exist in the frame (a motion's always do)
  /// The verdict: a recording's as its flips settle it (margins, tolerance), a motion's the
  /// core's. False where the pair is not present.
  bool overlap = false;
  /// What the verdict turns on; nullopt where it is not measured (not present, a mesh pair).
  std::optional<PairMargin> margin;
};

struct MarginTrack {
  std::string a, b;  ///< the shapes' names, in the order asked for
  /// A recording whose shapes have collision margins: the margin is then GJK's signed
  /// distance of the shapes grown by them, and the verdict flips where it crosses the
  /// tolerance rather than zero.
  bool withMargins = false;
  float tolerance = 0.0f;
  std::vector<MarginSample> samples;
  /// The samples (indices) where the verdict differs from the sample before.
  std::vector<std::uint32_t> flips;
};

/// The pair's margin in recorded frame `frame`, as the recording's verdict sees it (grown by
/// the shapes' margins where they have any); nullopt when a shape is not in the frame or the
/// pair is not measured. Axes are named for the order (a, b).
std::optional<PairMargin> recordedPairMargin(const Recording& rec, std::size_t frame, std::string_view a,
                                             std::string_view b);

/// One frame of recordingMarginTrack: `previous` is the pair's verdict in the frame before
/// (false before the first), which the tolerance may keep.
MarginSample recordedMarginSample(const Recording& rec, std::size_t frame, std::string_view a, std::string_view b,
                                  bool previous, bool* withMargins = nullptr);

/// One step of motionMarginTrack: shapes a and b of the scene posed at `time` seconds.
MarginSample motionMarginSample(const Scene& scene, std::size_t a, std::size_t b, double time);

/// The samples where the verdict differs from the sample before.
std::vector<std::uint32_t> verdictChanges(const std::vector<MarginSample>& samples);

/// The pair (names a, b) through every frame of the recording.
MarginTrack recordingMarginTrack(const Recording& rec, std::string_view a, std::string_view b);

/// Shapes a and b of a scene in motion, at `stepsPerSecond` from t = 0 to `seconds`
/// (at most kMaxMotionSamples samples, the step widened to fit).
MarginTrack motionMarginTrack(const Scene& scene, std::size_t a, std::size_t b, double seconds,
                              double stepsPerSecond = 60.0);
inline constexpr std::size_t kMaxMotionSamples = 100000;

/// The precision lens (evaluation/pair_margin.hpp) on the pair in recorded frame `frame`, the
/// shapes grown by their collision margins as the recording's verdict grows them; nullopt
/// when a shape is missing.
std::optional<PrecisionLens> recordedPrecision(const Recording& rec, std::size_t frame, std::string_view a,
                                               std::string_view b);

/// What decided a flip: the margin in the frame before and in the frame of the flip.
struct FlipCause {
  std::optional<PairMargin> before, after;
};
FlipCause recordedFlipCause(const Recording& rec, std::size_t frame, std::string_view a, std::string_view b);

/// "apart by 0.0021 on A2 → overlapping 0.0629 on A2" (English; "not measured" for a side
/// without a margin).
std::string flipCauseText(const FlipCause& cause);

}  // namespace satlab
