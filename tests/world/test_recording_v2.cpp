// Recording format version 2 (recording.hpp, docs/recording-format.md): the static list,
// margins and groups, the engine's contacts and the disagreements with the exact test, the
// tolerance, depth bounds, hulls in frames, and reading line by line as a live stream does.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../document/scene_test_util.hpp"
#include "recording_test_util.hpp"
#include "world/recording.hpp"
#include "world/recording_exact.hpp"

namespace satlab {
namespace {

RecordingLoadResult parseOk(const std::string& text) { return test::parseRecordingOk(text); }
std::string errorOf(const std::string& text) { return test::recordingErrorOf(text); }

// A floor (a static box whose top is z = 0) and a box of half size 0.5 whose bottom is at
// `bottoms[f]` in frame f, each with Bullet's margin 0.04 when `margins`; `contacts[f]` is
// the frame's "contacts" JSON ("" for none).
std::string crateOnFloor(const std::vector<double>& bottoms, const std::vector<std::string>& contacts, bool margins,
                         const std::string& extraHeader = "") {
  const std::string m = margins ? R"(, "margin": 0.04)" : "";
  std::string text = R"({"recording": 2, "engine": "test engine", "static": [{"name": "floor", "type": "aabb", )"
                     R"("center": [0, 0, -0.5], "half_extents": [10, 10, 0.5], "group": "level")" +
                     m + "}]" + extraHeader + "}\n";
  for (std::size_t f = 0; f < bottoms.size(); ++f) {
    text += R"({"frame": )" + std::to_string(100 + 2 * f) + R"(, "time": )" + std::to_string(f * 0.05) +
            R"(, "shapes": [{"name": "crate", "type": "obb", "center": [0, 0, )" + std::to_string(bottoms[f] + 0.5) +
            R"(], "half_extents": [0.5, 0.5, 0.5])" + m + "}]";
    if (f < contacts.size() && !contacts[f].empty()) text += R"(, "contacts": )" + contacts[f];
    text += "}\n";
  }
  return text;
}

TEST(RecordingV2, StaticShapesMarginsGroupsAndTheEngine) {
  const RecordingLoadResult r = parseOk(crateOnFloor({1, 0.5}, {}, true, R"(, "tolerance": 0.001)"));
  const Recording& rec = r.recording;
  EXPECT_EQ(rec.version, 2);
  EXPECT_EQ(rec.engine, "test engine");
  EXPECT_FLOAT_EQ(rec.tolerance, 0.001f);
  ASSERT_EQ(rec.statics.size(), 1u);
  EXPECT_EQ(rec.names[rec.statics[0].name], "floor");
  EXPECT_FLOAT_EQ(rec.statics[0].margin, 0.04f);
  ASSERT_NE(rec.statics[0].group, kNoGroup);
  EXPECT_EQ(rec.groups[rec.statics[0].group], "level");
  EXPECT_FLOAT_EQ(rec.frameShapes(1)[0].margin, 0.04f);
  EXPECT_EQ(rec.frameShapes(1)[0].group, kNoGroup);
  EXPECT_TRUE(rec.hasMargins());
  // Each frame's scene starts with the static shapes.
  Scene scene;
  recordingScene(rec, 1, scene);
  ASSERT_EQ(scene.shapes.size(), 2u);
  EXPECT_EQ(scene.shapes[0].name, "floor");
  EXPECT_EQ(scene.shapes[1].name, "crate");
  EXPECT_EQ(rec.sceneName(1, 0), rec.statics[0].name);
  EXPECT_FLOAT_EQ(rec.sceneMargin(1, 1), 0.04f);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(RecordingV2, MarginsGrowTheShapesTheExactTestSees) {
  // 0.05 apart: apart as drawn, touching by 0.03 once each is grown by 0.04.
  const Recording rec = parseOk(crateOnFloor({0.05}, {}, true)).recording;
  Scene scene;
  recordingScene(rec, 0, scene);
  EXPECT_FALSE(recordedRawOverlap(scene, 0, 1, 0.0f, 0.0f));
  EXPECT_TRUE(recordedRawOverlap(scene, 0, 1, 0.04f, 0.04f));
  EXPECT_NEAR(recordedSignedDistance(scene, 0, 1, 0.0f, 0.0f, 1.0f), 0.05, 1e-5);
  EXPECT_NEAR(recordedSignedDistance(scene, 0, 1, 0.04f, 0.04f, 1.0f), -0.03, 1e-5);
  const std::vector<PairFlips> flips = verdictFlips(rec);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_TRUE(flips[0].overlapAtStart);
}

TEST(RecordingV2, OverlapsWithinTheToleranceFlipNothing) {
  // Resting on the floor a hair in and out (1e-8, below the default tolerance), then lifted.
  const Recording rec = parseOk(crateOnFloor({0.5, -1e-8, 1e-8, -2e-8, 0.0, 0.3}, {}, false)).recording;
  const std::vector<PairFlips> flips = verdictFlips(rec);
  EXPECT_TRUE(flips.empty()) << "a pair that never overlaps beyond the tolerance never flips";
  // Pressed 0.01 in: a flip in, and one out when it is lifted.
  const Recording deep = parseOk(crateOnFloor({0.5, -0.01, -1e-8, 0.3}, {}, false)).recording;
  const std::vector<PairFlips> f2 = verdictFlips(deep);
  ASSERT_EQ(f2.size(), 1u);
  EXPECT_EQ(f2[0].flipFrames, (std::vector<std::uint32_t>{1, 3})) << "within the tolerance, frame 2 stays in";
}

TEST(RecordingV2, TheEnginesContactsAndTheDisagreements) {
  const std::string touching = R"([{"a": "crate", "b": "floor", "touching": true, "depth": 0.002, )"
                               R"("normal": [0, 0, -1], "points": [[0.5, 0.5, 0], [-0.5, 0.5, 0]]}])";
  const std::string apart = R"([{"a": "crate", "b": "floor", "touching": false, "distance": 0.01}])";
  // Frame 0: the engine says touching at 0.2 up (wrong); frame 1: resting, both touching;
  // frame 2: 0.05 in, the engine lists nothing (it calls the pair apart: wrong); frame 3:
  // no contacts at all (the engine said nothing); frame 4: apart, both agree.
  const Recording rec =
      parseOk(crateOnFloor({0.2, -0.0005, -0.05, -0.05, 0.4}, {touching, touching, "[]", "", apart}, false)).recording;
  ASSERT_EQ(rec.frameContactCount(0), 1u);
  const EngineContact& c = rec.frameContacts(0)[0];
  EXPECT_TRUE(c.touching);
  EXPECT_FLOAT_EQ(c.value, 0.002f);
  EXPECT_EQ(c.normal, glm::vec3(0, 0, -1));
  ASSERT_EQ(c.pointCount, 2u);
  EXPECT_EQ(rec.contactPoints[c.firstPoint + 1], glm::vec3(-0.5f, 0.5f, 0.0f));
  EXPECT_TRUE(rec.frames[2].hasContacts);
  EXPECT_EQ(rec.frameContactCount(2), 0u);
  EXPECT_FALSE(rec.frames[3].hasContacts);

  const std::vector<Disagreement> d = disagreements(rec);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].frame, 0u);
  EXPECT_EQ(d[0].pair.engine, 1);
  EXPECT_FALSE(d[0].pair.exact);
  EXPECT_NEAR(d[0].pair.signedDistance, 0.2, 1e-5);
  EXPECT_EQ(d[1].frame, 2u);
  EXPECT_EQ(d[1].pair.engine, 0);
  EXPECT_TRUE(d[1].pair.exact);
  EXPECT_NEAR(d[1].pair.signedDistance, -0.05, 1e-5);
  EXPECT_EQ(rec.names[d[1].pair.a], "floor") << "pairs name the shape that appeared first as a";
}

TEST(RecordingV2, AContactsPairWithinTheToleranceAgrees) {
  // The engine calls a pair 5e-4 apart touching: within a tolerance of 1e-3, no disagreement.
  const std::string touching = R"([{"a": "crate", "b": "floor", "touching": true}])";
  const Recording rec = parseOk(crateOnFloor({5e-4}, {touching}, false, R"(, "tolerance": 0.001)")).recording;
  EXPECT_TRUE(disagreements(rec).empty());
  const Recording strict = parseOk(crateOnFloor({5e-4}, {touching}, false, R"(, "tolerance": 0.0001)")).recording;
  EXPECT_EQ(disagreements(strict).size(), 1u);
}

TEST(RecordingV2, DepthBoundsInExpectations) {
  const std::string bound = R"(, "expect": [{"a": "crate", "b": "floor", "max_depth": 0.02}])";
  const Recording ok = parseOk(crateOnFloor({0.5, -0.01, -0.015}, {}, false, bound)).recording;
  EXPECT_FALSE(firstBrokenExpectation(ok).has_value());
  const Recording deep = parseOk(crateOnFloor({0.5, -0.01, -0.05}, {}, false, bound)).recording;
  const auto at = firstBrokenExpectation(deep);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->first, 2u);
  EXPECT_EQ(brokenExpectationMessage(deep, 2, 0), "crate / floor: depth 0.05 is more than max_depth 0.02");
  // "overlap": false is broken beyond the tolerance only.
  const std::string never = R"(, "expect": [{"a": "crate", "b": "floor", "overlap": false}])";
  EXPECT_FALSE(firstBrokenExpectation(parseOk(crateOnFloor({0.5, -1e-8}, {}, false, never)).recording));
  EXPECT_TRUE(firstBrokenExpectation(parseOk(crateOnFloor({0.5, -1e-3}, {}, false, never)).recording));
}

TEST(RecordingV2, EachExpectationIsCheckedAndWordedOnItsOwn) {
  // Two expectations broken in the same frame: each has its own message, and a mask of one
  // finds that one alone.
  const std::string two = R"(, "expect": [{"a": "crate", "b": "floor", "max_depth": 0.02}, )"
                          R"({"a": "crate", "b": "floor", "overlap": false}])";
  const Recording rec = parseOk(crateOnFloor({0.5, -0.05}, {}, false, two)).recording;
  EXPECT_EQ(brokenExpectationMessage(rec, 1, 0), "crate / floor: depth 0.05 is more than max_depth 0.02");
  EXPECT_EQ(brokenExpectationMessage(rec, 1, 1).substr(0, 45), "crate / floor: expected separated, got overla");
  const std::vector<std::uint8_t> second{0, 1};
  const auto at = firstBrokenExpectation(rec, &second);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->second, 1u);
  const std::vector<std::uint8_t> none{0, 0};
  EXPECT_FALSE(firstBrokenExpectation(rec, &none).has_value());
}

TEST(RecordingV2, StaticPairsAreNeverTested) {
  const Recording rec =
      parseOk(
          R"({"recording": 2, "static": [)"
          R"({"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},)"
          R"({"name": "b", "type": "aabb", "center": [1, 0, 0], "half_extents": [1, 1, 1]}]})"
          "\n"
          R"({"frame": 0, "time": 0, "shapes": [{"name": "c", "type": "sphere", "center": [-0.5, 0, 0.5], "radius": 0.2}]})")
          .recording;
  std::size_t skipped = 0;
  const std::vector<PairFlips> flips = verdictFlips(rec, &skipped);
  EXPECT_EQ(skipped, 1u);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_EQ(flips[0].a + "/" + flips[0].b, "a/c");
}

TEST(RecordingV2, AStaticMeshAgainstAMovingBall) {
  // Two triangles making a 4 x 4 square at z = 0; a ball of radius 0.5 at z = 0.7, then 0.4.
  const std::string header =
      R"({"recording": 2, "static": [{"name": "ground", "type": "mesh", "vertices": [[-2, -2, 0], [2, -2, 0], [2, 2, 0], [-2, 2, 0]], "triangles": [[0, 1, 2], [0, 2, 3]]}]})";
  const std::string text =
      header + "\n" +
      R"({"frame": 0, "time": 0, "shapes": [{"name": "ball", "type": "sphere", "center": [0.3, 0.2, 0.7], "radius": 0.5}]})" +
      "\n" +
      R"({"frame": 1, "time": 0.1, "shapes": [{"name": "ball", "type": "sphere", "center": [0.3, 0.2, 0.4], "radius": 0.5, "margin": 0.05}]})";
  const Recording rec = parseOk(text).recording;
  Scene scene;
  recordingScene(rec, 0, scene);
  EXPECT_NEAR(recordedSignedDistance(scene, 0, 1, 0.0f, 0.0f, 1.0f), 0.2, 1e-5);
  recordingScene(rec, 1, scene);
  EXPECT_NEAR(recordedSignedDistance(scene, 0, 1, 0.0f, 0.05f, 1.0f), -0.15, 1e-5);
  const std::vector<PairFlips> flips = verdictFlips(rec);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_EQ(flips[0].flipFrames, (std::vector<std::uint32_t>{1}));
}

TEST(RecordingV2, HullsInFramesShareTheirSurface) {
  const std::string hull =
      R"({"name": "rock", "type": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], "center": [)";
  const std::string text = std::string(R"({"recording": 2})") + "\n" + R"({"frame": 0, "time": 0, "shapes": [)" + hull +
                           R"(0, 0, 0]}]})" + "\n" + R"({"frame": 1, "time": 0.1, "shapes": [)" + hull +
                           R"(0, 0, 2]}]})";
  const Recording rec = parseOk(text).recording;
  ASSERT_EQ(rec.hulls.size(), 2u);
  EXPECT_EQ(rec.hulls[0].body.data, rec.hulls[1].body.data) << "the same points: one surface";
  EXPECT_EQ(rec.hulls[1].body.pose.center, glm::vec3(0, 0, 2));
  Scene scene;
  recordingScene(rec, 1, scene);
  ASSERT_EQ(scene.shapes.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<HullShape>(scene.shapes[0].geometry));
}

TEST(RecordingV2, EachRuleOfTheNewFields) {
  const std::string h =
      R"({"recording": 2, "static": [{"name": "floor", "type": "aabb", "center": [0, 0, 0], "half_extents": [5, 5, 0.1]}]})";
  const std::string ball = R"({"name": "b", "type": "sphere", "center": [0, 0, 1], "radius": 1})";
  const auto frame = [&](const std::string& shapes, const std::string& contacts) {
    return h + "\n" + R"({"frame": 0, "time": 0, "shapes": [)" + shapes + "]" +
           (contacts.empty() ? "" : R"(, "contacts": )" + contacts) + "}";
  };
  EXPECT_EQ(errorOf(frame(R"({"name": "floor", "type": "sphere", "center": [0, 0, 0], "radius": 1})", "")),
            "rec.jsonl: line 2: shapes[0].name: \"floor\" is a static shape (the header's \"static\" list): it is in "
            "every frame already)");
  EXPECT_EQ(
      errorOf(frame(
          R"({"name": "m", "type": "mesh", "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 2]]})",
          "")),
      "rec.jsonl: line 2: shapes[0].type: mesh shapes are not supported in a frame (a mesh that never moves goes "
      "in the header's \"static\" list)");
  EXPECT_EQ(errorOf(frame(R"({"name": "rock", "type": "hull", "file": "rock.obj"})", "")),
            "rec.jsonl: line 2: shapes[0].file: a hull in a frame gives its points (a hull of a mesh file's vertices "
            "goes in the header's \"static\" list)");
  EXPECT_EQ(errorOf(frame(R"({"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": 1, "margin": -0.1})", "")),
            "rec.jsonl: line 2: shapes[0].margin: must be >= 0 (got -0.1)");
  EXPECT_EQ(errorOf(frame(ball, R"([{"a": "b", "b": "ghost", "touching": true}])")),
            "rec.jsonl: line 2: contacts[0].b: no shape is named \"ghost\" in this frame or the static list");
  EXPECT_EQ(errorOf(frame(ball, R"([{"a": "b", "b": "floor", "touching": false, "depth": 0.1}])")),
            "rec.jsonl: line 2: contacts[0].depth: a depth needs \"touching\": true (give distance when apart)");
  EXPECT_EQ(errorOf(frame(ball, R"([{"a": "b", "b": "floor", "touching": true, "normal": [0, 0, 3]}])")),
            "rec.jsonl: line 2: contacts[0].normal: must be a unit vector (its length is 3.000000)");
  EXPECT_EQ(errorOf(frame(ball, R"([{"a": "b", "b": "b", "touching": true}])")),
            "rec.jsonl: line 2: contacts[0].b: a and b name the same shape");
  EXPECT_EQ(errorOf(frame(ball, R"([{"a": "b", "b": "floor"}])")).substr(0, 60),
            "rec.jsonl: line 2: contacts[0]: missing field \"touching\" (th");
  std::string many = "[";
  for (int i = 0; i < 17; ++i) many += std::string(i ? ", " : "") + "[0, 0, 0]";
  EXPECT_EQ(errorOf(frame(ball, R"([{"a": "b", "b": "floor", "touching": true, "points": )" + many + "]}]")),
            "rec.jsonl: line 2: contacts[0].points: too many points (17; the limit is 16)");
  EXPECT_EQ(
      errorOf(std::string(R"({"recording": 2, "tolerance": -1})") + "\n" + R"({"frame": 0, "time": 0, "shapes": []})"),
      "rec.jsonl: line 1: tolerance: must be >= 0 (got -1)");
  EXPECT_EQ(
      errorOf(
          std::string(R"({"recording": 2, "expect": [{"a": "x", "b": "floor", "overlap": false, "max_depth": 0.1}]})") +
          "\n" + R"({"frame": 0, "time": 0, "shapes": []})"),
      "rec.jsonl: line 1: expect[0].max_depth: a depth bound contradicts \"overlap\": false (which allows none)");
}

TEST(RecordingV2, VersionOneKeepsItsRulesAndSaysWhatNeedsTwo) {
  const RecordingLoadResult r = parseOk(
      R"({"recording": 1, "static": []})"
      "\n"
      R"({"frame": 0, "time": 0, "shapes": [{"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": 1, "margin": 0.1}], "contacts": []})");
  ASSERT_EQ(r.warnings.size(), 3u);
  EXPECT_EQ(r.warnings[0].text(), "rec.jsonl: line 1: static: needs \"recording\": 2, ignored");
  EXPECT_EQ(r.warnings[1].text(), "rec.jsonl: line 2: shapes[0].margin: needs \"recording\": 2, ignored");
  EXPECT_EQ(r.warnings[2].text(), "rec.jsonl: line 2: contacts: unknown field, ignored (said once for every frame)");
  EXPECT_FLOAT_EQ(r.recording.frameShapes(0)[0].margin, 0.0f);
}

TEST(RecordingReader, FramesArriveLineByLineAndABadLineKeepsThem) {
  RecordingReader reader("engine on port 47410");
  EXPECT_TRUE(reader.feedLine(R"({"recording": 2, "title": "live"})"));
  EXPECT_TRUE(reader.headerRead());
  EXPECT_EQ(reader.recording().frameCount(), 0u);
  EXPECT_TRUE(reader.feedLine(R"({"frame": 7, "time": 0, "shapes": []})"));
  EXPECT_EQ(reader.recording().frameCount(), 1u);
  EXPECT_TRUE(reader.feedLine(R"({"frame": 8, "time": 0.1, "shapes": []})"));
  EXPECT_FALSE(reader.feedLine(R"({"frame": 8, "time": 0.2, "shapes": []})"));
  ASSERT_TRUE(reader.error().has_value());
  EXPECT_EQ(reader.error()->text(), "engine on port 47410: line 4: frame: frame numbers must increase (got 8 after 8)");
  EXPECT_EQ(reader.recording().frameCount(), 2u) << "the frames before the bad line stay";
  EXPECT_FALSE(reader.feedLine(R"({"frame": 9, "time": 0.3, "shapes": []})")) << "nothing more is read";
}

}  // namespace
}  // namespace satlab

namespace satlab {
namespace {

// docs/recording-format.md shows each version 2 example file as it is, and each loads.
TEST(RecordingV2, TheFormatDocumentShowsEachExampleAsItIs) {
  const std::string doc = test::readText(test::repoPath("docs/recording-format.md"));
  for (const char* name : {"static_level.jsonl", "engine_verdicts.jsonl", "resting_contact.jsonl"}) {
    const std::string path = test::repoPath(std::string("scenes/recordings/v2/") + name);
    const std::string text = test::readText(path);
    ASSERT_FALSE(text.empty()) << path;
    EXPECT_NE(doc.find("```\n" + text + "```\n"), std::string::npos) << name;
    const RecordingLoadResult r = loadRecording(path);
    EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
    EXPECT_TRUE(r.warnings.empty()) << name;
  }
}

}  // namespace
}  // namespace satlab
