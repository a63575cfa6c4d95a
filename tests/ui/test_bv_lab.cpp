// The bounding-volume lab's state (model/bv_lab.hpp) and its wires (ui/bv_lab_overlay.hpp),
// without a window: which selection makes it active, what it builds and keeps, the numbers
// it gives, the spin (what it does to the scene and to undo) and the spin plot.
#include "model/bv_lab.hpp"
#include "ui/bv_lab_overlay.hpp"
#include "ui/bv_lab_panel.hpp"

#include "document/lesson.hpp"
#include "document/mesh_shape.hpp"
#include "render/camera.hpp"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include <chrono>
#include <cmath>
#include <iterator>
#include <thread>

namespace satlab::test {
namespace {

constexpr float kPi = 3.14159265f;

/// A box [-hx, hx] x [-hy, hy] x [-hz, hz] as 12 triangles.
TriangleMesh boxMesh(float hx, float hy, float hz) {
  TriangleMesh m;
  for (int i = 0; i < 8; ++i) m.vertices.push_back({(i & 1) ? hx : -hx, (i & 2) ? hy : -hy, (i & 4) ? hz : -hz});
  m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
               2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
  return m;
}

/// The box with a fine grid of small triangles on its top face near one corner: the hull is
/// the box's, but most vertices crowd into that corner.
TriangleMesh boxWithDenseCorner() {
  TriangleMesh m = boxMesh(2.0f, 0.5f, 0.5f);
  const int n = 20;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; j <= n; ++j) {
      m.vertices.push_back({1.0f + 1.0f * i / n, 0.5f * j / n, 0.5f});
    }
  }
  auto at = [&](int i, int j) { return static_cast<std::uint32_t>(8 + i * (n + 1) + j); };
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      m.indices.insert(m.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      m.indices.insert(m.indices.end(), {at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  }
  return m;
}

Scene sceneWith(TriangleMesh mesh, const glm::mat3& axes = glm::mat3(1.0f)) {
  Scene scene;
  SceneShape box;
  box.name = "crate";
  box.geometry = Aabb{glm::vec3(5.0f, 0.0f, 0.0f), glm::vec3(0.5f)};
  scene.shapes.push_back(box);
  SceneShape s;
  s.name = "rod";
  MeshShape m;
  m.data = makeMeshData(std::move(mesh));
  m.pose.center = glm::vec3(1.0f, 2.0f, 3.0f);
  m.pose.axes = axes;
  s.geometry = m;
  scene.shapes.push_back(s);
  return scene;
}

MeshShape& meshOf(Scene& scene) { return std::get<MeshShape>(scene.shapes[1].geometry); }

glm::mat3 tilted() {
  return glm::mat3(glm::rotate(glm::mat4(1.0f), 0.5f, glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f))));
}

/// Frames (dt 0) until the volumes and the plot are ready, at most a few seconds.
void untilReady(BvLab& lab, Scene& scene, const std::vector<int>& selection) {
  for (int i = 0; i < 2000; ++i) {
    lab.frame(scene, selection, 0.0f);
    if (lab.state() == BvLab::State::Ready && lab.plot() != nullptr && lab.updateSeconds(LabRow::Aabb)) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  FAIL() << "the lab never became ready";
}

TEST(BvLab, IsActiveOnlyWhileOneMeshAloneIsSelected) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.2f));
  BvLab lab;
  for (const std::vector<int>& sel : {std::vector<int>{}, {0}, {0, 1}, {1, 0}, {7}, {-1}}) {
    lab.frame(scene, sel, 0.0f);
    EXPECT_FALSE(lab.active()) << sel.size();
    EXPECT_EQ(lab.state(), BvLab::State::Inactive);
    EXPECT_EQ(lab.world(), nullptr);
    EXPECT_EQ(lab.report(scene), "");
  }
  lab.frame(scene, {1}, 0.0f);
  EXPECT_TRUE(lab.active());
  EXPECT_EQ(lab.shape(), 1);
}

TEST(BvLab, AHullAloneGetsItsBoundingVolumesAndAHullWithoutFacesNone) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.2f));
  // A hull whose surface is the box's (as the hull builder gives it): the lab takes its body.
  SceneShape h;
  h.name = "rock";
  HullShape hull;
  hull.body.data = makeMeshData(boxMesh(1.0f, 0.5f, 0.25f));
  h.geometry = hull;
  scene.shapes.push_back(h);
  BvLab lab;
  untilReady(lab, scene, {2});
  EXPECT_EQ(lab.shape(), 2);
  ASSERT_NE(lab.world(), nullptr);
  EXPECT_NE(lab.report(scene).find("rock"), std::string::npos) << lab.report(scene);
  // Two points without faces: no volumes to build.
  HullShape stick;
  TriangleMesh two;
  two.vertices = {{0, 0, 0}, {1, 1, 1}};
  stick.body.data = makeMeshData(std::move(two));
  scene.shapes[2].geometry = stick;
  lab.frame(scene, {2}, 0.0f);
  EXPECT_FALSE(lab.active());
}

TEST(BvLab, GivesEveryVolumeWithItsRatioToTheHullAndItsCosts) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.3f), tilted());
  BvLab lab;
  untilReady(lab, scene, {1});
  const double hull = lab.local()->hull.volume;
  EXPECT_NEAR(hull, 4.0 * 0.4 * 0.6, 1e-5);
  for (LabRow row : kAllLabRows) {
    ASSERT_TRUE(lab.hullRatio(row).has_value()) << labRowKey(row);
    EXPECT_GE(*lab.hullRatio(row), 1.0 - 1e-5) << labRowKey(row);  // nothing is smaller than the hull
    ASSERT_TRUE(lab.updateSeconds(row).has_value()) << labRowKey(row);
    EXPECT_GT(*lab.updateSeconds(row), 0.0) << labRowKey(row);
    EXPECT_LT(*lab.updateSeconds(row), 0.01) << labRowKey(row);
  }
  // A box is its own minimum OBB and its own mesh box; its covariance OBB fits it too.
  EXPECT_NEAR(lab.volume(LabRow::ObbMin), hull, 1e-4);
  EXPECT_NEAR(lab.volume(LabRow::ModelObb), hull, 1e-4);
  EXPECT_NEAR(lab.volume(LabRow::ObbAreaWeighted), hull, 1e-4);
  // Turned, the optimal AABB is looser than the box, the AABB of the box looser still, and
  // the cube loosest of the boxes.
  EXPECT_GT(lab.volume(LabRow::Aabb), hull * 1.1);
  EXPECT_GE(lab.volume(LabRow::AabbOfObb), lab.volume(LabRow::Aabb) * (1.0 - 1e-6));
  EXPECT_GT(lab.volume(LabRow::Cube), lab.volume(LabRow::AabbOfObb));
  EXPECT_GE(lab.volume(LabRow::SphereRitter), lab.volume(LabRow::SphereMin) * (1.0 - 1e-6));
  // Each volume is placed around the mesh where it stands.
  const WorldVolumes& w = *lab.world();
  EXPECT_NEAR(glm::length(w.aabb.center - glm::vec3(1.0f, 2.0f, 3.0f)), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(w.obbMin.center - glm::vec3(1.0f, 2.0f, 3.0f)), 0.0f, 1e-5f);
  // The report names every row with its numbers.
  const std::string report = lab.report(scene);
  EXPECT_NE(report.find("satlab: bv lab: rod: ready"), std::string::npos) << report;
  EXPECT_NE(report.find("plot ready, costs measured\n"), std::string::npos) << report;
  for (LabRow row : kAllLabRows) {
    EXPECT_NE(report.find(std::string("satlab: bv lab: ") + labRowKey(row) + " shown 1 volume "), std::string::npos)
        << report;
  }
}

TEST(BvLab, ALessonNamesItsRowsByTheirReportKeys) {
  // document/lesson.hpp's list of the names a lesson's "volumes" may hold is the lab's rows.
  ASSERT_EQ(std::size(kLessonVolumeKeys), kLabRows);
  for (std::size_t i = 0; i < kLabRows; ++i) EXPECT_STREQ(kLessonVolumeKeys[i], labRowKey(kAllLabRows[i]));
}

TEST(BvLab, KeepsWhatItBuiltPerMeshAndScaleAndBuildsAgainForANewScale) {
  Scene scene = sceneWith(boxMesh(1.0f, 0.5f, 0.25f));
  BvLab lab;
  untilReady(lab, scene, {1});
  const MeshFrameVolumes* first = lab.local();
  const double v1 = lab.volume(LabRow::ObbMin);
  // Moving and turning the mesh builds nothing again.
  meshOf(scene).pose.center += glm::vec3(3.0f);
  meshOf(scene).pose.axes = tilted();
  lab.frame(scene, {1}, 0.0f);
  EXPECT_EQ(lab.local(), first);
  // A new scale does: the volumes of the scaled vertices.
  meshOf(scene).pose.scale = glm::vec3(2.0f, 1.0f, 1.0f);
  untilReady(lab, scene, {1});
  EXPECT_NE(lab.local(), first);
  EXPECT_NEAR(lab.volume(LabRow::ObbMin), 2.0 * v1, 1e-4);
  // Back to the first scale, and away and back again: what was built is kept.
  meshOf(scene).pose.scale = glm::vec3(1.0f);
  lab.frame(scene, {0}, 0.0f);
  EXPECT_FALSE(lab.active());
  lab.frame(scene, {1}, 0.0f);
  EXPECT_EQ(lab.state(), BvLab::State::Ready);
  EXPECT_EQ(lab.local(), first);
}

TEST(BvLab, SpinningTurnsTheMeshAboutTheVerticalWithoutAnUndoStepUntilItStops) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.3f), tilted());
  BvLab lab;
  untilReady(lab, scene, {1});
  const glm::mat3 before = meshOf(scene).pose.axes;
  const glm::vec3 center = meshOf(scene).pose.center;
  const double cube = lab.volume(LabRow::Cube), aabb = lab.volume(LabRow::Aabb);
  lab.setSpinning(true);
  BvLab::Edit e = lab.frame(scene, {1}, 0.1f);
  EXPECT_TRUE(lab.spinning());
  EXPECT_TRUE(e.changed);
  EXPECT_FALSE(e.stepFinished);
  const glm::mat3 expect =
      glm::mat3(glm::rotate(glm::mat4(1.0f), 0.1f * kSpinRadiansPerSecond, glm::vec3(0.0f, 0.0f, 1.0f))) * before;
  for (int c = 0; c < 3; ++c) EXPECT_LT(glm::length(meshOf(scene).pose.axes[c] - expect[c]), 1e-5f) << c;
  EXPECT_EQ(meshOf(scene).pose.center, center);
  EXPECT_NEAR(lab.spinAngle(), 0.1f * kSpinRadiansPerSecond, 1e-6f);
  // The optimal AABB follows the turn; the cube does not change.
  EXPECT_EQ(lab.volume(LabRow::Cube), cube);
  EXPECT_NE(lab.volume(LabRow::Aabb), aabb);
  // A frame that took long (the window was dragged) turns no more than a tenth of a second's.
  e = lab.frame(scene, {1}, 5.0f);
  EXPECT_TRUE(e.changed);
  EXPECT_FALSE(e.stepFinished);
  EXPECT_NEAR(lab.spinAngle(), 0.2f * kSpinRadiansPerSecond, 1e-6f);
  // Stopping leaves the mesh where it is, as one undo step.
  const glm::mat3 spun = meshOf(scene).pose.axes;
  lab.setSpinning(false);
  e = lab.frame(scene, {1}, 0.5f);
  EXPECT_FALSE(lab.spinning());
  EXPECT_TRUE(e.stepFinished);
  EXPECT_EQ(meshOf(scene).pose.axes, spun);
  e = lab.frame(scene, {1}, 0.5f);
  EXPECT_FALSE(e.changed);
  EXPECT_FALSE(e.stepFinished);
  EXPECT_EQ(meshOf(scene).pose.axes, spun);
}

TEST(BvLab, AMeshTurnsAboutTheMiddleOfItsBoxWhereverItsOriginIs) {
  TriangleMesh m = boxMesh(2.0f, 0.2f, 0.3f);
  for (glm::vec3& v : m.vertices) v += glm::vec3(2.0f, 0.2f, 0.3f);  // the origin at a corner
  Scene scene = sceneWith(m, tilted());
  meshOf(scene).pose.scale = glm::vec3(1.5f);
  BvLab lab;
  untilReady(lab, scene, {1});
  const glm::vec3 middle = meshOf(scene).pose.toWorld(glm::vec3(2.0f, 0.2f, 0.3f));
  lab.setSpinning(true);
  for (int i = 0; i < 20; ++i) lab.frame(scene, {1}, 0.1f);
  EXPECT_GT(lab.spinAngle(), 1.0f);
  EXPECT_LT(glm::length(meshOf(scene).pose.toWorld(glm::vec3(2.0f, 0.2f, 0.3f)) - middle), 1e-4f);
  // Moving the mesh (the gizmo) stops the spin too.
  meshOf(scene).pose.center += glm::vec3(1.0f, 0.0f, 0.0f);
  const BvLab::Edit e = lab.frame(scene, {1}, 0.1f);
  EXPECT_FALSE(lab.spinning());
  EXPECT_FALSE(e.stepFinished);
}

TEST(BvLab, AnotherEditOfTheRotationStopsTheSpinAndStands) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.3f));
  BvLab lab;
  untilReady(lab, scene, {1});
  lab.setSpinning(true);
  lab.frame(scene, {1}, 0.1f);
  ASSERT_TRUE(lab.spinning());
  // The gizmo (or undo) sets a rotation of its own.
  meshOf(scene).pose.axes = tilted();
  const BvLab::Edit e = lab.frame(scene, {1}, 0.1f);
  EXPECT_FALSE(lab.spinning());
  EXPECT_FALSE(e.changed);
  EXPECT_FALSE(e.stepFinished);  // the gizmo's edit makes its own step
  EXPECT_EQ(meshOf(scene).pose.axes, tilted());
  EXPECT_EQ(lab.spinAngle(), 0.0f);
}

TEST(BvLab, DeselectingASpinningMeshLeavesItTurnedAsOneStep) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.3f));
  BvLab lab;
  untilReady(lab, scene, {1});
  lab.setSpinning(true);
  lab.frame(scene, {1}, 0.3f);
  const glm::mat3 spun = meshOf(scene).pose.axes;
  const BvLab::Edit e = lab.frame(scene, {0}, 0.3f);
  EXPECT_FALSE(lab.active());
  EXPECT_FALSE(lab.spinning());
  EXPECT_TRUE(e.stepFinished);
  EXPECT_EQ(meshOf(scene).pose.axes, spun);
  // Selected again, it does not spin on its own.
  lab.frame(scene, {1}, 0.3f);
  EXPECT_FALSE(lab.spinning());
  EXPECT_EQ(meshOf(scene).pose.axes, spun);
}

TEST(BvLab, ThePlotHasTheCubeFlatAndTheAabbOfTheObbNeverBelowTheOptimalAabb) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.3f), tilted());
  BvLab lab;
  untilReady(lab, scene, {1});
  const BvLab::Plot& plot = *lab.plot();
  ASSERT_EQ(plot.angles.size(), static_cast<std::size_t>(kSpinPlotSamples));
  const auto& cube = plot.volumes[static_cast<std::size_t>(LabRow::Cube)];
  const auto& aabb = plot.volumes[static_cast<std::size_t>(LabRow::Aabb)];
  const auto& ofObb = plot.volumes[static_cast<std::size_t>(LabRow::AabbOfObb)];
  const auto& minObb = plot.volumes[static_cast<std::size_t>(LabRow::ObbMin)];
  const double hull = lab.local()->hull.volume;
  double lo = 1e30, hi = 0.0;
  for (std::size_t k = 0; k < plot.angles.size(); ++k) {
    EXPECT_EQ(cube[k], cube[0]);
    EXPECT_NEAR(minObb[k], minObb[0], 1e-4 * minObb[0]);
    EXPECT_GE(ofObb[k], aabb[k] * (1.0 - 1e-6)) << k;
    EXPECT_GE(aabb[k], hull * (1.0 - 1e-5)) << k;
    lo = std::min(lo, aabb[k]);
    hi = std::max(hi, aabb[k]);
  }
  EXPECT_GT(hi, lo * 1.2);  // the optimal AABB wobbles as the rod turns
  // At angle 0 the plot is the table.
  EXPECT_NEAR(aabb[0], lab.volume(LabRow::Aabb), 1e-5 * aabb[0]);
  // A new axis plots again, from the rotation the mesh has.
  lab.setSpinAxis(SpinAxis::WorldX);
  untilReady(lab, scene, {1});
  EXPECT_EQ(lab.spinAxis(), SpinAxis::WorldX);
  EXPECT_NEAR(lab.plot()->volumes[static_cast<std::size_t>(LabRow::Aabb)][0], lab.volume(LabRow::Aabb), 1e-5 * hi);
}

TEST(BvLab, ACornerOfDenseTrianglesPullsTheCovarianceObbButNotTheAreaWeightedOne) {
  Scene scene = sceneWith(boxWithDenseCorner());
  BvLab lab;
  untilReady(lab, scene, {1});
  const double hull = lab.local()->hull.volume;
  EXPECT_NEAR(hull, 4.0, 1e-4);
  EXPECT_NEAR(lab.volume(LabRow::ObbAreaWeighted), hull, 1e-3);
  ASSERT_TRUE(lab.covarianceOverAreaWeighted().has_value());
  EXPECT_GT(*lab.covarianceOverAreaWeighted(), 1.05);
}

TEST(BvLab, AFlatMeshHasNoRatiosAndNoNaN) {
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
  m.indices = {0, 1, 2, 1, 3, 2};
  Scene scene = sceneWith(m);
  BvLab lab;
  untilReady(lab, scene, {1});
  for (LabRow row : kAllLabRows) {
    EXPECT_FALSE(lab.hullRatio(row).has_value()) << labRowKey(row);
    EXPECT_TRUE(std::isfinite(lab.volume(row))) << labRowKey(row);
  }
  for (const auto& v : lab.plot()->volumes) {
    for (double x : v) EXPECT_TRUE(std::isfinite(x));
  }
}

TEST(BvLabOverlay, DrawsEachShownVolumeInItsColourAndNothingBeforeItIsReady) {
  Scene scene = sceneWith(boxMesh(2.0f, 0.2f, 0.3f), tilted());
  BvLab lab;
  LineBatch batch;
  OrbitCamera camera;
  camera.target = glm::vec3(1.0f, 2.0f, 3.0f);
  BvLabOverlayView view;
  view.setup = makeViewSetup(camera, ViewMode::ThreeD, 16.0f / 9.0f);
  view.mapping = ViewMapping{view.setup.viewProj, glm::vec2(1280.0f, 720.0f)};
  EXPECT_EQ(drawBvLabOverlay(lab, batch, view, darkPalette()), 0);
  EXPECT_EQ(batch.size(), 0u);
  untilReady(lab, scene, {1});
  EXPECT_EQ(drawBvLabOverlay(lab, batch, view, darkPalette()), static_cast<int>(kLabRows));
  lab.shown.fill(false);
  lab.shown[static_cast<std::size_t>(LabRow::Aabb)] = true;
  batch.clear();
  EXPECT_EQ(drawBvLabOverlay(lab, batch, view, lightPalette()), 1);
  ASSERT_EQ(batch.size(), 12u);  // a box's edges
  for (const LineInstance& l : batch.lines()) {
    EXPECT_EQ(l.color, lightPalette().bvAabb);
    EXPECT_EQ(l.dash, 0.0f);
  }
  // The cube is dashed; a sphere is a circle of many segments.
  lab.shown.fill(false);
  lab.shown[static_cast<std::size_t>(LabRow::Cube)] = true;
  lab.shown[static_cast<std::size_t>(LabRow::SphereMin)] = true;
  batch.clear();
  drawBvLabOverlay(lab, batch, view, darkPalette());
  ASSERT_GT(batch.size(), 12u + 8u);
  EXPECT_GT(batch.lines()[0].dash, 0.0f);
  EXPECT_EQ(batch.lines()[0].color, darkPalette().bvCube);
  EXPECT_EQ(batch.lines().back().color, darkPalette().bvSphereMin);
}

TEST(BvLabPanel, TimesAndCostsReadAsThePanelShowsThem) {
  EXPECT_EQ(formatSeconds(4e-8), "40 ns");
  EXPECT_EQ(formatSeconds(3.4e-6), "3.4 \xc2\xb5s");
  EXPECT_EQ(formatSeconds(1.8e-3), "1.8 ms");
  EXPECT_EQ(formatSeconds(2.1), "2.10 s");
  EXPECT_EQ(formatSeconds(0.0), "0 s");
  EXPECT_EQ(formatUpdateCost(LabRow::Aabb, 1.8e-3), "O(vertices) 1.8 ms");
  EXPECT_EQ(formatUpdateCost(LabRow::AabbOfObb, 4e-8), "O(1) 40 ns");
  EXPECT_EQ(formatUpdateCost(LabRow::Cube, 2e-9), "none (moved) 2 ns");
}

TEST(BvLabModel, ACancelledBuildLeavesTheMeshAsItWasAndBuildsAgainWhenAsked) {
  Scene scene = sceneWith(boxWithDenseCorner(), tilted());
  const Scene before = scene;
  BvLab lab;
  lab.setSlowWork(30.0);  // each stage of the build waits: it is still running below
  lab.frame(scene, {1}, 0.0f);
  ASSERT_EQ(lab.state(), BvLab::State::Computing);
  // How far it has got, from the build itself: its first stage, the hull, not yet made.
  for (int i = 0; i < 5000 && lab.buildProgress().stages == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const ProgressSnapshot p = lab.buildProgress();
  EXPECT_STREQ(p.what, "Computing the convex hull");
  EXPECT_EQ(p.unit, ProgressUnit::None) << "Qhull says nothing of how far it has got";
  lab.cancelBuild();
  EXPECT_EQ(lab.state(), BvLab::State::Cancelled);
  for (int i = 0; i < 20; ++i) {
    lab.frame(scene, {1}, 0.0f);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(lab.state(), BvLab::State::Cancelled) << "not built again on its own";
  EXPECT_EQ(lab.local(), nullptr);
  EXPECT_EQ(meshOf(scene).pose.center, meshOf(const_cast<Scene&>(before)).pose.center);
  EXPECT_EQ(meshOf(scene).pose.axes, meshOf(const_cast<Scene&>(before)).pose.axes);
  EXPECT_NE(lab.report(scene).find("cancelled"), std::string::npos) << lab.report(scene);
  // "Build the volumes": built, at full speed.
  lab.setSlowWork(0.0);
  lab.buildAgain();
  untilReady(lab, scene, {1});
  EXPECT_EQ(lab.state(), BvLab::State::Ready);
}

}  // namespace
}  // namespace satlab::test
