#include "playback.hpp"

#include <algorithm>
#include <cmath>

#include "document/motion.hpp"
#include "document/motion_edit.hpp"

namespace satlab {

void Playback::step() {
  playing_ = false;
  setTime(time_ + kTimeStep);
}

void Playback::rewind() {
  playing_ = false;
  carry_ = 0.0;
  time_ = 0.0;
}

void Playback::setTime(double t) {
  time_ = std::isfinite(t) ? std::clamp(t, 0.0, kMaxPlaybackTime) : 0.0;
  furthest_ = std::max(furthest_, time_);
}

void Playback::advance(double dt) {
  if (!playing_ || !(dt > 0.0)) return;
  // At most a quarter of a second per frame: a stall (a dialog, a slow frame) does not jump.
  carry_ += std::min(dt, 0.25) * static_cast<double>(speed_);
  const double steps = std::floor(carry_ / kTimeStep);
  carry_ -= steps * kTimeStep;
  setTime(time_ + steps * kTimeStep);
  if (time_ >= kMaxPlaybackTime) playing_ = false;
}

Scene& Playback::shown(Scene& base, std::uint64_t stamp) {
  if (!active()) {
    stampValid_ = false;
    return base;
  }
  if (!stampValid_ || stamp != stamp_ || shown_.shapes.size() != base.shapes.size()) {
    shown_ = base;
    stamp_ = stamp;
    stampValid_ = true;
    posedAt_ = -1.0;
  }
  // Posed once per time: the view, the panels and the picture of one frame share it.
  if (posedAt_ != time_) {
    applyMotion(base, time_, shown_);
    posedAt_ = time_;
  }
  return shown_;
}

void Playback::reconcile(Scene& base) {
  if (!active()) return;
  reconcileEdits(shown_, time_, base);
  stampValid_ = false;
}

void Playback::reset() {
  rewind();
  furthest_ = 0.0;
  stampValid_ = false;
  shown_ = Scene{};
}

}  // namespace satlab
