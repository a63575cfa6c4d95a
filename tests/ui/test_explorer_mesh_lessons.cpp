// What lessons 11 to 14 tell students, checked on the lessons as shipped: the box and the
// triangle are apart on Zxe2 alone, the OBB tree walks the rod and ring in about a twentieth of the
// AABB tree's node tests, the turned L's AABB of its box is looser than its optimal AABB, and
// the bar's covariance OBB is turned off the bar while the area-weighted and minimum boxes are
// the bar itself.
#include "ui/explorer_mesh.hpp"

#include "document/scene_load.hpp"
#include "mesh/bounding_volumes.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

Scene lesson(const std::string& name) {
  SceneLoadResult r = loadScene(std::string(SATLAB_SOURCE_DIR) + "/scenes/lessons/" + name);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

int indexOf(const Scene& scene, const char* name) {
  const SceneShape* s = findShape(scene, name);
  return s ? static_cast<int>(s - scene.shapes.data()) : -1;
}

TEST(MeshLessons, OnlyACrossAxisSeparatesTheBoxAndTheTriangle) {
  const Scene scene = lesson("11_aabb_triangle_thirteen_axes.json");
  ExplorerOptions full;
  full.mode = SatMode::Full;
  const PairTrace t = tracePair(scene, indexOf(scene, "box"), indexOf(scene, "tri"), full);
  ASSERT_EQ(t.test, TestId::AabbTriangle);
  ASSERT_EQ(t.sat.rows.size(), 13u);
  EXPECT_FALSE(t.overlap);
  for (const SatAxisRow& r : t.sat.rows) {
    const std::string name(label(r.id));
    EXPECT_EQ(r.separating, name == "Zxe2") << name << " gap " << r.gap;
  }
  // The face axes and the normal overlap by a clear margin, not by a rounding.
  for (const SatAxisRow& r : t.sat.rows) {
    const std::string name(label(r.id));
    if (name == "X" || name == "Y" || name == "Z" || name == "n") {
      EXPECT_LT(r.gap, -0.4f) << name;
    }
  }
}

TEST(MeshLessons, TheObbTreeWalksTheRodAndRingInAFractionOfTheAabbTreesTests) {
  const Scene scene = lesson("12_a_tree_of_boxes.json");
  const PairTrace t = tracePair(scene, indexOf(scene, "ring"), indexOf(scene, "rod"), ExplorerOptions{});
  const MeshWalk aabb = runMeshWalk(scene, t, BvKind::Aabb, MeshQueryMode::FirstHit, 1e-6f);
  const MeshWalk obb = runMeshWalk(scene, t, BvKind::Obb, MeshQueryMode::FirstHit, 1e-6f);
  EXPECT_FALSE(t.overlap);
  EXPECT_EQ(obb.result.nodeTests, 11u);
  EXPECT_EQ(aabb.result.nodeTests, 213u);
  EXPECT_EQ(obb.result.triangleTests, 0u);  // the OBBs prove it without a triangle test
}

MeshFrameVolumes volumesOf(const Scene& scene, const char* name) {
  const SceneShape* s = findShape(scene, name);
  EXPECT_NE(s, nullptr);
  const MeshShape& m = std::get<MeshShape>(s->geometry);
  return buildMeshFrameVolumes(m.data->mesh, m.pose.scale);
}

TEST(MeshLessons, TheTurnedLsBoxesAreFigureTwos) {
  const Scene scene = lesson("13_where_boxes_come_from.json");
  const MeshPose pose = std::get<MeshShape>(findShape(scene, "L")->geometry).pose;
  const WorldVolumes w = placeVolumes(volumesOf(scene, "L"), pose);
  // Its own box is tightest, the optimal AABB looser, the AABB of the box looser still, the
  // cube loosest.
  EXPECT_LT(volumeOf(w.box), volumeOf(w.aabb));
  EXPECT_LT(volumeOf(w.aabb), volumeOf(w.aabbOfObb));
  EXPECT_LT(volumeOf(w.aabbOfObb), volumeOf(w.cube));
}

TEST(MeshLessons, TheDenseEndTurnsTheCovarianceBoxOnly) {
  const Scene scene = lesson("14_covariance_and_the_minimum_box.json");
  const MeshFrameVolumes v = volumesOf(scene, "bar");
  const double bar = 4.0;  // 4 x 1 x 1
  EXPECT_NEAR(volumeOf(v.obbAreaWeighted), bar, 1e-3);
  EXPECT_NEAR(volumeOf(v.obbMin), bar, 1e-3);
  EXPECT_GT(volumeOf(v.obbCovariance), 1.5 * bar);
}

}  // namespace
}  // namespace satlab::test
