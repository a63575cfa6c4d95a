// The time bar at the bottom of the view: play / pause (P), one step (O), back to the start, a
// time slider, the time and the speed, for a scene whose shapes move; for a recording (frames
// from an engine, world/recording.hpp) the slider picks a frame, marks show the frames where
// the focused pair's verdict flips and (triangles above it) where it touches between two
// frames, a button jumps to the first frame that breaks an expectation (or to the moment
// between two frames), and "Between frames" shows the shapes on their way to the next frame. Red
// marks show the frames where the engine's verdict and the exact test disagree; a live
// recording gets a line saying how many frames arrived and whether the view follows them. It
// draws and reports what was clicked; the app owns the time (app/playback.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "render/label_layout.hpp"

namespace satlab {

struct TimeBarState {
  bool playing = false;
  /// O steps the time (else, while a prediction asks "overlap or separated?", O is its
  /// answer and the Step button names no key).
  bool stepKey = true;
  float speed = 1.0f;
  // A scene in motion: t in seconds and the slider's end.
  double time = 0.0;
  double sliderEnd = 10.0;
  // A recording (frameCount > 0): the frame shown (its index, from 0), its engine number
  // and time. Every frame the bar names is named by the engine's number (`numberOf` an
  // index); the index shows only where it is labelled as one ("index 41 of 120").
  std::size_t frameCount = 0;
  std::size_t frame = 0;
  std::int64_t frameNumber = 0;
  double frameTime = 0.0;
  std::function<std::int64_t(std::size_t)> numberOf;  ///< the engine's number of an index
  std::function<double(std::size_t)> timeOf;          ///< the time of an index, seconds
  /// Frames (indices) where the focused pair's verdict flips; null when no pair is focused.
  const std::vector<std::uint32_t>* flips = nullptr;
  std::string flipsPair;  ///< "a / b" for the marks' caption
  /// The first frame that breaks an expectation, if any (and the expectation, "a / b"); with
  /// `brokenBetween` it breaks between that frame and the next, that far along.
  std::optional<std::size_t> firstBroken;
  std::optional<float> brokenBetween;
  std::string brokenPair;
  /// The focused pair's contacts between frames (world/recording.hpp's betweenFrames): where
  /// on the slider, in frames (frame - 1 + toi), and whether it passed through.
  struct ContactMark {
    float at = 0.0f;
    bool through = false;
  };
  std::vector<ContactMark> contacts;
  /// The first of them in words ("touches at t = 0.6819 s between frames 1040 and 1041,
  /// passed through", the engine's numbers), empty when none.
  std::string contactText;
  /// The same in a few words for a narrow bar ("touches between frames 1040 and 1041").
  std::string contactBrief;
  /// Show the frames in between: the shapes `between` (0 to 1) of the way to the next frame.
  bool showBetween = false;
  float between = 0.0f;
  /// Frames where the engine's verdict on a pair and the exact test's disagree (red marks
  /// on the slider), ascending by frame; `text` says what for the mark's tooltip.
  struct DisagreementMark {
    std::size_t frame = 0;
    std::string text;
  };
  std::vector<DisagreementMark> disagreements;
  /// A live recording (docs/recording-format.md, "Live"): "live: 12 frames, following";
  /// empty for a file.
  std::string liveText;
  bool liveFollowing = false;  ///< the view shows the newest frame as frames arrive
  bool liveReceiving = false;  ///< frames are still arriving
  /// "frames before engine frame N are in the file only; Save keeps them all", or empty.
  std::string liveDropped;
};

struct TimeBarAction {
  bool togglePlay = false;
  bool step = false;
  bool rewind = false;
  std::optional<double> setTime;
  std::optional<std::size_t> setFrame;
  /// With setFrame: show the shapes this far on their way to the next frame.
  std::optional<float> setBetween;
  std::optional<bool> showBetween;
  std::optional<float> setSpeed;
  /// Back to following the newest frame of a live recording (J, or the button).
  bool follow = false;
};

/// Draws the bar across [left, right] with its lower edge at `y` (the free space's end), or
/// with `atTop` its upper edge at `y` (beside the lesson card in presentation mode, where it
/// may grow downwards as its rows wrap). Returns what the user did this frame.
TimeBarAction drawTimeBar(const TimeBarState& state, float left, float right, float y, bool presentation,
                          bool atTop = false);

/// Where the bar was drawn last frame (window pixels), if it was.
std::optional<ScreenRect> timeBarRect();
/// The bar's height at the current style (for the layout, before it is drawn).
float timeBarHeight();

/// "12.35 s" / "1 min 02.50 s": the time as the bar shows it.
std::string timeText(double seconds);

/// A recorded frame as the bar names it: "frame 1041" (the engine's number), and with
/// `index` its place in the recording labelled as such, "frame 1041 (index 41 of 120)".
std::string recordedFrameText(std::int64_t number, std::optional<std::size_t> index = std::nullopt,
                              std::size_t count = 0);

}  // namespace satlab
