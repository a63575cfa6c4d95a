#include "model/margin_plot.hpp"

#include <algorithm>
#include <cmath>

#include "world/recording.hpp"

namespace satlab {

void MarginPlotModel::clear() {
  kind_ = Kind::None;
  rec_ = nullptr;
  samples_.clear();
  flips_.clear();
  axes_.clear();
  axisIndex_.clear();
  largest_ = 0.0;
  total_ = 0;
  withMargins_ = false;
}

void MarginPlotModel::showRecording(const Recording& rec, const std::string& a, const std::string& b) {
  const std::int64_t first = rec.frameCount() > 0 ? rec.frameNumber(0) : 0;
  if (kind_ != Kind::Recording || &rec != rec_ || first != firstFrame_ || a != a_ || b != b_ ||
      rec.frameCount() < samples_.size()) {
    clear();
    kind_ = Kind::Recording;
    firstFrame_ = first;
    a_ = a;
    b_ = b;
    tolerance_ = rec.tolerance;
  }
  rec_ = &rec;
  total_ = rec.frameCount();
}

void MarginPlotModel::showMotion(const Scene& scene, std::uint64_t stamp, std::size_t a, std::size_t b,
                                 double seconds) {
  const std::size_t count =
      static_cast<std::size_t>(std::min(std::max(seconds, 0.0) * 60.0, double(kMaxMotionSamples - 1))) + 1;
  if (kind_ == Kind::Motion && stamp == stamp_ && a_ == scene.shapes[a].name && b_ == scene.shapes[b].name &&
      count == total_)
    return;
  clear();
  kind_ = Kind::Motion;
  stamp_ = stamp;
  a_ = scene.shapes[a].name;
  b_ = scene.shapes[b].name;
  pair_.view = scene.view;
  pair_.shapes = {scene.shapes[std::min(a, b)], scene.shapes[std::max(a, b)]};
  pa_ = a < b ? 0 : 1;
  pb_ = 1 - pa_;
  total_ = count;
  step_ = count > 1 ? std::max(seconds, 0.0) / double(count - 1) : 1.0 / 60.0;
}

void MarginPlotModel::add(MarginSample s) {
  int axis = -1;
  if (s.margin) {
    const std::string label = s.margin->label();
    const auto it = std::find(axes_.begin(), axes_.end(), label);
    axis = static_cast<int>(it - axes_.begin());
    if (it == axes_.end()) axes_.push_back(label);
    largest_ = std::max(largest_, std::abs(s.margin->value));
  }
  if (!samples_.empty() && samples_.back().overlap != s.overlap)
    flips_.push_back(static_cast<std::uint32_t>(samples_.size()));
  axisIndex_.push_back(axis);
  samples_.push_back(std::move(s));
}

bool MarginPlotModel::advance(double seconds) {
  if (!active() || complete()) return false;
  if (kind_ == Kind::Recording && rec_ == nullptr) return false;
  const auto start = std::chrono::steady_clock::now();
  const auto budget = std::chrono::duration<double>(seconds);
  bool added = false;
  while (samples_.size() < total_) {
    const std::size_t i = samples_.size();
    if (kind_ == Kind::Recording) {
      const bool previous = i > 0 && samples_.back().overlap;
      add(recordedMarginSample(*rec_, i, a_, b_, previous, &withMargins_));
    } else {
      MarginSample s = motionMarginSample(pair_, pa_, pb_, double(i) * step_);
      s.frame = static_cast<std::uint32_t>(i);
      add(std::move(s));
    }
    added = true;
    if ((i & 15) == 15 && std::chrono::steady_clock::now() - start > budget) break;
  }
  rec_ = nullptr;
  return added;
}

}  // namespace satlab
