// A recording as it arrives from a running engine (docs/recording-format.md, "Live"): bytes
// in, frames out. The bytes are cut into lines (a line may arrive in any number of pieces),
// each line goes to a RecordingReader, and each line the reader takes is also appended to a
// spill file, so that what was received is all on disk whatever memory keeps.
//
// Memory is bounded: once the frames held (their RecordedShape records, contacts and
// points) pass the limit, the oldest frames are dropped from memory; they stay in the spill
// file, and saveTo() writes every line received. The hulls' surfaces are shared by every
// frame that gives the same points and are kept.
//
// No sockets here (app/live_listener.hpp receives the bytes), no GL: tests feed bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "world/recording.hpp"

namespace satlab {

/// The most memory a live recording's frames hold (RecordedShape records, frames, engine
/// contacts and their points, counted by their sizes): 256 MiB, about 3.7 million recorded
/// shapes. Past it, the oldest frames are dropped from memory down to three quarters of it.
inline constexpr std::size_t kLiveRecordingMemoryBytes = 256u * 1024u * 1024u;

/// The bytes the frames of `rec` hold, as the live limit counts them.
std::size_t recordingFrameBytes(const Recording& rec);

class LiveRecording {
 public:
  /// `sourceName` names the stream in messages ("engine at 127.0.0.1:47410"). The spill
  /// file is made at once in the system's temporary folder (mkstemp); spillError() says why
  /// when it could not be (the frames are then received, and Save refuses).
  explicit LiveRecording(std::string sourceName, std::size_t memoryLimitBytes = kLiveRecordingMemoryBytes);
  /// Removes the spill file.
  ~LiveRecording();
  LiveRecording(const LiveRecording&) = delete;
  LiveRecording& operator=(const LiveRecording&) = delete;

  /// Bytes as they arrive, cut anywhere. False once an error is set: the line that broke the
  /// stream and everything after it are dropped; what came before stays.
  bool feed(std::string_view bytes);
  /// The stream ended: a last line without its '\n' is read, then the reader's finish().
  /// False with error() set when the recording is not valid as a whole.
  bool finish();
  bool finished() const { return finished_; }

  /// The frames held: the newest ones, at most the memory limit's worth. Frame i here is frame
  /// firstFrameHeld() + i of the stream.
  const Recording& recording() const { return reader_.recording(); }
  /// How many frames, from the first, were dropped from memory (they are in the spill file only).
  std::size_t firstFrameHeld() const { return dropped_; }
  /// Frames received in all, those dropped from memory too.
  std::size_t framesReceived() const { return dropped_ + reader_.recording().frameCount(); }
  bool headerRead() const { return reader_.headerRead(); }
  std::uint64_t bytesReceived() const { return bytes_; }
  /// Bumped whenever frames arrive or are dropped.
  int generation() const { return generation_; }

  /// The first error: the reader's ("engine: line 12: shapes[0].radius: must be >= 0 (got
  /// -2)"), a line over 16 MiB, or the recording not valid at its end.
  const std::optional<std::string>& error() const { return error_; }
  /// Why there is no spill file, when there is none.
  const std::optional<std::string>& spillError() const { return spillError_; }
  const std::string& spillPath() const { return spillPath_; }

  /// Writes every line received and taken (header and every frame, those dropped from
  /// memory too) to `path`, replacing it atomically (document/atomic_file.hpp): an ordinary
  /// recording file. nullopt on success, else the reason.
  std::optional<std::string> saveTo(const std::string& path) const;

 private:
  bool takeLine(std::string_view line);
  void dropOldFrames();
  void setError(std::string text);

  RecordingReader reader_;
  std::string source_;
  std::size_t limit_;
  std::string partial_;  // the start of a line whose '\n' has not arrived
  std::size_t dropped_ = 0;
  std::uint64_t bytes_ = 0;
  int generation_ = 0;
  bool finished_ = false;
  std::optional<std::string> error_;
  std::optional<std::string> spillError_;
  std::string spillPath_;
  int spillFd_ = -1;
};

}  // namespace satlab
