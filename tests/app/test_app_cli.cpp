// The satlab binary as a user meets it: the default scene on screen, screenshots, the
// command line's answers to good and bad arguments, and running without a display.
#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

// The scene panel sits in the top-left corner and shows a swatch of every shape's colour:
// pixels are counted to its right only, so the swatches cannot make a test pass.
constexpr int kPanelRight = 330;

TEST(AppScreenshot, DefaultSceneShowsEveryShapeInItsColour) {
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab("--screenshot out.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir + "/out.png");
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img.width, 1280);
  EXPECT_EQ(img.height, 720);

  const SceneLoadResult scene = loadScene(sourcePath("scenes/default.json"));
  ASSERT_TRUE(scene.ok());
  ASSERT_GE(scene.scene.shapes.size(), 4u);
  for (const SceneShape& s : scene.scene.shapes) {
    const int n = countColor(img, s.color.r, s.color.g, s.color.b, 24, kPanelRight, 0);
    EXPECT_GE(n, 150) << s.name << " (" << shapeKindName(s.kind()) << ") has only " << n
                      << " pixels of its colour in the view";
  }
}

TEST(AppScreenshot, SizeOptionSetsTheImageSize) {
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab("--size 640x400 --frames 2 --screenshot small.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir + "/small.png");
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img.width, 640);
  EXPECT_EQ(img.height, 400);
}

TEST(AppScreenshot, BlankImageWouldFail) {
  // Guards the pixel assertion itself: an image of the background alone has none of the
  // shapes' colours.
  Image blank;
  blank.width = 64;
  blank.height = 64;
  blank.rgba.assign(64 * 64 * 4, 0);
  for (size_t i = 0; i < blank.rgba.size(); i += 4) {
    blank.rgba[i] = 33, blank.rgba[i + 1] = 36, blank.rgba[i + 2] = 41, blank.rgba[i + 3] = 255;
  }
  const SceneLoadResult scene = loadScene(sourcePath("scenes/default.json"));
  ASSERT_TRUE(scene.ok());
  for (const SceneShape& s : scene.scene.shapes) EXPECT_EQ(countColor(blank, s.color.r, s.color.g, s.color.b, 24), 0);
}

TEST(AppScreenshot, RunsFromAnyWorkingDirectoryAndLeavesNoIniFile) {
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab("--size 320x240 --frames 1 --screenshot shot.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(fs::exists(dir + "/shot.png"));
  EXPECT_FALSE(fs::exists(dir + "/imgui.ini"));
}

TEST(AppScreenshot, UnwritablePathIsAnError) {
  const RunResult r = runSatlab("--size 320x240 --frames 1 --screenshot /nonexistent-dir/x.png");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("/nonexistent-dir/x.png"), std::string::npos) << r.output;
}

TEST(AppScreenshot, ASizeOpenGLCannotRenderIsRefusedBeforeRendering) {
  // Mesa's llvmpipe (the app tests' OpenGL) reports GL_MAX_RENDERBUFFER_SIZE 16384 and
  // refuses the 4 GiB of a 4-sample 16384x16384 image. It used to print "framebuffer is
  // incomplete" three times, then "wrote", exit 0 and leave a 0x0 PNG.
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab("--size 16384x16384 --screenshot out.png", "", dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_EQ(r.output.rfind("satlab: --size 16384x16384: ", 0), 0u) << r.output;
  EXPECT_NE(r.output.find("GL_MAX_RENDERBUFFER_SIZE"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("wrote"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir + "/out.png"));
}

TEST(AppCli, HelpAndVersion) {
  RunResult r = runSatlab("--help");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.output.find("--screenshot"), std::string::npos) << r.output;
  r = runSatlab("--version");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.output.find("satlab 0."), std::string::npos) << r.output;
}

TEST(AppCli, WrongArgumentsGiveOneLineAndExitCode2) {
  for (const char* args :
       {"--bogus", "--size 12", "--size 0x0", "--size axb", "--frames 0", "--frames x", "a.json b.json"}) {
    const RunResult r = runSatlab(args);
    EXPECT_EQ(r.exitCode, 2) << args << ": " << r.output;
    EXPECT_NE(r.output.find("satlab:"), std::string::npos) << args << ": " << r.output;
    EXPECT_LE(std::count(r.output.begin(), r.output.end(), '\n'), 1) << args << ": " << r.output;
  }
}

TEST(AppCli, ANegativeOrWrappingCountIsRefusedByItsOwnValue) {
  // `level --movers -5` was refused as "statics + movers is 1995": CLI11 read -5 into an
  // unsigned count as 2^64 - 5. Each option is checked as written, before it is converted.
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"level --movers -5", "satlab: --movers: '-5' is negative; a count is 0 or more (at most 18446744073709551615)"},
      {"level --statics=-1",
       "satlab: --statics: '-1' is negative; a count is 0 or more (at most 18446744073709551615)"},
      {"level --seed -1", "satlab: --seed: '-1' is negative; a seed is from 0 to 4294967295"},
      {"level --seed 4294967296", "satlab: --seed: '4294967296' is too large; a seed is from 0 to 4294967295"},
      {"level --statics 99999999999999999999999",
       "satlab: --statics: '99999999999999999999999' is too large; a count is 0 or more (at most "
       "18446744073709551615)"},
      {"level --movers 0x10", "satlab: --movers: expected a whole number in decimal digits, got '0x10'"},
      {"level --statics 18446744073709551615",
       "satlab level: statics + movers is 18446744073709551615 + 200; a scene holds at most 1999995 besides the floor "
       "and the walls"},
      // The window's and check's frame counts were already held to their ranges.
      {"--frames -5", "satlab: --frames: Value -5 not in range 1 to 100000"},
      {"check x.json --frames -5", "satlab: --frames: Value -5 not in range 1 to 100000"},
  };
  for (const auto& c : cases) {
    const RunResult r = runSatlab(c.args, "env -u DISPLAY");
    EXPECT_EQ(r.exitCode, 2) << c.args << ": " << r.output;
    EXPECT_EQ(r.output.rfind(c.message, 0), 0u) << c.args << ": " << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << c.args << ": " << r.output;
  }
  // In range, the same options make a level.
  const RunResult ok = runSatlab("level --seed 4294967295 --statics 0 --movers 0", "env -u DISPLAY");
  EXPECT_EQ(ok.exitCode, 0) << ok.output.substr(0, 500);
}

TEST(AppCli, MissingOrBrokenSceneNamesTheFileAndExits2) {
  const std::string dir = makeTempDir();
  RunResult r = runSatlab("no-such-scene.json --screenshot x.png", "", dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("no-such-scene.json"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir + "/x.png"));

  {
    std::FILE* f = std::fopen((dir + "/broken.json").c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(
        "{\"version\": 1, \"shapes\": [{\"name\": \"a\", \"type\": \"sphere\", \"center\": [0,0,0], \"radius\": -1}]}",
        f);
    std::fclose(f);
  }
  r = runSatlab("broken.json --screenshot x.png", "", dir);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("broken.json"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("shapes[0].radius"), std::string::npos) << r.output;
}

TEST(AppCli, NoDisplayExplainsHowToRunHeadless) {
  const RunResult r = runSatlab("--screenshot x.png", "env -u DISPLAY -u WAYLAND_DISPLAY");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("needs a display"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("xvfb-run"), std::string::npos) << r.output;
}

TEST(AppCli, UnreachableDisplayIsReportedNotCrashed) {
  const RunResult r = runSatlab("--screenshot x.png", "env DISPLAY=:9999");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("xvfb-run"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace satlab::test
