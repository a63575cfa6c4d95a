// libFuzzer target for the recording loader (recording.hpp; build with -DSATLAB_FUZZ=ON,
// clang only; run with tools/fuzz.sh fuzz_recording). Each input is read as a recording as it
// is and, when it has no header line, after the headers {"recording": 1} and {"recording": 2}
// (so that mutated frames reach the frame reader of each version). Whatever the bytes: nothing crashes; an error names
// the file and has a reason; what loads is consistent (every frame's run of shapes inside the recording, name and
// colour indices in range, names unique in a frame, frame numbers rising, times finite and never decreasing); the file
// read in small chunks gives the same result as the text; and for small recordings every frame's scene, the verdict
// flips (ascending, in range, between names of the recording), the first broken expectation, the contacts between
// frames and the disagreements with the engine's verdicts are computed; version 2's static
// shapes, hulls and contacts are checked in range (every contact's names, its points); the
// fast path of frame lines gives the reference reader's result to the bit (recording_bits.hpp).
#include <unistd.h>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "recording_bits.hpp"
#include "world/recording.hpp"

namespace {

[[noreturn]] void fail(const std::string& problem, std::string_view text) {
  std::fprintf(stderr, "fuzz_recording: %s\ninput: %.4000s\n", problem.c_str(), std::string(text).c_str());
  std::abort();
}

std::string resultKey(const satlab::RecordingLoadResult& r) {
  if (r.error) return "error " + r.error->message + " @" + std::to_string(r.error->line) + " " + r.error->path;
  return "ok " + std::to_string(r.recording.frameCount()) + " " + std::to_string(r.recording.shapes.size()) + " " +
         std::to_string(r.recording.names.size()) + " " + std::to_string(r.warnings.size());
}

// A scratch file of this process for the chunked read.
const std::string& scratchPath() {
  static const std::string path = "/tmp/fuzz_recording_" + std::to_string(::getpid()) + ".jsonl";
  return path;
}

void checkRecording(std::string_view text) {
  using namespace satlab;
  const RecordingLoadResult r = parseRecording(text, "fuzz.jsonl");
  if (fuzz::recordingBits(r) != fuzz::recordingBits(parseRecordingWithReferenceReader(text, "fuzz.jsonl"))) {
    fail("the fast path of a frame line and the reference reader disagree", text);
  }
  if (r.error) {
    if (r.error->message.empty()) fail("an error without a reason", text);
    if (r.error->source != "fuzz.jsonl") fail("an error that does not name the file", text);
    if (r.recording.frameCount() != 0 || !r.recording.shapes.empty()) fail("a failed load kept frames", text);
  } else {
    const Recording& rec = r.recording;
    if (rec.frameCount() == 0) fail("a recording without frames loaded", text);
    std::size_t next = 0;
    std::vector<std::size_t> seenIn(rec.names.size(), SIZE_MAX);
    for (std::size_t f = 0; f < rec.frameCount(); ++f) {
      const RecordedFrame& frame = rec.frames[f];
      if (frame.firstShape != next) fail("frames' shapes are not consecutive", text);
      next += frame.shapeCount;
      if (next > rec.shapes.size()) fail("a frame's shapes run past the end", text);
      if (!std::isfinite(frame.time)) fail("a time that is not finite", text);
      if (f > 0 && (frame.number <= rec.frames[f - 1].number || frame.time < rec.frames[f - 1].time)) {
        fail("frame numbers or times go back", text);
      }
      for (std::size_t i = 0; i < frame.shapeCount; ++i) {
        const RecordedShape& s = rec.shapes[frame.firstShape + i];
        if (s.name >= rec.names.size() || s.color >= rec.colors.size()) fail("an index out of range", text);
        if (seenIn[s.name] == f) fail("a name twice in one frame", text);
        seenIn[s.name] = f;
      }
    }
    if (next != rec.shapes.size()) fail("shapes outside every frame", text);
    std::size_t nextContact = 0;
    for (std::size_t f = 0; f < rec.frameCount(); ++f) {
      const RecordedFrame& frame = rec.frames[f];
      if (frame.firstContact != nextContact) fail("frames' contacts are not consecutive", text);
      nextContact += frame.contactCount;
      if (nextContact > rec.contacts.size()) fail("a frame's contacts run past the end", text);
      if (!frame.hasContacts && frame.contactCount != 0) fail("contacts in a frame without them", text);
    }
    if (nextContact != rec.contacts.size()) fail("contacts outside every frame", text);
    for (const EngineContact& c : rec.contacts) {
      if (c.a >= rec.names.size() || c.b >= rec.names.size() || c.a == c.b) fail("a contact's names", text);
      if (c.pointCount > kMaxContactPoints || c.firstPoint + c.pointCount > rec.contactPoints.size())
        fail("a contact's points out of range", text);
      if (c.normal != glm::vec3(0.0f) && std::abs(glm::length(c.normal) - 1.0f) > 1e-3f)
        fail("a normal not unit", text);
    }
    for (const RecordedShape& s : rec.shapes) {
      if (const auto* h = std::get_if<RecordedHull>(&s.geometry); h && h->index >= rec.hulls.size())
        fail("a hull index out of range", text);
      if (!(s.margin >= 0.0f) || (s.group != kNoGroup && s.group >= rec.groups.size())) fail("a margin or group", text);
    }
    for (const RecordedStatic& st : rec.statics) {
      if (st.name >= rec.names.size() || !(st.margin >= 0.0f)) fail("a static shape's name or margin", text);
    }
    for (const std::string& name : rec.names) {
      if (shapeNameProblem(name)) fail("a name the scene format refuses", text);
    }
    if (rec.frameCount() <= 64 && rec.shapes.size() <= 2048) {
      Scene scene;
      for (std::size_t f = 0; f < rec.frameCount(); ++f) {
        recordingScene(rec, f, scene);
        if (scene.shapes.size() != rec.statics.size() + rec.frameShapeCount(f))
          fail("a frame's scene lost shapes", text);
      }
      for (const PairFlips& p : verdictFlips(rec)) {
        for (std::size_t i = 0; i < p.flipFrames.size(); ++i) {
          if (p.flipFrames[i] == 0 || p.flipFrames[i] >= rec.frameCount() ||
              (i > 0 && p.flipFrames[i] <= p.flipFrames[i - 1])) {
            fail("flip frames out of order or range", text);
          }
        }
        if (p.a == p.b) fail("a pair of one shape", text);
      }
      if (const auto broken = firstBrokenExpectation(rec)) {
        if (broken->first >= rec.frameCount() || broken->second >= rec.expect.size())
          fail("a broken expectation out of range", text);
      }
      for (const BetweenFrames& c : betweenFrames(rec)) {
        if (c.frame == 0 || c.frame >= rec.frameCount() || c.a >= rec.names.size() || c.b >= rec.names.size())
          fail("a contact between frames out of range", text);
      }
      for (const Disagreement& d : disagreements(rec)) {
        if (d.frame >= rec.frameCount() || !rec.frames[d.frame].hasContacts || d.pair.engine < 0)
          fail("a disagreement where the engine said nothing", text);
        if (d.pair.a >= rec.names.size() || d.pair.b >= rec.names.size()) fail("a disagreement's names", text);
      }
    }
  }
  // The file read 5 bytes at a time (chunks end inside lines) gives the same result.
  std::FILE* file = std::fopen(scratchPath().c_str(), "wb");
  if (!file) return;
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  if (std::fclose(file) != 0 || !written) return;
  const RecordingLoadResult chunked = loadRecordingInChunks(scratchPath(), 5);
  std::remove(scratchPath().c_str());
  RecordingLoadResult named = r;
  if (named.error) named.error->source = scratchPath();
  if (resultKey(chunked) != resultKey(named)) {
    fail("the file read in chunks differs from the text: " + resultKey(chunked) + " vs " + resultKey(named), text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  checkRecording(text);
  if (!satlab::looksLikeRecording(text)) {
    checkRecording("{\"recording\": 1}\n" + std::string(text));
    checkRecording("{\"recording\": 2}\n" + std::string(text));
  }
  return 0;
}
