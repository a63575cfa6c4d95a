// The recorder behind the C API of <satlab/record.h>: what it holds between calls, and the
// checks every call makes before it writes anything. A call validates all of its arguments
// first and only then appends its text, so a refused call leaves the recording as it was.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <unordered_set>

#include "output.hpp"
#include "satlab/record.h"

struct satlab_recorder {
  satlab::record::Output out;
  std::string error;          // the last error's text
  int lastStatus = 0;         // the last error's code
  bool broken = false;        // the output failed: every call returns SATLAB_RECORD_IO
  bool ioFailed = false;      // some line was not written (close reports it)
  bool finished = false;      // satlab_record_finish ran: the output is closed
  std::string title, engine;  // as JSON strings, quoted and escaped ("" when no engine)
  bool hasTolerance = false;
  float tolerance = 0.0f;
  bool reportsContacts = false;
  std::string expect;   // the header's "expect" items, comma-separated
  std::string statics;  // the header's "static" shapes, comma-separated
  std::unordered_set<std::string> staticNames;
  bool started = false;  // the first frame began (the header is written)
  bool inFrame = false;
  std::int64_t lastNumber = 0;
  double lastTime = 0.0;
  std::string shapes, contacts;  // the open frame's items, comma-separated
  std::size_t shapeCount = 0;
  std::unordered_set<std::string> frameNames;
  std::unordered_set<std::string> framePairs;  // "a\0b" with a < b
  std::string line;                            // the line being written, kept for its capacity
};

namespace satlab::record {

/// Limits: those of satlab's loader (docs/recording-format.md, docs/scene-format.md).
inline constexpr std::size_t kMaxLineBytes = 16u * 1024u * 1024u;
inline constexpr std::size_t kMaxShapesPerFrame = 100000;
inline constexpr std::size_t kMaxHullPoints = 100000;
inline constexpr std::size_t kMaxMeshVertices = 8000000;
inline constexpr std::size_t kMaxMeshTriangles = 4000000;
inline constexpr std::size_t kMaxTextBytes = 4096;  // a title, an engine
inline constexpr float kMaxCoordinate = 1e9f;
inline constexpr std::int64_t kMaxFrameNumber = std::int64_t(1) << 53;

/// One call on a recorder: its name for messages, and the way it ends.
class Call {
 public:
  Call(satlab_recorder* r, const char* name) : r_(r), name_(name) {}
  /// False when the call cannot go on: no recorder, or its output failed before (the code
  /// to return is then status()).
  bool usable();
  int status() const { return status_; }
  /// Refuses the call: sets the error text "NAME: why" and returns `code`.
  int fail(int code, const std::string& why) noexcept;
  /// The output failed: the recorder is broken from now on. Returns SATLAB_RECORD_IO.
  int broke(const std::string& why) noexcept;
  /// Runs `body` (which returns a status), turning an exception (memory exhausted) into a
  /// broken recorder: nothing throws out of the C API.
  template <class Body>
  int guarded(Body&& body) noexcept {
    try {
      return body();
    } catch (const std::bad_alloc&) {
      return broke("out of memory");
    } catch (...) {
      return broke("an unexpected exception");
    }
  }
  satlab_recorder& r() { return *r_; }

 private:
  satlab_recorder* r_;
  const char* name_;
  int status_ = SATLAB_RECORD_OK;
};

// Each returns why its argument cannot be written, or "" when it can. `field` names it in
// the message ("center", "normal").
std::string pointProblem(const float* v, const char* field);
std::string pointsProblem(const float* v, std::size_t count, const char* field);
std::string lengthProblem(float v, const char* field);
std::string quaternionProblem(const float* q, const char* field);
std::string unitProblem(const float* v, const char* field);
std::string colorProblem(const float* rgba);
/// A title or an engine: UTF-8, at most kMaxTextBytes.
std::string textProblem(std::string_view s, const char* field);
/// `s` (never null) as a C string's view; null gives "".
inline std::string_view view(const char* s) { return s ? std::string_view(s) : std::string_view(); }

/// Writes one whole line (the header or a frame) to the recorder's output. Returns
/// SATLAB_RECORD_OK or breaks the recorder.
int writeLine(Call& call, const std::string& line);
/// Writes the header line, once, when the first frame begins (or the recorder closes).
int writeHeader(Call& call);
/// The header's length as it stands, short of the braces' and the keys' few bytes.
std::size_t headerBytes(const satlab_recorder& r);

}  // namespace satlab::record
