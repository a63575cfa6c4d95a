// Building a scene from nothing, as a teacher preparing a lecture does: File > New, shapes
// added where they can be seen, a mesh imported from the scene's folder, the explorer's table
// read whole, the 2D whiteboard view from the View menu.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace satlab::test {
namespace {

/// The "clipped:" lines of a scripted run's report that found something, one per line.
std::string clippedFindings(const RunResult& r) {
  std::string out;
  size_t at = 0;
  bool any = false;
  while ((at = r.output.find("satlab: clipped: ", at)) != std::string::npos) {
    any = true;
    const size_t end = r.output.find('\n', at);
    const std::string line = r.output.substr(at, end - at);
    if (line != "satlab: clipped: none") out += line + "\n";
    at = end;
  }
  return any ? out : "(no clip report)\n";
}

RunResult runScript(const std::string& dir, const std::string& script, const std::string& args) {
  std::ofstream(dir + "/input.txt") << script;
  return runSatlab("--script input.txt " + args, "", dir);
}

// Two boxes 1500 apart, turned, one of them 3e-5 thin: the table's numbers come in
// e-notation (1.32e3, 3e-5).
constexpr const char* kFarApart = R"({"version": 1, "title": "far apart", "shapes": [
  {"name": "a", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 0.5, 0.5], "euler_deg": [10, 20, 30]},
  {"name": "b", "type": "obb", "center": [0.00002, 1500, 0.00001], "half_extents": [0.00003, 0.5, 0.5],
   "euler_deg": [-15, 5, 60]}],
  "lesson": {"focus": ["a", "b"], "mode": "full"}})";

TEST(AppSceneBuilding, TheAxisTablesVerdictColumnIsInViewWithENotationAndTheInspectorOpen) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/far.json") << kFarApart;
  // As it opens, then with the Inspector's panel opened above the Explorer (its arrow).
  RunResult r = runScript(dir, "wait 3\n", "far.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("explorer: A=a B=b, OBB-OBB, separated, step 1 of 15"), std::string::npos) << r.output;
  EXPECT_EQ(clippedFindings(r), "");
  r = runScript(dir, "wait 2\nclick 889 37\nwait 3\n", "far.json --size 1280x720 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(clippedFindings(r), "");
  // And in the one column of an 800x600 window.
  r = runScript(dir, "wait 3\n", "far.json --size 800x600 --screenshot s.png");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(clippedFindings(r), "");
}

}  // namespace
}  // namespace satlab::test
