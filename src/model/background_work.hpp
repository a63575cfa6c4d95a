// Work the window runs off its frame (docs/progress.md): opening a scene or a recording,
// importing a mesh. The work reports its progress (base/progress.hpp) and computes its result
// without touching what the window shows; what it hands back is applied on the window's own
// thread once it has finished, and never when it was cancelled, so that cancelling leaves
// everything as it was before the work began.
//
// On the desktop the work runs on a worker thread. The web page has no threads (the top
// CMakeLists.txt, SATLAB_THREADS): there it runs at the start of the frame after the one
// that began it, so that the indicator is on the page before the page waits.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "base/progress.hpp"

namespace satlab {

class BackgroundWork {
 public:
  /// What the work hands back: applied on the window's thread (apply()).
  using Apply = std::function<void()>;
  /// The work itself: runs with its Progress current (ProgressScope), may throw Cancelled.
  using Work = std::function<Apply()>;

  /// Starts `work`, named by its first stage (Progress::begin: "Opening %s" and the file's
  /// name) until it reports one. `stageDelay`: Progress::setStageDelay (a script's `slow`).
  BackgroundWork(const char* what, std::string_view subject, Work work, double stageDelay = 0.0);
  /// Asks unfinished work to stop and waits for the worker to stop (a second at most: it
  /// stops at its next progress call); a worker still running after that finishes on its own
  /// and touches nothing of the caller's.
  ~BackgroundWork();
  BackgroundWork(const BackgroundWork&) = delete;
  BackgroundWork& operator=(const BackgroundWork&) = delete;

  /// Called each frame on the window's thread. In the page, runs the work when the frame
  /// that began it is over. True once the work has ended: finished, failed or stopped.
  bool poll();
  /// Once poll() is true: applies what the work handed back (nothing when it was cancelled
  /// or failed). Call once.
  void apply();
  /// Asks the work to stop. It ends at its next progress call; what it had done is dropped.
  void cancel();

  bool cancelled() const;
  /// Why the work failed ("out of memory", an exception's text); empty when it did not.
  const std::string& error() const;
  ProgressSnapshot progress() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
  bool ranInPage_ = false;  // without threads: whether the work has run
  int framesWaited_ = 0;
};

}  // namespace satlab
