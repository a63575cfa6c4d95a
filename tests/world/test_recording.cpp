// Recordings (recording.hpp): frames from an engine read as JSON lines, the scene of each
// frame, and the errors of a broken file (each names the file, the line, the path and why).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../document/scene_test_util.hpp"
#include "recording_test_util.hpp"
#include "world/recording.hpp"

namespace satlab {
namespace {

// Two spheres of radius 1 on the x axis, `gap` apart per frame (negative: overlapping).
std::string twoBalls(const std::vector<double>& xs, const std::string& header = R"({"recording": 1})") {
  std::string text = header + "\n";
  for (std::size_t f = 0; f < xs.size(); ++f) {
    text += R"({"frame": )" + std::to_string(f) + R"(, "time": )" + std::to_string(f * 0.5) +
            R"(, "shapes": [{"name": "left", "type": "sphere", "center": [0, 0, 0], "radius": 1}, )" +
            R"({"name": "right", "type": "sphere", "center": [)" + std::to_string(xs[f]) +
            R"(, 0, 0], "radius": 1}]})" + "\n";
  }
  return text;
}

RecordingLoadResult parseOk(const std::string& text) { return test::parseRecordingOk(text); }
std::string errorOf(const std::string& text) { return test::recordingErrorOf(text); }

TEST(RecordingLoad, HeaderAndFramesWithNamesKeptOnce) {
  const RecordingLoadResult r = parseOk(R"({"recording": 1, "title": "Two balls", "notes": "n", "view": "3d",)"
                                        R"( "expect": [{"a": "left", "b": "right", "overlap": false}]})"
                                        "\n" +
                                        twoBalls({3, 2.5, 2}).substr(std::string(R"({"recording": 1})").size() + 1));
  const Recording& rec = r.recording;
  EXPECT_EQ(rec.title, "Two balls");
  EXPECT_EQ(rec.notes, "n");
  ASSERT_EQ(rec.frameCount(), 3u);
  EXPECT_EQ(rec.names, (std::vector<std::string>{"left", "right"}));
  EXPECT_EQ(rec.shapes.size(), 6u);
  EXPECT_DOUBLE_EQ(rec.frameTime(2), 1.0);
  EXPECT_EQ(rec.frameNumber(1), 1);
  ASSERT_EQ(rec.expect.size(), 1u);
  EXPECT_EQ(rec.expect[0].overlap, false);
  // Palette colours follow the name, not the place in the frame: the same in every frame.
  EXPECT_EQ(rec.colors.size(), 2u);
  EXPECT_EQ(rec.frameShapes(2)[1].color, rec.frameShapes(0)[1].color);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(RecordingLoad, AShapeMayBeAbsentFromAFrameAndAppearLater) {
  const RecordingLoadResult r = parseOk(
      R"({"recording": 1})"
      "\n"
      R"({"frame": 10, "time": 0, "shapes": [{"name": "floor", "type": "aabb", "center": [0, 0, 0], "half_extents": [5, 0.1, 5]}]})"
      "\n\n"  // blank lines are skipped
      R"({"frame": 11, "time": 0.1, "shapes": []})"
      "\r\n"  // so are carriage returns before the newline
      R"({"frame": 13, "time": 0.2, "shapes": [{"name": "crate", "type": "obb", "center": [0, 1, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 45, 0]}, {"name": "floor", "type": "aabb", "center": [0, 0, 0], "half_extents": [5, 0.1, 5]}]})");
  const Recording& rec = r.recording;
  ASSERT_EQ(rec.frameCount(), 3u);
  EXPECT_EQ(rec.frameShapeCount(1), 0u);
  EXPECT_EQ(rec.names, (std::vector<std::string>{"floor", "crate"}));
  Scene scene;
  recordingScene(rec, 2, scene);
  ASSERT_EQ(scene.shapes.size(), 2u);
  EXPECT_EQ(scene.shapes[0].name, "crate");
  EXPECT_EQ(scene.shapes[0].kind(), ShapeKind::Obb);
  EXPECT_NEAR(std::get<Obb>(scene.shapes[0].geometry).axes[0].z, -0.7071f, 1e-4f);
  recordingScene(rec, 1, scene);
  EXPECT_TRUE(scene.shapes.empty());
}

TEST(RecordingScene, ReusesTheScenesStorageAndKeepsOnlyPresentExpectations) {
  RecordingLoadResult r = parseOk(
      R"({"recording": 1, "view": "2d", "expect": [{"a": "box", "b": "ball", "overlap": false}]})"
      "\n"
      R"({"frame": 0, "time": 0, "shapes": [{"name": "box", "type": "aabb", "center": [0, 0], "half_extents": [1, 1], "color": "#ff0000"}]})"
      "\n"
      R"({"frame": 1, "time": 0, "shapes": [{"name": "box", "type": "aabb", "center": [0, 0], "half_extents": [1, 1]}, {"name": "ball", "type": "sphere", "center": [5, 0], "radius": 1}]})");
  const Recording& rec = r.recording;
  Scene scene;
  recordingScene(rec, 1, scene);
  EXPECT_EQ(scene.view, ViewMode::TwoD);
  ASSERT_EQ(scene.shapes.size(), 2u);
  EXPECT_EQ(scene.expect.size(), 1u);
  EXPECT_FALSE(scene.shapes[0].paletteColor);
  const char* storage = scene.shapes[0].name.data();
  recordingScene(rec, 0, scene);
  ASSERT_EQ(scene.shapes.size(), 1u);
  EXPECT_TRUE(scene.expect.empty()) << "the ball is not in frame 0";
  EXPECT_EQ(scene.shapes[0].color, glm::vec4(1, 0, 0, 1));
  EXPECT_EQ(scene.shapes[0].name.data(), storage) << "the name's storage is reused";
}

TEST(RecordingFlips, TwoBallsMeetAndPartAgain) {
  // Radius 1 each: centres 2 apart touch (touching counts as overlap).
  const Recording rec = parseOk(twoBalls({4, 3, 1.5, 1, 1.9, 2.5, 3, 1})).recording;
  const std::vector<PairFlips> flips = verdictFlips(rec);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_EQ(flips[0].a, "left");
  EXPECT_EQ(flips[0].b, "right");
  EXPECT_FALSE(flips[0].overlapAtStart);
  EXPECT_EQ(flips[0].flipFrames, (std::vector<std::uint32_t>{2, 5, 7}));
}

TEST(RecordingFlips, APairOverlappingFromTheStartAndAShapeLeavingTheFrame) {
  const Recording rec =
      parseOk(
          R"({"recording": 1})"
          "\n"
          R"({"frame": 0, "time": 0, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1}, {"name": "b", "type": "sphere", "center": [1, 0, 0], "radius": 1}]})"
          "\n"
          R"({"frame": 1, "time": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1}]})"
          "\n"
          R"({"frame": 2, "time": 2, "shapes": [{"name": "b", "type": "sphere", "center": [1, 0, 0], "radius": 1}, {"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1}]})")
          .recording;
  const std::vector<PairFlips> flips = verdictFlips(rec);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_TRUE(flips[0].overlapAtStart);
  EXPECT_EQ(flips[0].a, "a") << "names in the order they first appeared, whatever the frame's order";
  EXPECT_EQ(flips[0].flipFrames, (std::vector<std::uint32_t>{1, 2})) << "absent counts as separated";
}

TEST(RecordingFlips, PairsThatNeverOverlapAreNotListed) {
  EXPECT_TRUE(verdictFlips(parseOk(twoBalls({5, 4, 3})).recording).empty());
}

TEST(RecordingExpectations, TheFirstFrameThatBreaksOne) {
  const std::string header =
      R"({"recording": 1, "expect": [{"a": "left", "b": "right", "separating_axis": "Xxd"}, {"a": "left", "b": "right", "overlap": false}]})";
  const Recording rec = parseOk(twoBalls({4, 3, 1.5, 5}, header)).recording;
  const auto broken = firstBrokenExpectation(rec);
  ASSERT_TRUE(broken.has_value());
  EXPECT_EQ(broken->first, 0u) << "sphere pairs have no SAT axis: the first expectation breaks at once";
  const Recording kept =
      parseOk(
          twoBalls({4, 3, 1.5, 5}, R"({"recording": 1, "expect": [{"a": "left", "b": "right", "overlap": false}]})"))
          .recording;
  const auto second = firstBrokenExpectation(kept);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(*second, std::make_pair(std::size_t{2}, std::size_t{0}));
  EXPECT_FALSE(firstBrokenExpectation(
      parseOk(twoBalls({4, 3, 2.5}, R"({"recording": 1, "expect": [{"a": "left", "b": "right", "overlap": false}]})"))
          .recording));
}

TEST(RecordingErrors, ABrokenFrameInTheMiddleNamesItsLineAndField) {
  std::string text = twoBalls({4, 3, 2, 1});
  const std::size_t at = text.find(R"("radius": 1}]})", text.find(R"("frame": 2)"));
  text.replace(at, std::string(R"("radius": 1)").size(), R"("radius": -2)");
  EXPECT_EQ(errorOf(text), "rec.jsonl: line 4: shapes[1].radius: must be >= 0 (got -2)");
}

TEST(RecordingErrors, SyntaxErrorsNameTheLineAndColumn) {
  EXPECT_EQ(errorOf(twoBalls({4}) + "{\"frame\": 1, \"time\": 1, \"shapes\": [}\n").substr(0, 32),
            "rec.jsonl: line 3, column 36: sy");
}

TEST(RecordingErrors, EachRuleOfTheFormat) {
  const std::string h = R"({"recording": 1})"
                        "\n";
  const std::string ball = R"({"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": 1})";
  EXPECT_EQ(errorOf(""), "rec.jsonl: the file is empty");
  EXPECT_EQ(errorOf(" \n\n"), "rec.jsonl: the file is empty");
  EXPECT_EQ(errorOf(h).substr(0, 21), "rec.jsonl: no frames ");
  EXPECT_EQ(errorOf(R"({"frame": 0, "time": 0, "shapes": []})").substr(0, 72),
            "rec.jsonl: line 1: (root): the first line must be the recording header, ");
  EXPECT_EQ(errorOf(R"({"recording": 3})"
                    "\n"),
            "rec.jsonl: line 1: recording: unsupported recording version 3 (this build reads 1 to 2)");
  EXPECT_EQ(errorOf(R"({"recording": 0})"
                    "\n"),
            "rec.jsonl: line 1: recording: unsupported recording version 0 (this build reads 1 to 2)");
  EXPECT_EQ(errorOf(h + "[1, 2]"),
            "rec.jsonl: line 2: (root): expected a JSON object on each line (got array of 2 elements)");
  EXPECT_EQ(errorOf(h + R"({"time": 0, "shapes": []})").substr(0, 47),
            "rec.jsonl: line 2: (root): missing field \"frame");
  EXPECT_EQ(errorOf(h + R"({"frame": -1, "time": 0, "shapes": []})"),
            "rec.jsonl: line 2: frame: expected a frame number, an integer >= 0 (got number -1)");
  EXPECT_EQ(errorOf(h + R"({"frame": 3, "time": 0, "shapes": []})"
                        "\n"
                        R"({"frame": 3, "time": 1, "shapes": []})"),
            "rec.jsonl: line 3: frame: frame numbers must increase (got 3 after 3)");
  EXPECT_EQ(errorOf(h + R"({"frame": 3, "time": 1, "shapes": []})"
                        "\n"
                        R"({"frame": 4, "time": 0.5, "shapes": []})")
                .substr(0, 53),
            "rec.jsonl: line 3: time: time must not go back (got 0");
  EXPECT_EQ(errorOf(h + R"({"frame": 0, "time": "soon", "shapes": []})"),
            "rec.jsonl: line 2: time: expected the frame's time in seconds, a number (got string \"soon\")");
  EXPECT_EQ(errorOf(h + R"({"frame": 0, "time": 0, "shapes": [)" + ball + ", " + ball + "]}"),
            "rec.jsonl: line 2: shapes[1].name: duplicate name \"b\" in this frame (names must be unique)");
  EXPECT_EQ(
      errorOf(h + R"({"frame": 0, "time": 0, "shapes": [{"name": "m", "type": "mesh", "file": "x.obj"}]})"),
      "rec.jsonl: line 2: shapes[0].type: mesh shapes are not supported in a version 1 recording (aabb, obb, sphere, "
      "segment, capsule or triangle; version 2 adds hulls, and meshes in the header's \"static\" list)");
  EXPECT_EQ(errorOf(R"({"recording": 1, "expect": [{"a": "b", "b": "ghost", "overlap": true}]})"
                    "\n"
                    R"({"frame": 0, "time": 0, "shapes": [)" +
                    ball + "]}"),
            "rec.jsonl: line 1: expect[0].b: no shape is named \"ghost\" in any frame");
  EXPECT_EQ(
      errorOf(
          h +
          R"({"frame": 0, "time": 0, "shapes": [{"name": "x", "type": "sphere", "center": [0, 0, 0], "radius": 1, "radius": 2}]})"),
      "rec.jsonl: line 2: shapes[0].radius: duplicate key (each key may appear only once in an object)");
}

TEST(RecordingErrors, AnOverlongLineIsRefusedWithoutReadingItWhole) {
  test::TempDir dir;
  const std::string path = dir.file("long.jsonl");
  test::writeText(path, R"({"recording": 1})"
                        "\n" +
                            std::string(kMaxRecordingLineBytes + 1, ' '));
  const RecordingLoadResult r = loadRecording(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), path + ": line 2: line too long (the limit is 16 MiB)");
}

TEST(RecordingWarnings, UnknownFieldsAreSaidOnceWithTheirLine) {
  const RecordingLoadResult r = parseOk(R"({"recording": 1, "engine_name": "x"})"
                                        "\n"
                                        R"({"frame": 0, "time": 0, "dt": 0.1, "shapes": []})"
                                        "\n"
                                        R"({"frame": 1, "time": 0, "dt": 0.1, "shapes": []})");
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].text(), "rec.jsonl: line 1: engine_name: unknown field, ignored");
  EXPECT_EQ(r.warnings[1].text(), "rec.jsonl: line 2: dt: unknown field, ignored (said once for every frame)");
}

TEST(RecordingWarnings, AMotionIsIgnoredWithOneWarning) {
  const std::string moving =
      R"({"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": 1, "motion": {"velocity": [1, 0, 0]}})";
  const RecordingLoadResult r = parseOk(R"({"recording": 1})"
                                        "\n"
                                        R"({"frame": 0, "time": 0, "shapes": [)" +
                                        moving + "]}\n" + R"({"frame": 1, "time": 1, "shapes": [)" + moving + "]}");
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].text(),
            "rec.jsonl: line 2: shapes[0].motion: ignored: a recorded shape is where each frame "
            "puts it (said once for every shape)");
  Scene scene;
  recordingScene(r.recording, 1, scene);
  EXPECT_FALSE(scene.shapes[0].motion.has_value());
}

TEST(RecordingFiles, LoadFromDiskMatchesParse) {
  test::TempDir dir;
  const std::string text = twoBalls({4, 3, 1.5, 1});
  test::writeText(dir.file("r.jsonl"), text);
  Recording rec;
  SceneDiagnostic error;
  ASSERT_TRUE(loadRecording(dir.file("r.jsonl"), rec, error)) << error.text();
  EXPECT_EQ(rec.frameCount(), 4u);
  EXPECT_EQ(rec.shapes.size(), 8u);
  EXPECT_FALSE(loadRecording(dir.file("missing.jsonl"), rec, error));
  EXPECT_NE(error.text().find("missing.jsonl: cannot open: No such file or directory"), std::string::npos);
}

TEST(RecordingFiles, ChunksEndingInsideLinesReadTheSame) {
  test::TempDir dir;
  const std::string text = twoBalls({4, 3, 1.5, 1}) + "\n\n{\"frame\": 9, \"time\": 9, \"shapes\": [1]}";
  test::writeText(dir.file("r.jsonl"), text);
  const std::string expected = parseRecording(text, dir.file("r.jsonl")).error->text();
  EXPECT_EQ(expected, dir.file("r.jsonl") + ": line 8: shapes[0]: expected an object (got number 1)");
  for (std::size_t chunk : {1, 2, 7, 64, 1000}) {
    const RecordingLoadResult r = loadRecordingInChunks(dir.file("r.jsonl"), chunk);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->text(), expected) << chunk;
  }
  test::writeText(dir.file("ok.jsonl"), twoBalls({4, 3, 1.5, 1}));
  for (std::size_t chunk : {1, 3, 100}) {
    const RecordingLoadResult r = loadRecordingInChunks(dir.file("ok.jsonl"), chunk);
    ASSERT_TRUE(r.ok()) << chunk;
    EXPECT_EQ(r.recording.shapes.size(), 8u);
    EXPECT_EQ(std::get<Sphere>(r.recording.shapes[7].geometry).center.x, 1.0f);
  }
}

TEST(RecordingFiles, DetectedByExtensionOrHeaderLine) {
  EXPECT_TRUE(hasRecordingExtension("a/b.jsonl"));
  EXPECT_TRUE(hasRecordingExtension("B.JSONL"));
  EXPECT_FALSE(hasRecordingExtension("b.json"));
  EXPECT_FALSE(hasRecordingExtension("jsonl"));
  EXPECT_TRUE(looksLikeRecording("\n  {\"recording\": 1, \"title\": \"t\"}\n{\"frame\": 0}"));
  EXPECT_FALSE(looksLikeRecording("{\n  \"version\": 1,\n  \"shapes\": []\n}\n"));
  EXPECT_FALSE(looksLikeRecording(R"({"version": 1, "recording": 1, "shapes": []})"));
  EXPECT_FALSE(looksLikeRecording(""));
  test::TempDir dir;
  test::writeText(dir.file("r.txt"), twoBalls({1}));
  test::writeText(dir.file("s.json"), "{\"version\": 1, \"shapes\": []}\n");
  EXPECT_TRUE(isRecordingFile(dir.file("r.txt")));
  EXPECT_FALSE(isRecordingFile(dir.file("s.json")));
  EXPECT_TRUE(isRecordingFile(test::repoPath("scenes/recordings/box_through_floor.jsonl")));
}

}  // namespace
}  // namespace satlab
