// Hull pairs in a scene: the pair table gives each pair with a hull its GJK/EPA row, the hull
// as the test's A whatever the file order (but against a mesh, walked through the mesh's
// tree); the verdict, the gap, the closest points and the depth come from that test,
// turned round into the file's order; the explorer's trace is the same run's record; the
// GoogleTest export writes the hull's corners.
#include "document/scene_load.hpp"
#include "evaluation/convex_measure.hpp"
#include "evaluation/export_gtest.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_trace.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>

namespace satlab {
namespace {

using test::parse;

// A unit cube hull at the origin (without a hull builder: its points are its corners) and
// one of each other shape around it.
const char* kShapes = R"({"version": 1, "shapes": [
  {"name": "box", "type": "aabb", "center": [3, 0, 0], "half_extents": [0.5, 0.5, 0.5]},
  {"name": "cube", "type": "hull", "points": [[-1,-1,-1],[1,-1,-1],[-1,1,-1],[1,1,-1],[-1,-1,1],[1,-1,1],[-1,1,1],[1,1,1]]},
  {"name": "ball", "type": "sphere", "center": [0, 2.5, 0], "radius": 1},
  {"name": "crate", "type": "obb", "center": [0, 0, 2.2], "half_extents": [0.5, 0.5, 0.5], "euler_deg": [0, 0, 45]},
  {"name": "rope", "type": "segment", "p0": [-3, -3, 0], "p1": [-3, 3, 0]},
  {"name": "ramp", "type": "triangle", "points": [[0, -1.5, -2], [0, -1.5, 2], [0, -3, 0]]},
  {"name": "hero", "type": "capsule", "p0": [-2, 0, -1], "p1": [-2, 0, 1], "radius": 0.5},
  {"name": "gem", "type": "hull", "points": [[0,0,1],[0,0,-1],[1,0,0],[-1,0,0],[0,1,0],[0,-1,0]], "center": [2.5, 2.5, 0]},
  {"name": "plate", "type": "mesh", "vertices": [[-2,-2,-1.5],[2,-2,-1.5],[0,2,-1.5]], "triangles": [[0,1,2]]}]})";

TEST(HullPairs, EachPairTakesItsGjkRowWithTheHullAsA) {
  const Scene s = parse(kShapes);
  struct Want {
    size_t a, b;
    TestId test;
    std::string_view code;
    bool overlap;
    float distance;
  };
  const Want wants[] = {
      {0, 1, TestId::HullAabb, "gjk_hull_aabb", false, 1.5f},        // the box listed first: turned round
      {1, 2, TestId::HullSphere, "gjk_hull_sphere", false, 0.5f},    // 2.5 - 1 - 1
      {1, 3, TestId::HullObb, "gjk_hull_obb", false, 0.7f},          // 2.2 - 0.5 - 1
      {1, 4, TestId::HullSegment, "gjk_hull_segment", false, 2.0f},  // the rope at x = -3
      {1, 5, TestId::HullTriangle, "gjk_hull_triangle", false, 0.5f},
      {1, 6, TestId::HullCapsule, "gjk_hull_capsule", false, 0.5f},  // the core at x = -2, radius 0.5
      {1, 7, TestId::HullHull, "gjk_hull_hull", false, 0.0f},
  };
  for (const Want& w : wants) {
    SCOPED_TRACE(std::string(w.code));
    const PairResult r = evaluatePair(s, w.a, w.b);
    EXPECT_EQ(r.test, w.test);
    EXPECT_EQ(r.code, w.code);
    EXPECT_EQ(r.overlap, w.overlap);
    EXPECT_EQ(pairOverlaps(s, w.a, w.b), w.overlap);
    ASSERT_TRUE(r.distance.has_value());
    if (w.test != TestId::HullHull) {
      EXPECT_NEAR(*r.distance, w.distance, 1e-5f);
    }
    // The same numbers as GJK/EPA measures beside any test, in the file's order.
    const std::optional<ConvexResult> m = measureConvexPair(s.shapes[w.a], s.shapes[w.b], s.view);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->overlap, r.overlap);
    EXPECT_NEAR(m->distance, *r.distance, 1e-5f);
    ASSERT_TRUE(r.closestOnA && r.closestOnB);
    EXPECT_NEAR(glm::length(*r.closestOnA - m->pointA), 0.0f, 1e-5f);  // on the first shape listed
    EXPECT_NEAR(glm::length(*r.closestOnB - m->pointB), 0.0f, 1e-5f);
  }
  // The box listed first: the closest point on the box is on its face at x = 2.5.
  const PairResult r = evaluatePair(s, 0, 1);
  EXPECT_TRUE(r.swapped);
  EXPECT_NEAR(r.closestOnA->x, 2.5f, 1e-6f);
  EXPECT_NEAR(r.closestOnB->x, 1.0f, 1e-6f);
}

TEST(HullPairs, AnOverlappingPairGivesEpasDepthAndNormal) {
  const Scene s = parse(R"({"version": 1, "shapes": [
    {"name": "cube", "type": "hull", "points": [[-1,-1,-1],[1,-1,-1],[-1,1,-1],[1,1,-1],[-1,-1,1],[1,-1,1],[-1,1,1],[1,1,1]]},
    {"name": "crate", "type": "aabb", "center": [1.3, 0.1, 0], "half_extents": [0.5, 0.5, 0.5]}]})");
  const PairResult r = evaluatePair(s, 0, 1);
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.penetration.has_value());
  EXPECT_NEAR(r.penetration->depth, 0.2f, 1e-5f);
  EXPECT_NEAR(r.penetration->axis.x, 1.0f, 1e-5f);
  // The explorer's trace: GJK's iterations, then EPA's expansions, the same verdict.
  const PairTrace t = tracePair(s, 0, 1, ExplorerOptions{});
  EXPECT_EQ(t.kind, ExplorerKind::Gjk);
  EXPECT_EQ(t.test, TestId::HullAabb);
  EXPECT_TRUE(t.overlap);
  EXPECT_FALSE(t.gjk.iterations.empty());
  EXPECT_FALSE(t.gjk.expansions.empty());
  EXPECT_EQ(t.gjk.epaEnd, EpaEnd::Converged);
  EXPECT_EQ(t.convexResult.depth, t.gjk.result.depth);
  ASSERT_TRUE(t.beside.has_value());
  EXPECT_NEAR(t.beside->depth, 0.2f, 1e-5f);
}

TEST(HullPairs, AMeshAgainstAHullWalksTheMeshTree) {
  const Scene s = parse(kShapes);
  const PairResult r = evaluatePair(s, 1, 8);  // the cube's bottom at z = -1, the plate at -1.5
  EXPECT_EQ(r.test, TestId::MeshHull);
  EXPECT_FALSE(r.overlap);
  ASSERT_TRUE(r.mesh.has_value());
  EXPECT_GE(r.mesh->nodeTests, 1u);
  EXPECT_FALSE(measureConvexPair(s.shapes[1], s.shapes[8], s.view).has_value());  // a mesh is not convex
}

TEST(HullPairs, TheExportWritesTheHullsCorners) {
  const Scene s = parse(kShapes);
  const std::string code = exportPairAsGTest(s, 1, 3);
  EXPECT_NE(code.find("const satlab::ConvexHull a{{"), std::string::npos) << code;
  EXPECT_NE(code.find("satlab::hullObb(a, b)"), std::string::npos) << code;
}

}  // namespace
}  // namespace satlab
