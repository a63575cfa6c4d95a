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
#include "check_report_text.hpp"

namespace satlab {
namespace {

#ifdef SATLAB_BULLET_TUNNELLING

std::string record(const test::TempDir& dir) {
  const std::string path = dir.file("bullet.jsonl");
  EXPECT_EQ(std::system((std::string("'") + SATLAB_BULLET_TUNNELLING + "' '" + path + "'").c_str()), 0);
  return path;
}

TEST(BulletCheck, ThePassagesThroughTheFloorAndNoDisagreement) {
  test::TempDir dir;
  const std::string path = record(dir);
  CheckOptions options;
  options.json = true;
  const test::CheckOutput o = test::checkRecording(path, options);
  EXPECT_EQ(o.code, kCheckOk) << o.err;
  const auto j = nlohmann::json::parse(o.out);
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

// Each passage's time of impact is where the body's lowest point, moving straight between
// the two recorded poses, reaches the floor's top (the tests between frames take the shapes
// as written, without their margins: the cores).
TEST(BulletCheck, EachPassageIsWhereTheLowestPointReachesTheFloor) {
  test::TempDir dir;
  const RecordingLoadResult r = loadRecording(record(dir));
  ASSERT_TRUE(r.ok());
  const Recording& rec = r.recording;
  ASSERT_EQ(rec.statics.size(), 1u);
  const Obb& floor = std::get<Obb>(rec.statics[0].shape.geometry);
  const double top = double(floor.center.z) + double(floor.half.z);
  std::size_t checked = 0;
  for (const BetweenFrames& hit : betweenFrames(rec)) {
    if (!hit.through) continue;
    const std::uint32_t body = hit.a == rec.statics[0].name ? hit.b : hit.a;
    const auto lowest = [&](std::size_t frame) {
      for (std::size_t k = 0; k < rec.frameShapeCount(frame); ++k) {
        const RecordedShape& s = rec.frameShapes(frame)[k];
        if (s.name != body) continue;
        if (const Sphere* sp = std::get_if<Sphere>(&s.geometry)) return double(sp->center.z) - sp->radius;
        const Obb& o = std::get<Obb>(s.geometry);
        double reach = 0;
        for (int a = 0; a < 3; ++a) reach += double(o.half[a]) * std::abs(double(o.axes[a].z));
        return double(o.center.z) - reach;
      }
      return 0.0;
    };
    const double z0 = lowest(hit.frame - 1), z1 = lowest(hit.frame);
    const double t0 = rec.frameTime(hit.frame - 1), t1 = rec.frameTime(hit.frame);
    EXPECT_GT(hit.time, t0) << rec.names[body];
    EXPECT_LE(hit.time, t1) << rec.names[body];
    EXPECT_NEAR(hit.time, t0 + (z0 - top) / (z0 - z1) * (t1 - t0), 1e-5 * (t1 - t0)) << rec.names[body];
    ++checked;
  }
  EXPECT_EQ(checked, 3u);
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

#ifdef SATLAB_BULLET_FAR

// Bullet pushes five bodies against a wall (examples/bullet/bullet_far_from_origin.cpp).
// Near the origin every flip's verdict is the geometry's: moved to the origin it is the
// same. At x = 1e6 floats are 0.0625 apart and resting bodies sit on that grid: a flip
// there is one the position decided, which the lens shows as a different verdict at the
// origin, in the flip's frame.
nlohmann::json farRecording(const test::TempDir& dir, const char* at) {
  const std::string path = dir.file(std::string("far_") + at + ".jsonl");
  EXPECT_EQ(std::system((std::string("'") + SATLAB_BULLET_FAR + "' '" + path + "' " + at).c_str()), 0);
  CheckOptions options;
  options.json = true;
  options.precision = true;
  const test::CheckOutput o = test::checkRecording(path, options);
  return nlohmann::json::parse(o.out);
}

int flipsThePositionDecided(const nlohmann::json& j) {
  int n = 0;
  for (const auto& pair : j["pairs"]) {
    for (const auto& flip : pair["flips"]) {
      const auto& p = flip["precision"];
      EXPECT_TRUE(p.is_object()) << flip.dump();
      if (p.is_object() && p["float"] != p["at_origin"]) ++n;
    }
  }
  return n;
}

TEST(BulletCheck, FarFromTheOriginTheLensFindsAFlipThePositionDecided) {
  test::TempDir dir;
  const nlohmann::json near = farRecording(dir, "0");
  const nlohmann::json far = farRecording(dir, "1e6");
  EXPECT_EQ(far["engine"], "Bullet 3.24");
  EXPECT_EQ(flipsThePositionDecided(near), 0) << near["pairs"].dump(1);
  EXPECT_GE(flipsThePositionDecided(far), 1) << far["pairs"].dump(1);
}

#endif  // SATLAB_BULLET_FAR

}  // namespace
}  // namespace satlab
