// A real engine's recording through `satlab check` and `satlab shrink`: Bullet 3.24 drops
// seven bodies on a floor 0.02 thick at 1/20 s (examples/bullet/bullet_tunnelling.cpp,
// recorded with satlab::record's Bullet adapter, margins and contacts included). satlab
// reports the three bodies that pass through between two frames, agrees with Bullet's own
// verdict in every frame, and shrinks the first crossing to a test that fails there.
#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../document/scene_test_util.hpp"
#include "check/recording_check.hpp"
#include "check/shrink.hpp"

namespace satlab {
namespace {

#ifdef SATLAB_BULLET_TUNNELLING

std::string drain(std::FILE* f) {
  std::rewind(f);
  std::string text;
  char buf[4096];
  for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, got);
  std::fclose(f);
  return text;
}

std::string record(const test::TempDir& dir) {
  const std::string path = dir.file("bullet.jsonl");
  EXPECT_EQ(std::system((std::string("'") + SATLAB_BULLET_TUNNELLING + "' '" + path + "'").c_str()), 0);
  return path;
}

TEST(BulletCheck, ThePassagesThroughTheFloorAndNoDisagreement) {
  test::TempDir dir;
  const std::string path = record(dir);
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  CheckOptions options;
  options.json = true;
  EXPECT_EQ(checkRecordingFile(path, options, out, err), kCheckOk);
  drain(err);
  const auto j = nlohmann::json::parse(drain(out));
  EXPECT_EQ(j["engine"], "Bullet 3.24");
  EXPECT_EQ(j["static_shapes"], 1);
  EXPECT_EQ(j["frames_with_engine_contacts"], j["frames"]);
  EXPECT_EQ(j["disagreements"].size(), 0u) << j["disagreements"].dump(1);
  std::vector<std::string> through;
  for (const auto& frame : j["between_frames"]) {
    for (const auto& c : frame["swept"]) {
      if (c["through"] == true) through.push_back(c["b"].get<std::string>());
    }
  }
  EXPECT_EQ(through, (std::vector<std::string>{"box_thrown", "tile", "ball"}));
}

TEST(BulletCheck, ShrinkWritesTheFirstPassageAsAFailingTest) {
  test::TempDir dir;
  const std::string path = record(dir);
  const RecordingLoadResult r = loadRecording(path);
  ASSERT_TRUE(r.ok());
  std::string why;
  const auto c = findShrinkCase(r.recording, ShrinkOptions{}, why);
  ASSERT_TRUE(c.has_value()) << why;
  EXPECT_EQ(r.recording.names[c->b], "box_thrown");
  EXPECT_EQ(r.recording.frameNumber(c->frame), 4);
  EXPECT_EQ(c->claim.kind, RecordedClaim::Kind::PassedThrough);
  const ShrunkFiles files = shrinkCase(r.recording, *c, path);
  EXPECT_NE(files.testText.find("satlab::sweptObbObb(a, da, b, db)"), std::string::npos) << files.testText;
  EXPECT_NE(files.testText.find("they pass through each other between frames"), std::string::npos);
  EXPECT_EQ(files.stem, "Bullet_frame4_Floor_BoxThrown");
}

#endif

}  // namespace
}  // namespace satlab
