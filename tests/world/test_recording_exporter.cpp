// The exporter example of docs/recording-format.md: it compiles (the build makes it), what it
// writes loads as a recording and breaks its expectation where the crate meets the floor, the
// shipped example recording is its output, and the document shows the example as it is.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "../document/scene_test_util.hpp"
#include "world/recording.hpp"

namespace satlab {
namespace {

TEST(RecordingExporter, WhatTheExampleWritesLoadsAndBreaksItsExpectation) {
  test::TempDir dir;
  const std::string out = dir.file("crate.jsonl");
  ASSERT_EQ(std::system((std::string("'") + SATLAB_RECORDING_EXPORTER + "' '" + out + "'").c_str()), 0);
  const RecordingLoadResult r = loadRecording(out);
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().text();
  const Recording& rec = r.recording;
  EXPECT_EQ(rec.frameCount(), 120u);
  EXPECT_EQ(rec.names, (std::vector<std::string>{"floor", "crate"}));
  // The crate (half extent 0.5, turned 0.5 degrees a frame) reaches below the floor's top
  // (z = 0.02) first in frame 41, its lowest corner at 0.654 - 0.5 (cos 20.5 + sin 20.5) =
  // 0.010; in frame 52 its highest is at -0.755 + 0.5 (cos 26 + sin 26) = -0.086, below the
  // floor's bottom (-0.02): separated again, fallen through.
  const auto broken = firstBrokenExpectation(rec);
  ASSERT_TRUE(broken.has_value());
  EXPECT_EQ(broken->first, 41u);
  const std::vector<PairFlips> flips = verdictFlips(rec);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_EQ(flips[0].flipFrames, (std::vector<std::uint32_t>{41, 52}));
  EXPECT_EQ(test::readText(out), test::readText(test::repoPath("scenes/recordings/box_through_floor.jsonl")))
      << "scenes/recordings/box_through_floor.jsonl is the example's output";
}

TEST(RecordingExporter, TheFormatDocumentShowsTheExampleAsItIs) {
  const std::string doc = test::readText(test::repoPath("docs/recording-format.md"));
  const std::string example = test::readText(test::repoPath("examples/recording_exporter.cpp"));
  ASSERT_FALSE(example.empty());
  EXPECT_NE(doc.find("```cpp\n" + example + "```\n"), std::string::npos);
}

}  // namespace
}  // namespace satlab
