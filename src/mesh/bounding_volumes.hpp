// Every bounding volume of a mesh at once: the bounding-volume lab (docs/meshes.md).
//
// Frames. A mesh stands in the world by a MeshPose, world(p) = center + axes * (scale * p).
// The volumes that turn with the mesh (the OBBs, the spheres, the hull, the mesh-frame box)
// are computed once, in the mesh frame, on the scaled vertices scale * p: so a non-uniform
// scale is exact (an OBB of the scaled points, not a scaled OBB, which would no longer be
// a box with right angles for a rotated fit), and the pose left to carry them is rigid
// (centre and axes). A new scale means building them again. The world AABB is recomputed
// from every world vertex each frame.
//
// The volumes, in the articles' terms:
//   aabb             the optimal AABB of the world vertices ("Using AABB": recomputed each
//                    frame, O(vertices); aabbFromPoints)
//   aabb_of_obb      the AABB of the mesh-frame box carried by the pose ("Using AABB": the
//                    model-space AABB, turned, is an OBB; its 8 corners give an AABB in O(1);
//                    aabbFromObbCorners)
//   cube             the rotation-invariant cube about the mesh's origin (boundingCube; never
//                    recomputed as the mesh turns, only moved)
//   obb_covariance   the covariance OBB of the mesh's triangles, exactly as the 2010
//                    bounding-box analysis paper (obbFromTriangles)
//   obb_area_weighted  the area-weighted covariance OBB of the hull's triangles
//                    (obbFromHullAreaWeighted; Gottschalk; Ericson 4.4.3)
//   obb_min          the minimum-volume OBB of the hull (minimumObb; Jylanki 2015)
//   sphere_ritter    Ritter's sphere of the vertices (boundingSphereRitter)
//   sphere_min       the minimum enclosing sphere (minimumSphere; Welzl), of the hull's vertices
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "mesh/convex_hull.hpp"
#include "satlab/collide/mesh.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

enum class VolumeKind { Aabb, AabbOfObb, Cube, ObbCovariance, ObbAreaWeighted, ObbMin, SphereRitter, SphereMin };
inline constexpr std::size_t kVolumeKinds = 8;
inline constexpr std::array<VolumeKind, kVolumeKinds> kAllVolumeKinds = {
    VolumeKind::Aabb,          VolumeKind::AabbOfObb,       VolumeKind::Cube,
    VolumeKind::ObbCovariance, VolumeKind::ObbAreaWeighted, VolumeKind::ObbMin,
    VolumeKind::SphereRitter,  VolumeKind::SphereMin};

/// "aabb", "aabb_of_obb", "cube", "obb_covariance", "obb_area_weighted", "obb_min",
/// "sphere_ritter", "sphere_min" (the `satlab bounds --json` keys).
const char* volumeKey(VolumeKind kind);
/// "optimal AABB", "AABB of the OBB", "bounding cube", "covariance OBB", "area-weighted
/// OBB", "minimum OBB", "Ritter sphere", "minimum sphere".
const char* volumeLabel(VolumeKind kind);
/// What a frame costs as the mesh moves: "O(vertices)" (aabb), "O(1)" (aabb_of_obb, the
/// OBBs and spheres: their centre and axes turned), "none" (cube: only moved).
const char* volumeUpdateCost(VolumeKind kind);

double volumeOf(const Aabb& box);
double volumeOf(const Obb& box);
double volumeOf(const Sphere& sphere);

/// What is built once per mesh (and scale), in the mesh frame on the scaled vertices.
struct MeshFrameVolumes {
  glm::vec3 scale{1.0f};
  std::vector<glm::vec3> vertices;  ///< scale * p, for the per-frame world AABB
  ConvexHullResult hull;            ///< of `vertices`
  Aabb box;                         ///< the mesh-frame AABB (posed, it is "Using AABB"'s OBB)
  float cubeHalf = 0.0f;            ///< the bounding cube's half side, about the mesh origin
  Obb obbCovariance;
  Obb obbAreaWeighted;
  Obb obbMin;
  Sphere sphereRitter;
  Sphere sphereMin;
  /// False when the hull has more than kMinObbExactHullVertices vertices: obbMin is then the
  /// minimum OBB of the hull of an even sample of that many hull vertices, its extents
  /// grown to hold every hull vertex on its axes, or the mesh-frame box or a covariance OBB
  /// where one of those is smaller (a bounding box, close to minimal for a dense hull, not
  /// exact).
  bool obbMinExact = true;
  double hullSeconds = 0.0;                         ///< Qhull's time
  std::array<double, kVolumeKinds> buildSeconds{};  ///< each volume's own time (not the hull's)
};

/// Hulls with more vertices than this get an approximate minimum OBB (MeshFrameVolumes::
/// obbMinExact): the exact one takes about 1 s at 2,000 hull vertices (docs/algorithms.md), and a
/// dense sphere's hull has all of its hundreds of thousands of vertices.
inline constexpr std::size_t kMinObbExactHullVertices = 2000;

/// Builds every mesh-frame volume of `mesh` (validated: finite, indices in range) for
/// `scale`. Empty mesh: every volume empty (zero size at the origin).
MeshFrameVolumes buildMeshFrameVolumes(const TriangleMesh& mesh, const glm::vec3& scale);

/// The volumes in the world for `pose` (its scale is the one `local` was built for; the
/// pose's own scale is not read).
struct WorldVolumes {
  Aabb aabb;
  Aabb aabbOfObb;
  Aabb cube;
  Obb box;  ///< the mesh-frame box carried by the pose
  Obb obbCovariance;
  Obb obbAreaWeighted;
  Obb obbMin;
  Sphere sphereRitter;
  Sphere sphereMin;

  double volume(VolumeKind kind) const;
};

/// One frame's update: the world AABB from every vertex (`scratch` holds the world
/// vertices, so a frame allocates nothing once it has grown), the rest in O(1).
WorldVolumes placeVolumes(const MeshFrameVolumes& local, const MeshPose& pose, std::vector<glm::vec3>& scratch);
WorldVolumes placeVolumes(const MeshFrameVolumes& local, const MeshPose& pose);
/// One volume's share of placeVolumes: sets `out`'s field for `kind` at `pose` and nothing
/// else (the bounding-volume lab times each volume's update alone, model/bv_lab.hpp).
void placeVolume(const MeshFrameVolumes& local, VolumeKind kind, const MeshPose& pose, std::vector<glm::vec3>& scratch,
                 WorldVolumes& out);
/// The mesh-frame box carried by the pose (WorldVolumes::box).
Obb placeMeshBox(const MeshFrameVolumes& local, const MeshPose& pose);

/// The measured cost of one frame's update of each volume at `pose`, in seconds (mean over
/// repeated runs, at least `minSeconds` of runs per volume).
std::array<double, kVolumeKinds> measureUpdateSeconds(const MeshFrameVolumes& local, const MeshPose& pose,
                                                      double minSeconds = 2e-3);

struct VolumeReport {
  VolumeKind kind = VolumeKind::Aabb;
  double volume = 0.0;
  std::optional<double> hullRatio;  ///< volume / hull volume; none when the hull is flat
  double buildSeconds = 0.0;
  double updateSeconds = 0.0;
};

/// Everything the lab shows for a mesh at a pose.
struct BoundingVolumes {
  MeshFrameVolumes local;
  WorldVolumes world;
  double hullVolume = 0.0;
  std::array<VolumeReport, kVolumeKinds> reports{};  ///< in kAllVolumeKinds order
};

/// All the volumes of `mesh` (validated) at `pose` in one call, with their volumes, ratios to
/// the hull, build times and measured update costs.
BoundingVolumes boundingVolumes(const TriangleMesh& mesh, const MeshPose& pose);

/// The spin plot: the mesh turned through a whole turn about `axis` (world, need not be
/// unit; zero means +Z), starting from `base`, sampled at `samples` angles 2 pi k / samples.
/// Each volume's volume at each angle (the cube stays flat, the optimal AABB wobbles, the
/// AABB of the OBB above it, the OBBs and spheres flat), and each volume's update cost
/// measured over the turn (seconds per update).
struct SpinPlot {
  glm::vec3 axis{0.0f, 0.0f, 1.0f};  ///< unit
  std::vector<double> angles;        ///< radians
  std::array<std::vector<double>, kVolumeKinds> volumes;
  std::array<double, kVolumeKinds> updateSeconds{};
};
SpinPlot spinPlot(const MeshFrameVolumes& local, const MeshPose& base, const glm::vec3& axis, int samples);

}  // namespace satlab
