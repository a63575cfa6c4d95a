// The document's live recording (document.hpp, "A live engine"): the listener polled once per
// frame, the engine's bytes fed to a LiveRecording, its frames shown as they arrive.
#include <algorithm>
#include <chrono>
#include <string>

#include "document.hpp"

namespace satlab {

namespace {

/// "12 frames": in the window's language when `shown`, else English (printed).
std::string framesText(std::size_t n, bool shown) {
  const long long k = static_cast<long long>(n);
  return formatted(shown ? trn("%lld frame", "%lld frames", k) : k == 1 ? "%lld frame" : "%lld frames", k);
}

}  // namespace

bool Document::startListening(int port, std::string* error) {
  std::string why;
  if (!listener_.listen(port, why)) {
    if (error) {
      *error = why;
    } else {
      showMessagef(N_("Could not listen for an engine:\n%s"), why.c_str());
    }
    return false;
  }
  showToastf(N_("listening for an engine on 127.0.0.1:%d (File > Listen for an engine... stops)"), port);
  return true;
}

void Document::stopListening() {
  const bool receiving = live_ && !live_->finished();
  listener_.stop();
  if (receiving) {
    live_->finish();
    liveFramesArrived();
    const long long frames = static_cast<long long>(live_->framesReceived());
    showToast(formatted(frames == 1 ? "stopped listening; the %lld frame received stays (Save as keeps it)"
                                    : "stopped listening; the %lld frames received stay (Save as keeps them)",
                        frames),
              formatted(trn("stopped listening; the %lld frame received stays (Save as keeps it)",
                            "stopped listening; the %lld frames received stay (Save as keeps them)", frames),
                        frames));
  } else {
    showToastTr(N_("stopped listening for an engine"));
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
    showMessagef(N_("An engine at 127.0.0.1:%d connected, but this scene has unsaved changes: the engine was turned "
                    "away.\nSave them (Ctrl+S) or undo them, then start the engine again."),
                 listener_.port());
    return;
  }
  Scene waiting;
  waiting.title = kLiveWaitingTitle;
  setScene(std::move(waiting), "live: " + source, false);
  live_ = std::make_unique<LiveRecording>(source);
  liveFollowing_ = true;
  liveSeenGeneration_ = -1;
  liveSeenDropped_ = 0;
  liveShownAny_ = false;
  liveComputedGeneration_ = -1;
  liveComputedAt_ = -1e9;
  showToastf(N_("an engine at 127.0.0.1:%d connected; its frames appear as they arrive"), listener_.port());
  if (live_->spillError()) {
    showMessagef(N_("The engine's frames are received, but cannot be kept on disk:\n%s\nSave will not work for this "
                    "recording."),
                 live_->spillError()->c_str());
  }
}

void Document::pollLive() {
  if (!listener_.listening() && !live_) return;
  LiveListener::Events ev = listener_.poll();
  if (ev.refused > 0) {
    showToastf(N_("another engine tried to connect to port %d: refused (one engine at a time, and one is connected)"),
               listener_.port());
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
  const long long kept = static_cast<long long>(live_->framesReceived());
  if (!error.empty()) {
    showMessage(formatted(kept == 1 ? "The engine's stream was closed:\n%s\nThe %lld frame received before it is kept: "
                                      "File > Save as writes it."
                                    : "The engine's stream was closed:\n%s\nThe %lld frames received before it are "
                                      "kept: File > Save as writes them all.",
                          error.c_str(), kept),
                formatted(trn("The engine's stream was closed:\n%s\nThe %lld frame received before it is kept: File > "
                              "Save as writes it.",
                              "The engine's stream was closed:\n%s\nThe %lld frames received before it are kept: "
                              "File > Save as writes them all.",
                              kept),
                          error.c_str(), kept));
  } else {
    showToast(formatted(kept == 1 ? "the engine closed the stream: %lld frame, the recording is complete"
                                  : "the engine closed the stream: %lld frames, the recording is complete",
                        kept),
              formatted(trn("the engine closed the stream: %lld frame, the recording is complete",
                            "the engine closed the stream: %lld frames, the recording is complete", kept),
                        kept));
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

std::string Document::liveStatus(bool shown) const {
  if (!live_) {
    return listener_.listening()
               ? formatted(trIf(shown, N_("live: listening on 127.0.0.1:%d, no engine connected")), listener_.port())
               : std::string();
  }
  const std::string frames = framesText(live_->framesReceived(), shown);
  // TRANSLATORS: the time bar's live row ("following": the view shows each newest frame as it arrives)
  const char* state = live_->error()      ? N_("live: %s, stopped at an error")
                      : live_->finished() ? N_("live: %s, finished")
                      : liveFollowing_    ? N_("live: %s, following")
                                          : N_("live: %s, paused");
  return formatted(trIf(shown, state), frames.c_str());
}

std::string Document::liveDroppedText() const {
  if (!live_ || live_->firstFrameHeld() == 0 || live_->recording().frameCount() == 0) return {};
  return formatted(tr("frames before engine frame %lld are in the file only; Save keeps them all"),
                   static_cast<long long>(live_->recording().frameNumber(0)));
}

}  // namespace satlab
