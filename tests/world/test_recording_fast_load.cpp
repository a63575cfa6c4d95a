// A recording's plain frame lines read by the fast path (the scene loader's,
// document/scene_fast_load.hpp) against the reference reader: the same recording to the
// bit, the same warnings and the same error, whatever the lines hold.
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>

#include <gtest/gtest.h>

#include "../fuzz/recording_bits.hpp"
#include "world/recording.hpp"

namespace satlab::test {
namespace {

using fuzz::recordingBits;

std::string compare(const std::string& text) {
  const RecordingLoadResult fast = parseRecording(text, "rec.jsonl");
  const RecordingLoadResult reference = parseRecordingWithReferenceReader(text, "rec.jsonl");
  if (recordingBits(fast) == recordingBits(reference)) return {};
  return "the fast path and the reference reader disagree: " + (fast.error ? fast.error->text() : "ok") + " against " +
         (reference.error ? reference.error->text() : "ok");
}

std::string num(std::mt19937& rng, double lo, double hi) {
  const double v = std::uniform_real_distribution<double>(lo, hi)(rng);
  char buf[64];
  if (rng() % 4 == 0) {
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(static_cast<float>(v)));
  } else {
    std::snprintf(buf, sizeof buf, "%.3f", v);
  }
  return buf;
}

std::string vec(std::mt19937& rng, double lo, double hi) {
  return "[" + num(rng, lo, hi) + ", " + num(rng, lo, hi) + ", " + num(rng, lo, hi) + "]";
}

// A recording of `frames` frames of `shapes` shapes; with `odd`, now and then a shape or a
// line the fast path leaves to the reference reader (unknown fields, contacts, hulls,
// motion, a repeated name, a tiny number, time going back).
std::string recordingText(std::mt19937& rng, int version, int frames, int shapes, bool odd) {
  std::string s = "{\"recording\": " + std::to_string(version) + ", \"title\": \"generated\"";
  if (version >= 2) {
    s += R"(, "static": [{"name": "floor", "type": "aabb", "center": [0, 0, -1], "half_extents": [50, 50, 1]}])";
  }
  s += "}\n";
  double time = 0.0;
  for (int f = 0; f < frames; ++f) {
    time += 0.016;
    s += "{\"frame\": " + std::to_string(f * 2) + ", \"time\": " + std::to_string(time) + ", \"shapes\": [";
    for (int i = 0; i < shapes; ++i) {
      if (i) s += ", ";
      // Names come and go: "c<n>" names a shape in a few frames only.
      const std::string name = rng() % 4 == 0 ? "\"c" + std::to_string(i + f) + "\"" : "\"b" + std::to_string(i) + "\"";
      switch (rng() % 4) {
        case 0:
          s += "{\"name\": " + name + R"(, "type": "sphere", "center": )" + vec(rng, -20, 20) +
               ", \"radius\": " + num(rng, 0.1, 2);
          break;
        case 1:
          s += "{\"name\": " + name + R"(, "type": "obb", "center": )" + vec(rng, -20, 20) +
               ", \"half_extents\": " + vec(rng, 0.1, 2) + R"(, "quaternion": [0.7071068, 0, 0.7071068, 0])";
          break;
        case 2:
          s += "{\"name\": " + name + R"(, "type": "aabb", "color": "#ff8800", "center": )" + vec(rng, -20, 20) +
               ", \"half_extents\": " + vec(rng, 0.1, 2);
          break;
        default:
          s += "{\"name\": " + name + R"(, "type": "capsule", "p0": )" + vec(rng, -20, 20) +
               ", \"p1\": " + vec(rng, -20, 20) + ", \"radius\": 0.5";
          break;
      }
      if (version >= 2 && rng() % 3 == 0) s += ", \"margin\": 0.04, \"group\": \"g" + std::to_string(rng() % 3) + "\"";
      if (odd && rng() % 40 == 0) {
        static const char* const kOdd[] = {R"(, "colour": 1)", R"(, "motion": {"velocity": [1, 0, 0]})",
                                           R"(, "margin": -1)", R"(, "group": "")", R"(, "p7": [1e-12, 0, 0])"};
        s += kOdd[rng() % 5];
      }
      s += "}";
    }
    s += "]";
    if (odd && rng() % 10 == 0) s += version >= 2 ? R"(, "contacts": [])" : R"(, "contacts": 3)";
    if (odd && rng() % 50 == 0) s += R"(, "time": 0)";  // a duplicate key
    s += "}\n";
    if (odd && rng() % 60 == 0) s += "{\"frame\": 1, \"time\": 0, \"shapes\": []}\n";  // frame going back
  }
  return s;
}

TEST(RecordingFastLoad, PlainRecordingsLoadToTheReferenceBits) {
  std::mt19937 rng(3);
  for (int round = 0; round < 10; ++round) {
    const std::string text = recordingText(rng, 1 + round % 2, 30, 40, false);
    const RecordingLoadResult r = parseRecording(text, "rec.jsonl");
    ASSERT_TRUE(r.ok()) << r.error->text();
    EXPECT_EQ(compare(text), "") << text;
  }
}

TEST(RecordingFastLoad, OddLinesGiveTheReferenceWarningsAndErrors) {
  std::mt19937 rng(5);
  for (int round = 0; round < 60; ++round) {
    const std::string text = recordingText(rng, 1 + round % 2, 20, 30, true);
    EXPECT_EQ(compare(text), "") << text;
  }
  // Truncated and damaged lines.
  const std::string good = recordingText(rng, 2, 5, 6, true);
  for (std::size_t cut = 0; cut < good.size(); cut += 5) EXPECT_EQ(compare(good.substr(0, cut)), "") << cut;
  const char kBytes[] = {'"', ',', '}', ']', '-', '0', 'e', '\\', ' ', '\n', 'x'};
  for (int k = 0; k < 300; ++k) {
    std::string bad = good;
    bad[rng() % bad.size()] = kBytes[rng() % sizeof kBytes];
    EXPECT_EQ(compare(bad), "") << bad;
  }
}

}  // namespace
}  // namespace satlab::test
