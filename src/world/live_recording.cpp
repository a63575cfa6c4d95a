#include "world/live_recording.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "document/atomic_file.hpp"

namespace satlab {

std::size_t recordingFrameBytes(const Recording& rec) {
  return rec.shapes.size() * sizeof(RecordedShape) + rec.frames.size() * sizeof(RecordedFrame) +
         rec.contacts.size() * sizeof(EngineContact) + rec.contactPoints.size() * sizeof(glm::vec3);
}

LiveRecording::LiveRecording(std::string sourceName, std::size_t memoryLimitBytes)
    : reader_(sourceName), source_(std::move(sourceName)), limit_(memoryLimitBytes) {
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::temp_directory_path(ec);
  std::string name = ((ec ? std::filesystem::path("/tmp") : folder) / "satlab-live-XXXXXX.jsonl").string();
  spillFd_ = ::mkstemps(name.data(), 6);
  if (spillFd_ < 0) {
    spillError_ = "cannot make the spill file " + name + ": " + std::strerror(errno);
    return;
  }
  spillPath_ = name;
}

LiveRecording::~LiveRecording() {
  if (spillFd_ >= 0) ::close(spillFd_);
  if (!spillPath_.empty()) ::unlink(spillPath_.c_str());
}

void LiveRecording::setError(std::string text) {
  if (!error_) error_ = std::move(text);
  partial_.clear();
  partial_.shrink_to_fit();
}

bool LiveRecording::feed(std::string_view bytes) {
  if (error_ || finished_) return false;
  bytes_ += bytes.size();
  const int generationBefore = generation_;
  while (!bytes.empty()) {
    const std::size_t newline = bytes.find('\n');
    const std::string_view piece = bytes.substr(0, newline);
    if (partial_.size() + piece.size() > kMaxRecordingLineBytes) {
      // Refused when its 16 MiB have arrived, without holding more.
      setError(reader_.error() ? reader_.error()->text()
                               : SceneDiagnostic{source_, "", reader_.linesRead() + 1, 0,
                                                 "line too long (over 16 MiB; the limit is 16 MiB)"}
                                     .text());
      break;
    }
    if (newline == std::string_view::npos) {
      partial_.append(piece);
      break;
    }
    bool taken = false;
    if (partial_.empty()) {
      taken = takeLine(piece);
    } else {
      partial_.append(piece);
      taken = takeLine(partial_);
      partial_.clear();
    }
    if (!taken) break;
    bytes.remove_prefix(newline + 1);
  }
  if (generation_ != generationBefore) dropOldFrames();
  return !error_;
}

bool LiveRecording::takeLine(std::string_view line) {
  const std::size_t framesBefore = reader_.recording().frameCount();
  if (!reader_.feedLine(line)) {
    setError(reader_.error() ? reader_.error()->text() : std::string("the stream could not be read"));
    return false;
  }
  if (spillFd_ >= 0 && !spillError_) {
    std::string out(line);
    out += '\n';
    if (const int err = writeAllTo(spillFd_, out); err != 0) {
      spillError_ = "writing the spill file " + spillPath_ + " failed: " + std::strerror(err);
    }
  }
  if (reader_.recording().frameCount() != framesBefore) ++generation_;
  return true;
}

void LiveRecording::dropOldFrames() {
  Recording& rec = reader_.recording();
  if (recordingFrameBytes(rec) <= limit_ || rec.frames.size() < 2) return;
  // Down to three quarters of the limit, so that the arrays are moved once in a while, not
  // at every frame; the newest frame always stays.
  const std::size_t target = limit_ / 4 * 3;
  std::size_t bytes = recordingFrameBytes(rec);
  std::size_t drop = 0;
  while (drop + 1 < rec.frames.size() && bytes > target) {
    const RecordedFrame& f = rec.frames[drop];
    std::size_t points = 0;
    for (std::uint32_t c = 0; c < f.contactCount; ++c) points += rec.contacts[f.firstContact + c].pointCount;
    bytes -= f.shapeCount * sizeof(RecordedShape) + sizeof(RecordedFrame) + f.contactCount * sizeof(EngineContact) +
             points * sizeof(glm::vec3);
    ++drop;
  }
  if (drop == 0) return;
  const RecordedFrame& kept = rec.frames[drop];
  const std::uint32_t shapes = kept.firstShape, contacts = kept.firstContact;
  // The first point of the contacts kept (contact points are stored in contact order).
  const std::uint32_t points = contacts < rec.contacts.size() ? rec.contacts[contacts].firstPoint
                                                              : static_cast<std::uint32_t>(rec.contactPoints.size());
  rec.frames.erase(rec.frames.begin(), rec.frames.begin() + static_cast<std::ptrdiff_t>(drop));
  rec.shapes.erase(rec.shapes.begin(), rec.shapes.begin() + shapes);
  rec.contacts.erase(rec.contacts.begin(), rec.contacts.begin() + contacts);
  rec.contactPoints.erase(rec.contactPoints.begin(), rec.contactPoints.begin() + points);
  for (RecordedFrame& f : rec.frames) {
    f.firstShape -= shapes;
    f.firstContact -= contacts;
  }
  for (EngineContact& c : rec.contacts) c.firstPoint -= points;
  dropped_ += drop;
  ++generation_;
}

bool LiveRecording::finish() {
  if (finished_) return !error_;
  if (!error_ && !partial_.empty()) {
    // A last line without its '\n', as a file's last line may be.
    std::string last = std::move(partial_);
    partial_.clear();
    if (takeLine(last)) dropOldFrames();
  }
  finished_ = true;
  if (!error_ && !reader_.finish()) {
    setError(reader_.error() ? reader_.error()->text() : std::string("the recording is not complete"));
  }
  ++generation_;
  return !error_;
}

std::optional<std::string> LiveRecording::saveTo(const std::string& path) const {
  if (spillError_) return *spillError_;
  struct stat st {};
  if (::fstat(spillFd_, &st) != 0) return spillPath_ + ": " + std::strerror(errno);
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size == 0) return writeFileAtomically(path, std::string_view());
  // Mapped rather than read: a long stream's file costs address space, not memory.
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, spillFd_, 0);
  if (map == MAP_FAILED) return spillPath_ + ": " + std::strerror(errno);
  std::optional<std::string> result = writeFileAtomically(path, std::string_view(static_cast<const char*>(map), size));
  ::munmap(map, size);
  return result;
}

}  // namespace satlab
