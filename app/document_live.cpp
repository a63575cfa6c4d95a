// The document's live recording (document.hpp, "A live engine"): the listener polled once per
// frame, the engine's bytes fed to a LiveRecording, its frames shown as they arrive.
#include <algorithm>
#include <chrono>
#include <string>

#include "document.hpp"

namespace satlab {

namespace {

std::string framesText(std::size_t n) { return std::to_string(n) + (n == 1 ? " frame" : " frames"); }

}  // namespace

bool Document::startListening(int port, std::string* error) {
  std::string why;
  if (!listener_.listen(port, why)) {
    if (error) {
      *error = why;
    } else {
      showMessage("Could not listen for an engine:\n" + why);
    }
    return false;
  }
  showToast("listening for an engine on 127.0.0.1:" + std::to_string(port) + " (File > Listen for an engine... stops)");
  return true;
}

void Document::stopListening() {
  const bool receiving = live_ && !live_->finished();
  listener_.stop();
  if (receiving) {
    live_->finish();
    liveFramesArrived();
    showToast("stopped listening; the " + framesText(live_->framesReceived()) + " received stay (Save as keeps them)");
  } else {
    showToast("stopped listening for an engine");
  }
}

void Document::setLiveFollowing(bool follow) {
  liveFollowing_ = follow;
  if (follow && live_ && live_->recording().frameCount() > 0) showFrame(live_->recording().frameCount() - 1);
}

void Document::acceptEngine() {
  const std::string source = "engine at 127.0.0.1:" + std::to_string(listener_.port());
  if (session_.dirty()) {
    listener_.disconnect();
    showMessage("An " + source +
                " connected, but this scene has unsaved changes: the engine was turned away.\n"
                "Save them (Ctrl+S) or undo them, then start the engine again.");
    return;
  }
  Scene waiting;
  waiting.title = "waiting for the engine's first frame";
  setScene(std::move(waiting), "live: " + source, false);
  live_ = std::make_unique<LiveRecording>(source);
  liveFollowing_ = true;
  liveSeenGeneration_ = -1;
  liveSeenDropped_ = 0;
  liveShownAny_ = false;
  liveComputedGeneration_ = -1;
  liveComputedAt_ = -1e9;
  showToast("an " + source + " connected; its frames appear as they arrive");
  if (live_->spillError()) {
    showMessage("The engine's frames are received, but cannot be kept on disk:\n" + *live_->spillError() +
                "\nSave will not work for this recording.");
  }
}

void Document::pollLive() {
  if (!listener_.listening() && !live_) return;
  LiveListener::Events ev = listener_.poll();
  if (ev.refused > 0) {
    showToast("another engine tried to connect to port " + std::to_string(listener_.port()) +
              ": refused (one engine at a time, and one is connected)");
  }
  if (ev.connected) acceptEngine();
  if (!live_) return;
  if (!live_->finished() && !ev.bytes.empty() && !live_->feed(ev.bytes)) {
    // A malformed line: the connection closes; what came before it stays.
    listener_.disconnect();
    live_->finish();
    liveFramesArrived();
    liveStreamEnded(*live_->error());
    return;
  }
  if (!live_->finished() && ev.closed) {
    live_->finish();
    liveFramesArrived();
    if (live_->error()) {
      liveStreamEnded(*live_->error());
    } else {
      liveStreamEnded(ev.error.empty() ? std::string() : "the connection failed: " + ev.error);
    }
    return;
  }
  liveFramesArrived();
}

void Document::liveStreamEnded(const std::string& error) {
  const std::string kept = framesText(live_->framesReceived());
  if (!error.empty()) {
    showMessage("The engine's stream was closed:\n" + error + "\nThe " + kept +
                " received before it are kept: File > Save as writes them all.");
  } else {
    showToast("the engine closed the stream: " + kept + ", the recording is complete");
  }
}

void Document::liveFramesArrived() {
  const Recording& rec = live_->recording();
  const int generation = live_->generation();
  bool recomputeNow = false;
  if (generation != liveSeenGeneration_) {
    liveSeenGeneration_ = generation;
    const std::size_t dropped = live_->firstFrameHeld();
    bool force = !liveShownAny_;  // the first frame replaces the waiting scene
    if (dropped != liveSeenDropped_) {
      // The oldest frames left memory: indices move down; the verdicts are recomputed at once
      // (their frame indices moved too).
      const std::size_t by = dropped - liveSeenDropped_;
      liveSeenDropped_ = dropped;
      frame_ = frame_ >= by ? frame_ - by : 0;
      force = true;
      recomputeNow = true;
    }
    if (rec.frameCount() > 0) {
      const std::size_t target = liveFollowing_ ? rec.frameCount() - 1 : std::min(frame_, rec.frameCount() - 1);
      if (force) frame_ = static_cast<std::size_t>(-1);  // shown again even where the index is the same
      showFrame(target, liveFollowing_ ? 0.0f : between_);
      liveShownAny_ = true;
    }
  }
  if (rec.frameCount() == 0 || liveComputedGeneration_ == generation) return;
  const double t = now();
  if (!recomputeNow && !live_->finished() && t - liveComputedAt_ < liveComputeInterval_) return;
  const auto start = std::chrono::steady_clock::now();
  computeRecordingVerdicts(rec);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // At most twice a second, and never more than a fifth of the time: a long stream stays responsive.
  liveComputeInterval_ = std::max(0.5, 4.0 * took);
  liveComputedAt_ = t;
  liveComputedGeneration_ = generation;
}

std::string Document::liveStatus() const {
  if (!live_) {
    return listener_.listening()
               ? "live: listening on 127.0.0.1:" + std::to_string(listener_.port()) + ", no engine connected"
               : std::string();
  }
  const std::string frames = "live: " + framesText(live_->framesReceived());
  if (live_->error()) return frames + ", stopped at an error";
  if (live_->finished()) return frames + ", finished";
  return frames + (liveFollowing_ ? ", following" : ", paused");
}

std::string Document::liveDroppedText() const {
  if (!live_ || live_->firstFrameHeld() == 0 || live_->recording().frameCount() == 0) return {};
  return "frames before engine frame " + std::to_string(live_->recording().frameNumber(0)) +
         " are in the file only; Save keeps them all";
}

}  // namespace satlab
