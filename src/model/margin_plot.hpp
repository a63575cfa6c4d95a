// The focused pair's deciding margin over a recording or a scene's motion, for the margin
// plot (ui/margin_plot.hpp): world/margin_track.hpp's samples, computed a slice at a time so
// that a long recording fills the plot in over a few frames instead of stalling one. A live
// recording's new frames are added as they arrive.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "document/scene.hpp"
#include "world/margin_track.hpp"

namespace satlab {

struct Recording;

class MarginPlotModel {
 public:
  /// A recording's pair (names). Starts over when the pair or the recording changes (its
  /// identity, or its first frame: a live view drops old frames); frames added at its end
  /// are measured next.
  void showRecording(const Recording& rec, const std::string& a, const std::string& b);
  /// Shapes a and b of a scene in motion from t = 0 to `seconds` at 60 steps a second;
  /// `stamp` changes whenever the scene does.
  void showMotion(const Scene& scene, std::uint64_t stamp, std::size_t a, std::size_t b, double seconds);
  void clear();
  bool active() const { return kind_ != Kind::None; }

  /// Measures more samples for about `seconds` of wall time (after showRecording or
  /// showMotion in the same frame). Returns whether any was added.
  bool advance(double seconds);
  /// Every sample measured.
  bool complete() const { return active() && samples_.size() >= total_; }
  /// How many samples there will be.
  std::size_t total() const { return total_; }

  const std::vector<MarginSample>& samples() const { return samples_; }
  /// Samples (indices) where the verdict differs from the sample before.
  const std::vector<std::uint32_t>& flips() const { return flips_; }
  bool isRecording() const { return kind_ == Kind::Recording; }
  bool withMargins() const { return withMargins_; }
  float tolerance() const { return tolerance_; }
  double step() const { return step_; }  ///< a motion's seconds per sample
  const std::string& nameA() const { return a_; }
  const std::string& nameB() const { return b_; }
  /// The labels of the deciding axes met so far, in order of first appearance, and the
  /// place of a sample's among them (-1: not measured).
  const std::vector<std::string>& axes() const { return axes_; }
  int axisOf(std::size_t sample) const { return sample < axisIndex_.size() ? axisIndex_[sample] : -1; }
  /// The largest |margin| measured (for the plot's scale), 0 when none.
  double largest() const { return largest_; }

 private:
  enum class Kind { None, Recording, Motion };
  void add(MarginSample s);

  Kind kind_ = Kind::None;
  const Recording* rec_ = nullptr;  // valid from showRecording to advance in one frame
  std::int64_t firstFrame_ = 0;
  std::uint64_t stamp_ = 0;
  Scene pair_;  // a motion's two shapes
  std::size_t pa_ = 0, pb_ = 1;
  std::string a_, b_;
  std::size_t total_ = 0;
  double step_ = 1.0 / 60.0;
  bool withMargins_ = false;
  float tolerance_ = 0.0f;
  std::vector<MarginSample> samples_;
  std::vector<std::uint32_t> flips_;
  std::vector<std::string> axes_;
  std::vector<int> axisIndex_;
  double largest_ = 0.0;
};

}  // namespace satlab
