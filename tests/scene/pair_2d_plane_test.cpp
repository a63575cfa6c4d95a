// A 2D scene is tested in the XY plane: a z the file gives to a circle or a segment
// changes neither the verdict of `satlab check` / the pairs panel nor the explorer's.
#include "scene/pair_eval.hpp"
#include "scene/pair_trace.hpp"
#include "scene/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

Scene load(const std::string& text) {
  SceneLoadResult r = parseScene(text, "plane.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

void expectSameVerdicts(const Scene& scene, bool expected) {
  const PairResult r = evaluatePair(scene, 0, 1);
  EXPECT_EQ(r.overlap, expected) << r.test;
  for (SatMode mode : {SatMode::EarlyExit, SatMode::Full}) {
    ExplorerOptions opt;
    opt.mode = mode;
    EXPECT_EQ(tracePair(scene, 0, 1, opt).overlap, expected) << r.test;
    EXPECT_EQ(tracePair(scene, 1, 0, opt).overlap, expected) << r.test;
  }
}

TEST(Pair2dPlane, CircleHighAboveThePlaneStillMeetsTheSegmentThroughIt) {
  const Scene scene = load(R"({"version":1,"view":"2d","shapes":[
    {"name":"c","type":"sphere","center":[0,0,5],"radius":1},
    {"name":"s","type":"segment","p0":[-2,0],"p1":[2,0]}]})");
  expectSameVerdicts(scene, true);
  const PairResult r = evaluatePair(scene, 0, 1);
  ASSERT_TRUE(r.tEnter && r.tExit);  // the chord of the disc, not of the sphere at z = 5
  EXPECT_NEAR(*r.tEnter, 0.25f, 1e-6f);
  EXPECT_NEAR(*r.tExit, 0.75f, 1e-6f);
}

TEST(Pair2dPlane, CirclesAtDifferentHeightsOverlapInThePlane) {
  expectSameVerdicts(load(R"({"version":1,"view":"2d","shapes":[
    {"name":"a","type":"sphere","center":[0,0,5],"radius":1},
    {"name":"b","type":"sphere","center":[1,0,0],"radius":1}]})"), true);
}

TEST(Pair2dPlane, SegmentsAtDifferentHeightsCrossInThePlane) {
  expectSameVerdicts(load(R"({"version":1,"view":"2d","shapes":[
    {"name":"a","type":"segment","p0":[-1,0,3],"p1":[1,0,3]},
    {"name":"b","type":"segment","p0":[0,-1,-2],"p1":[0,1,-2]}]})"), true);
}

TEST(Pair2dPlane, TheSameScenesIn3dAreApart) {
  expectSameVerdicts(load(R"({"version":1,"shapes":[
    {"name":"a","type":"sphere","center":[0,0,5],"radius":1},
    {"name":"b","type":"sphere","center":[1,0,0],"radius":1}]})"), false);
}

}  // namespace
}  // namespace satlab::test
