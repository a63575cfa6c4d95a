// A recording received as a stream (live_recording.hpp): lines cut anywhere, a broken line,
// the memory bound and the spill file.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "world/live_recording.hpp"

namespace satlab {
namespace {

// A version-2 stream: a static floor, then `frames` frames of a crate (and a ball from frame
// 2 on), each frame's crate lower by 0.1, frame numbers from 1000 on.
std::string stream(int frames) {
  std::string text = R"({"recording": 2, "engine": "test engine", "static": [{"name": "floor", "type": "aabb", )"
                     R"("center": [0, 0, -0.5], "half_extents": [10, 10, 0.5]}]})"
                     "\n";
  for (int f = 0; f < frames; ++f) {
    text += R"({"frame": )" + std::to_string(1000 + f) + R"(, "time": )" + std::to_string(f * 0.05) +
            R"(, "shapes": [{"name": "crate", "type": "obb", "center": [0, 0, )" + std::to_string(2.0 - 0.1 * f) +
            R"(], "half_extents": [0.5, 0.5, 0.5]})";
    if (f >= 2) text += R"(, {"name": "ball", "type": "sphere", "center": [3, 0, 1], "radius": 0.5})";
    text += R"(], "contacts": [{"a": "crate", "b": "floor", "touching": false, "distance": 1}]})";
    text += "\n";
  }
  return text;
}

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(LiveRecording, ALineCutAtEveryByteGivesTheSameFramesAsTheFile) {
  const std::string text = stream(4);
  const RecordingLoadResult whole = parseRecording(text, "engine");
  ASSERT_TRUE(whole.ok());
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    LiveRecording live("engine");
    ASSERT_TRUE(live.feed(std::string_view(text).substr(0, cut))) << cut;
    ASSERT_TRUE(live.feed(std::string_view(text).substr(cut))) << cut;
    ASSERT_TRUE(live.finish()) << cut << ": " << live.error().value_or("");
    const Recording& r = live.recording();
    ASSERT_EQ(r.frameCount(), 4u) << cut;
    EXPECT_EQ(r.frameNumber(3), 1003);
    EXPECT_EQ(r.shapes.size(), whole.recording.shapes.size());
    EXPECT_EQ(r.contacts.size(), whole.recording.contacts.size());
    EXPECT_EQ(r.statics.size(), 1u);
  }
}

TEST(LiveRecording, OneByteAtATimeShowsEachFrameWhenItsLineEnds) {
  const std::string text = stream(3);
  LiveRecording live("engine");
  std::vector<std::size_t> framesAfterNewline;
  for (char c : text) {
    ASSERT_TRUE(live.feed(std::string_view(&c, 1)));
    if (c == '\n') framesAfterNewline.push_back(live.recording().frameCount());
  }
  EXPECT_EQ(framesAfterNewline, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_FALSE(live.finished());
  EXPECT_TRUE(live.finish());
  EXPECT_TRUE(live.finished());
}

TEST(LiveRecording, TheSpillFileHoldsEveryByteReceived) {
  const std::string text = stream(5);
  LiveRecording live("engine");
  ASSERT_FALSE(live.spillPath().empty()) << live.spillError().value_or("");
  EXPECT_EQ(std::filesystem::path(live.spillPath()).parent_path(), std::filesystem::temp_directory_path());
  for (std::size_t at = 0; at < text.size(); at += 37) live.feed(std::string_view(text).substr(at, 37));
  EXPECT_EQ(fileText(live.spillPath()), text);
  EXPECT_EQ(live.bytesReceived(), text.size());
}

TEST(LiveRecording, TheSpillFileIsRemovedWithTheRecording) {
  std::string path;
  {
    LiveRecording live("engine");
    live.feed(stream(1));
    path = live.spillPath();
    EXPECT_TRUE(std::filesystem::exists(path));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(LiveRecording, AMalformedLineStopsTheStreamNamingItsLineAndKeepsWhatCameBefore) {
  std::string text = stream(3);
  text += R"({"frame": 1003, "time": 0.2, "shapes": [{"name": "crate", "type": "sphere", "center": [0, 0, 0], )"
          R"("radius": -2}]})"
          "\n";
  const std::string after = R"({"frame": 1004, "time": 0.25, "shapes": []})"
                            "\n";
  LiveRecording live("engine at 127.0.0.1:47410");
  EXPECT_FALSE(live.feed(text + after));
  ASSERT_TRUE(live.error().has_value());
  EXPECT_EQ(*live.error(), "engine at 127.0.0.1:47410: line 5: shapes[0].radius: must be >= 0 (got -2)");
  EXPECT_EQ(live.recording().frameCount(), 3u);
  EXPECT_FALSE(live.feed(after));  // nothing more is read
  EXPECT_EQ(live.recording().frameCount(), 3u);
  // Save keeps the frames before the bad line: an ordinary recording.
  const std::string saved = (std::filesystem::temp_directory_path() / "satlab-live-test-saved.jsonl").string();
  ASSERT_EQ(live.saveTo(saved), std::nullopt);
  EXPECT_EQ(fileText(saved), stream(3));
  const RecordingLoadResult back = loadRecording(saved);
  EXPECT_TRUE(back.ok());
  EXPECT_EQ(back.recording.frameCount(), 3u);
  std::filesystem::remove(saved);
}

TEST(LiveRecording, ALineOver16MiBIsRefusedWithoutHoldingMore) {
  LiveRecording live("engine");
  ASSERT_TRUE(live.feed(stream(1)));
  const std::string chunk(1u << 20, ' ');
  bool ok = true;
  for (int i = 0; i < 17 && ok; ++i) ok = live.feed(chunk);
  EXPECT_FALSE(ok);
  ASSERT_TRUE(live.error().has_value());
  EXPECT_NE(live.error()->find("line 3: line too long"), std::string::npos) << *live.error();
  EXPECT_EQ(live.recording().frameCount(), 1u);
}

TEST(LiveRecording, TheEndOfTheStreamReadsALastLineWithoutItsNewline) {
  std::string text = stream(2);
  text.pop_back();
  LiveRecording live("engine");
  ASSERT_TRUE(live.feed(text));
  EXPECT_EQ(live.recording().frameCount(), 1u);
  EXPECT_TRUE(live.finish());
  EXPECT_EQ(live.recording().frameCount(), 2u);
}

TEST(LiveRecording, AStreamWithoutFramesIsAnErrorAtItsEnd) {
  LiveRecording live("engine");
  ASSERT_TRUE(live.feed(R"({"recording": 2})"
                        "\n"));
  EXPECT_FALSE(live.finish());
  ASSERT_TRUE(live.error().has_value());
  EXPECT_NE(live.error()->find("no frames"), std::string::npos) << *live.error();
}

TEST(LiveRecording, OverTheMemoryLimitTheOldestFramesLeaveMemoryButNotTheFile) {
  const std::string text = stream(40);
  // Room for about ten frames of two shapes.
  const std::size_t limit = 10 * (2 * sizeof(RecordedShape) + sizeof(RecordedFrame) + sizeof(EngineContact));
  LiveRecording live("engine", limit);
  for (std::size_t at = 0; at < text.size(); at += 101) ASSERT_TRUE(live.feed(std::string_view(text).substr(at, 101)));
  ASSERT_TRUE(live.finish()) << live.error().value_or("");
  const Recording& r = live.recording();
  EXPECT_LE(recordingFrameBytes(r), limit);
  EXPECT_GT(live.firstFrameHeld(), 0u);
  EXPECT_EQ(live.framesReceived(), 40u);
  EXPECT_EQ(live.firstFrameHeld() + r.frameCount(), 40u);
  // The frames held are the newest, whole, with their shapes and contacts rebased.
  EXPECT_EQ(r.frameNumber(r.frameCount() - 1), 1039);
  EXPECT_EQ(r.frameNumber(0), static_cast<std::int64_t>(1000 + live.firstFrameHeld()));
  for (std::size_t f = 0; f < r.frameCount(); ++f) {
    ASSERT_EQ(r.frameShapeCount(f), 2u);
    EXPECT_EQ(r.names[r.frameShapes(f)[0].name], "crate");
    const Obb& crate = std::get<Obb>(r.frameShapes(f)[0].geometry);
    EXPECT_NEAR(crate.center.z, 2.0 - 0.1 * static_cast<double>(r.frameNumber(f) - 1000), 1e-5);
    ASSERT_EQ(r.frameContactCount(f), 1u);
    EXPECT_EQ(r.names[r.frameContacts(f)[0].a], "crate");
  }
  Scene scene;
  recordingScene(r, 0, scene);
  EXPECT_EQ(scene.shapes.size(), 3u);  // the floor, the crate and the ball
  EXPECT_EQ(fileText(live.spillPath()), text);
  // The verdicts of the frames held are computed as for a file.
  EXPECT_NO_THROW(verdictFlips(r));
  EXPECT_NO_THROW(disagreements(r));
}

TEST(LiveRecording, ANameAbsentForAWhileIsNotADuplicateAfterFramesAreDropped) {
  // The ball is in frames 0 to 3 and 9 to 11: the reader's marks must not repeat once frames
  // leave memory (they once were the count of frames held, which comes back to the same values).
  std::string text = R"({"recording": 2})"
                     "\n";
  for (int f = 0; f < 12; ++f) {
    text += R"({"frame": )" + std::to_string(f) + R"(, "time": )" + std::to_string(f) +
            R"(, "shapes": [{"name": "crate", "type": "sphere", "center": [0, 0, 0], "radius": 1})";
    if (f <= 3 || f >= 9) text += R"(, {"name": "ball", "type": "sphere", "center": [5, 0, 0], "radius": 1})";
    text += "]}\n";
  }
  LiveRecording live("engine", 3 * (sizeof(RecordedShape) + sizeof(RecordedFrame)));
  EXPECT_TRUE(live.feed(text)) << live.error().value_or("");
  EXPECT_TRUE(live.finish()) << live.error().value_or("");
}

}  // namespace
}  // namespace satlab
