// Pair evaluation (check, the pairs panel) and pair traces (the explorer) run the same
// call: a 2D scene is tested in the XY plane whatever z the file gives, and two shapes of
// one type are tested in file order whichever is picked first.
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_trace.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

namespace satlab::test {
namespace {

void expectSameVerdicts(const Scene& scene, bool expected) {
  const PairResult r = evaluatePair(scene, 0, 1);
  EXPECT_EQ(r.overlap, expected) << r.code;
  for (SatMode mode : {SatMode::EarlyExit, SatMode::Full}) {
    ExplorerOptions opt;
    opt.mode = mode;
    EXPECT_EQ(tracePair(scene, 0, 1, opt).overlap, expected) << r.code;
    EXPECT_EQ(tracePair(scene, 1, 0, opt).overlap, expected) << r.code;
  }
}

TEST(Pair2dPlane, CircleHighAboveThePlaneStillMeetsTheSegmentThroughIt) {
  const Scene scene = parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"c","type":"sphere","center":[0,0,5],"radius":1},
    {"name":"s","type":"segment","p0":[-2,0],"p1":[2,0]}]})");
  expectSameVerdicts(scene, true);
  const PairResult r = evaluatePair(scene, 0, 1);
  ASSERT_TRUE(r.tEnter && r.tExit);  // the chord of the disc, not of the sphere at z = 5
  EXPECT_NEAR(*r.tEnter, 0.25f, 1e-6f);
  EXPECT_NEAR(*r.tExit, 0.75f, 1e-6f);
}

TEST(Pair2dPlane, CirclesAtDifferentHeightsOverlapInThePlane) {
  expectSameVerdicts(parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"a","type":"sphere","center":[0,0,5],"radius":1},
    {"name":"b","type":"sphere","center":[1,0,0],"radius":1}]})"),
                     true);
}

TEST(Pair2dPlane, SegmentsAtDifferentHeightsCrossInThePlane) {
  expectSameVerdicts(parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"a","type":"segment","p0":[-1,0,3],"p1":[1,0,3]},
    {"name":"b","type":"segment","p0":[0,-1,-2],"p1":[0,1,-2]}]})"),
                     true);
}

TEST(Pair2dPlane, TheSameScenesIn3dAreApart) {
  expectSameVerdicts(parse(R"({"version":1,"shapes":[
    {"name":"a","type":"sphere","center":[0,0,5],"radius":1},
    {"name":"b","type":"sphere","center":[1,0,0],"radius":1}]})"),
                     false);
}

}  // namespace
}  // namespace satlab::test

namespace satlab::test {
namespace {

TEST(Pair2dPlane, TiltedBoxAgainstAnOffPlaneSegmentTakesThe3dTestInBothPaths) {
  // The OBB is not a rotation about Z, so the pair falls back to the 3D test; the
  // segment keeps its z there, in evaluation and in the explorer.
  const Scene scene = parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"box","type":"obb","center":[0,0,-6.75],"half_extents":[1,1,6.75],"axes":[[0,1,0],[0,0,1],[1,0,0]]},
    {"name":"seg","type":"segment","p0":[0,0,-6.75],"p1":[-6.75,0,-13.5]}]})");
  expectSameVerdicts(scene, evaluatePair(scene, 0, 1).overlap);
  EXPECT_TRUE(evaluatePair(scene, 0, 1).overlap);  // p0 is the box's centre
}

TEST(Pair2dPlane, AnOverlappingCircleSegmentPairAtTheRangeEdgeHasItsInterval) {
  // At 1e9 floats are 64 apart: the segment's nearest point is about 26 outside the
  // circle. Whatever the verdict, an overlap comes with its t-interval.
  const Scene scene = parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"c","type":"sphere","center":[-89.75,-89.75],"radius":1e+09},
    {"name":"s","type":"segment","p0":[999999970,-89.75],"p1":[999999956,-104.125]}]})");
  const PairResult r = evaluatePair(scene, 0, 1);
  EXPECT_EQ(r.overlap, r.tEnter.has_value());
  EXPECT_EQ(r.overlap, r.tExit.has_value());
  expectSameVerdicts(scene, r.overlap);
}

}  // namespace
}  // namespace satlab::test

namespace satlab::test {
namespace {

TEST(PairTraceOrder, TwoShapesOfOneTypeAreTracedInFileOrderWhicheverIsPickedFirst) {
  // Two OBBs touching exactly at y = 2, at coordinates of 1e5: the float SAT decides such
  // a contact one way or the other depending on the frame, so the explorer must run the
  // very call the pairs panel shows.
  const Scene scene = parse(R"({"version":1,"shapes":[
    {"name":"p","type":"obb","center":[-100010.03,2,95.875],"half_extents":[0,0,0],"euler_deg":[1e-07,1e-07,1e-07]},
    {"name":"long","type":"obb","center":[-100010.03,-100000,95.875],"half_extents":[0,100002,0]}]})");
  const bool verdict = evaluatePair(scene, 0, 1).overlap;
  for (SatMode mode : {SatMode::EarlyExit, SatMode::Full}) {
    ExplorerOptions opt;
    opt.mode = mode;
    const PairTrace forward = tracePair(scene, 0, 1, opt);
    const PairTrace reversed = tracePair(scene, 1, 0, opt);
    EXPECT_EQ(forward.overlap, verdict);
    EXPECT_EQ(reversed.overlap, verdict);
    EXPECT_EQ(reversed.shapeA, 0);
    EXPECT_EQ(reversed.shapeB, 1);
  }
}

}  // namespace
}  // namespace satlab::test

namespace satlab::test {
namespace {

// The pairs panel lists a pair in the test's roles and names its axis with inTestRoles;
// the explorer names the traced test's own axis. For every SAT pair of every shipped
// scene, in both orders, they are the same axis, and the pair's own orientation (A = the
// first shape asked for) is that axis with the roles exchanged exactly when the test took
// the shapes the other way round.
TEST(PairAxisNames, ThePairsPanelAndTheExplorerNameTheSameAxis) {
  int sat = 0, swapped = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(repoPath("scenes"))) {
    if (e.path().extension() != ".json" || e.path().string().find("stress") != std::string::npos) continue;
    const SceneLoadResult loaded = loadScene(e.path().string());
    ASSERT_TRUE(loaded.ok()) << e.path();
    const Scene& scene = loaded.scene;
    const size_t n = scene.shapes.size();
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        const PairResult r = evaluatePair(scene, i, j);
        const PairTrace t = tracePair(scene, static_cast<int>(i), static_cast<int>(j), ExplorerOptions{});
        if (t.kind != ExplorerKind::Sat) continue;
        ++sat;
        swapped += r.swapped ? 1 : 0;
        const std::string where =
            e.path().filename().string() + ": " + scene.shapes[i].name + " / " + scene.shapes[j].name;
        EXPECT_EQ(static_cast<size_t>(t.shapeA), r.swapped ? j : i) << where;
        if (r.separatingAxis) {
          EXPECT_EQ(label(inTestRoles(r, r.separatingAxis->id)), label(t.satResult.separating)) << where;
          EXPECT_EQ(r.separatingAxis->id, r.swapped ? withRolesSwapped(t.satResult.separating) : t.satResult.separating)
              << where;
        }
        if (r.penetration && r.penetration->id.valid()) {
          EXPECT_EQ(label(inTestRoles(r, r.penetration->id)), label(t.satResult.penetration)) << where;
        }
      }
    }
  }
  EXPECT_GT(sat, 20) << "the shipped scenes have SAT pairs";
  EXPECT_GT(swapped, 0) << "and some of them asked for the other way round";
}

}  // namespace
}  // namespace satlab::test

namespace satlab::test {
namespace {

// pairOverlaps is evaluatePair's verdict without the rest: the same test, shapes and roles.
// Checked on random scenes of every shape kind, 3D and 2D (boxes rotated about Z and not),
// in both orders, and on every shipped scene.
TEST(PairVerdict, PairOverlapsIsEvaluatePairsVerdict) {
  std::mt19937 rng(20261201u);
  std::uniform_real_distribution<float> pos(-2.5f, 2.5f), size(0.1f, 1.5f), angle(-3.14159f, 3.14159f);
  const auto shape = [&](int kind, bool aboutZ) {
    SceneShape s;
    const glm::vec3 c(pos(rng), pos(rng), aboutZ ? 0.0f : pos(rng));
    switch (kind) {
      case 0: s.geometry = Aabb{c, glm::vec3(size(rng), size(rng), size(rng))}; break;
      case 1: {
        const float a = angle(rng);
        glm::mat3 axes(glm::vec3(std::cos(a), std::sin(a), 0), glm::vec3(-std::sin(a), std::cos(a), 0),
                       glm::vec3(0, 0, 1));
        if (!aboutZ) axes = glm::mat3(glm::mat4_cast(glm::angleAxis(angle(rng), glm::normalize(c + 0.1f))));
        s.geometry = Obb{c, axes, glm::vec3(size(rng), size(rng), size(rng))};
        break;
      }
      case 2: s.geometry = Sphere{c, size(rng)}; break;
      default: s.geometry = Segment{c, c + glm::vec3(pos(rng), pos(rng), pos(rng))}; break;
    }
    return s;
  };
  int overlapping = 0, total = 0;
  for (const ViewMode view : {ViewMode::ThreeD, ViewMode::TwoD}) {
    for (int round = 0; round < 400; ++round) {
      Scene scene;
      scene.view = view;
      for (int k = 0; k < 4; ++k) scene.shapes.push_back(shape(k, view == ViewMode::TwoD && round % 4 != 0));
      for (size_t i = 0; i < scene.shapes.size(); ++i) {
        for (size_t j = 0; j < scene.shapes.size(); ++j) {
          if (i == j) continue;
          const PairResult r = evaluatePair(scene, i, j);
          ASSERT_EQ(pairOverlaps(scene, i, j), r.overlap) << r.code << " round " << round << " pair " << i << j;
          ++total;
          overlapping += r.overlap ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(overlapping, total / 10);
  EXPECT_LT(overlapping, total * 9 / 10);
  for (const auto& e : std::filesystem::recursive_directory_iterator(repoPath("scenes"))) {
    if (e.path().extension() != ".json" || e.path().string().find("stress") != std::string::npos) continue;
    const SceneLoadResult loaded = loadScene(e.path().string());
    for (size_t i = 0; i < loaded.scene.shapes.size(); ++i) {
      for (size_t j = i + 1; j < loaded.scene.shapes.size(); ++j) {
        EXPECT_EQ(pairOverlaps(loaded.scene, i, j), evaluatePair(loaded.scene, i, j).overlap) << e.path();
      }
    }
  }
}

}  // namespace
}  // namespace satlab::test
