#include "check/output_check.hpp"

#include <array>
#include <cerrno>
#include <mutex>
#include <utility>

namespace satlab {
namespace {

struct Kept {
  std::mutex mutex;
  std::array<std::pair<std::FILE*, int>, 8> reasons{};  // the few streams a command writes
};

Kept& kept() {
  static Kept k;
  return k;
}

void keep(std::FILE* stream, int err) {
  Kept& k = kept();
  const std::lock_guard<std::mutex> lock(k.mutex);
  for (auto& [s, e] : k.reasons) {
    if (s != stream) continue;
    if (e == -1) e = err;  // the first reason known stays
    return;
  }
  for (auto& [s, e] : k.reasons) {
    if (s == nullptr) {
      s = stream;
      e = err;
      return;
    }
  }
}

int keptReason(std::FILE* stream) {
  Kept& k = kept();
  const std::lock_guard<std::mutex> lock(k.mutex);
  for (const auto& [s, e] : k.reasons) {
    if (s == stream) return e;
  }
  return 0;
}

}  // namespace

bool flushOutput(std::FILE* stream) {
  // A write that failed inside the last fprintf left its errno; an fflush with nothing
  // left to write keeps errno as it is.
  const int before = errno;
  const bool failedBefore = std::ferror(stream) != 0;
  errno = 0;
  if (std::fflush(stream) != 0) {
    keep(stream, errno != 0 ? errno : (failedBefore && before != 0 ? before : -1));
    return false;
  }
  if (failedBefore) {
    keep(stream, before != 0 ? before : -1);
    return false;
  }
  errno = before;
  return true;
}

int outputError(std::FILE* stream) {
  if (flushOutput(stream)) return 0;
  const int reason = keptReason(stream);
  return reason != 0 ? reason : -1;
}

}  // namespace satlab
