// Every volume of a mesh at once: each holds every world vertex, the known boxes and
// spheres of a unit cube and a turned rod, flat meshes without NaN, the spin plot's shape.
#include "mesh/bounding_volumes.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "mesh/mesh_load.hpp"
#include "mesh_test_util.hpp"

namespace satlab {
namespace {

TriangleMesh unitCube() {
  TriangleMesh m;
  for (int k = 0; k < 8; ++k) m.vertices.emplace_back(k & 1 ? 1 : 0, k & 2 ? 1 : 0, k & 4 ? 1 : 0);
  // Two triangles per face; the orientation does not matter to any volume.
  m.indices = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4,
               2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5};
  return m;
}

TriangleMesh shipped(const std::string& name) {
  const MeshLoadResult r = loadMeshFile(std::string(SATLAB_SOURCE_DIR) + "/scenes/meshes/" + name);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return mergeMeshes(r.file);
}

MeshPose turned(const glm::vec3& centre, float degrees, const glm::vec3& axis) {
  MeshPose p;
  p.center = centre;
  p.axes = glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(degrees), glm::normalize(axis)));
  return p;
}

// Relative slack for float rounding of the volumes' centres and axes.
bool holds(const Aabb& b, const glm::vec3& p, float tol) {
  return glm::all(glm::lessThanEqual(glm::abs(p - b.center), b.half + tol));
}
bool holds(const Obb& b, const glm::vec3& p, float tol) {
  const glm::vec3 d = p - b.center;
  for (int k = 0; k < 3; ++k) {
    if (std::fabs(glm::dot(d, b.axes[k])) > b.half[k] + tol) return false;
  }
  return true;
}
bool holds(const Sphere& s, const glm::vec3& p, float tol) { return glm::length(p - s.center) <= s.radius + tol; }

void expectEveryVolumeHoldsEveryVertex(const TriangleMesh& mesh, const MeshPose& pose, const std::string& what) {
  const BoundingVolumes b = boundingVolumes(mesh, pose);
  float size = 1.0f;
  for (const glm::vec3& v : mesh.vertices) size = std::max(size, glm::length(pose.toWorld(v) - pose.center));
  const float tol = 1e-5f * (size + glm::length(pose.center));
  for (const glm::vec3& v : mesh.vertices) {
    const glm::vec3 w = pose.toWorld(v);
    EXPECT_TRUE(holds(b.world.aabb, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.aabbOfObb, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.cube, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.obbCovariance, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.obbAreaWeighted, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.obbMin, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.sphereRitter, w, tol)) << what;
    EXPECT_TRUE(holds(b.world.sphereMin, w, tol)) << what;
  }
  for (const VolumeReport& r : b.reports) {
    EXPECT_TRUE(std::isfinite(r.volume)) << what << " " << volumeKey(r.kind);
    EXPECT_GE(r.volume, 0.0) << what << " " << volumeKey(r.kind);
    // No volume is smaller than the hull it bounds.
    if (r.hullRatio) {
      EXPECT_GE(*r.hullRatio, 1.0 - 1e-4) << what << " " << volumeKey(r.kind);
    }
    EXPECT_GE(r.buildSeconds, 0.0);
    EXPECT_GT(r.updateSeconds, 0.0);
  }
  // The minimum box and sphere are the smallest of their kinds (a flat box's volume is 0
  // up to the rounding of its zero extent).
  const double slack = 1e-5 * volumeOf(b.world.aabbOfObb) + 1e-12 * size * size * size;
  EXPECT_LE(volumeOf(b.world.obbMin), volumeOf(b.world.obbCovariance) + slack) << what;
  EXPECT_LE(volumeOf(b.world.obbMin), volumeOf(b.world.obbAreaWeighted) + slack) << what;
  EXPECT_LE(volumeOf(b.world.obbMin), volumeOf(b.world.aabb) + slack) << what;
  EXPECT_LE(b.world.sphereMin.radius, b.world.sphereRitter.radius * (1 + 1e-6f)) << what;
  EXPECT_LE(volumeOf(b.world.aabb), volumeOf(b.world.aabbOfObb) * (1 + 1e-5)) << what;
}

TEST(BoundingVolumes, UnitCubeAtRest) {
  const BoundingVolumes b = boundingVolumes(unitCube(), MeshPose{});
  EXPECT_NEAR(b.hullVolume, 1.0, 1e-9);
  EXPECT_EQ(b.world.aabb.min(), glm::vec3(0.0f));
  EXPECT_EQ(b.world.aabb.max(), glm::vec3(1.0f));
  EXPECT_EQ(b.world.aabbOfObb.min(), glm::vec3(0.0f));
  EXPECT_EQ(b.world.aabbOfObb.max(), glm::vec3(1.0f));
  // The cube about the mesh's origin reaches the far corner (1, 1, 1) in every turn.
  EXPECT_EQ(b.world.cube.center, glm::vec3(0.0f));
  EXPECT_NEAR(b.world.cube.half.x, std::sqrt(3.0f), 1e-6f);
  EXPECT_NEAR(volumeOf(b.world.obbMin), 1.0, 1e-5);
  EXPECT_NEAR(b.world.sphereMin.radius, std::sqrt(3.0f) / 2, 1e-5f);
  EXPECT_NEAR(*b.reports[static_cast<std::size_t>(VolumeKind::Aabb)].hullRatio, 1.0, 1e-6);
  EXPECT_NEAR(*b.reports[static_cast<std::size_t>(VolumeKind::Cube)].hullRatio, 8 * 3 * std::sqrt(3.0), 1e-4);
  expectEveryVolumeHoldsEveryVertex(unitCube(), MeshPose{}, "cube");
}

TEST(BoundingVolumes, TurnedCubeKeepsItsOwnBoxesAndGrowsItsAabb) {
  const MeshPose pose = turned({10, -2, 3}, 45.0f, {0, 0, 1});
  const BoundingVolumes b = boundingVolumes(unitCube(), pose);
  // Turned 45 degrees about z: the optimal AABB is sqrt 2 wide in x and y.
  EXPECT_NEAR(volumeOf(b.world.aabb), 2.0, 1e-5);
  EXPECT_NEAR(volumeOf(b.world.aabbOfObb), 2.0, 1e-5);  // the mesh's own box is the cube itself
  EXPECT_NEAR(volumeOf(b.world.obbMin), 1.0, 1e-5);
  EXPECT_EQ(b.world.cube.center, pose.center);
  expectEveryVolumeHoldsEveryVertex(unitCube(), pose, "turned cube");
}

TEST(BoundingVolumes, NonUniformScaleIsAppliedToTheVertices) {
  MeshPose pose = turned({0, 0, 0}, 30.0f, {1, 1, 0});
  pose.scale = {3.0f, 1.0f, 0.5f};
  const BoundingVolumes b = boundingVolumes(unitCube(), pose);
  EXPECT_NEAR(b.hullVolume, 1.5, 1e-6);
  EXPECT_NEAR(volumeOf(b.world.obbMin), 1.5, 1e-4);
  expectEveryVolumeHoldsEveryVertex(unitCube(), pose, "scaled cube");
}

TEST(BoundingVolumes, TheShippedMeshesAtSeveralPoses) {
  for (const char* name : {"rod.stl", "l_shape.obj", "torus.ply", "rock.glb", "capsule.gltf", "dense_end.obj"}) {
    const TriangleMesh m = shipped(name);
    expectEveryVolumeHoldsEveryVertex(m, MeshPose{}, name);
    expectEveryVolumeHoldsEveryVertex(m, turned({1, 2, 3}, 70.0f, {1, -2, 0.5f}), name);
  }
}

TEST(BoundingVolumes, TheTurnedRodsAabbIsLooseItsMinimumBoxTight) {
  const BoundingVolumes b = boundingVolumes(shipped("rod.stl"), MeshPose{});
  const double aabb = *b.reports[static_cast<std::size_t>(VolumeKind::Aabb)].hullRatio;
  const double obbMin = *b.reports[static_cast<std::size_t>(VolumeKind::ObbMin)].hullRatio;
  EXPECT_GT(aabb, 20.0);   // 10 long and turned: the box holds mostly air
  EXPECT_LT(obbMin, 1.4);  // a 12-sided prism in its box: 1 / (0.25 * 12 * sin 30 / 4 ...) ~ 1.29
  // Its longest axis is the rod's: (cos 35, sin 35, 0) turned 25 degrees about y.
  const glm::vec3 along = glm::vec3(glm::rotate(glm::mat4(1.0f), glm::radians(25.0f), glm::vec3(0, 1, 0)) *
                                    glm::vec4(std::cos(glm::radians(35.0f)), std::sin(glm::radians(35.0f)), 0, 0));
  int longest = 0;
  for (int k = 1; k < 3; ++k) {
    if (b.world.obbMin.half[k] > b.world.obbMin.half[longest]) longest = k;
  }
  EXPECT_GT(std::fabs(glm::dot(b.world.obbMin.axes[longest], along)), 0.9999f);
  EXPECT_NEAR(b.world.obbMin.half[longest], 5.0f, 1e-4f);
}

TEST(BoundingVolumes, DenseEndPullsTheCovarianceBoxNotTheAreaWeightedOne) {
  const BoundingVolumes b = boundingVolumes(shipped("dense_end.obj"), MeshPose{});
  const double cov = volumeOf(b.world.obbCovariance), area = volumeOf(b.world.obbAreaWeighted);
  EXPECT_NEAR(area, 4.0, 1e-4);  // the box's own axes
  EXPECT_GT(cov, 4.0 * 1.01) << "covariance " << cov << " area-weighted " << area;
}

TEST(BoundingVolumes, DegenerateMeshesGiveFlatVolumesNeverNan) {
  TriangleMesh point;
  point.vertices = {{1, 2, 3}};
  point.indices = {0, 0, 0};
  TriangleMesh line;
  line.vertices = {{0, 0, 0}, {1, 2, 3}, {2, 4, 6}};
  line.indices = {0, 1, 2};
  TriangleMesh flat;
  flat.vertices = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {0, 1, 0}, {0, 0, 0}};
  flat.indices = {0, 1, 2, 0, 2, 3, 0, 4, 4};
  TriangleMesh empty;
  for (const TriangleMesh* m : {&point, &line, &flat, &empty}) {
    const BoundingVolumes b = boundingVolumes(*m, turned({1, 1, 1}, 20.0f, {0, 1, 1}));
    EXPECT_EQ(b.hullVolume, 0.0);
    for (const VolumeReport& r : b.reports) {
      EXPECT_FALSE(r.hullRatio.has_value());
      EXPECT_TRUE(std::isfinite(r.volume)) << volumeKey(r.kind);
    }
    const WorldVolumes& w = b.world;
    for (const Obb* o : {&w.obbCovariance, &w.obbAreaWeighted, &w.obbMin, &w.box}) {
      for (int k = 0; k < 3; ++k) {
        EXPECT_TRUE(std::isfinite(o->half[k]) && std::isfinite(o->center[k]));
        for (int c = 0; c < 3; ++c) EXPECT_TRUE(std::isfinite(o->axes[k][c]));
      }
    }
    EXPECT_TRUE(std::isfinite(w.sphereMin.radius) && std::isfinite(w.sphereRitter.radius));
    if (!m->vertices.empty()) expectEveryVolumeHoldsEveryVertex(*m, turned({1, 1, 1}, 20.0f, {0, 1, 1}), "flat");
  }
  const BoundingVolumes f = boundingVolumes(flat, MeshPose{});
  EXPECT_NEAR(f.world.obbMin.half.x * f.world.obbMin.half.y + f.world.obbMin.half.x * f.world.obbMin.half.z +
                  f.world.obbMin.half.y * f.world.obbMin.half.z,
              0.5, 1e-5);  // the 2 x 1 rectangle: one half-extent 0, the other two 1 and 0.5
}

TEST(BoundingVolumes, ALargeHullGetsABoundingNotExactMinimumBox) {
  // A UV sphere of 60 x 40: all 2,342 vertices are on its hull, more than
  // kMinObbExactHullVertices.
  TriangleMesh sphere;
  sphere.vertices.emplace_back(0, 0, 1);
  for (int i = 1; i < 40; ++i) {
    for (int k = 0; k < 60; ++k) {
      const double th = 3.14159265358979 * i / 40, ph = 2 * 3.14159265358979 * k / 60;
      sphere.vertices.emplace_back(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
    }
  }
  sphere.vertices.emplace_back(0, 0, -1);
  for (std::uint32_t v = 1; v + 1 < sphere.vertices.size(); ++v) {  // any triangles: only the vertices matter here
    sphere.indices.insert(sphere.indices.end(), {0, v, v + 1});
  }
  const MeshPose pose = turned({0, 0, 0}, 10.0f, {1, 0, 0});
  const BoundingVolumes b = boundingVolumes(sphere, pose);
  ASSERT_GT(b.local.hull.hull.vertices.size(), kMinObbExactHullVertices);
  EXPECT_FALSE(b.local.obbMinExact);
  EXPECT_LE(volumeOf(b.world.obbMin), volumeOf(b.world.obbCovariance) + 1e-9);
  EXPECT_LE(volumeOf(b.world.obbMin), volumeOf(b.world.box) + 1e-9);
  EXPECT_GT(volumeOf(b.world.obbMin), 7.5);  // a box around a unit sphere's polytope
  EXPECT_LT(volumeOf(b.world.obbMin), 8.0 + 1e-4);
  expectEveryVolumeHoldsEveryVertex(sphere, pose, "uv sphere");
}

TEST(SpinPlot, CubeFlatAabbWobblingAabbOfObbAboveIt) {
  const MeshFrameVolumes local = buildMeshFrameVolumes(shipped("l_shape.obj"), glm::vec3(1.0f));
  const SpinPlot plot = spinPlot(local, MeshPose{}, {0.3f, 0.2f, 1.0f}, 90);
  ASSERT_EQ(plot.angles.size(), 90u);
  const auto& aabb = plot.volumes[static_cast<std::size_t>(VolumeKind::Aabb)];
  const auto& ofObb = plot.volumes[static_cast<std::size_t>(VolumeKind::AabbOfObb)];
  const auto& cube = plot.volumes[static_cast<std::size_t>(VolumeKind::Cube)];
  const auto& obb = plot.volumes[static_cast<std::size_t>(VolumeKind::ObbMin)];
  double lo = aabb[0], hi = aabb[0];
  for (std::size_t k = 0; k < 90; ++k) {
    EXPECT_EQ(cube[k], cube[0]);
    EXPECT_NEAR(obb[k], obb[0], 1e-4 * obb[0]);
    EXPECT_LE(aabb[k], ofObb[k] * (1 + 1e-5));
    EXPECT_LE(ofObb[k], cube[k] * (1 + 1e-5));
    lo = std::min(lo, aabb[k]);
    hi = std::max(hi, aabb[k]);
  }
  EXPECT_GT(hi / lo, 1.2);  // it wobbles
  EXPECT_NEAR(plot.angles[45], 3.14159265358979, 1e-12);
  for (double s : plot.updateSeconds) EXPECT_GE(s, 0.0);
}

}  // namespace
}  // namespace satlab
