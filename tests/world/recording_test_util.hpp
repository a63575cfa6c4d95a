// The recording tests' ways to parse a recording's text that must load, or must not.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "world/recording.hpp"

namespace satlab::test {

/// The text parsed as "rec.jsonl"; a failure to load fails the test.
inline RecordingLoadResult parseRecordingOk(const std::string& text) {
  RecordingLoadResult r = parseRecording(text, "rec.jsonl");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r;
}

/// The error of text that must not load (and keeps nothing of what it read).
inline std::string recordingErrorOf(const std::string& text) {
  const RecordingLoadResult r = parseRecording(text, "rec.jsonl");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.recording.frameCount(), 0u) << "a failed load keeps nothing";
  return r.error ? r.error->text() : std::string();
}

}  // namespace satlab::test
