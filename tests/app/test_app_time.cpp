// Time in the real app: `satlab level`, stepping a scene in motion (O) and a recording's frames.
#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace satlab::test {
namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeAll(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

ScreenPoint reported(const std::string& output, const std::string& name) {
  const std::string key = "satlab: shape " + name + " at ";
  const size_t at = output.find(key);
  ScreenPoint p;
  if (at == std::string::npos || std::sscanf(output.c_str() + at + key.size(), "%d,%d", &p.x, &p.y) != 2) return {};
  return p;
}

TEST(AppTime, LevelCommandWritesTheSameSeededLevelToStdoutOrAFile) {
  const std::string dir = makeTempDir();
  const RunResult out = runSatlab("level --seed 5 --statics 40 --movers 8", "env -u DISPLAY", dir);
  ASSERT_EQ(out.exitCode, 0) << out.output;
  const SceneLoadResult scene = parseScene(out.output, "stdout");
  ASSERT_TRUE(scene.ok()) << (scene.error ? scene.error->text() : "");
  EXPECT_EQ(scene.scene.shapes.size(), 5u + 40u + 8u);
  EXPECT_EQ(scene.scene.title, "Level: seed 5, 40 statics, 8 movers");
  const RunResult file = runSatlab("level --seed 5 --statics 40 --movers 8 --output level.json", "env -u DISPLAY", dir);
  ASSERT_EQ(file.exitCode, 0) << file.output;
  EXPECT_EQ(readAll(dir + "/level.json"), out.output);
  const RunResult bad = runSatlab("level --statics 99999 --movers 10", "env -u DISPLAY", dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.output.find("satlab level: statics + movers is 100009"), std::string::npos) << bad.output;
}

TEST(AppTime, ThirtyStepsMoveTheBallHalfASecondAndSavingKeepsTheStartPose) {
  const std::string dir = makeTempDir();
  std::string script;
  for (int i = 0; i < 30; ++i) script += "key O\n";
  script += "wait 1\n";
  writeAll(dir + "/steps.txt", script);
  const std::string scene = sourcePath("scenes/examples/moving.json");
  const RunResult r =
      runSatlab("'" + scene + "' --script steps.txt --screenshot shot.png --save-scene saved.json", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: time: t = 0.5000 s, paused"), std::string::npos) << r.output;
  // The ball runs +x at 2.5 units per second: half a second later it is further right on screen.
  const ScreenPoint start = shapeOnScreen(scene, "ball");
  const ScreenPoint now = reported(r.output, "ball");
  ASSERT_TRUE(start.ok() && now.ok()) << r.output;
  EXPECT_GT(now.x - start.x, 10) << "ball at " << start.x << " then " << now.x;
  // The file keeps the t = 0 pose and the motion.
  const SceneLoadResult saved = loadScene(dir + "/saved.json");
  ASSERT_TRUE(saved.ok()) << (saved.error ? saved.error->text() : "");
  const SceneShape* ball = findShape(saved.scene, "ball");
  ASSERT_NE(ball, nullptr);
  EXPECT_EQ(std::get<Sphere>(ball->geometry).center, glm::vec3(-2.0f, 3.0f, 1.0f));
  ASSERT_TRUE(ball->motion);
  EXPECT_EQ(ball->motion->path.size(), 5u);
}

TEST(AppTime, ARecordingOpensLikeASceneAndOStepsItsFrames) {
  const std::string dir = makeTempDir();
  std::string rec =
      R"({"recording": 1, "title": "box through a plate", "expect": [{"a": "box", "b": "plate", "overlap": false}]})"
      "\n";
  for (int f = 0; f < 4; ++f) {
    char line[300];
    std::snprintf(line, sizeof line,
                  R"({"frame": %d, "time": %.4f, "shapes": [{"name": "plate", "type": "aabb", "center": [0, 0, 0], )"
                  R"("half_extents": [3, 3, 0.1]}, {"name": "box", "type": "aabb", "center": [0, 0, %g], )"
                  R"("half_extents": [0.5, 0.5, 0.5]}]})"
                  "\n",
                  f, f / 60.0, 3.0 - 1.5 * f);
    rec += line;
  }
  writeAll(dir + "/fall.jsonl", rec);
  writeAll(dir + "/steps.txt", "key O\nkey O\nwait 1\n");
  const RunResult r = runSatlab("fall.jsonl --script steps.txt --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // Frame 3 (index 2) puts the box at z = 0, through the plate: the first broken expectation.
  EXPECT_NE(r.output.find("satlab: time: frame 3 of 4, paused, first broken expectation at frame 3"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("expectations: 1 of 1 NOT met"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
