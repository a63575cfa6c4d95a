// `satlab check` on a recording (recording_check.hpp): the flips and the first broken
// expectation of the shipped example, as a table and as JSON, and a broken file's exit code.
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../document/scene_test_util.hpp"
#include "check/recording_check.hpp"
#include "check_report_text.hpp"

namespace satlab {
namespace {

using Output = test::CheckOutput;

Output check(const std::string& path, bool json) {
  CheckOptions options;
  options.json = json;
  return test::checkRecording(path, options);
}

TEST(RecordingCheck, TheCrateBreaksItsExpectationBetweenFrames40And41) {
  const std::string path = test::repoPath("scenes/recordings/box_through_floor.jsonl");
  const Output table = check(path, false);
  EXPECT_EQ(table.code, kCheckExpectationFailed);
  EXPECT_NE(table.out.find("120 frames"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("floor / crate: separated in the first frame; flips 2 times, in frame 41 (t = 0.6833 s), "
                           "frame 52 (t = 0.8667 s)"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("pairs that touch between two frames: 1 (0 passed through, apart in both frames)\n"
                           "  floor / crate: touches at t = 0.6818"),
            std::string::npos)
      << table.out;
  // Its first contact is before frame 41, where the frames alone first see it.
  EXPECT_EQ(table.err.rfind("satlab: " + path +
                                ": expectation 1 failed between frames 40 and 41: crate / floor: "
                                "expected separated, touches at t = 0.6818",
                            0),
            0u)
      << table.err;

  const Output json = check(path, true);
  EXPECT_EQ(json.code, kCheckExpectationFailed);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["kind"], "recording");
  EXPECT_EQ(j["frames"], 120);
  ASSERT_EQ(j["pairs"].size(), 1u);
  EXPECT_EQ(j["pairs"][0]["flips"][1]["index"], 52);
  EXPECT_EQ(j["first_broken_expectation"]["index"], 41);
  EXPECT_EQ(j["first_broken_expectation"]["expectation_index"], 0);
  EXPECT_EQ(j["first_broken_expectation"]["between_frames"], true);
  ASSERT_EQ(j["between_frames"].size(), 1u);
  const nlohmann::json& f = j["between_frames"][0];
  EXPECT_EQ(f["index"], 41);
  ASSERT_EQ(f["swept"].size(), 1u);
  EXPECT_EQ(f["swept"][0]["a"], "floor");
  EXPECT_EQ(f["swept"][0]["b"], "crate");
  EXPECT_EQ(f["swept"][0]["through"], false);
  EXPECT_EQ(f["swept"][0]["test"], "advance_obb_obb");  // the crate turns half a degree a frame
  // The reference: the crate's lowest corner, moving and turning at a constant rate between
  // the two recorded poses (z 3 - ..., the angle about X), reaches the floor's top (0.02).
  auto lowest = [](double z, double deg) {
    const double a = deg * 3.14159265358979323846 / 180.0;
    return z - 0.5 * (std::abs(std::cos(a)) + std::abs(std::sin(a)));
  };
  // Frames 40 and 41 as the file writes them.
  const std::string text = test::readText(path);
  auto frameOf = [&](int frame, double& z, double& deg) {
    const std::size_t at = text.find("{\"frame\": " + std::to_string(frame) + ",");
    const nlohmann::json line = nlohmann::json::parse(text.substr(at, text.find('\n', at) - at));
    z = line["shapes"][1]["center"][2];
    deg = line["shapes"][1]["euler_deg"][0];
  };
  double z0, d0, z1, d1;
  frameOf(40, z0, d0);
  frameOf(41, z1, d1);
  double lo = 0, hi = 1;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (lowest(z0 + (z1 - z0) * mid, d0 + (d1 - d0) * mid) > 0.02 ? lo : hi) = mid;
  }
  const double reference = 0.6667 + hi * (0.6833 - 0.6667);  // the frames' times as written
  EXPECT_NEAR(f["swept"][0]["toi"].get<double>(), reference, 1e-5 * (0.6833 - 0.6667) + 1e-9);
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

TEST(RecordingCheck, ABallThatPassesThroughAWallBreaksItsExpectationBetweenFrames) {
  // Apart in both frames: only the test between them sees the ball cross the wall.
  test::TempDir dir;
  test::writeText(
      dir.file("through.jsonl"),
      "{\"recording\": 1, \"expect\": [{\"a\": \"ball\", \"b\": \"wall\", \"overlap\": false}]}\n"
      "{\"frame\": 7, \"time\": 1, \"shapes\": [{\"name\": \"wall\", \"type\": \"aabb\", \"center\": [0, 0, 0], "
      "\"half_extents\": [0.1, 2, 2]}, {\"name\": \"ball\", \"type\": \"sphere\", \"center\": [-3, 0, 0], \"radius\": "
      "0.4}]}\n"
      "{\"frame\": 8, \"time\": 1.5, \"shapes\": [{\"name\": \"ball\", \"type\": \"sphere\", \"center\": [3, 0, 0], "
      "\"radius\": 0.4}, {\"name\": \"wall\", \"type\": \"aabb\", \"center\": [0, 0, 0], \"half_extents\": [0.1, 2, "
      "2]}]}\n");
  const Output o = check(dir.file("through.jsonl"), false);
  EXPECT_EQ(o.code, kCheckExpectationFailed);
  EXPECT_NE(o.out.find("pairs that overlap in some frame: 0"), std::string::npos) << o.out;
  // Its surface reaches the wall's face at x = -0.1 after 2.5 of 6: t = 1 + 0.5 * 2.5 / 6.
  EXPECT_NE(o.out.find("wall / ball: touches at t = 1.20833 s between frames 7 and 8, passed through "
                       "(swept_sphere_aabb)"),
            std::string::npos)
      << o.out;
  EXPECT_EQ(o.err, "satlab: " + dir.file("through.jsonl") +
                       ": expectation 1 failed between frames 7 and 8: ball / wall: expected separated, touches at "
                       "t = 1.20833 s between frames 7 and 8, passed through\n");
  const nlohmann::json j = nlohmann::json::parse(check(dir.file("through.jsonl"), true).out);
  ASSERT_EQ(j["between_frames"].size(), 1u);
  EXPECT_EQ(j["between_frames"][0]["frame"], 8);
  EXPECT_EQ(j["between_frames"][0]["swept"][0]["through"], true);
  EXPECT_NEAR(j["between_frames"][0]["swept"][0]["toi"].get<double>(), 1.0 + 0.5 * 2.5 / 6.0, 1e-6);
}

TEST(RecordingCheck, PairsWithoutATestBetweenFramesAreCounted) {
  // A box grows past a sphere between two frames: it is not one shape moved, so no test
  // between frames takes it, and the report says it was checked at the frames only, rather
  // than nothing.
  test::TempDir dir;
  test::writeText(
      dir.file("grow.jsonl"),
      "{\"recording\": 1}\n"
      "{\"frame\": 0, \"time\": 0, \"shapes\": [{\"name\": \"box\", \"type\": \"aabb\", \"center\": [0, 0, "
      "0], \"half_extents\": [0.5, 0.5, 0.5]}, {\"name\": \"ball\", \"type\": \"sphere\", \"center\": [2, 0, 0], "
      "\"radius\": 0.5}]}\n"
      "{\"frame\": 1, \"time\": 1, \"shapes\": [{\"name\": \"box\", \"type\": \"aabb\", \"center\": [0, 0, "
      "0], \"half_extents\": [3, 3, 3]}, {\"name\": \"ball\", \"type\": \"sphere\", \"center\": [2, 0, 0], "
      "\"radius\": 0.5}]}\n");
  const Output table = check(dir.file("grow.jsonl"), false);
  EXPECT_EQ(table.code, kCheckOk) << table.err;
  EXPECT_NE(table.out.find("pairs that touch between two frames: 0"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("(1 time a pair near enough had no test between frames"), std::string::npos) << table.out;
  const nlohmann::json j = nlohmann::json::parse(check(dir.file("grow.jsonl"), true).out);
  EXPECT_EQ(j["between_frames_untested"], 1);
}

TEST(RecordingCheck, EachFlipSaysWhatDecidedIt) {
  const std::string path = test::repoPath("scenes/recordings/box_through_floor.jsonl");
  const Output table = check(path, false);
  EXPECT_NE(
      table.out.find("    frame 41 (t = 0.6833 s): apart by 0.104643 on A2 \u2192 overlapping 0.00966494 on A2\n"
                     "    frame 52 (t = 0.8667 s): overlapping 0.0731984 on A2 \u2192 apart by 0.0664671 on A2\n"),
      std::string::npos)
      << table.out;
  const Output json = check(path, true);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  const nlohmann::json& d = j["pairs"][0]["flips"][0]["decided_by"];
  EXPECT_EQ(d["before"]["axis"], "A2");
  EXPECT_NEAR(d["before"]["gap"].get<double>(), 0.104643, 1e-5);
  EXPECT_FALSE(d["before"].contains("depth"));
  EXPECT_EQ(d["after"]["axis"], "A2");
  EXPECT_NEAR(d["after"]["depth"].get<double>(), 0.00966494, 1e-6);
  EXPECT_FALSE(j["pairs"][0]["flips"][0].contains("precision"));  // only when asked
}

TEST(RecordingCheck, PrecisionLooksAtEveryFlip) {
  const std::string path = test::repoPath("scenes/recordings/box_through_floor.jsonl");
  CheckOptions options;
  options.json = true;
  options.precision = true;
  const Output json = test::checkRecording(path, options);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  for (const nlohmann::json& flip : j["pairs"][0]["flips"]) {
    const nlohmann::json& p = flip["precision"];
    ASSERT_TRUE(p.is_object()) << flip.dump();
    // Near the origin the crate's flips are the geometry's: every arithmetic agrees.
    EXPECT_EQ(p["float"], p["exact"]) << p.dump();
    EXPECT_EQ(p["float"], p["double"]) << p.dump();
    EXPECT_EQ(p["float"], p["at_origin"]) << p.dump();
    EXPECT_TRUE(p["margin_ulps"].is_number());
  }
  options.json = false;
  const Output table = test::checkRecording(path, options);
  EXPECT_NE(table.out.find("; float, double, exact and at the origin agree; exact margin -0.00966494"),
            std::string::npos)
      << table.out;
}

}  // namespace
}  // namespace satlab
