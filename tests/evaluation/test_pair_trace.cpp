// The explorers' records: tracePair runs the very test the verdict comes from, in the core's
// argument order, and its rows are the core's own trace rows.
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_trace.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>

namespace satlab::test {
namespace {

const char* kBoxes = R"({"version":1,"shapes":[
  {"name":"tilt","type":"obb","center":[2.2,0.3,0.1],"half_extents":[1,0.5,0.4],"euler_deg":[10,20,30]},
  {"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]}]})";

TEST(PairTrace, RowsAreTheCoresTraceRowsInTheCoresOrder) {
  const Scene s = parse(kBoxes);
  ExplorerOptions opt;
  opt.mode = SatMode::Full;
  const PairTrace t = tracePair(s, 0, 1, opt);
  // The core takes the AABB first: A is "box" (index 1), B is "tilt" (index 0).
  EXPECT_EQ(t.shapeA, 1);
  EXPECT_EQ(t.shapeB, 0);
  ASSERT_EQ(t.kind, ExplorerKind::Sat);
  SatTrace direct;
  SatOptions so;
  so.mode = SatMode::Full;
  const SatResult r = satAabbObb(std::get<Aabb>(s.shapes[1].geometry), std::get<Obb>(s.shapes[0].geometry), direct, so);
  ASSERT_EQ(t.sat.rows.size(), direct.rows.size());
  for (size_t i = 0; i < direct.rows.size(); ++i) {
    EXPECT_EQ(std::string(label(t.sat.rows[i].id)), std::string(label(direct.rows[i].id)));
    EXPECT_EQ(t.sat.rows[i].gap, direct.rows[i].gap);
    EXPECT_EQ(t.sat.rows[i].minA, direct.rows[i].minA);
    EXPECT_EQ(t.sat.rows[i].maxB, direct.rows[i].maxB);
    EXPECT_EQ(t.sat.rows[i].separating, direct.rows[i].separating);
  }
  EXPECT_EQ(t.overlap, r.overlap);
  // And the verdict agrees with the pairs panel's.
  EXPECT_EQ(t.overlap, evaluatePair(s, 0, 1).overlap);
}

TEST(PairTrace, EarlyExitStopsAtTheFirstSeparatingRowAndFullKeepsGoing) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]},
    {"name":"b","type":"obb","center":[3,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,10]}]})");
  ExplorerOptions early;
  const PairTrace e = tracePair(s, 0, 1, early);
  ASSERT_FALSE(e.overlap);
  EXPECT_EQ(static_cast<int>(e.sat.rows.size()), e.sat.stopRow + 1);
  EXPECT_TRUE(e.sat.rows.back().separating);
  ExplorerOptions full;
  full.mode = SatMode::Full;
  const PairTrace f = tracePair(s, 0, 1, full);
  EXPECT_EQ(f.sat.rows.size(), 15u);
  EXPECT_EQ(f.sat.stopRow, e.sat.stopRow);
  EXPECT_EQ(std::string(label(f.satResult.separating)), std::string(label(e.satResult.separating)));
}

TEST(PairTrace, SegmentAndBoxOfferSlabOrSixAxisSat) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"g","type":"segment","p0":[-3,0.5,0],"p1":[3,0.5,0]},
    {"name":"b","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]}]})");
  ExplorerOptions slab;
  const PairTrace t = tracePair(s, 0, 1, slab);
  ASSERT_EQ(t.kind, ExplorerKind::Slab);
  EXPECT_EQ(t.shapeA, 1);  // the box
  ASSERT_EQ(t.slab.rows.size(), 3u);
  EXPECT_NEAR(t.slab.tmin, 1.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(t.slab.tmax, 2.0f / 3.0f, 1e-6f);
  EXPECT_TRUE(t.slab.rows[1].parallel);  // along X only: parallel to the Y and Z slabs
  ExplorerOptions sat;
  sat.preferSlab = false;
  const PairTrace u = tracePair(s, 0, 1, sat);
  ASSERT_EQ(u.kind, ExplorerKind::Sat);
  EXPECT_EQ(testName(u.test), "AABB-segment");
  EXPECT_TRUE(u.overlap);
}

TEST(PairTrace, TwoDimensionalRecordsBecomeThreeDimensionalOnes) {
  const Scene s = parse(R"({"version":1,"view":"2d","shapes":[
    {"name":"r","type":"aabb","center":[0,0],"half_extents":[1,1]},
    {"name":"t","type":"obb","center":[2.6,0],"half_extents":[1,0.5],"angle_deg":30}]})");
  ExplorerOptions opt;
  opt.mode = SatMode::Full;
  const PairTrace t = tracePair(s, 0, 1, opt);
  ASSERT_EQ(t.kind, ExplorerKind::Sat);
  EXPECT_TRUE(t.twoD);
  ASSERT_EQ(t.sat.rows.size(), 4u);
  for (const SatAxisRow& r : t.sat.rows) {
    EXPECT_FLOAT_EQ(r.axis.z, 0.0f);
    EXPECT_NEAR(glm::length(r.axis), 1.0f, 1e-6f);
  }
  EXPECT_EQ(std::string(label(t.sat.rows[0].id)), "A0");
  EXPECT_EQ(t.overlap, evaluatePair(s, 0, 1).overlap);
}

TEST(PairTrace, SphereAndBoxGiveArvoRowsSummingToTheSquaredDistance) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"b","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,45]},
    {"name":"s","type":"sphere","center":[3,0,0],"radius":1}]})");
  const PairTrace t = tracePair(s, 0, 1, ExplorerOptions{});
  ASSERT_EQ(t.kind, ExplorerKind::Closest);
  EXPECT_EQ(t.shapeA, 1);  // the sphere comes first in the core
  float sum = 0.0f;
  for (const ClosestAxisRow& r : t.closest.rows) sum += r.contribution;
  EXPECT_FLOAT_EQ(sum, t.closest.sum);
  EXPECT_NEAR(t.closestResult.distanceSquared, t.closest.sum, 1e-6f);
}

TEST(PairTrace, NothingToTraceForOneShapeOrBadIndices) {
  const Scene s = parse(kBoxes);
  EXPECT_EQ(tracePair(s, 0, 0, ExplorerOptions{}).kind, ExplorerKind::None);
  EXPECT_EQ(tracePair(s, 0, 7, ExplorerOptions{}).kind, ExplorerKind::None);
  EXPECT_EQ(tracePair(s, -1, 1, ExplorerOptions{}).kind, ExplorerKind::None);
}

}  // namespace
}  // namespace satlab::test
