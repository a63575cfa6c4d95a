// `satlab check`: the headless twin of the GUI, as a user (or their CI) runs it.
#include "app_harness.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

namespace satlab::test {
namespace {

constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY";

std::string writeScene(const std::string& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir + "/" + name) << text;
  return name;
}

// A scene a new user writes by hand: a box, a tilted box touching it, a ball away from
// both, and a segment shot through the first box.
constexpr const char* kHandMade = R"({
  "version": 1,
  "title": "hand-made",
  "shapes": [
    {"name": "crate", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "plank", "type": "obb", "center": [2.4, 0, 0], "half_extents": [1.5, 0.2, 0.5], "euler_deg": [0, 0, 30]},
    {"name": "ball", "type": "sphere", "center": [0, 4, 0], "radius": 1},
    {"name": "shot", "type": "segment", "p0": [-4, 0.5, 0.5], "p1": [4, 0.5, 0.5]}
  ]
})";

TEST(AppCheck, HandMadeSceneAsJson) {
  const std::string dir = makeTempDir();
  writeScene(dir, "hand.json", kHandMade);
  const RunResult r = runSatlab("check hand.json --json 2>/dev/null", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  const auto& pairs = j.at("pairs");
  ASSERT_EQ(pairs.size(), 6u);  // 4 shapes: every pair once, in file order

  auto find = [&](const std::string& a, const std::string& b) {
    for (const auto& p : pairs) {
      if (p.at("a") == a && p.at("b") == b) return p;
    }
    ADD_FAILURE() << "no pair " << a << "/" << b;
    return nlohmann::json();
  };
  // crate spans x in [-1, 1]; the plank's corner at 30 degrees reaches x = 2.4 - 1.5 cos30
  // - 0.2 sin30 = 1.001 — just clear of the crate, so X (A0) separates.
  const auto cp = find("crate", "plank");
  EXPECT_EQ(cp.at("test"), "sat_aabb_obb");
  EXPECT_FALSE(cp.at("overlap").get<bool>());
  EXPECT_EQ(cp.at("separating_axis").at("label"), "A0");
  EXPECT_NEAR(cp.at("separating_axis").at("axis")[0].get<double>(), 1.0, 1e-6);

  const auto cb = find("crate", "ball");
  EXPECT_EQ(cb.at("test"), "arvo_sphere_aabb");
  EXPECT_FALSE(cb.at("overlap").get<bool>());
  EXPECT_NEAR(cb.at("distance").get<double>(), 2.0, 1e-5);  // ball surface at y = 3, crate top face at y = 1

  const auto cs = find("crate", "shot");
  EXPECT_TRUE(cs.at("overlap").get<bool>());
  EXPECT_NEAR(cs.at("t_enter").get<double>(), 3.0 / 8.0, 1e-6);  // x = -1 at t = 3/8
  EXPECT_NEAR(cs.at("t_exit").get<double>(), 5.0 / 8.0, 1e-6);

  // The shot grazes the plank's top face (z = 0.5; touching counts) where |local y| <= 0.2:
  // x from 2.4 + (0.433 - 0.2) / 0.5 to 2.4 + (0.433 + 0.2) / 0.5, so t = (x + 4) / 8.
  const auto ps = find("plank", "shot");
  EXPECT_EQ(ps.at("test"), "slab_segment_obb");
  EXPECT_TRUE(ps.at("overlap").get<bool>());
  EXPECT_NEAR(ps.at("t_enter").get<double>(), (2.4 + (0.25 * std::sqrt(3.0) - 0.2) / 0.5 + 4.0) / 8.0, 1e-5);
  EXPECT_NEAR(ps.at("t_exit").get<double>(), (2.4 + (0.25 * std::sqrt(3.0) + 0.2) / 0.5 + 4.0) / 8.0, 1e-5);

  const auto bs = find("ball", "shot");
  EXPECT_FALSE(bs.at("overlap").get<bool>());
  EXPECT_TRUE(bs.at("t_enter").is_null());
  EXPECT_TRUE(bs.at("t_exit").is_null());
}

TEST(AppCheck, ReadableTableWithoutADisplay) {
  const std::string dir = makeTempDir();
  writeScene(dir, "hand.json", kHandMade);
  const RunResult r = runSatlab("check hand.json", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("4 shapes, 6 pairs"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("separating axis A0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("t in [0.375, 0.625]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("2 overlapping, 4 separated"), std::string::npos) << r.output;
}

TEST(AppCheck, InvalidSceneExits2WithFileFieldAndReason) {
  const std::string dir = makeTempDir();
  writeScene(dir, "bad.json",
             R"({"version":1,"shapes":[{"name":"x","type":"aabb","center":[0,0,0],"half_extents":[1,-2,1]}]})");
  const RunResult r = runSatlab("check bad.json", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("bad.json: shapes[0].half_extents[1]"), std::string::npos) << r.output;

  const RunResult missing = runSatlab("check nowhere.json", kNoDisplay, dir);
  EXPECT_EQ(missing.exitCode, 2) << missing.output;
  EXPECT_NE(missing.output.find("nowhere.json"), std::string::npos) << missing.output;

  const RunResult noArg = runSatlab("check", kNoDisplay, dir);
  EXPECT_EQ(noArg.exitCode, 2) << noArg.output;
}

TEST(AppCheck, UnmetExpectationsExit1AndNameEveryPair) {
  const std::string dir = makeTempDir();
  writeScene(dir, "exp.json", R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[3,0,0],"half_extents":[1,1,1]},
    {"name":"c","type":"sphere","center":[0,0,0],"radius":0.5}],
    "expect":[{"a":"a","b":"b","overlap":true},{"a":"a","b":"c","overlap":true},{"a":"b","b":"c","overlap":true}]})");
  const RunResult r = runSatlab("check exp.json", kNoDisplay, dir);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("a / b: expected overlap, got separated on A0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("b / c: expected overlap"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("a / c:"), std::string::npos) << r.output;  // met
  EXPECT_NE(r.output.find("expectations: 1 of 3 met"), std::string::npos) << r.output;
}

TEST(AppCheck, ShippedScenesPassTheirChecks) {
  for (const char* scene : {"scenes/default.json", "scenes/examples/mixed.json", "scenes/examples/two_boxes.json",
                            "scenes/examples/whiteboard_2d.json"}) {
    const RunResult r = runSatlab(std::string("check '") + sourcePath(scene) + "' --json", kNoDisplay);
    EXPECT_EQ(r.exitCode, 0) << scene << ": " << r.output;
  }
}

}  // namespace
}  // namespace satlab::test
