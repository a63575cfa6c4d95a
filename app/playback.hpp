// Time in the app: play, pause, step and scrub a scene whose shapes move (document/motion.hpp).
//
// The document's scene is always the pose at t = 0: it is what is saved, copied, undone.
// While t is 0 and time stands still, the view shows and edits that scene itself. Otherwise
// it shows a copy posed at t (shown()), rebuilt from the document's scene whenever that one
// was replaced or rewritten (open, undo, paste), otherwise posed afresh each frame (only
// the moving shapes are written, so a frame costs what the movers cost).
//
// Editing at t != 0 (docs/time.md): an edit is made on the shape as it is shown, then carried
// back to t = 0 by the shape's own motion (reconcile()): its centre minus its offset at t, its
// rotation turned back by angularVelocity * t. So a shape dropped somewhere at t is there at
// t, the file keeps t = 0 poses and motions, undo undoes the edit, and nothing is lost. A
// shape whose geometry was not touched (recoloured, renamed) keeps its t = 0 geometry bit
// for bit.
#pragma once

#include <cstddef>
#include <cstdint>

#include "document/motion_edit.hpp"
#include "document/scene.hpp"

namespace satlab {

/// The fixed step of O (and of play, which advances whole steps): 1/60 s, as Box2D's samples.
inline constexpr double kTimeStep = 1.0 / 60.0;

/// The speeds the time bar offers.
inline constexpr float kPlaybackSpeeds[] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f};

class Playback {
 public:
  double time() const { return time_; }
  bool playing() const { return playing_; }
  float speed() const { return speed_; }
  void setSpeed(float speed) { speed_ = speed; }
  void togglePlay() { playing_ = !playing_; }
  void pause() { playing_ = false; }
  /// One fixed step forward, pausing first.
  void step();
  /// Back to t = 0, paused.
  void rewind();
  /// Jumps to t (clamped to [0, kMaxPlaybackTime]); playing goes on from there.
  void setTime(double t);
  /// The longest time reached so far (the time slider's range grows with it).
  double furthest() const { return furthest_; }

  /// True when the view shows a posed copy rather than the document's scene.
  bool active() const { return playing_ || time_ > 0.0; }

  /// Advances time by `dt` real seconds times the speed, in whole fixed steps, when playing.
  void advance(double dt);

  /// The scene the view shows and edits this frame: `base` itself when not active, else the
  /// copy posed at time(). `stamp` identifies the state of `base`: when it differs from the
  /// last call (or the shape count does), the copy is made again.
  Scene& shown(Scene& base, std::uint64_t stamp);
  /// After an edit of shown() while active: carries it into `base` (reconcileEdits).
  void reconcile(Scene& base);
  /// The document's scene was changed directly (a paste, an import): copy it again.
  void baseChanged() { stampValid_ = false; }

  /// Rewinds, pauses and forgets the slider's range (a new scene).
  void reset();

 private:
  double time_ = 0.0;
  double furthest_ = 0.0;
  double carry_ = 0.0;  // real time not yet a whole step
  bool playing_ = false;
  float speed_ = 1.0f;
  Scene shown_;
  double posedAt_ = -1.0;  // the time shown_ was last posed at (-1: not yet)
  std::uint64_t stamp_ = 0;
  bool stampValid_ = false;
};

/// Largest time the playback reaches (seconds; the slider and play stop there): a day.
inline constexpr double kMaxPlaybackTime = 86400.0;

}  // namespace satlab
