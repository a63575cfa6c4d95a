#include "model/background_work.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <new>
#include <thread>
#include <utility>

namespace satlab {

// Shared by the window and the worker, so that a worker that outlives its BackgroundWork
// (cancelled, or the window closed) has what it writes to.
struct BackgroundWork::State {
  Progress progress;
  Work work;
  Apply result;
  std::string error;
  bool cancelled = false;
  std::atomic<bool> done{false};

  void run() {
    {
      ProgressScope scope(&progress);
      try {
        result = work();
      } catch (const Cancelled&) {
        cancelled = true;
      } catch (const std::bad_alloc&) {
        error = "out of memory";
      } catch (const std::exception& e) {
        error = *e.what() != '\0' ? e.what() : "?";
      } catch (...) {
        error = "?";
      }
    }
    // What the work captured goes with the worker, not with the window's last reference.
    work = nullptr;
    if (progress.cancelRequested()) cancelled = true;
    done.store(true, std::memory_order_release);
  }
};

BackgroundWork::BackgroundWork(const char* what, std::string_view subject, Work work, double stageDelay)
    : state_(std::make_shared<State>()) {
  state_->progress.begin(what, subject);
  state_->work = std::move(work);
  state_->progress.setStageDelay(stageDelay);
  if constexpr (SATLAB_THREADS) {
    std::thread([state = state_] { state->run(); }).detach();
  }
}

BackgroundWork::~BackgroundWork() {
  if (state_->done.load(std::memory_order_acquire)) return;
  state_->progress.cancel();
  // A worker stops at its next progress call, within milliseconds: waited for (a second at
  // most), so that a window closed during the work does not end the process under it.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (SATLAB_THREADS && !state_->done.load(std::memory_order_acquire) && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

bool BackgroundWork::poll() {
  if constexpr (!SATLAB_THREADS) {
    // The frame that began the work has drawn the indicator; this one waits for the work.
    if (!ranInPage_ && ++framesWaited_ >= 2) {
      ranInPage_ = true;
      if (state_->progress.cancelRequested()) {
        state_->cancelled = true;
        state_->work = nullptr;
        state_->done.store(true, std::memory_order_release);
      } else {
        state_->run();
      }
    }
  }
  return state_->done.load(std::memory_order_acquire);
}

void BackgroundWork::apply() {
  if (!state_->done.load(std::memory_order_acquire) || state_->cancelled || !state_->error.empty()) return;
  Apply result = std::move(state_->result);
  state_->result = nullptr;
  if (result) result();
}

void BackgroundWork::cancel() { state_->progress.cancel(); }

bool BackgroundWork::cancelled() const {
  return state_->progress.cancelRequested() || (state_->done.load(std::memory_order_acquire) && state_->cancelled);
}

const std::string& BackgroundWork::error() const {
  static const std::string none;
  return state_->done.load(std::memory_order_acquire) ? state_->error : none;
}

ProgressSnapshot BackgroundWork::progress() const { return state_->progress.snapshot(); }

}  // namespace satlab
