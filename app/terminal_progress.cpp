#include "terminal_progress.hpp"

#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>

#include "model/work_text.hpp"

namespace satlab {

namespace {

// The Progress that Ctrl+C stops: set while a command runs (a lock-free pointer, read in
// the signal handler).
std::atomic<Progress*> g_interruptible{nullptr};
static_assert(std::atomic<Progress*>::is_always_lock_free, "read in a signal handler");

void onInterrupt(int) {
  if (Progress* p = g_interruptible.load()) p->cancel();
  // SA_RESETHAND has put the default back: a second Ctrl+C ends satlab at once.
}

std::size_t terminalColumns(std::FILE* err) {
  winsize w{};
  if (::ioctl(fileno(err), TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
  return 80;
}

/// Shows the line every tenth of a second from kTerminalProgressDelaySeconds on, on its
/// own thread; clears it when it goes.
class LineWatcher {
 public:
  LineWatcher(std::string who, const Progress& progress, std::FILE* err)
      : who_(std::move(who)), progress_(progress), err_(err), thread_([this] { watch(); }) {}
  ~LineWatcher() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (shown_) std::fprintf(err_, "\r\033[K");
    std::fflush(err_);
  }
  LineWatcher(const LineWatcher&) = delete;
  LineWatcher& operator=(const LineWatcher&) = delete;

  /// What the command writes to `real` (standard output or error, on the same terminal):
  /// the line is cleared first, so that the text starts at the line's start, and drawn again
  /// only once the command has printed nothing for as long as the line waits at the start
  /// (a table streamed to the terminal scrolls without the line between its rows).
  ssize_t writeThrough(std::FILE* real, const char* data, std::size_t size) {
    std::lock_guard<std::mutex> lock(mutex_);
    lastOutput_ = std::chrono::steady_clock::now();
    if (shown_) {
      std::fprintf(err_, "\r\033[K");
      std::fflush(err_);
      shown_ = false;
    }
    const std::size_t written = std::fwrite(data, 1, size, real);
    std::fflush(real);
    // From the end of the write: one held up by a slow terminal counts as output until then.
    lastOutput_ = std::chrono::steady_clock::now();
    return written == size ? static_cast<ssize_t>(size) : -1;
  }

 private:
  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stop_; })) {
      const ProgressSnapshot s = progress_.snapshot();
      if (s.seconds < kTerminalProgressDelaySeconds) continue;
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - lastOutput_).count() <
          kTerminalProgressDelaySeconds) {
        continue;
      }
      const std::string line = terminalProgressLine(who_, s, terminalColumns(err_));
      std::fprintf(err_, "\r%s\033[K", line.c_str());
      std::fflush(err_);
      shown_ = true;
    }
  }

  std::string who_;
  const Progress& progress_;
  std::FILE* err_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::chrono::steady_clock::time_point lastOutput_{};  // the command's last text through the line
  bool shown_ = false;                                  // the line is on the screen (under mutex_)
  std::thread thread_;                                  // last: it starts once the rest is ready
};

/// A FILE that writes through the watcher to `real` (fopencookie), so that what the command
/// prints never lands in the middle of the line.
struct ThroughFile {
  LineWatcher* watcher;
  std::FILE* real;
};

std::FILE* openThrough(ThroughFile& t) {
  cookie_io_functions_t io{};
  io.write = [](void* cookie, const char* data, std::size_t size) -> ssize_t {
    auto* f = static_cast<ThroughFile*>(cookie);
    return f->watcher->writeThrough(f->real, data, size);
  };
  std::FILE* f = ::fopencookie(&t, "w", io);
  if (f != nullptr) std::setvbuf(f, nullptr, _IOLBF, 1 << 16);
  return f;
}

}  // namespace

bool terminalProgressWanted(std::FILE* err, bool quiet) {
  if (quiet || ::isatty(fileno(err)) != 1) return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::strcmp(term, "dumb") != 0;
}

std::string terminalProgressLine(const std::string& who, const ProgressSnapshot& p, std::size_t columns) {
  std::string line = who + ": " + workWhatText(p);
  if (const std::string amount = workAmountText(p); !amount.empty()) {
    line += ": " + amount;
    if (const double f = p.fraction(); f >= 0.0) line += " (" + std::to_string(static_cast<int>(f * 100.0)) + "%)";
  }
  line += ", " + workTimeText(p);
  if (p.cancelRequested) line += ", stopping";
  // Cut at a character's start: the subject is a file name, which may be UTF-8.
  const std::size_t room = columns > 1 ? columns - 1 : 1;
  if (line.size() > room) {
    std::size_t cut = room;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    line.resize(cut);
  }
  return line;
}

int runWithProgress(const std::string& who, const std::string& stopped, bool shown, std::FILE* err,
                    const std::function<int(std::FILE* out, std::FILE* err)>& body) {
  Progress progress;
  ProgressScope scope(&progress);
  struct sigaction interrupt = {};
  struct sigaction previous = {};
  interrupt.sa_handler = onInterrupt;
  sigemptyset(&interrupt.sa_mask);
  interrupt.sa_flags = SA_RESETHAND | SA_RESTART;
  g_interruptible.store(&progress);
  ::sigaction(SIGINT, &interrupt, &previous);
  // Started with Ctrl+C ignored (nohup, a shell's background job): it stays ignored.
  if (previous.sa_handler == SIG_IGN) ::sigaction(SIGINT, &previous, nullptr);
  int code = 0;
  bool cancelled = false;
  {
    std::optional<LineWatcher> line;
    // With the line shown, what the command prints goes through it: standard error, and
    // standard output where it is the same terminal (a file or a pipe is left alone).
    ThroughFile throughErr{nullptr, err}, throughOut{nullptr, stdout};
    std::FILE* out = stdout;
    std::FILE* errOut = err;
    if (shown) {
      line.emplace(who, progress, err);
      throughErr.watcher = throughOut.watcher = &*line;
      if (std::FILE* f = openThrough(throughErr)) errOut = f;
      if (::isatty(fileno(stdout)) == 1) {
        std::fflush(stdout);
        if (std::FILE* f = openThrough(throughOut)) out = f;
      }
    }
    try {
      code = body(out, errOut);
    } catch (const Cancelled&) {
      cancelled = true;
    }
    if (out != stdout) std::fclose(out);  // flushed through to standard output
    if (errOut != err) std::fclose(errOut);
  }  // the line is cleared before anything more is said
  ::sigaction(SIGINT, &previous, nullptr);
  g_interruptible.store(nullptr);
  if (cancelled) {
    std::fprintf(err, "%s: %s\n", who.c_str(), stopped.c_str());
    return kStoppedByUser;
  }
  return code;
}

}  // namespace satlab
