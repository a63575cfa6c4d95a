#include "base/progress.hpp"

#include <algorithm>
#include <thread>

namespace satlab {

namespace {

thread_local Progress* t_current = nullptr;

}  // namespace

double ProgressSnapshot::fraction() const {
  if (total == 0) return -1.0;
  return std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
}

double ProgressSnapshot::remainingSeconds() const {
  const double f = fraction();
  // Judged once a stage has run a little and done a little: earlier, the pace is noise.
  if (f <= 0.02 || f >= 1.0 || stageSeconds < 0.5) return -1.0;  // early, or all counted: no estimate
  return stageSeconds * (1.0 - f) / f;
}

Progress::Progress() : start_(Clock::now()), stageStart_(start_) {}

void Progress::begin(const char* what, std::string_view subject) {
  std::lock_guard<std::mutex> lock(mutex_);
  what_ = what != nullptr ? what : "";
  subject_.assign(subject.data(), subject.size());
  unit_ = ProgressUnit::None;
  stageStart_ = Clock::now();
}

void Progress::stage(const char* what, std::string_view subject, std::uint64_t total, ProgressUnit unit) {
  check();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    what_ = what != nullptr ? what : "";
    subject_.assign(subject.data(), subject.size());
    unit_ = unit;
    stageStart_ = Clock::now();
    ++stages_;
    done_.store(0, std::memory_order_relaxed);
    total_.store(total, std::memory_order_relaxed);
  }
  if (stageDelay_ > 0.0) {
    const Clock::time_point until =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(stageDelay_));
    while (Clock::now() < until) {
      check();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  check();
}

void Progress::at(std::uint64_t done) {
  done_.store(done, std::memory_order_relaxed);
  check();
}

void Progress::add(std::uint64_t units) {
  done_.fetch_add(units, std::memory_order_relaxed);
  check();
}

void Progress::check() const {
  if (cancel_.load(std::memory_order_relaxed)) throw Cancelled{};
}

ProgressSnapshot Progress::snapshot() const {
  ProgressSnapshot s;
  const Clock::time_point now = Clock::now();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    s.what = what_;
    s.subject = subject_;
    s.unit = unit_;
    s.stages = stages_;
    s.stageSeconds = std::chrono::duration<double>(now - stageStart_).count();
    s.done = done_.load(std::memory_order_relaxed);
    s.total = total_.load(std::memory_order_relaxed);
  }
  s.seconds = std::chrono::duration<double>(now - start_).count();
  s.cancelRequested = cancelRequested();
  return s;
}

ProgressScope::ProgressScope(Progress* progress) : previous_(t_current) { t_current = progress; }

ProgressScope::~ProgressScope() { t_current = previous_; }

Progress* currentProgress() { return t_current; }

void progressStage(const char* what, std::string_view subject, std::uint64_t total, ProgressUnit unit) {
  if (t_current != nullptr) t_current->stage(what, subject, total, unit);
}

void progressAt(std::uint64_t done) {
  if (t_current != nullptr) t_current->at(done);
}

void progressAdd(std::uint64_t units) {
  if (t_current != nullptr) t_current->add(units);
}

void progressCheck() {
  if (t_current != nullptr) t_current->check();
}

const char* progressUnitName(ProgressUnit unit) {
  switch (unit) {
    case ProgressUnit::None: return "";
    case ProgressUnit::Bytes: return "bytes";
    case ProgressUnit::Shapes: return "shapes";
    case ProgressUnit::Triangles: return "triangles";
    case ProgressUnit::Frames: return "frames";
    case ProgressUnit::Pairs: return "pairs";
    case ProgressUnit::Volumes: return "steps";
  }
  return "";
}

}  // namespace satlab
