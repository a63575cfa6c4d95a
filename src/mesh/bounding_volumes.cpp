#include "mesh/bounding_volumes.hpp"

#include "base/progress.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "satlab/collide/builders.hpp"
#include "satlab/collide/hull_volumes.hpp"

namespace satlab {
namespace {

using Clock = std::chrono::steady_clock;

std::size_t slot(VolumeKind kind) { return static_cast<std::size_t>(kind); }

template <class F>
double secondsOf(F&& f) {
  const Clock::time_point t0 = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Mean seconds per call of `f`, run in doubling batches until one batch takes `minSeconds`.
template <class F>
double secondsPerRun(F&& f, double minSeconds) {
  for (std::size_t batch = 1;; batch *= 2) {
    const Clock::time_point t0 = Clock::now();
    for (std::size_t i = 0; i < batch; ++i) f();
    const double t = std::chrono::duration<double>(Clock::now() - t0).count();
    if (t >= minSeconds || batch >= (std::size_t{1} << 30)) return t / static_cast<double>(batch);
  }
}

// Keeps the timed updates from being optimised away.
volatile float g_sink = 0.0f;

// Every field of a result, so that no part of a timed update can be left out.
float everyField(const Aabb& b) { return b.center.x + b.center.y + b.center.z + b.half.x + b.half.y + b.half.z; }
float everyField(const Sphere& b) { return b.center.x + b.center.y + b.center.z + b.radius; }
float everyField(const Obb& b) {
  const glm::vec3 sum = b.center + b.axes[0] + b.axes[1] + b.axes[2] + b.half;
  return sum.x + sum.y + sum.z;
}

Obb carry(const Obb& local, const MeshPose& pose) {
  return Obb{pose.center + pose.axes * local.center, pose.axes * local.axes, local.half};
}
Sphere carry(const Sphere& local, const MeshPose& pose) {
  return Sphere{pose.center + pose.axes * local.center, local.radius};
}
Aabb worldAabb(const MeshFrameVolumes& local, const MeshPose& pose, std::vector<glm::vec3>& scratch) {
  scratch.resize(local.vertices.size());
  for (std::size_t i = 0; i < local.vertices.size(); ++i) scratch[i] = pose.center + pose.axes * local.vertices[i];
  return aabbFromPoints(scratch);
}
Aabb aabbOfBox(const MeshFrameVolumes& local, const MeshPose& pose) {
  return aabbFromObbCorners(Obb{pose.center + pose.axes * local.box.center, pose.axes, local.box.half});
}

// The box on `box`'s axes that holds every point: extents from the points' projections.
Obb fitExtents(const Obb& box, const std::vector<glm::dvec3>& points) {
  glm::dvec3 lo(0.0), hi(0.0);
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      const double d = glm::dot(points[i], glm::dvec3(box.axes[k]));
      lo[k] = i == 0 ? d : std::min(lo[k], d);
      hi[k] = i == 0 ? d : std::max(hi[k], d);
    }
  }
  Obb out = box;
  glm::dvec3 centre(0.0);
  for (int k = 0; k < 3; ++k) {
    centre += glm::dvec3(box.axes[k]) * (0.5 * (lo[k] + hi[k]));
    // Rounded up by a float ulp's worth, so the float box still holds every point.
    const float half = static_cast<float>(0.5 * (hi[k] - lo[k]));
    out.half[k] = std::nextafter(half, std::numeric_limits<float>::infinity());
  }
  out.center = glm::vec3(centre);
  return out;
}

glm::mat3 turn(const glm::vec3& axis, double angle) {
  return glm::mat3(glm::rotate(glm::mat4(1.0f), static_cast<float>(angle), axis));
}

}  // namespace

const char* volumeKey(VolumeKind kind) {
  switch (kind) {
    case VolumeKind::Aabb: return "aabb";
    case VolumeKind::AabbOfObb: return "aabb_of_obb";
    case VolumeKind::Cube: return "cube";
    case VolumeKind::ObbCovariance: return "obb_covariance";
    case VolumeKind::ObbAreaWeighted: return "obb_area_weighted";
    case VolumeKind::ObbMin: return "obb_min";
    case VolumeKind::SphereRitter: return "sphere_ritter";
    case VolumeKind::SphereMin: return "sphere_min";
  }
  return "";
}

const char* volumeLabel(VolumeKind kind) {
  switch (kind) {
    case VolumeKind::Aabb: return "optimal AABB";
    case VolumeKind::AabbOfObb: return "AABB of the OBB";
    case VolumeKind::Cube: return "bounding cube";
    case VolumeKind::ObbCovariance: return "covariance OBB";
    case VolumeKind::ObbAreaWeighted: return "area-weighted OBB";
    case VolumeKind::ObbMin: return "minimum OBB";
    case VolumeKind::SphereRitter: return "Ritter sphere";
    case VolumeKind::SphereMin: return "minimum sphere";
  }
  return "";
}

const char* volumeUpdateCost(VolumeKind kind) {
  switch (kind) {
    case VolumeKind::Aabb: return "O(vertices)";
    case VolumeKind::Cube: return "none";
    default: return "O(1)";
  }
}

double volumeOf(const Aabb& box) {
  return 8.0 * static_cast<double>(box.half.x) * static_cast<double>(box.half.y) * static_cast<double>(box.half.z);
}
double volumeOf(const Obb& box) {
  return 8.0 * static_cast<double>(box.half.x) * static_cast<double>(box.half.y) * static_cast<double>(box.half.z);
}
double volumeOf(const Sphere& sphere) {
  const double r = static_cast<double>(sphere.radius);
  return 4.0 / 3.0 * 3.14159265358979323846 * r * r * r;
}

double WorldVolumes::volume(VolumeKind kind) const {
  switch (kind) {
    case VolumeKind::Aabb: return volumeOf(aabb);
    case VolumeKind::AabbOfObb: return volumeOf(aabbOfObb);
    case VolumeKind::Cube: return volumeOf(cube);
    case VolumeKind::ObbCovariance: return volumeOf(obbCovariance);
    case VolumeKind::ObbAreaWeighted: return volumeOf(obbAreaWeighted);
    case VolumeKind::ObbMin: return volumeOf(obbMin);
    case VolumeKind::SphereRitter: return volumeOf(sphereRitter);
    case VolumeKind::SphereMin: return volumeOf(sphereMin);
  }
  return 0.0;
}

MeshFrameVolumes buildMeshFrameVolumes(const TriangleMesh& mesh, const glm::vec3& scale) {
  MeshFrameVolumes v;
  v.scale = scale;
  v.vertices.reserve(mesh.vertices.size());
  for (const glm::vec3& p : mesh.vertices) v.vertices.push_back(scale * p);
  auto& t = v.buildSeconds;
  // How far the build has got (base/progress.hpp): the hull (Qhull: not counted inside), then
  // each volume.
  progressStage("Computing the convex hull", "", 0, ProgressUnit::None);
  v.hullSeconds = secondsOf([&] { v.hull = convexHull(v.vertices); });
  std::uint64_t built = 0;
  progressStage("Building the bounding volumes", "", kVolumeKinds, ProgressUnit::Volumes);
  t[slot(VolumeKind::Aabb)] = secondsOf([&] { g_sink = aabbFromPoints(v.vertices).half.x; });
  progressAt(++built);
  t[slot(VolumeKind::AabbOfObb)] = secondsOf([&] { v.box = aabbFromPoints(v.vertices); });
  progressAt(++built);
  t[slot(VolumeKind::Cube)] = secondsOf([&] { v.cubeHalf = boundingCube(v.vertices, glm::vec3(0.0f)).half.x; });
  progressAt(++built);
  t[slot(VolumeKind::ObbCovariance)] = secondsOf([&] { v.obbCovariance = obbFromTriangles(v.vertices, mesh.indices); });
  progressAt(++built);
  t[slot(VolumeKind::ObbAreaWeighted)] = secondsOf([&] { v.obbAreaWeighted = obbFromHullAreaWeighted(v.hull.hull); });
  progressAt(++built);
  t[slot(VolumeKind::ObbMin)] = secondsOf([&] {
    const std::vector<glm::dvec3>& hv = v.hull.hull.vertices;
    if (hv.size() <= kMinObbExactHullVertices) {
      v.obbMin = minimumObb(v.hull.hull);
      return;
    }
    v.obbMinExact = false;
    std::vector<glm::vec3> sample;
    for (std::size_t i = 0; i < kMinObbExactHullVertices; ++i) {
      sample.emplace_back(hv[i * hv.size() / kMinObbExactHullVertices]);
    }
    v.obbMin = fitExtents(minimumObb(convexHull(sample).hull), hv);
  });
  progressAt(++built);
  if (!v.obbMinExact) {
    // Not exact: then no box of the others may be smaller (the mesh-frame box and both
    // covariance boxes hold every vertex too).
    for (const Obb& other : {Obb{v.box.center, glm::mat3(1.0f), v.box.half}, v.obbCovariance, v.obbAreaWeighted}) {
      if (volumeOf(other) < volumeOf(v.obbMin)) v.obbMin = other;
    }
  }
  t[slot(VolumeKind::SphereRitter)] = secondsOf([&] { v.sphereRitter = boundingSphereRitter(v.vertices); });
  progressAt(++built);
  t[slot(VolumeKind::SphereMin)] = secondsOf([&] {
    // The hull's vertices are some of the mesh's (converted to double exactly), and a sphere
    // that holds them holds the hull and so every vertex.
    std::vector<glm::vec3> onHull;
    onHull.reserve(v.hull.hull.vertices.size());
    for (const glm::dvec3& p : v.hull.hull.vertices) onHull.emplace_back(p);
    v.sphereMin = minimumSphere(onHull);
  });
  progressAt(++built);
  return v;
}

Obb placeMeshBox(const MeshFrameVolumes& local, const MeshPose& pose) {
  return Obb{pose.center + pose.axes * local.box.center, pose.axes, local.box.half};
}

void placeVolume(const MeshFrameVolumes& local, VolumeKind kind, const MeshPose& pose, std::vector<glm::vec3>& scratch,
                 WorldVolumes& out) {
  switch (kind) {
    case VolumeKind::Aabb: out.aabb = worldAabb(local, pose, scratch); return;
    case VolumeKind::AabbOfObb: out.aabbOfObb = aabbFromObbCorners(placeMeshBox(local, pose)); return;
    case VolumeKind::Cube: out.cube = Aabb{pose.center, glm::vec3(local.cubeHalf)}; return;
    case VolumeKind::ObbCovariance: out.obbCovariance = carry(local.obbCovariance, pose); return;
    case VolumeKind::ObbAreaWeighted: out.obbAreaWeighted = carry(local.obbAreaWeighted, pose); return;
    case VolumeKind::ObbMin: out.obbMin = carry(local.obbMin, pose); return;
    case VolumeKind::SphereRitter: out.sphereRitter = carry(local.sphereRitter, pose); return;
    case VolumeKind::SphereMin: out.sphereMin = carry(local.sphereMin, pose); return;
  }
}

WorldVolumes placeVolumes(const MeshFrameVolumes& local, const MeshPose& pose, std::vector<glm::vec3>& scratch) {
  WorldVolumes w;
  w.box = placeMeshBox(local, pose);
  for (VolumeKind kind : kAllVolumeKinds) placeVolume(local, kind, pose, scratch, w);
  return w;
}

WorldVolumes placeVolumes(const MeshFrameVolumes& local, const MeshPose& pose) {
  std::vector<glm::vec3> scratch;
  return placeVolumes(local, pose, scratch);
}

std::array<double, kVolumeKinds> measureUpdateSeconds(const MeshFrameVolumes& local, const MeshPose& pose,
                                                      double minSeconds) {
  // Each run updates the volume for the next of 16 poses, the mesh turned by 22.5 degrees
  // steps about its vertical, and every result goes to the sink: with one fixed pose the
  // compiler may compute an O(1) update once and time an empty loop.
  constexpr std::size_t kPoses = 16;
  std::array<MeshPose, kPoses> poses;
  for (std::size_t k = 0; k < kPoses; ++k) {
    poses[k] = pose;
    poses[k].axes =
        turn(glm::vec3(0.0f, 0.0f, 1.0f), 2.0 * 3.14159265358979323846 * static_cast<double>(k) / kPoses) * pose.axes;
  }
  std::size_t next = 0;
  const auto nextPose = [&]() -> const MeshPose& { return poses[next++ % kPoses]; };
  std::array<double, kVolumeKinds> s{};
  std::vector<glm::vec3> scratch(local.vertices.size());
  s[slot(VolumeKind::Aabb)] =
      secondsPerRun([&] { g_sink = everyField(worldAabb(local, nextPose(), scratch)); }, minSeconds);
  s[slot(VolumeKind::AabbOfObb)] =
      secondsPerRun([&] { g_sink = everyField(aabbOfBox(local, nextPose())); }, minSeconds);
  s[slot(VolumeKind::Cube)] = secondsPerRun(
      [&] {
        g_sink = everyField(Aabb{nextPose().center, glm::vec3(local.cubeHalf)});
      },
      minSeconds);
  s[slot(VolumeKind::ObbCovariance)] =
      secondsPerRun([&] { g_sink = everyField(carry(local.obbCovariance, nextPose())); }, minSeconds);
  s[slot(VolumeKind::ObbAreaWeighted)] =
      secondsPerRun([&] { g_sink = everyField(carry(local.obbAreaWeighted, nextPose())); }, minSeconds);
  s[slot(VolumeKind::ObbMin)] =
      secondsPerRun([&] { g_sink = everyField(carry(local.obbMin, nextPose())); }, minSeconds);
  s[slot(VolumeKind::SphereRitter)] =
      secondsPerRun([&] { g_sink = everyField(carry(local.sphereRitter, nextPose())); }, minSeconds);
  s[slot(VolumeKind::SphereMin)] =
      secondsPerRun([&] { g_sink = everyField(carry(local.sphereMin, nextPose())); }, minSeconds);
  return s;
}

BoundingVolumes boundingVolumes(const TriangleMesh& mesh, const MeshPose& pose) {
  BoundingVolumes b;
  b.local = buildMeshFrameVolumes(mesh, pose.scale);
  b.world = placeVolumes(b.local, pose);
  b.hullVolume = b.local.hull.volume;
  const std::array<double, kVolumeKinds> update = measureUpdateSeconds(b.local, pose);
  for (VolumeKind kind : kAllVolumeKinds) {
    VolumeReport& r = b.reports[slot(kind)];
    r.kind = kind;
    r.volume = b.world.volume(kind);
    if (b.hullVolume > 0.0) r.hullRatio = r.volume / b.hullVolume;
    r.buildSeconds = b.local.buildSeconds[slot(kind)];
    r.updateSeconds = update[slot(kind)];
  }
  return b;
}

SpinPlot spinPlot(const MeshFrameVolumes& local, const MeshPose& base, const glm::vec3& axis, int samples) {
  SpinPlot plot;
  const float len = glm::length(axis);
  plot.axis = std::isfinite(len) && len > 0.0f ? axis / len : glm::vec3(0.0f, 0.0f, 1.0f);
  const int n = samples > 0 ? samples : 0;
  std::vector<MeshPose> poses(static_cast<std::size_t>(n), base);
  for (int k = 0; k < n; ++k) {
    const double angle = 2.0 * 3.14159265358979323846 * k / n;
    plot.angles.push_back(angle);
    poses[static_cast<std::size_t>(k)].axes = turn(plot.axis, angle) * base.axes;
  }
  for (auto& v : plot.volumes) v.resize(static_cast<std::size_t>(n));
  std::vector<glm::vec3> scratch(local.vertices.size());
  for (VolumeKind kind : kAllVolumeKinds) {
    const std::size_t s = slot(kind);
    const double seconds = secondsOf([&] {
      for (std::size_t k = 0; k < poses.size(); ++k) {
        const MeshPose& p = poses[k];
        switch (kind) {
          case VolumeKind::Aabb: plot.volumes[s][k] = volumeOf(worldAabb(local, p, scratch)); break;
          case VolumeKind::AabbOfObb: plot.volumes[s][k] = volumeOf(aabbOfBox(local, p)); break;
          case VolumeKind::Cube: plot.volumes[s][k] = volumeOf(Aabb{p.center, glm::vec3(local.cubeHalf)}); break;
          case VolumeKind::ObbCovariance: plot.volumes[s][k] = volumeOf(carry(local.obbCovariance, p)); break;
          case VolumeKind::ObbAreaWeighted: plot.volumes[s][k] = volumeOf(carry(local.obbAreaWeighted, p)); break;
          case VolumeKind::ObbMin: plot.volumes[s][k] = volumeOf(carry(local.obbMin, p)); break;
          case VolumeKind::SphereRitter: plot.volumes[s][k] = volumeOf(carry(local.sphereRitter, p)); break;
          case VolumeKind::SphereMin: plot.volumes[s][k] = volumeOf(carry(local.sphereMin, p)); break;
        }
      }
    });
    plot.updateSeconds[s] = n > 0 ? seconds / n : 0.0;
  }
  return plot;
}

}  // namespace satlab
