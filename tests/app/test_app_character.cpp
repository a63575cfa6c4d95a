// Wall sliding in the real app: driving with the arrow keys slides the character up a
// turned wall without entering it, and the drive is one undo step; paused, an arrow key
// and ] run one iteration, which the Character panel shows without clipping at the
// classroom sizes.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

namespace satlab::test {
namespace {

// A 2D scene (the arrow keys move along +X and +Y): the character touching a wall turned
// -30 degrees about Z, whose face looks back along -X turned up.
std::string sceneDir() {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/slide.json") << R"({"version": 1, "title": "Slide", "view": "2d", "shapes": [
    {"name": "hero", "type": "aabb", "center": [0, 0, 0], "half_extents": [0.5, 0.5, 0]},
    {"name": "ramp", "type": "obb", "center": [1.6, 0, 0], "half_extents": [0.5, 4, 0], "angle_deg": -30}],
    "character": {"shape": "hero", "speed": 3}})";
  return dir;
}

struct CharacterLine {
  bool found = false;
  float x = 0, y = 0, z = 0, deepest = 1;
  std::string rest;
};

CharacterLine characterLine(const std::string& out) {
  CharacterLine c;
  const size_t at = out.find("satlab: character: hero at ");
  if (at == std::string::npos) return c;
  const std::string line = out.substr(at, out.find('\n', at) - at);
  const size_t deep = line.find("deepest overlap ");
  c.found = std::sscanf(line.c_str(), "satlab: character: hero at %f,%f,%f", &c.x, &c.y, &c.z) == 3 &&
            deep != std::string::npos && std::sscanf(line.c_str() + deep, "deepest overlap %f", &c.deepest) == 1;
  c.rest = line;
  return c;
}

std::string driveScript(int frames) {
  std::string s = "wait 2\nkey D\n";
  for (int i = 0; i < frames; ++i) s += "key RIGHT\n";
  return s + "key D\nwait 2\n";
}

TEST(AppCharacter, DrivingSlidesUpATurnedWallAndTheDriveIsOneUndoStep) {
  const std::string dir = sceneDir();
  std::ofstream(dir + "/drive.txt") << driveScript(20);
  const RunResult drove = runSatlab("slide.json --size 1280x720 --script drive.txt", "", dir);
  ASSERT_EQ(drove.exitCode, 0) << drove.output;
  const CharacterLine a = characterLine(drove.output);
  ASSERT_TRUE(a.found) << drove.output;
  // Right into the wall's face and up along it, never into it. A scripted run takes 1/60 s a
  // frame, so 20 frames at 3 units a second ask for exactly 1 unit to the right (it was
  // the wall clock's time, and a loaded machine once ended at y = 0.0233). The wall's face
  // looks along n = (-cos 30, sin 30); the hero's box reaches 0.5 (cos 30 + sin 30) along
  // -n, so the gap is g = 1.6 cos 30 - 0.5 - 0.5 (cos 30 + sin 30) = 0.20263. The first
  // f = g / cos 30 of the move is free; the rest, r = 1 - f, slides: its part along the face
  // is r (sin^2 30, sin 30 cos 30).
  const double cos30 = std::cos(3.14159265358979 / 6.0), sin30 = 0.5;
  const double gap = 1.6 * cos30 - 0.5 - 0.5 * (cos30 + sin30);
  const double free = gap / cos30, rest = 1.0 - free;
  EXPECT_NEAR(a.x, free + rest * sin30 * sin30, 1e-4) << a.rest;  // 0.42548
  EXPECT_NEAR(a.y, rest * sin30 * cos30, 1e-4) << a.rest;         // 0.33170
  EXPECT_LE(a.deepest, 1e-4f) << a.rest;
  EXPECT_NE(a.rest.find("paused"), std::string::npos) << a.rest;
  // The same drive, then Ctrl+Z: one undo step puts the character back where it started.
  std::ofstream(dir + "/undo.txt") << driveScript(20) << "ctrl on\nkey Z\nctrl off\nwait 2\n";
  const RunResult undone = runSatlab("slide.json --size 1280x720 --script undo.txt", "", dir);
  ASSERT_EQ(undone.exitCode, 0) << undone.output;
  const CharacterLine b = characterLine(undone.output);
  ASSERT_TRUE(b.found) << undone.output;
  EXPECT_FLOAT_EQ(b.x, 0.0f) << b.rest;
  EXPECT_FLOAT_EQ(b.y, 0.0f) << b.rest;
}

TEST(AppCharacter, PausedAnArrowAndBracketRunOneIterationShownUnclipped) {
  const std::string dir = sceneDir();
  // Two steps into the wall: the first closes the gap and slides; the second starts
  // touching, and ] runs only its first iteration, which meets the wall.
  std::ofstream(dir + "/step.txt")
      << "wait 2\nkey RIGHT\nwait 1\nkey RIGHT_BRACKET\nwait 1\nkey RIGHT_BRACKET\n"
         "wait 1\nkey RIGHT_BRACKET\nwait 1\nkey RIGHT\nwait 1\nkey RIGHT_BRACKET\nwait 4\n";
  for (const char* args : {"--size 1280x720", "--size 1920x1080 --presentation"}) {
    std::string script = std::string(args).find("presentation") != std::string::npos ? "wait 2\nkey TAB\n" : "";
    std::ifstream in(dir + "/step.txt");
    script += std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    std::ofstream(dir + "/run.txt") << script;
    const RunResult r = runSatlab(std::string("slide.json --script run.txt ") + args, "", dir);
    ASSERT_EQ(r.exitCode, 0) << args << "\n" << r.output;
    const CharacterLine c = characterLine(r.output);
    ASSERT_TRUE(c.found) << r.output;
    EXPECT_NE(c.rest.find("last step in progress after 1 iterations, 1 contacts"), std::string::npos) << args << "\n"
                                                                                                      << c.rest;
    EXPECT_LE(c.deepest, 1e-4f) << c.rest;
    EXPECT_NE(r.output.find("satlab: clipped: none\n"), std::string::npos) << args << "\n" << r.output;
  }
}

}  // namespace
}  // namespace satlab::test
