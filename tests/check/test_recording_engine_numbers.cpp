// `satlab check` on a recording whose engine numbers its frames from 1000 and drops some
// (tests/app/data/engine_numbers.jsonl): the table names every frame by the engine's number,
// the JSON gives the engine's number as "frame" beside the index as "index".
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../document/scene_test_util.hpp"
#include "check/recording_check.hpp"
#include "check_report_text.hpp"

namespace satlab {
namespace {

TEST(RecordingEngineNumbers, FramesAreNamedByTheEnginesNumbersAndIndicesLabelledAsSuch) {
  const std::string path = test::repoPath("tests/app/data/engine_numbers.jsonl");
  for (const bool json : {false, true}) {
    CheckOptions options;
    options.json = json;
    const test::CheckOutput o = test::checkRecording(path, options);
    EXPECT_EQ(o.code, kCheckExpectationFailed);
    const std::string& text = o.out;
    const std::string& errors = o.err;
    if (!json) {
      EXPECT_NE(text.find("8 frames, frame 1000 (t = 0 s) to frame 1010 (t = 0.1667 s)"), std::string::npos) << text;
      // The crate overlaps the floor in 1005 and 1007 (index 4 and 5), is through it in 1008.
      EXPECT_NE(text.find("flips 2 times, in frame 1005 (t = 0.0833 s), frame 1008 (t = 0.1333 s)"), std::string::npos)
          << text;
      EXPECT_NE(text.find("touches at t = 0.0821933 s between frames 1004 and 1005"), std::string::npos) << text;
      EXPECT_NE(text.find("between frames 1004 and 1005"), std::string::npos) << text;
      EXPECT_NE(text.find("(frame index 4)"), std::string::npos) << text;
      EXPECT_NE(errors.find("failed between frames 1004 and 1005"), std::string::npos) << errors;
    } else {
      const nlohmann::json j = nlohmann::json::parse(text);
      const nlohmann::json& flips = j.at("pairs")[0].at("flips");
      ASSERT_EQ(flips.size(), 2u) << text;
      EXPECT_EQ(flips[0].at("frame"), 1005);
      EXPECT_EQ(flips[0].at("index"), 4);
      EXPECT_EQ(flips[1].at("frame"), 1008);
      EXPECT_EQ(flips[1].at("index"), 6);
      EXPECT_EQ(j.at("first_broken_expectation").at("frame"), 1005);
      EXPECT_EQ(j.at("first_broken_expectation").at("index"), 4);
      EXPECT_EQ(j.at("between_frames")[0].at("frame"), 1005);
    }
  }
}

}  // namespace
}  // namespace satlab
