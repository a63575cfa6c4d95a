// `satlab check` on a version-2 recording (recording_check.hpp): the engine's verdicts
// beside the exact test's ("disagreements"), each frame's verdicts (--all-pairs), the first
// frames only with their counts (--frames), pairs filtered by name or group (--only), and
// the pairs of static shapes skipped with a count (--static-pairs lists them).
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

Output run(const std::string& path, const CheckOptions& options) { return test::checkRecording(path, options); }

// Two static tiles side by side (touching each other), a crate resting on tile_a and a ball
// falling onto tile_b, frames numbered from 500 by 10. The engine says: in every frame
// crate/tile_a touching (right: resting 0.005 in), frame 520
// ball/tile_b touching while the ball is 0.3 above (wrong), frame 530 nothing while the
// ball is 0.2 into tile_b (wrong).
std::string writeRecording(const test::TempDir& dir) {
  const std::string path = dir.file("engine.jsonl");
  std::string text =
      R"({"recording": 2, "title": "tiles", "engine": "test", "tolerance": 0.001, "static": [)"
      R"({"name": "tile_a", "type": "aabb", "center": [-1, 0, -0.5], "half_extents": [1, 1, 0.5], "group": "level"},)"
      R"({"name": "tile_b", "type": "aabb", "center": [1, 0, -0.5], "half_extents": [1, 1, 0.5], "group": "level"}]})"
      "\n";
  const double ballZ[] = {2.0, 1.0, 0.8, 0.3};
  const char* contacts[] = {
      R"([{"a": "crate", "b": "tile_a", "touching": true, "depth": 0.005}])",
      R"([{"a": "crate", "b": "tile_a", "touching": true, "depth": 0.005}])",
      R"([{"a": "crate", "b": "tile_a", "touching": true, "depth": 0.005}, {"a": "ball", "b": "tile_b", "touching": true, "depth": 0.01}])",
      R"([{"a": "crate", "b": "tile_a", "touching": true, "depth": 0.005}])"};
  for (int f = 0; f < 4; ++f) {
    text +=
        R"({"frame": )" + std::to_string(500 + 10 * f) + R"(, "time": )" + std::to_string(0.1 * f) +
        R"(, "shapes": [{"name": "crate", "type": "aabb", "center": [-1, 0, 0.495], "half_extents": [0.5, 0.5, 0.5]},)" +
        R"({"name": "ball", "type": "sphere", "center": [1, 0, )" + std::to_string(ballZ[f]) +
        R"(], "radius": 0.5, "group": "props"}], "contacts": )" + contacts[f] + "}\n";
  }
  test::writeText(path, text);
  return path;
}

TEST(RecordingCheckV2, DisagreementsWithTheEngineAsJsonAndTable) {
  test::TempDir dir;
  const std::string path = writeRecording(dir);
  CheckOptions options;
  options.json = true;
  const Output o = run(path, options);
  ASSERT_EQ(o.code, kCheckOk) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["engine"], "test");
  EXPECT_EQ(j["static_shapes"], 2);
  EXPECT_EQ(j["static_pairs_skipped"], 1) << "the two tiles touch, and are never tested";
  EXPECT_EQ(j["frames_with_engine_contacts"], 4);
  const auto& d = j["disagreements"];
  ASSERT_EQ(d.size(), 2u) << d.dump(1);
  EXPECT_EQ(d[0]["frame"], 520);
  EXPECT_EQ(d[0]["engine_frame"], 520);
  EXPECT_EQ(d[0]["index"], 2);
  EXPECT_EQ(d[0]["a"], "tile_b");
  EXPECT_EQ(d[0]["b"], "ball");
  EXPECT_EQ(d[0]["engine"], true);
  EXPECT_EQ(d[0]["exact"], false);
  EXPECT_NEAR(d[0]["gap_or_depth"].get<double>(), 0.3, 1e-5);
  EXPECT_EQ(d[1]["frame"], 530);
  EXPECT_EQ(d[1]["engine"], false);
  EXPECT_EQ(d[1]["exact"], true);
  EXPECT_NEAR(d[1]["gap_or_depth"].get<double>(), -0.2, 1e-5);

  options.json = false;
  const Output table = run(path, options);
  EXPECT_NE(
      table.out.find("the engine's verdicts: 4 frames; disagreements with the exact test beyond the tolerance: 2\n"
                     "  frame 520 (t = 0.2 s): tile_b / ball: engine touching, exact apart (gap 0.3)\n"
                     "  frame 530 (t = 0.3 s): tile_b / ball: engine apart, exact overlap (depth 0.2)\n"),
      std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("1 pair of two static shapes near each other not tested"), std::string::npos) << table.out;
}

TEST(RecordingCheckV2, EveryFramesVerdictsWithAllPairs) {
  test::TempDir dir;
  CheckOptions options;
  options.json = true;
  options.allPairs = true;
  const Output o = run(writeRecording(dir), options);
  const auto j = nlohmann::json::parse(o.out);
  const auto& frames = j["frame_verdicts"];
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[1]["frame"], 510);
  // Frame 510: the crate rests 0.005 into tile_a; the ball is far above.
  bool crate = false;
  for (const auto& p : frames[1]["pairs"]) {
    if (p["b"] == "crate" && p["a"] == "tile_a") {
      crate = true;
      EXPECT_EQ(p["exact"], true);
      EXPECT_EQ(p["engine"], true);
      EXPECT_NEAR(p["gap_or_depth"].get<double>(), -0.005, 1e-5);
      EXPECT_EQ(p["disagrees"], false);
    }
  }
  EXPECT_TRUE(crate) << frames[1].dump(1);
}

TEST(RecordingCheckV2, TheFirstFramesOnlyWithTheirCounts) {
  test::TempDir dir;
  CheckOptions options;
  options.json = true;
  options.frames = 2;
  const Output o = run(writeRecording(dir), options);
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["frames"], 2);
  EXPECT_EQ(j["frames_in_file"], 4);
  EXPECT_EQ(j["disagreements"].size(), 0u) << "the engine's mistakes come later";
  const auto& stats = j["frame_stats"];
  ASSERT_EQ(stats.size(), 2u);
  EXPECT_EQ(stats[1]["frame"], 510);
  EXPECT_EQ(stats[1]["overlapping"], 1);
  EXPECT_EQ(stats[1]["engine_contacts"], 1);
}

TEST(RecordingCheckV2, PairsFilteredByNameOrGroup) {
  test::TempDir dir;
  const std::string path = writeRecording(dir);
  CheckOptions options;
  options.json = true;
  options.only = {"cr*"};
  auto j = nlohmann::json::parse(run(path, options).out);
  EXPECT_EQ(j["disagreements"].size(), 0u) << "the ball's pairs are not listed";
  ASSERT_EQ(j["pairs"].size(), 1u);
  EXPECT_EQ(j["pairs"][0]["b"], "crate");
  options.only = {"props"};
  j = nlohmann::json::parse(run(path, options).out);
  EXPECT_EQ(j["disagreements"].size(), 2u);
  options.only = {};
  options.staticPairs = true;
  j = nlohmann::json::parse(run(path, options).out);
  ASSERT_EQ(j["static_overlaps"].size(), 1u);
  EXPECT_EQ(j["static_overlaps"][0]["a"], "tile_a");
}

}  // namespace
}  // namespace satlab
