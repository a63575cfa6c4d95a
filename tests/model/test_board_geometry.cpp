// The board pictures' geometry (model/board_geometry.hpp) without a display: the two edges
// behind an edge x edge axis are the ones that face the separating plane.
#include "model/board_geometry.hpp"

#include "document/scene_load.hpp"

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

}  // namespace
}  // namespace satlab::test
