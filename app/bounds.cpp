// `satlab bounds FILE... [--json] [--split]`: loads each mesh file with the mesh library
// (src/mesh: assimp in a child process), takes its meshes together in the file's frame
// (node transforms applied) or, with --split, one by one, and prints every bounding volume
// of the lab (bounding_volumes.hpp) with its volume, its ratio to the hull's, its build
// time and its per-frame update cost. The pose is the file's own frame (identity). A scene
// file (.json) gives its mesh shapes: all together in the scene's frame, or with --split one
// entry per shape at its pose.
#include "bounds.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <string>

#include "base/file_name.hpp"
#include "check/output_check.hpp"
#include "document/mesh_shape.hpp"
#include "document/scene_load.hpp"
#include "mesh/bounding_volumes.hpp"
#include "mesh/mesh_load.hpp"

namespace satlab {
namespace {

using Json = nlohmann::json;

Json vec(const glm::vec3& v) { return Json::array({v.x, v.y, v.z}); }

Json aabbJson(const Aabb& b) { return {{"min", vec(b.min())}, {"max", vec(b.max())}}; }

Json obbJson(const Obb& b) {
  return {{"center", vec(b.center)},
          {"axes", Json::array({vec(b.axes[0]), vec(b.axes[1]), vec(b.axes[2])})},
          {"half_extents", vec(b.half)},
          {"volume", volumeOf(b)}};
}

Json sphereJson(const Sphere& s) { return {{"center", vec(s.center)}, {"radius", s.radius}}; }

std::string stemOf(const std::string& path) {
  std::string name(fileNameOf(path));
  const std::size_t dot = name.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

struct Entry {
  std::string file;
  std::string name;
  TriangleMesh mesh;  // in the file's frame, or a scene mesh's own frame placed by `pose`
  MeshPose pose{};
};

bool isSceneFile(const std::string& path) { return lowerExtension(path) == ".json"; }

/// A scene's mesh shapes: one entry per shape (--split, each with its pose, so the AABB of
/// the OBB is that of the shape's own box turned with it), or all of them together in the
/// scene's frame (their world vertices). False, with the reason printed, when the scene does
/// not load or has no mesh.
bool sceneEntries(const std::string& path, bool split, std::vector<Entry>& entries, std::FILE* err) {
  const SceneLoadResult loaded = loadScene(path);
  if (!loaded.ok()) {
    std::fprintf(err, "%s\n", loaded.error->text().c_str());
    return false;
  }
  Entry all{path, stemOf(path), {}, {}};
  for (const SceneShape& shape : loaded.scene.shapes) {
    if (shape.kind() != ShapeKind::Mesh) continue;
    const MeshShape& m = std::get<MeshShape>(shape.geometry);
    if (!m.data) continue;
    if (split) {
      entries.push_back({path, shape.name, m.data->mesh, m.pose});
      continue;
    }
    const auto base = static_cast<std::uint32_t>(all.mesh.vertices.size());
    for (const glm::vec3& v : m.data->mesh.vertices) all.mesh.vertices.push_back(m.pose.toWorld(v));
    for (const std::uint32_t i : m.data->mesh.indices) all.mesh.indices.push_back(base + i);
  }
  if (!split && !all.mesh.vertices.empty()) entries.push_back(std::move(all));
  if (entries.empty()) {
    std::fprintf(err, "%s: the scene has no mesh shapes\n", printable(path, 4096).c_str());
    return false;
  }
  return true;
}

Json entryJson(const Entry& e, const BoundingVolumes& b) {
  const WorldVolumes& w = b.world;
  return {{"file", e.file},
          {"name", e.name},
          {"vertices", e.mesh.vertices.size()},
          {"triangles", e.mesh.triangleCount()},
          {"hull_volume", b.hullVolume},
          {"aabb", aabbJson(w.aabb)},
          {"aabb_of_obb", aabbJson(w.aabbOfObb)},
          {"cube", {{"center", vec(w.cube.center)}, {"half_extents", vec(w.cube.half)}}},
          {"obb_covariance", obbJson(w.obbCovariance)},
          {"obb_area_weighted", obbJson(w.obbAreaWeighted)},
          {"obb_min", obbJson(w.obbMin)},
          {"sphere_ritter", sphereJson(w.sphereRitter)},
          {"sphere_min", sphereJson(w.sphereMin)}};
}

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string vecText(const glm::vec3& v) {
  return "(" + fmt("%.6g", v.x) + ", " + fmt("%.6g", v.y) + ", " + fmt("%.6g", v.z) + ")";
}

std::string secondsText(double s) {
  if (s >= 1.0) return fmt("%.3g s", s);
  if (s >= 1e-3) return fmt("%.3g ms", s * 1e3);
  if (s >= 1e-6) return fmt("%.3g us", s * 1e6);
  return fmt("%.3g ns", s * 1e9);
}

std::string shapeText(VolumeKind kind, const WorldVolumes& w) {
  switch (kind) {
    case VolumeKind::Aabb: return "min " + vecText(w.aabb.min()) + " max " + vecText(w.aabb.max());
    case VolumeKind::AabbOfObb: return "min " + vecText(w.aabbOfObb.min()) + " max " + vecText(w.aabbOfObb.max());
    case VolumeKind::Cube: return "center " + vecText(w.cube.center) + " half side " + fmt("%.6g", w.cube.half.x);
    case VolumeKind::ObbCovariance:
    case VolumeKind::ObbAreaWeighted:
    case VolumeKind::ObbMin: {
      const Obb& o = kind == VolumeKind::ObbMin          ? w.obbMin
                     : kind == VolumeKind::ObbCovariance ? w.obbCovariance
                                                         : w.obbAreaWeighted;
      return "center " + vecText(o.center) + " half " + vecText(o.half) + " axes " + vecText(o.axes[0]) + " " +
             vecText(o.axes[1]) + " " + vecText(o.axes[2]);
    }
    case VolumeKind::SphereRitter:
      return "center " + vecText(w.sphereRitter.center) + " radius " + fmt("%.6g", w.sphereRitter.radius);
    case VolumeKind::SphereMin:
      return "center " + vecText(w.sphereMin.center) + " radius " + fmt("%.6g", w.sphereMin.radius);
  }
  return "";
}

void printTable(const Entry& e, const BoundingVolumes& b, std::FILE* out) {
  std::fprintf(out, "%s: \"%s\", %zu vertices, %zu triangles, hull volume %.6g\n", printable(e.file, 4096).c_str(),
               printable(e.name, 4096).c_str(), e.mesh.vertices.size(), e.mesh.triangleCount(), b.hullVolume);
  std::fprintf(out, "  %-18s %12s %9s %10s %10s  %-11s  %s\n", "volume", "volume", "/ hull", "build", "update",
               "per frame", "where");
  for (const VolumeReport& r : b.reports) {
    const std::string ratio = r.hullRatio ? fmt("%.4g", *r.hullRatio) : std::string("-");
    std::fprintf(out, "  %-18s %12.6g %9s %10s %10s  %-11s  %s\n", volumeLabel(r.kind), r.volume, ratio.c_str(),
                 secondsText(r.buildSeconds).c_str(), secondsText(r.updateSeconds).c_str(), volumeUpdateCost(r.kind),
                 shapeText(r.kind, b.world).c_str());
  }
}

void report(const std::vector<Entry>& entries, const BoundsOptions& options, const std::string& path, Json& meshes,
            bool& first, std::FILE* out, std::FILE* err) {
  for (const Entry& e : entries) {
    const BoundingVolumes b = boundingVolumes(e.mesh, e.pose);
    if (!b.local.obbMinExact) {
      std::fprintf(err,
                   "%s: note: \"%s\": the hull has %zu vertices, more than %zu: the minimum OBB is that of an even "
                   "sample of them, grown to hold the rest (not exact)\n",
                   printable(path, 4096).c_str(), printable(e.name, 4096).c_str(), b.local.hull.hull.vertices.size(),
                   kMinObbExactHullVertices);
    }
    if (options.json) {
      meshes.push_back(entryJson(e, b));
    } else {
      if (!first) std::fputc('\n', out);
      printTable(e, b, out);
      flushOutput(out);
    }
    first = false;
  }
}

}  // namespace

int runBounds(const std::vector<std::string>& files, const BoundsOptions& options, std::FILE* out, std::FILE* err) {
  int status = 0;
  Json meshes = Json::array();
  bool first = true;
  for (const std::string& path : files) {
    std::vector<Entry> entries;
    if (isSceneFile(path)) {
      if (!sceneEntries(path, options.split, entries, err)) {
        status = 2;
        continue;
      }
      report(entries, options, path, meshes, first, out, err);
      continue;
    }
    const MeshLoadResult loaded = loadMeshFile(path, MeshLoadOptions{});
    if (!loaded.ok()) {
      std::fprintf(err, "%s\n", loaded.error->text().c_str());
      status = 2;
      continue;
    }
    for (const std::string& note : loaded.file.notes) {
      std::fprintf(err, "%s: note: %s\n", printable(path, 4096).c_str(), note.c_str());
    }
    if (options.split) {
      for (std::size_t i = 0; i < loaded.file.meshes.size(); ++i) {
        const FileMesh& m = loaded.file.meshes[i];
        entries.push_back({path, m.name.empty() ? "mesh " + std::to_string(i) : m.name, meshInFileFrame(m)});
      }
    } else {
      const bool oneNamed = loaded.file.meshes.size() == 1 && !loaded.file.meshes[0].name.empty();
      entries.push_back({path, oneNamed ? loaded.file.meshes[0].name : stemOf(path), mergeMeshes(loaded.file)});
    }
    report(entries, options, path, meshes, first, out, err);
  }
  if (options.json) {
    const Json doc = {{"meshes", meshes}};
    const std::string text = doc.dump(2, ' ', false, Json::error_handler_t::replace);
    std::fprintf(out, "%s\n", text.c_str());
  }
  flushOutput(out);
  return status;
}

}  // namespace satlab
