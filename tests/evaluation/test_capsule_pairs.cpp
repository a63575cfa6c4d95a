// Capsule pairs in a scene: the pair table gives each pair with a capsule its capsule test,
// the capsule as the test's A whatever the file order (but against a mesh), and the
// verdict, the gap and the closest points come from that test; the explorer's trace is the
// same test's record.
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_trace.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>

namespace satlab {
namespace {

using test::parse;

const char* kShapes = R"({"version": 1, "shapes": [
  {"name": "box", "type": "aabb", "center": [0, -0.5, 0], "half_extents": [3, 0.5, 3]},
  {"name": "hero", "type": "capsule", "p0": [0, 0.5, 0], "p1": [0, 1.5, 0], "radius": 0.5},
  {"name": "ball", "type": "sphere", "center": [2, 1, 0], "radius": 0.5},
  {"name": "crate", "type": "obb", "center": [-2, 1, 0], "half_extents": [0.5, 0.5, 0.5], "euler_deg": [0, 45, 0]},
  {"name": "rope", "type": "segment", "p0": [0, 3, -1], "p1": [0, 3, 1]},
  {"name": "ramp", "type": "triangle", "points": [[1, 0, 1], [3, 0, 1], [1, 2, 1]]},
  {"name": "other", "type": "capsule", "p0": [0.9, 0.5, 0], "p1": [0.9, 2, 0], "radius": 0.4}]})";

TEST(CapsulePairs, EachPairTakesItsCapsuleTest) {
  const Scene s = parse(kShapes);
  struct Want {
    size_t a, b;
    TestId test;
    std::string_view code;
    bool overlap;
  };
  const Want wants[] = {
      {0, 1, TestId::CapsuleAabb, "capsule_aabb", true},           // standing on the box
      {1, 2, TestId::CapsuleSphere, "capsule_sphere", false},      // 2 - 0.5 - 0.5 apart
      {1, 3, TestId::CapsuleObb, "capsule_obb", false},            // the crate's corner is 2 - 0.707 away
      {1, 4, TestId::CapsuleSegment, "capsule_segment", false},    // the rope 1.5 above the top
      {1, 5, TestId::CapsuleTriangle, "capsule_triangle", false},  // the ramp's edge sqrt(2) away
      {1, 6, TestId::CapsuleCapsule, "capsule_capsule", true},     // 0.9 apart, radii 0.9: touching
  };
  for (const Want& w : wants) {
    SCOPED_TRACE(std::string(w.code));
    const PairResult r = evaluatePair(s, w.a, w.b);
    EXPECT_EQ(r.test, w.test);
    EXPECT_EQ(r.code, w.code);
    EXPECT_EQ(r.overlap, w.overlap);
    EXPECT_EQ(pairOverlaps(s, w.a, w.b), w.overlap);
    ASSERT_TRUE(r.distance.has_value());
    if (w.overlap) {
      EXPECT_EQ(*r.distance, 0.0f);
    }
    // Asked the other way round: the same test, the same verdict, the points exchanged.
    const PairResult back = evaluatePair(s, w.b, w.a);
    EXPECT_EQ(back.test, w.test);
    EXPECT_EQ(back.overlap, w.overlap);
    ASSERT_TRUE(r.closestOnA && back.closestOnB);
    EXPECT_EQ(*r.closestOnA, *back.closestOnB);
  }
  // The gaps: ball 2 - 1 = 1; rope: the top of the core at y 1.5, the rope at 3, 1.5 - 0.5; ramp.
  EXPECT_NEAR(*evaluatePair(s, 1, 2).distance, 1.0f, 1e-6f);
  EXPECT_NEAR(*evaluatePair(s, 1, 4).distance, 1.0f, 1e-6f);
  EXPECT_NEAR(*evaluatePair(s, 1, 5).distance, std::sqrt(2.0f) - 0.5f, 1e-6f);  // its edge x = 1 at z = 1
}

TEST(CapsulePairs, TheExplorerShowsTheCapsuleTestsOwnRecord) {
  const Scene s = parse(kShapes);
  const PairTrace t = tracePair(s, 6, 1, ExplorerOptions{});
  EXPECT_EQ(t.test, TestId::CapsuleCapsule);
  EXPECT_EQ(t.kind, ExplorerKind::SegmentSegment);
  EXPECT_TRUE(t.capsulePair);
  EXPECT_EQ(t.shapeA, 1);  // the earlier capsule in the file is A
  EXPECT_EQ(t.capsule.test, TestId::CapsuleCapsule);
  EXPECT_FALSE(t.segSeg.steps.empty());
  EXPECT_EQ(t.overlap, evaluatePair(s, 1, 6).overlap);
  EXPECT_EQ(t.radiusA, 0.5f);
  EXPECT_EQ(t.radiusB, 0.4f);
  const PairTrace box = tracePair(s, 0, 1, ExplorerOptions{});
  EXPECT_EQ(box.test, TestId::CapsuleAabb);
  EXPECT_EQ(box.shapeA, 1);
  EXPECT_TRUE(box.overlap);
  EXPECT_GE(box.capsule.bestRow, 0);
  EXPECT_EQ(box.kind, ExplorerKind::Capsule);  // the candidates of closest features, stepped
  EXPECT_EQ(box.capsule.rows.size(), 14u);     // standing on it, its segment a radius above: p0, p1, 12 edges
  EXPECT_EQ(box.capsule.rows[std::size_t(box.capsule.bestRow)].feature, "p0");
  const PairTrace crate = tracePair(s, 1, 3, ExplorerOptions{});
  EXPECT_EQ(crate.kind, ExplorerKind::Capsule);
  EXPECT_EQ(crate.capsule.rows.size(), 14u);  // p0, p1 and the 12 edges
  EXPECT_EQ(crate.overlap, evaluatePair(s, 1, 3).overlap);
}

TEST(CapsulePairs, InATwoDimensionalSceneTheCapsuleTakesThe3dTests) {
  const Scene s = parse(R"({"version": 1, "view": "2d", "shapes": [
    {"name": "wall", "type": "aabb", "center": [0, 0], "half_extents": [1, 1]},
    {"name": "stadium", "type": "capsule", "p0": [1.5, -1], "p1": [1.5, 1], "radius": 0.5}]})");
  const PairResult r = evaluatePair(s, 0, 1);
  EXPECT_EQ(r.test, TestId::CapsuleAabb);
  EXPECT_TRUE(r.overlap);  // touching the wall's right side
}

TEST(CapsulePairs, ExpectationsHoldForCapsules) {
  Scene s = parse(kShapes);
  s.expect.push_back(Expectation{"hero", "box", true, std::nullopt, std::nullopt});
  s.expect.push_back(Expectation{"hero", "ball", false, std::nullopt, std::nullopt});
  EXPECT_TRUE(checkExpectations(s).empty());
  s.expect.push_back(Expectation{"hero", "ramp", true, std::nullopt, std::nullopt});
  EXPECT_EQ(checkExpectations(s).size(), 1u);
}

}  // namespace
}  // namespace satlab
