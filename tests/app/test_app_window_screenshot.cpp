// F12: a picture of the whole window into $XDG_PICTURES_DIR/satlab, through the real app.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> picturesIn(const std::string& folder) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".png") out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int differingPixels(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height) return -1;
  int n = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const std::uint8_t* p = a.at(x, y);
      const std::uint8_t* q = b.at(x, y);
      if (std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]) > 12) ++n;
    }
  }
  return n;
}

// Two presses a few frames apart (well within a second): two files, and the second picture
// is the first one again, without the "screenshot saved" toast the first one left in the
// menu bar.
TEST(AppWindowScreenshot, TwoPressesWithinASecondAreTwoPicturesWithoutTheToast) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/f12.txt") << "wait 2\nkey F12\nwait 3\nkey F12\nwait 3\n";
  const RunResult r = runSatlab(
      "'" + sourcePath("scenes/lessons/01_aabb_aabb_three_axes.json") + "' --size 960x600 --script f12.txt", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::vector<std::string> files = picturesIn(dir + "/pictures/satlab");
  ASSERT_EQ(files.size(), 2u) << r.output;
  EXPECT_NE(r.output.find("screenshot saved to " + files[0]), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("screenshot saved to " + files[1]), std::string::npos) << r.output;
  const Image first = loadPng(files[0]), second = loadPng(files[1]);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first.width, 960);
  EXPECT_EQ(first.height, 600);
  // Nothing moved between the two: any difference is something the first picture left.
  EXPECT_EQ(differingPixels(first, second), 0);
}

}  // namespace
}  // namespace satlab::test
