// The board pictures' geometry (model/board_geometry.hpp) without a display: the two edges
// behind an edge x edge axis are the ones that face the separating plane.
#include "model/board_geometry.hpp"

#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace satlab::test {
namespace {

Scene lesson(const std::string& file) {
  SceneLoadResult r = loadScene(std::string(SATLAB_SOURCE_DIR) + "/scenes/lessons/" + file);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

/// The signed distance of `p` from the plane, positive on B's side.
float side(const SeparatingPlane& plane, const glm::vec3& p) { return glm::dot(p - plane.center, plane.normal); }

TEST(CrossAxisEdgesModel, TheEdgesOfLessonEightsCrossAxisTouchTheSeparatingPlanesSlab) {
  // Lesson 8: two OBBs that only A2xB1 separates. A's edge along A2 and B's along B1 are the
  // two closest to each other across the plane: each lies at half the gap from it, on its
  // own side, and every other corner of its box lies farther away.
  const Scene scene = lesson("08_obb_obb_edge_axis.json");
  ExplorerOptions o;
  o.mode = SatMode::Full;
  const PairTrace t = tracePair(scene, 0, 1, o);
  const int row = crossEdgesRow(t, -1, true);
  ASSERT_GE(row, 0);
  EXPECT_EQ(std::string(label(t.sat.rows[static_cast<size_t>(row)].id)), "A2xB1");
  const std::optional<SeparatingPlane> plane = separatingPlane(scene, t, row);
  const std::optional<CrossEdges> e = crossAxisEdges(scene, t, row);
  ASSERT_TRUE(plane);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->axisA, "A2");
  EXPECT_EQ(e->axisB, "B1");
  const SatAxisRow& r = t.sat.rows[static_cast<size_t>(row)];
  const float halfGap = 0.5f * (r.minB > r.maxA ? r.minB - r.maxA : r.minA - r.maxB);
  ASSERT_GT(halfGap, 0.0f);
  const float tol = 1e-4f;
  for (const glm::vec3& p : {e->a0, e->a1}) EXPECT_NEAR(side(*plane, p), -halfGap, tol);
  for (const glm::vec3& p : {e->b0, e->b1}) EXPECT_NEAR(side(*plane, p), halfGap, tol);
  for (glm::vec3 p : supportPoints(scene.shapes[static_cast<size_t>(t.shapeA)])) {
    EXPECT_LE(side(*plane, p), -halfGap + tol);
  }
  for (glm::vec3 p : supportPoints(scene.shapes[static_cast<size_t>(t.shapeB)])) {
    EXPECT_GE(side(*plane, p), halfGap - tol);
  }
}

TEST(CrossAxisEdgesModel, AFaceAxisHasNoCrossEdges) {
  const Scene scene = lesson("08_obb_obb_edge_axis.json");
  ExplorerOptions o;
  o.mode = SatMode::Full;
  const PairTrace t = tracePair(scene, 0, 1, o);
  EXPECT_EQ(crossEdgesRow(t, 0, false), -1);  // A0: a face axis, nothing revealed
  EXPECT_FALSE(crossAxisEdges(scene, t, 0));
}

TEST(CrossAxisEdgesModel, AnObbEdgeAndTheSegmentForABoxAxisCrossD) {
  // An OBB turned 30 degrees about Z and a segment in the XY plane that passes its (+A0, +A1)
  // vertical edge just outside: the slab test is the pair's, its SAT twin the OBB-segment
  // SAT, on which only A2 x d separates.
  const float c = std::cos(0.5235988f), s = std::sin(0.5235988f);
  Scene scene;
  SceneShape box;
  box.name = "box";
  box.geometry =
      Obb{glm::vec3(0.0f), glm::mat3(glm::vec3(c, s, 0), glm::vec3(-s, c, 0), glm::vec3(0, 0, 1)), glm::vec3(1.0f)};
  SceneShape seg;
  seg.name = "seg";
  // In the box's frame (1.6, 0.5, 0) to (0.5, 1.6, 0): past the edge by 0.1 / sqrt(2).
  const Obb& o = std::get<Obb>(box.geometry);
  seg.geometry = Segment{o.axes * glm::vec3(1.6f, 0.5f, 0.0f), o.axes * glm::vec3(0.5f, 1.6f, 0.0f)};
  scene.shapes = {box, seg};
  ExplorerOptions o2;
  o2.mode = SatMode::Full;
  const PairTrace slab = tracePair(scene, 0, 1, o2);
  EXPECT_EQ(slab.test, TestId::SegmentObb);
  EXPECT_EQ(slab.satTwin, TestId::ObbSegment);
  EXPECT_FALSE(slab.overlap);
  o2.preferSlab = false;
  const PairTrace t = tracePair(scene, 1, 0, o2);
  ASSERT_EQ(t.kind, ExplorerKind::Sat);
  EXPECT_EQ(t.test, TestId::ObbSegment);
  EXPECT_EQ(t.planned, TestId::SegmentObb);
  ASSERT_FALSE(t.overlap);
  const int row = separatingPlaneRow(t, 0, true);
  ASSERT_GE(row, 0);
  EXPECT_EQ(std::string(label(t.sat.rows[static_cast<size_t>(row)].id)), "A2xd");
  const std::optional<CrossEdges> e = crossAxisEdges(scene, t, row);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->axisA, "A2");
  EXPECT_EQ(e->axisB, "d");
  // The box's edge along A2 at (+1, +1) in its frame.
  const glm::vec3 corner = o.axes * glm::vec3(1.0f, 1.0f, 0.0f);
  EXPECT_NEAR(e->a0.x, corner.x, 1e-5f);
  EXPECT_NEAR(e->a0.y, corner.y, 1e-5f);
  EXPECT_NEAR(std::abs(e->a1.z - e->a0.z), 2.0f, 1e-5f);
  // The pairs panel and check name the same axis for the slab test's miss, in the pair's
  // own roles: asked as segment then box, the box is B.
  const PairResult r = evaluatePair(scene, 0, 1);
  ASSERT_TRUE(r.separatingAxis);
  EXPECT_EQ(std::string(label(r.separatingAxis->id)), "A2xd");
  const PairResult turned = evaluatePair(scene, 1, 0);
  ASSERT_TRUE(turned.separatingAxis);
  EXPECT_EQ(std::string(label(inTestRoles(turned, turned.separatingAxis->id))), "A2xd");
}

}  // namespace
}  // namespace satlab::test
