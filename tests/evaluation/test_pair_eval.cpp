// Pair evaluation: the right test for every pair of shape types, results read from the
// first shape to the second whatever order the core's function takes, and expectations.
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>

namespace satlab::test {
namespace {

constexpr float kTol = 1e-5f;

TEST(PairEval, EveryTypePairGetsItsTest) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"o","type":"obb","center":[5,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,30]},
    {"name":"s","type":"sphere","center":[0,5,0],"radius":1},
    {"name":"g","type":"segment","p0":[-3,0,0],"p1":[3,0,0]}]})");
  const std::vector<PairResult> pairs = evaluateAllPairs(s);
  ASSERT_EQ(pairs.size(), 6u);
  const char* expected[] = {"sat_aabb_obb",    "arvo_sphere_aabb", "slab_segment_aabb",
                            "arvo_sphere_obb", "slab_segment_obb", "segment_sphere"};
  for (size_t i = 0; i < pairs.size(); ++i) EXPECT_EQ(pairs[i].code, expected[i]) << i;
  // File order is kept: (a,o), (a,s), (a,g), (o,s), (o,g), (s,g).
  EXPECT_EQ(pairs[0].a, 0u);
  EXPECT_EQ(pairs[0].b, 1u);
  EXPECT_EQ(pairs[5].a, 2u);
  EXPECT_EQ(pairs[5].b, 3u);
}

TEST(PairEval, ObbBeforeAabbReadsFromTheObb) {
  // The same two boxes in both orders: the verdict agrees, the separating axis is the same
  // geometric axis with its roles' names swapped and its direction reversed.
  const std::string boxes[2] = {
      R"({"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})",
      R"({"name":"tilt","type":"obb","center":[3.5,0.2,0],"half_extents":[1,0.5,0.5],"euler_deg":[0,0,45]})"};
  const Scene ab = parse(R"({"version":1,"shapes":[)" + boxes[0] + "," + boxes[1] + "]}");
  const Scene ba = parse(R"({"version":1,"shapes":[)" + boxes[1] + "," + boxes[0] + "]}");
  const PairResult r1 = evaluatePair(ab, 0, 1);
  const PairResult r2 = evaluatePair(ba, 0, 1);
  ASSERT_FALSE(r1.overlap);
  ASSERT_FALSE(r2.overlap);
  ASSERT_TRUE(r1.separatingAxis && r2.separatingAxis);
  EXPECT_EQ(std::string(label(r1.separatingAxis->id)), "A0");  // the AABB's X axis separates
  EXPECT_EQ(std::string(label(r2.separatingAxis->id)), "B0");  // ... which is B's X when the AABB comes second
  EXPECT_NEAR(r1.separatingAxis->axis.x, 1.0f, kTol);          // from box towards tilt: +X
  EXPECT_NEAR(r2.separatingAxis->axis.x, -1.0f, kTol);         // from tilt towards box: -X
}

TEST(PairEval, SwappedEdgeCrossLabelsExchangeIndices) {
  // Two boxes separated first by an edge x edge axis (A2 x B1). Seen from the other side
  // that is B2 x A1 = -(A1 x B2) in the new names: label A1xB2, the axis reversed.
  Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"obb","center":[2.3,2.3,0],"half_extents":[1,1,1],"euler_deg":[0,45,45]}]})");
  const PairResult ab = evaluatePair(s, 0, 1);
  const PairResult ba = evaluatePair(s, 1, 0);
  ASSERT_FALSE(ab.overlap);
  ASSERT_FALSE(ba.overlap);
  ASSERT_TRUE(ab.separatingAxis && ba.separatingAxis);
  EXPECT_EQ(std::string(label(ab.separatingAxis->id)), "A2xB1");
  EXPECT_EQ(std::string(label(ba.separatingAxis->id)), "A1xB2");
  EXPECT_NEAR(glm::dot(ab.separatingAxis->axis, ba.separatingAxis->axis), -1.0f, 1e-4f);
}

TEST(PairEval, SegmentThroughABoxGivesItsTInterval) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"seg","type":"segment","p0":[-3,0,0],"p1":[3,0,0]}]})");
  const PairResult r = evaluatePair(s, 0, 1);
  EXPECT_TRUE(r.overlap);
  EXPECT_TRUE(r.segmentPair);
  ASSERT_TRUE(r.tEnter && r.tExit);
  EXPECT_NEAR(*r.tEnter, 1.0f / 3.0f, kTol);
  EXPECT_NEAR(*r.tExit, 2.0f / 3.0f, kTol);
}

TEST(PairEval, SegmentMissingABoxNamesTheSatAxis) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"seg","type":"segment","p0":[-3,2,0],"p1":[3,2,0]}]})");
  const PairResult r = evaluatePair(s, 0, 1);
  EXPECT_FALSE(r.overlap);
  EXPECT_FALSE(r.tEnter.has_value());
  ASSERT_TRUE(r.separatingAxis.has_value());
  EXPECT_EQ(std::string(label(r.separatingAxis->id)), "Y");
}

TEST(PairEval, SpheresReportGapAndPenetration) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"p","type":"sphere","center":[0,0,0],"radius":1},
    {"name":"q","type":"sphere","center":[3,0,0],"radius":1},
    {"name":"r","type":"sphere","center":[1.5,0,0],"radius":1}]})");
  const PairResult pq = evaluatePair(s, 0, 1);
  EXPECT_FALSE(pq.overlap);
  ASSERT_TRUE(pq.distance);
  EXPECT_NEAR(*pq.distance, 1.0f, kTol);
  const PairResult pr = evaluatePair(s, 0, 2);
  EXPECT_TRUE(pr.overlap);
  ASSERT_TRUE(pr.penetration);
  EXPECT_NEAR(pr.penetration->depth, 0.5f, kTol);
  EXPECT_NEAR(pr.penetration->axis.x, 1.0f, kTol);
}

TEST(PairEval, TwoDimensionalScenesUseThe2dTests) {
  const Scene s = parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"r","type":"aabb","center":[0,0],"half_extents":[1,1]},
    {"name":"t","type":"obb","center":[2.5,0],"half_extents":[1,0.5],"angle_deg":30},
    {"name":"c","type":"sphere","center":[0,3],"radius":0.5},
    {"name":"g","type":"segment","p0":[-2,0.5],"p1":[2,0.5]}]})");
  const std::vector<PairResult> pairs = evaluateAllPairs(s);
  ASSERT_EQ(pairs.size(), 6u);
  EXPECT_EQ(pairs[0].code, "sat2d_rect_orect");
  EXPECT_EQ(pairs[1].code, "arvo2d_circle_rect");
  EXPECT_EQ(pairs[2].code, "slab2d_segment_rect");
  EXPECT_EQ(pairs[3].code, "arvo2d_circle_orect");
  EXPECT_EQ(pairs[4].code, "slab2d_segment_orect");
  EXPECT_EQ(pairs[5].code, "circle_segment_2d");
  // The segment crosses the rect from x = -1 to 1: t from 1/4 to 3/4.
  ASSERT_TRUE(pairs[2].tEnter && pairs[2].tExit);
  EXPECT_NEAR(*pairs[2].tEnter, 0.25f, kTol);
  EXPECT_NEAR(*pairs[2].tExit, 0.75f, kTol);
}

TEST(PairEval, TiltedObbInA2dSceneFallsBackTo3d) {
  const Scene s = parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"r","type":"aabb","center":[0,0],"half_extents":[1,1]},
    {"name":"t","type":"obb","center":[3,0,0],"half_extents":[1,0.5,0.5],"euler_deg":[30,0,0]}]})");
  EXPECT_EQ(evaluatePair(s, 0, 1).code, "sat_aabb_obb");
}

TEST(PairEval, ExpectationsReportEveryMismatch) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[3,0,0],"half_extents":[1,1,1]}],
    "expect":[{"a":"a","b":"b","overlap":false,"separating_axis":"A0"},
              {"a":"a","b":"b","overlap":true},
              {"a":"b","b":"a","separating_axis":"A1"}]})");
  const std::vector<ExpectationMismatch> m = checkExpectations(s);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].index, 1u);
  EXPECT_NE(m[0].message.find("expected overlap, got separated on A0"), std::string::npos) << m[0].message;
  EXPECT_EQ(m[1].index, 2u);
  EXPECT_NE(m[1].message.find("expected separating axis A1"), std::string::npos) << m[1].message;
}

TEST(PairEval, AnAabbsFaceAxisCanBeExpectedByItsWorldName) {
  // A0 of an AABB is world X: "X" names it too, in 3D and for two rectangles in 2D (whose
  // axes were called X and Y before they were named as AABB-AABB's). It names no other axis.
  for (const char* view : {"3d", "2d"}) {
    const Scene s = parse(std::string(R"({"version":1,"view":")") + view + R"(","shapes":[
      {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
      {"name":"b","type":"aabb","center":[0,3,0],"half_extents":[1,1,1]},
      {"name":"t","type":"obb","center":[3.5,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,30]}],
      "expect":[{"a":"a","b":"b","separating_axis":"Y"},
                {"a":"a","b":"b","separating_axis":"A1"},
                {"a":"b","b":"a","separating_axis":"Y"},
                {"a":"a","b":"b","separating_axis":"X"},
                {"a":"t","b":"a","separating_axis":"X"}]})");
    const std::vector<ExpectationMismatch> m = checkExpectations(s);
    ASSERT_EQ(m.size(), 1u) << view << ": " << (m.empty() ? "" : m[0].message);
    EXPECT_EQ(m[0].index, 3u) << view << ": " << m[0].message;
    EXPECT_NE(m[0].message.find("expected separating axis X, got A1"), std::string::npos) << m[0].message;
  }
}

TEST(PairEval, ExpectationNamingARemovedShapeIsAMismatch) {
  // The loader rejects unknown names; a shape deleted in the app afterwards is reported.
  Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"aabb","center":[3,0,0],"half_extents":[1,1,1]}],
    "expect":[{"a":"a","b":"b","overlap":false}]})");
  s.shapes.pop_back();
  const std::vector<ExpectationMismatch> m = checkExpectations(s);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_NE(m[0].message.find("no shape called 'b'"), std::string::npos) << m[0].message;
}

TEST(PairEval, ExampleScenesMeetTheirOwnExpectations) {
  for (const char* name : {"scenes/default.json", "scenes/examples/two_boxes.json", "scenes/examples/mixed.json",
                           "scenes/examples/whiteboard_2d.json"}) {
    const SceneLoadResult r = loadScene(repoPath(name));
    ASSERT_TRUE(r.ok()) << name << ": " << (r.error ? r.error->text() : "");
    for (const ExpectationMismatch& m : checkExpectations(r.scene)) ADD_FAILURE() << name << ": " << m.message;
  }
}

}  // namespace
}  // namespace satlab::test
