// `satlab check` on a recording (recording_check.hpp): the flips and the first broken
// expectation of the shipped example, as a table and as JSON, and a broken file's exit code.
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../document/scene_test_util.hpp"
#include "check/recording_check.hpp"

namespace satlab {
namespace {

struct Output {
  int code = -1;
  std::string out, err;
};

std::string drain(std::FILE* f) {
  std::rewind(f);
  std::string text;
  char buf[4096];
  for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, got);
  std::fclose(f);
  return text;
}

Output check(const std::string& path, bool json) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  CheckOptions options;
  options.json = json;
  Output o;
  o.code = checkRecordingFile(path, options, out, err);
  o.out = drain(out);
  o.err = drain(err);
  return o;
}

TEST(RecordingCheck, TheCrateBreaksItsExpectationInFrame41) {
  const std::string path = test::repoPath("scenes/recordings/box_through_floor.jsonl");
  const Output table = check(path, false);
  EXPECT_EQ(table.code, kCheckExpectationFailed);
  EXPECT_NE(table.out.find("120 frames"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("floor / crate: separated in the first frame; flips 2 times, in frame 41 (t = 0.6833 s), "
                           "frame 52 (t = 0.8667 s)"),
            std::string::npos)
      << table.out;
  EXPECT_EQ(table.err, "satlab: " + path +
                           ": expectation 1 failed in frame 41 (t = 0.6833 s): crate / floor: expected separated, got "
                           "overlap\n");

  const Output json = check(path, true);
  EXPECT_EQ(json.code, kCheckExpectationFailed);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["kind"], "recording");
  EXPECT_EQ(j["frames"], 120);
  ASSERT_EQ(j["pairs"].size(), 1u);
  EXPECT_EQ(j["pairs"][0]["flips"][1]["index"], 52);
  EXPECT_EQ(j["first_broken_expectation"]["index"], 41);
  EXPECT_EQ(j["first_broken_expectation"]["expectation_index"], 0);
}

TEST(RecordingCheck, ABrokenFileIsAnInvalidInput) {
  test::TempDir dir;
  test::writeText(dir.file("bad.jsonl"), "{\"recording\": 1}\n{\"frame\": 0, \"time\": 0, \"shapes\": 3}\n");
  const Output o = check(dir.file("bad.jsonl"), false);
  EXPECT_EQ(o.code, kCheckInvalidScene);
  EXPECT_EQ(o.err, "satlab: " + dir.file("bad.jsonl") + ": line 2: shapes: expected an array (got number 3)\n");
}

TEST(RecordingCheck, ARecordingThatKeepsItsExpectationsPasses) {
  test::TempDir dir;
  test::writeText(
      dir.file("ok.jsonl"),
      "{\"recording\": 1, \"expect\": [{\"a\": \"a\", \"b\": \"b\", \"overlap\": false}]}\n"
      "{\"frame\": 0, \"time\": 0, \"shapes\": [{\"name\": \"a\", \"type\": \"sphere\", \"center\": [0, 0, "
      "0], \"radius\": 1}, {\"name\": \"b\", \"type\": \"sphere\", \"center\": [5, 0, 0], \"radius\": 1}]}\n");
  const Output o = check(dir.file("ok.jsonl"), false);
  EXPECT_EQ(o.code, kCheckOk) << o.err;
  EXPECT_NE(o.out.find("pairs that overlap in some frame: 0"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("expectations: 1, met in every frame that has both of their shapes"), std::string::npos);
}

}  // namespace
}  // namespace satlab
