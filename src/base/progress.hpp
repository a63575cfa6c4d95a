// How far long work has got, and the request to stop it (docs/progress.md).
//
// Work that may take long (opening a scene or a recording, importing a mesh, building a
// mesh's trees and volumes, `satlab check`, `bounds` and `level`) reports what it is doing
// and how far it has got, measured from the work itself: bytes read, shapes parsed,
// triangles placed, frames stepped. It reports to the Progress a ProgressScope has made
// current on its thread, through the free functions below, which are no-ops where no scope
// is open: the loaders keep their signatures, and a caller that wants no progress pays one
// thread-local read per call. Whoever watches (the window's indicator, the terminal's line)
// reads snapshots from another thread, or from the same one, and may ask the work to stop:
// its next progress call throws Cancelled, and the work unwinds without having changed
// anything it was not given.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

namespace satlab {

/// What a stage counts.
enum class ProgressUnit : std::uint8_t { None, Bytes, Shapes, Triangles, Frames, Pairs, Volumes };

/// Thrown out of the work by a progress call once stopping has been asked
/// (Progress::cancel). Not a std::exception, so that the handlers that turn an exception
/// into a message about a file let it through: each rethrows it, as it does std::bad_alloc.
struct Cancelled {};

/// A copy of where the work stands, for whoever shows it.
struct ProgressSnapshot {
  /// The stage in English, with %s where the subject goes ("Opening %s"); empty before the
  /// first stage. A string literal: the window translates it (tr), the terminal does not.
  const char* what = "";
  std::string subject;      ///< What the stage works on: a file name (may be empty).
  std::uint64_t done = 0;   ///< Units done in this stage.
  std::uint64_t total = 0;  ///< Units the stage has in all; 0 when that is not known.
  ProgressUnit unit = ProgressUnit::None;
  double stageSeconds = 0.0;  ///< Since the stage began.
  double seconds = 0.0;       ///< Since the work began.
  int stages = 0;             ///< Stages begun so far.
  bool cancelRequested = false;

  /// done / total in [0, 1]; negative when the total is not known.
  double fraction() const;
  /// Seconds the stage still needs at its pace so far; negative when that cannot be told
  /// (no total, or too little done to judge).
  double remainingSeconds() const;
};

class Progress {
 public:
  Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// Names the stage the work begins with, before it has reported anything (whoever starts
  /// the work calls it: the indicator then says what is coming from its first frame). No
  /// delay, no cancel check.
  void begin(const char* what, std::string_view subject);

  // ---- Called by the work ------------------------------------------------------------
  /// Begins a stage: `what` a string literal (see ProgressSnapshot::what), `total` 0 when
  /// not known. Throws Cancelled when stopping has been asked.
  void stage(const char* what, std::string_view subject, std::uint64_t total, ProgressUnit unit);
  /// Sets how many units of the stage are done. Throws Cancelled when stopping has been
  /// asked.
  void at(std::uint64_t done);
  /// Adds to the units done. Throws Cancelled when stopping has been asked.
  void add(std::uint64_t units);
  /// Throws Cancelled when stopping has been asked.
  void check() const;

  // ---- Called by whoever watches (any thread) --------------------------------------------
  /// Asks the work to stop at its next progress call. Safe in a signal handler (a lock-free
  /// atomic store).
  void cancel() { cancel_.store(true, std::memory_order_relaxed); }
  bool cancelRequested() const { return cancel_.load(std::memory_order_relaxed); }
  ProgressSnapshot snapshot() const;

  /// Background work waits this long at the start of each stage (in slices, stopping at
  /// once when cancelled): a script's `slow` command, so that a run can show and cancel
  /// work that would otherwise end within a frame. 0 (the default) waits not at all.
  void setStageDelay(double seconds) { stageDelay_ = seconds; }

 private:
  using Clock = std::chrono::steady_clock;
  mutable std::mutex mutex_;  // guards what_, subject_, unit_, stageStart_, stages_
  const char* what_ = "";
  std::string subject_;
  ProgressUnit unit_ = ProgressUnit::None;
  Clock::time_point start_;
  Clock::time_point stageStart_;
  int stages_ = 0;
  double stageDelay_ = 0.0;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::uint64_t> total_{0};
  std::atomic<bool> cancel_{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "Progress::cancel is called from a signal handler");
};

/// Makes `progress` the one the work on this thread reports to, for the scope's life (the
/// previous one, if any, comes back after it). A null `progress` makes none current.
class ProgressScope {
 public:
  explicit ProgressScope(Progress* progress);
  ~ProgressScope();
  ProgressScope(const ProgressScope&) = delete;
  ProgressScope& operator=(const ProgressScope&) = delete;

 private:
  Progress* previous_;
};

/// The Progress current on this thread, or nullptr.
Progress* currentProgress();

// What the work calls; each does nothing where no Progress is current on this thread, and
// otherwise does as the Progress member of its name (each may throw Cancelled).
void progressStage(const char* what, std::string_view subject, std::uint64_t total, ProgressUnit unit);
void progressAt(std::uint64_t done);
void progressAdd(std::uint64_t units);
void progressCheck();

/// The unit's English name, plural, for reports: "bytes", "shapes", ... ("" for None).
const char* progressUnitName(ProgressUnit unit);

}  // namespace satlab
